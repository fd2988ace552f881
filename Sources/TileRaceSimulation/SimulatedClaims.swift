import TileRaceProtocol
import TileRaceServer

/// Claims decided by the seed: about 3 players in 5 hold their claim's token, and about
/// half of those have old ratings (so deviations have grown). The first two claimed and
/// half the others mostly ask for quick races; the rest use rated rooms. Unclaimed players
/// keep the refusals of quick races and rated rooms exercised.
struct SimulatedClaims {
    /// The claim tokens by player index (claimed players only).
    private(set) var tokens: [Int: String] = [:]
    /// The claimed players who mostly ask for quick races.
    private(set) var quickRacers: Set<Int> = []
    /// The store's leaderboard at the start: the claims and the ratings.
    private(set) var leaderboard = Leaderboard()

    /// Players are named `p1`, `p2`...; `today` is `YYYY-MM-DD`.
    init(playerCount: Int, today: String, random: inout SimulationRandom) {
        let day = UTCTime.dayNumber(of: today) ?? 0
        var sequence = 0
        for index in 0..<playerCount where random.chance(0.6) {
            let nickname = "p\(index + 1)"
            let token = SimulatedClaims.hex(random.next()) + SimulatedClaims.hex(random.next())
            sequence += 1
            leaderboard.apply(.claim(NicknameClaim(sequence: sequence, nickname: nickname, token: token, date: today)))
            tokens[index] = token
            // The first two go for quick races (so that seeds with two claims or more can make one).
            if quickRacers.count < 2 || random.chance(0.5) { quickRacers.insert(index) }
            guard random.chance(0.5) else { continue }
            sequence += 1
            let rating = Glicko2.Rating(
                rating: Double(random.int(in: 1250...1750)), deviation: Double(random.int(in: 45...350)),
                volatility: 0.06)
            leaderboard.apply(
                .rating(
                    PlayerRating(
                        sequence: sequence, nickname: nickname, rating: rating, day: day - random.int(in: 0...60),
                        races: random.int(in: 1...40))))
        }
    }

    /// 16 lower-case hexadecimal digits.
    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
