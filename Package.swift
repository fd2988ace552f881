// swift-tools-version:6.0
import PackageDescription

/// Release builds of the modules on the server's path of a move skip Swift's
/// run-time exclusivity check (the compile-time one stays): it was a fifth of
/// the instructions a practice move costs (issue 23). Debug builds, which the
/// tests and the thread-sanitizer run use, keep it.
let serverPathSettings: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "TileRace",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "tilerace", targets: ["tilerace"]),
        .executable(name: "tilerace-sim", targets: ["tilerace-sim"]),
        .executable(name: "tilerace-bench", targets: ["tilerace-bench"]),
        .library(name: "TileRaceEngine", targets: ["TileRaceEngine"]),
    ],
    targets: [
        // MARK: Libraries (each depends only on the ones above it)

        /// The seeded 2048 rules: pure value types, standard library only.
        .target(name: "TileRaceEngine", swiftSettings: serverPathSettings),
        /// Line framing and the typed messages of protocol v1. No sockets.
        .target(name: "TileRaceProtocol", dependencies: ["TileRaceEngine"], swiftSettings: serverPathSettings),
        /// Linux's epoll declarations (Glibc does not export them), for the transport's poller.
        .target(name: "CTileRaceEpoll"),
        /// Every socket and file-descriptor call: the line channel, the
        /// listener, the blocking line client, files, shared paths.
        .target(name: "TileRaceTransport", dependencies: ["TileRaceProtocol", "CTileRaceEpoll"], swiftSettings: serverPathSettings),
        /// A small RESP2 Redis client: values, an incremental parser, and a
        /// pipelined connection with deadlines and reconnection.
        .target(name: "TileRaceRedis", dependencies: ["TileRaceTransport"]),
        /// A real `redis-server` of our own on loopback, for tests and
        /// `tilerace-bench store`: started, stopped, killed, paused, restarted.
        /// Test support, not product: `tilerace` links none of it.
        .target(name: "TileRaceRedisProcess", dependencies: ["TileRaceRedis", "TileRaceTransport"], path: "Tests/TileRaceRedisProcess"),
        /// The 2048 search behind bots and hints: expectimax over the engine's boards.
        .target(name: "TileRaceBot", dependencies: ["TileRaceEngine"]),
        /// The Dispatch TCP race server and the persistent leaderboard.
        .target(
            name: "TileRaceServer",
            dependencies: ["TileRaceEngine", "TileRaceProtocol", "TileRaceTransport", "TileRaceRedis"],
            swiftSettings: serverPathSettings
        ),
        /// The terminal client: model, views, terminal I/O, server connection,
        /// practice hints. It never imports the server nor the bot client: the
        /// command line wires the embedded host and the bots.
        .target(
            name: "TileRaceClient",
            dependencies: ["TileRaceEngine", "TileRaceProtocol", "TileRaceTransport", "TileRaceBot"]
        ),
        /// Bots as players: an ordinary protocol client that races with `TileRaceBot`'s moves.
        .target(
            name: "TileRaceBotClient",
            dependencies: ["TileRaceEngine", "TileRaceProtocol", "TileRaceTransport", "TileRaceBot"]
        ),
        /// The `tilerace` command line: argument parsing, one file per command,
        /// and the wiring of server and client.
        .target(
            name: "TileRaceCLI",
            dependencies: [
                "TileRaceEngine", "TileRaceProtocol", "TileRaceTransport", "TileRaceRedis", "TileRaceServer", "TileRaceClient",
                "TileRaceBot", "TileRaceBotClient",
            ]
        ),

        /// The benchmarks behind `tilerace-bench`: the engine, a bot, a server
        /// under a racing load (also against Redis), the leaderboard, the stores.
        /// A tool, not product: `tilerace` links none of it.
        .target(
            name: "TileRaceBench",
            dependencies: [
                "TileRaceEngine", "TileRaceProtocol", "TileRaceTransport", "TileRaceRedis", "TileRaceRedisProcess", "TileRaceServer",
                "TileRaceBot", "TileRaceCLI", "CTileRaceEpoll", "CTileRaceAffinity",
            ]
        ),
        /// Linux's thread-affinity calls (Glibc exports neither sched_setaffinity
        /// nor its CPU-set macros), for the bench's `--server-cpus/--load-cpus`.
        .target(name: "CTileRaceAffinity"),

        /// The deterministic simulation: real server cores, clients and bots
        /// on a simulated network with faults, one seed deciding everything,
        /// invariants checked after every step.
        .target(
            name: "TileRaceSimulation",
            dependencies: [
                "TileRaceEngine", "TileRaceProtocol", "TileRaceServer", "TileRaceClient", "TileRaceBot", "TileRaceBotClient",
            ]
        ),

        // MARK: Executables

        .executableTarget(name: "tilerace", dependencies: ["TileRaceCLI"]),
        .executableTarget(name: "tilerace-sim", dependencies: ["TileRaceSimulation"]),
        .executableTarget(name: "tilerace-bench", dependencies: ["TileRaceBench"]),

        // MARK: Tests

        /// What the tests of every layer share: plain sockets, fake peers and
        /// servers, a fault-injecting proxy, and the tests' own `redis-server`
        /// (skipped where none is installed). Written with the C calls, so it
        /// depends on none of the code under test (the line framer and the
        /// Redis process aside).
        .target(
            name: "TileRaceTestSupport", dependencies: ["TileRaceProtocol", "TileRaceRedis", "TileRaceRedisProcess"],
            path: "Tests/TileRaceTestSupport"
        ),
        /// A real race server on loopback for the tests of what talks to one
        /// (client, bots, command line).
        .target(
            name: "TileRaceServerTestSupport", dependencies: ["TileRaceServer", "TileRaceBot", "TileRaceEngine"],
            path: "Tests/TileRaceServerTestSupport"
        ),

        .testTarget(name: "TileRaceEngineTests", dependencies: ["TileRaceEngine"]),
        .testTarget(
            name: "TileRaceSimulationTests",
            dependencies: ["TileRaceSimulation", "TileRaceServer", "TileRaceEngine", "TileRaceProtocol", "TileRaceServerTestSupport"]
        ),
        .testTarget(name: "TileRaceBotTests", dependencies: ["TileRaceBot", "TileRaceEngine"]),
        .testTarget(
            name: "TileRaceBotClientTests",
            dependencies: [
                "TileRaceBotClient", "TileRaceBot", "TileRaceEngine", "TileRaceProtocol", "TileRaceTransport", "TileRaceServer",
                "TileRaceTestSupport", "TileRaceServerTestSupport",
            ]
        ),
        .testTarget(name: "TileRaceProtocolTests", dependencies: ["TileRaceProtocol", "TileRaceEngine", "TileRaceTestSupport"]),
        .testTarget(
            name: "TileRaceTransportTests", dependencies: ["TileRaceTransport", "TileRaceProtocol", "TileRaceTestSupport"]
        ),
        .testTarget(
            name: "TileRaceRedisTests", dependencies: ["TileRaceRedis", "TileRaceRedisProcess", "TileRaceTestSupport"]
        ),
        .testTarget(
            name: "TileRaceServerTests",
            dependencies: [
                "TileRaceServer", "TileRaceTransport", "TileRaceProtocol", "TileRaceEngine", "TileRaceRedis", "TileRaceRedisProcess",
                "TileRaceTestSupport", "TileRaceServerTestSupport",
            ]
        ),
        .testTarget(
            name: "TileRaceClientTests",
            dependencies: [
                "TileRaceClient", "TileRaceTransport", "TileRaceProtocol", "TileRaceEngine", "TileRaceServer", "TileRaceBot",
                "TileRaceBotClient", "TileRaceTestSupport", "TileRaceServerTestSupport", "TileRaceRedis", "TileRaceRedisProcess",
            ],
            exclude: ["Snapshots"]
        ),
        .testTarget(
            name: "TileRaceCLITests",
            dependencies: [
                "TileRaceCLI", "TileRaceClient", "TileRaceEngine", "TileRaceProtocol", "TileRaceTransport", "TileRaceServer",
                "TileRaceTestSupport", "TileRaceServerTestSupport",
            ]
        ),
        .testTarget(name: "TileRaceBenchTests", dependencies: ["TileRaceBench", "TileRaceCLI", "TileRaceEngine"]),
    ],
    swiftLanguageModes: [.v6]
)
