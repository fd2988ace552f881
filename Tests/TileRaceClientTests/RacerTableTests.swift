import Testing

@testable import TileRaceClient

/// The racers' table: headings that say what each column is, and columns
/// that give way whole (never a cut word) in narrow panels.
@Suite struct RacerTableTests {
    private let bo = RacePlayer(nickname: "bo", score: 3724, largestTile: 256, moves: 240, status: .playing)
    private let you = RacePlayer(nickname: "ana", score: 3412, largestTile: 256, moves: 221, status: .playing, isYou: true)

    private func rows(_ players: [RacePlayer]) -> [RacerTable.Row] { players.map { RacerTable.Row($0) } }

    @Test func ourRowIsMarkedAtEveryWidth() {
        for width in [30, 40, 44, 60] {
            let table = RacerTable.layout(rows([bo, you]), width: width)
            #expect(table.rows[1].hasPrefix("▶ 2 ana"), "\(width): \(table.rows[1])")
            #expect(table.rows[0].hasPrefix("  1 bo"), "\(width): \(table.rows[0])")
            #expect(table.rows.allSatisfy { $0.count <= width && !$0.contains("…") })
            #expect(table.rows[1].contains("3 412"))
        }
    }

    /// In a rated race: a `rating` column last, the first to give way.
    @Test func aRatedRaceShowsTheRatingsWhileThereIsRoom() {
        let rated = [RacerTable.Row(bo, rating: "1523"), RacerTable.Row(you, rating: "1337?")]
        let wide = RacerTable.layout(rated, width: 60)
        #expect(wide.heading == "    racer  score  best  behind             rating")
        #expect(wide.rows == ["  1 bo     3 724   256       —  240 moves    1523", "▶ 2 ana    3 412   256     312  221 moves   1337?"])
        let narrow = RacerTable.layout(rated, width: 44)
        #expect(!narrow.heading.contains("rating") && narrow.rows.allSatisfy { !$0.contains("1523") && $0.count <= 44 })
        #expect(RacerTable.layout(rows([bo, you]), width: 60).heading == "    racer  score  best  behind")
    }

    @Test func theHeadingSaysWhatEachColumnIs() {
        let table = RacerTable.layout(rows([bo, you]), width: 60)
        #expect(table.heading == "    racer  score  best  behind")
        #expect(table.rows == ["  1 bo     3 724   256       —  240 moves", "▶ 2 ana    3 412   256     312  221 moves"])
        #expect(TextTable.rule(table.heading, width: 40) == "─── racer  score  best  behind ─────────")
        let narrow = RacerTable.layout(rows([bo, you]), width: 30)
        #expect(narrow.heading == "    racer  score  best  moves")
        #expect(narrow.rows == ["  1 bo     3 724   256    240", "▶ 2 ana    3 412   256    221"])
    }

