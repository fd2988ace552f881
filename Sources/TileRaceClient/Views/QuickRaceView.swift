/// The quick race's waiting screen: how long we waited, how many players
/// look for a race, and the bots offer once the server makes it.
enum QuickRaceView {
    static func draw(_ model: Model, theme: Theme, into frame: inout Frame) -> [Chrome.Hint]? {
        Chrome.header("QUICK RACE · rated, 4x4", right: model.network.nickname ?? "", theme: theme, into: &frame)
        let area = Rect(x: 0, y: 1, width: frame.width, height: frame.height - 3)
        let leave: Chrome.Hint = ("Esc", "leave the queue")
        guard let state = model.quickRace else { return [leave] }
        let seconds = state.secondsWaited(at: model.now)
        var y = area.y + area.height / 2 - 3
        let looking =
            state.isConnectionLost
            ? Update.queueLostText + " · back in it once connected"
            : state.isQueued
                ? (state.waiting == 1 ? "1 player looking for a race (you)" : "\(state.waiting) players looking for a race")
                : "joining the queue…"
        frame.centeredText("looking for players of close rating", in: area, y: y, style: theme.base.bold)
        y += 2
        frame.centeredText("waited \(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)", in: area, y: y, style: theme.accented)
        y += 1
        frame.centeredText(looking, in: area, y: y, style: state.isConnectionLost ? theme.warned : theme.muted)
        y += 1
        if let rating = state.rating {
            frame.centeredText(
                "your rating " + RatingText.text(rating.rating, isProvisional: rating.isProvisional), in: area, y: y, style: theme.muted)
        }
        y += 1
        if state.offersBots {
            frame.centeredText(
                "nobody close enough yet: a races bots instead (unrated), or keep waiting", in: area, y: y, style: theme.base)
            return [("a", "race bots"), leave]
        }
        frame.centeredText("the range of ratings widens the longer you wait", in: area, y: y, style: theme.muted)
        return [leave]
    }
}
