import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

/// The chart after a practice or daily game: score over moves, with the
/// moves where the tiles from 128 up first appeared.
@Suite struct PracticeChartTests {
    /// A practice game of seed 42 played to its end by a fixed preference of moves.
    static func played(size: TerminalSize = TerminalSize(width: 80, height: 24)) -> Model {
        var model = Fixtures.practice(size: size, moves: [])
        var turn = 0
        while let session = model.session, !session.game.isOver, session.end == nil {
            let preference: [Direction] = turn % 2 == 0 ? [.left, .down, .right, .up] : [.down, .left, .right, .up]
            guard let direction = preference.first(where: { session.game.board.sliding($0) != nil }) else { break }
            _ = Update.move(direction, model: &model)
            turn += 1
        }
        return model
    }

    @Test func theLineFollowsTheScoreAndMarksNewTiles() throws {
        let model = Self.played()
        let session = try #require(model.session)
        #expect(session.progress.points.first == ChartPoint(x: 0, y: 0))
        #expect(session.progress.points.last == ChartPoint(x: Double(session.game.moveCount), y: Double(session.game.score)))
        let marks = session.progress.marks.map(\.text)
        #expect(marks.first == "128")
        #expect(marks == marks.sorted { Int($0)! < Int($1)! })
        #expect(marks.last == String(session.game.board.largestValue))
    }

    /// Issue 44: milestones close together ran into one number ("128256"); the later one stays.
    @Test func marksOfALineNeverTouch() {
        var line = ChartSeries(label: "score")
        for x in 0...100 { line.append(ChartPoint(x: Double(x), y: Double(x))) }
        line.marks = [128, 256].enumerated().map { index, tile in
            ChartMark(point: ChartPoint(x: Double(50 + 9 * index), y: 50), text: String(tile), plainText: String(tile))
        }
        var frame = Frame(width: 40, height: 10)
        LineChart.draw([line], title: "moves", in: frame.bounds, theme: .classic, into: &frame)
        #expect(!frame.plainText.contains("128256") && frame.plainText.contains("256"), "\(frame.plainText)")
    }

    @Test func anUndoTakesTheLineBack() throws {
        var model = Fixtures.practice(moves: [.left, .up, .right])
        let before = try #require(model.session?.progress.points)
        _ = Update.move(.down, model: &model)
        _ = Update.undo(&model)
        #expect(model.session?.progress.points == before)
    }

    @Test func theEndOfGameShowsTheChart() {
        for (name, width, height, isMono) in [
            ("practice-chart-80x24-classic", 80, 24, false), ("practice-chart-80x24-mono", 80, 24, true),
            ("practice-chart-120x40-classic", 120, 40, false),
        ] {
            let size = TerminalSize(width: width, height: height)
            let frame = view(Self.played(size: size), size: size, theme: isMono ? .mono : .classic)
            assertSnapshot(frame.plainText, named: name)
        }
    }
}
