extension Model {
    /// Nil, doing nothing, without a session. Avoids copying the session out and back
    /// (which also copied the game's history). `change` cannot read the model: use `changeSessionReadingModel`.
    @discardableResult
    mutating func changeSession<Result>(_ change: (inout PlaySession) -> Result) -> Result? {
        guard var changed = session else { return nil }
        session = nil
        defer { session = changed }
        return change(&changed)
    }

    /// The change gets the model without its session (`session` is nil there); if it throws, the session is kept as changed.
    @discardableResult
    mutating func changeSessionReadingModel<Result, Failure>(
        _ change: (inout PlaySession, Model) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        guard var changed = session else { return nil }
        session = nil
        let rest = self
        defer { session = changed }
        return try change(&changed, rest)
    }
}
