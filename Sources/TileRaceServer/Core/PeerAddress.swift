/// The address part of a peer's `address:port` (IPv6 in brackets): what the
/// per-address limits count by.
enum PeerAddress {
    /// `203.0.113.9` of `203.0.113.9:40000`, `::1` of `[::1]:40000`.
    static func address(of peer: String) -> String {
        if peer.hasPrefix("["), let end = peer.firstIndex(of: "]") {
            return String(peer[peer.index(after: peer.startIndex)..<end])
        }
        guard let colon = peer.lastIndex(of: ":") else { return peer }
        return String(peer[..<colon])
    }

    static func isLoopback(_ address: String) -> Bool {
        address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
    }
}
