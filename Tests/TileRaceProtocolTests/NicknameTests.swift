import Testing

@testable import TileRaceProtocol

@Suite struct NicknameTests {
    @Test func nicknamesThatDifferOnlyInCaseAreOnePerson() {
        #expect(Nickname("Ana") == Nickname("aNA"))
        #expect(Nickname("ana") != Nickname("ana-1"))
        #expect(Set([Nickname("Bo"), Nickname("bo"), Nickname("BO")]).count == 1)
        #expect([Nickname("Bo"): 1][Nickname("bO")] == 1)
    }

    @Test func keepsTheNameAsWrittenAndItsKeyByTheOneRule() {
        let nickname = Nickname("Ana_7")
        #expect(nickname.text == "Ana_7")
        #expect(nickname.description == "Ana_7")
        #expect(nickname.key == Names.nicknameKey("Ana_7"))
        #expect(nickname.key == "ana_7")
    }

    @Test func theCharacterRuleAgreesWithTheProtocolsNameRule() {
        for name in ["ana", "A-b_9", "", "ana bo", "é", "x\r\n", String(repeating: "a", count: 16), String(repeating: "a", count: 17)] {
            #expect(
                Nickname.isValid(name) == (name.count <= Nickname.maximumLength && !name.isEmpty && name.allSatisfy(Nickname.isAllowed)),
                "\(name)")
        }
    }
}
