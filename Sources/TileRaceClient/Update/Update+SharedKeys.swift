import TileRaceEngine

extension Update {
    /// Arrows, WASD, hjkl.
    static func direction(for key: Key) -> Direction? {
        switch key {
        case .up, .character("w"), .character("W"), .character("k"), .character("K"): .up
        case .down, .character("s"), .character("S"), .character("j"), .character("J"): .down
        case .left, .character("a"), .character("A"), .character("h"), .character("H"): .left
        case .right, .character("d"), .character("D"), .character("l"), .character("L"): .right
        default: nil
        }
    }

    /// For screens without a text field: `t` theme, `?` help, `b` bell. Nil for any other key.
    static func sharedKey(_ key: Key, model: inout Model) -> [Effect]? {
        switch key {
        case .character("t"): return nextTheme(&model)
        case .character("?"):
            model.overlay = .help
            return []
        case .character("b"):
            model.config.isBellEnabled.toggle()
            model.show(model.config.isBellEnabled ? "bell on: rings at the start, your finish and the end of a race" : "bell off")
            return [.saveConfig]
        default: return nil
        }
    }

    /// Saves the choice.
    static func nextTheme(_ model: inout Model) -> [Effect] {
        model.config.themeName = Theme.nextName(after: model.config.theme.name)
        model.show("theme: \(model.config.themeName)")
        return [.saveConfig]
    }
}
