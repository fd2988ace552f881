extension Model {
    /// Changes the play session in place with `change` and returns what it
    /// returns; nil, with nothing done, when there is no session. The way to
    /// change a session in several steps, instead of taking a copy out and
    /// writing it back by hand (a copy that also copied the game's history
    /// on its first change). `change` cannot read the rest of the model:
    /// read what it needs first, or use `changeSessionReadingModel`.
    @discardableResult
    mutating func changeSession<Result>(_ change: (inout PlaySession) -> Result) -> Result? {
        guard var changed = session else { return nil }
        session = nil
        defer { session = changed }
        return change(&changed)
    }

    /// `changeSession`, for a change that reads the rest of the model: it
    /// gets the model as it was, without its session (`session` is nil
    /// there: the change has it).
    @discardableResult
    mutating func changeSessionReadingModel<Result>(_ change: (inout PlaySession, Model) -> Result) -> Result? {
        guard var changed = session else { return nil }
        session = nil
        let rest = self
        defer { session = changed }
        return change(&changed, rest)
    }
}
