import TileRaceProtocol

/// Chat: the input line (while open, every key types and the board never moves),
/// quick phrases 1 to 4 in a race, `/mute`, `/unmute` and `/report`, and `CHAT` lines.
extension Update {
    /// `//` says a line that starts with /.
    static let chatCommands = "/mute NICK, /unmute NICK, /muted, /report NICK WHY (// says a line that starts with /)"

    /// Nil when the input line is not open (it also closes when chat is no longer here).
    static func chatInputKey(_ key: Key, model: inout Model) -> [Effect]? {
        guard var input = model.chat.input else { return nil }
        guard model.chatPlace != nil else {
            model.chat.input = nil
            return nil
        }
        switch key {
        case .escape:
            model.chat.input = nil
        case .enter:
            guard !waitsForSeat(&model) else { return [] }
            model.chat.input = nil
            return say(input.text, model: &model)
        default:
            // Even a move key goes to the line, never to the board.
            _ = input.handle(key)
            model.chat.input = input
        }
        return []
    }

    static func openChat(_ model: inout Model) -> [Effect] {
        guard model.chatPlace != nil else { return [] }
        model.chat.input = TextField(model.chat.draft, kind: .chat, maximumLength: ChatText.maximumLength)
        model.chat.draft = ""
        return []
    }

    /// 1 to 4, from the config.
    static func quickPhrase(_ number: Int, model: inout Model) -> [Effect] {
        let phrases = model.config.quickPhrases
        guard model.chatPlace == .room, phrases.indices.contains(number - 1), !waitsForSeat(&model) else { return [] }
        return [.send(.say(phrases[number - 1]))]
    }

    static func quickPhraseNumber(_ key: Key) -> Int? {
        guard case .character(let character) = key, let number = character.wholeNumberValue, (1...4).contains(number),
            character.isASCII
        else { return nil }
        return number
    }

    /// Spaces at its ends are taken off.
    static func say(_ typed: String, model: inout Model) -> [Effect] {
        var text = Substring(typed)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        guard !text.isEmpty else { return [] }
        if text.hasPrefix("//") {
            text.removeFirst()
        } else if text.hasPrefix("/") {
            return chatCommand(String(text), model: &model)
        }
        do throws(ProtocolError) {
            try ChatText.validate(String(text))
        } catch {
            model.show("not sent: \(error.message)", .warning)
            return []
        }
        return [.send(.say(String(text)))]
    }

    /// This player's own mutes, saved in the config; the server knows nothing of them.
    private static func chatCommand(_ text: String, model: inout Model) -> [Effect] {
        let words = text.split(separator: " ").map(String.init)
        if words[0] == "/report" { return report(text, model: &model) }
        switch (words[0], words.count) {
        case ("/mute", 2), ("/unmute", 2):
            let nickname = words[1]
            guard Nickname.isValid(nickname) else {
                model.show("\(ScreenText.sanitize(nickname)) is not a nickname", .warning)
                return []
            }
            if words[0] == "/mute", model.network.nickname.map({ Nickname($0) == Nickname(nickname) }) == true {
                model.show("you cannot mute yourself", .warning)
                return []
            }
            var muted = Set(model.config.mutedNicknames)
            let key = Names.nicknameKey(nickname)
            if words[0] == "/mute" {
                muted.insert(key)
                model.show("\(nickname) muted: their lines are hidden from you (/unmute \(nickname) shows them)")
            } else {
                guard muted.remove(key) != nil else {
                    model.show("\(nickname) was not muted")
                    return []
                }
                model.show("\(nickname) unmuted")
            }
            model.config.mutedNicknames = muted.sorted()
            return [.saveConfig]
        case ("/muted", 1):
            let muted = model.config.mutedNicknames
            model.show(muted.isEmpty ? "you muted nobody" : "muted: " + muted.joined(separator: ", "))
            return []
        default:
            model.show("unknown command \(ScreenText.sanitize(words[0])): \(chatCommands)", .warning)
            return []
        }
    }

    /// `/report NICK WHY`: to the server's operators, with the races the two
    /// shared and the room's last lines; the reported player is never told.
    private static func report(_ text: String, model: inout Model) -> [Effect] {
        let rest = text.dropFirst("/report".count).drop { $0 == " " }
        let nickname = String(rest.prefix { $0 != " " })
        let reason = String(rest.dropFirst(nickname.count).drop { $0 == " " })
        guard !nickname.isEmpty else {
            model.show("/report NICK WHY: say whom you report and why", .warning)
            return []
        }
        guard Nickname.isValid(nickname) else {
            model.show("\(ScreenText.sanitize(nickname)) is not a nickname", .warning)
            return []
        }
        guard !isUs(nickname, model) else {
            model.show("you cannot report yourself", .warning)
            return []
        }
        guard !reason.isEmpty else {
            model.chat.input = TextField("/report \(nickname) ", kind: .chat, maximumLength: ChatText.maximumLength)
            model.show("say why you report \(nickname), then Enter", .warning)
            return []
        }
        guard model.network.serverFeatures.contains(.reports) else {
            model.show("this server takes no reports (it is older); tell its operator", .warning)
            return []
        }
        do throws(ProtocolError) {
            try ChatText.validate(reason, saying: "/report \(nickname) ")
        } catch {
            model.show("not reported: \(ScreenText.sanitize(error.message))", .warning)
            return []
        }
        guard !waitsForSeat(&model) else { return [] }
        return [.send(.report(nickname: nickname, reason: reason))]
    }

    /// The racers table's `!`: the chat line opens with `/report NICK `.
    static func startReport(of nickname: String, model: inout Model) -> [Effect] {
        guard model.chatPlace != nil, !isUs(nickname, model) else { return [] }
        model.chat.input = TextField("/report \(nickname) ", kind: .chat, maximumLength: ChatText.maximumLength)
        return []
    }

    static func reportReplied(_ nickname: String, _ result: Result<OkReply, ProtocolError>, model: inout Model) {
        switch result {
        case .success:
            model.show("reported \(nickname): the operators will look at it")
        case .failure(let error):
            model.show("not reported: \(ScreenText.sanitize(error.message))", .warning)
        }
    }

    /// Kept with our room's lines, or the lobby's outside rooms; other rooms' are ignored.
    static func chatArrived(_ line: ChatLine, model: inout Model) {
        let entry = ChatState.Entry(nickname: line.nickname, isBot: line.isBot, text: line.text)
        guard line.room.map({ isOurRoom($0, model) }) ?? (model.room == nil) else { return }
        if line.room == nil {
            // The history's first line replaces what we kept (no line shows twice); a live line ends the history.
            if line.isHistory, model.chat.awaitsLobbyHistory { model.chat.lobbyLines = [] }
            model.chat.awaitsLobbyHistory = false
        }
        model.chat.append(entry, toRoom: line.room != nil)
    }

    /// The line comes back as `CHAT`; a refusal says why.
    static func sayReplied(_ result: Result<OkReply, ProtocolError>, model: inout Model) {
        guard case .failure(let error) = result else { return }
        let text = ScreenText.sanitize(error.message)
        model.show(error.code == .flood ? "slow down: \(text)" : "not sent: \(text)", .warning)
    }
}
