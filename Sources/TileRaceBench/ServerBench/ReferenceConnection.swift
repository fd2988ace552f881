import TileRaceEngine
import TileRaceProtocol

/// One connection of `tilerace-bench server --redis`'s load, without
/// sockets: lines in, bytes to send out. It talks just enough of the
/// TileRace protocol (or of RESP, to Redis) to keep one request in flight at
/// a steady pace and time it; the lines that come most (`OK MOVE`,
/// `PROGRESS`, Redis's replies) are told apart by their first bytes, never
/// parsed into strings, so the load costs little next to the server.
///
/// Owned by its `ReferenceLoad` worker's thread.
final class ReferenceConnection {
    /// What the connection does.
    enum Role: Equatable {
        /// A TileRace practice game: `HELLO`, `PRACTICE`, then `MOVE`s.
        case practice
        /// A TileRace racer in room `room` (`creates`: its first member,
        /// which creates it); `members` race there.
        case racer(room: Int, creates: Bool, members: Int)
        /// Redis: `SET` again and again.
        case redisSet
        /// Redis: `PUBLISH` to channel `channel` (a group the room size).
        case redisPublisher(channel: Int)
        /// Redis: `SUBSCRIBE`s to `channel` and counts its messages (not timed).
        case redisSubscriber(channel: Int)

        /// Whether it sends timed requests.
        var isTimed: Bool {
            if case .redisSubscriber = self { false } else { true }
        }
    }

    /// What a line meant, for its worker to count.
    enum Happening: Equatable {
        /// The request in flight was answered after `nanoseconds` (`isTimed`: a move, SET or PUBLISH).
        case answered(nanoseconds: UInt64, isTimed: Bool)
        /// An `ERR`, `BYE` or Redis error, or a line it cannot use.
        case failed(String)
        /// A line of fan-out arrived: `PROGRESS`, or a Redis message.
        case fannedOut
        /// A racer that joins a room was greeted (it joins once the room is made).
        case greeted
        /// It created or joined its room.
        case enteredRoom
        /// It is ready to be timed: playing, or (Redis) connected and subscribed.
        case becameReady
    }

    let role: Role
    let index: Int
    var output: [UInt8] = []
    /// Whether it may send timed requests now.
    private(set) var isPlaying = false
    /// When the request in flight was sent (monotonic ns); nil when none is.
    private(set) var sentAt: UInt64?
    private var isTimedRequest = false
    /// When its next request is due.
    private(set) var nextDueAt: UInt64 = 0
    private var startsOutOfStep = true
    private var game: Game?
    private var freshGame: Game?
    private var nextSeq = 1
    private var random: SplitMix64
    private var channelName: [UInt8] = []

    init(role: Role, index: Int) {
        self.role = role
        self.index = index
        random = SplitMix64(seed: UInt64(index) &+ 1)
        switch role {
        case .redisPublisher(let channel), .redisSubscriber(let channel): channelName = Array("g\(channel)".utf8)
        default: break
        }
    }

    /// The nickname (TileRace) or key (Redis) it uses.
    var name: String {
        switch role {
        case .practice: "p\(index)"
        case .racer: "r\(index)"
        case .redisSet, .redisPublisher, .redisSubscriber: "k\(index)"
        }
    }

    /// Called once connected: Redis connections start at once (a subscriber
    /// subscribes); TileRace connections wait for the greeting.
    func connected() {
        switch role {
        case .redisSet, .redisPublisher:
            isPlaying = true
        case .redisSubscriber:
            appendRESP(["SUBSCRIBE"], value: channelName)
        case .practice, .racer:
            break
        }
    }

    /// A racer joins its room (once its creator made it).
    func join() {
        guard case .racer(let room, _, _) = self.role else { return }
        append(.join(room: "bench\(room)", code: nil))
    }

    /// A racer says it is ready (once everyone is in the room).
    func ready() {
        append(.ready(true))
    }

    /// Sends the next timed request when one is due and none is in flight.
    func sendIfDue(now: UInt64, interval: UInt64) {
        guard isPlaying, sentAt == nil, now >= nextDueAt else { return }
        if startsOutOfStep {
            // Connections start out of step, as people do.
            startsOutOfStep = false
            nextDueAt = now + random.next() % max(1, interval)
            return
        }
        nextDueAt = max(nextDueAt + interval, now)
        sentAt = now
        isTimedRequest = true
        switch role {
        case .redisSet:
            appendRESP(["SET", name], value: Self.setValue)
        case .redisPublisher:
            appendRESP(["PUBLISH"], value: channelName, Self.publishedMessage)
        case .practice, .racer:
            sendMove()
        case .redisSubscriber:
            sentAt = nil
        }
    }

    /// Handles one line (without its `\n`; a `\r` before it may remain).
    func receive(_ line: UnsafeBufferPointer<UInt8>, now: UInt64) -> Happening? {
        switch role {
        case .redisSet, .redisPublisher:
            guard let first = line.first else { return nil }
            if first == UInt8(ascii: "-") { return answer(now, failure: String(decoding: line, as: UTF8.self)) }
            return answer(now)
        case .redisSubscriber:
            if Self.starts(line, with: Self.messageWord) && line.count <= Self.messageWord.count + 1 { return .fannedOut }
            if Self.starts(line, with: Self.subscribeWord) && line.count <= Self.subscribeWord.count + 1 {
                isPlaying = true
                return .becameReady
            }
            return nil
        case .practice, .racer:
            return receiveTileRace(line, now: now)
        }
    }

