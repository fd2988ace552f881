/// A nickname (compared without case) or a remote address: only an address holds `.` or `:`.
public enum BanTarget: Hashable, Sendable, CustomStringConvertible {
    case nickname(String)
    /// A remote address, e.g. `203.0.113.7` or `2001:db8::1`.
    case address(String)

    /// Reads a target word: an address when it holds `.` or `:`, else a nickname.
    public init(_ word: String) throws(ProtocolError) {
        if word.contains(".") || word.contains(":") {
            let isAddressByte: (UInt8) -> Bool = { byte in
                (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) || (0x41...0x46).contains(byte)
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
            }
            guard (2...45).contains(word.utf8.count), word.utf8.allSatisfy(isAddressByte) else {
                throw ProtocolError(.badArguments, "\(TextFilter.quoted(word)) is neither a nickname nor an IPv4 or IPv6 address")
            }
            self = .address(word.lowercased())
        } else {
            try Names.validateName(word, as: "nickname")
            self = .nickname(word)
        }
    }

    /// `nick` or `address`: the `kind=` of a `BAN` item.
    public var kind: String {
        switch self {
        case .nickname: "nick"
        case .address: "address"
        }
    }

    /// The word as given (a nickname as written, an address in lower case).
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
