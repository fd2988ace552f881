/// The `HELLO` event the server sends on connect.
public struct Greeting: FieldsRepresentable {
    public var version: Int
    /// The server software, e.g. `tilerace-0.1.0`.
    public var server: String?
    /// The line limit in bytes.
    public var lineLimit: Int?
    /// The idle limit in seconds.
    public var idleSeconds: Int?
    /// Features beyond protocol 1's first version (none from an older server).
    public var features: Set<ServerFeature>

    public init(
        version: Int = 1, server: String? = nil, lineLimit: Int? = nil, idleSeconds: Int? = nil, features: Set<ServerFeature> = []
    ) {
        self.version = version
        self.server = server
        self.lineLimit = lineLimit
        self.idleSeconds = idleSeconds
        self.features = features
    }

    public static let blank = Greeting()
    /// Lenient: an unreadable number is left out and an unknown feature skipped,
    /// since a later server may offer more.
    public static let fieldTable: [Field<Greeting>] = [
        Field(
            key: "", write: { greeting, fields in fields.positionals = [ClientMessage.protocolName, String(greeting.version)] },
            read: { greeting, fields throws(ProtocolError) in
                guard fields.positionals.count >= 2, fields.positionals[0] == ClientMessage.protocolName,
                    let version = Int(fields.positionals[1])
                else { throw ProtocolError(.unsupportedVersion, "greeting does not name the tilerace protocol") }
                greeting.version = version
            }),
        .string("server", \.server), .value("line", \.lineLimit, encode: { $0.map { String($0) } }, decode: { $0.flatMap { Int($0) } }),
        .value("idle", \.idleSeconds, encode: { $0.map { String($0) } }, decode: { $0.flatMap { Int($0) } }),
        .value(
            "features", \.features,
            encode: { features in
                features.isEmpty ? nil : ServerFeature.allCases.filter(features.contains).map(\.rawValue).joined(separator: ",")
            },
            decode: { word in Set((word ?? "").split(separator: ",").compactMap { ServerFeature(rawValue: String($0)) }) }),
    ]
}