    // MARK: TileRace

    private func receiveTileRace(_ line: UnsafeBufferPointer<UInt8>, now: UInt64) -> Happening? {
        if Self.starts(line, with: Self.okMove) { return answer(now) }
        if Self.starts(line, with: Self.progress) { return .fannedOut }
        let text = String(decoding: line, as: UTF8.self)
        let message: ServerMessage
        do throws(ProtocolError) {
            message = try ServerMessage.parse(text)
        } catch {
            return .failed("unreadable line: \(text)")
        }
        switch message {
        case .event(.hello):
            append(.hello(nickname: name))
            return nil
        case .ok(.hello):
            switch role {
            case .racer(let room, true, _): append(.create(room: "bench\(room)", options: RoomOptions()))
            case .racer: return .greeted
            default: append(.practice(PracticeOptions(seed: name)))
            }
            return nil
        case .ok(.practice(let options)):
            guard let seed = options.seed, let config = try? GameConfig(size: options.size, target: options.target),
                let parsed = try? Seed(parsing: seed)
            else { return .failed("unusable reply: \(text)") }
            play(Game(config: config, seed: parsed))
            return .becameReady
        case .ok(.create), .ok(.join):
            return .enteredRoom
        case .ok:
            return answer(now)
        case .error(let error):
            return answer(now, failure: ServerMessage.error(error).line)
        case .event(.start(let start)):
            guard let game = try? start.makeGame() else { return .failed("unusable START: \(text)") }
            play(game)
            return .becameReady
        case .event(.end):
            isPlaying = false
            game = nil
            ready()
            return nil
        case .event(.ping(let token)):
            append(.pong(token))
            return nil
        case .event(.bye):
            return .failed(text)
        default:
            return nil
        }
    }

    private func play(_ game: Game) {
        self.game = game
        freshGame = game
        nextSeq = 1
        isPlaying = true
    }

    /// A valid random move, or (rarely) `RESTART` where the move would end
    /// the game: a game that ended would stop the load (a racer would wait for
    /// the race's end), and a restart keeps every connection moving.
    private func sendMove() {
        guard var current = game else { return }
        game = nil  // moved in place, never copied
        let start = Int(random.next() % 4)
        var chosen: Direction?
        for offset in 0..<4 {
            let direction = Direction.allCases[(start + offset) % 4]
            if current.moveIfValid(direction) != nil {
                chosen = direction
                break
            }
        }
        guard let chosen, !current.isOver else {
            game = freshGame
            nextSeq = 1
            isTimedRequest = false
            append(.restart)
            return
        }
        game = current
        output.append(contentsOf: Self.moveWord)
        Self.appendDecimal(nextSeq, to: &output)
        output.append(UInt8(ascii: " "))
        output.append(chosen.letter.asciiValue ?? UInt8(ascii: "L"))
        output.append(UInt8(ascii: "\n"))
        nextSeq += 1
    }

    private func answer(_ now: UInt64, failure: String? = nil) -> Happening? {
        guard let sent = sentAt else { return failure.map(Happening.failed) }
        sentAt = nil
        if let failure { return .failed(failure) }
        return .answered(nanoseconds: now &- sent, isTimed: isTimedRequest)
    }

    private func append(_ message: ClientMessage) {
        output.append(contentsOf: message.line.utf8)
        output.append(UInt8(ascii: "\n"))
    }

    // MARK: RESP

    /// A RESP array of bulk strings: `words`, then each of `values`.
    private func appendRESP(_ words: [String], value values: [UInt8]...) {
        output.append(UInt8(ascii: "*"))
        Self.appendDecimal(words.count + values.count, to: &output)
        output.append(contentsOf: Self.lineEnd)
        for word in words { appendBulk(Array(word.utf8)) }
        for value in values { appendBulk(value) }
    }

    private func appendBulk(_ bytes: [UInt8]) {
        output.append(UInt8(ascii: "$"))
        Self.appendDecimal(bytes.count, to: &output)
        output.append(contentsOf: Self.lineEnd)
        output.append(contentsOf: bytes)
        output.append(contentsOf: Self.lineEnd)
    }

    // MARK: Bytes

    /// SET's value: as long as a `MOVE` line's fields.
    static let setValue = Array("1 L".utf8)
    /// PUBLISH's message: as long as a `PROGRESS` line, which it stands for.
    static let publishedMessage = Array(
        "PROGRESS room=bench0 nick=r0 score=1024 max=128 moves=120 board=2,4,8,16,32,64,128,0,2,4,8,16,0,0,0,2".utf8)
    private static let okMove = Array("OK MOVE ".utf8)
    private static let progress = Array("PROGRESS ".utf8)
    private static let moveWord = Array("MOVE ".utf8)
    private static let messageWord = Array("message".utf8)
    private static let subscribeWord = Array("subscribe".utf8)
    private static let lineEnd = Array("\r\n".utf8)

    static func starts(_ line: UnsafeBufferPointer<UInt8>, with prefix: [UInt8]) -> Bool {
        guard line.count >= prefix.count else { return false }
        for index in 0..<prefix.count where line[index] != prefix[index] { return false }
        return true
    }

    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        guard value >= 10 else {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        appendDecimal(value / 10, to: &bytes)
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
