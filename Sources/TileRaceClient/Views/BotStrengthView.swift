/// The question `a` asks in a room: how well the new bot plays.
enum BotStrengthView {
    /// What each strength does, for the dialog and its test.
    static let strengths = [
        "1  nearly random", "2  greedy: the best board after one move", "3  looks 2 moves ahead",
        "4  looks 3 moves ahead", "5  looks 4 moves ahead: the strongest",
    ]

    static func draw(theme: Theme, into frame: inout Frame) {
        var lines: [Dialog.Line] = [
            Dialog.Line(text: "Add a bot to the room", style: theme.accented), .blank,
            Dialog.Line(text: "How well does it play?", style: theme.base.bold, alignment: .leading),
        ]
        lines += strengths.map { Dialog.Line(text: $0, style: theme.base, alignment: .leading) }
        lines += [
            .blank,
            Dialog.Line(text: "It races at 4 moves a second and leaves with you.", style: theme.muted, alignment: .leading),
            .blank, Dialog.Line(text: "1-5 add it    Esc cancel", style: theme.muted),
        ]
        Dialog.draw(lines, in: frame.bounds, minimumWidth: 50, theme: theme, into: &frame)
    }
}
