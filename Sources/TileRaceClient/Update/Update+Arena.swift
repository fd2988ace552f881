import TileRaceProtocol

/// Arenas (protocol.md 5.9): the list, joining or watching, the arena screen between races
/// (berserk, leaving), its standings kept live, and its races as any room's.
extension Update {
    /// The list, asked afresh; a line saying why not where there is none.
    static func openArenas(_ model: inout Model) -> [Effect] {
        guard isOffered(.arena, olderServer: "this server has no arenas (it is older): try a quick race", model: &model) else { return [] }
        if let arena = model.arena, !arena.isOver {
            model.screen = .arena
            return []
        }
        model.arena = nil
        model.screen = .arenas(ArenaListState(fetchedAt: model.now))
        return [.send(.arenas)]
    }

    static func arenasKey(_ key: Key, model: inout Model) -> [Effect] {
        if let effects = sharedKey(key, model: &model) { return effects }
        guard var list = model.arenaList else { return [] }
        switch key {
        case .up, .character("k"):
            list.selection = max(0, list.selection - 1)
        case .down, .character("j"):
            list.selection = min(max(0, list.arenas.count - 1), list.selection + 1)
        case .enter, .character(" "):
            guard let arena = list.selected else {
                model.show(list.isLoading ? "the list is on its way" : "no arena to join: g asks again")
                return []
            }
            return joinArena(arena, model: &model)
        case .character("w"):
            guard let arena = list.selected else {
                model.show(list.isLoading ? "the list is on its way" : "no arena to watch: g asks again")
                return []
            }
            return joinArena(arena, isWatching: true, model: &model)
        case .character("g"):
            list.isLoading = true
            model.arenaList = list
            return [.send(.arenas)]
        case .character("q"), .escape:
            model.screen = .menu
        default:
            break
        }
        model.arenaList = list
        return []
    }

    /// `ARENA <id>`, with the nickname's claim token when the arena is rated (as `QUEUE` sends it);
    /// `ARENA <id> watch=yes` to watch it, which needs no claim.
    static func joinArena(_ arena: ArenaInfo, isWatching: Bool = false, model: inout Model) -> [Effect] {
        guard let nickname = model.network.nickname else {
            model.show("an arena needs a nickname: Race with friends asks for one", .warning)
            return []
        }
        if arena.state == .over {
            model.show("arena \(arena.id) is over: nobody joins it now", .warning)
            return []
        }
        if isWatching {
            model.arenaList?.joining = arena.id
            return [.send(.arena(id: arena.id, isWatching: true))]
        }
        let token = model.config.token(for: nickname)
        if arena.settings.isRated, token == nil {
            model.show("arena \(arena.id) is rated: submit a 4x4 game first to claim your nickname", .warning)
            return []
        }
        model.arenaList?.joining = arena.id
        return [.send(.arena(id: arena.id, token: arena.settings.isRated ? token : nil))]
    }

    /// A fresh session is in no arena: ours is joined (or watched) again (its points are kept).
    static func arenaAgain(_ model: inout Model) -> [Effect] {
        guard let arena = model.arena, !arena.isOver else { return [] }
        if arena.isWatching { return [.send(.arena(id: arena.info.id, isWatching: true))] }
        let token = arena.info.settings.isRated ? model.network.nickname.flatMap { model.config.token(for: $0) } : nil
        return [.send(.arena(id: arena.info.id, token: token))]
    }

    /// Between races: `b` berserk (not when watching), `l` (Esc, q) leaves; once over, any of Enter, Esc, q goes to the menu.
    static func arenaKey(_ key: Key, model: inout Model) -> [Effect] {
        guard let arena = model.arena else {
            model.screen = .menu
            return []
        }
        if arena.isOver {
            if [.enter, .escape, .character(" "), .character("q")].contains(key) {
                model.arena = nil
                model.screen = .menu
                return []
            }
            return sharedKey(key, model: &model) ?? []
        }
        switch key {
        case .character("b"):
            if arena.isWatching {
                model.show("you are watching: Enter on the list of arenas joins one", .warning)
                return []
            }
            guard !waitsForSeat(&model) else { return [] }
            if arena.info.settings.raceLimit == 0 {
                model.show("no berserk here: this arena's races have no time limit to halve", .warning)
                return []
            }
            if arena.isBerserk {
                model.show("berserk is on for your next race already")
                return []
            }
            return [.send(.berserk)]
        case .character("l"), .character("q"), .escape:
            return leaveArena(&model)
        default:
            return sharedKey(key, model: &model) ?? []
        }
    }

