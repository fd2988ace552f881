import Testing
import TileRaceProtocol

@testable import TileRaceClient

/// The player's own rating in the lobby's header (`TOP board=rating
/// nick=`), asked each time the lobby opens where the server has ratings.
@Suite struct UpdateLobbyRatingTests {
    private static let ownRating = ClientMessage.top(LeaderboardQuery(board: .rating, limit: 1, nickname: "ana"))

    private static func connected(features: Set<ServerFeature> = [.resync, .ratings, .queue]) -> Model {
        var model = Fixtures.connected(Fixtures.model())
        model.network.serverFeatures = features
        return model
    }

    @Test func openingTheLobbyAsksForTheOwnRatingWhereTheServerHasRatings() {
        var model = Self.connected()
        #expect(Update.select(.race, model: &model) == [.send(.rooms), .send(Self.ownRating)])
        #expect(model.lobby != nil)
        var older = Self.connected(features: [.resync])
        #expect(Update.select(.race, model: &older) == [.send(.rooms)])
        #expect(LobbyView.titles(older) == ["TILE RACE · rooms", "rooms"])
    }

    @Test func theHeaderShowsTheRatingOrUnrated() {
        var model = Self.connected()
        _ = Update.select(.race, model: &model)
        #expect(LobbyView.titles(model) == ["TILE RACE · rooms", "rooms"])
        Fixtures.reply(
            &model, to: Self.ownRating, .top(TopSummary(board: .rating, date: nil, total: 7, offset: 0, count: 1)),
            items: [.rating(RatingEntry(rank: 3, nickname: "ana", rating: 1523, deviation: 180, races: 2, isProvisional: true))])
        #expect(model.lobby?.ownRating == .rated(ShownRating(rating: 1523, isProvisional: true)))
        #expect(LobbyView.titles(model).first == "TILE RACE · rooms · ana · rating 1523?")
        #expect(view(model, size: TerminalSize(width: 80, height: 24), theme: .classic).plainText.contains("ana · rating 1523?"))
        Fixtures.reply(&model, to: Self.ownRating, .top(TopSummary(board: .rating, date: nil, total: 7, offset: 0, count: 0)))
        #expect(model.lobby?.ownRating == .unrated)
        #expect(LobbyView.titles(model).first == "TILE RACE · rooms · ana · unrated")
        // The leaderboard screen is not touched by the lobby's question.
        #expect(model.leaderboard?.ratings.isEmpty ?? true)
    }

    @Test func leavingARatedRaceForTheLobbyAsksAgain() {
        var model = Self.connected()
        model.screen = .room
        model.leavesRoomToMenu = false
        model.room = WaitingRoom(
            name: "league", options: RoomOptions(size: 4, target: 16, allowsAssists: false, isRated: true), isPrivate: false,
            members: [RoomMember(nickname: "ana", isReady: false, isYou: true)])
        let effects = update(&model, .key(.character("q")))
        #expect(effects.contains(.send(.leave)) && effects.contains(.send(Self.ownRating)))
        #expect(model.lobby != nil)
    }

    @Test func theLobbyWithARatingFitsEightyColumns() {
        var model = Self.connected()
        model.screen = .lobby(LobbyState())
        model.lobby?.hasLoaded = true
        model.lobby?.rooms = [Fixtures.room("friday", players: 3, watchers: 1)]
        model.lobby?.ownRating = .rated(ShownRating(rating: 1523, isProvisional: true))
        assertSnapshot(view(model, size: model.size, theme: .classic).plainText, named: "lobby-own-rating-80x24-classic")
    }
}
