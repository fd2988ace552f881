import TileRaceClient

/// A person at a real `ClientMachine`: keys at a human pace, mostly sensible for the
/// screen, now and then any key. Owned by its simulation (one thread).
final class SimulatedPlayer {
    let index: Int
    var machine: ClientMachine
    /// The connection the client has open or is opening (simulation number).
    var connection: Int?
    /// The connection being opened, by try number (a later try replaces it).
    var connectAttempt = 0
    /// When a tick is scheduled (nil: none).
    var nextTickAt: Int?
    var hasExited = false
    /// When it last sent a `MOVE`.
    var movedAt: Int?
    let nickname: String
    let style: Style

    enum Style {
        /// Its quick races and rated `READY`s are refused until a `SUBMIT` claims it.
        case unclaimed
        /// Holds its claim's token: creates rated rooms more, sometimes queues.
        case claimed
        /// Claimed, and mostly queues: menu after a race, `u`, a wait.
        case quickRacer
    }
    /// Set on a quit over a healthy link, to check its seat was not held.
    var cleanQuit: (server: Int, connection: Int, nickname: String, at: Int)?

    init(index: Int, machine: ClientMachine, nickname: String, style: Style) {
        self.index = index
        self.machine = machine
        self.nickname = nickname
        self.style = style
    }

    var name: String { Party.player(index).description }

    /// `isDraining` plays the game out and starts nothing new. `isQueued`: the waiting
    /// screen's count goes on only then.
    static func nextKey(
        _ facts: ClientFacts, style: Style, isQueued: Bool, random: inout SimulationRandom, isDraining: Bool, reports: Bool = false
    ) -> Key {
        if isDraining { return drainingKey(facts, random: &random) }
        if random.chance(0.004) { return .control("c") }
        if random.chance(0.03) { return random.element(of: anyKeys) }
        if let overlay = facts.overlay { return overlayKey(overlay, random: &random) }
        if let length = facts.chatInputLength { return chatKey(typed: length, random: &random) }
        if let form = facts.createRoomForm { return formKey(form, isClaimed: style != .unclaimed, random: &random) }
        switch facts.screen {
        case "game":
            // 1-4 in a race: quick phrases, now and then several in a row (past 5 per 10 s: ERR flood).
            return random.pick([
                (70, .up), (70, .down), (70, .left), (70, .right), (4, .character("u")), (3, .character("x")),
                (3, .character("p")), (2, .character("r")), (3, .character("q")), (6, .enter), (2, .escape),
                (2, .character("y")), (1, .character("n")), (1, .character("i")), (2, .character("s")), (1, .tab),
                (2, .character("f")), (1, .control("z")), (2, .character("1")), (1, .character("2")), (1, .character("3")),
                (1, .character("4")), (1, .character("/")),
                // Reports from the final standings (where `!` works); last, so weighing nothing it changes no other draw.
                (reports ? (facts.race?.isOver == true ? 60 : 1) : 0, .character("!")),
            ])
        case "menu":
            // u: a quick race (refused to a player whose nickname nobody claimed).
            return random.pick([
                (style == .quickRacer ? 5 : 50, .character("r")), (8, .character("p")), (6, .character("d")), (4, .character("l")),
                (4, .down), (2, .up), (6, .enter), (1, .character("q")), (1, .character("i")),
                (style == .quickRacer ? 80 : style == .claimed ? 10 : 4, .character("u")),
            ])
        case "quick-race":
            // A screen that stopped counting (no requeue after a reconnect) is left sooner, to ask again.
            return random.pick([(isQueued ? 100 : 20, .down), (2, .escape), (1, .character("q")), (4, .character("a"))])
        case "lobby":
            // A claimed player goes for a rated room with a seat free.
            if style == .claimed, let rated = facts.lobbyRooms.firstIndex(where: { $0.isRated && (1...3).contains($0.players) }),
                random.chance(0.8)
            {
                return rated == facts.lobbySelection ? .enter : rated < facts.lobbySelection ? .up : .down
            }
            // Joins a room whose race is under way, to race the next one.
            if let racing = facts.lobbyRooms.firstIndex(where: \.isRacing), random.chance(0.5) {
                return racing == facts.lobbySelection ? .enter : racing < facts.lobbySelection ? .up : .down
            }
            // n opens the create-room form (`formKey`).
            return random.pick([
                (30, .enter), (8, .down), (4, .up), (style == .claimed ? 12 : 6, .character("n")), (4, .character("w")),
                (3, .character("J")), (4, .character("g")), (style == .quickRacer ? 20 : 6, .character("q")), (4, .escape),
                (6, .character("s")), (4, .character("i")),
                (3, .tab), (3, .character("/")),
            ])
        case "room":
            let isRaceOver = facts.race?.isOver == true
            if style != .unclaimed, facts.isRoomRated, !isRaceOver {
                // Rated room: ready with the claim's token, then wait; sometimes unready or gone.
                if !facts.isReady { return random.pick([(10, .character("r")), (1, .character("q")), (1, .down)]) }
                return random.pick([(60, .down), (1, .character("r")), (1, .character("q")), (1, .character("/"))])
            }
            // A quick racer leaves after a race, for another quick race from the menu.
            return random.pick([
                (40, .character("r")), (5, .character("a")), (3, .character("x")),
                (style == .quickRacer && isRaceOver ? 40 : 4, .character("q")), (8, .enter),
                (2, .escape), (4, .character("/")),
            ])
        case "leaderboard":
            // g races the chosen entry's ghost (a practice game with ghost=yes); Tab goes through the boards.
            return random.pick([
                (10, .character("q")), (6, .escape), (4, .enter), (3, .down), (2, .character("r")), (6, .character("g")),
                (3, .tab),
            ])
        default:
            return random.pick([(10, .character("q")), (6, .escape), (4, .enter), (3, .down), (2, .character("r"))])
        }
    }

