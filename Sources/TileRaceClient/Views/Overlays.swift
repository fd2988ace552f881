import TileRaceProtocol

/// The nickname prompt: shown before the first thing that needs a nickname.
enum NicknamePromptView {
    static func draw(_ prompt: NicknamePrompt, theme: Theme, into frame: inout Frame) {
        var lines: [Dialog.Line] = [Dialog.Line(text: "Your nickname", style: theme.accented), .blank]
        if let message = prompt.message {
            lines += [Dialog.Line(text: ScreenText.sanitize(message), style: theme.base, alignment: .leading), .blank]
        }
        lines.append(Dialog.Line(text: "Nickname: " + prompt.field.text + "_", style: theme.accented, alignment: .leading))
        if prompt.isChecking {
            lines.append(Dialog.Line(text: "asking the server…", style: theme.muted, alignment: .leading))
        } else if let refusal = prompt.field.refusal {
            lines.append(Dialog.Line(text: refusal, style: theme.warned, alignment: .leading))
        } else {
            lines.append(Dialog.Line(text: Nickname.rule, style: theme.muted, alignment: .leading))
        }
        lines += [.blank, Dialog.Line(text: "Enter confirm    Esc cancel", style: theme.muted)]
        Dialog.draw(lines, in: frame.bounds, minimumWidth: 48, theme: theme, into: &frame)
    }
}

/// The server could not be reached, or was lost: what happened and what can be done.
enum ConnectionProblemView {
    static func draw(_ problem: ConnectionProblem, model: Model, theme: Theme, into frame: inout Frame) {
        let width = min(frame.width - 10, 64)
        var lines: [Dialog.Line] = [Dialog.Line(text: "No connection to the server", style: theme.warned), .blank]
        lines += wrap(ScreenText.sanitize(problem.message), width: width).map {
            Dialog.Line(text: $0, style: theme.base, alignment: .leading)
        }
        lines.append(.blank)
        if problem.wasRacing {
            lines += [
                Dialog.Line(text: "Your race is over; your board stays, played offline.", style: theme.muted, alignment: .leading), .blank,
            ]
        }
        let offline = model.screen == .game && model.session != nil ? "keep playing offline" : "play offline"
        let again = model.network.hasConnected ? "reconnect" : "retry"
        lines.append(Dialog.Line(text: "Enter \(again)    o \(offline)    q menu", style: theme.accented))
        Dialog.draw(lines, in: frame.bounds, minimumWidth: 50, theme: theme, into: &frame)
    }

    /// Broken at spaces into lines of at most `width` characters, as dialogs break them; none for no text.
    static func wrap(_ text: String, width: Int) -> [String] {
        text.isEmpty ? [] : Dialog.wrapped([Dialog.Line(text: text, style: .plain)], width: width).map(\.text)
    }
}
