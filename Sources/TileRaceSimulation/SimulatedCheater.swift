import TileRaceBot
import TileRaceEngine
import TileRaceProtocol

/// A player who cheats (`--cheats`), over raw protocol lines as a program
/// would: it asks for a practice game, computes the game from its seed with
/// the bot engine, and either sends it all at once (a script) or plays it at
/// a bot's steady pace without saying `bot=yes`. It submits only games long
/// enough for `Plausibility` to judge, so each should be held. Owned by its
/// simulation (one thread).
final class SimulatedCheater {
    enum Kind: Equatable {
        /// The whole game in a few `MOVE` lines as soon as the seed is known.
        case script
        /// One move every `interval` ms once the last is acknowledged, as `tilerace bot` plays.
        case hiddenBot(interval: Int)
    }

    enum Stage {
        case idle, starting, playing, resigning, submitting
    }

    let index: Int
    let kind: Kind
    let nickname: String
    var connection: Int?
    /// The connection being opened, by try number (a later try replaces it).
    var connectAttempt = 0
    var conversation: ClientConversation?
    var stage = Stage.idle
    /// The claim's token once a `SUBMIT` gave it.
    var token: String?
    /// The game's moves, computed from its seed; `sent` of them are sent.
    var path: [Direction] = []
    var sent = 0
    /// How many of `path` it plays before resigning (the script plays them all).
    var movesToPlay = 0
    var lastMoveAt = 0
    var wakeAt: Int?
    /// Games it asked for and threw away as too short to be judged, in a row.
    var shortGames = 0

    init(index: Int, kind: Kind, nickname: String) {
        self.index = index
        self.kind = kind
        self.nickname = nickname
    }

    var name: String { Party.cheater(index).description }

    /// The moves the greedy bot engine plays from `seed` until no move is left
    /// (the server deals the same tiles: the game is the seed's).
    static func path(seed: Seed) -> [Direction] {
        guard let engine = try? Bot(strength: 2) else { return [] }
        var game = Game(seed: seed)
        var moves: [Direction] = []
        while let direction = engine.bestMove(for: game), game.moveIfValid(direction) != nil {
            moves.append(direction)
        }
        return moves
    }
}
