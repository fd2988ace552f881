import TileRaceEngine
import TileRaceProtocol

/// The end-of-game dialog: outcome, "keep going?", nickname prompt and `SUBMIT`.
extension Update {
    static func checkEnd(reachedTarget: Bool, model: inout Model) {
        guard model.session?.end == nil else { return }
        model.changeSessionReadingModel { session, model in
            let game = session.game
            if game.isOver, session.serverCopy == .active { session.serverCopy = .finished }
            // A race or a ghost race ends at the target: there is no playing on.
            let endsAtTarget = reachedTarget && (session.ghost != nil || session.isRace)
            if reachedTarget, !endsAtTarget, !session.isPlayingOn, !game.isOver {
                session.clock.pause(at: model.now)
                session.end = endOfGame(.won, session: session, now: model.now, stage: .reachedTarget)
            } else if endsAtTarget || game.isOver {
                // Played on past the target, it ends with no more moves.
                session.clock.stop(at: model.now)
                let outcome: EndOfGame.Outcome = endsAtTarget || game.hasWon && !session.isPlayingOn ? .won : .noMoves
                session.end = endOfGame(outcome, session: session, now: model.now, stage: submitStage(model, session: session))
            }
        }
    }

    /// Resigned, time up or `FINISH`: the clock stops (at `clockStoppedAt`, else now) and the dialog opens.
    static func endGame(_ outcome: EndOfGame.Outcome, clockStoppedAt: Int? = nil, model: inout Model) {
        model.changeSessionReadingModel { session, model in
            session.clock.stop(at: clockStoppedAt ?? model.now)
            session.removalCursor = nil
            session.end = endOfGame(outcome, session: session, now: model.now, stage: submitStage(model, session: session))
        }
    }

    static func endOfGame(_ outcome: EndOfGame.Outcome, session: PlaySession, now: Int, stage: EndOfGame.Stage) -> EndOfGame {
        let game = session.game
        let result = GameResult(
            score: game.score, largestTile: game.board.largestValue, moves: game.moveCount,
            milliseconds: session.clock.elapsed(at: now), size: game.config.size,
            target: game.config.target, assists: game.assistCount, seed: game.seed.text)
        return EndOfGame(outcome: outcome, result: result, stage: stage)
    }

    /// Why not is said before the nickname is asked.
    static func submitStage(_ model: Model, session: PlaySession) -> EndOfGame.Stage {
        if let refusal = model.submitRefusal(for: session) { return .closed(message: refusal, kind: .info) }
        return .nickname(TextField(model.config.lastNickname ?? model.network.nickname ?? model.options.nickname ?? ""))
    }

    /// With its token, if we hold one.
    private static func submit(_ nickname: String, end: EndOfGame, model: inout Model) -> [Effect] {
        guard !waitsForSeat(&model) else { return [] }
        model.config.lastNickname = nickname
        model.session?.end = end
        model.session?.end?.stage = .submitting(nickname: nickname)
        return [.saveConfig, .send(.submit(nickname: nickname, token: model.config.token(for: nickname)))]
    }

