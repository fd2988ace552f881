/// The moments of a race worth a bell, read from the model before and after
/// an event: the race starting (the countdown's end), our own finish, and
/// the race's end with its standings.
struct RaceMoments: Equatable {
    /// A race is under way.
    var isRacing: Bool
    /// Our race is over (the end dialog is open or was closed), other than by
    /// resigning, which the player did on purpose.
    var haveFinished: Bool
    var isOver: Bool

    init(_ model: Model) {
        if case .racing = model.race?.phase { isRacing = true } else { isRacing = false }
        let end = model.session?.isRace == true ? model.session?.end : nil
        haveFinished = end != nil && end?.outcome != .resigned
        isOver = model.race?.isOver ?? false
    }

    /// Whether one of the moments began between `before` and now.
    func ringsBell(after before: RaceMoments) -> Bool {
        (isRacing && !before.isRacing) || (haveFinished && !before.haveFinished) || (isOver && !before.isOver)
    }
}
