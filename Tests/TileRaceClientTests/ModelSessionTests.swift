import Testing

@testable import TileRaceClient

@Suite struct ModelSessionTests {
    @Test func aSessionChangesInPlaceAndWithoutOneNothingHappens() {
        var model = Fixtures.practice()
        let before = model.session?.restarts
        let changed = model.changeSession { session in
            session.restarts += 1
            return session.restarts
        }
        #expect(changed == (before ?? -1) + 1)
        #expect(model.session?.restarts == (before ?? -1) + 1)
        var empty = Fixtures.model()
        var ran = false
        #expect(empty.changeSession { _ in ran = true } == nil)
        #expect(!ran)
        #expect(empty.session == nil)
    }

    @Test func aChangeThatReadsTheModelSeesItWithoutTheSession() {
        var model = Fixtures.practice()
        let now = model.now
        let seen = model.changeSessionReadingModel { session, rest in
            session.isPaused = true
            return (rest.now, rest.session == nil)
        }
        #expect(seen?.0 == now)
        #expect(seen?.1 == true)
        #expect(model.session?.isPaused == true)
    }
}
