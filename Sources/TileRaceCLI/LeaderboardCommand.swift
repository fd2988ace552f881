import Foundation
import TileRaceProtocol
import TileRaceServer
import TileRaceTransport

/// `tilerace leaderboard`: prints a server's board, or fills an empty one with bot games.
struct LeaderboardCommand: Command {
    let name = "leaderboard"
    let summary = "print a server's leaderboard (or fill an empty one with --demo)"
    let usage = [
        "tilerace leaderboard [--host H] [--port P] [--sort score|nick|rank] [--order asc|desc] [--board BOARD | --daily] [--date YYYY-MM-DD]",
        "tilerace leaderboard --demo N [--data DIR]",
    ]
    let options: [Arguments.Option] =
        ServerRequest.options + [
            .value("--sort", "KEY", "rank (default), nick or score"),
            .value("--order", "ORDER", "asc or desc (default: asc for rank and nick, desc for score)"),
            .flag("--daily", "the daily challenge's board instead of the all-time one (--board daily)"),
            .value("--date", "YYYY-MM-DD", "with a daily or sprint-daily board: that day's board (default today, UTC)"),
            .value(
                "--demo", "N",
                "add N games (1 to \(Leaderboard.capacity)) played by bots on random seeds to an EMPTY leaderboard; refuses a non-empty one"
            ),
            .value("--data", "DIR", "with --demo: the data directory (default $XDG_DATA_HOME/tilerace or ~/.local/share/tilerace)"),
            .value("--board", "BOARD", "all (default), daily, sprint (the fastest times to 2048), sprint-daily or rating"),
        ]
    let details = """
        --demo: bots of strength 1 to 3 each play a whole game on a random seed (past
        2048 until no move is left); each goes on the all-time board under a random
        nickname with its record, its figures those of the replay, so it can be
        watched and checked (tilerace replay --host H --nick N) like any other entry.
        Stop the server that uses the data directory first.

        --board sprint ranks the sprints, the fastest verified times to 2048 (protocol.md
        section 10.2), shown as mm:ss.t in a sprint column; sprint-daily is one UTC day's.
        --board rating lists the players' established Glicko-2 ratings (protocol.md section
        5.7: 10 rated races, a deviation under 90, a rated race in the last 30 days).
        """

    func run(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        try arguments.requireNoPositionals()
        if arguments.value("--demo") != nil {
            for option in ["--host", "--port", "--sort", "--order", "--date", "--board", "--daily"] where arguments.has(option) {
                throw CommandLineError("\(option) cannot be used with --demo")
            }
            return try fillDemo(arguments, console: console)
        }
        if arguments.value("--data") != nil { throw CommandLineError("--data is only used with --demo") }
        return try printBoard(arguments, console: console)
    }

    /// `ratingRefusal`: the mistake `--board rating` is, where no rating board is taken.
    static func board(
        _ arguments: Arguments, ratingRefusal: String? = nil
    ) throws(CommandLineError) -> (board: LeaderboardKind, date: String?) {
        var board = try arguments.choice("--board", as: LeaderboardKind.self) ?? .all
        if board == .rating, let ratingRefusal { throw CommandLineError(ratingRefusal) }
        if arguments.has("--daily") {
            guard arguments.value("--board") == nil else {
                throw CommandLineError("--daily cannot be used with --board (it is --board daily)")
            }
            board = .daily
        }
        let date = arguments.value("--date")
        if let date {
            guard board.isDated else { throw CommandLineError("--date needs --daily, --board daily or --board sprint-daily") }
            guard Names.isValidDate(date) else {
                throw CommandLineError("invalid value \(Arguments.quoted(date)) for --date: expected YYYY-MM-DD")
            }
        }
        return (board, date)
    }

    private func fillDemo(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        let count = try arguments.integer("--demo", in: 1...Leaderboard.capacity, default: 0)
        let directory = try ServeCommand.dataDirectory(arguments, environment: ProcessInfo.processInfo.environment)
        do throws(StoreError) {
            let store = try LeaderboardStore.open(directory: directory)
            defer { store.close() }
            let date = UTCTime.date(epochMilliseconds: SystemClock().wallMilliseconds)
            try LeaderboardDemo.requireEmpty(store)
            let games = DemoGames.play(count: count, random: .system)
            let kept = try LeaderboardDemo.fill(store, games: games, random: .system, date: date)
            console.print(
                "added \(count) game\(count == 1 ? "" : "s") played by bots to the leaderboard in \(directory); "
                    + "the all-time board holds \(kept)")
            return CLI.success
        } catch {
            return failure(error.message, console: console)
        }
    }

    private func printBoard(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        let (host, port) = try ServerRequest.endpoint(arguments)
        let sort = try arguments.choice("--sort", as: LeaderboardQuery.SortKey.self) ?? .rank
        let order = try arguments.choice("--order", as: LeaderboardQuery.Order.self)
        let (board, date) = try Self.board(arguments)
        let query = LeaderboardQuery(board: board, date: date, sort: sort, order: order, offset: 0, limit: LeaderboardQuery.maximumLimit)
        do throws(ServerRequestError) {
            let answer = try ServerRequest.ask([.top(query)], host: host, port: port)[0]
            guard case .top(let summary) = answer.reply else { throw .unexpectedReply(answer, to: "TOP") }
            if board == .rating {
                let ratings = answer.items.compactMap { if case .rating(let rating) = $0 { rating } else { nil } }
                let unlisted = summary.unlisted ?? 0
                let title =
                    "rating board on \(host):\(port): \(summary.total) player\(summary.total == 1 ? "" : "s")"
                    + (unlisted > 0 ? ", \(unlisted) not listed yet" : "")
                console.print(TextTable.renderRatings(title: title, ratings: ratings, unlisted: unlisted))
                return CLI.success
            }
            let boardName =
                switch summary.board {
                case .all: "all-time leaderboard"
                case .daily: "daily board of \(summary.date ?? "today")"
                case .sprint: "sprint board (fastest to 2048)"
                case .sprintDaily: "sprint board of \(summary.date ?? "today")"
                case .rating: "rating board"
                }
            let orderName = query.effectiveOrder == .asc ? "ascending" : "descending"
            let title =
                "\(boardName) on \(host):\(port), by \(query.sort.rawValue) (\(orderName)): \(summary.total) entr\(summary.total == 1 ? "y" : "ies")"
            let entries = answer.items.compactMap { if case .entry(let entry) = $0 { entry } else { nil } }
            console.print(TextTable.render(title: title, entries: entries))
            return CLI.success
        } catch {
            return failure(error.message, console: console)
        }
    }
}
