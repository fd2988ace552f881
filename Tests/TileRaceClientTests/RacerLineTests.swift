import Testing

@testable import TileRaceClient

@Suite struct RacerLineTests {
    private let you = RacePlayer(nickname: "ana", score: 3412, largestTile: 256, moves: 221, status: .playing, isYou: true)

    @Test func ourRowIsMarkedWhateverTheMoveCount() {
        for width in [30, 40, 44, 60] {
            let line = RacerLine.text(you, place: 2, leaderScore: 3724, width: width)
            #expect(line.hasPrefix("▶ 2 ana"), "\(width): \(line)")
            #expect(line.count <= width)
            #expect(line.contains("3 412"))
        }
    }

    @Test func theGapToTheLeaderIsShownWhenThereIsRoom() {
        #expect(RacerLine.text(you, place: 2, leaderScore: 3724, width: 60) == "▶ 2 ana            3 412   256    +312 221 moves")
        #expect(RacerLine.text(you, place: 1, leaderScore: 3412, width: 60).contains("lead"))
    }

    @Test func aFinishedRacerKeepsScoreBestGapAndFinishTime() {
        var bo = RacePlayer(nickname: "bo", score: 20116, largestTile: 2048, moves: 938, status: .finished(.target))
        bo.finishedAfter = 432_400
        let line = RacerLine.text(bo, place: 1, leaderScore: 20116, width: 60)
        #expect(line.contains("20 116") && line.contains("2048") && line.contains("lead") && line.contains("done 07:12.4"))
        var chen = RacePlayer(nickname: "chen", score: 1804, largestTile: 128, moves: 150, status: .finished(.over))
        chen.finishedAfter = 80_000
        #expect(RacerLine.text(chen, place: 3, leaderScore: 20116, width: 60).contains("+18 312 no moves 01:20.0"))
    }

    @Test func aMarkTakesThePlaceOfTheMovesWhichFollowItWhenThereIsRoom() {
        let bo = RacePlayer(nickname: "bo", score: 4020, largestTile: 512, moves: 240, status: .playing)
        #expect(
            RacerLine.text(bo, place: 1, leaderScore: 4020, width: 60, mark: "away 27s")
                == "  1 bo             4 020   512    lead away 27s · 240m")
        for width in [30, 40, 44] {
            let line = RacerLine.text(bo, place: 1, leaderScore: 4020, width: width, mark: "away 27s")
            #expect(line.hasSuffix(" away 27s") && line.count <= width, "\(width): \(line)")
        }
        #expect(RacerLine.text(you, place: 2, leaderScore: 3724, width: 44, mark: "offline").hasSuffix(" offline"))
    }
}
