import Testing

@testable import TileRaceSimulation

/// `tilerace-sim`'s command line: what it accepts, and a clear sentence for what it does not.
@Suite struct SimulationCommandTests {
    @Test func theDefaultsRunAThousandSeedsFromOne() throws {
        let request = try SimulationCommand.parse([])
        #expect(request.firstSeed == 1)
        #expect(request.seedCount == 1000)
        #expect(request.settings == SimulationSettings())
        #expect(!request.isTraced)
    }

    @Test func optionsSetWhatTheySay() throws {
        let many = try SimulationCommand.parse(["--seeds", "500", "--from", "77", "--clients", "4", "--servers", "3", "--jobs", "1"])
        #expect(many.seedCount == 500)
        #expect(many.firstSeed == 77)
        #expect(many.settings.players == 4...4)
        #expect(many.settings.servers == 3)
        #expect(many.jobs == 1)
        #expect(!many.settings.cheats)
        let one = try SimulationCommand.parse(["--seed", "1684", "--trace", "--no-faults", "--cheats"])
        #expect(one.settings.cheats)
        #expect(one.seedCount == 1)
        #expect(one.firstSeed == 1684)
        #expect(one.isTraced)
        #expect(!one.settings.injectsFaults)
    }

    @Test(arguments: [
        (["--seeds"], "--seeds needs a value"),
        (["--seeds", "0"], "--seeds must be a whole number from 1 to 100000000, not \"0\""),
        (["--clients", "nine"], "--clients must be a whole number from 1 to 8, not \"nine\""),
        (["--seeds", "5", "--seeds", "6"], "--seeds is given twice"),
        (["--trace"], "--trace replays one seed: give --seed S"),
        (["--seed", "3", "--seeds", "4"], "--seed runs one seed: leave out --seeds and --from"),
        (["--fast"], "unknown option \"--fast\" (see tilerace-sim --help)"),
    ])
    func badInputSaysWhatIsWrong(arguments: [String], message: String) {
        #expect(throws: SimulationCommand.UsageError(message: message)) { try SimulationCommand.parse(arguments) }
    }
}
