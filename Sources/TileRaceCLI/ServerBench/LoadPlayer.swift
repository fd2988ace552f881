import Dispatch
import TileRaceEngine
import TileRaceProtocol
import TileRaceTransport

/// One simulated player of `tilerace bench server`: a real protocol client
/// over a `LineChannel`, racing in a room (or, as a submitter, submitting
/// practice games as fast as the server acknowledges them). It plays cheap
/// random valid moves with its own copy of the game, one `MOVE` in flight at
/// a time, and records each `MOVE` round trip.
///
/// Owned by the load generator's queue, like everything of the generator.
final class LoadPlayer {
    /// What the player does.
    enum Role {
        /// Races in `room`; `creates` says whether it creates the room.
        case racer(room: String, creates: Bool)
        /// Submits a fresh nickname's practice game again and again.
        case submitter
    }

    let nickname: String
    let role: Role
    private(set) var channel: LineChannel?
    private var framer = LineFramer()
    private var game: Game?
    private var nextSeq = 1
    private var moveSentAt: UInt64?
    private var random: SplitMix64
    private var submissionNumber = 0
    private var isSubmitting = false
    /// Three requests per submission: at most one every 16 ms stays under the
    /// server's 200 requests per second.
    private static let submissionSpacing: UInt64 = 16_000_000
    /// When the next move is due (monotonic nanoseconds).
    var nextMoveAt: UInt64 = 0
    /// Set when a race starts: the first move waits a random part of an
    /// interval, so players move out of step, as people do (in step, every
    /// room's players would move in the same millisecond, a burst no real
    /// crowd makes).
    private var startsOutOfStep = false
    /// Whether it joined its room (racers).
    private(set) var hasJoined = false
    /// Whether it saw a race start.
    private(set) var hasStarted = false
    /// Whether its game is running and it may move.
    var isRacing: Bool { game != nil && !isDone }
    private var isDone = false

    /// What happened, for the report.
    var onRoundTrip: (UInt64) -> Void = { _ in }
    var onProgress: () -> Void = {}
    var onError: (String) -> Void = { _ in }
    var onSubmitted: () -> Void = {}
    var onJoined: () -> Void = {}
    var onRaceEnded: () -> Void = {}

    init(nickname: String, role: Role, seed: UInt64) {
        self.nickname = nickname
        self.role = role
        random = SplitMix64(seed: seed)
    }

    /// Takes over a connected socket and starts talking (its input reported
    /// by `poller` when there is one).
    func start(fd: Int32, queue: DispatchQueue, poller: ReadinessPoller?) {
        let channel = LineChannel(fd: fd, queue: queue, outputLimit: 1 << 20, poller: poller)
        self.channel = channel
        channel.start(
            LineChannel.Handlers(
                received: { [weak self] bytes in self?.received(bytes) },
                ended: { [weak self] reason in self?.onError("connection ended: \(reason)") }))
        switch role {
        case .racer(let room, let creates):
            send("HELLO tilerace 1 \(nickname)", creates ? "CREATE \(room) limit=0" : "JOIN \(room)")
        case .submitter:
            send("HELLO tilerace 1")
        }
    }

    /// Marks itself ready for the next race.
    func ready() {
        send("READY")
    }

    /// Sends its next move (or submission) if one is due and none is in flight.
    func moveIfDue(now: UInt64, interval: UInt64) {
        if case .submitter = role {
            guard !isSubmitting, now >= nextMoveAt else { return }
            nextMoveAt = now + LoadPlayer.submissionSpacing
            nextSubmission()
            return
        }
        guard isRacing, moveSentAt == nil, now >= nextMoveAt, var game else { return }
        if startsOutOfStep {
            startsOutOfStep = false
            nextMoveAt = now + random.next() % max(1, interval)
            return
        }
        let start = Int(random.next() % 4)
        for offset in 0..<4 {
            let direction = Direction.allCases[(start + offset) % 4]
            guard game.board.sliding(direction) != nil else { continue }
            _ = try? game.move(direction)
            self.game = game
            moveSentAt = now
            send("MOVE \(nextSeq) \(GameLog.Entry.move(direction))")
            nextSeq += 1
            nextMoveAt = max(nextMoveAt + interval, now)
            return
        }
        isDone = true  // no move left: the server finishes the game with the last one
    }

    private func received(_ bytes: [UInt8]) {
        framer.append(bytes)
        while let line = try? framer.nextLine() {
            handle(line)
        }
    }

    private func handle(_ line: String) {
        if line.hasPrefix("PROGRESS ") {
            onProgress()
        } else if line.hasPrefix("OK MOVE ") {
            if let sentAt = moveSentAt { onRoundTrip(DispatchTime.now().uptimeNanoseconds - sentAt) }
            moveSentAt = nil
            if line.contains(" over=yes") || line.contains(" finished=") { isDone = true }
        } else if line.hasPrefix("START ") {
            guard case .event(.start(let start))? = try? ServerMessage.parse(line), let game = try? start.makeGame() else {
                onError("unreadable START: \(line)")
                return
            }
            self.game = game
            hasStarted = true
            nextSeq = 1
            isDone = false
            moveSentAt = nil
            startsOutOfStep = true
        } else if line.hasPrefix("END ") {
            game = nil
            onRaceEnded()
        } else if line.hasPrefix("OK CREATE ") || line.hasPrefix("OK JOIN ") {
            hasJoined = true
            onJoined()
        } else if line.hasPrefix("OK SUBMIT ") {
            onSubmitted()
            isSubmitting = false
        } else if line.hasPrefix("PING") {
            send("PONG" + line.dropFirst(4))
        } else if line.hasPrefix("ERR ") || line.hasPrefix("RESYNC ") || line.hasPrefix("BYE") {
            onError(line)
            if line.hasPrefix("ERR "), case .submitter = role { isSubmitting = false }
        }
    }

    private func nextSubmission() {
        submissionNumber += 1
        isSubmitting = true
        // A fresh nickname each time: its claim is always a new record to store.
        send("PRACTICE seed=\(submissionNumber)", "RESIGN", "SUBMIT \(nickname)x\(submissionNumber)")
    }

    private func send(_ lines: String...) {
        guard let channel else { return }
        channel.enqueue(lines)
        channel.flush()
    }
}
