/// `tilerace leaderboard`: not written yet.
struct LeaderboardCommand: Command {
    let name = "leaderboard"
    let summary = "(not yet available)"
    let usage = ["tilerace leaderboard"]
    let options: [Arguments.Option] = []

    func run(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        try arguments.requireNoPositionals()
        console.printError("tilerace leaderboard: not yet available")
        return CLI.failure
    }
}
