import Testing
import TileRaceEngine

@testable import TileRaceClient

/// A board with every tile value in each colour theme, as a terminal of each
/// depth is told to draw it: the SGR sequence of each run of cells is
/// written before it as `\e[...m`, and each row ends with the reset.
@Suite struct ColourDepthSnapshotTests {
    /// Every tile value from 2 to 2^18 (bigger than 2^17 shares its colour), and empty cells.
    static let board = try! Board(rows: [
        [0, 2, 4, 8, 16], [32, 64, 128, 256, 512], [1024, 2048, 4096, 8192, 16384],
        [32768, 65536, 131072, 262144, 0], [0, 0, 0, 0, 0],
    ])

    /// The frame's rows with the SGR parameters written where the style changes.
    static func textWithCodes(_ frame: Frame, mode: ColourMode) -> String {
        (0..<frame.height).map { y in
            var line = ""
            var current: CellStyle?
            for x in 0..<frame.width {
                let cell = frame[x, y]
                if cell.style != current {
                    line += "\\e" + ANSI.style(cell.style, mode: mode).dropFirst()
                    current = cell.style
                }
                line.append(cell.character)
            }
            // As `FrameDiff` ends its output: no trailing spaces in the file either.
            return line + "\\e[0m"
        }.joined(separator: "\n")
    }

    @Test(arguments: ["xterm", "xterm-16color", "linux", "xterm-256color"])
    func everyTileValue(_ terminal: String) {
        let mode = ColourMode.detect(environment: ["TERM": terminal])
        let layout = BoardLayout(boardSize: 5, tileWidth: 7, tileHeight: 1, isOutlined: false)
        var sections = ["TERM=\(terminal): \(mode.rawValue)"]
        for theme in Theme.builtIn where theme.usesColour {
            var frame = Frame(width: layout.width, height: layout.height)
            BoardView.draw(Self.board, layout: layout, x: 0, y: 0, theme: theme.effective(for: mode), into: &frame)
            sections.append("theme \(theme.name)\n" + Self.textWithCodes(frame, mode: mode))
        }
        assertSnapshot(sections.joined(separator: "\n\n"), named: "colour-depth-\(terminal)")
    }

    @Test func theColoursScreenShowsWhatTheTerminalShows() {
        var model = Fixtures.model()
        model.colourMode = .palette16
        _ = update(&model, .key(.character("c")))
        // Code 8 (the fourth row) typed as pure yellow: the 4's bright yellow and the 16's yellow are taken.
        for key: Key in [.down, .down, .down, .enter, .character("2"), .character("5"), .character("5"), .tab]
            + [.character("2"), .character("5"), .character("5"), .tab, .character("0")]
        {
            _ = update(&model, .key(key))
        }
        let frame = view(model, size: model.size, theme: model.theme.effective(for: model.colourMode))
        let lines = frame.plainText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1].contains("16 colours here: each code shows as the nearest that keeps neighbours apart"))
        #expect(lines[5].contains("code      8") && lines[5].contains("R [ 255]  G [ 255]  B [  0_]"))
        // The swatch after the fields is the colour the board will have, not the nearest bright yellow.
        #expect(frame[61, 5].style.background == BasicColour.brightGreen.rgb)
        #expect(frame[61, 4].style.background == BasicColour.brightYellow.rgb)
    }
}
