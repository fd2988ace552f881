/// One key press, decoded from the bytes a terminal sends.
package enum Key: Hashable, Sendable {
    /// A printable character (letters, digits, punctuation, any Unicode text).
    case character(Character)
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Page up.
    case pageUp
    /// Page down.
    case pageDown
    /// Home.
    case home
    /// End.
    case end
    /// Insert.
    case insert
    /// Delete (forward).
    case delete
    /// Enter or Return.
    case enter
    /// Escape on its own.
    case escape
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Backspace.
    case backspace
    /// Control plus a letter, e.g. `.control("c")` for Ctrl-C (raw mode delivers it as a key).
    case control(Character)
}
