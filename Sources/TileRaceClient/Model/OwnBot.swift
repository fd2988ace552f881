struct OwnBot: Hashable, Sendable {
    var id: Int
    var nickname: String
    /// 1 to 5.
    var strength: Int
}