    /// Claimed players mostly make the room rated; others sometimes do, to have `READY` refused.
    private static func formKey(
        _ form: (field: String, nameLength: Int, isRated: Bool), isClaimed: Bool, random: inout SimulationRandom
    ) -> Key {
        if form.field == "name", form.nameLength < 4, random.chance(0.9) {
            return .character(random.element(of: roomNameCharacters))
        }
        if !form.isRated, random.chance(isClaimed ? 0.97 : 0.1) {
            return form.field == "rated" ? random.element(of: [.right, .left, .character(" ")]) : random.element(of: [.tab, .down])
        }
        return random.pick([
            (12, .enter), (3, .tab), (2, .backTab), (2, .right), (1, .left), (1, .escape),
            (1, .character(random.element(of: roomNameCharacters))), (1, .backspace),
        ])
    }

    /// What the simulated players name their rooms with.
    static let roomNameCharacters: [Character] = ["r", "a", "t", "e", "d", "k", "o", "1", "2", "-"]

    /// Mostly text (with `=`, accents, `/` commands); a long line is mostly said
    /// (the input holds 200 characters, `SAY`'s most).
    private static func chatKey(typed length: Int, random: inout SimulationRandom) -> Key {
        if length >= 150 {
            return random.chance(0.7) ? .enter : .character(random.element(of: chatCharacters))
        }
        return random.pick([
            (60, .character(random.element(of: chatCharacters))), (4, .backspace), (length == 0 ? 1 : 12, .enter),
            (2, .escape), (1, .up),
        ])
    }

    /// What the simulated players type into the chat.
    static let chatCharacters: [Character] = ["g", "l", "w", "a", "s", "d", " ", "=", "é", "!", "?", "/", "1", "m", "u", "t", "e"]

    private static func overlayKey(_ overlay: String, random: inout SimulationRandom) -> Key {
        if overlay.hasPrefix("confirm") {
            return random.pick([(6, .character("y")), (4, .character("n")), (1, .escape)])
        }
        if overlay.hasPrefix("nickname") {
            return random.pick([(8, .enter), (4, .character("z")), (1, .backspace), (1, .escape)])
        }
        if overlay.hasPrefix("connectionProblem") {
            return random.pick([(10, .enter), (2, .character("o")), (1, .character("q"))])
        }
        if overlay.hasPrefix("botStrength") {
            return random.pick([(4, .character("1")), (4, .character("3")), (4, .enter), (1, .escape)])
        }
        return .escape
    }

    private static func drainingKey(_ facts: ClientFacts, random: inout SimulationRandom) -> Key {
        if facts.chatInputLength != nil { return .escape }
        if let overlay = facts.overlay {
            if overlay.hasPrefix("confirm") { return .character("n") }
            return .escape
        }
        // Nothing new starts: a player waiting for a quick race leaves the queue.
        if facts.screen == "quick-race" { return .escape }
        guard facts.screen == "game", let play = facts.play, !play.game.isOver, play.endOutcome == nil else {
            return .character("?")
        }
        // Arrows would move the remove-tile cursor for ever (seed 740924): Esc puts it away.
        if play.isRemovingTile { return .escape }
        return random.element(of: [.up, .down, .left, .right])
    }

    /// Keys of every kind, for the odd random press.
    static let anyKeys: [Key] =
        [.up, .down, .left, .right, .enter, .escape, .tab, .backTab, .backspace, .pageUp, .pageDown, .home, .end, .delete]
        + "abcdeghjklmnopqrstuvwxyz123+-/? Jé".map(Key.character) + [.control("l")]
}
