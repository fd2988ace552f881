/// `CLI` parses the declared options, prints `--help`, and turns a `CommandLineError` into
/// an error line, the usage and status 2. Runtime failures are the command's: it returns 1.
protocol Command: Sendable {
    var name: String { get }
    /// One line.
    var summary: String { get }
    /// Without the leading "usage: ".
    var usage: [String] { get }
    /// `--help` is added by `CLI`.
    var options: [Arguments.Option] { get }
    /// What `tilerace help <command>` adds, possibly nothing.
    var details: String { get }
    /// The words it takes besides options, for shell completion.
    var positionalWords: [String] { get }
    /// Returns the exit status.
    func run(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32
}

extension Command {
    var details: String { "" }
    var positionalWords: [String] { [] }

    /// Says why it failed while running; returns `CLI.failure`.
    func failure(_ message: String, console: Console) -> Int32 {
        console.printError("tilerace \(name): \(message)")
        return CLI.failure
    }

    var helpText: String {
        Arguments.helpText(title: "tilerace \(name): \(summary)", usage: usage, options: options, details: details)
    }
}

extension Arguments {
    /// Title, usage, options table, details.
    public static func helpText(title: String, usage: [String], options: [Option], details: String) -> String {
        var lines = [title, ""] + usageLines(usage)
        if !options.isEmpty {
            lines += ["", "options:"]
            lines += TextTable.columns(options.map { [$0.name + ($0.valueName.map { " " + $0 } ?? ""), $0.help] }).map { "  " + $0 }
        }
        if !details.isEmpty {
            lines += ["", details]
        }
        return lines.joined(separator: "\n")
    }

    /// Usage lines as printed: the first after "usage: ", the others under it.
    public static func usageLines(_ usage: [String]) -> [String] {
        usage.enumerated().map { index, line in (index == 0 ? "usage: " : "       ") + line }
    }
}
