import Dispatch
import TileRaceProtocol
import TileRaceRedis

/// The rooms of every server sharing one Redis store. Each server's rooms
/// expire after a few publishing intervals, so a dead server drops out of
/// every list. Owned by its serial queue; the connection has its own.
final class RedisRoomDirectory: @unchecked Sendable {
    /// `HOST:PORT`.
    let advertisedAddress: String
    private let connection: RedisConnection
    private let expiryMilliseconds: Int
    private let queue = DispatchQueue(label: "tilerace.server.room-directory")

    /// Published rooms expire `expiryMilliseconds` after each publication.
    init(address: RedisAddress, advertisedAddress: String, expiryMilliseconds: Int, timeoutMilliseconds: Int = 2000) {
        self.advertisedAddress = advertisedAddress
        self.expiryMilliseconds = expiryMilliseconds
        connection = RedisConnection(address: address, timeoutMilliseconds: timeoutMilliseconds)
    }

    /// `completion` gets the other servers' rooms, or nil when Redis could not
    /// be asked.
    func publish(_ rooms: [RoomDescription], completion: @escaping @Sendable ([RoomDescription]?) -> Void) {
        var arguments = [advertisedAddress, String(expiryMilliseconds)]
        for room in rooms {
            arguments += [Names.nicknameKey(room.name), room.fields.words.joined(separator: " ")]
        }
        let command = ["EVAL", Self.script, "2", Keys.servers, Keys.rooms(of: advertisedAddress)] + arguments
        connection.send(command, on: queue) { result in
            guard case .success(let reply) = result, let values = reply.array else { return completion(nil) }
            completion(Self.rooms(from: values))
        }
    }

    /// On a clean stop; waits at most the connection's timeout.
    func withdraw() {
        _ = connection.pipelineAndWait([["DEL", Keys.rooms(of: advertisedAddress)], ["SREM", Keys.servers, advertisedAddress]])
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

    /// KEYS: the servers set, this server's rooms. ARGV: this server, expiry
    /// in ms, then room key/description pairs. Returns the other live servers'
    /// rooms as `server, description` pairs.
    static let script = """
        local servers, mine, me, expiry = KEYS[1], KEYS[2], ARGV[1], ARGV[2]
        redis.call('DEL', mine)
        redis.call('HSET', mine, ':alive', '1')
        for i = 3, #ARGV, 2 do redis.call('HSET', mine, ARGV[i], ARGV[i + 1]) end
        redis.call('PEXPIRE', mine, expiry)
        redis.call('SADD', servers, me)
        local found = {}
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
            end
          end
        end
        return found
        """

    enum Keys {
        static let servers = "tilerace:servers"
        static func rooms(of server: String) -> String { "tilerace:rooms:" + server }
    }
}
