/// A settings file like redis.conf: `key value` lines, `#` comments. Keys are the long
/// options without `--`, so every option is a setting with no code of its own; flags take
/// `yes`/`no`; values may be double-quoted (`\"`, `\\`). Every mistake names file and line.
struct ConfigFile: Sendable {
    struct Setting: Sendable, Hashable {
        /// `--port`.
        var option: String
        /// Nil for a flag set to `no`, "yes" for one set to `yes`.
        var value: String?
        /// From 1.
        var line: Int
    }

    let path: String
    /// In the file's order.
    let settings: [Setting]
    private let options: [Arguments.Option]

    /// `excluded` (`--config` itself) cannot be set. Errors start with `path:line:`.
    init(parsing text: String, path: String, options: [Arguments.Option], excluded: Set<String> = []) throws(CommandLineError) {
        self.path = path
        self.options = options
        let byName = Dictionary(options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var settings: [Setting] = []
        var firstLine: [String: Int] = [:]
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let failure = { (reason: String) in CommandLineError("\(path):\(number): \(reason)") }
            var line = Substring(rawLine)
            if line.last == "\r" { line = line.dropLast() }
            if let control = line.unicodeScalars.first(where: { $0.properties.generalCategory == .control && $0 != "\t" }) {
                throw failure("a control character (U+\(String(control.value, radix: 16, uppercase: true))) is not allowed")
            }
            line = ConfigFile.trimmed(line)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let key = String(line.prefix { $0 != " " && $0 != "\t" })
            var rest = ConfigFile.trimmed(line.dropFirst(key.count))
            if rest.hasPrefix("#") { rest = rest[rest.endIndex...] }
            if key.hasPrefix("-") {
                throw failure("write the setting without dashes: \(key.drop { $0 == "-" }.prefix { $0 != "=" }), not \(key)")
            }
            if key.contains("="), rest.isEmpty {
                let parts = key.split(separator: "=", maxSplits: 1).map(String.init)
                throw failure("write the setting and its value with a space: \(parts[0]) \(parts.count > 1 ? parts[1] : "VALUE")")
            }
            let name = "--" + key
            guard let option = byName[name], !excluded.contains(name) else {
                if excluded.contains(name) { throw failure("\(key) cannot be set in a config file") }
                let known = options.map(\.name).filter { !excluded.contains($0) }.map { String($0.dropFirst(2)) }
                throw failure("unknown setting \(Arguments.quoted(key)); the settings are: \(known.joined(separator: ", "))")
            }
            if let earlier = firstLine[name] {
                throw failure("\(key) is set twice (first on line \(earlier)); set it once")
            }
            firstLine[name] = number
            do throws(CommandLineError) {
                settings.append(Setting(option: name, value: try ConfigFile.value(of: option, key: key, in: rest), line: number))
            } catch {
                throw failure(error.message)
            }
        }
        self.settings = settings
    }

    /// The text, or for a flag "yes" (set) or nil (`no`).
    private static func value(of option: Arguments.Option, key: String, in rest: Substring) throws(CommandLineError) -> String? {
        guard !rest.isEmpty else {
            throw CommandLineError(option.valueName.map { "\(key) needs a value: \(key) \($0)" } ?? "\(key) needs yes or no")
        }
        let value = try ConfigFile.value(rest)
        guard option.valueName == nil else { return value }
        switch value {
        case "yes": return "yes"
        case "no": return nil
        default: throw CommandLineError("\(key) takes yes or no, not \(Arguments.quoted(value))")
        }
    }

    static func read(path: String, options: [Arguments.Option], excluded: Set<String> = []) throws(CommandLineError) -> ConfigFile {
        let bytes = try FileReader.contents(ofFile: path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CommandLineError("\(path): not a text file (it is not UTF-8)")
        }
        return try ConfigFile(parsing: text, path: path, options: options, excluded: excluded)
    }

    /// The command line that says the same.
    var arguments: Arguments {
        get throws(CommandLineError) {
            var words: [String] = []
            for setting in settings {
                guard let value = setting.value else { continue }
                let isFlag = options.first { $0.name == setting.option }?.valueName == nil
                words += isFlag ? [setting.option] : [setting.option, value]
            }
            return try Arguments(parsing: words, options: options)
        }
    }

    /// `path:line`, where the file sets `option`.
    func location(of option: String) -> String? {
        settings.first { $0.option == option }.map { "\(path):\($0.line)" }
    }

    /// The rest of the line up to a comment, or a quoted string.
    private static func value(_ text: Substring) throws(CommandLineError) -> String {
        guard text.first == "\"" else {
            var end = text.endIndex
            var index = text.startIndex
            while index < text.endIndex {
                let next = text.index(after: index)
                if text[index] == " " || text[index] == "\t", next < text.endIndex, text[next] == "#" {
                    end = index
                    break
                }
                index = next
            }
            return String(trimmed(text[..<end]))
        }
        var value = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if character == "\"" {
                let after = trimmed(text[index...])
                guard after.isEmpty || after.hasPrefix("#") else {
                    throw CommandLineError("text after the closing quote: \(Arguments.quoted(String(after)))")
                }
                return value
            }
            if character == "\\" {
                guard index < text.endIndex, text[index] == "\"" || text[index] == "\\" else {
                    throw CommandLineError("only \\\" and \\\\ may follow a backslash in quotes")
                }
                value.append(text[index])
                index = text.index(after: index)
                continue
            }
            value.append(character)
        }
        throw CommandLineError("the quote is not closed")
    }

    private static func trimmed(_ text: Substring) -> Substring {
        let isBlank = { (character: Character) in character == " " || character == "\t" }
        guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) }) else {
            return text[text.endIndex...]
        }
        return text[first...last]
    }
}
