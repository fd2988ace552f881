import TileRaceProtocol

enum MenuItem: Int, CaseIterable, Hashable, Sendable {
    case race
    /// Players of close rating, from the server's queue.
    case quickRace
    /// Timed tournaments, where the server offers them.
    case arena
    case practice
    /// The same seed for everyone.
    case daily
    case leaderboard
    case statistics
    case colours
    case quit

    /// Title, the key that selects it at once, and its word in the help.
    private var row: (title: String, hotKey: Character, word: String) {
        switch self {
        case .race: ("Race with friends", "r", "race")
        case .quickRace: ("Quick race", "u", "quick race")
        case .arena: ("Arena", "a", "arena")
        case .practice: ("Practice", "p", "practice")
        case .daily: ("Daily challenge", "d", "daily")
        case .leaderboard: ("Leaderboard", "l", "leaderboard")
        case .statistics: ("Statistics", "i", "statistics")
        case .colours: ("Colours", "c", "colours")
        case .quit: ("Quit", "q", "quit")
        }
    }

    var title: String { row.title }
    var hotKey: Character { row.hotKey }
    var helpWord: String { row.word }

    /// The menu's entries: the arena only where the server offers arenas.
    static func shown(offered features: Set<ServerFeature>) -> [MenuItem] {
        allCases.filter { $0 != .arena || features.contains(.arena) }
    }
}

struct MenuState: Hashable, Sendable {
    static let introDurationMilliseconds = 1000

    var selection: MenuItem = .race
    /// Nil once it is over, or never shown.
    var introStartedAt: Int?

    /// From 0 to 1 (1 when there is none).
    func introProgress(at now: Int) -> Double {
        guard let introStartedAt else { return 1 }
        return min(1, max(0, Double(now - introStartedAt) / Double(MenuState.introDurationMilliseconds)))
    }
}
