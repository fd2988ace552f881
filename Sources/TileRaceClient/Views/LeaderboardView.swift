import TileRaceProtocol

/// One board per tab; sortable by rank, nickname and score. A sprint board shows the sprint time where
/// assists go, and no other time (one game, one time). Dates are `MM-DD` below 100 columns. The rating tab lists the listed
/// ratings, and under them why the player's own is not listed.
enum LeaderboardView {
    static let columnWidths = (rank: 12, nickname: 19, score: 12, best: 7, assists: 9, time: 10)
    /// `MM-DD` when narrow, the whole date when wide.
    static func dateWidth(wideDates: Bool) -> Int { wideDates ? 12 : 7 }
    static func tableWidth(wideDates: Bool) -> Int { 12 + 19 + 12 + 7 + 9 + 10 + dateWidth(wideDates: wideDates) }
    static func hasWideDates(_ frame: Frame) -> Bool { frame.width >= 100 }

    static func draw(_ model: Model, theme: Theme, into frame: inout Frame) -> [Chrome.Hint]? {
        let board = model.leaderboard ?? LeaderboardState()
        let scope =
            board.board == .rating ? "rating" : board.board.isDated ? "daily \(ScreenText.sanitize(board.date ?? model.today))" : "all time"
        let arrow = board.isAscending ? "▲" : "▼"
        let columnTitle = { (column: LeaderboardColumn) in board.board == .rating && column == .score ? "rating" : column.title }
        Chrome.header("LEADERBOARD · \(scope)", right: "sorted by \(columnTitle(board.column)) \(arrow)", theme: theme, into: &frame)
        drawTabs(board.board, hasRatings: model.network.serverFeatures.contains(.ratings), width: frame.width, theme: theme, into: &frame)
        let wideDates = hasWideDates(frame)
        let tableWidth = tableWidth(wideDates: wideDates)
        let x = max(1, (frame.width - tableWidth) / 2)
        var headingX = x
        let widths = columnWidths
        for (column, width) in [(LeaderboardColumn.rank, widths.rank), (.nickname, widths.nickname), (.score, widths.score)] {
            let mark = column == board.column ? " " + arrow : ""
            let style = column == board.column ? theme.accented : theme.base.bold
            frame.text("[\(column.rawValue)] \(columnTitle(column))\(mark)", x: headingX, y: 2, style: style)
            headingX += width
        }
        let otherHeadings =
            board.board == .rating
            ? [("deviation", widths.best + widths.assists), ("races", widths.time)]
            : [
                // A sprint has no assists: its time takes their column, staying in view on narrow screens.
                ("best", widths.best), (board.board.isSprint ? "sprint" : "assists", widths.assists),
                (board.board.isSprint ? "" : "time", widths.time),
                ("date", dateWidth(wideDates: wideDates)),
            ]
        for (title, width) in otherHeadings {
            frame.text(title, x: headingX, y: 2, style: theme.base.bold)
            headingX += width
        }
        frame.text(String(repeating: "─", count: min(tableWidth, frame.width - x - 1)), x: x, y: 3, style: theme.muted)

        let area = Rect(x: 0, y: 4, width: frame.width, height: frame.height - 7)
        switch board.status {
        case .notConnected:
            Dialog.draw(
                [
                    Dialog.Line(text: "No server connected", style: theme.accented), .blank,
                    Dialog.Line(text: "The leaderboard lives on a TileRace server.", style: theme.base),
                    Dialog.Line(text: "Connect with: tilerace play --host HOST [--port P]", style: theme.muted),
                ], in: area, theme: theme, into: &frame)
        case .loading:
            frame.centeredText("loading…", in: area, y: area.y + 1, style: theme.muted)
        case .failed(let message):
            frame.centeredText(ScreenText.sanitize(message), in: area, y: area.y + 1, style: theme.warned)
        case .loaded where board.board == .rating && board.ratings.isEmpty:
            let text =
                board.unlisted > 0
                ? "no rating is listed yet: \(RatingEntry.placementRaces) rated races make one"
                : "nobody is rated yet: race in a rated room"
            frame.centeredText(text, in: area, y: area.y + 1, style: theme.muted)
            drawStanding(board, x: x, width: frame.width - x - 1, theme: theme, into: &frame)
        case .loaded where board.board != .rating && board.entries.isEmpty:
            let text =
                switch board.board {
                case .all: "no entries yet: finish a 4x4 game and submit it"
                case .daily: "nobody has submitted today's daily challenge yet"
                case .sprint: "no sprints yet: reach 2048 on 4x4 with no assist or pause"
                case .sprintDaily: "no sprints today yet"
                case .rating: "nobody is rated yet: race in a rated room"
                }
            frame.centeredText(text, in: area, y: area.y + 1, style: theme.muted)
            drawStanding(board, x: x, width: frame.width - x - 1, theme: theme, into: &frame)
        case .loaded:
            drawRows(board, you: model.config.lastNickname, x: x, area: area, theme: theme, into: &frame)
        }
        // A rating is no game: nothing to watch on the rating tab.
        let watch: [Chrome.Hint] = board.board == .rating ? [] : [("Enter", "watch"), ("g", "ghost")]
        return [("↑↓", "choose"), ("Tab ←→", "board")] + watch + [("1 2 3", "sort"), ("q", "back")]
    }

