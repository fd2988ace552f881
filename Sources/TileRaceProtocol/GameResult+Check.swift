import TileRaceEngine

extension GameResult {
    /// How a replayed game differs from these figures, for people; empty when they match.
    public func differences(from game: Game) -> [String] {
        var differences: [String] = []
        let pairs = [
            ("score", game.score, score), ("best tile", game.largestTile, largestTile), ("moves", game.moveCount, moves),
            ("assists", game.assistCount, assists),
        ]
        for (name, replayed, stated) in pairs where replayed != stated {
            differences.append("\(name): replay \(replayed), entry \(stated)")
        }
        return differences
    }
}
