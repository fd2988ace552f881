/// One key press, decoded from the bytes a terminal sends.
package enum Key: Hashable, Sendable {
    /// A printable character (letters, digits, punctuation, any Unicode text).
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end, insert, delete
    case enter, escape, tab, backTab, backspace
    /// Control plus a letter, e.g. `.control("c")` for Ctrl-C (raw mode delivers it as a key).
    case control(Character)
}
