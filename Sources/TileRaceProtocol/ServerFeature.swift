/// Beyond protocol 1's first version, named in the greeting: a newer client
/// uses a feature only when an older server names it.
public enum ServerFeature: String, CaseIterable, Hashable, Sendable {
    /// The `RESYNC` request (section 5.3).
    case resync
    /// Rated rooms (`rated=yes`, `READY token=`) and `TOP board=rating` (section 5.7).
    case ratings
    /// The quick race queue (`QUEUE`, `UNQUEUE`, section 5.8).
    case queue
    /// A bot's `strength=` (`HELLO`, section 5.1).
    case strength
    /// `HELLO ... via=`, a visitor's address from a program on the server's machine (section 5.1).
    case via
    /// Players' reports and the operator's review of them (`REPORT`, section 5.6; `REPORTS`, `DISMISS`, section 13).
    case reports
    /// Arenas (`ARENAS`, `ARENA`, `ARENA-LEAVE`, `BERSERK`, `STANDINGS`, `ARENA-CREATE`, section 5.9).
    case arena
}