    static func endKey(_ key: Key, model: inout Model) -> [Effect] {
        guard let session = model.session, var end = session.end else { return [] }
        switch end.stage {
        case .reachedTarget:
            // No key here is a move (`ShownDialog`).
            switch key {
            case .enter, .character("c"), .character("C"), .character(" "):
                // The clocks go on (`Update.holdPracticeClock`).
                model.changeSession { session in
                    session.end = nil
                    session.isPlayingOn = true
                }
                return []
            case .character("f"), .character("F"):
                guard !waitsForSeat(&model) else { return [] }
                model.changeSessionReadingModel { session, model in
                    session.clock.resume(at: model.now)
                    session.clock.stop(at: model.now)
                    end.result.milliseconds = session.clock.elapsed(at: model.now)
                    end.stage = submitStage(model, session: session)
                    session.end = end
                }
                // Finish the server's game so it can be submitted.
                return endPracticeMirror(&model)
            case .character("n"), .character("r"):
                return newGame(&model)
            case .character("q"), .escape:
                return leaveGame(&model)
            case .character("t"):
                return nextTheme(&model)
            default:
                break
            }
        case .nickname(var field) where !end.isEditingNickname:
            // Game keys still held do nothing. After a resign, Enter takes the safe choice: not submitting (`e` then
            // Enter still submits).
            if key == .escape || key == .character("q") || key == .enter && end.outcome == .resigned {
                end.stage = .closed(message: "not submitted", kind: .info)
            } else if key == .enter, Nickname.isValid(field.text) {
                return submit(field.text, end: end, model: &model)
            } else if key == .enter || key == .character("e") || key == .tab {
                field.refusal = nil
                end.stage = .nickname(field)
                end.isEditingNickname = true
            }
        case .nickname(let field) where key == .enter && Nickname.isValid(field.text):
            return submit(field.text, end: end, model: &model)
        case .nickname where key == .escape:
            end.stage = .closed(message: "not submitted", kind: .info)
        case .nickname(var field):
            if key == .enter { field.refusal = nicknameRuleNotice } else { _ = field.handle(key) }
            end.stage = .nickname(field)
        case .submitting:
            if key == .escape { end.stage = .closed(message: "submission sent; not waiting for the answer", kind: .info) }
        case .closed:
            switch key {
            // Not `s`, a move key that may still be pressed as the game ends.
            case .character("c"), .character("C"):
                return saveRecording(of: session, model: &model)
            case .character("r"), .character("n"):
                if session.isRace { return [] }
                return newGame(&model)
            case .character("q"), .escape, .enter:
                guard session.isRace else { return leaveGame(&model) }
                if key == .character("q") { return leaveRoom(&model) }
                end.isHidden = true
            case .character("t"):
                return nextTheme(&model)
            default:
                break
            }
        }
        model.session?.end = end
        return []
    }

    /// The game just played, as the watch screen draws it, at its pace.
    static func saveRecording(of session: PlaySession, model: inout Model) -> [Effect] {
        guard let log = session.record, !log.entries.isEmpty else {
            model.show(
                session.record == nil ? "no recording: the board became the server's copy during the game" : "nothing to save: no move",
                .warning)
            return []
        }
        let config = session.game.config
        let title =
            switch session.mode {
            case .race(let room): "race in room \(room) · \(config)"
            case .daily(let date): "daily challenge \(date) · \(config)"
            case .practice: "practice · \(config) · seed \(session.game.seed.text)"
            }
        // Timed from the first move, as a record is: a race's clock started at its START.
        let first = log.times?.first ?? 0
        let timed = log.times.flatMap { GameLog(log.entries, times: $0.map { $0 - first }) } ?? log
        return [.saveRecording(RecordToWatch(seed: session.game.seed, config: config, log: timed, title: title, expected: nil))]
    }

    /// Watching the others finish.
    static func finishedKey(_ key: Key, model: inout Model) -> [Effect] {
        if let effects = sharedKey(key, model: &model) { return effects }
        if let number = quickPhraseNumber(key) { return quickPhrase(number, model: &model) }
        switch key {
        case .enter:
            model.session?.end?.isHidden = false
        case .character("/"):
            return openChat(&model)
        case .character("q"), .escape:
            return leaveRoom(&model)
        default:
            model.show("your race is over: the standings come when everyone has finished · q leaves the room")
        }
        return []
    }

    // MARK: Submission

    static func submissionNotSent(model: inout Model) {
        guard model.session?.end?.isSubmitting == true else { return }
        model.session?.end?.stage = .closed(message: "not connected: not submitted", kind: .warning)
    }

