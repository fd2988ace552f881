/// The entries of the main menu, in order.
enum MenuItem: Int, CaseIterable, Hashable, Sendable {
    /// Join or create a room on the server.
    case race
    /// A rated race with players of close rating, from the server's queue.
    case quickRace
    /// A solo game on this machine.
    case practice
    /// Today's seed, the same for everyone.
    case daily
    case leaderboard
    /// The games finished on this machine.
    case statistics
    /// Themes and the colour editor.
    case colours
    case quit

    var title: String {
        switch self {
        case .race: "Race with friends"
        case .quickRace: "Quick race"
        case .practice: "Practice"
        case .daily: "Daily challenge"
        case .leaderboard: "Leaderboard"
        case .statistics: "Statistics"
        case .colours: "Colours"
        case .quit: "Quit"
        }
    }

    /// The key that selects the entry at once.
    var hotKey: Character {
        switch self {
        case .race: "r"
        case .quickRace: "u"
        case .practice: "p"
        case .daily: "d"
        case .leaderboard: "l"
        case .statistics: "i"
        case .colours: "c"
        case .quit: "q"
        }
    }
}

struct MenuState: Hashable, Sendable {
    static let introDurationMilliseconds = 1000

    var selection: MenuItem = .race
    /// When the splash started; nil once it is over (or never shown).
    var introStartedAt: Int?

    /// How far the splash is at `now`, from 0 to 1 (1 when there is none).
    func introProgress(at now: Int) -> Double {
        guard let introStartedAt else { return 1 }
        return min(1, max(0, Double(now - introStartedAt) / Double(MenuState.introDurationMilliseconds)))
    }
}
