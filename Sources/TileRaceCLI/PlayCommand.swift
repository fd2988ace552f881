import Foundation
import TileRaceBot
import TileRaceBotClient
import TileRaceClient
import TileRaceEngine
import TileRaceTransport

/// `tilerace play`: the game in the terminal (the default command).
struct PlayCommand: Command {
    let name = "play"
    let summary = "play in the terminal: race friends, practice, daily challenge (the default)"
    let usage = [
        "tilerace play [--offline] [--host H] [--port P] [--nick N] [--room R] [--local] [--via ADDR]",
        "              [--no-anim] [--size N] [--target T] [--seed S]",
        "tilerace play --ghost NICK [--board all|daily|sprint|sprint-daily] [--host H] [--port P]",
        "tilerace play --ghost-file PATH --seed S [--size N] [--target T] [--offline]",
    ]
    let options: [Arguments.Option] = [
        .flag("--offline", "play with no network at all (practice, daily challenge, colours)"),
        .value("--host", "H", "connect to the server on host H"),
        .value("--port", "P", "the server's TCP port, or the first port to host on (default 2048)"),
        .value("--via", "ADDR", "count this connection as ADDR's on a server of this machine (the ssh account's, Deploy/ssh)"),
        .value("--nick", "N", "your nickname: 1-16 of A-Z a-z 0-9 _ -"),
        .value("--room", "R", "go straight into room R (created if missing; asks the code of a private one)"),
        .flag("--local", "keep the embedded server to this machine"),
        .flag("--no-anim", "no splash, no sliding tiles"),
        .value("--size", "N", "practice board size, 3 to 8 (default 4)"),
        .value("--target", "T", "practice target tile, a power of two from 8 (default 2048)"),
        .value("--seed", "S", "start a practice game on seed S (digits or any text)"),
        .value("--ghost", "NICK", "race the ghost of NICK's leaderboard entry (its record, on its seed)"),
        .value("--board", "B", "the board of --ghost's entry: all, daily, sprint or sprint-daily (default all)"),
        .value("--ghost-file", "PATH", "race the ghost of a record file (replay's notation; give its --seed)"),
    ]
    var details: String {
        """
        With no --host, tilerace hosts a race server in this process (all interfaces,
        port 2048 or the next free one; --local keeps it to this machine) and the menu
        says how friends join. If another tilerace on this machine already hosts, it
        joins that one. --host H connects to a server elsewhere; --room R goes straight
        into room R (created if it does not exist). --offline plays with no network.
        Keys: arrows, WASD or hjkl move; u undo; x remove a tile; p pause; r new game
        (race: restart the seed); i hint (practice); t next theme; ? help; q back. In a
        room: r ready, a adds a bot (asks its strength), x removes the last one added.
        Ctrl-C quits anywhere.
        --ghost NICK races the ghost of NICK's entry on a board (--board, default all):
        the entry's record plays back beside your board at its recorded pace from your
        first move; the first to reach the target wins. A ghost race is never eligible
        for a board. --ghost-file PATH races a local record (the notation of tilerace
        replay, on --seed S), online or offline.
        Settings (theme, colours, last nickname, nickname tokens) live in
        $XDG_CONFIG_HOME/tilerace (else ~/.config/tilerace). NO_COLOR turns colour off.
        """
    }

    /// White space ignored, times kept.
    static func ghostRecord(_ path: String, options: ClientOptions) throws(CommandLineError) -> RecordToWatch {
        let text = String(decoding: try FileReader.contents(ofFile: path), as: UTF8.self)
        do throws(EngineError) {
            return try RecordToWatch(
                seedText: options.seed ?? "", size: options.size, target: options.target, log: text, ignoringWhitespace: true, title: path)
        } catch {
            throw CommandLineError("the ghost's record \(path) cannot be raced: \(error.message)")
        }
    }

    func run(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        try arguments.requireNoPositionals()
        var options: ClientOptions
        do {
            options = try ClientOptions.parse(values: arguments.values, flags: arguments.flags)
        } catch {
            throw CommandLineError(error.message)
        }
        if let path = arguments.value("--ghost-file") { options.ghostRecord = try Self.ghostRecord(path, options: options) }
        do {
            let environment = ProcessInfo.processInfo.environment
            return try ClientRuntime.run(options: options, environment: environment, version: CLI.version, bots: Self.bots) {
                EmbeddedHost.start(options: options, dataDirectory: DataPaths.dataDirectory(environment: environment)).hostedServer
            }
        } catch {
            return failure(error.message, console: console)
        }
    }

    /// Each its own connection from this process: the client has no bot runtime.
    static let bots: BotLauncher = { request, ended in
        let strength = min(Bot.strengthRange.upperBound, max(Bot.strengthRange.lowerBound, request.strength))
        let bot = (try? Bot(strength: strength)) ?? .strongest
        let settings = BotSettings(
            host: request.host, port: request.port, room: request.room, code: request.code, nickname: request.nickname, bot: bot,
            via: request.via)
        let client = BotClient(
            settings: settings,
            onEnd: { ending in
                // Stopped by the client: nothing to tell it.
                if !ending.isStopped { ended(ending.message) }
            })
        client.start()
        return { client.stop() }
    }
}
