import Testing

@testable import TileRaceRedis

/// `RedisAddress`: good forms and what each bad one says.
@Suite struct RedisAddressTests {
    static let good: [(String, RedisAddress)] = [
        ("redis://127.0.0.1:6379", RedisAddress(host: "127.0.0.1")),
        ("redis://localhost", RedisAddress(host: "localhost", port: 6379, database: 0)),
        ("redis://localhost/", RedisAddress(host: "localhost")),
        ("REDIS://cache.internal:6380/3", RedisAddress(host: "cache.internal", port: 6380, database: 3)),
        ("redis://10.0.0.5/15", RedisAddress(host: "10.0.0.5", port: 6379, database: 15)),
        ("redis://[::1]:7000/2", RedisAddress(host: "::1", port: 7000, database: 2)),
        ("redis://[::1]", RedisAddress(host: "::1")),
    ]

    @Test(arguments: good) func goodForms(text: String, address: RedisAddress) throws {
        #expect(try RedisAddress.parse(text) == address)
        #expect(try RedisAddress.parse(address.description) == address)
    }

    @Test func description() {
        #expect(RedisAddress(host: "127.0.0.1").description == "redis://127.0.0.1:6379")
        #expect(RedisAddress(host: "::1", port: 7000, database: 2).description == "redis://[::1]:7000/2")
    }

    static let form = "expected redis://HOST[:PORT][/DB], e.g. redis://127.0.0.1:6379/0"

    static let bad: [(String, String)] = [
        ("localhost:6379", "missing redis://"),
        ("", "missing redis://"),
        ("http://localhost", "the scheme is not redis://"),
        ("rediss://localhost", "TLS (rediss://) is not supported"),
        ("redis://", "the host is missing"),
        ("redis://:6379", "the host is missing"),
        ("redis://user:secret@localhost", "user names and passwords are not supported"),
        ("redis://localhost:port", "the port \"port\" is not a number from 1 to 65535"),
        ("redis://localhost:0", "the port \"0\" is not a number from 1 to 65535"),
        ("redis://localhost:65536", "the port \"65536\" is not a number from 1 to 65535"),
        ("redis://localhost:+80", "the port \"+80\" is not a number from 1 to 65535"),
        ("redis://localhost:", "the port \"\" is not a number from 1 to 65535"),
        ("redis://localhost/-1", "the database \"-1\" is not a number of 0 or more"),
        ("redis://localhost/one", "the database \"one\" is not a number of 0 or more"),
        ("redis://localhost/1/2", "the database \"1/2\" is not a number of 0 or more"),
        ("redis://::1:6379", "more than one ':' (put an IPv6 address in brackets)"),
        ("redis://[::1:6379", "an IPv6 address without its closing ]"),
        ("redis://[::1]6379", "unexpected text after the IPv6 address"),
        ("redis://local host", "unexpected characters (spaces, ? or #)"),
        ("redis://localhost?db=1", "unexpected characters (spaces, ? or #)"),
    ]

    @Test(arguments: bad) func badFormsSayWhatIsWrong(text: String, problem: String) {
        #expect(throws: RedisError.badAddress("\(problem) in \"\(text)\": \(RedisAddressTests.form)")) {
            try RedisAddress.parse(text)
        }
    }
}

/// `RedisEndpoint`: a plain address, or sentinels and the primary's name.
@Suite struct RedisEndpointTests {
    @Test func goodForms() throws {
        let local = RedisAddress(host: "127.0.0.1", port: 26379)
        #expect(try RedisEndpoint.parse("redis://127.0.0.1:6380/2") == .server(RedisAddress(host: "127.0.0.1", port: 6380, database: 2)))
        #expect(try RedisEndpoint.parse("redis-sentinel://127.0.0.1/main") == .sentinels([local], name: "main"))
        let three = try RedisEndpoint.parse("Redis-Sentinel://a.internal:26379,[::1]:26380,10.0.0.3/tile_race-1")
        #expect(
            three
                == .sentinels(
                    [
                        RedisAddress(host: "a.internal", port: 26379), RedisAddress(host: "::1", port: 26380),
                        RedisAddress(host: "10.0.0.3", port: 26379),
                    ],
                    name: "tile_race-1"))
        #expect(three.description == "redis-sentinel://a.internal:26379,[::1]:26380,10.0.0.3:26379/tile_race-1")
        #expect(try RedisEndpoint.parse(three.description) == three)
    }

    static let bad: [(String, String)] = [
        ("redis-sentinel://127.0.0.1:26379", "the primary's NAME is missing"),
        ("redis-sentinel://127.0.0.1:26379/", "the primary's NAME is missing"),
        ("redis-sentinel://127.0.0.1:26379/a b", "the NAME \"a b\" is not letters, digits, -, _ and ."),
        ("redis-sentinel://h:1/na/me", "the NAME \"na/me\" is not letters, digits, -, _ and ."),
        ("redis-sentinel:///main", "a sentinel's HOST:PORT is missing"),
        ("redis-sentinel://a:1,,b:2/main", "a sentinel's HOST:PORT is missing"),
        ("redis-sentinel://a:port/main", "the sentinel \"a:port\" is not HOST:PORT"),
        ("redis-sentinel://user@a:1/main", "unexpected characters (@, spaces, ? or #) in \"user@a:1\""),
    ]

    @Test(arguments: bad) func badForms(text: String, problem: String) {
        #expect(throws: RedisError.badAddress("\(problem) in \"\(text)\": expected redis-sentinel://HOST:PORT[,HOST:PORT...]/NAME")) {
            try RedisEndpoint.parse(text)
        }
    }
}
