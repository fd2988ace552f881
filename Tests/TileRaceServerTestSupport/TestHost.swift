import Foundation
import TileRaceServer

/// A real race server on 127.0.0.1 with an ephemeral port and a short
/// countdown, for one test; its leaderboard in a fresh directory, removed
/// with the host.
public final class TestHost {
    /// The running server.
    public let server: RaceServer
    /// The port it listens on.
    public let port: Int
    /// Its data directory.
    public let directory: String

    /// Starts a server; `configure` may change any setting first.
    public init(port requested: Int = 0, configure: (inout RaceServer.Configuration) -> Void = { _ in }) throws {
        directory = NSTemporaryDirectory() + "tilerace-tests-" + UUID().uuidString
        var configuration = RaceServer.Configuration()
        configuration.bindAddress = "127.0.0.1"
        configuration.port = requested
        configuration.limits.countdownMilliseconds = 50
        configuration.dataDirectory = directory
        configuration.log = .silent
        configure(&configuration)
        server = RaceServer(configuration: configuration)
        port = try server.start()
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
