/// Race moments worth a bell (start, our finish, the end), compared before and after an event.
struct RaceMoments: Equatable {
    var isRacing: Bool
    /// Not by resigning, which the player did on purpose.
    var haveFinished: Bool
    var isOver: Bool

    init(_ model: Model) {
        if case .racing = model.race?.phase { isRacing = true } else { isRacing = false }
        let end = model.session?.isRace == true ? model.session?.end : nil
        haveFinished = end != nil && end?.outcome != .resigned
        isOver = model.race?.isOver ?? false
    }

    func ringsBell(after before: RaceMoments) -> Bool {
        (isRacing && !before.isRacing) || (haveFinished && !before.haveFinished) || (isOver && !before.isOver)
    }
}
