/// The `PROGRESS` event: a racer's latest figures and board.
public struct RacerProgress: FieldsRepresentable {
    /// The room.
    public var room: String
    /// The racer.
    public var nickname: String
    /// The racer's score.
    public var score: Int
    /// The largest tile on the racer's board.
    public var largestTile: Int
    /// Valid moves made, net of undos.
    public var moves: Int
    /// The racer's board, row-major tile values.
    public var board: [Int]

    /// Creates a progress message.
    public init(room: String, nickname: String, score: Int, largestTile: Int, moves: Int, board: [Int]) {
        self.room = room
        self.nickname = nickname
        self.score = score
        self.largestTile = largestTile
        self.moves = moves
        self.board = board
    }

    public init(fields: Fields) throws(ProtocolError) {
        self.init(
            room: try fields.name("room"), nickname: try fields.name("nick"), score: try fields.integer("score"),
            largestTile: try fields.integer("max"), moves: try fields.integer("moves"),
            board: try BoardField.decode(try fields.string("board")))
    }

    /// The most bytes `write(to:)` writes: the names, three numbers, the
    /// board's values and their commas, and the field names.
    var maximumWrittenLength: Int {
        64 + room.utf8.count + nickname.utf8.count + 3 * ByteCursor.maximumDecimalLength + BoardField.maximumWrittenLength(of: board)
    }

    /// Writes the fields (` room=... nick=... board=...`, each after a
    /// space): the same words as `fields`, straight into the line the
    /// server sends for every racer's progress.
    func write(to cursor: inout ByteCursor) {
        cursor.write(" room=")
        cursor.write(word: room)
        cursor.write(" nick=")
        cursor.write(word: nickname)
        cursor.write(" score=")
        cursor.write(decimal: score)
        cursor.write(" max=")
        cursor.write(decimal: largestTile)
        cursor.write(" moves=")
        cursor.write(decimal: moves)
        cursor.write(" board=")
        BoardField.write(board, to: &cursor)
    }

    public var fields: Fields {
        var fields = Fields()
        fields.append("room", room)
        fields.append("nick", nickname)
        fields.append("score", score)
        fields.append("max", largestTile)
        fields.append("moves", moves)
        fields.append("board", BoardField.encode(board))
        return fields
    }
}
