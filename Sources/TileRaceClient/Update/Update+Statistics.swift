/// The statistics screen: `x` resets them (asking first), `q` goes back.
extension Update {
    static func statisticsKey(_ key: Key, model: inout Model) -> [Effect] {
        if let effects = sharedKey(key, model: &model) { return effects }
        switch key {
        case .character("x"), .character("X"):
            if model.statistics.isEmpty {
                model.show("nothing to reset: no game finished here yet")
            } else {
                model.overlay = .confirm(.resetStatistics(games: model.statistics.gamesPlayed))
            }
        case .character("q"), .escape:
            model.screen = .menu
        default:
            break
        }
        return []
    }
}
