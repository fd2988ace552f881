#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

package struct SocketAddress: Sendable {
    var family: Int32
    var storage = sockaddr_storage()
    var length: socklen_t

    init?(address: String, port: Int) {
        guard (0...65535).contains(port) else { return nil }
        let networkPort = in_port_t(UInt16(port)).bigEndian
        if address.contains(":") {
            var ipv6 = sockaddr_in6()
            guard inet_pton(AF_INET6, address, &ipv6.sin6_addr) == 1 else { return nil }
            ipv6.sin6_family = sa_family_t(AF_INET6)
            ipv6.sin6_port = networkPort
            self.init(ipv6, family: AF_INET6)
        } else {
            var ipv4 = sockaddr_in()
            guard inet_pton(AF_INET, address, &ipv4.sin_addr) == 1 else { return nil }
            ipv4.sin_family = sa_family_t(AF_INET)
            ipv4.sin_port = networkPort
            self.init(ipv4, family: AF_INET)
        }
    }

    private init<Address>(_ address: Address, family: Int32) {
        self.family = family
        length = socklen_t(MemoryLayout<Address>.size)
        withUnsafeMutableBytes(of: &storage) { target in withUnsafeBytes(of: address) { target.copyMemory(from: $0) } }
        #if canImport(Darwin)
            storage.ss_len = UInt8(length)
        #endif
    }

    /// The address of one resolver answer; nil for a family other than IPv4 or IPv6.
    init?(_ info: addrinfo) {
        guard info.ai_family == AF_INET || info.ai_family == AF_INET6, let address = info.ai_addr,
            Int(info.ai_addrlen) <= MemoryLayout<sockaddr_storage>.size
        else { return nil }
        family = info.ai_family
        length = info.ai_addrlen
        withUnsafeMutableBytes(of: &storage) { target in
            target.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(info.ai_addrlen)))
        }
    }

    package var description: String { SocketAddress.describe(storage) }

    func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        var copy = storage
        return withUnsafePointer(to: &copy) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }

    /// `address:port` (IPv6 as `[address]:port`).
    static func describe(_ storage: sockaddr_storage) -> String {
        var copy = storage
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &copy) { pointer in
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
                    var address = ipv4.pointee.sin_addr
                    inet_ntop(AF_INET, &address, &text, socklen_t(text.count))
                    return "\(cText(text)):\(UInt16(bigEndian: ipv4.pointee.sin_port))"
                }
            }
        case AF_INET6:
            return withUnsafePointer(to: &copy) { pointer in
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ipv6 in
                    var address = ipv6.pointee.sin6_addr
                    inet_ntop(AF_INET6, &address, &text, socklen_t(text.count))
                    return "[\(cText(text))]:\(UInt16(bigEndian: ipv6.pointee.sin6_port))"
                }
            }
        default:
            return "unknown"
        }
    }

    private static func cText(_ text: [CChar]) -> String {
        String(decoding: text.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
