extension CompletionScript {
    /// The zsh script: a `#compdef` function that `_arguments` does the work of.
    var zshText: String {
        var lines = ["#compdef tilerace"]
        lines += header(
            comment: "#",
            install: "tilerace completions zsh > ~/.zfunc/_tilerace, with fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc")
        lines += [
            "_tilerace() {",
            "    local -a commands",
            "    commands=(",
        ]
        lines += commands.map { "        " + Self.quoted($0.name + ":" + $0.summary) }
        lines += [
            "    )",
            "    if ((CURRENT == 2)) && [[ $words[2] != -* ]]; then",
            "        _describe -t commands 'tilerace command' commands",
            "        return",
            "    fi",
            "    local command=''",
            "    if [[ $words[2] != -* ]]; then",
            "        command=$words[2]",
            "        shift words",
            "        ((CURRENT--))",
            "    fi",
            "    case $command in",
        ]
        for entry in entries {
            lines.append("        \(entry.name.isEmpty ? "''" : entry.name))")
            var specs = entry.options.map(Self.zshSpec)
            if !entry.words.isEmpty {
                specs.append(Self.quoted("1:argument:(" + entry.words.joined(separator: " ") + ")"))
            }
            lines.append("            _arguments \\")
            lines += specs.enumerated().map { index, spec in
                "                " + spec + (index == specs.count - 1 ? "" : " \\")
            }
            lines.append("            ;;")
        }
        lines += [
            "    esac",
            "}",
            "_tilerace \"$@\"",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `'--name[help]'`, or `'--name=[help]:VALUE:action'` (files for FILE and DIR).
    private static func zshSpec(_ option: Arguments.Option) -> String {
        let help = option.help.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
        guard let valueName = option.valueName else { return quoted("\(option.name)[\(help)]") }
        let action =
            switch valueName {
            case "FILE": "_files"
            case "DIR": "_files -/"
            default: " "
            }
        return quoted("\(option.name)=[\(help)]:\(valueName.replacingOccurrences(of: ":", with: "\\:")):\(action)")
    }
}
