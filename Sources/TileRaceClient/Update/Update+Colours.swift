extension Update {
    static func coloursKey(_ key: Key, model: inout Model) -> [Effect] {
        guard var state = model.colours else { return [] }
        if state.editing != nil {
            return colourFieldKey(key, model: &model)
        }
        defer { model.colours = state }
        let count = Theme.editableCodes.count
        switch key {
        case .up, .character("k"), .character("w"):
            state.selection = (state.selection + count - 1) % count
        case .down, .character("j"), .character("s"):
            state.selection = (state.selection + 1) % count
        case .home:
            state.selection = 0
        case .end:
            state.selection = count - 1
        case .enter, .character("e"), .character(" "):
            let theme = model.config.theme
            guard theme.usesColour else {
                model.show("the mono theme has no colours: press t for another theme", .warning)
                return []
            }
            let code = state.selectedCode
            state.editing = ColourEditorState.Fields(code: code, colour: theme.colour(code: code) ?? RGB(0, 0, 0))
        case .character("x"), .delete, .backspace:
            let code = String(state.selectedCode)
            let name = model.config.theme.name
            guard model.config.colourOverrides[name]?[code] != nil else {
                model.show("code \(code) already has the theme's colour")
                return []
            }
            model.config.colourOverrides[name]?[code] = nil
            if model.config.colourOverrides[name]?.isEmpty == true { model.config.colourOverrides[name] = nil }
            model.show("code \(code) back to the \(name) colour", .success)
            return [.saveConfig]
        case .character("t"), .tab:
            return nextTheme(&model)
        case .character("?"):
            model.overlay = .help
        case .character("q"), .escape:
            model.screen = .menu
        default:
            break
        }
        return []
    }

    private static func colourFieldKey(_ key: Key, model: inout Model) -> [Effect] {
        guard var fields = model.colours?.editing else { return [] }
        switch key {
        case .tab, .right:
            fields.focus = (fields.focus + 1) % 3
            fields.replacesOnType = true
        case .backTab, .left:
            fields.focus = (fields.focus + 2) % 3
            fields.replacesOnType = true
        case .up, .down, .pageUp, .pageDown:
            let size = key == .up || key == .down ? 1 : 16
            let step = key == .up || key == .pageUp ? size : -size
            let value = Int(fields.texts[fields.focus]) ?? 0
            fields.texts[fields.focus] = String(min(255, max(0, value + step)))
            fields.replacesOnType = false
        case .character(let character) where character.isASCII && character.isNumber:
            if fields.replacesOnType {
                fields.texts[fields.focus] = ""
                fields.replacesOnType = false
            }
            if fields.texts[fields.focus].count < 3 {
                fields.texts[fields.focus].append(character)
            } else {
                model.show("each of R, G and B is a number from 0 to 255", .warning)
            }
        case .backspace, .delete:
            fields.replacesOnType = false
            if !fields.texts[fields.focus].isEmpty { fields.texts[fields.focus].removeLast() }
        case .enter:
            guard let colour = fields.colour else {
                model.show("each of R, G and B must be a number from 0 to 255", .warning)
                model.colours?.editing = fields
                return []
            }
            let name = model.config.theme.name
            model.config.colourOverrides[name, default: [:]][String(fields.code)] = colour.hexText
            model.colours?.editing = nil
            model.show("code \(fields.code) is now \(colour.hexText) in \(name)", .success)
            return [.saveConfig]
        case .escape:
            model.colours?.editing = nil
            model.show("colour unchanged")
            return []
        case .character:
            model.show("type digits: each of R, G and B is 0-255; Tab goes to the next", .warning)
        default:
            break
        }
        model.colours?.editing = fields
        return []
    }
}
