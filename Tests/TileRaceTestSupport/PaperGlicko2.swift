import Foundation

/// Glicko-2 as the tests compute it, apart from the code under test: the
/// steps of Glickman's paper ("Example of the Glicko-2 system") written out
/// again, with bisection for the volatility (step 5) where the code uses
/// the Illinois algorithm. Ratings in, ratings out, on the Glicko scale;
/// tau 0.5.
public enum PaperGlicko2 {
    /// The paper's steps 2 to 8, written out again, with bisection for step 5.
    public static func rated(
        rating: Double, deviation: Double, volatility: Double, games: [(Double, Double, Double)]
    ) -> (rating: Double, deviation: Double, volatility: Double) {
        let scale = 173.7178
        let mu = (rating - 1500) / scale
        let phi = deviation / scale
        func g(_ phi: Double) -> Double { 1 / (1 + 3 * phi * phi / (Double.pi * Double.pi)).squareRoot() }
        var sumV = 0.0
        var sumDelta = 0.0
        for (opponentRating, opponentDeviation, score) in games {
            let opponentMu = (opponentRating - 1500) / scale
            let opponentPhi = opponentDeviation / scale
            let e = 1 / (1 + exp(-g(opponentPhi) * (mu - opponentMu)))
            sumV += g(opponentPhi) * g(opponentPhi) * e * (1 - e)
            sumDelta += g(opponentPhi) * (score - e)
        }
        let v = 1 / sumV
        let delta = v * sumDelta
        let a = log(volatility * volatility)
        let tau = 0.5
        func f(_ x: Double) -> Double {
            exp(x) * (delta * delta - phi * phi - v - exp(x)) / (2 * pow(phi * phi + v + exp(x), 2)) - (x - a) / (tau * tau)
        }
        // f decreases: bisect between a point where it is positive and one where it is negative.
        var low = a - 40
        var high = a + 40
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if f(middle) > 0 { low = middle } else { high = middle }
        }
        let newVolatility = exp((low + high) / 4)
        let phiStar = (phi * phi + newVolatility * newVolatility).squareRoot()
        let newPhi = 1 / (1 / (phiStar * phiStar) + 1 / v).squareRoot()
        let newMu = mu + newPhi * newPhi * sumDelta
        return (1500 + scale * newMu, scale * newPhi, newVolatility)
    }
}
