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

    /// The most bytes `write(to:)` writes: four numbers of at most 20
    /// characters, and the field names, two flags and the longest reason
    /// well within 128.
    static let maximumWrittenLength = 4 * ByteCursor.maximumDecimalLength + 128

    /// Writes the fields (` seq=12 score=40 ...`, each after a space): the
    /// same words as `fields`, straight into the line the server sends for
    /// every move it acknowledges.
    func write(to cursor: inout ByteCursor) {
        cursor.write(" seq=")
        cursor.write(decimal: seq)
        cursor.write(" score=")
        cursor.write(decimal: score)
        cursor.write(" moves=")
        cursor.write(decimal: moves)
        cursor.write(" max=")
        cursor.write(decimal: largestTile)
        cursor.write(" won=")
        cursor.write(flag: hasWon)
        cursor.write(" over=")
        cursor.write(flag: isOver)
        if let finished {
            cursor.write(" finished=")
            cursor.write(word: finished.rawValue)
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
