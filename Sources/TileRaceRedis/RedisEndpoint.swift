/// Where the Redis primary is: one server's address, or whichever server a set
/// of sentinels names (`redis-sentinel://HOST:PORT[,HOST:PORT...]/NAME`, port
/// 26379 by default), found again on every reconnect.
public enum RedisEndpoint: Hashable, Sendable, CustomStringConvertible {
    case server(RedisAddress)
    case sentinels([RedisAddress], name: String)

    /// The expected forms, for messages.
    public static let forms = "\(RedisAddress.form), or redis-sentinel://HOST:PORT[,HOST:PORT...]/NAME"

    /// Parsing it gives the same endpoint.
    public var description: String {
        switch self {
        case .server(let address):
            return address.description
        case .sentinels(let sentinels, let name):
            return "redis-sentinel://" + sentinels.map(\.hostAndPort).joined(separator: ",") + "/" + name
        }
    }

    /// - Throws: `RedisError.badAddress` saying what is wrong, with the expected form.
    public static func parse(_ text: String) throws(RedisError) -> RedisEndpoint {
        let scheme = "redis-sentinel://"
        guard text.lowercased().hasPrefix(scheme) else { return .server(try RedisAddress.parse(text)) }
        func bad(_ problem: String) -> RedisError {
            .badAddress("\(problem) in \"\(text)\": expected redis-sentinel://HOST:PORT[,HOST:PORT...]/NAME")
        }
        let rest = text.dropFirst(scheme.count)
        guard let slash = rest.firstIndex(of: "/") else { throw bad("the primary's NAME is missing") }
        let name = rest[rest.index(after: slash)...]
        guard !name.isEmpty else { throw bad("the primary's NAME is missing") }
        guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            throw bad("the NAME \"\(name)\" is not letters, digits, -, _ and .")
        }
        var sentinels: [RedisAddress] = []
        for hostAndPort in rest[..<slash].split(separator: ",", omittingEmptySubsequences: false) {
            guard !hostAndPort.isEmpty else { throw bad("a sentinel's HOST:PORT is missing") }
            guard !hostAndPort.contains(where: { $0 == "@" || $0 == "?" || $0 == "#" || $0.isWhitespace }) else {
                throw bad("unexpected characters (@, spaces, ? or #) in \"\(hostAndPort)\"")
            }
            let hasPort = hostAndPort.last != "]" && hostAndPort.contains(":")
            do throws(RedisError) {
                sentinels.append(try RedisAddress.parse("redis://" + hostAndPort + (hasPort ? "" : ":26379")))
            } catch {
                throw bad("the sentinel \"\(hostAndPort)\" is not HOST:PORT")
            }
        }
        return .sentinels(sentinels, name: String(name))
    }
}

extension RedisAddress {
    /// `HOST:PORT`, IPv6 in brackets.
    public var hostAndPort: String {
        (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }
}
