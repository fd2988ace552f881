import Foundation
import TileRaceClient
import TileRaceEngine
import TileRaceProtocol
import TileRaceTransport

/// `tilerace replay`: the final board and figures, for people or as one JSON line.
struct ReplayCommand: Command {
    let name = "replay"
    let summary = "replay a game record (given, or a leaderboard entry's from a server) and print or watch it"
    let usage = [
        "tilerace replay --seed S [--size N] [--target T] (--moves LOG | --moves-file FILE|-) [--json | --watch] [--cast FILE]",
        "tilerace replay --host H [--port P] --nick N [--board BOARD | --daily] [--date YYYY-MM-DD] [--json | --watch] [--cast FILE]",
    ]
    let options: [Arguments.Option] = [
        .value("--seed", "S", "the game's seed: decimal digits (up to 2^64-1) or any other text"),
        .value("--size", "N", "board size, 3 to 8 (default 4)"),
        .value("--target", "T", "winning tile, a power of two from 8 to 1048576 (default 2048)"),
        .value("--moves", "LOG", "the record, e.g. LLURZDX03L"),
        .value("--moves-file", "FILE", "read the record from FILE (- for standard input); white space ignored"),
        .value("--host", "H", "fetch the record of a leaderboard entry from the server at H instead"),
        .value("--port", "P", "with --host: its port (default 2048)"),
        .value("--nick", "N", "with --host: whose entry"),
        .flag("--daily", "with --host: the entry on the daily board instead of the all-time one"),
        .value("--date", "YYYY-MM-DD", "with a daily or sprint-daily board: that day's board (default today, UTC)"),
        .flag("--json", "print one JSON line instead of the board"),
        .flag("--watch", "play the game back on the board in the terminal (Space pause, + - speed, arrows step, q or Esc quits)"),
        .value("--board", "BOARD", "with --host: the entry on this board: all (default), daily, sprint or sprint-daily"),
        .value("--cast", "FILE", "also write the game played back as an asciicast v2 file (asciinema play FILE)"),
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

        With --host the record is the one a leaderboard entry keeps (the
        server's RECORD request); the replay is checked against the entry's
        figures, and a difference is an error (exit 1).

        --cast FILE writes the game as the watch screen draws it, 80x24 at its
        recorded pace, in asciinema's asciicast v2 format: asciinema play FILE
        plays it in a terminal, and agg FILE game.gif makes a GIF of it.

        --watch plays a timed record (one the server kept with the time of each
        entry, protocol.md 9.8) at its real pace with its running time shown (+
        plays it 2, 4, ... 60 times as fast); an untimed one at 4 entries a
        second (+ and - change it).

        Exit status: 0 when replayed, 1 when the server cannot be reached, has
        no record, or the record does not give the entry's figures, 2 for a
        malformed record, seed, size or target, a missing or doubled
        --moves/--moves-file, or an unreadable file.

        Examples: tilerace replay --seed friday --moves LLURZDX03L --json
                  tilerace replay --host 127.0.0.1 --nick ana --watch
        """

    func run(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        try arguments.requireNoPositionals()
        if arguments.has("--json"), arguments.has("--watch") { throw CommandLineError("give --json or --watch, not both") }
        if arguments.has("--cast"), arguments.has("--watch") { throw CommandLineError("give --cast or --watch, not both") }
        if arguments.value("--host") != nil { return try runRemote(arguments, console: console) }
        for option in ["--port", "--nick", "--date", "--board", "--daily"] where arguments.has(option) {
            throw CommandLineError("\(option) needs --host")
        }
        guard let seedText = arguments.value("--seed") else { throw CommandLineError("--seed is required") }
        let size = try arguments.integer("--size", in: GameConfig.sizeRange, default: 4)
        let target = try ReplayCommand.target(arguments.value("--target"))
        let (logText, isFromFile) = try readLog(arguments, console: console)
        let record: RecordToWatch
        do throws(EngineError) {
            record = try RecordToWatch(
                seedText: seedText, size: size, target: target, log: logText, ignoringWhitespace: isFromFile, title: "seed \(seedText)")
        } catch {
            throw CommandLineError(error.message)
        }
        if arguments.has("--watch") { return try startWatch(record, console: console) }
        try ReplayCommand.writeCast(of: record, arguments)
        let result = Replay.run(seed: record.seed, config: record.config, log: record.log)
        console.print(arguments.has("--json") ? result.jsonLine : ReplayCommand.report(result))
        return CLI.success
    }

    /// `--host`: fetches a leaderboard entry's record, replays it and checks it.
    private func runRemote(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        for option in ["--seed", "--size", "--target", "--moves", "--moves-file"] where arguments.value(option) != nil {
            throw CommandLineError("\(option) cannot be used with --host (the record comes from the server)")
        }
        let (host, port) = try ServerRequest.endpoint(arguments)
        guard let nickname = arguments.value("--nick") else { throw CommandLineError("--nick is required with --host") }
        guard Names.isValidName(nickname) else {
            throw CommandLineError("invalid value \(Arguments.quoted(nickname)) for --nick: 1-16 letters, digits, _ or -")
        }
        let (board, date) = try LeaderboardCommand.board(
            arguments, ratingRefusal: "--board rating keeps ratings, not games: replay an entry of all, daily, sprint or sprint-daily")
        let fetched: RecordFetch
        do throws(ServerRequestError) {
            fetched = try RecordFetch.fetch(nickname: nickname, board: board, date: date, host: host, port: port)
        } catch {
            return failure(error.message, console: console)
        }
        let summary = fetched.summary
        let record: RecordToWatch
        do throws(EngineError) {
            let rank = fetched.entry.map { " · rank \($0.rank)" } ?? ""
            record = try RecordToWatch(
                seedText: summary.seed, size: summary.size, target: summary.target, log: fetched.log,
                title: "\(summary.nickname) · \(ReplayCommand.boardName(board, date: date))\(rank)", expected: fetched.entry?.result)
        } catch {
            return failure("the server's record cannot be replayed: \(error.message)", console: console)
        }
        if arguments.has("--watch") { return try startWatch(record, console: console) }
        let result = Replay.run(seed: record.seed, config: record.config, log: record.log)
        if let entry = fetched.entry {
            let differences = entry.result.differences(from: result.game)
            guard differences.isEmpty else {
                return failure("the record does not give the entry's figures: " + differences.joined(separator: "; "), console: console)
            }
        }
        try ReplayCommand.writeCast(of: record, arguments)
        if arguments.has("--json") {
            console.print(result.jsonLine)
        } else {
            console.print(ReplayCommand.report(result))
            console.print(
                fetched.entry.map { entry in
                    "\(summary.nickname), rank \(entry.rank) on the \(ReplayCommand.boardName(board, date: nil)) (\(entry.date)): "
                        + "the replay gives the entry's figures"
                } ?? "\(summary.nickname)'s entry left the board while it was fetched: nothing to check against")
        }
        return CLI.success
    }

    /// `--cast FILE`: the game as the watch screen draws it, in asciinema's format.
    static func writeCast(of record: RecordToWatch, _ arguments: Arguments) throws(CommandLineError) {
        guard let path = arguments.value("--cast") else { return }
        let today = UTCTime.date(epochMilliseconds: Int(Date().timeIntervalSince1970 * 1000))
        do {
            try Data(Asciicast.make(record, today: today).utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw CommandLineError("cannot write the cast to \(path): \(error.localizedDescription)")
        }
    }

    /// Plays the record in the terminal: the client's watch screen, offline.
    private func startWatch(_ record: RecordToWatch, console: Console) throws(CommandLineError) -> Int32 {
        var options = ClientOptions()
        options.isOffline = true
        options.watch = record
        do {
            return try ClientRuntime.run(options: options, environment: ProcessInfo.processInfo.environment, version: CLI.version) {
                HostedServer(plan: .offline("watching a record"))
            }
        } catch {
            return failure(error.message, console: console)
        }
    }

    /// A board for people: `all-time board`, `sprint board of 2026-11-22`.
    static func boardName(_ board: LeaderboardKind, date: String?) -> String {
        let day = date.map { " of \($0)" } ?? ""
        return switch board {
        case .all: "all-time board"
        case .daily: "daily board" + day
        case .sprint: "sprint board"
        case .sprintDaily: "sprint board of " + (date ?? "today")
        case .rating: "rating board"
        }
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

extension RecordToWatch {
    /// A record from its texts, each checked by the engine in turn: seed, size and target, log.
    init(
        seedText: String, size: Int, target: Int, log: String, ignoringWhitespace: Bool = false, title: String,
        expected: GameResult? = nil
    ) throws(EngineError) {
        self.init(
            seed: try Seed(parsing: seedText), config: try GameConfig(size: size, target: target),
            log: try GameLog(parsing: log, ignoringWhitespace: ignoringWhitespace), title: title, expected: expected)
    }
}
