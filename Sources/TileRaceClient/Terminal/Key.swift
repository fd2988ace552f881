/// One key press, decoded from the bytes a terminal sends.
package enum Key: Hashable, Sendable {
    /// A printable character (letters, digits, punctuation, any Unicode text).
    case character(Character)
    case up
    case down
    case left
    case right
    case pageUp
    case pageDown
    case home
    case end
    case insert
    case delete
    case enter
    case escape
    case tab
    case backTab
    case backspace
    /// Control plus a letter, e.g. `.control("c")` for Ctrl-C (raw mode delivers it as a key).
    case control(Character)
}
