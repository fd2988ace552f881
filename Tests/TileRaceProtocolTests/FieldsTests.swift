import Testing

@testable import TileRaceProtocol

/// `Fields` read from a request's words in place, and written back.
struct FieldsTests {
    @Test func wordsAreSplitAtRunsOfSpacesInPlace() {
        let fields = Fields(afterVerb: "  12   L  size=4  é=x  ", textKey: nil)
        #expect(fields.positionals == ["12", "L"])
        #expect(fields.pairs.map(\.key) == ["size", "é"])
        #expect(fields.pairs.map(\.value) == ["4", "x"])
        #expect(Fields(afterVerb: "a=b=c", textKey: nil).pairs.map(\.value) == ["b=c"])
        #expect(Fields(afterVerb: "   ", textKey: nil) == Fields())
    }

    @Test func theTextFieldIsTheRestOfTheLine() {
        let fields = Fields(afterVerb: "x=1  text= hello  there ", textKey: "text")
        #expect(fields["x"] == "1")
        #expect(fields["text"] == " hello  there ")
    }

    @Test func pairsAreWrittenInOrder() {
        var fields = Fields()
        for number in 0..<12 { fields.append("k\(number)", number) }
        fields.append("yes", true)
        var line = "OK"
        fields.write(to: &line)
        #expect(line == "OK " + (0..<12).map { "k\($0)=\($0)" }.joined(separator: " ") + " yes=yes")
    }
}
