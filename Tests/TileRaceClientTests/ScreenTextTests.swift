import Testing
import TileRaceProtocol

@testable import TileRaceClient

@Suite struct ScreenTextTests {
    @Test(arguments: [
        ("ana", "ana"),
        ("evil\u{1B}[2Jname", "evil[2Jname"),
        ("bell\u{07}\u{7F}\u{9B}31m", "bell31m"),
        ("line\nbreak\r", "linebreak"),
        ("tab\there", "tab here"),
        ("rtl\u{202E}olleh", "rtlolleh"),
        ("zero\u{200B}width", "zerowidth"),
        ("e\u{301}", ""),
        ("café", "café"),
        ("名前", "??"),
        ("🎉ok", "?ok"),
    ])
    func sanitize(_ input: String, _ output: String) {
        #expect(ScreenText.sanitize(input) == output)
    }

    @Test func longTextIsCut() {
        #expect(ScreenText.sanitize(String(repeating: "a", count: 1000)).count == ScreenText.maximumLength)
    }

    @Test(arguments: [
        ("ana", true), ("a-b_C9", true), ("", false), ("sixteen_chars_ok", true), ("seventeen_chars_x", false),
        ("a b", false), ("é", false), ("x;y", false),
    ])
    func nickname(_ name: String, _ isValid: Bool) {
        #expect(Nickname.isValid(name) == isValid)
    }
}
