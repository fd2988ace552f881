import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

/// While the seat is being taken back, every key either stays on this machine or is refused before it changes
/// anything (`Update.waitsForSeat`): a request dropped after a key had changed the model would leave us where the
/// server does not know.
@Suite struct ResumeGateTests {
    static let keys: [Key] =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 /?+-=!.".map { Key.character($0) }
        + [.enter, .escape, .tab, .backTab, .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .backspace, .delete]

    /// Keys that open something; each is followed by every key.
    static let openers: [Key] = [.character("q"), .character("r"), .character("/"), .character("f"), .enter, .escape]

    static func resuming(_ model: Model) -> Model {
        var model = model
        model.network.resumeSecret = String(repeating: "a", count: 32)
        _ = update(&model, .server(.disconnected(reason: "connection reset by peer", bye: nil)))
        return model
    }

    static var places: [(name: String, model: Model)] {
        var chat = Fixtures.race()
        _ = update(&chat, .key(.character("/")))
        for character in "gg" { _ = update(&chat, .key(.character(character))) }

        var resigned = Fixtures.race()
        _ = update(&resigned, .key(.character("q")))
        _ = update(&resigned, .key(.character("y")))

        var standings = Fixtures.race()
        standings.race?.phase = .finished(standings: [])
        var end = Update.endOfGame(.resigned, session: standings.session!, now: Fixtures.now, stage: .closed(message: "", kind: .info))
        end.isHidden = true
        standings.session?.end = end

        var room = Fixtures.race()
        room.session = nil
        room.race = nil
        room.screen = .room

        var practice = Fixtures.connected(Fixtures.practice())
        practice.session?.serverCopy = .active

        var practiceOver = practice
        let practiceEnd = Update.endOfGame(.noMoves, session: practice.session!, now: Fixtures.now, stage: .nickname(TextField("ana")))
        practiceOver.session?.end = practiceEnd

        return [
            ("race", Fixtures.race()), ("chat line", chat), ("resigned", resigned), ("standings", standings),
            ("room", room), ("practice", practice), ("practice over", practiceOver),
        ].map { ($0.0, resuming($0.1)) }
    }

    /// What any key may change even when refused.
    static func steady(_ model: Model) -> Model {
        var model = model
        model.notice = nil
        model.dialogOpenedAt = nil
        model.session?.animation = nil
        model.session?.isPauseWarned = false
        return model
    }

    static func check(_ key: Key, on model: Model, place: String) -> Model {
        var model = model
        model.notice = nil
        var after = model
        let effects = update(&after, .key(key))
        if after.notice?.text == Update.waitsForSeatNotice, steady(after) != steady(model) {
            Issue.record("\(place): \(key) was refused after it changed the model")
        }
        for case .send(let message) in effects {
            switch message {
            case .hello, .quit: break
            default: Issue.record("\(place): \(key) sent \(message) while resuming")
            }
        }
        return after
    }

    @Test func everyKeyIsLocalOrRefusedBeforeItChangesAnything() {
        for (place, model) in Self.places {
            #expect(model.network.resuming != nil, "\(place) is resuming")
            for key in Self.keys { _ = Self.check(key, on: model, place: place) }
            for opener in Self.openers {
                let opened = Self.check(opener, on: model, place: place)
                guard opened.network.resuming != nil else { continue }
                for key in Self.keys { _ = Self.check(key, on: opened, place: "\(place), \(opener)") }
            }
        }
    }

    @Test func aRefusedKeyKeepsTheQuestionAndSaysWhy() {
        var model = Self.resuming(Fixtures.race())
        _ = update(&model, .key(.character("q")))
        #expect(update(&model, .key(.character("y"))) == [])
        #expect(model.overlay == .confirm(.resignRace))
        #expect(model.notice?.text == Update.waitsForSeatNotice)
    }
}
