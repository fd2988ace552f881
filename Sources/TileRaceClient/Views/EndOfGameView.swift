import TileRaceProtocol

/// The dialog at the end of a game: the outcome, the figures, then the
/// nickname prompt and what became of the submission.
enum EndOfGameView {
    static func draw(_ end: EndOfGame, model: Model, session: PlaySession, in area: Rect, theme: Theme, into frame: inout Frame) {
        let title: String =
            switch end.outcome {
            case .won: "You reached \(end.target)!"
            // Played on past the target: the game is over, its target long reached.
            case .noMoves where session.game.hasWon: "No more moves"
            case .noMoves: "No moves left"
            case .timeUp: "Time's up"
            case .resigned: "You resigned"
            case .lostToGhost: "The ghost reached \(end.target) first"
            }
        let figures = "score \(Format.grouped(end.score)) · \(Format.grouped(end.moves)) moves · \(Format.clock(milliseconds: end.time))"
        var lines = [
            Dialog.Line(text: title, style: end.outcome == .won ? theme.succeeded : theme.accented),
            Dialog.Line(text: figures, style: theme.base),
            Dialog.Line(text: "best tile \(end.largestTile) · assists \(end.assists)", style: theme.muted),
        ]
        if let race = model.race, let index = race.ranked.firstIndex(where: \.isYou) {
            let stillRacing = race.players.filter { $0.status == .playing }.count
            // Once the results are in, the server's place: racers a rated race counts as drawn share one.
            var place = index + 1
            var isTied = false
            if case .finished(let standings) = race.phase, let own = standings.first(where: { $0.nickname == race.ranked[index].nickname }),
                own.place > 0
            {
                place = own.place
                isTied = standings.filter { $0.place == own.place }.count > 1
            }
            var text =
                "\(Format.ordinal(place)) of \(race.players.count)\(isTied ? ", tied," : "") in room \(ScreenText.sanitize(race.room))"
            if stillRacing > 0, !race.isOver { text += " so far · \(stillRacing) still racing" }
            lines.append(Dialog.Line(text: text, style: theme.base))
        } else if let ghost = session.ghost {
            let verdict = ghost.verdict(reachedTargetAfter: end.outcome == .won ? end.time : nil, score: end.score)
            lines += ConnectionProblemView.wrap(verdict, width: max(20, min(64, area.width - 10))).map {
                Dialog.Line(text: $0, style: theme.base)
            }
        } else if case .daily(let date) = session.mode {
            lines.append(Dialog.Line(text: "daily challenge \(date)", style: theme.muted))
        }
        if let sprint = sprintLine(end, session: session) { lines.append(Dialog.Line(text: sprint, style: theme.succeeded)) }
        lines.append(.blank)
        switch end.stage {
        case .reachedTarget:
            // Finishing offers to submit only a game that can be submitted; otherwise the dialog says why not.
            let refusal = model.submitRefusal(for: session)
            let question =
                refusal == nil ? "Keep going for a bigger tile, or finish and submit?" : "Keep going for a bigger tile, or finish here?"
            lines.append(Dialog.Line(text: question, style: theme.base))
            lines += ConnectionProblemView.wrap(refusal ?? "", width: max(20, min(64, area.width - 10))).map {
                Dialog.Line(text: $0, style: theme.muted)
            }
            // No key of this dialog is a move: a player still sliding tiles cannot end the game by accident.
            lines += [.blank, Dialog.Line(text: "Enter keep going   f finish   n new game   q menu", style: theme.muted)]
        case .nickname(let field) where !end.isEditingNickname:
            lines.append(Dialog.Line(text: "Submit to the leaderboard?", style: theme.base.bold, alignment: .leading))
            // Compact, so that the keys line still fits at 60x18.
            let hasNickname = Nickname.isValid(field.text)
            // After a resign, skipping is focused (`Update.endKey`).
            let button =
                end.outcome == .resigned ? "[ Skip ]" : hasNickname ? "[ Submit as \(field.text) ]" : "[ Choose a nickname ]"
            let hint =
                end.outcome == .resigned
                ? "Enter skip   e submit (nickname first)"
                : hasNickname ? "Enter submit   e edit nickname   q skip" : "Enter choose a nickname   q skip"
            lines += [Dialog.Line(text: button, style: theme.accented.bold), .blank, Dialog.Line(text: hint, style: theme.muted)]
        case .nickname(let field):
            lines += [
                Dialog.Line(text: "Submit to the leaderboard?", style: theme.base.bold, alignment: .leading),
                Dialog.Line(text: "Nickname: " + field.text + "_", style: theme.accented, alignment: .leading),
                Dialog.Line(
                    text: field.refusal ?? Nickname.rule, style: field.refusal == nil ? theme.muted : theme.warned, alignment: .leading),
                .blank, Dialog.Line(text: "Enter confirm    Esc cancel", style: theme.muted),
            ]
        case .submitting(let nickname):
            lines += [
                Dialog.Line(text: "Submitting as \(nickname)…", style: theme.base), .blank,
                Dialog.Line(text: "Esc stop waiting", style: theme.muted),
            ]
        case .closed(let message, let kind):
            if let message {
                // A long result goes a part a line ("ana is 2nd ..." / "sprint 1:23.4: ..."), not cut mid-phrase.
                let text = ScreenText.sanitize(message)
                let parts = text.count <= area.width - 6 ? [text] : text.components(separatedBy: " · ")
                lines += parts.map { Dialog.Line(text: $0, style: theme.style(of: kind)) } + [.blank]
            }
            let hint =
                session.isRace
                ? "Enter watch the race    c save    q leave the room"
                : session.ghost != nil ? "r race again    c save    q menu" : "r new game    c save    q menu"
            lines.append(Dialog.Line(text: hint, style: theme.muted))
        }
        // After a practice or daily game: its score over the moves, when there is room.
        drawChart(lines, session: session, in: area, theme: theme, into: &frame)
    }

