#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A nickname (compared without case) or a remote address: only an address holds `.` or `:`.
public enum BanTarget: Hashable, Sendable, CustomStringConvertible {
    case nickname(String)
    /// A remote address in its one spelling (`BanTarget.address(_:)`), e.g. `203.0.113.7` or `2001:db8::1`.
    case address(String)

    /// Reads a target word: an address when it holds `.` or `:`, else a nickname.
    /// - Parameter readsOlderWords: also take a word with `.` or `:` that is no
    ///   address (older servers stored and sent such bans), kept as written in
    ///   lower case, so reading a store or a reply never fails on one.
    public init(_ word: String, readsOlderWords: Bool = false) throws(ProtocolError) {
        if word.contains(".") || word.contains(":") {
            if let address = Self.address(word) {
                self = .address(address)
                return
            }
            let isAddressByte: (UInt8) -> Bool = { byte in
                (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) || (0x41...0x46).contains(byte)
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
            }
            guard readsOlderWords, (2...45).contains(word.utf8.count), word.utf8.allSatisfy(isAddressByte) else {
                throw ProtocolError(.badArguments, "\(TextFilter.quoted(word)) is neither a nickname nor an IPv4 or IPv6 address")
            }
            self = .address(word.lowercased())
        } else {
            try Names.validateName(word, as: "nickname")
            self = .nickname(word)
        }
    }

    /// The one spelling of an IPv4 or IPv6 address, the one the system gives a
    /// peer's (`inet_ntop`), an IPv4-mapped IPv6 address (`::ffff:203.0.113.7`)
    /// as IPv4: so addresses compare, not spellings. Nil when `text` is neither.
    public static func address(_ text: String) -> String? {
        var ipv4 = in_addr()
        if inet_pton(AF_INET, text, &ipv4) == 1 {
            return withUnsafeBytes(of: &ipv4) { $0.map(String.init).joined(separator: ".") }
        }
        var ipv6 = in6_addr()
        guard inet_pton(AF_INET6, text, &ipv6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &ipv6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        guard inet_ntop(AF_INET6, &ipv6, &text, socklen_t(text.count)) != nil else { return nil }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `nick` or `address`: the `kind=` of a `BAN` item.
    public var kind: String {
        switch self {
        case .nickname: "nick"
        case .address: "address"
        }
    }

    /// The word as given (a nickname as written, an address in its one spelling).
    public var description: String {
        switch self {
        case .nickname(let nickname): nickname
        case .address(let address): address
        }
    }

    /// What bans are kept and compared by: `nick:<lower-case nickname>` or `address:<address>`.
    public var key: String {
        switch self {
        case .nickname(let nickname): "nick:" + Names.nicknameKey(nickname)
        case .address(let address): "address:" + address
        }
    }
}
