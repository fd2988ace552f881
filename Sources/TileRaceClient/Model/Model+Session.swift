extension Model {
    /// Changes the play session in place with `change` and returns what it
    /// returns; nil, with nothing done, when there is no session. The way to
    /// change a session in several steps, instead of taking a copy out and
    /// writing it back by hand (which also copies the game's history).
    /// `change` cannot read the rest of the model: read what it needs first.
    @discardableResult
    mutating func changeSession<Result>(_ change: (inout PlaySession) -> Result) -> Result? {
        guard var changed = session else { return nil }
        session = nil
        defer { session = changed }
        return change(&changed)
    }
}
