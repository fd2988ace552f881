/// The small `bot` tag after a bot's name in lists.
enum BotTag {
    static let tag = " bot"

    /// A nickname (filtered) in a column of `width`, with the tag when it is
    /// a bot; the name gives way to the tag, never the other way round.
    static func name(_ nickname: String, isBot: Bool, width: Int) -> String {
        let name = ScreenText.sanitize(nickname)
        guard isBot, width > tag.count + 1 else { return Format.fit(name, width) }
        let room = width - tag.count
        return Format.fit(Format.fit(name, min(room, name.count)).trimmingTrailingSpaces + tag, width)
    }

    /// The width of a nickname (filtered) with its tag when it is a bot.
    static func width(of nickname: String, isBot: Bool) -> Int {
        ScreenText.sanitize(nickname).count + (isBot ? tag.count : 0)
    }
}
