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
        #expect(
            model.lobby?.ownRating
                == .rated(RatingEntry(rank: 3, nickname: "ana", rating: 1523, deviation: 180, races: 2, isProvisional: true)))
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
        model.lobby?.ownRating = .rated(RatingEntry(rank: 3, nickname: "ana", rating: 1523, deviation: 180, races: 2, isProvisional: true))
        assertSnapshot(view(model, size: model.size, theme: .classic).plainText, named: "lobby-own-rating-80x24-classic")
    }

    /// A rating not listed says why, where the rating shows (protocol.md 5.7).
    @Test func theHeaderSaysWhyTheRatingIsNotListed() {
        var model = Self.connected()
        _ = Update.select(.race, model: &model)
        let unlisted = RatingEntry(
            rank: 0, nickname: "ana", rating: 1662, deviation: 180, races: 7, isProvisional: true, unlisted: .placement)
        Fixtures.reply(
            &model, to: Self.ownRating, .top(TopSummary(board: .rating, date: nil, total: 7, offset: 0, count: 1, unlisted: 3)),
            items: [.rating(unlisted)])
        #expect(LobbyView.titles(model).first == "TILE RACE · rooms · ana · rating 1662? · not listed yet: 3 more rated races")
        #expect(
            view(model, size: TerminalSize(width: 80, height: 24), theme: .classic).plainText.contains(
                "ana · rating 1662? · 3 more races to be listed"))
        #expect(
            view(model, size: TerminalSize(width: 120, height: 24), theme: .classic).plainText.contains(
                "1662? · not listed yet: 3 more rated races"))
        var inactive = unlisted
        inactive.races = 40
        inactive.unlisted = .inactive
        #expect(RatingText.unlisted(inactive) == "not listed: no rated race in 30 days")
        inactive.unlisted = .uncertain
        #expect(RatingText.unlisted(inactive) == "not listed yet: deviation 180 (listed under 90)")
        inactive.unlisted = nil
        #expect(RatingText.unlisted(inactive) == nil)
    }

    /// The rating tab asks the player's own line with the board, and shows why it is not listed under the board.
    @Test func theRatingTabShowsTheOwnStandingWhenNotListed() {
        var model = Self.connected()
        model.screen = .leaderboard(LeaderboardState())
        model.leaderboard?.board = .rating
        let effects = Update.leaderboardRefresh(&model)
        let board = ClientMessage.top(LeaderboardQuery(board: .rating, sort: .rank, order: .asc, offset: 0, limit: 50))
        #expect(effects == [.send(board), .send(Self.ownRating)])
        Fixtures.reply(
            &model, to: board, .top(TopSummary(board: .rating, date: nil, total: 2, offset: 0, count: 2, unlisted: 3)),
            items: [
                .rating(RatingEntry(rank: 1, nickname: "bo", rating: 1734, deviation: 61, races: 40, isProvisional: false)),
                .rating(RatingEntry(rank: 2, nickname: "chen", rating: 1523, deviation: 84, races: 14, isProvisional: false)),
            ])
        #expect(model.leaderboard?.unlisted == 3)
        for size in [TerminalSize(width: 80, height: 24), TerminalSize(width: 60, height: 18)] {
            model.size = size
            assertSnapshot(
                view(model, size: size, theme: .classic).plainText,
                named: "leaderboard-rating-others-unlisted-\(size.width)x\(size.height)-classic")
        }
        Fixtures.reply(
            &model, to: Self.ownRating, .top(TopSummary(board: .rating, date: nil, total: 2, offset: 0, count: 1, unlisted: 3)),
            items: [
                .rating(
                    RatingEntry(rank: 0, nickname: "ana", rating: 1662, deviation: 180, races: 7, isProvisional: true, unlisted: .placement)
                )
            ])
        #expect(model.leaderboard?.own?.unlisted == .placement)
        for size in [TerminalSize(width: 80, height: 24), TerminalSize(width: 60, height: 18)] {
            model.size = size
            let text = view(model, size: size, theme: .classic).plainText
            #expect(text.contains("you: 1662? · not listed yet: 3 more rated races"), "\(size)")
            assertSnapshot(text, named: "leaderboard-rating-own-unlisted-\(size.width)x\(size.height)-classic")
        }
        // Nobody listed yet: the board says so, and still says why yours is not.
        Fixtures.reply(&model, to: board, .top(TopSummary(board: .rating, date: nil, total: 0, offset: 0, count: 0, unlisted: 5)))
        let empty = view(model, size: TerminalSize(width: 80, height: 24), theme: .classic).plainText
        #expect(empty.contains("no rating is listed yet: 10 rated races make one") && empty.contains("you: 1662?"))
    }
}
