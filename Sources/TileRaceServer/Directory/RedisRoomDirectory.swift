import Dispatch
import TileRaceProtocol
import TileRaceRedis

/// The rooms, the connected nicknames and the arenas of every server
/// sharing one Redis store, and each server's kept arenas. Each server's expire after a few publishing intervals, so a dead
/// server drops out of every list. Owned by its serial queue; the connection
/// has its own.
final class RedisRoomDirectory: @unchecked Sendable {
    /// `HOST:PORT`.
    let advertisedAddress: String
    private let connection: RedisConnection
    private let expiryMilliseconds: Int
    private let queue = DispatchQueue(label: "tilerace.server.room-directory")

    /// Published rooms expire `expiryMilliseconds` after each publication.
    init(address: RedisEndpoint, advertisedAddress: String, expiryMilliseconds: Int, timeoutMilliseconds: Int = 2000) {
        self.advertisedAddress = advertisedAddress
        self.expiryMilliseconds = expiryMilliseconds
        connection = RedisConnection(endpoint: address, timeoutMilliseconds: timeoutMilliseconds)
    }

    /// What the other servers published, and the arena ids drawn.
    struct Remote: Sendable {
        var rooms: [RoomDescription]
        var nicknames: Set<String>
        var arenas: [ArenaInfo] = []
        /// Fresh arena ids from the shared counter, unique across the servers.
        var arenaIDs: ClosedRange<Int>?
    }

    /// Publishes this server's rooms, nicknames and arenas, and draws
    /// `arenaIDs` fresh arena ids; `completion` gets the other servers'
    /// rooms, nicknames and arenas with the ids, or nil when Redis could
    /// not be asked.
    func publish(
        _ rooms: [RoomDescription], nicknames: [String] = [], arenas: [ArenaInfo] = [], arenaIDs: Int = 0,
        completion: @escaping @Sendable (Remote?) -> Void
    ) {
        var arguments = [advertisedAddress, String(expiryMilliseconds), String(nicknames.count), String(arenaIDs), String(arenas.count)]
        arguments += nicknames + arenas.map { $0.fields.words.joined(separator: " ") }
        for room in rooms {
            arguments += [Names.nicknameKey(room.name), room.fields.words.joined(separator: " ")]
        }
        let keys = [
            Keys.servers, Keys.rooms(of: advertisedAddress), Keys.nicknames(of: advertisedAddress), Keys.arenas(of: advertisedAddress),
            Keys.arenaIDs,
        ]
        connection.send(["EVAL", Self.script, String(keys.count)] + keys + arguments, on: queue) { result in
            guard case .success(let reply) = result, let values = reply.array, values.count == 4, let rooms = values[0].array,
                let nicknames = values[1].array, let arenas = values[2].array, let lastID = values[3].integer
            else { return completion(nil) }
            completion(
                Remote(
                    rooms: Self.rooms(from: rooms), nicknames: Set(nicknames.compactMap(\.string)), arenas: Self.arenas(from: arenas),
                    arenaIDs: arenaIDs > 0 ? (lastID - arenaIDs + 1)...lastID : nil))
        }
    }

    /// Keeps this server's arenas (`Arena.Snapshot`'s JSON) for its next
    /// start, in the order kept; `failed` gets why one was not.
    func keepArenas(_ bytes: [UInt8], failed: @escaping @Sendable (String) -> Void) {
        connection.send(["SET", Keys.keptArenas(of: advertisedAddress), String(decoding: bytes, as: UTF8.self)], on: queue) { result in
            switch result {
            case .success(.error(let message)): failed(message)
            case .success: break
            case .failure(let error): failed("\(error)")
            }
        }
    }

    /// At the start: the arenas this server kept, nil when none; waits at
    /// most the connection's timeout.
    func keptArenas() -> Result<[UInt8]?, RedisError> {
        connection.sendAndWait(["GET", Keys.keptArenas(of: advertisedAddress)]).flatMap { reply in
            switch reply {
            case .bulk(let bytes): .success(bytes)
            case .error(let message): .failure(.server(message))
            default: .success(nil)
            }
        }
    }

    /// On a clean stop; waits at most the connection's timeout.
    func withdraw() {
        _ = connection.pipelineAndWait([
            ["DEL", Keys.rooms(of: advertisedAddress), Keys.nicknames(of: advertisedAddress), Keys.arenas(of: advertisedAddress)],
            ["SREM", Keys.servers, advertisedAddress],
        ])
        connection.close()
    }

