import Testing
import TileRaceProtocol

@testable import TileRaceClient

/// Ratings beside the nicknames of a rated room (protocol.md 5.7): from
/// `READY` and `MEMBER`, then the last rated race's with its change until
/// the next countdown.
@Suite struct UpdateRoomRatingTests {
    private static func ratedRoom() -> Model {
        var model = Fixtures.connected(Fixtures.model())
        model.screen = .room
        model.room = WaitingRoom(
            name: "league", options: RoomOptions(size: 4, target: 16, allowsAssists: false, isRated: true), isPrivate: false,
            members: ["ana", "bo"].map { RoomMember(nickname: $0, isReady: false, isYou: $0 == "ana") })
        return model
    }

    @Test func readyAndMemberLinesGiveTheRatings() {
        var model = Self.ratedRoom()
        #expect(model.room?.rating(of: "bo") == nil)
        Fixtures.event(
            &model, .ready(room: "league", nickname: "bo", isReady: true, rating: ShownRating(rating: 1337, isProvisional: true)))
        #expect(model.room?.rating(of: "BO") == "1337?")
        // A READY without a rating keeps the one known.
        Fixtures.event(&model, .ready(room: "league", nickname: "bo", isReady: false))
        #expect(model.room?.rating(of: "bo") == "1337?")
        Fixtures.reply(
            &model, to: .who, .who(room: "league", count: 2),
            items: [
                .member(
                    MemberInfo(
                        nickname: "ana", role: .player, isReady: true, state: .waiting,
                        rating: ShownRating(rating: 1523, isProvisional: false))),
                .member(MemberInfo(nickname: "bo", role: .player, isReady: false, state: .waiting)),
            ])
        #expect(model.room?.rating(of: "ana") == "1523")
        #expect(model.room?.rating(of: "bo") == nil)
    }

    @Test func afterARatedRaceTheChangeShowsUntilTheNextCountdown() {
        var model = Self.ratedRoom()
        Fixtures.event(
            &model, .ready(room: "league", nickname: "ana", isReady: true, rating: ShownRating(rating: 1511, isProvisional: false)))
        Fixtures.event(
            &model,
            .start(
                RaceStart(
                    room: "league", race: 1, seed: "42", size: 4, target: 16, allowsAssists: false, timeLimit: 0, players: ["ana", "bo"])))
        let results = [
            RacerFinish(
                room: "league", race: 1, place: 1, nickname: "ana", reason: .target, score: 20, largestTile: 16, moves: 9,
                milliseconds: 5000, rating: 1523, ratingChange: 12),
            RacerFinish(
                room: "league", race: 1, place: 2, nickname: "bo", reason: .resigned, score: 8, largestTile: 8, moves: 5,
                milliseconds: 5000, rating: 1337, ratingChange: -8, isProvisional: true),
        ]
        // START does not say the room is rated: the room stays rated (its header says so).
        #expect(model.room?.options.isRated == true)
        for result in results { Fixtures.event(&model, .result(result)) }
        Fixtures.event(&model, .end(room: "league", race: 1, count: 2))
        #expect(model.room?.rating(of: "ana") == "1523 +12")
        #expect(model.room?.rating(of: "bo") == "1337? -8")
        #expect(
            model.room?.members.map(\.rating) == [
                ShownRating(rating: 1523, isProvisional: false), ShownRating(rating: 1337, isProvisional: true),
            ])
        Fixtures.event(&model, .countdown(room: "league", milliseconds: 3000))
        #expect(model.room?.rating(of: "ana") == "1523")
        #expect(model.room?.rating(of: "bo") == "1337?")
    }
}
