import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// `HELLO ... via=`: the ssh wrapper's clients all come from 127.0.0.1, and
/// each is counted against its visitor's own address (protocol.md 5.1).
@Suite struct VisitorAddressTests {
    static let refusal = "ERR too-many-connections your address has the most connections allowed (2); close one and try again"

    /// A loopback connection that said `HELLO` with `via=`, and the reply.
    private static func visitor(_ nickname: String, via address: String, server: TestServer) throws -> (TestClient, String) {
        let client = try TestClient(port: server.port, nickname: nickname, greet: false)
        #expect(try client.readLine().contains("features=resync,ratings,queue,strength,via,reports,arena"))
        return (client, try client.ask("HELLO tilerace 1 \(nickname) via=\(address)"))
    }

    @Test func eachVisitorHasTheirOwnShareThoughAllComeFromLoopback() throws {
        var limits = ServerLimits.fast
        limits.maximumConnectionsPerAddress = 2
        let server = try TestServer(limits: limits)
        defer { server.stop() }
        let (ana, anaReply) = try Self.visitor("ana", via: "203.0.113.9", server: server)
        let (bo, boReply) = try Self.visitor("bo", via: "203.0.113.9", server: server)
        #expect(anaReply.hasPrefix("OK HELLO nick=ana") && boReply.hasPrefix("OK HELLO nick=bo"))
        #expect(server.logs.awaitLine(containing: "counts as its visitor's 203.0.113.9"))
        // The visitor's third is refused, as a third from their own address would be.
        let (cy, cyReply) = try Self.visitor("cy", via: "203.0.113.9", server: server)
        #expect(cyReply == Self.refusal)
        #expect(try cy.readToEnd() == ["BYE too many connections"])
        #expect(server.logs.awaitLine(containing: "refused: too many connections from 203.0.113.9"))
        // Loopback's own share is not spent: more visitors than the limit play at once.
        let others = try ["198.51.100.7", "198.51.100.8", "::ffff:198.51.100.9"].enumerated().map { index, address in
            try Self.visitor("v\(index)", via: address, server: server)
        }
        #expect(others.allSatisfy { $0.1.hasPrefix("OK HELLO") })
        // A visitor's connection that closes gives the slot back to that visitor.
        #expect(try ana.ask("QUIT") == "OK QUIT")
        #expect(server.logs.awaitLine(containing: "ana closed"))
        #expect(try Self.visitor("di", via: "203.0.113.9", server: server).1.hasPrefix("OK HELLO nick=di"))
        withExtendedLifetime((bo, others)) {}
    }

    @Test func viaMustBeAnAddress() throws {
        let server = try TestServer()
        defer { server.stop() }
        let (_, reply) = try Self.visitor("ana", via: "somewhere", server: server)
        #expect(reply == "ERR bad-arguments via= takes an IPv4 or IPv6 address, not somewhere")
    }

    @Test func aVisitorLeavesLoopbacksShareFree() {
        var limits = ServerLimits.standard
        limits.maximumConnectionsPerAddress = 1
        let harness = CoreHarness(limits: limits)
        let first = harness.connect()
        _ = harness.take(first)
        #expect(harness.ask(first, "HELLO tilerace 1 ana via=203.0.113.9").first?.hasPrefix("OK HELLO") == true)
        let second = harness.connect()
        _ = harness.take(second)
        #expect(
            harness.ask(second, "HELLO tilerace 1 bo via=203.0.113.9") == [
                Self.refusal.replacingOccurrences(of: "(2)", with: "(1)"), "BYE too many connections",
            ])
        #expect(!harness.isClosed(harness.connect()))
    }

    /// More visitors than loopback's share arrive at the same moment: none is refused before saying whose it is.
    @Test func aBurstOfVisitorsIsCountedByTheirOwnAddresses() {
        var limits = ServerLimits.standard
        limits.maximumConnectionsPerAddress = 1
        let harness = CoreHarness(limits: limits)
        let burst = (0..<4).map { _ in harness.connect() }
        #expect(burst.allSatisfy { !harness.isClosed($0) })
        for (index, id) in burst.enumerated() {
            _ = harness.take(id)
            #expect(harness.ask(id, "HELLO tilerace 1 v\(index) via=198.51.100.\(index + 1)").first?.hasPrefix("OK HELLO") == true)
        }
        // This machine's own share is still whole, and a connection that never greeted spent none of it.
        let own = harness.connect()
        _ = harness.take(own)
        #expect(harness.ask(own, "HELLO tilerace 1 ana").first?.hasPrefix("OK HELLO") == true)
    }

    @Test func viaIsIgnoredFromAnotherMachine() {
        var limits = ServerLimits.standard
        limits.maximumConnectionsPerAddress = 1
        let harness = CoreHarness(limits: limits)
        let visitor = harness.connect(from: "203.0.113.9")
        _ = harness.take(visitor)
        #expect(harness.ask(visitor, "HELLO tilerace 1 ana").first?.hasPrefix("OK HELLO") == true)
        // A remote client cannot move itself onto another address's count, nor spend that address's share.
        let remote = harness.connect(from: "198.51.100.7")
        _ = harness.take(remote)
        #expect(harness.ask(remote, "HELLO tilerace 1 bo via=10.0.0.1").first?.hasPrefix("OK HELLO") == true)
        #expect(harness.isClosed(harness.connect(from: "198.51.100.7")))
        #expect(!harness.isClosed(harness.connect(from: "10.0.0.1")))
    }
}