    static func submitReplied(_ nickname: String, _ result: Result<OkReply, ProtocolError>, model: inout Model) -> [Effect] {
        guard case .success(let reply) = result else {
            if case .failure(let error) = result { submitRefused(nickname, error: error, model: &model) }
            return []
        }
        guard case .submit(let receipt) = reply else { return [] }
        var effects: [Effect] = []
        if let token = receipt.token {
            model.config.setToken(token, for: receipt.nickname)
            effects.append(.saveConfig)
        }
        let board = receipt.board == .daily ? "today's daily board" : "the leaderboard"
        var message: String
        if let rank = receipt.rank {
            message =
                receipt.improved
                ? "\(receipt.nickname) is \(Format.ordinal(rank)) on \(board) with \(Format.grouped(receipt.score))"
                : "\(receipt.nickname) stays \(Format.ordinal(rank)) on \(board): best \(Format.grouped(receipt.best))"
        } else {
            message = "\(Format.grouped(receipt.score)) is not in the top 100 of \(board)"
        }
        // One game, one time: a game that ended at 2048 shows its sprint time, the server's (from the first move),
        // unless a race's official time (from the start, as its standings) is shown.
        let endedAtTarget = model.session?.end?.outcome == .won
        if endedAtTarget, model.session?.isRace == false, let time = receipt.sprintTime {
            model.session?.end?.officialMilliseconds = time
        }
        if let sprint = sprintNote(receipt, showsTime: !endedAtTarget) { message += " · " + sprint }
        var kind = Notice.Kind.success
        if let rule = receipt.held {
            // On no board until the operator approves it (docs/fair-play.md).
            message = "held for review: " + (Plausibility.Rule(rawValue: rule)?.explanation ?? "it broke the server's rule \(rule)")
            kind = .warning
        }
        if receipt.token != nil { message += " · nickname claimed" }
        if !closeSubmission(message, kind: kind, model: &model) { model.show(message, kind) }
        return effects
    }

    /// From `OK SUBMIT`'s sprint fields; nil when not a sprint. Its time only for a game played on past 2048.
    static func sprintNote(_ receipt: SubmitReceipt, showsTime: Bool) -> String? {
        guard let time = receipt.sprintTime else { return nil }
        let sprint = showsTime ? "sprint \(Format.clock(milliseconds: time)) to 2048" : "a sprint"
        guard let rank = receipt.sprintRank else { return sprint + ": not in the top 100 of the sprint board" }
        if receipt.sprintImproved == false, let best = receipt.sprintBest {
            return sprint + ": stays \(Format.ordinal(rank)) on the sprint board, best \(Format.clock(milliseconds: best))"
        }
        return sprint + ": \(Format.ordinal(rank)) on the sprint board"
    }

    private static func submitRefused(_ nickname: String, error: ProtocolError, model: inout Model) {
        switch error.code {
        case .badToken:
            guard offerAgain(nickname, refusal: "\(nickname) belongs to someone else: pick another", model: &model) else {
                model.show("the nickname \(nickname) belongs to someone else", .warning)
                return
            }
        case .unavailable, .internal:
            // Nothing was recorded: the game can be sent again.
            let why = error.code == .unavailable ? "the leaderboard cannot be reached now" : ScreenText.sanitize(error.message)
            let reason = "not submitted: \(why) (Enter tries again)"
            if !offerAgain(nickname, refusal: reason, model: &model) { model.show(reason, .warning) }
        case .notEligible:
            let why = model.session?.ghost != nil ? GhostRace.notEligible : "only 4x4 games go on the leaderboard"
            closeSubmission(why, kind: .info, model: &model)
        case .nothingToSubmit:
            closeSubmission("the server has no finished game of yours to submit", kind: .warning, model: &model)
        case .badName:
            closeSubmission(nicknameRuleNotice, kind: .warning, model: &model)
        default:
            let message = "not submitted: \(ScreenText.sanitize(error.message))"
            if !closeSubmission(message, kind: .warning, model: &model) { model.show(message, .warning) }
        }
    }

    /// If the submission is still waiting.
    private static func offerAgain(_ nickname: String, refusal: String, model: inout Model) -> Bool {
        guard model.session?.end?.isSubmitting == true else { return false }
        var field = TextField(nickname)
        field.refusal = refusal
        model.session?.end?.stage = .nickname(field)
        model.session?.end?.isEditingNickname = true
        return true
    }

    /// If the submission is still waiting.
    @discardableResult
    private static func closeSubmission(_ message: String, kind: Notice.Kind, model: inout Model) -> Bool {
        guard model.session?.end?.isSubmitting == true else { return false }
        model.session?.end?.stage = .closed(message: message, kind: kind)
        model.session?.end?.isHidden = false
        return true
    }
}
