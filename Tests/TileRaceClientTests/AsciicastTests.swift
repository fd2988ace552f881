import Foundation
import Testing
import TileRaceEngine

@testable import TileRaceClient

/// `tilerace replay --cast`: the file parses as asciicast v2, and its output, fed through a terminal, ends on
/// the game's final board as the watch screen draws it.
@Suite struct AsciicastTests {
    /// Just enough of a terminal: cursor moves, clearing, text; styles and modes are skipped.
    struct TerminalModel {
        var rows: [[Character]]
        var x = 0
        var y = 0

        init(width: Int, height: Int) {
            rows = Array(repeating: Array(repeating: " ", count: width), count: height)
        }

        mutating func feed(_ text: String) {
            var characters = Array(text)[...]
            while let character = characters.popFirst() {
                guard character == "\u{1B}" else {
                    if rows.indices.contains(y), rows[y].indices.contains(x) { rows[y][x] = character }
                    x += 1
                    continue
                }
                #expect(characters.popFirst() == "[")
                var parameters = ""
                while let next = characters.popFirst() {
                    guard next.isLetter else {
                        parameters.append(next)
                        continue
                    }
                    if next == "H" {
                        let numbers = parameters.split(separator: ";").map { Int($0) ?? 1 }
                        (y, x) = (numbers[0] - 1, numbers[1] - 1)
                    } else if next == "J" {
                        rows = rows.map { Array(repeating: " ", count: $0.count) }
                    }
                    break
                }
            }
        }

        var text: String {
            rows.map { String($0).replacingOccurrences(of: " +$", with: "", options: .regularExpression) }.joined(separator: "\n")
        }
    }

    @Test func theCastEndsOnTheGamesFinalBoardAtItsPace() throws {
        let record = try RecordToWatch(
            seed: Seed(parsing: "42"), config: GameConfig(), log: GameLog(parsing: "LLURDDLURDLLUR"), title: "seed 42", expected: nil)
        let lines = Asciicast.make(record, today: "2026-12-07").split(separator: "\n").map(String.init)
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2 && header["width"] as? Int == 80 && header["height"] as? Int == 24)
        #expect((header["env"] as? [String: String])?["TERM"] == "xterm-256color")
        var terminal = TerminalModel(width: 80, height: 24)
        var times: [Double] = []
        for line in lines.dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            #expect(event.count == 3 && event[1] as? String == "o")
            times.append(try #require((event[0] as? NSNumber)?.doubleValue))
            terminal.feed(try #require(event[2] as? String))
        }
        // An untimed record plays at the watch screen's 4 entries a second: 14 entries, then the last frame held.
        #expect(times == times.sorted() && times.first == 0)
        #expect(try #require(times.last) >= 14 * 0.25)
        var model = Model(
            options: ClientOptions(), config: ClientConfig(), colourMode: .palette256, isInteractive: false, now: 0, today: "2026-12-07",
            size: Asciicast.size, seedSource: SplitMix64(seed: 0))
        Update.startWatch(record, model: &model)
        model.watch?.jump(to: record.log.entries.count)
        let end = view(model, size: Asciicast.size, theme: model.theme.effective(for: .palette256))
        #expect(terminal.text == end.plainText)
        #expect(terminal.text.contains("36"))  // the final score
    }

    /// A practice recording's title names its board, as the game screen's does.
    @Test func aPracticeRecordingIsTitledWithItsBoard() throws {
        let model = Fixtures.practice(boardSize: 3)
        let session = try #require(model.session)
        var copy = model
        guard case .saveRecording(let record) = try #require(Update.saveRecording(of: session, model: &copy).first) else {
            Issue.record("not saved")
            return
        }
        #expect(record.title == "practice · 3x3 to 2048 · seed 42")
    }

    /// `c` on the end-of-race dialog saves the race just run, in the current directory, under a name not taken;
    /// its record replays to the board on screen.
    @Test func theRaceJustRunIsSavedAsARecording() throws {
        var model = Fixtures.race()
        _ = update(&model, .key(.character("q")))
        _ = update(&model, .key(.character("y")))
        model.dialogOpenedAt = nil
        _ = update(&model, .key(.enter))
        let effects = update(&model, .key(.character("c")))
        guard case .saveRecording(let record) = try #require(effects.first) else {
            Issue.record("\(effects)")
            return
        }
        let session = try #require(model.session)
        #expect(record.log.entries.count == 5 && record.log.times?.first == 0)
        #expect(Replay.run(seed: record.seed, config: record.config, log: record.log).game.board == session.game.board)
        #expect(record.title == "race in room friday · 4x4 to 2048")

        let directory = NSTemporaryDirectory() + "tilerace-recordings-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let network = ClientNetwork(queue: DispatchQueue(label: "test")) { _ in }
        let interpreter = EffectInterpreter(network: network, store: nil, recordingDirectory: directory)
        for number in 1...2 {
            guard case .handled(let events) = interpreter.perform(.saveRecording(record), model: model),
                case .recordingSaved(let name) = try #require(events.first)
            else {
                Issue.record("not saved")
                return
            }
            #expect(name == "tilerace-\(model.today)-\(number).cast")
            let text = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
            #expect(text == Asciicast.make(record, today: model.today))
        }
        // The standings once the race is over offer it too.
        Fixtures.event(&model, .end(room: "friday", race: 7, count: 4))
        #expect(model.race?.isOver == true)
        model.dialogOpenedAt = nil
        #expect(update(&model, .key(.character("c"))) == [.saveRecording(record)])
        _ = update(&model, .recordingSaved("tilerace-2026-12-07-2.cast"))
        #expect(model.notice?.text == "saved: asciinema play tilerace-2026-12-07-2.cast")
    }
}
