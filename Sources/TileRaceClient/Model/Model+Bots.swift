extension Model {
    /// Whether the racer or member with this nickname is a bot, from all the
    /// model knows: the race's racers and the room's members (a spectator
    /// learns the members from `WHO`, which may come after the race's `START`).
    func isBot(_ nickname: String) -> Bool {
        (race?.isBot(nickname) ?? false) || (room?.isBot(nickname) ?? false)
    }
}
