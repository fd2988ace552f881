import TileRaceProtocol

/// The server operator's notice (`NOTICE`): it belongs to no screen, it is
/// shown over whichever is up until it expires, and no key clears it.
extension Update {
    /// The operator's words, on whatever screen is up, until they expire.
    static func operatorNoticeArrived(_ text: String, model: inout Model) {
        model.announcement = Notice(
            text: "server: " + ScreenText.sanitize(text), kind: .warning, expiresAt: model.now + Notice.announcementMilliseconds)
    }
}
