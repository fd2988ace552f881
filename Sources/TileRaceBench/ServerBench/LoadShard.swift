import Dispatch
import Foundation
import TileRaceTransport

/// Some of the load's players, with whole rooms, on a queue of their own:
/// the generator runs one shard per core it may use, so that it is not the
/// bottleneck it measures. Counts what its players see while measuring.
///
/// Its state is owned by `queue`: every method runs there (`sync` from outside).
final class LoadShard: @unchecked Sendable {
    /// Shards by default: one per core, at most 4.
    static var defaultCount: Int { min(4, max(1, ProcessInfo.processInfo.activeProcessorCount)) }

    let queue: DispatchQueue
    /// Reports its players' input all at once (Linux), as the server's shards do.
    private let poller: ReadinessPoller?
    private let roomSize: Int
    private var players: [LoadPlayer] = []
    private var timer: (any DispatchSourceTimer)?
    private(set) var roundTrips: [UInt64] = []
    private(set) var progressLines = 0
    private(set) var submissions = 0
    private(set) var errors: [String] = []
    private var isMeasuring = false
    private var expectedMembers: [String: Int] = [:]

    init(index: Int, roomSize: Int) {
        queue = DispatchQueue(label: "tilerace.bench.load.\(index)")
        poller = ReadinessPoller.make(queue: queue)
        self.roomSize = roomSize
    }

    /// Adds a player whose socket `fd` is connected; it starts at once.
    /// `roomMembers`: how many players its room will have.
    func add(_ player: LoadPlayer, fd: Int32, roomMembers: Int) {
        dispatchPrecondition(condition: .onQueue(queue))
        if case .racer(let room, _) = player.role { expectedMembers[room] = roomMembers }
        wire(player)
        players.append(player)
        player.start(fd: fd, queue: queue, poller: poller)
    }

    /// How many racers have not seen their first `START` yet.
    var racersWaiting: Int {
        dispatchPrecondition(condition: .onQueue(queue))
        return players.count { if case .racer = $0.role { !$0.hasStarted } else { false } }
    }

    /// Starts the players' moves: every millisecond, each whose next move is due sends it.
    func startMoving(interval: UInt64) {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in self?.tick(interval: interval) }
        timer.schedule(deadline: .now(), repeating: .milliseconds(1), leeway: .microseconds(500))
        timer.resume()
        queue.sync { self.timer = timer }
    }

    /// Starts (or stops) counting, clearing what was counted.
    func setMeasuring(_ measuring: Bool) {
        dispatchPrecondition(condition: .onQueue(queue))
        if measuring {
            roundTrips = []
            progressLines = 0
            submissions = 0
            errors = []
        }
        isMeasuring = measuring
    }

    /// Stops the timer and closes every connection.
    func stop() {
        dispatchPrecondition(condition: .onQueue(queue))
        timer?.cancel()
        timer = nil
        for player in players { player.connection?.close() }
        players = []
        poller?.close()
    }

    private func wire(_ player: LoadPlayer) {
        player.onRoundTrip = { [weak self] nanoseconds in
            guard let self, self.isMeasuring else { return }
            self.roundTrips.append(nanoseconds)
        }
        player.onProgress = { [weak self] in
            guard let self, self.isMeasuring else { return }
            self.progressLines += 1
        }
        player.onSubmitted = { [weak self] in
            guard let self, self.isMeasuring else { return }
            self.submissions += 1
        }
        player.onError = { [weak self] text in
            guard let self, self.isMeasuring else { return }
            self.errors.append(text)
        }
        player.onJoined = { [weak self, weak player] in
            guard let self, let player, case .racer(let room, _) = player.role else { return }
            self.readyIfFull(room)
        }
        player.onRaceEnded = { [weak player] in player?.ready() }
    }

    /// Once a room has all its players, they all say READY (a room races as
    /// soon as everyone in it is ready).
    private func readyIfFull(_ room: String) {
        let members = players.filter { if case .racer(room, _) = $0.role { true } else { false } }
        guard members.count == expectedMembers[room], members.allSatisfy(\.hasJoined) else { return }
        for member in members { member.ready() }
    }

    private func tick(interval: UInt64) {
        let now = DispatchTime.now().uptimeNanoseconds
        for player in players { player.moveIfDue(now: now, interval: interval) }
    }
}
