/// Written ones first, then those waiting for a connection; taking the first costs the same
/// however many wait.
struct RedisRequestQueue {
    private var storage: [RedisRequest?] = []
    private var head = 0

    var isEmpty: Bool { head == storage.count }

    var first: RedisRequest? { isEmpty ? nil : storage[head] }

    /// The earliest deadline of all.
    var earliestDeadline: UInt64? {
        storage[head...].lazy.compactMap { $0?.deadline }.min()
    }

    /// Whether a written request has passed its deadline.
    func hasSentRequest(expiredAt now: UInt64) -> Bool {
        storage[head...].contains { $0.map { $0.isSent && $0.deadline <= now } ?? false }
    }

    mutating func append(_ request: RedisRequest) {
        storage.append(request)
    }

    /// Adds a request before all others (the connection's own `SELECT`).
    mutating func prepend(_ request: RedisRequest) {
        if head > 0 {
            head -= 1
            storage[head] = request
        } else {
            storage.insert(request, at: 0)
        }
    }

    /// Adds a reply to the oldest request; true when that completes it.
    mutating func addReplyToFirst(_ value: RESPValue) -> Bool {
        guard !isEmpty else { return false }
        storage[head]?.replies.append(value)
        return storage[head].map { $0.replies.count == $0.replyCount } ?? false
    }

    mutating func removeFirst() -> RedisRequest? {
        guard let request = first else { return nil }
        storage[head] = nil
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: storage.count <= 4096)
            head = 0
        } else if head >= 1024, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return request
    }

    /// Marks every request written; returns the bytes of those that were not.
    mutating func markAllSent() -> [UInt8] {
        var bytes: [UInt8] = []
        for index in head..<storage.count where storage[index]?.isSent == false {
            bytes += storage[index]?.bytes ?? []
            storage[index]?.isSent = true
        }
        return bytes
    }

    mutating func removeAll() -> [RedisRequest] {
        let all = storage[head...].compactMap { $0 }
        storage = []
        head = 0
        return all
    }

    /// Takes off the requests whose deadline is `now` or earlier.
    mutating func removeExpired(at now: UInt64) -> [RedisRequest] {
        let all = removeAll()
        storage = all.filter { $0.deadline > now }
        return all.filter { $0.deadline <= now }
    }
}