    /// `l` between races, in a race's room or its standings: out of the arena (and the room), to the list.
    static func leaveArena(_ model: inout Model) -> [Effect] {
        guard let arena = model.arena, !waitsForSeat(&model) else { return [] }
        let room: [Effect] = model.room == nil ? [] : [.send(.leave)]
        _ = backToArena(&model)
        model.arena = nil
        let effects = openArenas(&model)
        model.show(
            arena.isWatching
                ? "you stopped watching arena \(arena.info.id)" : "you left arena \(arena.info.id): your points stay in its standings")
        return room + [.send(.arenaLeave)] + effects
    }

    /// After an arena race (`LEFT` of us, then Enter or q on its standings): the arena screen, paired again soon,
    /// its standings asked again (who joined meanwhile is in no `SCORED` yet).
    static func backToArena(_ model: inout Model) -> [Effect] {
        forgetRoom(&model)
        model.screen = .arena
        guard let arena = model.arena else { return [] }
        return [.send(.standings(arena: arena.info.id, limit: RequestVerb.maximumStandingsLimit))]
    }

    // MARK: Replies

    static func arenasReplied(_ result: Result<OkReply, ProtocolError>, items: [ServerMessage], model: inout Model) {
        guard var list = model.arenaList else { return }
        list.isLoading = false
        switch result {
        case .success:
            let selected = list.selected?.id
            list.arenas = items.compactMap { if case .arena(let info) = $0 { info } else { nil } }
            list.fetchedAt = model.now
            // The one chosen stays chosen; at first, the first not over.
            list.selection =
                list.arenas.firstIndex { $0.id == selected } ?? list.arenas.firstIndex { $0.state != .over } ?? 0
        case .failure(let error):
            model.show("no list of arenas: \(ScreenText.sanitize(error.message))", .warning)
        }
        model.arenaList = list
    }

    static func arenaReplied(id: Int, isWatching: Bool, _ result: Result<OkReply, ProtocolError>, model: inout Model) -> [Effect] {
        switch result {
        case .success(.arena(let info)):
            // Joined again after a new session: the points, standings and berserk choice stand.
            if model.arena?.info.id == info.id {
                model.arena?.info = info
                return [.send(.standings(arena: info.id, limit: RequestVerb.maximumStandingsLimit))]
            }
            model.arena = ArenaState(info, now: model.now)
            model.arena?.isWatching = isWatching
            model.screen = .arena
            let joined =
                info.state == .running
                ? "in arena \(info.id): you are paired as soon as another player is free"
                : "in arena \(info.id): pairing starts when it does"
            model.show(isWatching ? "watching arena \(info.id): its standings change as races score" : joined)
            return [.send(.standings(arena: info.id, limit: RequestVerb.maximumStandingsLimit))]
        case .success:
            return []
        case .failure(let error):
            let listed = model.arenaList?.arenas.first { $0.id == id } ?? model.arena?.info
            model.arenaList?.joining = nil
            if error.code == .moved, let listed {
                return followMove(.joinArena(listed), to: "arena \(id)", error: error, model: &model)
            }
            if model.arena?.info.id == id {
                // Lost with the connection, and refused now: out of it.
                model.arena = nil
                if model.screen == .arena { model.screen = .menu }
            }
            model.show("cannot \(isWatching ? "watch" : "join") arena \(id): " + arenaRefusal(error, listed: listed), .warning)
            if error.code == .badArguments, model.arenaList != nil {
                model.arenaList?.isLoading = true
                return [.send(.arenas)]
            }
            return []
        }
    }

