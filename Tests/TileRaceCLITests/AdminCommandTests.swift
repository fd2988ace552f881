import Foundation
import Testing
import TileRaceEngine
import TileRaceProtocol
import TileRaceServer
import TileRaceServerTestSupport
import TileRaceTestSupport
import TileRaceTransport

@testable import TileRaceCLI

/// `tilerace admin` against a real server on 127.0.0.1, whose data
/// directory holds the operator secret it made at its start.
@Suite struct AdminCommandTests {
    /// What one run of the command printed, and its exit status.
    private struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    private func admin(_ host: TestHost, _ words: [String]) -> Run {
        let captured = CapturedConsole()
        let status = CLI.run(
            arguments: ["admin", "--port", String(host.port), "--data", host.directory] + words, console: captured.console)
        return Run(status: status, output: captured.output, errors: captured.errors)
    }

    /// A player connected with `HELLO` under `nickname`.
    private func player(_ nickname: String, on host: TestHost) throws -> LineClient {
        let client = try LineClient(host: "127.0.0.1", port: host.port)
        _ = try client.readLine()
        try client.send("HELLO tilerace 1 \(nickname)")
        #expect(try client.readLine()?.hasPrefix("OK HELLO nick=\(nickname)") == true)
        return client
    }

    /// The lines a client receives until the server closes it.
    private func linesUntilClosed(_ client: LineClient) throws -> [String] {
        var lines: [String] = []
        while let line = try client.readLine() { lines.append(line) }
        return lines
    }

    @Test func theServerMakesItsSecretOnlyItsOwnerCanRead() throws {
        let host = try TestHost()
        let path = OperatorSecret.path(inDataDirectory: host.directory)
        #expect(filePermissions(path) == 0o600)
        let secret = try OperatorSecret.read(path: path)
        #expect(secret.count == 64 && secret.allSatisfy(\.isHexDigit))
    }

    @Test func whoKickAndAnnounce() throws {
        let host = try TestHost()
        let ana = try player("ana", on: host)
        let bo = try player("bo", on: host)
        let who = admin(host, ["who"])
        #expect(who.status == 0, "\(who.errors)")
        let lines = who.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "3 connections on 127.0.0.1:\(host.port)")
        #expect(lines.dropFirst().first?.split(separator: " ") == ["id", "nickname", "room", "address", "idle"])
        #expect(lines.contains { $0.split(separator: " ").dropFirst() == ["ana", "-", "127.0.0.1", "0s"] })
        #expect(lines.contains { $0.split(separator: " ").dropFirst() == ["-", "(operator)", "-", "127.0.0.1", "0s"] })

        let announce = admin(host, ["announce", "restarting", "in 5 minutes"])
        #expect(announce.status == 0 && announce.output == "announced to 3 connections\n")
        #expect(try ana.readLine() == "NOTICE text=restarting%20in%205%20minutes")

