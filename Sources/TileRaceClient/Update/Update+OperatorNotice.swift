import TileRaceProtocol

/// The operator's `NOTICE` belongs to no screen: shown over any until it expires; no key clears it.
extension Update {
    static func operatorNoticeArrived(_ text: String, model: inout Model) {
        model.announcement = Notice(
            text: "server: " + ScreenText.sanitize(text), kind: .warning, expiresAt: model.now + Notice.announcementMilliseconds)
    }
}
