import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

/// The ghost race on screen: the ghost beside the board as a live racer
/// (figures, mini-board), and the end-of-game dialog's standings.
@Suite struct GhostSnapshotTests {
    private let race = UpdateGhostTests()

    private func snapshot(_ model: Model, _ name: String, theme: Theme = .classic, size: TerminalSize? = nil) {
        var model = model
        if let size { model.size = size }
        assertSnapshot(view(model, size: model.size, theme: theme).plainText, named: name)
    }

    @Test func theGhostIsDrawnAsARacer() throws {
        var model = race.racing(stepMilliseconds: 700)
        snapshot(model, "ghost-race-before-the-first-move-80x24-classic")
        let moves = UpdateGhostTests.winningMoves
        for (index, direction) in moves.prefix(6).enumerated() {
            _ = update(&model, .tick(Fixtures.now + index * 1_000))
            _ = update(&model, .key(race.key(for: direction)))
        }
        _ = update(&model, .tick(Fixtures.now + 5_400))
        let text = view(model, size: model.size, theme: .classic).plainText
        #expect(text.contains("bo (ghost)"))
        #expect(text.contains("ghost race vs bo"))
        snapshot(model, "ghost-race-under-way-80x24-classic")
        snapshot(model, "ghost-race-under-way-120x40-classic", size: TerminalSize(width: 120, height: 40))
        snapshot(model, "ghost-race-under-way-60x18-mono", theme: .mono, size: TerminalSize(width: 60, height: 18))
    }

    @Test func theEndDialogSaysWhoWonByHowMuchAndThatItIsNotEligible() throws {
        var lost = race.racing(stepMilliseconds: 100)
        _ = update(&lost, .key(.left))
        _ = update(&lost, .tick(lost.now + 100 * UpdateGhostTests.winningMoves.count))
        let text = view(lost, size: lost.size, theme: .classic).plainText
        #expect(text.contains("The ghost reached \(UpdateGhostTests.target) first"))
        #expect(text.contains("not eligible for any board"))
        snapshot(lost, "ghost-race-lost-80x24-classic")

        var won = race.racing(stepMilliseconds: 10_000)
        for (index, direction) in UpdateGhostTests.winningMoves.enumerated() {
            _ = update(&won, .tick(Fixtures.now + index * 100))
            _ = update(&won, .key(race.key(for: direction)))
        }
        #expect(view(won, size: won.size, theme: .classic).plainText.contains("you beat bo's ghost by"))
        snapshot(won, "ghost-race-won-80x24-classic")
        snapshot(won, "ghost-race-won-60x18-mono", theme: .mono, size: TerminalSize(width: 60, height: 18))
    }
}
