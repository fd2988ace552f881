import TileRaceProtocol

/// `AWAY` and `BACK` (protocol.md 5.1.1 and 7): the seat's deadline is kept so lists show "away 27s".
extension Update {
    /// `AWAY`: `nickname`'s seat is held for `milliseconds` from now.
    static func playerAway(_ nickname: String, milliseconds: Int, model: inout Model) {
        let racer = Nickname(nickname)
        let deadline = model.now + max(0, milliseconds)
        let name = ScreenText.sanitize(nickname)
        if let room = model.room, !room.members.contains(where: { $0.isYou && $0.role == .player && Nickname($0.nickname) == racer }) {
            model.room?.away.markAway(nickname, until: deadline)
        }
        if let race = model.race, !race.isOver,
            race.players.contains(where: { !$0.isYou && $0.status == .playing && Nickname($0.nickname) == racer })
        {
            model.race?.away.markAway(nickname, until: deadline)
            model.race?.announce("\(name) lost the connection", at: model.now)
        }
        model.show("\(name) lost the connection; their seat is kept for \((max(0, milliseconds) + 999) / 1000) s")
    }

    static func playerBack(_ nickname: String, model: inout Model) {
        model.room?.away.clear(nickname)
        if let race = model.race, race.away.deadline(of: nickname) != nil {
            model.race?.away.clear(nickname)
            if !race.isOver { model.race?.announce("\(ScreenText.sanitize(nickname)) is back", at: model.now) }
        }
        model.show("\(ScreenText.sanitize(nickname)) is back")
    }
}
