#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Glicko-2 (Glickman, 2013), on the Glicko scale (1500 for a newcomer), `tau` = 0.5.
/// A rating period is one UTC day: a deviation grows once per whole day without
/// a rated race, and each rated race is one period, every other racer one game
/// (opponents' ratings from before the race).
public enum Glicko2 {
    /// A player's rating, deviation and volatility on the Glicko scale.
    public struct Rating: Hashable, Sendable {
        /// The rating (1500 for a newcomer).
        public var rating: Double
        /// The rating deviation: how uncertain the rating is (350 for a newcomer).
        public var deviation: Double
        /// The volatility: how erratic the player's results are (0.06 for a newcomer).
        public var volatility: Double

        public init(rating: Double, deviation: Double, volatility: Double) {
            self.rating = rating
            self.deviation = deviation
            self.volatility = volatility
        }

        /// Too uncertain to rank: shown with a `?`, listed apart.
        public var isProvisional: Bool {
            deviation > Glicko2.provisionalDeviation
        }
    }

    /// `score`: 1 a win, 0.5 a draw, 0 a loss.
    public struct Game: Hashable, Sendable {
        /// The opponent's rating at the start of the period.
        public var opponent: Rating
        /// 1 for a win, 0.5 for a draw, 0 for a loss.
        public var score: Double

        public init(opponent: Rating, score: Double) {
            self.opponent = opponent
            self.score = score
        }
    }

    /// The system constant tau, which limits how fast a volatility changes.
    public static let tau = 0.5
    /// A newcomer's rating: 1500, deviation 350, volatility 0.06.
    public static let newcomer = Rating(rating: 1500, deviation: 350, volatility: 0.06)
    /// Deviations above this are provisional.
    public static let provisionalDeviation = 110.0
    /// The Glicko-2 scale factor (400 / ln 10).
    public static let scale = 173.7178
    /// How closely the volatility's iteration converges.
    static let convergence = 0.000001

    /// With no games, only step 6 (the deviation's growth).
    public static func rated(_ player: Rating, games: [Game]) -> Rating {
        let mu = (player.rating - 1500) / scale
        let phi = player.deviation / scale
        guard !games.isEmpty else {
            let grown = (phi * phi + player.volatility * player.volatility).squareRoot()
            return Rating(rating: player.rating, deviation: min(grown * scale, newcomer.deviation), volatility: player.volatility)
        }
        var inverseVariance = 0.0
        var improvement = 0.0
        for game in games {
            let opponentMu = (game.opponent.rating - 1500) / scale
            let opponentPhi = game.opponent.deviation / scale
            let weight = g(opponentPhi)
            let expected = 1 / (1 + exp(-weight * (mu - opponentMu)))
            inverseVariance += weight * weight * expected * (1 - expected)
            improvement += weight * (game.score - expected)
        }
        let variance = 1 / inverseVariance
        let delta = variance * improvement
        let volatility = newVolatility(phi: phi, sigma: player.volatility, variance: variance, delta: delta)
        let phiStar = (phi * phi + volatility * volatility).squareRoot()
        let newPhi = 1 / (1 / (phiStar * phiStar) + 1 / variance).squareRoot()
        let newMu = mu + newPhi * newPhi * improvement
        return Rating(rating: 1500 + scale * newMu, deviation: scale * newPhi, volatility: volatility)
    }

    /// Each game's part of the rating change `rated` gave (`after`, as it returned it), on the
    /// Glicko scale: the rating step is a sum over the period's games, `scale` × new phi² ×
    /// g(phi_j) × (s_j − E_j), so the parts add up to the change.
    public static func changeParts(of player: Rating, after: Rating, games: [Game]) -> [Double] {
        let mu = (player.rating - 1500) / scale
        let newPhi = after.deviation / scale
        return games.map { game in
            let weight = g(game.opponent.deviation / scale)
            let expected = 1 / (1 + exp(-weight * (mu - (game.opponent.rating - 1500) / scale)))
            return scale * newPhi * newPhi * weight * (game.score - expected)
        }
    }

    /// The deviation grows (never above a newcomer's); the rest stays.
    public static func aged(_ player: Rating, periods: Int) -> Rating {
        guard periods > 0 else { return player }
        let phi = player.deviation / scale
        let grown = (phi * phi + Double(periods) * player.volatility * player.volatility).squareRoot()
        return Rating(rating: player.rating, deviation: min(grown * scale, newcomer.deviation), volatility: player.volatility)
    }

    /// The weight of an opponent's deviation, g(phi).
    static func g(_ phi: Double) -> Double {
        1 / (1 + 3 * phi * phi / (Double.pi * Double.pi)).squareRoot()
    }

    /// Step 5: the new volatility, by the Illinois algorithm.
    static func newVolatility(phi: Double, sigma: Double, variance: Double, delta: Double) -> Double {
        let a = log(sigma * sigma)
        func f(_ x: Double) -> Double {
            let ex = exp(x)
            let denominator = phi * phi + variance + ex
            return ex * (delta * delta - phi * phi - variance - ex) / (2 * denominator * denominator) - (x - a) / (tau * tau)
        }
        var lower = a
        var upper: Double
        if delta * delta > phi * phi + variance {
            upper = log(delta * delta - phi * phi - variance)
        } else {
            var k = 1.0
            while f(a - k * tau) < 0 { k += 1 }
            upper = a - k * tau
        }
        var fLower = f(lower)
        var fUpper = f(upper)
        var iterations = 0
        while abs(upper - lower) > convergence, iterations < 100 {
            let candidate = lower + (lower - upper) * fLower / (fUpper - fLower)
            let fCandidate = f(candidate)
            if fCandidate * fUpper <= 0 {
                lower = upper
                fLower = fUpper
            } else {
                fLower /= 2
            }
            upper = candidate
            fUpper = fCandidate
            iterations += 1
        }
        return exp(lower / 2)
    }
}
