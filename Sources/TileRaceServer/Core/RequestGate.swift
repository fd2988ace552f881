import TileRaceProtocol

/// Checks each line before it runs (like Redis's `processCommand`): verb
/// table, values, flood tokens, requirements, and the turn's work budget
/// (in request costs, so a turn holds a few heavy requests or many light
/// ones). Knows nothing of rooms: the core says which requirements are met.
struct RequestGate {
    enum Verdict: Hashable {
        /// Nothing: an empty line, or a `PONG` (an answer, not a request).
        case ignore
        case run(ClientMessage, cost: Int)
        /// Answer this error and run nothing; the line's tokens are still taken
        /// (a request refused for its values costs one).
        case answer(ProtocolError)
        case flood(ProtocolError)
        /// Too many refusals in a row, or a line too long (`reason` is for the log).
        case close(ProtocolError, bye: String, reason: String)

        var isAdmitted: Bool {
            switch self {
            case .run, .answer: true
            case .ignore, .flood, .close: false
            }
        }
    }

    private var tokens: TokenBucket
    private var refusalsInARow = 0
    /// When the recent requests of verbs with a window ran (`SAY`), oldest first.
    private var windowed: [RequestVerb: [Int]] = [:]
    private let maximumRefusalsInARow: Int
    private let workPerTurn: Int
    /// In request costs.
    private(set) var turnWork = 0

    init(limits: ServerLimits, now: Int) {
        tokens = TokenBucket(rate: limits.requestsPerSecond, burst: limits.requestBurst, now: now)
        maximumRefusalsInARow = limits.maximumRefusalsInARow
        workPerTurn = limits.workPerTurn
    }

    private static let moveAdmission = RequestVerb.move.admission

    mutating func beginTurn() {
        turnWork = 0
    }

    var isTurnOver: Bool { turnWork >= workPerTurn }

    /// `listedItems`: the item count of a listing reply (only `ROOMS`).
    mutating func check(
        _ line: String, now: Int, listedItems: () -> Int, meets: (Requirement) -> Bool
    ) -> Verdict {
        guard let verbWord = line.split(separator: " ").first else { return ignore() }
        let verb: RequestVerb
        do throws(ProtocolError) {
            verb = try RequestVerb(word: verbWord)
        } catch {
            return admit(cost: 1, now: now) ?? .answer(error)
        }
        guard verb.expectsReply else { return ignore() }
        let request = Result { () throws(ProtocolError) in try verb.parse(line: line) }
        return check(request, of: verb, admission: verb.admission, now: now, listedItems: listedItems, meets: meets)
    }

    /// Fast path for the most common line, a plain `MOVE`: no general parser.
    mutating func check(plainMove move: ClientMessage, now: Int, meets: (Requirement) -> Bool) -> Verdict {
        check(.success(move), of: .move, admission: RequestGate.moveAdmission, now: now, listedItems: { 0 }, meets: meets)
    }

    private mutating func check(
        _ request: Result<ClientMessage, ProtocolError>, of verb: RequestVerb, admission: RequestAdmission, now: Int,
        listedItems: () -> Int, meets: (Requirement) -> Bool
    ) -> Verdict {
        let cost =
            switch request {
            case .success(let request): admission.tokens(for: request, listedItems: listedItems)
            case .failure: 1
            }
        if let refusal = admit(cost: cost, now: now) { return refusal }
        for requirement in admission.requirements where !meets(requirement) {
            return .answer(requirement.refusal)
        }
        switch request {
        case .success(let request):
            if let window = admission.window, let refusal = admit(verb, within: window, now: now) { return refusal }
            return .run(request, cost: cost)
        case .failure(let error): return .answer(error)
        }
    }

    /// Refused requests keep their tokens taken: they were admitted first.
    private mutating func admit(_ verb: RequestVerb, within window: RequestWindow, now: Int) -> Verdict? {
        var times = windowed[verb, default: []].filter { now - $0 < window.milliseconds }
        defer { windowed[verb] = times }
        if times.count >= window.count, let oldest = times.first {
            let wait = max(1, (oldest + window.milliseconds - now + 999) / 1000)
            return .flood(
                ProtocolError(
                    .flood,
                    "at most \(window.count) \(verb.rawValue) per \(window.milliseconds / 1000) s; try again in \(wait) s (this one was not carried out)"
                ))
        }
        times.append(now)
        return nil
    }

    /// A line too long closes the connection; any other unreadable line costs
    /// one token.
    mutating func check(unreadable error: ProtocolError, now: Int) -> Verdict {
        guard error.code != .lineTooLong else {
            turnWork += 1
            return .close(error, bye: "line too long", reason: "line too long")
        }
        return admit(cost: 1, now: now) ?? .answer(error)
    }

    /// The carried request's tokens were taken on the shard it came from.
    mutating func countCarried(cost: Int) {
        turnWork += cost
    }

    /// Whether the server reads nothing of the client now (its replies are
    /// not taken, or it waits for the store): that time refills past the burst.
    mutating func holdReading(_ held: Bool, now: Int) {
        tokens.hold(held, now: now)
    }

    /// Charges a reply's cost once known (`RECORD`'s `LOG` lines), going into
    /// debt: later requests wait until it is paid back.
    mutating func chargeReply(of verb: RequestVerb, itemLines: Int, now: Int) {
        tokens.charge(now: now, cost: verb.costAfterReply(itemLines: itemLines))
    }

    private mutating func ignore() -> Verdict {
        turnWork += 1
        return .ignore
    }

    /// Closes after too many refusals in a row. A refused line is one unit of
    /// work.
    private mutating func admit(cost: Int, now: Int) -> Verdict? {
        if tokens.take(now: now, cost: cost) {
            refusalsInARow = 0
            turnWork += cost
            return nil
        }
        turnWork += 1
        refusalsInARow += 1
        let error = ProtocolError(
            .flood,
            "too many requests: at most \(tokens.rate) per second (a long reply counts for more); this one was not carried out")
        guard refusalsInARow < maximumRefusalsInARow else { return .close(error, bye: "too many requests", reason: "flooding") }
        return .flood(error)
    }
}
