/// The `OK MOVE` reply: the server's figures after the entries of one `MOVE`.
public struct MoveAck: FieldsRepresentable {
    /// The last entry applied.
    public var seq: Int
    /// Score.
    public var score: Int
    /// Valid moves, net of undos.
    public var moves: Int
    /// Largest tile.
    public var largestTile: Int
    /// Whether the target was reached.
    public var hasWon: Bool
    /// Whether no move is possible.
    public var isOver: Bool
    /// Set when this line finished the race (target or no moves left).
    public var finished: FinishReason?

    /// Creates an acknowledgement.
    public init(seq: Int, score: Int, moves: Int, largestTile: Int, hasWon: Bool, isOver: Bool, finished: FinishReason? = nil) {
        self.seq = seq
        self.score = score
        self.moves = moves
        self.largestTile = largestTile
        self.hasWon = hasWon
        self.isOver = isOver
        self.finished = finished
    }

    public init(fields: Fields) throws(ProtocolError) {
        var finished: FinishReason?
        if fields["finished"] != nil {
            finished = try fields.choice("finished", as: FinishReason.self)
        }
        self.init(
            seq: try fields.integer("seq"), score: try fields.integer("score"), moves: try fields.integer("moves"),
            largestTile: try fields.integer("max"), hasWon: try fields.bool("won"), isOver: try fields.bool("over"),
            finished: finished)
    }

    /// Appends the fields (` seq=12 score=40 ...`, each after a space) to
    /// `bytes`: the same words as `fields`, written straight into the bytes
    /// to send, as the server does for every move it acknowledges.
    public func write(to bytes: inout [UInt8]) {
        LineBytes.append(" seq=", to: &bytes)
        LineBytes.append(decimal: seq, to: &bytes)
        LineBytes.append(" score=", to: &bytes)
        LineBytes.append(decimal: score, to: &bytes)
        LineBytes.append(" moves=", to: &bytes)
        LineBytes.append(decimal: moves, to: &bytes)
        LineBytes.append(" max=", to: &bytes)
        LineBytes.append(decimal: largestTile, to: &bytes)
        LineBytes.append(" won=", to: &bytes)
        LineBytes.append(flag: hasWon, to: &bytes)
        LineBytes.append(" over=", to: &bytes)
        LineBytes.append(flag: isOver, to: &bytes)
        if let finished {
            LineBytes.append(" finished=", to: &bytes)
            LineBytes.append(finished.rawValue, to: &bytes)
        }
    }

    public var fields: Fields {
        var fields = Fields()
        fields.append("seq", seq)
        fields.append("score", score)
        fields.append("moves", moves)
        fields.append("max", largestTile)
        fields.append("won", hasWon)
        fields.append("over", isOver)
        if let finished { fields.append("finished", finished.rawValue) }
        return fields
    }
}
