import TileRaceEngine
import TileRaceProtocol

/// The client without terminal and sockets: model, `update` and `ClientConversation`, carrying out
/// effects as the runtime does except those reaching the outside, returned as `Output`s.
/// For the deterministic simulator. Not thread-safe: one owner calls it.
package struct ClientMachine: Sendable {
    package enum Input: Hashable, Sendable {
        case key(Key)
        /// The runtime ticks, and checks the connection's timers.
        case tick
        case connected
        case connectFailed(String)
        case received([UInt8])
        /// The server closed it, or it broke.
        case closed(String)
        case botEnded(id: Int, reason: String)
        case hintFound(Board, Direction?)
    }

    package enum Output: Hashable, Sendable {
        /// `close` came first, if one was open.
        case connect(ServerEndpoint)
        /// In order.
        case write([String])
        /// No more is reported about it.
        case close
        /// What was written goes first.
        case quit
        /// `Input.botEnded` if it stops by itself.
        case startBot(BotRequest)
        case stopBot(id: Int)
        /// `Input.hintFound`.
        case findHint(Board)
    }

    private struct Link: Sendable {
        var isOpen = false
        var conversation: ClientConversation?
        var outgoing: [ClientMessage] = []
    }

    private(set) var model: Model
    private var link: Link?
    package private(set) var hasQuit = false
    /// For the simulator's invariants, as of the last input.
    package private(set) var facts: ClientFacts
    package private(set) var tickIntervalMilliseconds: Int

    /// As `tilerace play` would start with `options`, at monotonic `now`, with the saved `config`.
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
        tickIntervalMilliseconds = model.tickIntervalMilliseconds ?? 1000
    }

    /// `now` is monotonic milliseconds.
    package mutating func handle(_ input: Input, now: Int) -> [Output] {
        guard !hasQuit else { return [] }
        var outputs: [Output] = []
        var events: [Event] = [.tick(now)]
        switch input {
        case .key(let key):
            events.append(.key(key))
        case .tick:
            events += converse(outputs: &outputs) { $0.checkTimers(now: now) }
        case .connected:
            guard link != nil, link?.isOpen == false else { break }
            link?.isOpen = true
            link?.conversation = ClientConversation(now: now)
        case .connectFailed(let reason):
            guard link != nil, link?.isOpen == false else { break }
            link = nil
            events.append(.server(.connectFailed(reason)))
        case .received(let bytes):
            events += converse(outputs: &outputs) { $0.received(bytes) }
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

    /// For the simulator: a client-bug miscount makes `OK MOVE` disagree, so the client must resync.
    /// Returns whether an entry was waiting for its `OK MOVE`.
    package mutating func miscountLatestEntry() -> Bool {
        guard let seq = model.session?.expected.keys.max() else { return false }
        model.session?.expected[seq]?.score += 2
        refresh()
        return true
    }

    private mutating func refresh() {
        facts = ClientFacts(model)
        facts.pendingRequestCount = link?.conversation?.pendingRequestCount ?? 0
        tickIntervalMilliseconds = model.tickIntervalMilliseconds ?? 1000
    }

    /// `step` on the open link's conversation, its results as events; a failure closes the link.
    private mutating func converse(
        outputs: inout [Output], _ step: (inout ClientConversation) -> [ClientConversation.Output]
    ) -> [Event] {
        guard link?.isOpen == true, var conversation = link?.conversation else { return [] }
        let results = step(&conversation)
        link?.conversation = conversation
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

    /// Events the effects cause later (`notSent`) run after.
    private mutating func process(_ events: [Event], now: Int, into outputs: inout [Output]) {
        var pending = events
        while !pending.isEmpty, !hasQuit {
            let event = pending.removeFirst()
            let effects = update(&model, event)
            pending += perform(effects, now: now, into: &outputs)
        }
        flush(now: now, into: &outputs)
    }

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
            case .connect, .disconnect:
                if link != nil { outputs.append(.close) }
                link = nil
                if case .connect = effect, let endpoint = model.network.endpoint {
                    link = Link()
                    outputs.append(.connect(endpoint))
                }
            case .startBot(let request):
                outputs.append(.startBot(request))
            case .stopBot(let id):
                outputs.append(.stopBot(id: id))
            case .findHint(let board):
                outputs.append(.findHint(board))
            case .saveConfig:
                events.append(.configSaved(backup: nil))
            case .suspend:
                // As `fg` right after Ctrl-Z.
                events.append(.continued)
            case .saveStatistics, .redraw, .bell, .saveRecording:
                break
            }
        }
        return events
    }

    /// Once greeted, as `ClientNetwork` writes at the end of a turn.
    private mutating func flush(now: Int, into outputs: inout [Output]) {
        guard let current = link, current.isOpen, var conversation = current.conversation, conversation.isGreeted,
            !current.outgoing.isEmpty
        else { return }
        let lines = conversation.lines(for: current.outgoing, now: now)
        link?.conversation = conversation
        link?.outgoing = []
        outputs.append(.write(lines))
    }

    package var screenText: String {
        let theme = model.theme.effective(for: model.colourMode)
        return view(model, size: model.size, theme: theme).plainText
    }
}
