/// A request or behaviour a server offers beyond the first version of
/// protocol 1, named in its greeting (`HELLO tilerace 1 ... features=resync`,
/// protocol.md section 7), so a newer client can still talk to an older
/// server: it uses a feature only when the greeting names it.
public enum ServerFeature: String, CaseIterable, Hashable, Sendable {
    /// The `RESYNC` request (section 5.3).
    case resync
    /// Rated rooms (`rated=yes`, `READY token=`) and `TOP board=rating` (section 5.7).
    case ratings
    /// The quick race queue (`QUEUE`, `UNQUEUE`, section 5.8).
    case queue
}
