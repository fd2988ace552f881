import Foundation
import Testing

@testable import TileRaceCLI

/// `tilerace completions bash|zsh|fish`: each script offers every command and
/// every option of each, from the commands' own tables, and is valid for its shell.
struct CompletionsCommandTests {
    private static let shells = CompletionScript.Shell.allCases

    private static func script(_ shell: CompletionScript.Shell) -> String {
        TestConsole.run(["completions", shell.rawValue]).output
    }

    /// The lines of the script for one command (`name` empty: no command word).
    private static func section(of name: String, in script: String, shell: CompletionScript.Shell) -> [Substring] {
        let lines = script.split(separator: "\n")
        if shell == .fish {
            let condition = name.isEmpty ? "'__tilerace_command \"\"'" : "'__tilerace_command \(name)'"
            return lines.filter { $0.contains(condition) }
        }
        let start = "        \(name.isEmpty ? "''" : name))"
        guard let first = lines.firstIndex(where: { $0 == start }) else { return [] }
        let end = lines[first...].firstIndex { $0 == "            ;;" } ?? lines.endIndex
        return Array(lines[first..<end])
    }

    /// The options a script offers for one command.
    private static func offeredOptions(_ name: String, in script: String, shell: CompletionScript.Shell) -> Set<String> {
        let section = section(of: name, in: script, shell: shell)
        switch shell {
        case .bash:
            guard let line = section.first(where: { $0.hasPrefix("            options='") }) else { return [] }
            return Set(line.dropFirst("            options='".count).dropLast().split(separator: " ").map(String.init))
        case .zsh:
            return Set(
                section.compactMap { line -> String? in
                    let spec = line.drop { $0 == " " }
                    guard spec.hasPrefix("'--"), let end = spec.firstIndex(where: { $0 == "[" || $0 == "=" }) else { return nil }
                    return String(spec[spec.index(after: spec.startIndex)..<end])
                })
        case .fish:
            return Set(
                section.compactMap { line -> String? in
                    guard let range = line.range(of: " -l ") else { return nil }
                    return "--" + line[range.upperBound...].prefix { $0 != " " }
                })
        }
    }

    @Test(arguments: shells)
    func everyCommandAndEveryOptionOfEachIsOffered(_ shell: CompletionScript.Shell) {
        let run = TestConsole.run(["completions", shell.rawValue])
        #expect(run.status == 0)
        #expect(run.error.isEmpty)
        for command in CLI.commands {
            let expected = Set(command.options.map(\.name) + ["--help"])
            #expect(Self.offeredOptions(command.name, in: run.output, shell: shell) == expected, "\(command.name)")
            #expect(run.output.contains(command.name))
            for word in command.positionalWords {
                #expect(Self.section(of: command.name, in: run.output, shell: shell).contains { $0.contains(word) }, "\(word)")
            }
        }
        // With no command word: tilerace's own options and play's (`tilerace --offline`).
        let programOptions = Set(["--help", "--version"] + PlayCommand().options.map(\.name))
        #expect(Self.offeredOptions("", in: run.output, shell: shell) == programOptions)
    }

    @Test(arguments: shells)
    func anOptionAddedToACommandIsOfferedAtOnce(_ shell: CompletionScript.Shell) {
        struct Tidy: Command {
            let name = "tidy"
            let summary = "a command that does not exist"
            let usage = ["tilerace tidy"]
            let options: [Arguments.Option] = [
                .value("--config", "FILE", "a file"), .flag("--dry-run", "say, do nothing"),
                .value("--log-format", "FORMAT", "text or json"),
            ]
            func run(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 { 0 }
        }
        let script = CompletionScript(shell: shell, commands: [Tidy()], programOptions: [], defaultCommand: "tidy").text
        #expect(Self.offeredOptions("tidy", in: script, shell: shell) == ["--config", "--dry-run", "--log-format", "--help"])
    }

    @Test func aBadShellIsAMistake() {
        let bad = TestConsole.run(["completions", "tcsh"])
        #expect(bad.status == 2)
        #expect(bad.output.isEmpty)
        #expect(
            bad.error == "tilerace completions: unknown shell 'tcsh'; shells: bash, zsh, fish\nRun 'tilerace help completions' for usage.\n"
        )
        let none = TestConsole.run(["completions"])
        #expect(none.status == 2)
        #expect(none.error.hasPrefix("tilerace completions: say which shell: bash, zsh, fish\n"))
        #expect(TestConsole.run(["completions", "bash", "zsh"]).status == 2)
    }

