extension Model {
    /// Changes the play session in place with `change` and returns what it
    /// returns; nil, with nothing done, when there is no session. The way to
    /// change a session in several steps, instead of taking a copy out and
    /// writing it back by hand. `change` cannot read the rest of the model:
    /// read what it needs first, or take the model as it was (below).
    @discardableResult
    mutating func changeSession<Result>(_ change: (inout PlaySession) -> Result) -> Result? {
        guard var changed = session else { return nil }
        session = nil  // the change does not copy the game's history
        defer { session = changed }
        return change(&changed)
    }

    /// `changeSession`, for a change that reads the rest of the model: it
    /// gets the model as it was before the change (its `session` included).
    @discardableResult
    mutating func changeSessionReadingModel<Result>(_ change: (inout PlaySession, Model) -> Result) -> Result? {
        let before = self
        return changeSession { session in change(&session, before) }
    }
}
