/// Picks the address friends on the network should use to reach this
/// machine, from its IPv4 addresses (loopback excluded).
enum HostAddress {
    /// The most likely reachable address: a home or office network
    /// (192.168.x.x, then 10.x.x.x, then 172.16-31.x.x, container bridges
    /// 172.17.x.x last), then any other; link-local 169.254.x.x only if
    /// nothing else; nil when there is none.
    static func best(among addresses: [String]) -> String? {
        addresses.enumerated().min { a, b in
            let (x, y) = (rank(a.element), rank(b.element))
            return x != y ? x < y : a.offset < b.offset
        }?.element
    }

    private static func rank(_ address: String) -> Int {
        let parts = address.split(separator: ".").compactMap { Int($0) }
        guard parts.count == 4 else { return 9 }
        switch (parts[0], parts[1]) {
        case (192, 168): return 0
        case (10, _): return 1
        case (172, 17): return 3
        case (172, 16...31): return 2
        case (169, 254): return 5
        default: return 4
        }
    }
}
