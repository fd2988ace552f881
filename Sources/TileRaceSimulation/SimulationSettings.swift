/// What one simulated run is made of.
package struct SimulationSettings: Hashable, Sendable {
    package var players: ClosedRange<Int>
    /// Servers sharing one store and one room directory.
    package var servers: Int
    /// How long faults are injected and players do anything at all (milliseconds).
    package var chaosMilliseconds: Int
    /// Milliseconds of healed network after the chaos, so every race can end.
    package var drainMilliseconds: Int
    /// Whether faults (cuts, stalls, refused connects, server stops, store outages) are injected.
    package var injectsFaults: Bool
    /// Whether an operator now and then asks a server `INFO` (on a connection of its own).
    package var probesInfo: Bool
    /// Whether the server's operator kicks, bans and announces now and then.
    package var moderates: Bool
    /// Whether players report others from the final standings (`!`). Off by
    /// default: its key would change every other seed's draws.
    package var reports: Bool
    /// Whether cheating players play and the operator reviews held games
    /// (`Simulation+Cheats`). Off by default, as `reports`: the cheaters'
    /// connections draw latencies, and the operator's targets change.
    package var cheats: Bool
    /// Whether the operator creates arenas and racers play them (`Simulation+Arena`).
    package var arenas: Bool

    package init(
        players: ClosedRange<Int> = 2...5, servers: Int = 2, chaosMilliseconds: Int = 90_000, drainMilliseconds: Int = 60_000,
        injectsFaults: Bool = true, probesInfo: Bool = true, moderates: Bool = true, reports: Bool = false,
        cheats: Bool = false, arenas: Bool = false
    ) {
        self.cheats = cheats
        self.arenas = arenas
        self.moderates = moderates
        self.reports = reports
        self.players = max(1, players.lowerBound)...max(1, players.upperBound)
        self.servers = max(1, servers)
        self.chaosMilliseconds = chaosMilliseconds
        self.drainMilliseconds = drainMilliseconds
        self.injectsFaults = injectsFaults
        self.probesInfo = probesInfo
    }
}

package struct SimulationReport: Sendable {
    package var seed: UInt64
    package var steps: Int
    /// Races started, on all servers.
    package var racesStarted: Int
    /// Races that ended (`END`), on all servers.
    package var racesEnded: Int
    /// `RESYNC` requests answered with the server's copy of the game.
    package var resyncsAnswered: Int
    package var faults: Int
    /// `INFO` replies checked.
    package var infoReplies = 0
    /// Ghost races the servers started (`OK PRACTICE ... ghost=yes`).
    package var ghostRacesStarted = 0
    /// Practice games the clients asked the servers to deal (`PRACTICE` without `seed=`).
    package var practicesAskedToDeal = 0
    /// Quick races the servers' queues made (`MATCHED` rooms).
    package var quickRacesMatched = 0
    /// Races whose results carried ratings (rated rooms' and quick races').
    package var ratedRacesRated = 0
    /// `PROGRESS` lines the servers sent, each checked (`WireMonitor`).
    package var progressLines = 0
    /// `CREATE`s refused because the server had its maximum of rooms.
    package var createsRefusedFull = 0
    /// `PROGRESS` lines the servers let wait for the reply to the racer's next request.
    package var linesThatWaited = 0
    /// Reports the players made (`OK REPORT`), each found in the store.
    package var reportsMade = 0
    /// Cheaters' games held (`--cheats`), and held games the operator approved and rejected.
    package var gamesHeld = 0
    package var heldApproved = 0
    package var heldRejected = 0
    /// Arena races whose points `ArenaAudit` reckoned (`SimulationSettings.arenas`).
    package var arenaRacesScored = 0
    /// The first invariant broken, if any (the run stopped there).
    package var violation: SimulationViolation?
    package var trace: [String]
}

/// An invariant that did not hold: where, and what every party did last.
package struct SimulationViolation: Error, Sendable, CustomStringConvertible {
    package var seed: UInt64
    package var step: Int
    package var time: Int
    package var invariant: String
    package var details: String
    package var recent: [(party: String, lines: [String])]

    /// The whole report: seed, step, what broke, and the last events of every party.
    package var description: String {
        var text = "seed \(seed): invariant \"\(invariant)\" broken at step \(step) (\(SimulationTrace.format(time)))\n  \(details)\n"
        for (party, lines) in recent {
            text += "  -- \(party)\n"
            for line in lines { text += "     \(line)\n" }
        }
        text += "  replay: swift run -c release tilerace-sim --seed \(seed) --trace"
        return text
    }
}