        let kick = admin(host, ["kick", "bo", "--reason", "spam"])
        #expect(kick.status == 0 && kick.output == "kicked bo\n")
        #expect(try linesUntilClosed(bo) == ["NOTICE text=restarting%20in%205%20minutes", "BYE kicked by the operator: spam"])
        let again = admin(host, ["kick", "bo"])
        #expect(again.status == 1)
        #expect(again.errors == "tilerace admin: the server refused: no-such-player: nobody connected is called bo\n")
    }

    @Test func muteAndUnmute() throws {
        let host = try TestHost()
        let ana = try player("ana", on: host)
        let mute = admin(host, ["mute", "ana"])
        #expect(mute.status == 0 && mute.output == "muted ana: their chat is refused until unmute or a restart\n", "\(mute.errors)")
        try ana.send("SAY text=hi")
        #expect(try ana.readLine() == "ERR muted an operator muted ana on this server: nothing you say is sent")
        let unmute = admin(host, ["unmute", "ana"])
        #expect(unmute.status == 0 && unmute.output == "unmuted ana\n")
        try ana.send("SAY text=hi")
        #expect(try ana.readLine() == "OK SAY")
        let bad = admin(host, ["mute"])
        #expect(bad.status == 2)
    }

    /// `reports` lists who reported whom, why, and the lines said, as `review` does after the held games; `dismiss` closes one.
    @Test func reportsAndDismiss() throws {
        let host = try TestHost()
        #expect(admin(host, ["reports"]).output == "no open reports on 127.0.0.1:\(host.port)\n")
        let ana = try player("ana", on: host)
        try ana.send("SAY text=hi all")
        #expect(try ana.readLine() == "OK SAY")
        #expect(try ana.readLine() == "CHAT nick=ana text=hi all")
        try ana.send("REPORT bo reason=bot, 100% sure")
        #expect(try ana.readLine() == "OK REPORT nick=bo")
        let reports = admin(host, ["reports"])
        let lines = reports.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(reports.status == 0 && lines.count == 6, "\(reports.output)\(reports.errors)")
        #expect(lines.first == "1 open report on 127.0.0.1:\(host.port)")
        #expect(lines.dropFirst(2).first?.hasSuffix(": ana reported bo: bot, 100% sure") == true, "\(lines)")
        #expect(
            Array(lines.suffix(3)) == [
                "  races together: none lately", "  dismiss it with: tilerace admin dismiss 1", "  [lobby] ana: hi all",
            ])
        // The review list ends with the open reports, after the held games.
        let review = admin(host, ["review"])
        #expect(review.output == "nothing held for review on 127.0.0.1:\(host.port)\n\n" + reports.output, "\(review.errors)")
        #expect(admin(host, ["dismiss", "1"]).output == "dismissed report 1\n")
        #expect(admin(host, ["review"]).output == "nothing held for review on 127.0.0.1:\(host.port)\n")
        let again = admin(host, ["dismiss", "1"])
        #expect(again.status == 1 && again.errors == "tilerace admin: the server refused: no-record: no open report has id 1\n")
        #expect(admin(host, ["dismiss", "one"]).status == 2)
    }

    @Test func assistAndUnassist() throws {
        let host = try TestHost()
        let assist = admin(host, ["assist", "ana", "--reason", "an engine"])
        #expect(
            assist.status == 0
                && assist.output == "marked ana assisted: off every board and rated play; 0 opponents given back 0 rating points\n",
            "\(assist.errors)")
        let unassist = admin(host, ["unassist", "ana"])
        #expect(unassist.status == 0 && unassist.output == "lifted ana's assisted mark (the points given back stay given)\n")
        let again = admin(host, ["unassist", "ana"])
        #expect(again.status == 1 && again.errors == "tilerace admin: the server refused: not-assisted: ana is not marked assisted\n")
    }

    @Test func banUnbanBansAndRemoveEntry() throws {
        let host = try TestHost()
        let bo = try player("bo", on: host)
        let ban = admin(host, ["ban", "bo", "--for", "2h", "--reason", "cheating at 2048"])
        #expect(ban.status == 0)
        #expect(ban.output.hasPrefix("banned bo until ") && ban.output.hasSuffix(" (cheating at 2048)\n"))
        let closing = try linesUntilClosed(bo)
        #expect(closing.count == 1 && closing.first?.hasPrefix("BYE banned: the nickname bo is banned until ") == true)
        #expect(closing.first?.hasSuffix(": cheating at 2048") == true)
        let bans = admin(host, ["bans"]).output.split(separator: "\n")
        #expect(bans.first == "1 ban on 127.0.0.1:\(host.port)")
        #expect(bans.last?.hasPrefix("bo") == true && bans.last?.hasSuffix("cheating at 2048") == true)
        let unban = admin(host, ["unban", "bo"])
        #expect(unban.status == 0 && unban.output == "lifted the ban of bo\n")
        #expect(admin(host, ["bans"]).output == "no bans on 127.0.0.1:\(host.port)\n")
        _ = try player("bo", on: host)
        let ana = try player("ana", on: host)
        for line in ["PRACTICE seed=1", "MOVE 1 L", "RESIGN", "SUBMIT ana"] {
            try ana.send(line)
            #expect(try ana.readLine()?.hasPrefix("OK ") == true, "\(line)")
        }
        let removed = admin(host, ["remove-entry", "ana", "--reason", "replayed a bot's game"])
        #expect(removed.status == 0 && removed.output == "removed ana's entry from the all-time board\n")
        let removal = admin(host, ["remove-entry", "nobody", "--reason", "cheating"])
        #expect(removal.status == 1)
        #expect(removal.errors == "tilerace admin: the server refused: no-record: nobody has no entry on the all-time board\n")
    }

    /// Games sent at a program's speed are held (docs/fair-play.md): review lists them, approve and reject decide.
    @Test func reviewApproveAndReject() throws {
        let host = try TestHost()
        #expect(admin(host, ["review"]).output == "nothing held for review on 127.0.0.1:\(host.port)\n")
        let moves = Array(try #require(SprintMoves.toReach2048(seedText: "1")).prefix(300))
        for nickname in ["ana", "bo"] {
            let client = try player(nickname, on: host)
            let lines =
                ["PRACTICE seed=1"] + SprintMoves.batches(moves).enumerated().map { index, batch in "MOVE \(index * 50 + 1) \(batch)" }
            for line in lines + ["RESIGN"] {
                try client.send(line)
                #expect(try client.readLine()?.hasPrefix("OK ") == true, "\(line)")
            }
            try client.send("SUBMIT \(nickname)")
            let submitted = try #require(try client.readLine())
            #expect(submitted.hasPrefix("OK SUBMIT nick=\(nickname) board=all ") && submitted.hasSuffix(" held=rate"), "\(submitted)")
        }
        let review = admin(host, ["review"])
        #expect(review.status == 0)
        let lines = review.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "2 games held for review on 127.0.0.1:\(host.port) (approve ID or reject ID)")
        #expect(lines.dropFirst().first?.split(separator: " ") == ["id", "nickname", "board", "score", "moves", "rule", "date", "seed"])
        #expect(lines.last == "watch one: tilerace admin record ID > FILE; tilerace replay --seed SEED --moves-file FILE --watch")
        let rows = lines.dropFirst(2).dropLast()
        let ids = rows.compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(ids.count == 2 && rows.allSatisfy { $0.contains(" 300 ") && $0.contains(" rate ") && $0.hasSuffix(" 1") })
        // The held game's timed record, to watch with tilerace replay: the moves sent, six lines at one instant each.
        let record = admin(host, ["record", ids[0]])
        #expect(record.status == 0)
        let log = try GameLog(parsing: record.output.trimmingCharacters(in: .newlines))
        #expect(log.entries == moves.map(GameLog.Entry.move) && log.isTimed)
        let approved = admin(host, ["approve", ids[0]])
        #expect(approved.status == 0 && approved.output == "approved held game \(ids[0]): it is on its boards\n")
        let rejected = admin(host, ["reject", ids[1], "--reason", "a computed path"])
        #expect(rejected.status == 0 && rejected.output == "rejected held game \(ids[1]): it is gone\n")
        let again = admin(host, ["reject", ids[1]])
        #expect(again.status == 1)
        #expect(again.errors == "tilerace admin: the server refused: no-record: nothing is held for review under id \(ids[1])\n")
        #expect(admin(host, ["review"]).output == "nothing held for review on 127.0.0.1:\(host.port)\n")
        let viewer = try player("cyd", on: host)
        try viewer.send("TOP")
        #expect(try viewer.readLine()?.hasPrefix("ENTRY rank=1 nick=ana ") == true)
        #expect(try viewer.readLine()?.hasPrefix("OK TOP board=all total=1 ") == true)
    }

    @Test func aWrongSecretIsRefused() throws {
        let host = try TestHost()
        let file = host.directory + "/wrong.secret"
        try "not-the-secret-at-all\n".write(toFile: file, atomically: true, encoding: .utf8)
        let captured = CapturedConsole()
        let status = CLI.run(arguments: ["admin", "--port", String(host.port), "--secret-file", file, "who"], console: captured.console)
        #expect(status == 1)
        #expect(captured.errors == "tilerace admin: the server refused: bad-secret: that is not the operator secret\n")
    }

    @Test func mistakesOnTheCommandLine() throws {
        let cases: [([String], String)] = [
            (
                [],
                "tilerace admin: say what to do: who, kick, ban, unban, bans, remove-entry, announce, mute, unmute, review, record, "
                    + "approve, reject, reports, dismiss, assist, unassist or arena"
            ),
            (
                ["frobnicate"],
                "tilerace admin: unknown admin command 'frobnicate': who, kick, ban, unban, bans, remove-entry, announce, mute, unmute, "
                    + "review, record, approve, reject, reports, dismiss, assist, unassist or arena"
            ),
            (["assist"], "tilerace admin: assist takes one nickname"),
            (["unassist", "bo", "--reason", "x"], "tilerace admin: --reason is not an option of unassist"),
            (["who", "--reason", "x"], "tilerace admin: --reason is not an option of who"),
            (["ban"], "tilerace admin: ban takes one nickname or address"),
            (["ban", "bo", "--for", "ever"], "tilerace admin: --for 'ever' must be a whole number and s, m, h or d (90s, 30m, 12h, 7d)"),
            (["announce"], "tilerace admin: announce needs the text to show, e.g. announce restarting in 5 minutes"),
            (["approve", "first"], "tilerace admin: approve takes the id of a held game, as review lists it"),
            (["approve", "1", "--reason", "x"], "tilerace admin: --reason is not an option of approve"),
            (
                ["who", "--data", "/nonexistent/tilerace"],
                "tilerace admin: the operator secret file /nonexistent/tilerace/operator.secret does not exist; give --secret-file FILE, --data DIR (the server's data directory) or TILERACE_OPERATOR_SECRET"
            ),
        ]
        for (words, message) in cases {
            let captured = CapturedConsole()
            #expect(CLI.run(arguments: ["admin"] + words, console: captured.console) == 2, "\(words)")
            #expect(captured.errors.split(separator: "\n").first.map(String.init) == message, "\(words)")
        }
    }

    @Test func arenaSchedulesAnArenaThatPlayersList() throws {
        let host = try TestHost()
        let run = admin(
            host, ["arena", "--start", "10m", "--length", "30m", "--size", "5", "--target", "1024", "--race-limit", "90s", "--rated"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            run.output
                == "arena 1 created: starts in 600 s, runs 1800 s; 5x5 to 1024, races of 2, 90 s each, rated (players: ARENA 1)\n")
        let ana = try player("ana", on: host)
        try ana.send("ARENAS")
        #expect(try ana.readLine()?.hasPrefix("ARENA id=1 state=upcoming length=1800 size=5 target=1024 limit=90 rated=yes ") == true)
        let refused = admin(host, ["arena", "--race-size", "7"])
        #expect(refused.status == 2)
        #expect(refused.errors.hasPrefix("tilerace admin: race-size=7 must be 2 to 4\n"))
        #expect(admin(host, ["arena", "now"]).errors.hasPrefix("tilerace admin: arena takes options only, e.g. arena --length 30m\n"))
        #expect(admin(host, ["who", "--rated"]).errors.hasPrefix("tilerace admin: --rated is not an option of who\n"))
    }

    @Test func theSecretComesFromTheEnvironmentBeforeTheDataDirectory() throws {
        let arguments = try Arguments(parsing: ["who"], options: AdminCommand().options)
        #expect(
            try AdminCommand.secret(arguments, environment: ["TILERACE_OPERATOR_SECRET": "from-the-environment"]) == "from-the-environment")
    }
}
