import Dispatch
import TileRaceBot
import TileRaceBotClient
import TileRaceProtocol
import TileRaceServer

/// `tilerace bot`: bots race until Ctrl-C or SIGTERM, then leave and say goodbye.
struct BotCommand: Command {
    let name = "bot"
    let summary = "bots that race in a room or an arena like any player, until Ctrl-C"
    let usage = [
        "tilerace bot --host H [--port P] (--room R [--code C] | --arena ID) [--strength 1-5] [--speed MOVES_PER_SECOND]",
        "             [--count N] [--nick NAME]",
    ]
    let options: [Arguments.Option] = [
        .value("--host", "H", "the server's host name or address"),
        .value("--port", "P", "the server's TCP port (default 2048)"),
        .value("--room", "R", "the room to race in (created if missing)"),
        .value("--code", "C", "the room's join code (given to the room when a bot creates it)"),
        .value("--arena", "ID", "instead of a room: the arena to race in until it ends (an unrated one; ARENAS lists them)"),
        .value("--strength", "N", "how well they play, 1 (nearly random) to 5 (strongest) (default \(BotCommand.defaultStrength))"),
        .value(
            "--speed", "M",
            "moves per second each, \(Self.decimal(BotSettings.minimumMovesPerSecond)) to \(Self.decimal(BotSettings.maximumMovesPerSecond)) (default \(Self.decimal(BotSettings.defaultMovesPerSecond)))"
        ),
        .value("--count", "N", "how many bots, 1 to \(ServerLimits.standard.maximumPlayersPerRoom) (default 1)"),
        .value("--nick", "NAME", "their nickname: NAME, or NAME-1, NAME-2 ... with --count (default bot-1, bot-2 ...)"),
    ]
    let details = """
        Each bot is an ordinary client: it says HELLO ... bot=yes (others see it
        marked as a bot; its games never go on the leaderboard), joins the room,
        marks itself ready and races each race at its pace, then gets ready for the
        next. With --arena the bots join the arena instead and race whoever the
        server pairs them with until the arena ends, then say goodbye (a rated
        arena refuses bots). A taken nickname gets a suffix (-2, -3 ...). Prints a line per bot
        per event; races are numbered from when the bot joined the room (its first
        there is race 1). Ctrl-C or SIGTERM: the bots leave the room, say QUIT and the
        command exits 0; it exits 1 when every bot stopped on its own (no server,
        a refused room).
        """

    /// The strength when `--strength` is not given.
    static let defaultStrength = 3

    /// The bots' settings from the command line.
    static func settings(_ arguments: Arguments) throws(CommandLineError) -> [BotSettings] {
        try arguments.requireNoPositionals()
        guard let host = arguments.value("--host"), !host.isEmpty else {
            throw CommandLineError("--host is needed: the server the bots play on")
        }
        let arena = try arguments.value("--arena").map { (text: String) throws(CommandLineError) in
            guard arguments.value("--room") == nil, arguments.value("--code") == nil else {
                throw CommandLineError("--arena and --room (or --code) cannot be used together: bots race in one or the other")
            }
            guard let id = Int(text), id > 0 else {
                throw CommandLineError("invalid arena id \(Arguments.quoted(text)): ARENAS lists them")
            }
            return id
        }
        guard let room = arguments.value("--room") ?? arena.map({ "arena-\($0)" }) else {
            throw CommandLineError("--room or --arena is needed: where the bots race")
        }
        guard Names.isValidName(room) else { throw CommandLineError("invalid room name \(Arguments.quoted(room)): \(nameRule)") }
        let code = arguments.value("--code")
        if let code, !Names.isValidName(code) { throw CommandLineError("invalid join code \(Arguments.quoted(code)): \(nameRule)") }
        let port = try arguments.integer("--port", in: 1...65535, default: 2048)
        let strength = try arguments.integer("--strength", in: Bot.strengthRange, default: defaultStrength)
        let count = try arguments.integer("--count", in: 1...ServerLimits.standard.maximumPlayersPerRoom, default: 1)
        let speed = try movesPerSecond(arguments)
        let base = arguments.value("--nick")
        let nicknames = (1...count).map { BotNickname.numbered(base, index: $0, count: count) }
        if let bad = nicknames.first(where: { !Names.isValidName($0) }) {
            throw CommandLineError(
                "invalid nickname \(Arguments.quoted(bad)): \(nameRule)" + (count > 1 ? " (with --count, NAME gets -1, -2 ...)" : ""))
        }
        let bot: Bot
        do throws(BotError) {
            bot = try Bot(strength: strength)
        } catch {
            throw CommandLineError(error.message)
        }
        return nicknames.map { nickname in
            BotSettings(
                host: host, port: port, room: room, code: code, nickname: nickname, bot: bot, movesPerSecond: speed, arena: arena)
        }
    }

    private static let nameRule = "1 to 16 characters from A-Z a-z 0-9 _ -"

    private static func movesPerSecond(_ arguments: Arguments) throws(CommandLineError) -> Double {
        guard let text = arguments.value("--speed") else { return BotSettings.defaultMovesPerSecond }
        let range = BotSettings.movesPerSecondRange
        guard let speed = Double(text), speed.isFinite, range.contains(speed) else {
            throw CommandLineError(
                "invalid value \(Arguments.quoted(text)) for --speed: expected moves per second from "
                    + "\(decimal(range.lowerBound)) to \(decimal(range.upperBound)) (the server allows "
                    + "\(ServerLimits.standard.requestsPerSecond) requests a second)")
        }
        return speed
    }

    /// A number without a needless `.0`.
    static func decimal(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    func run(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        let settings = try BotCommand.settings(arguments)
        // Signals are caught before the bots start, so none is lost.
        let signals = StopSignals(label: "tilerace.bot.signals")
        defer { signals.release() }
        let stopRequested = signals.stopRequested
        let first = settings[0]
        console.print(
            "\(settings.count) \(settings.count == 1 ? "bot" : "bots") of strength \(first.bot.strength) at "
                + "\(BotCommand.decimal(first.movesPerSecond)) moves/s for "
                + (first.arena.map { "arena \($0)" } ?? "room \(first.room)") + " on \(first.host) port \(first.port)"
                + " (Ctrl-C stops them)")
        let fleet = BotFleet(settings: settings, console: console)
        fleet.start()
        // Either every bot stops on its own, or a signal stops them all.
        DispatchQueue.global().async { if fleet.waitUntilAllEnded() { stopRequested.signal() } }
        stopRequested.wait()
        let wasInterrupted = !fleet.hasAllEnded
        fleet.stop()
        _ = fleet.waitUntilAllEnded(timeoutMilliseconds: BotClient.goodbyeTimeoutMilliseconds + 1000)
        return wasInterrupted ? CLI.success : CLI.failure
    }
}
