import Testing
import TileRaceEngine
import TileRaceProtocol
import TileRaceServer

@testable import TileRaceSimulation

/// The fair-play invariants (`FairPlayAudit`, `--cheats`): they hold for held,
/// approved and rejected games as the store keeps them, and catch a held or
/// unapproved game that a board lists, and an approval left off its board.
@Suite struct FairPlayInvariantTests {
    private static let today = "2026-12-07"

    private static func game(score: Int, seed: String) -> GameResult {
        GameResult(score: score, largestTile: 512, moves: 400, milliseconds: 10, size: 4, target: 2048, assists: 0, seed: seed)
    }

    /// ana listed with a person's game; cheat's two games held (ids 3 and 4).
    private static func leaderboard() throws -> Leaderboard {
        var leaderboard = Leaderboard()
        var tokens = (1...3).map { "token\($0)" }.makeIterator()
        for (nickname, score, seed, rule) in [("ana", 3000, "1", nil), ("cheat", 6000, "2", "rate"), ("cheat", 5000, "3", "steady")] {
            _ = try leaderboard.submit(
                game(score: score, seed: seed), date: today, dailyDate: nil, nickname: nickname,
                token: nickname == "cheat" ? "token2" : nil,
                heldRule: rule, newToken: { tokens.next() ?? "" })
        }
        return leaderboard
    }

    private static func violation(_ leaderboard: Leaderboard, approved: [HeldEntry] = []) -> String? {
        FairPlayAudit.boardViolation(leaderboard, cheaters: ["cheat"], approved: approved, today: today)?.invariant
    }

    @Test func heldApprovedAndRejectedGamesKeepTheInvariants() throws {
        var leaderboard = try Self.leaderboard()
        #expect(leaderboard.held.count == 2)
        #expect(Self.violation(leaderboard) == nil)
        let approved = try #require(leaderboard.held.values.first { $0.result.score == 6000 })
        let rejected = try #require(leaderboard.held.values.first { $0.result.score == 5000 })
        #expect(leaderboard.review(approved.sequence, isApproved: true, reason: "") != nil)
        #expect(leaderboard.review(rejected.sequence, isApproved: false, reason: "cheat") != nil)
        #expect(Self.violation(leaderboard, approved: [approved]) == nil)
        #expect(FairPlayAudit.approvalViolation(approved, leaderboard, today: Self.today) == nil)
    }

    @Test func aHeldGameOnABoardIsCaught() throws {
        var leaderboard = try Self.leaderboard()
        let held = try #require(leaderboard.held.values.first)
        _ = leaderboard.apply(.entry(.allTime, BoardEntry(sequence: 10, nickname: held.nickname, result: held.result, date: Self.today)))
        #expect(Self.violation(leaderboard, approved: [held]) == "a held game is on no board")
    }

    @Test func aCheatersGameNobodyApprovedIsCaught() throws {
        var leaderboard = try Self.leaderboard()
        let rejected = try #require(leaderboard.held.values.first)
        #expect(leaderboard.review(rejected.sequence, isApproved: false, reason: "") != nil)
        _ = leaderboard.apply(.entry(.allTime, BoardEntry(sequence: 10, nickname: "cheat", result: rejected.result, date: Self.today)))
        #expect(Self.violation(leaderboard) == "a cheater is on a board only by an approved game")
    }

    @Test func anApprovalOffItsBoardIsCaught() throws {
        let leaderboard = try Self.leaderboard()
        let held = try #require(leaderboard.held.values.first)
        #expect(FairPlayAudit.approvalViolation(held, leaderboard, today: Self.today) != nil)
        // Marked assisted, the nickname is on no board: nothing to list.
        var assisted = leaderboard
        _ = assisted.assist("cheat", reason: "")
        #expect(FairPlayAudit.approvalViolation(held, assisted, today: Self.today) == nil)
    }

    /// The cheaters (`--cheats`): a script sending a computed game at once and
    /// a bot-paced player without its tag have games held (their `OK SUBMIT`
    /// says `held=`, checked), the operator approves some and rejects others,
    /// and every invariant holds, people's games never held among them.
    @Test func cheatersAreHeldAndTheOperatorReviews() {
        let reports = (1...6).map { Simulation.run(seed: UInt64(500 + $0), settings: SimulationSettings(cheats: true)) }
        #expect(reports.compactMap(\.violation).map(\.description) == [])
        #expect(reports.map(\.gamesHeld).reduce(0, +) > 0)
        #expect(reports.map(\.heldApproved).reduce(0, +) > 0)
        #expect(reports.map(\.heldRejected).reduce(0, +) > 0)
    }

    /// A person's moves as the server receives them: 280 in one line break
    /// `rate` and are caught; 200 do not.
    @Test(arguments: [(200, nil), (280, "a person's game is never held")])
    func aPersonAtAProgramsPaceIsCaught(moves: Int, invariant: String?) {
        let simulation = Simulation(seed: 1, settings: SimulationSettings(), trace: SimulationTrace(isOn: false, isFull: false))
        simulation.notePersonMoves(Array("MOVE 1 \(String(repeating: "LRUD", count: moves / 4))\nPING\n".utf8), on: 1)
        simulation.checkPeoplesPace()
        #expect(simulation.violation?.invariant == invariant)
    }

    /// The script's computed game: the seed's own, long, and valid move by move.
    @Test func aComputedPathIsTheSeedsGame() {
        let path = SimulatedCheater.path(seed: Seed(7))
        #expect(path.count > 100)
        var game = Game(seed: Seed(7))
        for direction in path { #expect(game.moveIfValid(direction) != nil) }
        #expect(game.isOver)
    }
}
