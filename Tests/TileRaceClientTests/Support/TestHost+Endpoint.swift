import TileRaceClient
import TileRaceServerTestSupport

extension TestHost {
    /// Where the client connects.
    var endpoint: ServerEndpoint { ServerEndpoint(host: "127.0.0.1", port: port) }
}
