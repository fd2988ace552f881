import Dispatch
import TileRaceProtocol
import TileRaceRedis

/// The rooms, and the connected nicknames, of every server sharing one Redis
/// store. Each server's expire after a few publishing intervals, so a dead
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

    /// `completion` gets the other servers' rooms and nicknames, or nil when
    /// Redis could not be asked.
    func publish(
        _ rooms: [RoomDescription], nicknames: [String] = [],
        completion: @escaping @Sendable ((rooms: [RoomDescription], nicknames: Set<String>)?) -> Void
    ) {
        var arguments = [advertisedAddress, String(expiryMilliseconds), String(nicknames.count)] + nicknames
        for room in rooms {
            arguments += [Names.nicknameKey(room.name), room.fields.words.joined(separator: " ")]
        }
        let keys = [Keys.servers, Keys.rooms(of: advertisedAddress), Keys.nicknames(of: advertisedAddress)]
        connection.send(["EVAL", Self.script, String(keys.count)] + keys + arguments, on: queue) { result in
            guard case .success(let reply) = result, let values = reply.array, values.count == 2, let rooms = values[0].array,
                let nicknames = values[1].array
            else { return completion(nil) }
            completion((Self.rooms(from: rooms), Set(nicknames.compactMap(\.string))))
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
            ["DEL", Keys.rooms(of: advertisedAddress), Keys.nicknames(of: advertisedAddress)], ["SREM", Keys.servers, advertisedAddress],
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

    /// KEYS: the servers set, this server's rooms, this server's nicknames.
    /// ARGV: this server, expiry in ms, the number of nicknames, the
    /// nicknames, then room key/description pairs. Returns the other live
    /// servers' rooms as `server, description` pairs, and their nicknames.
    /// (An older server's script leaves the nicknames alone.)
    static let script = """
        local servers, mine, myNicknames, me, expiry = KEYS[1], KEYS[2], KEYS[3], ARGV[1], ARGV[2]
        local nicknameCount = tonumber(ARGV[3])
        redis.call('DEL', mine, myNicknames)
        redis.call('HSET', mine, ':alive', '1')
        for i = 4 + nicknameCount, #ARGV, 2 do redis.call('HSET', mine, ARGV[i], ARGV[i + 1]) end
        redis.call('PEXPIRE', mine, expiry)
        for i = 4, 3 + nicknameCount do redis.call('SADD', myNicknames, ARGV[i]) end
        if nicknameCount > 0 then redis.call('PEXPIRE', myNicknames, expiry) end
        redis.call('SADD', servers, me)
        local found, nicknames = {}, {}
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
            end
          end
        end
        return {found, nicknames}
        """

    enum Keys {
        static let servers = "tilerace:servers"
        static func rooms(of server: String) -> String { "tilerace:rooms:" + server }
        static func nicknames(of server: String) -> String { "tilerace:nicknames:" + server }
        /// The arenas `server` hosts, kept across its restarts: never expires.
        static func keptArenas(of server: String) -> String { "tilerace:kept-arenas:" + server }
    }
}
