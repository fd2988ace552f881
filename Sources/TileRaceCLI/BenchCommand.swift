/// `tilerace bench`: not written yet.
struct BenchCommand: Command {
    let name = "bench"
    let summary = "(not yet available)"
    let usage = ["tilerace bench"]
    let options: [Arguments.Option] = []

    func run(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        try arguments.requireNoPositionals()
        console.printError("tilerace bench: not yet available")
        return CLI.failure
    }
}
