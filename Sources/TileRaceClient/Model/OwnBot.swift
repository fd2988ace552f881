/// A bot this client put in its room.
struct OwnBot: Hashable, Sendable {
    /// The client's number for it.
    var id: Int
    var nickname: String
    /// How well it plays, 1 to 5.
    var strength: Int
}
