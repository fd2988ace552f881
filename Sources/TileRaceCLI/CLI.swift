import TileRaceProtocol

/// The `tilerace` command line: picks the sub-command and runs it.
public enum CLI {
    public static let success: Int32 = 0
    /// A failure while running (port in use, server unreachable, ...).
    public static let failure: Int32 = 1
    /// A mistake on the command line.
    public static let usageError: Int32 = 2

    /// In the order the help lists them. With no command, `play` runs.
    static let commands: [any Command] = [
        PlayCommand(), ServeCommand(), BotCommand(), LeaderboardCommand(), ReplayCommand(), InfoCommand(), HelpCommand(),
        CompletionsCommand(), AdminCommand(),
    ]

    /// `tilerace`'s own, before any command.
    static let programOptions: [Arguments.Option] = [
        .flag("--help", "list the commands"),
        .flag("--version", "print the version"),
    ]

    /// Runs `tilerace` with the words after the program name; returns the exit status.
    public static func run(arguments: [String], console: Console = .standard) -> Int32 {
        guard let first = arguments.first else {
            return run(PlayCommand(), words: [], console: console)
        }
        if first == "--help" || first == "-h" {
            console.print(overview)
            return success
        }
        if first == "--version" {
            console.print("tilerace \(version) (protocol tilerace 1, rules seeded 2048 v1)")
            return success
        }
        if first.hasPrefix("-") {
            // Options with no command belong to `play`, e.g. `tilerace --offline`.
            return run(PlayCommand(), words: arguments, console: console)
        }
        guard let command = command(named: first) else {
            console.printError("tilerace: unknown command \(Arguments.quoted(first))")
            console.printError("Run 'tilerace --help' for the commands.")
            return usageError
        }
        return run(command, words: Array(arguments.dropFirst()), console: console)
    }

    public static var version: String { TileRaceVersion.current }

    static func command(named name: String) -> (any Command)? {
        commands.first { $0.name == name }
    }

    static func run(_ command: any Command, words: [String], console: Console) -> Int32 {
        if words.contains("--help") || words.contains("-h") {
            console.print(command.helpText)
            return success
        }
        do throws(CommandLineError) {
            return try command.run(Arguments(parsing: words, options: command.options), console: console)
        } catch {
            // One line and where to read more, as git does: the usage would push the error out of sight.
            console.printError("tilerace \(command.name): \(error.message)")
            console.printError("Run 'tilerace help \(command.name)' for usage.")
            return usageError
        }
    }

    static var overview: String {
        var lines = [
            "tilerace: multiplayer 2048 in the terminal: race friends on the same seeded board",
            "",
            "usage: tilerace [<command>] [options]     (no command: play)",
            "",
            "commands:",
        ]
        lines += TextTable.columns(commands.map { [$0.name, $0.summary] }).map { "  " + $0 }
        lines += [
            "", "tilerace help <command> (or tilerace <command> --help) explains a command.",
            "tilerace --version prints the version.",
        ]
        return lines.joined(separator: "\n")
    }
}
