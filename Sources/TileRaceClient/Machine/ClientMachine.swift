import TileRaceEngine
import TileRaceProtocol

/// The whole terminal client without its terminal and its sockets: the
/// model, `update`, and one connection's `ClientConversation`, carrying out
/// every effect the way the runtime does (`ClientRuntime`,
/// `EffectInterpreter`, `ClientNetwork`, `ServerConnection`) except those that
/// reach a socket, the terminal or another thread, which it returns as
/// `Output`s. The deterministic simulator drives real clients through it.
///
/// Not thread-safe: one owner calls it.
package struct ClientMachine: Sendable {
    package enum Input: Hashable, Sendable {
        case key(Key)
        /// Time passed (the runtime ticks, and checks the connection's timers).
        case tick
        /// The connection asked for (`Output.connect`) is open.
        case connected
        /// The connection asked for could not be made.
        case connectFailed(String)
        case received([UInt8])
        /// The connection ended (the server closed it, or it broke).
        case closed(String)
        /// A bot this client started stopped by itself.
        case botEnded(id: Int, reason: String)
        case hintFound(Board, Direction?)
    }

    /// What the client asks of the world.
    package enum Output: Hashable, Sendable {
        /// Open a connection to the endpoint (the current one, if any, was closed: `close` came first).
        case connect(ServerEndpoint)
        /// Write these lines to the open connection, in order.
        case write([String])
        /// Close the connection (no more is reported about it).
        case close
        /// The program ends (what was written goes first).
        case quit
        /// Start a bot (`Input.botEnded` if it stops by itself).
        case startBot(BotRequest)
        case stopBot(id: Int)
        /// Find the strongest move on a board (`Input.hintFound`).
        case findHint(Board)
    }

    /// One connection's state, as `ServerConnection` keeps it.
    private struct Link: Sendable {
        var isOpen = false
        var conversation: ClientConversation?
        var outgoing: [ClientMessage] = []
    }

    private(set) var model: Model
    private var link: Link?
    package private(set) var hasQuit = false
    /// What the client believes, for the simulator's invariants (as of the last input).
    package private(set) var facts: ClientFacts
    /// How often the runtime would tick now (milliseconds).
    package private(set) var tickIntervalMilliseconds: Int

    /// A client started as `tilerace play` would be with `options`, at `now`
    /// (monotonic milliseconds), reaching the server at `endpoint`, with the
    /// saved `config` (the nickname tokens it holds, say); returns it with
    /// what it asks first.
    package static func launch(
        options: ClientOptions, endpoint: ServerEndpoint?, seed: UInt64, now: Int, today: String,
        size: TerminalSize = TerminalSize(width: 80, height: 24), config: ClientConfig = ClientConfig()
    ) -> (ClientMachine, [Output]) {
        var model = Model(
            options: options, config: config, colourMode: .none, isInteractive: false, now: now, today: today,
            size: size, seedSource: SplitMix64(seed: seed))
        model.canAddBots = true
        var machine = ClientMachine(model: model)
        let effects = Update.launch(NetworkPlan(endpoint: endpoint), model: &machine.model)
        if let record = options.ghostRecord { Update.startGhostRace(record, model: &machine.model) }
        var outputs: [Output] = []
        machine.perform(effects, now: now, into: &outputs)
        machine.refresh()
        return (machine, outputs)
    }

    private init(model: Model) {
        self.model = model
        facts = ClientFacts(model)
        tickIntervalMilliseconds = ClientMachine.tickInterval(of: model)
    }

    private static func tickInterval(of model: Model) -> Int {
        model.tickIntervalMilliseconds ?? 1000
    }

    /// Applies what happened at `now` (monotonic milliseconds); returns what to do.
    package mutating func handle(_ input: Input, now: Int) -> [Output] {
        guard !hasQuit else { return [] }
        var outputs: [Output] = []
        var events: [Event] = [.tick(now)]
        switch input {
        case .key(let key):
            events.append(.key(key))
        case .tick:
            if link?.isOpen == true, var conversation = link?.conversation {
                let results = conversation.checkTimers(now: now)
                link?.conversation = conversation
                events += conversationEvents(results, now: now, outputs: &outputs)
            }
        case .connected:
            guard link != nil, link?.isOpen == false else { break }
            link?.isOpen = true
            link?.conversation = ClientConversation(now: now)
        case .connectFailed(let reason):
            guard link != nil, link?.isOpen == false else { break }
            link = nil
            events.append(.server(.connectFailed(reason)))
        case .received(let bytes):
            guard link?.isOpen == true, var conversation = link?.conversation else { break }
            let results = conversation.received(bytes)
            link?.conversation = conversation
            events += conversationEvents(results, now: now, outputs: &outputs)
        case .closed(let reason):
            guard let current = link, current.isOpen else { break }
            link = nil
            events.append(.server(.disconnected(reason: reason, bye: current.conversation?.bye)))
        case .botEnded(let id, let reason):
            events.append(.botEnded(id: id, reason: reason))
        case .hintFound(let board, let direction):
            events.append(.hintFound(board: board, direction: direction))
        }
        process(events, now: now, into: &outputs)
        refresh()
        return outputs
    }

    /// For the simulator: the client miscounts the figures it expects after
    /// its latest entry not yet acknowledged (as a client bug would), so the
    /// server's `OK MOVE` disagrees and the client must ask for the server's
    /// copy of its game. Returns whether an entry was waiting for its `OK MOVE`.
    package mutating func miscountLatestEntry() -> Bool {
        guard let seq = model.session?.expected.keys.max() else { return false }
        model.session?.expected[seq]?.score += 2
        refresh()
        return true
    }

    /// Reads the facts and the tick interval off the model again.
    private mutating func refresh() {
        facts = ClientFacts(model)
        tickIntervalMilliseconds = ClientMachine.tickInterval(of: model)
    }

    /// What the conversation's outputs mean for `update`; a failure closes the link.
    private mutating func conversationEvents(
        _ results: [ClientConversation.Output], now: Int, outputs: inout [Output]
    ) -> [Event] {
        var events: [Event] = []
        for result in results {
            switch result {
            case .greeted(let greeting): events.append(.server(.greeted(greeting)))
            case .reply(let request, let reply, let items): events.append(.server(.reply(request, reply, items: items)))
            case .event(let event): events.append(.server(.event(event)))
            case .unreadable(let line): events.append(.server(.unreadable(line)))
            case .skippedEvent: break  // the client skips none
            case .send(let message): link?.outgoing.append(message)
            case .fail(let reason):
                let bye = link?.conversation?.bye
                link = nil
                outputs.append(.close)
                events.append(.server(.disconnected(reason: reason, bye: bye)))
                return events
            }
        }
        return events
    }

    /// Runs events through `update` and carries out their effects; events
    /// that effects cause later (`notSent`) run after.
    private mutating func process(_ events: [Event], now: Int, into outputs: inout [Output]) {
        var pending = events
        while !pending.isEmpty, !hasQuit {
            let event = pending.removeFirst()
            let effects = update(&model, event)
            pending += perform(effects, now: now, into: &outputs)
        }
        flush(now: now, into: &outputs)
    }

    /// Carries out effects; returns the events they cause.
    @discardableResult
    private mutating func perform(_ effects: [Effect], now: Int, into outputs: inout [Output]) -> [Event] {
        var events: [Event] = []
        for effect in effects {
            guard !hasQuit else { break }
            switch effect {
            case .quit:
                flush(now: now, into: &outputs)
                hasQuit = true
                outputs.append(.quit)
            case .send(let message):
                if link != nil {
                    link?.outgoing.append(message)
                } else {
                    events.append(.server(.notSent(message, reason: "not connected")))
                }
            case .connect:
                if link != nil { outputs.append(.close) }
                link = nil
                if let endpoint = model.network.endpoint {
                    link = Link()
                    outputs.append(.connect(endpoint))
                }
            case .disconnect:
                if link != nil { outputs.append(.close) }
                link = nil
            case .startBot(let request):
                outputs.append(.startBot(request))
            case .stopBot(let id):
                outputs.append(.stopBot(id: id))
            case .findHint(let board):
                outputs.append(.findHint(board))
            case .saveConfig:
                events.append(.configSaved(backup: nil))
            case .suspend:
                // Stopped and taken back at once, as `fg` right after Ctrl-Z.
                events.append(.continued)
            case .saveStatistics, .redraw, .bell:
                break
            }
        }
        return events
    }

    /// Writes what waits, once the server greeted us (as `ServerConnection.flush`).
    private mutating func flush(now: Int, into outputs: inout [Output]) {
        guard let current = link, current.isOpen, var conversation = current.conversation, conversation.isGreeted,
            !current.outgoing.isEmpty
        else { return }
        let lines = conversation.lines(for: current.outgoing, now: now)
        link?.conversation = conversation
        link?.outgoing = []
        outputs.append(.write(lines))
    }

    /// The screen as plain text (what the player sees), drawn from the model.
    package var screenText: String {
        let theme = model.theme.effective(for: model.colourMode)
        return view(model, size: model.size, theme: theme).plainText
    }
}
