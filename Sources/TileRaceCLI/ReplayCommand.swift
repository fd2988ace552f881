import Foundation
import TileRaceEngine

/// `tilerace replay`: replays a game record and prints the final board and
/// figures, for a person or as one JSON line.
struct ReplayCommand: Command {
    let name = "replay"
    let summary = "replay a game record (seed, size, target, log) and print the result"
    let usage = ["tilerace replay --seed S [--size N] [--target T] (--moves LOG | --moves-file FILE|-) [--json]"]
    let options: [Arguments.Option] = [
        .value("--seed", "S", "the game's seed: decimal digits (up to 2^64-1) or any other text"),
        .value("--size", "N", "board size, 3 to 8 (default 4)"),
        .value("--target", "T", "winning tile, a power of two from 8 to 1048576 (default 2048)"),
        .value("--moves", "LOG", "the record, e.g. LLURZDX03L"),
        .value("--moves-file", "FILE", "read the record from FILE (- for standard input); white space ignored"),
        .flag("--json", "print one JSON line instead of the board"),
    ]
    let details = """
        The record: L R U D are moves, Z is undo, X<row><column> removes a tile
        (one digit each, counted from 0 at the top left). Entries that cannot
        apply where they stand (a move that changes nothing, an undo with nothing
        to undo, removing an empty or off-board cell, anything once no move is
        possible) are skipped and counted as invalid.

        --json prints exactly one line:
          {"board":[[0,2,...],...],"score":S,"moves":M,"invalid":I,"undos":U,"removals":R,"won":B,"over":B,"max":T}
        board rows from the top with tile values (0 = empty); moves counts valid
        moves net of undos; max is the largest tile.

        Exit status: 0 when replayed, 2 for a malformed record, seed, size or
        target, a missing or doubled --moves/--moves-file, or an unreadable file.

        Example: tilerace replay --seed friday --moves LLURZDX03L --json
        """

    func run(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        try arguments.requireNoPositionals()
        guard let seedText = arguments.value("--seed") else { throw CommandLineError("--seed is required") }
        let size = try arguments.integer("--size", in: GameConfig.sizeRange, default: 4)
        let target = try ReplayCommand.target(arguments.value("--target"))
        let (logText, isFromFile) = try readLog(arguments, console: console)
        let result: ReplayResult
        do throws(EngineError) {
            result = try Replay.run(seedText: seedText, size: size, target: target, log: logText, ignoringWhitespace: isFromFile)
        } catch {
            throw CommandLineError(error.message)
        }
        if arguments.has("--json") {
            console.print(result.jsonLine)
        } else {
            console.print(ReplayCommand.report(result))
        }
        return CLI.success
    }

    /// The target from its text, default 2048; the engine checks the rest.
    private static func target(_ text: String?) throws(CommandLineError) -> Int {
        guard let text else { return 2048 }
        guard let number = Int(text) else {
            let range = GameConfig.targetRange
            throw CommandLineError(
                "invalid value \(Arguments.quoted(text)) for --target: expected a power of two from \(range.lowerBound) to \(range.upperBound)"
            )
        }
        return number
    }

    /// The record's text and whether it came from a file (white space allowed).
    private func readLog(_ arguments: Arguments, console: Console) throws(CommandLineError) -> (String, Bool) {
        switch (arguments.value("--moves"), arguments.value("--moves-file")) {
        case (let moves?, nil):
            return (moves, false)
        case (nil, let path?):
            let bytes: [UInt8]
            if path == "-" {
                guard let data = console.readAllInput() else { throw CommandLineError("cannot read the record from standard input") }
                bytes = Array(data)
            } else {
                bytes = try FileReader.contents(ofFile: path)
            }
            return (String(decoding: bytes, as: UTF8.self), true)
        case (.some, .some):
            throw CommandLineError("give the record once: --moves or --moves-file, not both")
        case (nil, nil):
            throw CommandLineError("the record is missing: give --moves LOG or --moves-file FILE (- for standard input)")
        }
    }

    /// The final board and figures for a person.
    static func report(_ result: ReplayResult) -> String {
        let game = result.game
        let board = game.board
        let width = max(4, String(board.largestValue).count) + 1
        var lines = ["seed \(game.seed.text), \(game.config.size)x\(game.config.size), target \(game.config.target)"]
        for row in board.rows {
            lines.append(
                row.map { value in
                    let text = value == 0 ? "." : String(value)
                    return String(repeating: " ", count: width - text.count) + text
                }.joined())
        }
        lines.append("score \(game.score)   moves \(game.moveCount)   max tile \(board.largestValue)")
        lines.append("undos \(game.undoCount)   removals \(game.removalCount)   invalid entries \(result.invalidCount)")
        let outcome = game.isOver ? "over: no move is possible" : "not over: moves remain"
        lines.append((game.hasWon ? "won (target \(game.config.target) reached)" : "not won") + "; " + outcome)
        return lines.joined(separator: "\n")
    }
}
