import Foundation
import Testing
import TileRaceTestSupport

@testable import TileRaceProtocol

/// Glicko-2 against Glickman's worked example ("Example of the Glicko-2
/// system", 2013) and against this file's own implementation of the
/// paper's steps (with bisection for the volatility, not the code's
/// Illinois algorithm).
struct Glicko2Tests {
    @Test func thePapersWorkedExample() {
        let player = Glicko2.Rating(rating: 1500, deviation: 200, volatility: 0.06)
        let games = [
            Glicko2.Game(opponent: .init(rating: 1400, deviation: 30, volatility: 0.06), score: 1),
            Glicko2.Game(opponent: .init(rating: 1550, deviation: 100, volatility: 0.06), score: 0),
            Glicko2.Game(opponent: .init(rating: 1700, deviation: 300, volatility: 0.06), score: 0),
        ]
        let rated = Glicko2.rated(player, games: games)
        // The published figures: r' = 1464.06, RD' = 151.52, sigma' = 0.05999
        // (the paper works with intermediate values rounded to 4 digits, so
        // its last digit may be off by one).
        #expect(abs(rated.rating - 1464.06) < 0.01)
        #expect(abs(rated.deviation - 151.52) < 0.01)
        #expect(abs(rated.volatility - 0.05999) < 0.00001)
    }

    @Test func thePapersIntermediateValues() {
        // Step 3 and 4: v = 1.7785, delta = -0.4834 (the paper's figures,
        // from g and E rounded to 4 digits: within 0.001 of the exact ones).
        let phi = 200 / Glicko2.scale
        let opponents: [(Double, Double, Double)] = [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)]
        var inverseVariance = 0.0
        var improvement = 0.0
        for (rating, deviation, score) in opponents {
            let weight = Glicko2.g(deviation / Glicko2.scale)
            let expected = 1 / (1 + exp(-weight * (0 - (rating - 1500) / Glicko2.scale)))
            inverseVariance += weight * weight * expected * (1 - expected)
            improvement += weight * (score - expected)
        }
        let variance = 1 / inverseVariance
        #expect(abs(variance - 1.7785) < 0.001)
        #expect(abs(variance * improvement - -0.4834) < 0.001)
        let volatility = Glicko2.newVolatility(phi: phi, sigma: 0.06, variance: variance, delta: variance * improvement)
        #expect(abs(volatility - 0.05999) < 0.00001)
    }

    @Test(arguments: [
        // A racer of each strength against others, wins, losses and draws.
        (1500.0, 350.0, 0.06, [(1500.0, 350.0, 1.0), (1500.0, 350.0, 0.0)]),
        (1720.0, 80.0, 0.059, [(1400.0, 300.0, 0.5)]),
        (1300.0, 120.0, 0.07, [(1800.0, 60.0, 1.0), (1350.0, 200.0, 1.0), (1200.0, 340.0, 0.0), (1500.0, 350.0, 0.5)]),
        (2100.0, 45.0, 0.06, [(1500.0, 350.0, 0.0)]),
    ])
    func agreesWithTheStepsOfThePaper(rating: Double, deviation: Double, volatility: Double, games: [(Double, Double, Double)]) {
        let player = Glicko2.Rating(rating: rating, deviation: deviation, volatility: volatility)
        let rated = Glicko2.rated(
            player, games: games.map { Glicko2.Game(opponent: .init(rating: $0.0, deviation: $0.1, volatility: 0.06), score: $0.2) })
        let expected = PaperGlicko2.rated(rating: rating, deviation: deviation, volatility: volatility, games: games)
        #expect(abs(rated.rating - expected.rating) < 0.001)
        #expect(abs(rated.deviation - expected.deviation) < 0.001)
        #expect(abs(rated.volatility - expected.volatility) < 0.000001)
    }

    @Test func aDeviationGrowsWithTheDaysAway() {
        let player = Glicko2.Rating(rating: 1600, deviation: 60, volatility: 0.06)
        #expect(Glicko2.aged(player, periods: 0) == player)
        let tenDays = Glicko2.aged(player, periods: 10)
        // phi* = sqrt(phi^2 + n sigma^2) on the Glicko-2 scale.
        let expected = (pow(60 / 173.7178, 2) + 10 * 0.06 * 0.06).squareRoot() * 173.7178
        #expect(abs(tenDays.deviation - expected) < 0.000001)
        #expect(tenDays.rating == 1600 && tenDays.volatility == 0.06)
        #expect(Glicko2.aged(player, periods: 100_000).deviation == 350)
        #expect(!player.isProvisional && Glicko2.newcomer.isProvisional)
    }

    /// The rating board's rule (protocol.md 5.7): placement, then activity, then certainty.
    @Test func aRatingIsListedOnceEstablishedAndWhileActive() {
        #expect(RatingEntry.unlisted(races: 10, daysAway: 0, deviation: 60) == nil)
        #expect(RatingEntry.unlisted(races: 9, daysAway: 0, deviation: 60) == .placement)
        // The last rated race on one of the last 30 UTC dates, today's included.
        #expect(RatingEntry.unlisted(races: 10, daysAway: 29, deviation: 60) == nil)
        #expect(RatingEntry.unlisted(races: 10, daysAway: 30, deviation: 60) == .inactive)
        // Under 90, unrounded.
        #expect(RatingEntry.unlisted(races: 10, daysAway: 0, deviation: 89.999) == nil)
        #expect(RatingEntry.unlisted(races: 10, daysAway: 0, deviation: 90) == .uncertain)
        // The first reason that holds.
        #expect(RatingEntry.unlisted(races: 3, daysAway: 40, deviation: 200) == .placement)
        #expect(RatingEntry.unlisted(races: 12, daysAway: 40, deviation: 200) == .inactive)
    }

    /// The bound is within reach as protocol.md says: one opponent a race, winning half, under 90 after 17 races;
    /// two or more opponents a race, within the placement's 10.
    @Test func theListingsDeviationIsReachedAsDocumented() {
        let opponent = Glicko2.Rating(rating: 1500, deviation: 80, volatility: 0.06)
        func racesToList(opponents: Int) -> Int {
            var player = Glicko2.newcomer
            for race in 1...100 {
                player = Glicko2.rated(
                    player, games: (0..<opponents).map { Glicko2.Game(opponent: opponent, score: Double((race + $0) % 2)) })
                if player.deviation < RatingEntry.listedDeviation { return race }
            }
            return 100
        }
        #expect(racesToList(opponents: 1) == 17)
        #expect(racesToList(opponents: 2) <= RatingEntry.placementRaces)
    }
}
