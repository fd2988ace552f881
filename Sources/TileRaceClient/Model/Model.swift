import TileRaceEngine

/// Everything the client shows and remembers. `update` changes it; `view` draws it; time comes only from `tick`.
struct Model: Equatable, Sendable {
    var options: ClientOptions
    var config: ClientConfig
    var colourMode: ColourMode
    /// Without a terminal, no splash and no animation.
    var isInteractive: Bool
    var screen: Screen = .menu
    /// Monotonic milliseconds.
    var now: Int
    /// UTC, `YYYY-MM-DD`.
    var today: String
    var size: TerminalSize
    /// Seeded once by the runtime, so the model stays pure.
    var seedSource: SplitMix64
    var menu = MenuState()
    var session: PlaySession?
    /// Games finished on this machine.
    var statistics = GameStatistics()
    var room: WaitingRoom?
    var race: RaceState?
    /// The arena we joined, through its races, until we leave it or see its final standings.
    var arena: ArenaState?
    var connection: ConnectionStatus = .offline(reason: "no server connected")
    var network = NetworkState()
    var hostingInfo: [String] = []
    /// Clients of our hosted server, ourselves included; nil when not hosting.
    var hostedClientCount: Int?
    var notice: Notice?
    /// Shown on every screen for `Notice.announcementMilliseconds`; no key clears it.
    var announcement: Notice?
    var overlay: Overlay?
    /// Set when a dialog opened by itself or after a move: keys are ignored for `ShownDialog.guardMilliseconds`.
    var dialogOpenedAt: Int?
    /// Ctrl-Z until `Event.continued`: a practice clock stands still meanwhile.
    var isSuspended = false
    /// When the daily challenge or a quick race was chosen there; else leaving a room opens the lobby.
    var leavesRoomToMenu = false
    /// A broken config file must be kept aside on the next save.
    var mustPreserveConfigFile = false
    /// `--seed`, used once.
    var pendingPracticeSeed: String?
    /// Only when the command line gave a launcher.
    var canAddBots = false
    /// Oldest first; they leave with us.
    var ownBots: [OwnBot] = []
    var nextBotNumber = 1
    var chat = ChatState()
    /// Until the record for a ghost race (`g`, `--ghost`) arrives.
    var pendingGhost: GhostRequest?

    init(
        options: ClientOptions, config: ClientConfig, colourMode: ColourMode, isInteractive: Bool,
        now: Int, today: String, size: TerminalSize, seedSource: SplitMix64
    ) {
        self.options = options
        self.config = config
        self.colourMode = colourMode
        self.isInteractive = isInteractive
        self.now = now
        self.today = today
        self.size = size
        self.seedSource = seedSource
        if let nickname = options.nickname { self.config.lastNickname = nickname }
        pendingPracticeSeed = options.seed
        if isInteractive, options.animationsEnabled { menu.introStartedAt = now }
        if options.isOffline { connection = .offline(reason: ConnectionStatus.offlineByChoice) }
    }

    var animationsEnabled: Bool { options.animationsEnabled && isInteractive }

    /// The colour being edited is previewed live.
    var theme: Theme {
        var theme = config.theme
        if let fields = colours?.editing, let colour = fields.colour {
            theme.setColour(colour, code: fields.code)
        }
        return theme
    }

    /// Nil when nothing on screen moves with time.
    var tickIntervalMilliseconds: Int? {
        if screen == .menu, menu.introStartedAt != nil { return 33 }
        if network.resuming != nil { return 100 }
        if let watch, watch.status == .ready {
            if watch.animation != nil { return 16 }
            if !watch.isPaused, !watch.isAtEnd { return watch.isTimed ? 50 : min(watch.stepMilliseconds, 100) }
        }
        if session?.animation != nil { return 16 }
        if room?.countdownEndsAt != nil { return 50 }
        // An away player's seconds count down in the room's member list.
        if screen == .room, room?.away.isAnyoneAway(at: now) == true { return 250 }
        if screen == .game, let session, session.clock.isRunning { return 50 }
        // The wait for the server's seed runs out on a tick (`Update.dealingTick`).
        if session?.isDealing == true { return 250 }
        if screen == .spectate, let race, !race.isOver { return 100 }
        if notice?.expiresAt != nil || announcement != nil { return 250 }
        if race != nil { return 250 }
        // The arena's clock counts down.
        if screen == .arena, arena?.isOver == false { return 250 }
        if case .arenas = screen { return 250 }
        return nil
    }

    /// So a key already on its way to the board cannot answer a dialog that opened by itself.
    var isDialogOpening: Bool {
        guard let openedAt = dialogOpenedAt, ShownDialog(self) != nil else { return false }
        return now - openedAt < ShownDialog.guardMilliseconds
    }

    /// Clients of our hosted server other than this one.
    var otherHostedPlayers: Int {
        guard let count = hostedClientCount else { return 0 }
        return max(0, count - (connection.isConnected ? 1 : 0))
    }

    mutating func show(_ text: String, _ kind: Notice.Kind = .info, sticky: Bool = false) {
        notice = Notice(text: text, kind: kind, expiresAt: sticky ? nil : now + Notice.lifetimeMilliseconds)
    }

    /// Nil when it can go on the leaderboard; said before the nickname is asked.
    func submitRefusal(for session: PlaySession) -> String? {
        if session.ghost != nil { return GhostRace.notEligible }
        if !connection.isConnected { return "not connected to a server: scores are submitted online only" }
        let size = session.game.config.size
        if size != 4 { return "only 4x4 games go on the leaderboard (this one is \(size)x\(size))" }
        if session.hasShownHint { return "a hint was shown in this game: it cannot be submitted" }
        guard !session.isRace else { return nil }
        switch session.serverCopy {
        case .active, .finished: return nil
        case .notStarted: return "nothing was played: nothing to submit"
        case .localOnly(let reason): return "this game was played here only (\(reason)): it cannot be submitted"
        }
    }

    /// From the racers and members both: a spectator's `WHO` may come after `START`.
    func isBot(_ nickname: String) -> Bool { (race?.isBot(nickname) ?? false) || (room?.isBot(nickname) ?? false) }

    /// Below one billion.
    mutating func nextPracticeSeed() -> Seed { Seed(seedSource.next() % 1_000_000_000) }
}
