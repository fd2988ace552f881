/// Replays a record, as the server verifies a race and `tilerace replay` checks a game.
/// Entries that cannot apply at their point are skipped and counted, never errors.
public enum Replay {
    /// Plays `log` from the start of the game `(seed, config)`.
    public static func run(seed: Seed, config: GameConfig = .standard, log: GameLog) -> ReplayResult {
        var game = Game(config: config, seed: seed)
        var invalidCount = 0
        let undos = log.entries.count { $0 == .undo }
        let removals = log.entries.count { if case .remove = $0 { true } else { false } }
        game.reserveHistory(moves: log.entries.count &- removals &- undos, removals: removals, undos: undos)
        for entry in log.entries {
            do throws(EngineError) {
                try game.apply(entry)
            } catch {
                invalidCount &+= 1
            }
        }
        return ReplayResult(game: game, invalidCount: invalidCount)
    }

    /// - Throws: `.emptySeed`, `.invalidSize`, `.invalidTarget` or `.malformedLog`.
    public static func run(
        seedText: String, size: Int = 4, target: Int = 2048, log: String, ignoringWhitespace: Bool = false
    ) throws(EngineError) -> ReplayResult {
        let seed = try Seed(parsing: seedText)
        let config = try GameConfig(size: size, target: target)
        let log = try GameLog(parsing: log, ignoringWhitespace: ignoringWhitespace)
        return run(seed: seed, config: config, log: log)
    }
}
