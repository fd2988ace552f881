/// The options of a room, chosen by whoever creates it.
struct RoomOptions: Hashable, Sendable {
    /// The room's name.
    var name: String
    /// The board size, 3 to 8.
    var size = 4
    /// The target tile.
    var target = 2048
    /// Whether undo and tile removal are allowed.
    var assistsAllowed = false
    /// The time limit in seconds, nil for none.
    var timeLimit: Int?
    /// The join code of a private room, nil for a public one.
    var code: String?
}

/// What a room is doing.
enum RoomPhase: Hashable, Sendable {
    /// Waiting for players to be ready.
    case waiting
    /// Counting down to the start.
    case countdown
    /// Racing.
    case racing
    /// The race is over.
    case finished

    /// The phase in words.
    var title: String {
        switch self {
        case .waiting: "waiting"
        case .countdown: "starting"
        case .racing: "racing"
        case .finished: "finished"
        }
    }
}

/// One room in the server's list.
struct RoomSummary: Hashable, Sendable {
    /// The room's name (filtered).
    var name: String
    /// The players in it.
    var playerCount: Int
    /// What it is doing.
    var phase: RoomPhase
    /// The board size.
    var size: Int
    /// The target tile.
    var target: Int
    /// Whether it needs a join code.
    var isPrivate: Bool
    /// Whether assists are allowed.
    var assistsAllowed: Bool
    /// The time limit in seconds, nil for none.
    var timeLimit: Int?
}

/// The form that creates a room.
struct CreateRoomForm: Hashable, Sendable {
    /// The fields in order.
    enum Field: Int, CaseIterable, Hashable, Sendable {
        case name, size, target, assists, timeLimit, code, create
    }

    /// The time limits offered, in minutes (0: none).
    static let timeLimits = [0, 1, 2, 3, 5, 10, 15, 30, 60]

    /// The room's name.
    var name = TextField()
    /// The board size.
    var size = 4
    /// The target tile.
    var target = 2048
    /// Whether assists are allowed.
    var assistsAllowed = false
    /// The time limit in minutes (0: none).
    var timeLimitMinutes = 0
    /// An optional join code.
    var code = TextField()
    /// The field with the cursor.
    var focus: Field = .name

    /// The options, or why they are not valid yet.
    var options: Result<RoomOptions, FormProblem> {
        guard Nickname.isValid(name.text) else { return .failure(FormProblem("room name: \(Nickname.rule)")) }
        if !code.text.isEmpty, !Nickname.isValid(code.text) {
            return .failure(FormProblem("join code: \(Nickname.rule), or empty for a public room"))
        }
        return .success(RoomOptions(
            name: name.text, size: size, target: target, assistsAllowed: assistsAllowed,
            timeLimit: timeLimitMinutes == 0 ? nil : timeLimitMinutes * 60,
            code: code.text.isEmpty ? nil : code.text))
    }
}

/// Why a form cannot be sent yet.
struct FormProblem: Error, Hashable, Sendable {
    /// What to fix.
    var message: String

    /// Creates a problem.
    init(_ message: String) {
        self.message = message
    }
}

/// The prompt that joins a room by name (and code).
struct JoinPrompt: Hashable, Sendable {
    /// The room's name.
    var name = TextField()
    /// Its join code, if private.
    var code = TextField()
    /// Whether the code field has the cursor.
    var isCodeFocused = false
}

/// The lobby: the rooms on the server, and the create/join forms.
struct LobbyState: Hashable, Sendable {
    /// The rooms as last listed.
    var rooms: [RoomSummary] = []
    /// The highlighted room.
    var selection = 0
    /// The create form, when open.
    var form: CreateRoomForm?
    /// The join prompt, when open.
    var joinPrompt: JoinPrompt?
    /// Whether a list was asked for and not yet received.
    var isLoading = false
}

/// Someone in a room before the race.
struct RoomMember: Hashable, Sendable {
    /// Their nickname (filtered).
    var nickname: String
    /// Whether they are ready.
    var isReady: Bool
    /// Whether this is us.
    var isYou: Bool
}

/// The room screen before a race.
struct RoomState: Hashable, Sendable {
    /// The room's options (its code is not shown).
    var options: RoomOptions
    /// Whether it is private.
    var isPrivate: Bool
    /// Who is in, in the server's order.
    var members: [RoomMember]
    /// When the countdown ends, if it started (monotonic seconds).
    var countdownEndsAt: Double?

    /// Whether we are ready.
    var isReady: Bool { members.first(where: \.isYou)?.isReady ?? false }
}
