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

    /// Minutes; 0 is none.
    static let timeLimits = [0, 1, 2, 3, 5, 10, 15, 30, 60]

    var name = TextField()
    var size = 4
    var target = 2048
    var assistsAllowed = false
    /// Minutes; 0 is none.
    var timeLimitMinutes = 0
    var code = TextField()
    /// Rated rooms allow no assists.
    var isRated = false
    var focus: Field = .name

    /// Nil when the form can be sent.
    var problem: String? {
        guard Nickname.isValid(name.text) else { return "room name: \(Nickname.rule)" }
        if !code.text.isEmpty, !Nickname.isValid(code.text) { return "join code: \(Nickname.rule), or empty for a public room" }
        return nil
    }

    var request: RoomRequest {
        let options = RoomOptions(
            size: size, target: target, allowsAssists: assistsAllowed, timeLimit: timeLimitMinutes * 60,
            code: code.text.isEmpty ? nil : code.text, isRated: isRated)
        return RoomRequest(name: name.text, options: options)
    }
}

struct RoomRequest: Hashable, Sendable {
    var name: String
    var options: RoomOptions
}

struct JoinPrompt: Hashable, Sendable {
    var name = TextField()
    var code = TextField()
    var isCodeFocused = false
    var isWatching = false
    /// E.g. "room friday is private".
    var message: String?
}

/// The lobby: the rooms on the server, and the create/join forms.
struct LobbyState: Hashable, Sendable {
    static let refreshIntervalMilliseconds = 3000

    /// Sorted by name (the server's order).
    var rooms: [RoomDescription] = []
    var selection = 0
    var form: CreateRoomForm?
    var joinPrompt: JoinPrompt?
    var isLoading = false
    var hasLoaded = false
    /// Monotonic milliseconds.
    var refreshAt: Int?
    /// From `TOP board=rating nick=`, asked each time the lobby opens.
    var ownRating = OwnRating.unknown

    enum OwnRating: Hashable, Sendable {
        /// Not asked (no ratings on the server), or not answered yet.
        case unknown
        /// No rated race yet.
        case unrated
        /// The `RATING` line: with `unlisted=` while not on the rating board.
        case rated(RatingEntry)
    }
}

struct RoomMember: Hashable, Sendable {
    /// Filtered when drawn.
    var nickname: String
    var isReady: Bool
    var isYou: Bool
    var role: MemberInfo.Role = .player
    var state: MemberInfo.State = .waiting
    /// `bot=yes`.
    var isBot = false
    /// A bot's `strength=`, when the server tells it.
    var strength: Int?
    /// Rated rooms: from `READY`/`MEMBER` or the last rated race; nil when unknown.
    var rating: ShownRating?
}

/// The room screen: members, readiness, countdown and last standings.
struct WaitingRoom: Hashable, Sendable {
    static let raceUnderWayNotice = "a race is under way: you will race in the next one"
    static let backFromRaceNotice = "press r when you are ready for the next race"
    static let raceOverNotice = "the race is over: press r when you are ready for the next one"
    /// They ask for `r`, and pressing it answers them.
    static let readyPrompts: Set = [backFromRaceNotice, raceOverNotice]

    var name: String
    /// A private room's code is not known.
    var options: RoomOptions
    var isPrivate: Bool
    /// To come back after losing the connection.
    var code: String?
    /// Players in join order, then watchers.
    var members: [RoomMember]
    /// Monotonic milliseconds.
    var countdownEndsAt: Int?
    var isWatching = false
    var isRaceUnderWay = false
    /// The race's `RESULT` lines, waiting for its `END` (also when we joined during it, and so have no race of it).
    var results: [Standing] = []
    var lastStandings: [Standing] = []
    /// Until `BACK` or `LEFT`; kept apart from `members`, which `WHO` replaces.
    var away = AwaySeats()

    /// From the rated race's `END` until the next countdown.
    var showsRatingChanges = false

    /// After a rated race, its rating with the change (`1523 +12`, `1337? -8`); else the server's (`1523`).
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

    var players: [RoomMember] { members.filter { $0.role == .player } }

    var isReady: Bool { members.first(where: \.isYou)?.isReady ?? false }

    var isDaily: Bool { name.lowercased() == "daily" }

    func isBot(_ nickname: String) -> Bool {
        let key = nickname.lowercased()
        return members.contains { $0.isBot && $0.nickname.lowercased() == key }
    }
}

extension WaitingRoom {
    init(_ description: RoomDescription, isWatching: Bool) {
        let options = RoomOptions(
            size: description.size, target: description.target, allowsAssists: description.allowsAssists,
            timeLimit: description.timeLimit, isRated: description.isRated)
        self.init(
            name: description.name, options: options, isPrivate: description.isPrivate, members: [], isWatching: isWatching,
            isRaceUnderWay: description.state == .racing)
    }
}
