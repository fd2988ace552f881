import TileRaceEngine

/// The practice hint: the strongest bot's move, found off the loop's queue.
/// A game with a hint shown is not offered for submission.
extension Update {
    /// Practice only.
    static func requestHint(_ model: inout Model) -> [Effect] {
        guard let session = model.session else { return [] }
        guard session.mode == .practice else {
            model.show("hints are for practice games only", .warning)
            return []
        }
        guard !session.game.isOver, session.currentHint == nil, session.hintSearch != session.game.board else { return [] }
        model.session?.hintSearch = session.game.board
        model.show("thinking…")
        return [.findHint(session.game.board)]
    }

    /// Dropped if the player moved meanwhile.
    static func hintFound(_ board: Board, direction: Direction?, model: inout Model) {
        guard let session = model.session else { return }
        if session.hintSearch == board { model.session?.hintSearch = nil }
        guard session.mode == .practice, session.game.board == board, session.end == nil else { return }
        model.changeSession { session in
            session.hint = Hint(board: board, direction: direction)
            session.hasShownHint = true
        }
        model.show(direction.map { "hint: \($0.arrow) \($0.name) · a game with a hint cannot be submitted" } ?? "no move left")
    }
}
