extension Model {
    /// From the racers and members both: a spectator's `WHO` may come after `START`.
    func isBot(_ nickname: String) -> Bool {
        (race?.isBot(nickname) ?? false) || (room?.isBot(nickname) ?? false)
    }
}
