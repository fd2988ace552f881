extension CompletionScript {
    /// The bash script: a function `_tilerace` that `complete -F` names.
    var bashText: String {
        var lines = header(
            comment: "#",
            install: "tilerace completions bash > ~/.local/share/bash-completion/completions/tilerace")
        lines += [
            "_tilerace() {",
            "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}",
            "    local command='' options='' values='' paths='' words=''",
            "    if ((COMP_CWORD == 1)) && [[ $cur != -* ]]; then",
            "        COMPREPLY=($(compgen -W \(Self.quoted(commands.map(\.name).joined(separator: " "))) -- \"$cur\"))",
            "        return 0",
            "    fi",
            "    if ((COMP_CWORD > 1)) && [[ ${COMP_WORDS[1]} != -* ]]; then",
            "        command=${COMP_WORDS[1]}",
            "    fi",
            "    case $command in",
        ]
        for entry in entries {
            let values = entry.options.filter { $0.valueName != nil && !Self.takesPath($0) }
            let paths = entry.options.filter(Self.takesPath)
            lines += [
                "        \(entry.name.isEmpty ? "''" : entry.name))",
                "            options=\(Self.quoted(entry.options.map(\.name).joined(separator: " ")))",
                "            values=\(Self.quoted(values.map(\.name).joined(separator: " ")))",
                "            paths=\(Self.quoted(paths.map(\.name).joined(separator: " ")))",
                "            words=\(Self.quoted(entry.words.joined(separator: " ")))",
                "            ;;",
            ]
        }
        lines += [
            "        *) return 0 ;;",
            "    esac",
            "    case \" $paths \" in *\" $prev \"*)",
            "        COMPREPLY=($(compgen -f -- \"$cur\"))",
            "        return 0",
            "        ;;",
            "    esac",
            "    case \" $values \" in *\" $prev \"*) return 0 ;; esac",
            "    if [[ $cur == -* ]]; then",
            "        COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))",
            "    else",
            "        COMPREPLY=($(compgen -W \"$words $options\" -- \"$cur\"))",
            "    fi",
            "}",
            "complete -F _tilerace tilerace",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
