/// A three-row font of digits drawn with box characters, for big tiles, the
/// splash and the clock on large terminals.
enum BigDigits {
    static let height = 3

    private static let glyphs: [Character: [String]] = [
        "0": ["┏━┓", "┃ ┃", "┗━┛"],
        "1": ["╺┓ ", " ┃ ", "╺┻╸"],
        "2": ["╺━┓", "┏━┛", "┗━╸"],
        "3": ["╺━┓", " ━┫", "╺━┛"],
        "4": ["╻ ╻", "┗━┫", "  ╹"],
        "5": ["┏━╸", "┗━┓", "╺━┛"],
        "6": ["┏━╸", "┣━┓", "┗━┛"],
        "7": ["╺━┓", "  ┃", "  ╹"],
        "8": ["┏━┓", "┣━┫", "┗━┛"],
        "9": ["┏━┓", "┗━┫", "╺━┛"],
        ":": [" ", "╏", " "],
        ".": [" ", " ", "╻"],
        " ": [" ", " ", " "],
    ]

    /// The columns `text` takes (glyphs separated by one column).
    static func width(of text: String) -> Int {
        let widths = text.map { glyphs[$0]?.first?.count ?? 0 }
        return widths.reduce(0, +) + max(0, widths.count - 1)
    }

    static func draw(_ text: String, x: Int, y: Int, style: CellStyle, into frame: inout Frame) {
        for row in 0..<height {
            frame.text(text.map { glyphs[$0]?[row] ?? "" }.joined(separator: " "), x: x, y: y + row, style: style)
        }
    }
}