    /// Skips what does not parse.
    static func rooms(from values: [RESPValue]) -> [RoomDescription] {
        var rooms: [RoomDescription] = []
        for index in stride(from: 0, to: values.count - 1, by: 2) {
            guard let server = values[index].string, let text = values[index + 1].string,
                var room = try? RoomDescription(fields: Fields(words: text.split(separator: " ")))
            else { continue }
            room.server = server
            rooms.append(room)
        }
        return rooms
    }

    /// Skips what does not parse.
    static func arenas(from values: [RESPValue]) -> [ArenaInfo] {
        var arenas: [ArenaInfo] = []
        for index in stride(from: 0, to: values.count - 1, by: 2) {
            guard let server = values[index].string, let text = values[index + 1].string,
                var arena = try? ArenaInfo(fields: Fields(words: text.split(separator: " ")))
            else { continue }
            arena.server = server
            arenas.append(arena)
        }
        return arenas
    }

    /// KEYS: the servers set, this server's rooms, its nicknames, its
    /// arenas, the arena id counter.
    /// ARGV: this server, expiry in ms, the number of nicknames, the number
    /// of arena ids to draw, the number of arenas, the nicknames, the
    /// arenas, then room key/description pairs. Returns the other live
    /// servers' rooms as `server, description` pairs, their nicknames,
    /// their arenas as `server, description` pairs, and the last id drawn
    /// (0: none).
    static let script = """
        local servers, mine, myNicknames, myArenas, arenaIDs = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
        local me, expiry = ARGV[1], ARGV[2]
        local nicknameCount, idCount, arenaCount = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
        local firstArena = 6 + nicknameCount
        local firstRoom = firstArena + arenaCount
        redis.call('DEL', mine, myNicknames, myArenas)
        redis.call('HSET', mine, ':alive', '1')
        for i = firstRoom, #ARGV, 2 do redis.call('HSET', mine, ARGV[i], ARGV[i + 1]) end
        redis.call('PEXPIRE', mine, expiry)
        for i = 6, firstArena - 1 do redis.call('SADD', myNicknames, ARGV[i]) end
        if nicknameCount > 0 then redis.call('PEXPIRE', myNicknames, expiry) end
        for i = firstArena, firstRoom - 1 do redis.call('RPUSH', myArenas, ARGV[i]) end
        if arenaCount > 0 then redis.call('PEXPIRE', myArenas, expiry) end
        redis.call('SADD', servers, me)
        local lastID = 0
        if idCount > 0 then lastID = redis.call('INCRBY', arenaIDs, idCount) end
        local found, nicknames, arenas = {}, {}, {}
        for _, server in ipairs(redis.call('SMEMBERS', servers)) do
          if server ~= me then
            local rooms = redis.call('HGETALL', 'tilerace:rooms:' .. server)
            if #rooms == 0 then
              redis.call('SREM', servers, server)
            else
              for i = 1, #rooms, 2 do
                if rooms[i] ~= ':alive' then
                  found[#found + 1] = server
                  found[#found + 1] = rooms[i + 1]
                end
              end
              for _, nickname in ipairs(redis.call('SMEMBERS', 'tilerace:nicknames:' .. server)) do
                nicknames[#nicknames + 1] = nickname
              end
              for _, arena in ipairs(redis.call('LRANGE', 'tilerace:arenas:' .. server, 0, -1)) do
                arenas[#arenas + 1] = server
                arenas[#arenas + 1] = arena
              end
            end
          end
        end
        return {found, nicknames, arenas, lastID}
        """

    enum Keys {
        static let servers = "tilerace:servers"
        static func rooms(of server: String) -> String { "tilerace:rooms:" + server }
        static func nicknames(of server: String) -> String { "tilerace:nicknames:" + server }
        /// The arenas `server` hosts, as `ARENA` items' fields.
        static func arenas(of server: String) -> String { "tilerace:arenas:" + server }
        /// Arena ids are drawn from it by every server.
        static let arenaIDs = "tilerace:arena-ids"
        /// The arenas `server` hosts, kept across its restarts: never expires.
        static func keptArenas(of server: String) -> String { "tilerace:kept-arenas:" + server }
    }
}
