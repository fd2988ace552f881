/// The colours screen: which code is selected and, while editing, the R G B fields.
struct ColourEditorState: Hashable, Sendable {
    /// The R G B inputs of the colour being edited.
    struct Fields: Hashable, Sendable {
        /// The code being edited (0 or a tile value).
        var code: Int
        /// The texts of R, G and B.
        var texts: [String]
        /// The field with the cursor: 0 R, 1 G, 2 B.
        var focus = 0
        /// Whether the next digit replaces the field (just focused) instead of appending.
        var replacesOnType = true

        init(code: Int, colour: RGB) {
            self.code = code
            self.texts = [String(colour.red), String(colour.green), String(colour.blue)]
        }

        /// The value of one field when it is a number from 0 to 255.
        func value(_ index: Int) -> UInt8? {
            guard let number = Int(texts[index]), (0...255).contains(number) else { return nil }
            return UInt8(number)
        }

        /// The colour typed, when all three fields are valid.
        var colour: RGB? {
            guard let red = value(0), let green = value(1), let blue = value(2) else { return nil }
            return RGB(red, green, blue)
        }
    }

    /// The index of the selected code in `Theme.editableCodes`.
    var selection = 0
    /// The fields while editing, nil while choosing.
    var editing: Fields?

    var selectedCode: Int { Theme.editableCodes[selection] }
}
