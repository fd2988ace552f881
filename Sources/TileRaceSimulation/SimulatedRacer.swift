import TileRaceEngine
import TileRaceProtocol

/// A player of arenas, speaking the protocol itself over a `ClientConversation` (the
/// client has no arena screen yet): it lists arenas, joins, berserks, reads standings,
/// leaves and rejoins, drops and resumes, and races the races it is paired into with
/// random legal moves, resigning after a few. Owned by its simulation (one thread);
/// `Simulation+Arena` drives it.
final class SimulatedRacer {
    let index: Int
    var connection: Int?
    var conversation: ClientConversation?
    var connectAttempt = 0
    var isConnecting = false
    /// `OK HELLO` came on this connection: it has its session.
    var isGreeted = false
    /// The session `OK HELLO` gave, for `HELLO ... resume=` after a drop.
    var session: String?
    /// The arena it joined (`OK ARENA`), as it believes.
    var arena: Int?
    /// Its game in the race under way, and the last entry sent.
    var game: Game?
    var sequence = 0
    var isMoveInFlight = false
    /// Moves before it resigns (a race without a time limit ends when its racers do).
    var movesLeft = 0
    /// A `RESIGN` is due: its copy of the race is lost (a resume, a refused move).
    var mustResign = false

    init(index: Int) {
        self.index = index
    }

    var name: String { Party.racer(index).description }
    var nickname: String { name }
}
