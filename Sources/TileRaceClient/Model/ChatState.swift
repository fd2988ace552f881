import TileRaceProtocol

/// The chat the player sees: the lines of the room they are in (with the
/// room's history, sent when they came in) and of the lobby, and the input
/// line while it is open. Kept in memory only.
struct ChatState: Hashable, Sendable {
    /// The most lines kept per place (the panes show the last ones that fit).
    static let keptLines = 50

    struct Entry: Hashable, Sendable {
        /// Who said it, as the server sent it (shown sanitised).
        var nickname: String
        var isBot: Bool
        /// What was said, as the server sent it (shown sanitised).
        var text: String

        /// The line as a pane shows it, `nick: text`, with every control
        /// character and escape sequence taken out (`ScreenText.sanitize`).
        var shown: String {
            ScreenText.sanitize(nickname) + (isBot ? " (bot)" : "") + ": " + ScreenText.sanitize(text)
        }
    }

    /// The lines of the room we are in, oldest first.
    var roomLines: [Entry] = []
    /// The lines of the lobby, oldest first.
    var lobbyLines: [Entry] = []
    /// The input line, while open: keys type into it and never reach the board.
    var input: TextField?

    /// Adds a line to the room's or the lobby's lines, keeping the last ones.
    mutating func append(_ entry: Entry, toRoom: Bool) {
        if toRoom {
            roomLines.append(entry)
            if roomLines.count > ChatState.keptLines { roomLines.removeFirst(roomLines.count - ChatState.keptLines) }
        } else {
            lobbyLines.append(entry)
            if lobbyLines.count > ChatState.keptLines { lobbyLines.removeFirst(lobbyLines.count - ChatState.keptLines) }
        }
    }

    /// What was typed when a race's start closed the input line, offered
    /// again the next time it opens.
    var draft = ""

    /// Whether the input line is open.
    var isTyping: Bool { input != nil }

    /// Closes the input line, keeping what was typed for the next time it
    /// opens (a race starts: the keys are the board's).
    mutating func closeKeepingDraft() {
        guard let input else { return }
        draft = input.text
        self.input = nil
    }
}

/// Where the player can chat on the screen shown.
enum ChatPlace: Hashable, Sendable {
    /// Their room (the room screen, the race, spectating, the standings).
    case room
    case lobby
}

extension Model {
    /// Where the player chats on this screen; nil where there is no chat
    /// (the menu, practice, the leaderboard ...) or no connection.
    var chatPlace: ChatPlace? {
        guard connection.isConnected, network.nickname != nil else { return nil }
        switch screen {
        case .lobby: return room == nil ? .lobby : nil
        case .room, .spectate: return room == nil ? nil : .room
        case .game: return room != nil && session?.isRace == true ? .room : nil
        case .menu, .leaderboard, .colours, .watch, .statistics, .quickRace: return nil
        }
    }

    /// The lines of the place the player chats in, without those of the
    /// nicknames they muted, oldest first.
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
