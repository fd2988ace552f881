/// The colours screen: which code is selected and, while editing, the R G B fields.
struct ColourEditorState: Hashable, Sendable {
    struct Fields: Hashable, Sendable {
        /// 0 or a tile value.
        var code: Int
        var texts: [String]
        /// 0 R, 1 G, 2 B.
        var focus = 0
        /// Just focused: the next digit replaces the field.
        var replacesOnType = true

        init(code: Int, colour: RGB) {
            self.code = code
            self.texts = [String(colour.red), String(colour.green), String(colour.blue)]
        }

        /// Nil unless a number from 0 to 255.
        func value(_ index: Int) -> UInt8? {
            guard let number = Int(texts[index]), (0...255).contains(number) else { return nil }
            return UInt8(number)
        }

        /// Nil unless all three fields are valid.
        var colour: RGB? {
            guard let red = value(0), let green = value(1), let blue = value(2) else { return nil }
            return RGB(red, green, blue)
        }
    }

    /// Into `Theme.editableCodes`.
    var selection = 0
    /// Nil while choosing.
    var editing: Fields?

    var selectedCode: Int { Theme.editableCodes[selection] }
}
