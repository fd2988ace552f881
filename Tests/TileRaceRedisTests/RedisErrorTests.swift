import Testing

@testable import TileRaceRedis

/// `RedisError`: the exact text of each message.
@Suite struct RedisErrorTests {
    static let messages: [(RedisError, String)] = [
        (.badAddress("missing redis://"), "bad Redis address: missing redis://"),
        (.unreachable("connection refused"), "Redis is unreachable: connection refused"),
        (
            .cannotConnect(RedisAddress(host: "h", port: 7), reason: "connection refused", retryMilliseconds: 250),
            "Redis is unreachable: cannot connect to redis://h:7: connection refused; retrying in 250 ms"
        ),
        (
            .cannotConnect(RedisAddress(host: "h", port: 7), reason: "no answer within 300 ms", retryMilliseconds: nil),
            "Redis is unreachable: cannot connect to redis://h:7: no answer within 300 ms"
        ),
        (.timeout(milliseconds: 200), "Redis did not answer within 200 ms"),
        (.protocolViolation("bad integer"), "malformed reply from Redis: bad integer"),
        (.server("ERR wrong type"), "Redis replied with an error: ERR wrong type"),
        (.closed, "the Redis connection is closed"),
    ]

    @Test(arguments: messages) func messageText(error: RedisError, text: String) {
        #expect(error.description == text)
    }
}
