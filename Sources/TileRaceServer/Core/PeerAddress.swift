import TileRaceProtocol

/// The address part of a peer's `address:port` (IPv6 in brackets), in its one
/// spelling: what the per-address limits count by and bans compare with.
enum PeerAddress {
    /// `203.0.113.9` of `203.0.113.9:40000` and of `[::ffff:203.0.113.9]:40000`, `::1` of `[::1]:40000`.
    static func address(of peer: String) -> String {
        let address: String
        if peer.hasPrefix("["), let end = peer.firstIndex(of: "]") {
            address = String(peer[peer.index(after: peer.startIndex)..<end])
        } else if let colon = peer.lastIndex(of: ":") {
            address = String(peer[..<colon])
        } else {
            address = peer
        }
        return BanTarget.address(address) ?? address
    }

    /// Of an address in its one spelling.
    static func isLoopback(_ address: String) -> Bool {
        address.hasPrefix("127.") || address == "::1"
    }
}
