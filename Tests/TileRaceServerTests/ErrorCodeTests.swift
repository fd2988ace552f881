import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// An `ERR` crosses the wire as one line and the connection stays usable.
/// The exact text of every error is pinned once, without sockets, in
/// `CoreErrorTextTests`.
struct ErrorCodeTests {
    @Test func anErrorCrossesTheWireAndTheConnectionGoesOn() throws {
        let server = try TestServer(limits: .fast)
        defer { server.stop() }
        let ana = try server.client("ana")
        #expect(try ana.ask("PING x=1") == "ERR bad-option unknown option 'x'")
        #expect(try ana.ask("PING") == "PONG")
    }
}
