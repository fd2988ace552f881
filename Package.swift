// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TileRace",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "tilerace", targets: ["tilerace"]),
        .library(name: "TileRaceEngine", targets: ["TileRaceEngine"]),
    ],
    targets: [
        // MARK: Libraries

        /// The seeded 2048 rules: pure value types, standard library only.
        .target(name: "TileRaceEngine"),
        /// Line framing and the typed messages of protocol v1. No sockets.
        .target(name: "TileRaceProtocol", dependencies: ["TileRaceEngine"]),
        /// The Dispatch TCP race server and the persistent leaderboard.
        .target(name: "TileRaceServer", dependencies: ["TileRaceEngine", "TileRaceProtocol"]),
        /// The terminal client: model, views, terminal I/O, server connection.
        .target(
            name: "TileRaceClient",
            dependencies: ["TileRaceEngine", "TileRaceProtocol", "TileRaceServer"]
        ),
        /// The 2048 search behind bots and hints: expectimax over the engine's boards.
        .target(name: "TileRaceBot", dependencies: ["TileRaceEngine"]),
        /// The `tilerace` command line: argument parsing and one file per command.
        .target(
            name: "TileRaceCLI",
            dependencies: ["TileRaceEngine", "TileRaceProtocol", "TileRaceServer", "TileRaceClient", "TileRaceBot"]
        ),

        // MARK: Executable

        .executableTarget(name: "tilerace", dependencies: ["TileRaceCLI"]),

        // MARK: Tests

        .testTarget(name: "TileRaceEngineTests", dependencies: ["TileRaceEngine"]),
        .testTarget(name: "TileRaceBotTests", dependencies: ["TileRaceBot", "TileRaceEngine"]),
        .testTarget(name: "TileRaceProtocolTests", dependencies: ["TileRaceProtocol", "TileRaceEngine"]),
        .testTarget(
            name: "TileRaceServerTests",
            dependencies: ["TileRaceServer", "TileRaceProtocol", "TileRaceEngine"]
        ),
        .testTarget(
            name: "TileRaceClientTests",
            dependencies: ["TileRaceClient", "TileRaceProtocol", "TileRaceEngine", "TileRaceServer"],
            exclude: ["Snapshots"]
        ),
        .testTarget(
            name: "TileRaceCLITests",
            dependencies: ["TileRaceCLI", "TileRaceEngine", "TileRaceProtocol", "TileRaceServer"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
