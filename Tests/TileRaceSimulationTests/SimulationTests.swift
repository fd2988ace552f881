import Testing

@testable import TileRaceSimulation

@Suite struct SimulationTests {
    @Test func aRunWithoutFaultsKeepsEveryInvariant() {
        let report = Simulation.run(seed: 1, settings: SimulationSettings(injectsFaults: false))
        #expect(report.violation == nil, "\(report.violation.map(String.init(describing:)) ?? "")")
        #expect(report.racesStarted > 0)
    }
}
