import Testing

@testable import TileRaceServer

/// `StoreHealth`, the up, down and probe decisions of the Redis store, as a
/// table: each scenario is a list of events, each with what it returns and
/// the state after it.
@Suite struct StoreHealthTests {
    /// Something that happens to the store (times in ms).
    enum Event: Hashable, Sendable {
        case requestFailed(at: Int)
        case answered
        case startProbe(at: Int)
        case probeFailed(Int, at: Int)
    }

    /// What an event returns: a transition, or a probe's number.
    enum Outcome: Hashable, Sendable {
        case transition(StoreHealth.Transition?)
        case probe(Int?)
    }

    struct Step: Hashable, Sendable {
        var event: Event
        var outcome: Outcome
        var state: StoreHealth.State
    }

    struct Scenario: Sendable, CustomTestStringConvertible {
        var name: String
        var steps: [Step]
        var testDescription: String { name }
    }

    private static func step(_ event: Event, _ outcome: Outcome, _ state: StoreHealth.State) -> Step {
        Step(event: event, outcome: outcome, state: state)
    }

    static let scenarios: [Scenario] = [
        Scenario(
            name: "a failure takes it down, one probe goes when due, and its answer brings it up",
            steps: [
                step(.answered, .transition(nil), .up),
                step(.requestFailed(at: 1000), .transition(.wentDown), .down(probeAt: 1250, wait: 500, probe: nil)),
                step(.requestFailed(at: 1010), .transition(nil), .down(probeAt: 1250, wait: 500, probe: nil)),
                step(.startProbe(at: 1249), .probe(nil), .down(probeAt: 1250, wait: 500, probe: nil)),
                step(.startProbe(at: 1250), .probe(1), .down(probeAt: 1250, wait: 500, probe: 1)),
                step(.startProbe(at: 1300), .probe(nil), .down(probeAt: 1250, wait: 500, probe: 1)),
                step(.requestFailed(at: 1400), .transition(nil), .down(probeAt: 1250, wait: 500, probe: 1)),
                step(.answered, .transition(.cameBack), .up),
                step(.answered, .transition(nil), .up),
                step(.startProbe(at: 5000), .probe(nil), .up),
            ]),
        Scenario(
            name: "each failed probe makes the next wait twice as long, up to 4 s",
            steps: [
                step(.requestFailed(at: 0), .transition(.wentDown), .down(probeAt: 250, wait: 500, probe: nil)),
                step(.startProbe(at: 260), .probe(1), .down(probeAt: 250, wait: 500, probe: 1)),
                step(.probeFailed(1, at: 2260), .transition(nil), .down(probeAt: 2760, wait: 1000, probe: nil)),
                step(.startProbe(at: 2760), .probe(2), .down(probeAt: 2760, wait: 1000, probe: 2)),
                step(.probeFailed(2, at: 2761), .transition(nil), .down(probeAt: 3761, wait: 2000, probe: nil)),
                step(.startProbe(at: 3761), .probe(3), .down(probeAt: 3761, wait: 2000, probe: 3)),
                step(.probeFailed(3, at: 3800), .transition(nil), .down(probeAt: 5800, wait: 4000, probe: nil)),
                step(.startProbe(at: 5800), .probe(4), .down(probeAt: 5800, wait: 4000, probe: 4)),
                step(.probeFailed(4, at: 5900), .transition(nil), .down(probeAt: 9900, wait: 4000, probe: nil)),
                step(.startProbe(at: 9900), .probe(5), .down(probeAt: 9900, wait: 4000, probe: 5)),
                step(.probeFailed(5, at: 10000), .transition(nil), .down(probeAt: 14000, wait: 4000, probe: nil)),
                step(.startProbe(at: 14000), .probe(6), .down(probeAt: 14000, wait: 4000, probe: 6)),
                step(.answered, .transition(.cameBack), .up),
                // A new outage starts from the shortest wait again.
                step(.requestFailed(at: 20000), .transition(.wentDown), .down(probeAt: 20250, wait: 500, probe: nil)),
            ]),
        Scenario(
            name: "a late answer brings it up while a probe is under way; that probe failing takes it down again",
            steps: [
                step(.requestFailed(at: 0), .transition(.wentDown), .down(probeAt: 250, wait: 500, probe: nil)),
                step(.startProbe(at: 250), .probe(1), .down(probeAt: 250, wait: 500, probe: 1)),
                step(.answered, .transition(.cameBack), .up),
                step(.probeFailed(1, at: 2250), .transition(.wentDown), .down(probeAt: 2500, wait: 500, probe: nil)),
                step(.probeFailed(1, at: 2300), .transition(nil), .down(probeAt: 2500, wait: 500, probe: nil)),
                step(.startProbe(at: 2500), .probe(2), .down(probeAt: 2500, wait: 500, probe: 2)),
            ]),
        Scenario(
            name: "an earlier probe failing does not count for the one under way",
            steps: [
                step(.requestFailed(at: 0), .transition(.wentDown), .down(probeAt: 250, wait: 500, probe: nil)),
                step(.startProbe(at: 250), .probe(1), .down(probeAt: 250, wait: 500, probe: 1)),
                step(.answered, .transition(.cameBack), .up),
                step(.requestFailed(at: 300), .transition(.wentDown), .down(probeAt: 550, wait: 500, probe: nil)),
                step(.startProbe(at: 550), .probe(2), .down(probeAt: 550, wait: 500, probe: 2)),
                step(.probeFailed(1, at: 2250), .transition(nil), .down(probeAt: 550, wait: 500, probe: 2)),
                step(.probeFailed(2, at: 2550), .transition(nil), .down(probeAt: 3050, wait: 1000, probe: nil)),
            ]),
    ]

    @Test(arguments: scenarios)
    func decisions(_ scenario: Scenario) {
        var health = StoreHealth()
        for (index, step) in scenario.steps.enumerated() {
            let outcome: Outcome =
                switch step.event {
                case .requestFailed(let now): .transition(health.requestFailed(at: now))
                case .answered: .transition(health.answered())
                case .startProbe(let now): .probe(health.startProbe(at: now))
                case .probeFailed(let number, let now): .transition(health.probeFailed(number, at: now))
                }
            #expect(outcome == step.outcome, "step \(index + 1): \(step.event)")
            #expect(health.state == step.state, "step \(index + 1): \(step.event)")
            #expect(health.isUp == (step.state == .up))
            if case .down(let probeAt, _, nil) = step.state {
                #expect(health.nextProbe == probeAt)
            } else {
                #expect(health.nextProbe == nil)
            }
        }
    }
}
