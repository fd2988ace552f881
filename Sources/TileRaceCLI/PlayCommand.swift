/// `tilerace play`: not written yet.
struct PlayCommand: Command {
    let name = "play"
    let summary = "(not yet available)"
    let usage = ["tilerace play"]
    let options: [Arguments.Option] = []

    func run(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        try arguments.requireNoPositionals()
        console.printError("tilerace play: not yet available")
        return CLI.failure
    }
}
