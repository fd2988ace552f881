/// Replays a record, as the server verifies a race and `tilerace replay` checks a game.
/// Entries that cannot apply at their point are skipped and counted, never errors.
public enum Replay {
    /// Plays `log` from the start of the game `(seed, config)`.
    public static func run(seed: Seed, config: GameConfig = .standard, log: GameLog) -> ReplayResult {
        var game = Game(config: config, seed: seed)
        var invalidCount = 0
        var removals = 0
        var undos = 0
        for entry in log.entries {
            switch entry {
            case .move: break
            case .undo: undos &+= 1
            case .remove: removals &+= 1
            }
        }
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
