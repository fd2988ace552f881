import TileRaceEngine

/// The only source of chance, so the same seed makes the same run.
struct SimulationRandom {
    private var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    mutating func next() -> UInt64 {
        generator.next()
    }

    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    mutating func chance(_ probability: Double) -> Bool {
        Double(next() % 1_000_000) < probability * 1_000_000
    }

    /// One of `choices`, each as likely as its weight.
    mutating func pick<Choice>(_ choices: [(weight: Int, choice: Choice)]) -> Choice {
        let total = choices.reduce(0) { $0 + $1.weight }
        var roll = int(in: 0...(total - 1))
        for (weight, choice) in choices {
            if roll < weight { return choice }
            roll -= weight
        }
        return choices[choices.count - 1].choice
    }

    /// One element of a non-empty array.
    mutating func element<Element>(of elements: [Element]) -> Element {
        elements[int(in: 0...(elements.count - 1))]
    }
}
