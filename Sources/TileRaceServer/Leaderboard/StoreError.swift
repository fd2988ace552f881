import TileRaceRedis
import TileRaceTransport

/// Why the leaderboard store cannot open or write: a stable code and one line for people.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stored file is damaged at a line (1-based); nothing was dropped.
    case corrupt(file: String, line: Int, detail: String)
    /// Records are known to be missing: the snapshot and the journal do not
    /// join up, or one of them is gone.
    case missingRecords(files: [String], detail: String)
    case io(operation: String, path: String, reason: String)
    /// Another process (a running server) holds the data directory.
    case locked(directory: String)
    /// `--demo` on a leaderboard that already has entries or claims.
    case notEmpty(directory: String)
    /// No connection could be made to the Redis store at start.
    case cannotConnect(RedisAddress, reason: String)
    /// The Redis store cannot be reached or answered wrongly at start.
    case unreachable(store: String, reason: String)
    /// The Redis store does not sync each change to its append-only file.
    case notDurable(store: String, detail: String)

    public var code: String {
        switch self {
        case .corrupt: "corrupt"
        case .missingRecords: "missing-records"
        case .io: "io"
        case .locked: "locked"
        case .notEmpty: "not-empty"
        case .cannotConnect: "cannot-connect"
        case .unreachable: "unreachable"
        case .notDurable: "not-durable"
        }
    }

    public var message: String {
        switch self {
        case .corrupt(let file, let line, let detail):
            "\(file) line \(line): \(detail); the leaderboard was not loaded, so that no entry is lost (repair or move the file away)"
        case .missingRecords(let files, let detail):
            "\(files.joined(separator: " and ")): \(detail); the leaderboard was not loaded, so that the loss is not made "
                + "permanent (put the files back, or start with --accept-leaderboard-loss to keep what is left)"
        case .io(let operation, let path, let reason):
            "cannot \(operation) \(path): \(reason)"
        case .locked(let directory):
            "the data directory \(directory) is in use by another tilerace server"
        case .notEmpty(let directory):
            "the leaderboard in \(directory) is not empty; --demo only fills an empty one"
        case .cannotConnect(let address, let reason):
            "cannot connect to the leaderboard store \(address): \(reason); is Redis running there? Start it with "
                + "`redis-server --port \(address.port) --appendonly yes --appendfsync always`, or check the address given to --store"
        case .unreachable(let store, let reason):
            "cannot use the leaderboard store \(store): \(reason)"
        case .notDurable(let store, let detail) where store.hasPrefix("redis-sentinel://"):
            "the leaderboard store \(store) \(detail); start a replica of its primary (replicaof in redis.conf), "
                + "or start with --store-durability relaxed to accept that"
        case .notDurable(let store, let detail):
            "the leaderboard store \(store) \(detail), so an acknowledged submission could be lost in a crash; "
                + "set it with `redis-cli -h HOST -p PORT CONFIG SET appendonly yes` and `CONFIG SET appendfsync always` "
                + "(and in redis.conf: appendonly yes, appendfsync always), or start with --store-durability relaxed to accept that"
        }
    }

    public var description: String { message }

    init(_ failure: FileSystem.Failure) {
        self = .io(operation: failure.operation, path: failure.path, reason: FileDescriptor.describe(failure.errno))
    }

    /// Runs file operations, a failure thrown as `io`.
    static func catching<Value>(_ body: () throws(FileSystem.Failure) -> Value) throws(StoreError) -> Value {
        do throws(FileSystem.Failure) {
            return try body()
        } catch {
            throw StoreError(error)
        }
    }
}
