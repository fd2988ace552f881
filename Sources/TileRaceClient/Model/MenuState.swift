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

    /// The entry's text, the key that selects it at once, and its word in the help.
    private var row: (title: String, hotKey: Character, word: String) {
        switch self {
        case .race: ("Race with friends", "r", "race")
        case .quickRace: ("Quick race", "u", "quick race")
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