    /// What each `ERR` to `ARENA` means to a player.
    static func arenaRefusal(_ error: ProtocolError, listed: ArenaInfo?) -> String {
        switch error.code {
        case .badArguments: "there is no such arena any more"
        case .notEligible where listed?.state == .over: "it is over"
        case .notEligible where listed?.settings.isRated == true:
            "it is rated, and the server did not take your nickname's claim (bots cannot join)"
        case .notEligible: "it is over, or not open to you: " + ScreenText.sanitize(error.message)
        case .busy: "you are in another arena: leave it first"
        case .badToken: "your nickname is claimed, and this machine does not hold its token"
        case .noNickname: "choose a nickname first"
        default: ScreenText.sanitize(error.message)
        }
    }

    static func standingsReplied(arena id: Int, _ result: Result<OkReply, ProtocolError>, items: [ServerMessage], model: inout Model) {
        guard model.arena?.info.id == id, case .success = result else { return }
        model.arena?.standings = items.compactMap { if case .standing(let standing) = $0 { standing } else { nil } }
    }

    static func berserkReplied(_ result: Result<OkReply, ProtocolError>, model: inout Model) {
        switch result {
        case .success:
            model.arena?.isBerserk = true
            model.show("berserk: your next race's clock is halved, and a win scores 1 more", .success)
        case .failure(let error):
            let why =
                switch error.code {
                case .busy: "it is chosen between races, not in one"
                case .notEligible where model.arena == nil: "you are in no arena"
                case .notEligible: "this arena's races have no time limit to halve"
                default: ScreenText.sanitize(error.message)
                }
            model.show("no berserk: " + why, .warning)
        }
    }

    // MARK: Events

    /// Paired: the race's room, as a quick race's; the berserk choice is spent on it.
    static func arenaMatched(_ description: RoomDescription, model: inout Model) -> [Effect] {
        model.arena?.isBerserk = false
        model.arena?.berserks = [:]
        let effects = enteredRoom(description, code: nil, isWatching: false, model: &model)
        model.show("arena: paired! the countdown starts as soon as everyone is in", .info)
        return effects
    }

    static func scoredArrived(_ standing: ArenaStanding, model: inout Model) {
        guard model.arena?.info.id == standing.arena else { return }
        model.arena?.scored(standing)
        guard isUs(standing.nickname, model), let points = standing.sheet.last?.wholeNumberValue else { return }
        let fire = standing.isOnFire ? ", on fire: wins score double" : ""
        model.show("arena: +\(points) · \(standing.points) points, \(Format.ordinal(standing.rank))\(fire)", .success)
    }

    static func berserkArrived(arena: Int, nickname: String, limit: Int, model: inout Model) {
        guard model.arena?.info.id == arena else { return }
        model.arena?.berserks[nickname] = limit
        let who = isUs(nickname, model) ? "you go" : "\(ScreenText.sanitize(nickname)) goes"
        model.show("\(who) berserk: \(ArenaState.minutes(milliseconds: limit * 1000)) on the clock", .warning)
    }

    /// Our clock is the halved one when we went berserk (the server finishes us then with `reason=time`).
    static func arenaRaceStarted(_ model: inout Model) {
        guard let nickname = model.network.nickname, let limit = model.arena?.berserks[nickname], model.session?.isRace == true
        else { return }
        model.race?.options.timeLimit = limit
    }

    /// Our own `LEFT` after an arena race's `END`: out of its room, back in the arena.
    static func arenaRaceLeft(_ model: inout Model) -> [Effect] {
        model.room = nil
        // The race's standings stay on screen until a key; from the room, the arena at once.
        return model.screen == .room ? backToArena(&model) : []
    }

    static func arenaEnded(arena: Int, podium: [String], model: inout Model) -> [Effect] {
        guard model.arena?.info.id == arena else { return [] }
        model.arena?.podium = podium
        model.arena?.isBerserk = false
        model.show(
            model.screen == .arena
                ? "the arena is over: its final standings" : "the arena is over: this race no longer counts", .info)
        return [.send(.standings(arena: arena, limit: RequestVerb.maximumStandingsLimit))]
    }
}
