import TileRaceProtocol

/// The room's lines (with its history) and the lobby's, and the input line. Memory only.
struct ChatState: Hashable, Sendable {
    /// Per place.
    static let keptLines = 50

    struct Entry: Hashable, Sendable {
        /// Shown sanitised.
        var nickname: String
        var isBot: Bool
        /// Shown sanitised.
        var text: String

        /// `nick: text`, with control characters and escapes taken out.
        var shown: String { ScreenText.sanitize(nickname) + (isBot ? " (bot)" : "") + ": " + ScreenText.sanitize(text) }
    }

    /// Oldest first.
    var roomLines: [Entry] = []
    /// Oldest first. Outlive the lobby screen, and the connection.
    var lobbyLines: [Entry] = []
    /// After `OK HELLO` and `OK LEAVE`: the lobby's history, if the server sends one, replaces `lobbyLines`.
    var awaitsLobbyHistory = false
    /// While open, keys type into it and never reach the board.
    var input: TextField?

    /// Keeps the last ones.
    mutating func append(_ entry: Entry, toRoom: Bool) {
        let lines: WritableKeyPath<ChatState, [Entry]> = toRoom ? \.roomLines : \.lobbyLines
        self[keyPath: lines].append(entry)
        self[keyPath: lines].removeFirst(max(0, self[keyPath: lines].count - ChatState.keptLines))
    }

    /// Typed when a race's start closed the input line; offered again when it opens.
    var draft = ""

    var isTyping: Bool { input != nil }

    /// A race starts: the keys are the board's.
    mutating func closeKeepingDraft() {
        guard let input else { return }
        draft = input.text
        self.input = nil
    }
}

enum ChatPlace: Hashable, Sendable {
    /// The room screen, the race, spectating, the standings.
    case room
    case lobby
}

extension Model {
    /// Nil where there is no chat (menu, practice, leaderboard ...) or no connection.
    var chatPlace: ChatPlace? {
        guard connection.isConnected, network.nickname != nil else { return nil }
        switch screen {
        case .lobby: return room == nil ? .lobby : nil
        case .room, .spectate: return room == nil ? nil : .room
        case .game: return room != nil && session?.isRace == true ? .room : nil
        case .menu, .leaderboard, .colours, .watch, .statistics, .quickRace, .arenas, .arena: return nil
        }
    }

    /// Without muted nicknames, oldest first.
    var shownChatLines: [ChatState.Entry] {
        let lines: [ChatState.Entry]
        switch chatPlace {
        case .room: lines = chat.roomLines
        case .lobby: lines = chat.lobbyLines
        case nil: return []
        }
        return lines.filter { !config.isMuted($0.nickname) }
    }
}