    @Test func theBashScriptIsValidBash() throws {
        let check = try ShellRun.run("bash", script: Self.script(.bash), arguments: ["-n", "SCRIPT_PATH"])
        #expect(check.status == 0, "\(check.output)")
    }

    /// What bash completes for the words typed so far (the last one being completed).
    private static func bashCompletions(_ typed: [String]) throws -> [String] {
        let words = typed.map { "'\($0)'" }.joined(separator: " ")
        let command =
            "source SCRIPT_PATH; COMP_WORDS=(\(words)); COMP_CWORD=\(typed.count - 1); _tilerace; "
            + "printf '%s\\n' \"${COMPREPLY[@]}\""
        let run = try ShellRun.run("bash", script: script(.bash), arguments: ["-c", command])
        #expect(run.status == 0, "\(run.output)")
        return run.output.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsOptionsAndWords() throws {
        #expect(try Self.bashCompletions(["tilerace", ""]) == CLI.commands.map(\.name))
        #expect(try Self.bashCompletions(["tilerace", "re"]) == ["replay"])
        #expect(try Self.bashCompletions(["tilerace", "--ver"]) == ["--version"])
        #expect(try Self.bashCompletions(["tilerace", "--offline", "--se"]) == ["--seed"])
        #expect(try Self.bashCompletions(["tilerace", "replay", "--moves-f"]) == ["--moves-file"])
        #expect(try Self.bashCompletions(["tilerace", "bench", "st"]) == [])
        #expect(try Self.bashCompletions(["tilerace", "completions", "z"]) == ["zsh"])
        #expect(try Self.bashCompletions(["tilerace", "help", "le"]) == ["leaderboard"])
        // A file or directory name is completed as one.
        #expect(try Self.bashCompletions(["tilerace", "replay", "--moves-file", "/tm"]) == ["/tmp"])
        #expect(try Self.bashCompletions(["tilerace", "serve", "--data", "/tm"]) == ["/tmp"])
        // A value is the player's to type: nothing is offered after --host.
        #expect(try Self.bashCompletions(["tilerace", "play", "--host", ""]) == [])
        #expect(try Self.bashCompletions(["tilerace", "nosuch", "--"]) == [])
    }

    @Test(.enabled(if: ShellRun.path(of: "zsh") != nil, "zsh is not installed: the zsh script's syntax is not checked"))
    func theZshScriptIsValidZsh() throws {
        let check = try ShellRun.run("zsh", script: Self.script(.zsh), arguments: ["-n", "SCRIPT_PATH"])
        #expect(check.status == 0, "\(check.output)")
    }

    @Test(.enabled(if: ShellRun.path(of: "fish") != nil, "fish is not installed: the fish script is not checked"))
    func theFishScriptIsValidFishAndCompletes() throws {
        let script = Self.script(.fish)
        let check = try ShellRun.run("fish", script: script, arguments: ["--no-execute", "SCRIPT_PATH"])
        #expect(check.status == 0, "\(check.output)")
        let complete = { (line: String) throws -> [String] in
            let run = try ShellRun.run("fish", script: script, arguments: ["-c", "source SCRIPT_PATH; complete -C '\(line)'"])
            return run.output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        }
        #expect(try complete("tilerace re") == ["replay"])
        #expect(try complete("tilerace replay --moves-f") == ["--moves-file"])
        #expect(try complete("tilerace --offline --se") == ["--seed"])
        #expect(try complete("tilerace completions b") == ["bash"])
    }
}
