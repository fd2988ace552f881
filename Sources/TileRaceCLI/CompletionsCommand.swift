struct CompletionsCommand: Command {
    let name = "completions"
    let summary = "print a completion script for bash, zsh or fish"
    let usage = ["tilerace completions bash|zsh|fish"]
    let options: [Arguments.Option] = []
    var positionalWords: [String] { CompletionScript.Shell.allCases.map(\.rawValue) }
    let details = """
        Install it once, then open a new shell:
          bash: tilerace completions bash > ~/.local/share/bash-completion/completions/tilerace
          zsh:  tilerace completions zsh > ~/.zfunc/_tilerace
                (and fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc)
          fish: tilerace completions fish > ~/.config/fish/completions/tilerace.fish
        """

    func run(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        let shells = positionalWords.joined(separator: ", ")
        guard let word = arguments.positionals.first else { throw CommandLineError("say which shell: \(shells)") }
        guard arguments.positionals.count == 1 else {
            throw CommandLineError("unexpected argument \(Arguments.quoted(arguments.positionals[1]))")
        }
        guard let shell = CompletionScript.Shell(rawValue: word) else {
            throw CommandLineError("unknown shell \(Arguments.quoted(word)); shells: \(shells)")
        }
        let script = CompletionScript(
            shell: shell, commands: CLI.commands, programOptions: CLI.programOptions, defaultCommand: PlayCommand().name)
        console.print(String(script.text.dropLast()))
        return CLI.success
    }
}