    /// Under the header: the shown tab bracketed and highlighted, centred.
    static func drawTabs(_ shown: LeaderboardKind, hasRatings: Bool, width: Int, theme: Theme, into frame: inout Frame) {
        let tabs = LeaderboardTab.tabs(hasRatings: hasRatings)
        // Closer together when they do not fit.
        let padded = { (pad: String) in tabs.map { $0.board == shown ? "[\(pad)\($0.title)\(pad)]" : " \(pad)\($0.title)\(pad) " } }
        let totalWidth = { (labels: [String]) in labels.reduce(0) { $0 + $1.count } + labels.count - 1 }
        var labels = padded(" ")
        if totalWidth(labels) > width { labels = padded("") }
        let total = totalWidth(labels)
        var x = max(0, (width - total) / 2)
        for (tab, label) in zip(tabs, labels) {
            x = frame.text(label, x: x, y: 1, style: tab.board == shown ? theme.selected : theme.muted) + 1
        }
    }

    /// The entries, or the ratings (provisional ones marked `?` and muted), then which rows show.
    private static func drawRows(_ board: LeaderboardState, you: String?, x: Int, area: Rect, theme: Theme, into frame: inout Frame) {
        let isRating = board.board == .rating
        let count = isRating ? board.ratings.count : board.entries.count
        let visible = LeaderboardState.visibleRows(forHeight: frame.height)
        let start = min(max(0, board.scroll), max(0, count - 1))
        let widths = columnWidths
        let wideDates = !isRating && hasWideDates(frame)
        let you = you?.lowercased()
        for index in start..<min(count, start + visible) {
            let y = area.y + index - start
            var column = x
            let isYou = (isRating ? board.ratings[index].nickname : board.entries[index].nickname).lowercased() == you
            if index == board.selected { frame.text("▸", x: x - 1, y: y, style: theme.selected) }
            func cell(_ text: String, _ width: Int, style: CellStyle = theme.base) {
                frame.text(Format.fit(text, width - 2).trimmingTrailingSpaces, x: column, y: y, style: isYou ? theme.accented : style)
                column += width
            }
            if isRating {
                let entry = board.ratings[index]
                let style = entry.isProvisional ? theme.muted : theme.base
                cell(Format.fit(String(entry.rank), 4, alignRight: true), widths.rank, style: style)
                cell(ScreenText.sanitize(entry.nickname), widths.nickname, style: entry.isProvisional ? theme.muted : theme.base.bold)
                // The digits line up: a space where a provisional rating has its `?`.
                let rating = RatingText.text(entry.rating, isProvisional: entry.isProvisional) + (entry.isProvisional ? "" : " ")
                cell(Format.fit(rating, widths.score - 3, alignRight: true), widths.score, style: style)
                cell(Format.fit(String(entry.deviation), 4, alignRight: true), widths.best + widths.assists, style: style)
                cell(String(entry.races), widths.time, style: style)
                continue
            }
            let entry = board.entries[index]
            cell(Format.fit(String(entry.rank), 4, alignRight: true), widths.rank)
            cell(ScreenText.sanitize(entry.nickname), widths.nickname, style: theme.base.bold)
            cell(Format.fit(Format.grouped(entry.score), widths.score - 4, alignRight: true), widths.score)
            cell(String(entry.largestTile), widths.best)
            if board.board.isSprint {
                let sprint = entry.sprintTime.map { Format.clock(milliseconds: $0) } ?? "—"
                cell(Format.fit(sprint, widths.assists - 2, alignRight: true), widths.assists)
            } else {
                cell(Format.fit(String(entry.assists), widths.assists - 4, alignRight: true), widths.assists)
            }
            cell(board.board.isSprint ? "" : Format.clock(milliseconds: entry.milliseconds), widths.time)
            let date = ScreenText.sanitize(entry.date)
            cell(wideDates || date.count < 10 ? date : String(date.dropFirst(5)), dateWidth(wideDates: wideDates))
        }
        var shown = ""
        if board.total > visible || board.hasMore {
            shown = "\(start + 1)-\(min(count, start + visible)) of \(board.total)"
            if board.isLoadingMore, !isRating { shown = "loading more… " + shown }
            frame.text(shown, x: x + tableWidth(wideDates: wideDates) - shown.count, y: frame.height - 3, style: theme.muted)
        }
        let width = min(frame.width - x - 1, tableWidth(wideDates: wideDates) - (shown.isEmpty ? 0 : shown.count + 2))
        drawStanding(board, x: x, width: width, theme: theme, into: &frame)
    }

    /// Under the ratings: why the player's own is not listed ("you: 1662? · not listed yet: 3 more rated races"),
    /// or else how many the board does not list. Under the games: the player's own held for review, on no board yet.
    private static func drawStanding(_ board: LeaderboardState, x: Int, width: Int, theme: Theme, into frame: inout Frame) {
        let text: String
        let style: CellStyle
        let held = board.heldShown
        if let first = held.first {
            let score = Format.grouped(first.result.score)
            let more = held.count > 1 ? " and \(held.count - 1) more" : ""
            text = "held for review: your \(score)\(more), on no board until approved"
            style = theme.accented
        } else if let own = board.own, let why = RatingText.unlisted(own) {
            text = "you: \(RatingText.text(own.rating, isProvisional: own.isProvisional)) · \(why)"
            style = theme.accented
        } else if board.unlisted > 0 {
            text = "\(board.unlisted) rated player\(board.unlisted == 1 ? "" : "s") not listed yet"
            style = theme.muted
        } else {
            return
        }
        frame.text(Format.fit(text, max(0, width)).trimmingTrailingSpaces, x: x, y: frame.height - 3, style: style)
    }
}