    /// What the dialog says of a sprint before it is submitted: a 4x4 game
    /// that made 2048 on the server's seed (a race, or a practice game the
    /// server dealt and that was never paused) with no assist and no
    /// hint also enters the sprint board when submitted; nil otherwise, and
    /// once the submission said where it landed.
    static func sprintLine(_ end: EndOfGame, session: PlaySession) -> String? {
        guard session.isRace || session.isSprintPractice, end.outcome == .won, end.size == 4, end.target == 2048, end.assists == 0,
            !session.hasShownHint
        else { return nil }
        switch end.stage {
        // Its time is the server's, from the first move (not the race's start): the reply says it.
        case .reachedTarget, .nickname, .submitting: return "a sprint: submitted, its time goes on the sprint board"
        case .closed: return nil
        }
    }

    private static func drawChart(_ lines: [Dialog.Line], session: PlaySession, in area: Rect, theme: Theme, into frame: inout Frame) {
        // As drawn: long lines wrap, and the keys' line must stay in view.
        let dialogHeight = Dialog.wrapped(lines, width: area.width - 6).count + 4
        let chartHeight = min(area.height - dialogHeight, max(10, area.height / 2))
        guard !session.isRace, session.progress.points.count >= 2, chartHeight >= LineChart.minimumSize.height + 2 else {
            Dialog.draw(lines, in: area, minimumWidth: 44, theme: theme, into: &frame)
            return
        }
        let top = area.y + max(0, (area.height - dialogHeight - chartHeight) / 2)
        let dialog = Dialog.draw(
            lines, in: Rect(x: area.x, y: top, width: area.width, height: dialogHeight), minimumWidth: 44, theme: theme, into: &frame)
        let width = min(area.width, max(dialog.width, min(area.width - 4, 100)))
        let rect = Rect(x: area.x + (area.width - width) / 2, y: dialog.maxY, width: width, height: chartHeight)
        let background = CellStyle(foreground: theme.text, background: theme.screenBackground)
        frame.fill(rect, style: background)
        frame.box(rect, style: theme.usesColour ? background.with(foreground: theme.accent) : background, lines: .rounded)
        LineChart.draw([session.progress], title: PlaySession.progressLegend, in: rect.inset(dx: 2, dy: 1), theme: theme, into: &frame)
    }
}
