import Foundation
import TileRaceServer
@testable import TileRaceClient

/// A real race server on 127.0.0.1 with an ephemeral port and a short
/// countdown, for one test; its leaderboard in a fresh directory.
final class TestHost {
    let server: RaceServer
    let port: Int
    let directory: String

    init(port requested: Int = 0, configure: (inout RaceServer.Configuration) -> Void = { _ in }) throws {
        directory = NSTemporaryDirectory() + "tilerace-client-tests-" + UUID().uuidString
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

    var endpoint: ServerEndpoint { ServerEndpoint(host: "127.0.0.1", port: port) }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
