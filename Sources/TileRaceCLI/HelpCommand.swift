/// `tilerace help [<command>]`: explains the program or one command.
struct HelpCommand: Command {
    let name = "help"
    let summary = "explain tilerace or one of its commands"
    let usage = ["tilerace help [<command>]"]
    let options: [Arguments.Option] = []
    var positionalWords: [String] { CLI.commands.map(\.name) }

    func run(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        guard let topic = arguments.positionals.first else {
            console.print(CLI.overview)
            return CLI.success
        }
        guard arguments.positionals.count == 1 else {
            throw CommandLineError("help takes one command name")
        }
        guard let command = CLI.command(named: topic) else {
            throw CommandLineError(
                "unknown command \(Arguments.quoted(topic)); commands: \(CLI.commands.map(\.name).joined(separator: ", "))")
        }
        console.print(command.helpText)
        return CLI.success
    }
}
