/// The `HELLO` event the server sends on connect.
public struct Greeting: Hashable, Sendable {
    /// The protocol version this greeting names.
    public var version: Int
    /// The server software, e.g. `tilerace-0.1.0`.
    public var server: String?
    /// The line limit in bytes.
    public var lineLimit: Int?
    /// The idle limit in seconds.
    public var idleSeconds: Int?
    /// What the server offers beyond the first version of protocol 1
    /// (`features=`; none from a server older than them).
    public var features: Set<ServerFeature>

    /// Creates a greeting.
    public init(
        version: Int = 1, server: String? = nil, lineLimit: Int? = nil, idleSeconds: Int? = nil, features: Set<ServerFeature> = []
    ) {
        self.version = version
        self.server = server
        self.lineLimit = lineLimit
        self.idleSeconds = idleSeconds
        self.features = features
    }

    /// The `features=` value: the features in `ServerFeature`'s order, by commas.
    var featuresWord: String {
        ServerFeature.allCases.filter(features.contains).map(\.rawValue).joined(separator: ",")
    }

    /// Reads a `features=` value; words this version does not know are
    /// skipped (a later server may offer more).
    static func features(from word: String?) -> Set<ServerFeature> {
        Set((word ?? "").split(separator: ",").compactMap { ServerFeature(rawValue: String($0)) })
    }
}
