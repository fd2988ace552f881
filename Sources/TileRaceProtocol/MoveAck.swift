/// The `OK MOVE` reply: the server's figures after the entries of one `MOVE`.
public struct MoveAck: FieldsRepresentable {
    /// The last entry applied.
    public var seq: Int
    public var score: Int
    /// Valid moves, net of undos.
    public var moves: Int
    public var largestTile: Int
    public var hasWon: Bool
    public var isOver: Bool
    /// Set when this line finished the race (target or no moves left).
    public var finished: FinishReason?

    public init(seq: Int, score: Int, moves: Int, largestTile: Int, hasWon: Bool, isOver: Bool, finished: FinishReason? = nil) {
        self.seq = seq
        self.score = score
        self.moves = moves
        self.largestTile = largestTile
        self.hasWon = hasWon
        self.isOver = isOver
        self.finished = finished
    }

    public static let blank = MoveAck(seq: 0, score: 0, moves: 0, largestTile: 0, hasWon: false, isOver: false)
    public static let fieldTable: [Field<MoveAck>] = [
        .integer("seq", \.seq), .integer("score", \.score), .integer("moves", \.moves), .integer("max", \.largestTile),
        .bool("won", \.hasWon), .bool("over", \.isOver), .choice("finished", \.finished),
    ]

    /// Four numbers of at most 20 characters; names, flags and the longest reason fit in 128.
    static let maximumWrittenLength = 4 * ByteCursor.maximumDecimalLength + 128

    /// The same words as `fields`, written straight into the line sent for every move.
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
}
