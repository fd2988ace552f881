import TileRaceClient
import TileRaceEngine
import TileRaceProtocol
import TileRaceServer

/// The invariants, checked after every step (and the liveness ones at the end).
extension Simulation {
    func checkInvariants() {
        for index in players.indices where !players[index].hasExited {
            checkClientAgreesWithServer(index)
            if violation != nil { return }
        }
        for index in players.indices {
            checkQuitFreedSeat(index)
        }
        if now >= nextRaceCheckAt {
            nextRaceCheckAt = now + 1000
            checkNoStuckRace { now - $0 > Simulation.longestRaceMilliseconds }
        }
    }

    /// The server session a player's open connection carries, if it is quiet
    /// (nothing on its way either way) and so in sync.
    private func quietSession(of index: Int) -> ServerCore.SessionView? {
        guard let id = players[index].connection, let connection = connections[id], connection.isQuiet,
            connection.isOpenAtClient, connection.isOpenAtServer, !connection.isCut,
            let core = servers[connection.server].core, servers[connection.server].generation == connection.generation
        else { return nil }
        return core.sessionView(on: connection.serverID)
    }

    /// Once in sync, the client's game is the server's; the client never shows
    /// a race game the server does not have, nor a resignation nobody made.
    private func checkClientAgreesWithServer(_ index: Int) {
        guard let session = quietSession(of: index) else { return }
        let facts = players[index].machine.facts
        let name = players[index].name
        guard facts.isConnected, !facts.isResuming, !facts.isCatchingUp, facts.gameChangesAwaitingReply == 0, let play = facts.play,
            play.sendsEntries, play.unacknowledgedCount == 0
        else { return }
        if play.isRace, play.endOutcome == "resigned", monitor.resignationKnown[name] != true {
            fail(
                "no resignation that was not made",
                "\(name) shows \"You resigned\" (score \(play.game.score)) but it sent no RESIGN and the server finished no race of it as resigned or left"
            )
            return
        }
        guard let game = session.game else {
            if play.isRace, facts.race?.isOver == false {
                fail(
                    "no game the server does not have",
                    "\(name) shows a race game (entry \(play.sequence), \(play.endOutcome ?? "playing"), room \(play.room ?? "?")) but the server has no game for its session \(session.id)"
                )
            }
            return
        }
        if play.isRace, game.isRace, let outcome = play.endOutcome, game.finish == nil {
            fail(
                "the game ends on both sides",
                "\(name) shows its race over (\(outcome)) but the server still races it at entry \(game.lastSeq)")
            return
        }
        guard game.isRace == play.isRace, game.lastSeq == play.sequence else { return }
        if !play.isRace, !game.game.isOver, game.isClockPaused != play.isClockHeld {
            fail(
                "a practice game's clocks stand still together",
                "\(name) at entry \(play.sequence): the client's clock is \(play.isClockHeld ? "held" : "running"), the server's \(game.isClockPaused ? "paused" : "running")"
            )
            return
        }
        if game.game.board != play.game.board || game.game.score != play.game.score || game.game.moveCount != play.game.moveCount {
            fail(
                "client's game is the server's",
                "\(name) at entry \(play.sequence): client board \(play.game.board.rows) score \(play.game.score) moves \(play.game.moveCount); server board \(game.game.board.rows) score \(game.game.score) moves \(game.game.moveCount)"
            )
        }
    }

    /// A player who quit over a healthy connection left at once: the server holds no seat for it.
    private func checkQuitFreedSeat(_ index: Int) {
        guard let quit = players[index].cleanQuit, now >= quit.at + 1000 else { return }
        players[index].cleanQuit = nil
        // A cut or a stall after the QUIT is a real loss: the seat may be held.
        guard let core = servers[quit.server].core, let connection = connections[quit.connection], !connection.isCut,
            connection.stalledUntil <= quit.at
        else { return }
        if let held = core.sessionViews.first(where: { $0.isAway && $0.nickname.map(Nickname.init) == Nickname(quit.nickname) }
        ) {
            fail(
                "nobody waits for a player who quit",
                "\(players[index].name) quit at \(SimulationTrace.format(quit.at)) but \(serverName(quit.server)) still holds the seat of \(held.nickname ?? "?") (room \(held.room ?? "-"))"
            )
        }
    }

    /// Every race ends: no server runs a race that `isStuck` says has run too long.
    private func checkNoStuckRace(isStuck: (_ startedAt: Int) -> Bool) {
        for server in servers {
            for race in server.core?.raceViews ?? [] where isStuck(race.startedAt) {
                let racers = race.racers.map { "\($0.nickname) \($0.finish?.rawValue ?? "racing")" }.joined(separator: ", ")
                fail(
                    "every race ends",
                    "\(serverName(server.index))'s race \(race.id) in room \(race.room) started at \(SimulationTrace.format(race.startedAt)) and has not ended (\(racers))"
                )
                return
            }
        }
    }

    /// At the end of the drain: every race that started before it ended, and the leaderboard keeps its rules.
    func finalChecks() {
        checkNoStuckRace { $0 < settings.chaosMilliseconds }
        if violation == nil { checkLeaderboard() }
    }

    /// Section 10: one entry per nickname per board, best first, at most 100.
    private func checkLeaderboard() {
        let leaderboard = store.leaderboard
        for (board, entries) in leaderboard.boards {
            let keys = entries.map { Names.nicknameKey($0.nickname) }
            if Set(keys).count != keys.count {
                fail("leaderboard rules", "board \(board) has a nickname twice: \(keys)")
            } else if entries.count > Leaderboard.capacity {
                fail("leaderboard rules", "board \(board) keeps \(entries.count) entries")
            } else if zip(entries, entries.dropFirst()).contains(where: { $0.result.score < $1.result.score }) {
                fail("leaderboard rules", "board \(board) is not ranked by score: \(entries.map(\.result.score))")
            }
        }
    }
}
