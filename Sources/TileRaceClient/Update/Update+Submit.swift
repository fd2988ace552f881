import TileRaceProtocol

/// The answers to `SUBMIT`: where the game landed, or why it did not.
extension Update {
    static func submitted(_ receipt: SubmitReceipt, nickname: String, model: inout Model) -> [Effect] {
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
        if receipt.token != nil { message += " · nickname claimed" }
        if !closeSubmission(message, kind: .success, model: &model) { model.show(message, .success) }
        return effects
    }

    static func submitRefused(_ nickname: String, error: ProtocolError, model: inout Model) {
        switch error.code {
        case .badToken:
            // Someone else claimed this nickname: ask for another.
            guard offerAgain(nickname, refusal: "\(nickname) belongs to someone else: pick another", model: &model) else {
                model.show("the nickname \(nickname) belongs to someone else", .warning)
                return
            }
        case .unavailable, .internal:
            // The server's store failed: nothing was recorded, and the game can be sent again.
            let why = error.code == .unavailable ? "the leaderboard cannot be reached now" : ScreenText.sanitize(error.message)
            let reason = "not submitted: \(why) (Enter tries again)"
            if !offerAgain(nickname, refusal: reason, model: &model) { model.show(reason, .warning) }
        case .notEligible:
            closeSubmission("only 4x4 games go on the leaderboard", kind: .info, model: &model)
        case .nothingToSubmit:
            closeSubmission("the server has no finished game of yours to submit", kind: .warning, model: &model)
        case .badName:
            closeSubmission("nickname: \(Nickname.rule)", kind: .warning, model: &model)
        default:
            let message = "not submitted: \(ScreenText.sanitize(error.message))"
            if !closeSubmission(message, kind: .warning, model: &model) { model.show(message, .warning) }
        }
    }

    /// Puts the end dialog back on its nickname field, with why the
    /// submission did not go through, if it is still waiting.
    private static func offerAgain(_ nickname: String, refusal: String, model: inout Model) -> Bool {
        guard var session = model.session, var end = session.end, case .submitting = end.stage else { return false }
        var field = TextField(nickname)
        field.refusal = refusal
        end.stage = .nickname(field)
        end.isEditingNickname = true
        session.end = end
        model.session = session
        return true
    }

    /// Shows what became of the submission in the end dialog, if it is still waiting.
    @discardableResult
    private static func closeSubmission(_ message: String, kind: Notice.Kind, model: inout Model) -> Bool {
        guard var session = model.session, var end = session.end, case .submitting = end.stage else { return false }
        end.stage = .closed(message: message, kind: kind)
        end.isHidden = false
        session.end = end
        model.session = session
        return true
    }
}