    /// Ranked by time, by score, then those who gave up: `behind` counts only among those ranked by score,
    /// so a finisher with more points than the one above, or a racer who left with more, is never "-12".
    @Test func behindIsNeverNegative() {
        var first = RacePlayer(nickname: "ana", score: 816, largestTile: 128, moves: 120, status: .finished(.target))
        first.finishedAfter = 15_000
        var second = RacePlayer(nickname: "bo-bot3", score: 828, largestTile: 128, moves: 130, status: .finished(.target), isBot: true)
        second.finishedAfter = 19_000
        let racing = RacePlayer(nickname: "chen", score: 300, largestTile: 32, moves: 60, status: .playing)
        let stuck = RacePlayer(nickname: "eve", score: 120, largestTile: 16, moves: 40, status: .finished(.over))
        let left = RacePlayer(nickname: "dan", score: 932, largestTile: 128, moves: 90, status: .finished(.left))
        let table = RacerTable.layout(rows([first, second, racing, stuck, left]), width: 60)
        #expect(
            table.rows == [
                " 1 ana            816   128       —  done 00:15.0",
                " 2 bo-bot3 bot    828   128       —  done 00:19.0",
                " 3 chen           300    32       —  60 moves",
                " 4 eve            120    16     180  no moves",
                " 5 dan            932   128       —  left",
            ])
    }

    @Test func aFinishIsShownWholeEvenInTheNarrowestPanel() {
        var winner = RacePlayer(nickname: "bo", score: 20116, largestTile: 2048, moves: 938, status: .finished(.target))
        winner.finishedAfter = 8_300
        var stuck = RacePlayer(nickname: "chen", score: 1804, largestTile: 128, moves: 150, status: .finished(.over))
        stuck.finishedAfter = 80_000
        let players = rows([winner, stuck, you])
        let wide = RacerTable.layout(players, width: 60)
        #expect(wide.rows[0].hasSuffix("done 00:08.3") && wide.rows[1].hasSuffix("no moves 01:20.0"))
        // 47 columns: the race panel at 80x24, where `lead ✓ 00:08…` was cut.
        for width in [47, 40, 34, 28] {
            let table = RacerTable.layout(players, width: width)
            #expect(table.rows[0].hasSuffix("✓ 00:08.3"), "\(width): \(table.rows[0])")
            #expect(table.rows[1].hasSuffix("no moves"), "\(width): \(table.rows[1])")
            #expect(table.rows.allSatisfy { $0.count <= width && !$0.contains("…") })
        }
    }

    @Test func columnsGiveWayInOrderBeforeANameIsCut() {
        let bot = RacerTable.Row(RacePlayer(nickname: "ana-bot1", score: 120, largestTile: 16, moves: 30, status: .playing), isBot: true)
        let players = rows([bo, you]) + [bot]
        let shown = [60, 45, 38, 32].map { RacerTable.layout(players, width: $0).wordings }
        // place, name, score, best, behind, moves: 0 the long wording, 1 the short one, nil left out.
        #expect(shown[0] == [0, 0, 0, 0, 0, 0])
        #expect(shown[1] == [0, 0, 0, 0, 0, 1])
        #expect(shown[2] == [0, 0, 0, 0, nil, 1])
        #expect(shown[3] == [0, 0, 0, nil, nil, 1])
        for width in [60, 45, 38, 32] {
            #expect(RacerTable.layout(players, width: width).rows[2].hasPrefix("  3 ana-bot1 bot"), "\(width)")
        }
        // Only when nothing else can give way is the name cut.
        #expect(RacerTable.layout(players, width: 26).rows[2] == "  3 ana… bot    120     30")
    }

    @Test func aMarkTakesThePlaceOfTheMoves() {
        let table = RacerTable.layout([RacerTable.Row(bo, mark: "away 27s"), RacerTable.Row(you)], width: 60)
        #expect(table.rows[0] == "  1 bo     3 724   256       —  away 27s · 240 moves")
        for width in [30, 40, 44] {
            let line = RacerTable.layout([RacerTable.Row(bo, mark: "away 27s"), RacerTable.Row(you)], width: width).rows[0]
            #expect(line.hasSuffix(" away 27s") && line.count <= width, "\(width): \(line)")
        }
        #expect(RacerTable.layout([RacerTable.Row(bo), RacerTable.Row(you, mark: "offline")], width: 44).rows[1].hasSuffix(" offline"))
    }

    @Test func botsAreTaggedFromWhatTheRowSays() {
        let rob = RacePlayer(nickname: "rob", score: 120, largestTile: 16, moves: 30, status: .playing, isBot: true)
        #expect(RacerTable.layout([RacerTable.Row(rob)], width: 56).rows[0].hasPrefix(" 1 rob bot"))
        #expect(RacerTable.layout([RacerTable.Row(rob, isBot: false)], width: 56).rows[0].hasPrefix(" 1 rob "))
        var plain = rob
        plain.isBot = false
        #expect(RacerTable.layout([RacerTable.Row(plain, isBot: true)], width: 56).rows[0].hasPrefix(" 1 rob bot"))
    }
}
