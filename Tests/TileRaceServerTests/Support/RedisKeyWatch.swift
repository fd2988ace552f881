import TileRaceRedis
import TileRaceTransport

/// Redis's notifications of what happens to one key (keyspace events), so a
/// test waits for another process's write (a server publishing its rooms)
/// instead of sleeping between looks. It turns the notifications on in the
/// test's own `redis-server`, and subscribes with plain inline commands on a
/// `LineClient`, not the Redis code under test.
///
/// Use it from one thread at a time.
final class RedisKeyWatch {
    private let client: LineClient
    private let channel: String

    /// Watches `key` from now on.
    init(_ address: RedisAddress, key: String) throws {
        client = try LineClient(host: address.host, port: address.port)
        channel = "__keyspace@\(address.database)__:\(key)"
        try client.send("CONFIG SET notify-keyspace-events KA")
        guard try client.readLine() == "+OK" else { throw TestFailure(description: "CONFIG SET notify-keyspace-events refused") }
        try client.send("SUBSCRIBE \(channel)")
        // `*3 $9 subscribe $N channel :1`, a line each.
        for _ in 0..<6 { _ = try client.readLine() }
    }

    /// The next event on the key (`del`, `hset`, `expire`, `expired`, ...),
    /// waiting at most `milliseconds`; nil when none came.
    func next(milliseconds: Int = 5000) -> String? {
        // `*3 $7 message $N channel $M event`, a line each.
        var lines: [String] = []
        while lines.count < 7 {
            guard let line = try? client.readLine(timeoutMilliseconds: milliseconds) else { return nil }
            lines.append(line)
        }
        return lines[4] == channel ? lines[6] : nil
    }

    /// Waits for the event named `event`, skipping up to 100 others, at
    /// most `milliseconds` for each; whether it came.
    func wait(for event: String, milliseconds: Int = 5000) -> Bool {
        for _ in 0...100 {
            guard let next = next(milliseconds: milliseconds) else { return false }
            if next == event { return true }
        }
        return false
    }
}
