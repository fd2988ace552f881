import TileRaceProtocol

/// What the client remembers between runs, saved as JSON in the config
/// directory: the theme, the user's colours, the last nickname and the
/// secret token of each nickname claimed on a server.
public struct ClientConfig: Codable, Hashable, Sendable {
    /// The format version written in the file.
    public static let currentVersion = 1

    public var themeName: String = Theme.classic.name
    /// The user's colours per theme: theme name -> colour code (`"0"`, `"2"` ...) -> `#rrggbb`.
    public var colourOverrides: [String: [String: String]] = [:]
    /// The nickname used last, offered first in the nickname prompt.
    public var lastNickname: String?
    /// The secret token of each nickname claimed on a server: nickname -> token.
    public var tokens: [String: String] = [:]
    /// Whether the terminal bell rings when a race starts, when we finish and when it ends.
    public var isBellEnabled = true
    /// The quick phrases keys 1 to 4 say during a race (`"phrases"`: four
    /// texts of 1 to 200 characters).
    public var quickPhrases = ClientConfig.defaultQuickPhrases
    /// The nicknames whose chat this player does not want to see (`/mute`),
    /// as lower-case keys, sorted.
    public var mutedNicknames: [String] = []

    /// The quick phrases when the file names none.
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

    /// Reads a config; missing fields take their defaults, so older files keep working.
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

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ClientConfig.currentVersion, forKey: .version)
        try container.encode(themeName, forKey: .themeName)
        try container.encode(colourOverrides, forKey: .colourOverrides)
        try container.encodeIfPresent(lastNickname, forKey: .lastNickname)
        try container.encode(tokens, forKey: .tokens)
        try container.encode(isBellEnabled, forKey: .isBellEnabled)
        try container.encode(quickPhrases, forKey: .quickPhrases)
        try container.encode(mutedNicknames, forKey: .mutedNicknames)
    }

    /// The token stored for a nickname (nicknames are the same whatever their case).
    func token(for nickname: String) -> String? {
        let key = nickname.lowercased()
        return tokens[key] ?? tokens.keys.sorted().first { $0.lowercased() == key }.flatMap { tokens[$0] }
    }

    /// Stores the token a server gave when `nickname` was claimed.
    mutating func setToken(_ token: String, for nickname: String) {
        let key = nickname.lowercased()
        for old in tokens.keys where old.lowercased() == key { tokens[old] = nil }
        tokens[key] = token
    }

    /// The theme to draw with: the chosen built-in (classic if unknown) with the user's colours.
    var theme: Theme {
        let base = Theme.named(themeName) ?? .classic
        return base.applying(colourOverrides[base.name] ?? [:])
    }

    /// Problems with values that parsed but make no sense, fixed by dropping them.
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
        problems += dropInvalidChatValues()
        return problems
    }

    /// The quick phrases and muted nicknames that make no sense, dropped:
    /// not four phrases (the defaults are used), a phrase that is not 1 to
    /// 200 printable characters (that key's default is used), a muted
    /// nickname that is not a nickname (ignored).
    private mutating func dropInvalidChatValues() -> [String] {
        var problems: [String] = []
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
