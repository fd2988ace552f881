import TileRaceEngine

/// Everything the client shows and remembers, as one value. `update`
/// changes it in answer to events; `view` draws it. Time comes in through
/// `tick` events only.
struct Model: Sendable {
    /// How the program was started.
    var options: ClientOptions
    /// The saved settings (theme, colours, nickname, tokens).
    var config: ClientConfig
    var colourMode: ColourMode
    /// Whether output is a terminal: without one, no splash and no animation.
    var isInteractive: Bool
    var screen: Screen = .menu
    /// The latest time from a tick (monotonic milliseconds).
    var now: Int
    /// Today's UTC date, `YYYY-MM-DD`.
    var today: String
    var size: TerminalSize
    /// Draws practice seeds (seeded once by the runtime, so the model stays pure).
    var seedSource: SplitMix64
    var menu = MenuState()
    /// The game on screen, if any.
    var session: PlaySession?
    var leaderboard = LeaderboardState()
    /// The games this player finished on this machine.
    var statistics = GameStatistics()
    var colours = ColourEditorState()
    var lobby = LobbyState()
    /// The room we are in (as player or spectator), when in one.
    var room: WaitingRoom?
    var race: RaceState?
    /// Where we stand with a server.
    var connection: ConnectionStatus = .offline(reason: "no server connected")
    /// Who we are on the server and what waits to be done there.
    var network = NetworkState()
    /// Lines telling friends how to join the embedded server.
    var hostingInfo: [String] = []
    /// The clients connected to the server hosted in this process, ourselves
    /// included, as last reported; nil when not hosting (or not yet reported).
    var hostedClientCount: Int?
    var notice: Notice?
    /// The server operator's latest notice (`NOTICE`): shown on every
    /// screen for `Notice.announcementMilliseconds`, and no key clears it.
    var announcement: Notice?
    /// What is drawn over the screen and takes the keys first.
    var overlay: Overlay?
    /// When the dialog on screen opened by itself (the end of a game, a
    /// lost connection, the standings) or in answer to a move: keys do
    /// nothing for `ShownDialog.guardMilliseconds` after; nil for a dialog
    /// the player asked for, or none.
    var dialogOpenedAt: Int?
    /// Whether the program is stopped by Ctrl-Z (until `Event.continued`):
    /// a practice game's clock stands still meanwhile.
    var isSuspended = false
    /// Where leaving a room takes the player: the menu when they chose the
    /// daily challenge there, else the lobby (where rooms are chosen).
    var roomExit: Screen = .lobby
    /// Whether the config file was broken and must be kept aside on the next save.
    var mustPreserveConfigFile = false
    /// The `--seed` of the first practice game, used once.
    var pendingPracticeSeed: String?
    /// Whether this client can start bots (the command line gave it a launcher).
    var canAddBots = false
    /// The bots this client put in its room, oldest first; they leave with us.
    var ownBots: [OwnBot] = []
    var nextBotNumber = 1
    /// The chat: the room's and the lobby's lines, the input line.
    var chat = ChatState()
    /// The record asked for a ghost race (`g` on the leaderboard, `--ghost`), until it arrives.
    var pendingGhost: GhostRequest?

    /// A model at the menu (with the splash when interactive and animated).
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

    /// Whether moves slide and the splash plays.
    var animationsEnabled: Bool { options.animationsEnabled && isInteractive }

    /// The theme to draw with: the saved one, with the colour being edited
    /// previewed live on the colours screen.
    var theme: Theme {
        var theme = config.theme
        if screen == .colours, let fields = colours.editing, let colour = fields.colour {
            theme.setColour(colour, code: fields.code)
        }
        return theme
    }

    /// How often the runtime should send ticks now; nil when
    /// nothing on screen moves with time.
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
        return nil
    }

    /// Whether keys do nothing yet: the dialog on screen opened by itself
    /// (or in answer to a move) less than `ShownDialog.guardMilliseconds` ago,
    /// so a key already on its way to the board cannot answer it.
    var isDialogOpening: Bool {
        guard let openedAt = dialogOpenedAt, ShownDialog(self) != nil else { return false }
        return now - openedAt < ShownDialog.guardMilliseconds
    }

    /// The other players that quitting would drop: clients of our hosted
    /// server other than this one.
    var otherHostedPlayers: Int {
        guard let count = hostedClientCount else { return 0 }
        return max(0, count - (connection.isConnected ? 1 : 0))
    }

    /// Shows a message on the status line for a few seconds.
    mutating func show(_ text: String, _ kind: Notice.Kind = .info, sticky: Bool = false) {
        notice = Notice(text: text, kind: kind, expiresAt: sticky ? nil : now + Notice.lifetimeMilliseconds)
    }

    /// Why `session`'s game cannot go on the leaderboard, in one line; nil
    /// when it can (once finished). Said before the nickname would be asked,
    /// and in "keep going?" before finishing is offered.
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

    /// A fresh practice seed: a number below one billion.
    mutating func nextPracticeSeed() -> Seed {
        Seed(seedSource.next() % 1_000_000_000)
    }
}
