/// The quick-race queue, with no clock of its own (times are monotonic ms).
/// Rules in protocol.md, "Quick race": band = rating ±100, +50 per 5 s
/// waited; a room waits a second after its newest player so players who
/// queue together race together.
struct MatchQueue {
    struct Waiter: Equatable {
        var id: ConnectionID
        var nickname: String
        /// A newcomer's is 1500.
        var rating: Double
        var since: Int
        var isOfferedBots = false
        var lastNotice: Int

        func secondsWaited(at now: Int) -> Int { max(0, now - since) / 1000 }
    }

    struct Notice: Equatable {
        var id: ConnectionID
        var waiting: Int
        var seconds: Int
        var offersBots: Bool
    }

    /// Half-width, at joining.
    static let initialBand = 100.0
    static let bandStep = 50.0
    static let bandStepMilliseconds = 5_000
    static let botsOfferMilliseconds = 20_000
    static let noticeMilliseconds = 5_000
    /// Lets others who queue at the same moment join the same room.
    static let gatherMilliseconds = 1_000
    static let maximumRoomSize = 8

    /// Longest-waiting first.
    private(set) var waiters: [Waiter] = []

    var count: Int { waiters.count }

    func contains(_ id: ConnectionID) -> Bool { waiters.contains { $0.id == id } }

    mutating func add(_ id: ConnectionID, nickname: String, rating: Double, at now: Int) {
        guard !contains(id) else { return }
        waiters.append(Waiter(id: id, nickname: nickname, rating: rating, since: now, lastNotice: now))
    }

    @discardableResult
    mutating func remove(_ id: ConnectionID) -> Bool {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return false }
        waiters.remove(at: index)
        return true
    }

    static func band(of waiter: Waiter, at now: Int) -> Double {
        initialBand + bandStep * Double(max(0, now - waiter.since) / bandStepMilliseconds)
    }

    /// Each must be within the other's band.
    static func areClose(_ first: Waiter, _ second: Waiter, at now: Int) -> Bool {
        let distance = abs(first.rating - second.rating)
        return distance <= band(of: first, at: now) && distance <= band(of: second, at: now)
    }

    /// Takes out the rooms that can be made at `now`; players all wait until
    /// the newest of a group has waited `gatherMilliseconds`.
    mutating func match(at now: Int) -> [[Waiter]] {
        var rooms: [[Waiter]] = []
        var left = waiters
        var index = 0
        while index < left.count {
            var group = [left[index]]
            for candidate in left[(index + 1)...] where group.count < MatchQueue.maximumRoomSize {
                if group.allSatisfy({ MatchQueue.areClose($0, candidate, at: now) }) { group.append(candidate) }
            }
            let newest = group.map(\.since).max() ?? now
            if group.count >= 2, now - newest >= MatchQueue.gatherMilliseconds {
                rooms.append(group)
                let taken = Set(group.map(\.id))
                left.removeAll { taken.contains($0.id) }
            } else {
                index += 1
            }
        }
        waiters = left
        return rooms
    }

    /// The `QUEUED` notices due at `now` (with the bots offer once a waiter
    /// passes `botsOfferMilliseconds`); marks them sent.
    mutating func notices(at now: Int) -> [Notice] {
        var due: [Notice] = []
        for index in waiters.indices {
            let waiter = waiters[index]
            let offersBots = !waiter.isOfferedBots && now - waiter.since >= MatchQueue.botsOfferMilliseconds
            guard offersBots || now - waiter.lastNotice >= MatchQueue.noticeMilliseconds else { continue }
            waiters[index].lastNotice = now
            if offersBots { waiters[index].isOfferedBots = true }
            due.append(Notice(id: waiter.id, waiting: waiters.count, seconds: waiter.secondsWaited(at: now), offersBots: offersBots))
        }
        return due
    }
}
