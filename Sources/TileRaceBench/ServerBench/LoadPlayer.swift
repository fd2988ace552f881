import Dispatch
import TileRaceEngine
import TileRaceProtocol
import TileRaceTransport

/// One simulated player of `tilerace-bench server`: a real protocol client
/// over the transport's `ClientConnection` (the same conversation the
/// terminal client and the bots have), racing in a room (or, as a submitter,
/// submitting practice games as fast as the server acknowledges them). It
/// plays cheap random valid moves with its own copy of the game, one `MOVE`
/// in flight at a time, and records each `MOVE` round trip.
///
/// Owned by its `LoadShard`'s queue, where its connection runs (the
/// connection asserts it at each entry).
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
    private(set) var connection: ClientConnection?
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
        // A load generator writes each request at once (one move in flight),
        // and only counts PROGRESS lines (the most it receives): unparsed.
        let connection = ClientConnection(
            queue: queue, outputLimit: 1 << 20, writePolicy: .immediately, poller: poller, skippedEvents: ["PROGRESS"])
        self.connection = connection
        connection.start(socket: fd) { [weak self] event in self?.received(event) }
        switch role {
        case .racer(let room, let creates):
            send(.hello(nickname: nickname), creates ? .create(room: room, options: RoomOptions()) : .join(room: room, code: nil))
        case .submitter:
            send(.hello(nickname: nil))
        }
    }

    /// Marks itself ready for the next race.
    func ready() {
        send(.ready(true))
    }

    /// Sends its next move (or submission) if one is due and none is in flight.
    func moveIfDue(now: UInt64, interval: UInt64) {
        if case .submitter = role {
            guard !isSubmitting, now >= nextMoveAt else { return }
            nextMoveAt = now + LoadPlayer.submissionSpacing
            nextSubmission()
            return
        }
        // Called for every player every millisecond: the cheap checks first,
        // and the game is never copied (a move changes it in place).
        guard moveSentAt == nil, now >= nextMoveAt, !isDone, game != nil else { return }
        if startsOutOfStep {
            startsOutOfStep = false
            nextMoveAt = now + random.next() % max(1, interval)
            return
        }
        let start = Int(random.next() % 4)
        for offset in 0..<4 {
            let direction = Direction.allCases[(start + offset) % 4]
            guard game?.moveIfValid(direction) != nil else { continue }
            moveSentAt = now
            send(.move(seq: nextSeq, entries: [.move(direction)]))
            nextSeq += 1
            nextMoveAt = max(nextMoveAt + interval, now)
            return
        }
        isDone = true  // no move left: the server finishes the game with the last one
    }

    private func received(_ event: ClientConnection.Event) {
        switch event {
        case .skippedEvent:
            onProgress()
        case .reply(.move, .success(.move(let acknowledgement)), _):
            if let sentAt = moveSentAt { onRoundTrip(DispatchTime.now().uptimeNanoseconds - sentAt) }
            moveSentAt = nil
            if acknowledgement.isOver || acknowledgement.finished != nil { isDone = true }
        case .event(.start(let start)):
            guard let game = try? start.makeGame() else {
                onError("unreadable START: \(ServerMessage.event(.start(start)).line)")
                return
            }
            self.game = game
            hasStarted = true
            nextSeq = 1
            isDone = false
            moveSentAt = nil
            startsOutOfStep = true
        case .event(.end):
            game = nil
            onRaceEnded()
        case .reply(.create, .success, _), .reply(.join, .success, _):
            hasJoined = true
            onJoined()
        case .reply(.submit, .success, _):
            onSubmitted()
            isSubmitting = false
        case .reply(_, .failure(let error), _):
            onError(ServerMessage.error(error).line)
            if case .submitter = role { isSubmitting = false }
        case .event(.resync(let sync)):
            onError(ServerMessage.event(.resync(sync)).line)
        case .ended(let reason, let bye):
            onError("connection ended: \(reason)" + (bye.map { " (BYE \($0))" } ?? ""))
        case .greeted, .reply, .event, .answeredPing, .unreadable, .connectFailed:
            break
        }
    }

    private func nextSubmission() {
        submissionNumber += 1
        isSubmitting = true
        // A fresh nickname each time: its claim is always a new record to store.
        let options = PracticeOptions(seed: "\(submissionNumber)")
        send(.practice(options), .resign, .submit(nickname: "\(nickname)x\(submissionNumber)", token: nil))
    }

    private func send(_ messages: ClientMessage...) {
        connection?.send(messages)
    }
}
