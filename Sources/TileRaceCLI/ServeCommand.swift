/// `tilerace serve`: not written yet.
struct ServeCommand: Command {
    let name = "serve"
    let summary = "(not yet available)"
    let usage = ["tilerace serve"]
    let options: [Arguments.Option] = []

    func run(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        try arguments.requireNoPositionals()
        console.printError("tilerace serve: not yet available")
        return CLI.failure
    }
}
