import TileRaceProtocol

/// Saved as JSON in the config directory.
public struct ClientConfig: Codable, Hashable, Sendable {
    public static let currentVersion = 1
    /// Written to every file (the rest by the synthesized `encode`); read back only to refuse newer files.
    private var version = ClientConfig.currentVersion

    public var themeName: String = Theme.classic.name
    /// Theme name -> colour code (`"0"`, `"2"` ...) -> `#rrggbb`.
    public var colourOverrides: [String: [String: String]] = [:]
    /// Offered first in the nickname prompt.
    public var lastNickname: String?
    /// Nickname -> the secret token of its claim on a server.
    public var tokens: [String: String] = [:]
    /// At a race's start, our finish and its end.
    public var isBellEnabled = true
    /// Keys 1 to 4 in a race (`"phrases"`: four texts of 1 to 200 characters).
    public var quickPhrases = ClientConfig.defaultQuickPhrases
    /// `/mute`d nicknames, as lower-case keys, sorted.
    public var mutedNicknames: [String] = []

    /// When the file names none.
    public static let defaultQuickPhrases = ["good luck", "nice!", "gg", "one more?"]

    public init() {}

    private enum CodingKeys: String, CodingKey {
        case version
        case themeName = "theme"
        case colourOverrides = "colours"
        case lastNickname = "nickname"
        case tokens
        case isBellEnabled = "bell"
        case quickPhrases = "phrases"
        case mutedNicknames = "muted"
    }

    /// Missing fields take their defaults, so older files keep working.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decodeIfPresent(Int.self, forKey: .version) ?? ClientConfig.currentVersion
        guard version <= ClientConfig.currentVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: container,
                debugDescription: "version \(version) is newer than this program understands (\(ClientConfig.currentVersion))")
        }
        themeName = try container.decodeIfPresent(String.self, forKey: .themeName) ?? Theme.classic.name
        colourOverrides = try container.decodeIfPresent([String: [String: String]].self, forKey: .colourOverrides) ?? [:]
        lastNickname = try container.decodeIfPresent(String.self, forKey: .lastNickname)
        tokens = try container.decodeIfPresent([String: String].self, forKey: .tokens) ?? [:]
        isBellEnabled = try container.decodeIfPresent(Bool.self, forKey: .isBellEnabled) ?? true
        quickPhrases = try container.decodeIfPresent([String].self, forKey: .quickPhrases) ?? ClientConfig.defaultQuickPhrases
        mutedNicknames = try container.decodeIfPresent([String].self, forKey: .mutedNicknames) ?? []
    }

    /// Nicknames are the same whatever their case.
    func token(for nickname: String) -> String? {
        let key = nickname.lowercased()
        return tokens[key] ?? tokens.keys.sorted().first { $0.lowercased() == key }.flatMap { tokens[$0] }
    }

    mutating func setToken(_ token: String, for nickname: String) {
        let key = nickname.lowercased()
        for old in tokens.keys where old.lowercased() == key { tokens[old] = nil }
        tokens[key] = token
    }

    /// The chosen built-in (classic if unknown) with the user's colours.
    var theme: Theme {
        let base = Theme.named(themeName) ?? .classic
        return base.applying(colourOverrides[base.name] ?? [:])
    }

    /// Values that parsed but make no sense are dropped.
    mutating func dropInvalidValues() -> [String] {
        var problems: [String] = []
        if Theme.named(themeName) == nil {
            problems.append("unknown theme \(ScreenText.sanitize(themeName).debugDescription); using classic")
            themeName = Theme.classic.name
        }
        for (theme, colours) in colourOverrides.sorted(by: { $0.key < $1.key }) {
            for (code, hex) in colours.sorted(by: { $0.key < $1.key }) {
                if Int(code).map(Theme.editableCodes.contains) != true || RGB(hexText: hex) == nil {
                    problems.append(
                        "ignored colour \(ScreenText.sanitize(code)) = \(ScreenText.sanitize(hex)) of theme \(ScreenText.sanitize(theme))")
                    colourOverrides[theme]?[code] = nil
                }
            }
        }
        if let nickname = lastNickname, !Nickname.isValid(nickname) {
            problems.append("ignored invalid nickname")
            lastNickname = nil
        }
        // Not four phrases: the defaults; a bad phrase: that key's default; a bad muted nickname: ignored.
        if quickPhrases.count != ClientConfig.defaultQuickPhrases.count {
            problems.append(
                "\"phrases\" must hold \(ClientConfig.defaultQuickPhrases.count) texts, one per key 1 to 4 (it holds \(quickPhrases.count)); using the defaults"
            )
            quickPhrases = ClientConfig.defaultQuickPhrases
        }
        for (index, phrase) in quickPhrases.enumerated() {
            do throws(ProtocolError) {
                try ChatText.validate(phrase)
            } catch {
                let fallback = ClientConfig.defaultQuickPhrases[index]
                problems.append("quick phrase \(index + 1) is not sent: \(error.message); using \(fallback.debugDescription)")
                quickPhrases[index] = fallback
            }
        }
        let valid = mutedNicknames.filter(Nickname.isValid)
        if valid.count != mutedNicknames.count {
            problems.append("ignored \(mutedNicknames.count - valid.count) muted name(s) that are not nicknames")
        }
        mutedNicknames = Array(Set(valid.map(Names.nicknameKey))).sorted()
        return problems
    }

    func isMuted(_ nickname: String) -> Bool {
        mutedNicknames.contains(Names.nicknameKey(nickname))
    }
}
