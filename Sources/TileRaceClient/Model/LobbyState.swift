import TileRaceProtocol

extension RoomState {
    var title: String {
        switch self {
        case .waiting: "waiting"
        case .countdown: "starting"
        case .racing: "racing"
        }
    }
}

struct CreateRoomForm: Hashable, Sendable {
    enum Field: Int, CaseIterable, Hashable, Sendable {
        case name, size, target, assists, timeLimit, code, rated, create
    }

    /// The time limits offered, in minutes (0: none).
    static let timeLimits = [0, 1, 2, 3, 5, 10, 15, 30, 60]

    var name = TextField()
    var size = 4
    var target = 2048
    var assistsAllowed = false
    /// The time limit in minutes (0: none).
    var timeLimitMinutes = 0
    var code = TextField()
    /// Whether the room's races count for ratings (no assists then).
    var isRated = false
    var focus: Field = .name

    /// The room's name and options, or why they are not valid yet.
    var request: Result<RoomRequest, FormProblem> {
        guard Nickname.isValid(name.text) else { return .failure(FormProblem("room name: \(Nickname.rule)")) }
        if !code.text.isEmpty, !Nickname.isValid(code.text) {
            return .failure(FormProblem("join code: \(Nickname.rule), or empty for a public room"))
        }
        return .success(
            RoomRequest(
                name: name.text,
                options: RoomOptions(
                    size: size, target: target, allowsAssists: assistsAllowed, timeLimit: timeLimitMinutes * 60,
                    code: code.text.isEmpty ? nil : code.text, isRated: isRated)))
    }
}

struct RoomRequest: Hashable, Sendable {
    var name: String
    var options: RoomOptions
}

/// Why a form cannot be sent yet.
struct FormProblem: Error, Hashable, Sendable {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}

/// The prompt that joins (or watches) a room by name and code.
struct JoinPrompt: Hashable, Sendable {
    var name = TextField()
    var code = TextField()
    /// Whether the code field has the cursor.
    var isCodeFocused = false
    /// Whether to watch as a spectator rather than play.
    var isWatching = false
    /// Why it is asked (e.g. "room friday is private"), shown above the fields.
    var message: String?
}

/// The lobby: the rooms on the server, and the create/join forms.
struct LobbyState: Hashable, Sendable {
    static let refreshIntervalMilliseconds = 3000

    /// The public rooms as last listed, sorted by name (the server's order).
    var rooms: [RoomDescription] = []
    var selection = 0
    var form: CreateRoomForm?
    var joinPrompt: JoinPrompt?
    /// Whether a list was asked for and not yet received.
    var isLoading = false
    /// Whether a list has arrived since the lobby opened.
    var hasLoaded = false
    /// When the list is next asked for (monotonic milliseconds).
    var refreshAt: Int?
    /// The player's own rating, shown in the header where the server has
    /// ratings (`TOP board=rating nick=`, asked each time the lobby opens).
    var ownRating = OwnRating.unknown

    /// The player's rating as the lobby knows it.
    enum OwnRating: Hashable, Sendable {
        /// Not asked (a server without ratings), or not answered yet.
        case unknown
        /// The server has no rating for the nickname (no rated race yet).
        case unrated
        /// The rating, rounded, and whether provisional.
        case rated(ShownRating)
    }
}

struct RoomMember: Hashable, Sendable {
    /// Their nickname (filtered when drawn).
    var nickname: String
    var isReady: Bool
    var isYou: Bool
    var role: MemberInfo.Role = .player
    /// Waiting, racing or finished.
    var state: MemberInfo.State = .waiting
    /// Whether they said they are a bot (`bot=yes`).
    var isBot = false
    /// In a rated room, their rating as the server gives it (`READY`,
    /// `MEMBER`) or the last rated race left it; nil when not known.
    var rating: ShownRating?
}

/// The room screen: who is in the room, who is ready, the countdown, and
/// the last race's standings.
struct WaitingRoom: Hashable, Sendable {
    /// What a player who would race hears while a race runs in the room.
    static let raceUnderWayNotice = "a race is under way: you will race in the next one"

    var name: String
    /// The room's options (a private room's code is not known).
    var options: RoomOptions
    var isPrivate: Bool
    /// The join code we came in with (to come back after losing the connection).
    var code: String?
    /// Players in the order they joined, then watchers.
    var members: [RoomMember]
    /// When the countdown ends, if it started (monotonic milliseconds).
    var countdownEndsAt: Int?
    /// Whether we watch as a spectator.
    var isWatching = false
    /// Whether a race we are not in is under way.
    var isRaceUnderWay = false
    /// The standings of the last race seen in this room.
    var lastStandings: [Standing] = []
    /// The players whose connection dropped, until `BACK` or `LEFT` (kept
    /// here rather than in `members`, which `WHO` replaces).
    var away = AwaySeats()

    /// Whether the last race's rating changes are still shown beside the
    /// players (from its `END` until the next countdown).
    var showsRatingChanges = false

    /// A player's rating as shown beside their nickname: after a rated race
    /// and until the next countdown, as that race left it with its change
    /// (`1523 +12`, `1337? -8`); otherwise the rating the server gives
    /// (`1523`, `1337?`); nil when neither is known.
    func rating(of nickname: String) -> String? {
        let wanted = Nickname(nickname)
        if showsRatingChanges, let finish = lastStandings.first(where: { Nickname($0.nickname) == wanted })?.finish,
            let rating = finish.rating
        {
            return RatingText.text(rating, change: finish.ratingChange, isProvisional: finish.isProvisional)
        }
        guard let rating = members.first(where: { Nickname($0.nickname) == wanted && $0.role == .player })?.rating else { return nil }
        return RatingText.text(rating.rating, isProvisional: rating.isProvisional)
    }

    /// The room as described by `OK CREATE` / `OK JOIN` / `OK WATCH`.
    init(_ description: RoomDescription, isWatching: Bool) {
        name = description.name
        options = RoomOptions(
            size: description.size, target: description.target, allowsAssists: description.allowsAssists,
            timeLimit: description.timeLimit, isRated: description.isRated)
        isPrivate = description.isPrivate
        members = []
        self.isWatching = isWatching
        isRaceUnderWay = description.state == .racing
    }

    /// A room from its parts.
    init(name: String, options: RoomOptions, isPrivate: Bool, members: [RoomMember]) {
        self.name = name
        self.options = options
        self.isPrivate = isPrivate
        self.members = members
    }

    /// The players (not the watchers).
    var players: [RoomMember] { members.filter { $0.role == .player } }

    var isReady: Bool { members.first(where: \.isYou)?.isReady ?? false }

    /// Whether this is the daily challenge's room.
    var isDaily: Bool { name.lowercased() == "daily" }

    /// Whether the member with this nickname said they are a bot.
    func isBot(_ nickname: String) -> Bool {
        let key = nickname.lowercased()
        return members.contains { $0.isBot && $0.nickname.lowercased() == key }
    }
}
