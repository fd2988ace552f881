/// `tilerace replay`: not written yet.
struct ReplayCommand: Command {
    let name = "replay"
    let summary = "(not yet available)"
    let usage = ["tilerace replay"]
    let options: [Arguments.Option] = []

    func run(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        try arguments.requireNoPositionals()
        console.printError("tilerace replay: not yet available")
        return CLI.failure
    }
}
