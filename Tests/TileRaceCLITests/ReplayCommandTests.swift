import Foundation
import Testing

@testable import TileRaceCLI

/// `tilerace replay`: exit codes, the JSON line, files and standard input.
struct ReplayCommandTests {
    /// From the independent reference, Scripts/reference_replay.py.
    static let json42 =
        #"{"board":[[0,0,0,0],[2,0,0,0],[4,0,2,0],[4,0,0,0]],"score":8,"moves":4,"invalid":2,"undos":1,"removals":0,"won":false,"over":false,"max":4}"#

    @Test func printsExactlyOneJSONLine() {
        let run = TestConsole.run(["replay", "--seed", "42", "--moves", "LLURZDX03L", "--json"])
        #expect(run.status == 0)
        #expect(run.output == ReplayCommandTests.json42 + "\n")
        #expect(run.error.isEmpty)
    }

    @Test func acceptsEqualsSignsAndDefaults() {
        let run = TestConsole.run(["replay", "--seed=42", "--size=4", "--target=2048", "--moves=LLURZDX03L", "--json"])
        #expect(run.status == 0)
        #expect(run.output == ReplayCommandTests.json42 + "\n")
    }

    @Test func printsTheBoardForPeople() {
        let run = TestConsole.run(["replay", "--seed", "42", "--moves", "LLURZDX03L"])
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "seed 42, 4x4, target 2048",
                "    .    .    .    .",
                "    2    .    .    .",
                "    4    .    2    .",
                "    4    .    .    .",
                "score 8   moves 4   max tile 4",
                "undos 1   removals 0   invalid entries 2",
                "not won; not over: moves remain",
            ])
    }

    @Test func readsRecordsFromFilesIgnoringWhiteSpace() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString).txt")
        try Data("LL UR\nZ\tDX0 3\r\nL\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = TestConsole.run(["replay", "--seed", "42", "--moves-file", file.path, "--json"])
        #expect(run.status == 0)
        #expect(run.output == ReplayCommandTests.json42 + "\n")
    }

    @Test func readsRecordsFromStandardInput() {
        let run = TestConsole.run(["replay", "--seed", "42", "--moves-file", "-", "--json"], input: Data("LLUR ZDX03L\n".utf8))
        #expect(run.status == 0)
        #expect(run.output == ReplayCommandTests.json42 + "\n")
    }

    /// Every mistake: exit 2, nothing on standard output, one error line,
    /// then the usage.
    @Test(arguments: [
        (["replay", "--moves", "L"], "tilerace replay: --seed is required"),
        (["replay", "--seed", "", "--moves", "L"], "tilerace replay: the seed is empty; give digits or any text, e.g. 42 or friday"),
        (
            ["replay", "--seed", "1", "--size", "9", "--moves", "L"],
            "tilerace replay: invalid value '9' for --size: expected a whole number from 3 to 8"
        ),
        (
            ["replay", "--seed", "1", "--size", "four", "--moves", "L"],
            "tilerace replay: invalid value 'four' for --size: expected a whole number from 3 to 8"
        ),
        (
            ["replay", "--seed", "1", "--target", "3000", "--moves", "L"],
            "tilerace replay: target 3000 is not allowed; use a power of two from 8 to 1048576"
        ),
        (
            ["replay", "--seed", "1", "--target", "big", "--moves", "L"],
            "tilerace replay: invalid value 'big' for --target: expected a power of two from 8 to 1048576"
        ),
        (
            ["replay", "--seed", "1", "--moves", "LLq"],
            "tilerace replay: game record, position 3: found 'q'; expected one of L R U D Z or X<row><column>"
        ),
        (
            ["replay", "--seed", "1", "--moves", "L R"],
            "tilerace replay: game record, position 2: found U+0020; expected one of L R U D Z or X<row><column>"
        ),
        (
            ["replay", "--seed", "1"],
            "tilerace replay: the record is missing: give --moves LOG or --moves-file FILE (- for standard input)"
        ),
        (
            ["replay", "--seed", "1", "--moves", "L", "--moves-file", "-"],
            "tilerace replay: give the record once: --moves or --moves-file, not both"
        ),
        (
            ["replay", "--seed", "1", "--moves-file", "/nonexistent/record.txt"],
            "tilerace replay: cannot read '/nonexistent/record.txt': No such file or directory"
        ),
        (["replay", "--seed", "1", "--moves", "L", "extra"], "tilerace replay: unexpected argument 'extra'"),
        (["replay", "--seed", "1", "--moves", "L", "--colour"], "tilerace replay: unknown option '--colour'"),
        (["replay", "--seed", "1", "--moves"], "tilerace replay: --moves needs a value"),
        // A repeated option is a mistake, not "the last one wins".
        (
            ["replay", "--seed", "1", "--moves", "L", "--moves", "R"],
            "tilerace replay: --moves is given twice ('L', then 'R'); give it once"
        ),
        (
            ["replay", "--seed", "1", "--size=3", "--size", "5", "--moves", "L"],
            "tilerace replay: --size is given twice ('3', then '5'); give it once"
        ),
        (["replay", "--seed", "1", "--moves", "L", "--json", "--json"], "tilerace replay: --json is given twice; give it once"),
    ])
    func mistakesExitWithStatusTwo(arguments: [String], message: String) {
        let run = TestConsole.run(arguments)
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        let lines = run.error.split(separator: "\n").map(String.init)
        #expect(lines.first == message)
        #expect(lines.dropFirst() == ["Run 'tilerace help replay' for usage."])
    }

    @Test func unreadableStandardInputIsAMistake() {
        let run = TestConsole.run(["replay", "--seed", "1", "--moves-file", "-"], input: nil)
        #expect(run.status == 2)
        #expect(run.error.hasPrefix("tilerace replay: cannot read the record from standard input\n"))
    }

    @Test func aDirectoryIsNotARecord() {
        let run = TestConsole.run(["replay", "--seed", "1", "--moves-file", FileManager.default.temporaryDirectory.path])
        #expect(run.status == 2)
        #expect(run.error.contains("Is a directory"))
    }

    @Test func helpExplainsTheRecordAndTheJSON() {
        let run = TestConsole.run(["help", "replay"])
        #expect(run.status == 0)
        #expect(
            run.output.contains(
                "usage: tilerace replay --seed S [--size N] [--target T] (--moves LOG | --moves-file FILE|-) [--json | --watch]"))
        #expect(
            run.output.contains(
                "       tilerace replay --host H [--port P] --nick N [--board BOARD | --daily] [--date YYYY-MM-DD] [--json | --watch]"))
        #expect(run.output.contains("--watch plays a timed record (one the server kept with the time of each"))
        #expect(
            run.output.contains(
                #"{"board":[[0,2,...],...],"score":S,"moves":M,"invalid":I,"undos":U,"removals":R,"won":B,"over":B,"max":T}"#))
        #expect(TestConsole.run(["replay", "--help"]).output == run.output)
        // What the watch screen does: q and Esc both quit it.
        #expect(run.output.contains("(Space pause, + - speed, arrows step, q or Esc quits)"))
    }
}
