public struct ReplayResult: Hashable, Sendable {
    public let game: Game
    /// Entries skipped because they could not apply at their point.
    public let invalidCount: Int

    /// `tilerace replay --json`, keys in this order:
    /// `{"board":[[0,2,...],...],"score":S,"moves":M,"invalid":I,"undos":U,"removals":R,"won":B,"over":B,"max":T}`;
    /// `moves` is net of undos.
    public var jsonLine: String {
        let board = game.board
        let rows = board.rows.map { row in "[" + row.map(String.init).joined(separator: ",") + "]" }
        return "{\"board\":[" + rows.joined(separator: ",") + "]"
            + ",\"score\":\(game.score)"
            + ",\"moves\":\(game.moveCount)"
            + ",\"invalid\":\(invalidCount)"
            + ",\"undos\":\(game.undoCount)"
            + ",\"removals\":\(game.removalCount)"
            + ",\"won\":\(game.hasWon)"
            + ",\"over\":\(game.isOver)"
            + ",\"max\":\(board.largestValue)}"
    }
}
