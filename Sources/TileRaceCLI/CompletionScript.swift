import TileRaceProtocol

/// Made from the commands' own tables, so it offers exactly what they accept.
struct CompletionScript: Sendable {
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    /// What is completed after one command word, or before any.
    struct Entry: Sendable {
        /// Empty for `tilerace` with options only (which runs `play`).
        var name: String
        var summary: String
        /// `--help` included.
        var options: [Arguments.Option]
        /// Besides options (help's commands, the completions' shells).
        var words: [String]
    }

    var shell: Shell
    /// `tilerace` with no command word first, then one per command.
    var entries: [Entry]

    /// With no command word: `programOptions` and `defaultCommand`'s options.
    init(shell: Shell, commands: [any Command], programOptions: [Arguments.Option], defaultCommand: String) {
        self.shell = shell
        let help = Arguments.Option.flag("--help", "explain this command")
        let defaultOptions = commands.first { $0.name == defaultCommand }?.options ?? []
        entries =
            [Entry(name: "", summary: "", options: programOptions + defaultOptions, words: [])]
            + commands.map { Entry(name: $0.name, summary: $0.summary, options: $0.options + [help], words: $0.positionalWords) }
    }

    var commands: ArraySlice<Entry> { entries.dropFirst() }

    var text: String {
        switch shell {
        case .bash: bashText
        case .zsh: zshText
        case .fish: fishText
        }
    }

    /// What made the script and how to install it.
    func header(comment: String, install: String) -> [String] {
        [
            "\(comment) \(shell.rawValue) completion for tilerace \(TileRaceVersion.current), made by `tilerace completions \(shell.rawValue)`",
            "\(comment) from the commands' own option tables. Install: \(install)",
        ]
    }

    /// Text in single quotes for bash and zsh (a word with a quote stays one word).
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A file or directory name is completed as one.
    static func takesPath(_ option: Arguments.Option) -> Bool {
        option.valueName == "FILE" || option.valueName == "DIR"
    }
}
