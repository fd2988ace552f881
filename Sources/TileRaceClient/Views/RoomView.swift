/// One room before its race: the options, who is in and who is ready.
enum RoomView {
    static func draw(_ model: Model, theme: Theme, into frame: inout Frame) {
        guard let room = model.room else { return }
        let options = room.options
        Chrome.header("TILE RACE · room \(TextFilter.sanitize(options.name)) · \(options.size)x\(options.size) to \(options.target)",
                      right: model.connection.summary, theme: theme, into: &frame)
        let limit = options.timeLimit.map { "time limit \($0 / 60) min" } ?? "no time limit"
        let details = "assists \(options.assistsAllowed ? "on" : "off") · \(limit) · \(room.isPrivate ? "private" : "open to all")"
        frame.text(details, x: 2, y: 2, style: theme.muted)
        Chrome.rule("players", x: 2, y: 4, width: min(50, frame.width - 4), theme: theme, into: &frame)
        var y = 5
        for member in room.members where y < frame.height - 5 {
            let mark = member.isReady ? "✓ ready  " : "· waiting"
            frame.text(mark, x: 4, y: y, style: member.isReady ? theme.succeeded : theme.muted)
            let end = frame.text(TextFilter.sanitize(member.nickname), x: 15, y: y, style: member.isYou ? theme.base.bold : theme.base)
            if member.isYou { frame.text("◀ you", x: end + 2, y: y, style: theme.accented) }
            y += 1
        }
        y += 1
        let ready = room.members.filter(\.isReady).count
        if let endsAt = room.countdownEndsAt {
            let seconds = max(1, Int((endsAt - model.now).rounded(.up)))
            frame.text("everyone is ready: the race starts in", x: 4, y: y, style: theme.base.bold)
            BigDigits.draw(String(seconds), x: 43, y: y - 1, style: theme.accented, into: &frame)
        } else {
            frame.text("\(ready) of \(room.members.count) ready · the race starts when all are ready", x: 4, y: y, style: theme.base)
        }
        Chrome.notice(model.notice, theme: theme, into: &frame)
        Chrome.footer([(("r"), room.isReady ? "not ready" : "ready"), ("q", "leave room"), ("?", "help")], theme: theme, into: &frame)
    }
}
