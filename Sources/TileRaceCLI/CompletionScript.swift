import TileRaceProtocol

/// A shell completion script for `tilerace`, made from the commands' own
/// tables (their names, summaries, options and words), so it offers exactly
/// what they accept: an option added to a command is completed at once.
/// Pure: the text is a function of the tables.
struct CompletionScript: Sendable {
    /// A shell `tilerace completions` writes a script for.
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    /// What is completed after one command word, or before any (`name` empty).
    struct Entry: Sendable {
        /// The command's word; empty for `tilerace` with options only (which runs `play`).
        var name: String
        /// One line saying what it does.
        var summary: String
        /// Its options, `--help` included.
        var options: [Arguments.Option]
        /// The words it takes besides options (bench's benchmarks, help's commands).
        var words: [String]
    }

    /// The shell.
    var shell: Shell
    /// `tilerace` with no command word first, then one entry per command.
    var entries: [Entry]

    /// The script for `shell`, for `commands`; with no command word, the
    /// `programOptions` and the options of the command named `defaultCommand`.
    init(shell: Shell, commands: [any Command], programOptions: [Arguments.Option], defaultCommand: String) {
        self.shell = shell
        let help = Arguments.Option.flag("--help", "explain this command")
        let defaultOptions = commands.first { $0.name == defaultCommand }?.options ?? []
        entries =
            [Entry(name: "", summary: "", options: programOptions + defaultOptions, words: [])]
            + commands.map { Entry(name: $0.name, summary: $0.summary, options: $0.options + [help], words: $0.positionalWords) }
    }

    /// The commands' entries (all but the first).
    var commands: ArraySlice<Entry> { entries.dropFirst() }

    /// The script.
    var text: String {
        switch shell {
        case .bash: bashText
        case .zsh: zshText
        case .fish: fishText
        }
    }

    /// The first lines of every script: what made it and how to install it.
    func header(comment: String, install: String) -> [String] {
        [
            "\(comment) \(shell.rawValue) completion for tilerace \(TileRaceVersion.current), made by `tilerace completions \(shell.rawValue)`",
            "\(comment) from the commands' own option tables. Install: \(install)",
        ]
    }

    /// Whether an option's value is a file or directory name (completed as one).
    static func takesPath(_ option: Arguments.Option) -> Bool {
        option.valueName == "FILE" || option.valueName == "DIR"
    }
}
