/// The `PROGRESS` event: a racer's latest figures and board.
public struct RacerProgress: FieldsRepresentable {
    public var room: String
    public var nickname: String
    public var score: Int
    public var largestTile: Int
    /// Valid moves made, net of undos.
    public var moves: Int
    /// Row-major tile values.
    public var board: [Int]

    public init(room: String, nickname: String, score: Int, largestTile: Int, moves: Int, board: [Int]) {
        self.room = room
        self.nickname = nickname
        self.score = score
        self.largestTile = largestTile
        self.moves = moves
        self.board = board
    }

    public static let blank = RacerProgress(room: "", nickname: "", score: 0, largestTile: 0, moves: 0, board: [])
    public static let fieldTable: [Field<RacerProgress>] = [
        .name("room", \.room), .name("nick", \.nickname), .integer("score", \.score), .integer("max", \.largestTile),
        .integer("moves", \.moves), .board("board", \.board),
    ]

    var maximumWrittenLength: Int {
        64 + room.utf8.count + nickname.utf8.count + 3 * ByteCursor.maximumDecimalLength + BoardField.maximumWrittenLength(of: board)
    }

    /// The same words as `fields`, written straight into every progress line.
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
}
