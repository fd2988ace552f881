/// The splash (2, 0, 4, 8 sliding and growing into place) and the main menu.
enum MenuView {
    static let logo: [Int] = [2, 0, 4, 8]

    static func draw(_ model: Model, theme: Theme, into frame: inout Frame) {
        let isBig = frame.height >= 36 && frame.width >= 90
        let tile = isBig ? (width: 15, height: 7) : (width: 8, height: 3)
        let gap = isBig ? 2 : 1
        let logoWidth = logo.count * tile.width + (logo.count - 1) * gap
        let infoLines = infoText(model).flatMap { ConnectionProblemView.wrap($0, width: frame.width - 2) }
        let items = MenuItem.shown(offered: model.network.serverFeatures)
        let contentHeight = tile.height + 2 + items.count + 2 + infoLines.count + 2
        let top = max(0, (frame.height - contentHeight) / 2)
        let left = (frame.width - logoWidth) / 2
        let progress = model.menu.introProgress(at: model.now)

        for (index, digit) in logo.enumerated() {
            let final = Rect(x: left + index * (tile.width + gap), y: top, width: tile.width, height: tile.height)
            let rect = progress < 1 ? introRect(index: index, final: final, progress: progress, frame: frame) : final
            drawLogoTile(digit, in: rect, theme: theme, into: &frame)
        }
        guard progress >= 1 else { return }

        var y = top + tile.height + 1
        frame.centeredText("T I L E   R A C E", in: frame.bounds, y: y, style: theme.accented)
        y += 2
        let itemWidth = 34
        let itemX = (frame.width - itemWidth) / 2
        for item in items {
            let isSelected = item == model.menu.selection
            var text = item.title
            if item == .daily { text += "  (\(model.today))" }
            let needsServer = (item == .race || item == .leaderboard) && !model.connection.isConnected
            frame.text(isSelected ? "▸" : " ", x: itemX, y: y, style: theme.selected)
            let end = frame.text(text, x: itemX + 2, y: y, style: isSelected ? theme.selected : theme.base)
            if needsServer { frame.text("  (no server)", x: end, y: y, style: theme.muted) }
            y += 1
        }
        y += 1
        for (index, line) in infoLines.enumerated() {
            frame.centeredText(line, in: frame.bounds, y: y + index, style: index == 0 ? theme.base : theme.muted)
        }
        Chrome.status(model, theme: theme, into: &frame)
        let hints = "↑↓ choose   Enter select   t theme   ? help   q quit"
        frame.centeredText(hints, in: frame.bounds, y: frame.height - 1, style: theme.muted)
    }

    /// The lines under the menu: how friends join, or where we stand (and,
    /// offline, what works without a server). Each is wrapped to the width.
    static func infoText(_ model: Model) -> [String] {
        if !model.hostingInfo.isEmpty { return model.hostingInfo.map(ScreenText.sanitize) }
        // The dialog says it.
        if case .connectionProblem = model.overlay { return [] }
        if model.connection.isConnected, let nickname = model.network.nickname {
            return [model.connection.summary + " as " + ScreenText.sanitize(nickname)]
        }
        if case .offline = model.connection {
            return [ScreenText.sanitize(model.connection.summary), ConnectionStatus.worksOffline]
        }
        return [ScreenText.sanitize(model.connection.summary)]
    }

    /// Where logo tile `index` is at `progress`: sliding in from an edge while growing.
    static func introRect(index: Int, final: Rect, progress: Double, frame: Frame) -> Rect {
        let start = Double(index) * 0.12
        let local = min(1, max(0, (progress - start) / 0.6))
        let eased = 1 - pow(1 - local, 3)
        let centerX = Double(final.x) + Double(final.width) / 2
        let centerY = Double(final.y) + Double(final.height) / 2
        let (fromX, fromY): (Double, Double) =
            switch index {
            case 0: (-4, centerY)
            case 1: (centerX, -2)
            case 2: (centerX, Double(frame.height) + 2)
            default: (Double(frame.width) + 4, centerY)
            }
        let x = fromX + (centerX - fromX) * eased
        let y = fromY + (centerY - fromY) * eased
        let width = max(1, Int((Double(final.width) * (0.15 + 0.85 * eased)).rounded()))
        let height = max(1, Int((Double(final.height) * (0.15 + 0.85 * eased)).rounded()))
        return Rect(x: Int(x - Double(width) / 2), y: Int(y - Double(height) / 2), width: width, height: height)
    }

    private static func drawLogoTile(_ digit: Int, in rect: Rect, theme: Theme, into frame: inout Frame) {
        let exponent = digit == 0 ? 0 : digit.trailingZeroBitCount
        var style = theme.base.bold
        if theme.usesColour {
            let background = digit == 0 ? theme.boardBackground : theme.tileBackground(exponent: exponent)
            let foreground = digit == 0 ? theme.lightTileText : theme.tileText(exponent: exponent)
            style = CellStyle(foreground: foreground, background: background, isBold: true)
            frame.fill(rect, style: style)
        } else {
            frame.fill(rect, style: theme.base)
            if rect.width >= 3, rect.height >= 3 {
                frame.box(rect, style: theme.base, lines: .light)
            }
        }
        guard rect.width >= 3, rect.height >= 1 else { return }
        if rect.height >= BigDigits.height + 2, rect.width >= 5 {
            BigDigits.draw(String(digit), x: rect.x + (rect.width - 3) / 2, y: rect.y + (rect.height - 3) / 2, style: style, into: &frame)
        } else {
            frame.text(String(digit), x: rect.x + (rect.width - 1) / 2, y: rect.y + (rect.height - 1) / 2, style: style)
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
