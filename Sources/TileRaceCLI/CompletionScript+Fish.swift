extension CompletionScript {
    var fishText: String {
        var lines = header(comment: "#", install: "tilerace completions fish > ~/.config/fish/completions/tilerace.fish")
        lines += [
            "# Whether the command word is one of the arguments ('' before any; play when options come first).",
            "function __tilerace_command",
            "    set -l words (commandline -opc)",
            "    set -l command ''",
            "    if test (count $words) -ge 2",
            "        set command $words[2]",
            "        string match -q -- '-*' $command; and set command play",
            "    end",
            "    contains -- $command $argv",
            "end",
            "complete -c tilerace -f",
        ]
        lines += commands.map {
            "complete -c tilerace -n '__tilerace_command \"\"' -a \($0.name) -d \(Self.fishQuoted($0.summary))"
        }
        for entry in entries {
            // `tilerace --offline` is `tilerace play --offline`: play's options also apply with no command word.
            let condition = entry.name.isEmpty ? "__tilerace_command \"\"" : "__tilerace_command \(entry.name)"
            let prefix = "complete -c tilerace -n '\(condition)'"
            for option in entry.options {
                let value = option.valueName == nil ? "" : Self.takesPath(option) ? " -r -F" : " -x"
                lines.append(prefix + " -l " + option.name.dropFirst(2) + value + " -d " + Self.fishQuoted(option.help))
            }
            if !entry.words.isEmpty {
                lines.append(prefix + " -a " + Self.fishQuoted(entry.words.joined(separator: " ")))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text in single quotes for fish.
    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
