import Foundation
import Testing

@testable import TileRaceProtocol

/// protocol.md and the verb table agree: every request is documented (its
/// form in bold, `**`VERB ...`**`, in section 5 or 13), and every verb the
/// document sets in bold exists.
struct ProtocolDocumentTests {
    /// The verbs set in bold in each `## ` section of protocol.md, by the section's number.
    private static func boldVerbs() throws -> [String: Set<String>] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("protocol.md"), encoding: .utf8)
        var verbs: [String: Set<String>] = [:]
        var section = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { section = String(line.dropFirst(3).prefix { $0 != "." }) }
            for piece in line.components(separatedBy: "**`").dropFirst() {
                let verb = piece.prefix { $0.isUppercase || $0 == "-" }
                if !verb.isEmpty { verbs[section, default: []].insert(String(verb)) }
            }
        }
        return verbs
    }

    @Test func everyRequestIsDocumented() throws {
        let verbs = try Self.boldVerbs()
        let documented = (verbs["5"] ?? []).union(verbs["13"] ?? [])
        for verb in RequestVerb.allCases where verb.expectsReply {
            #expect(documented.contains(verb.rawValue), "protocol.md sections 5 and 13 do not document \(verb.rawValue)")
        }
    }

    @Test func everyDocumentedVerbExists() throws {
        let verbs = try Self.boldVerbs()
        let requests = Set(RequestVerb.allCases.map(\.rawValue))
        #expect(!(verbs["5"] ?? []).isEmpty)
        for verb in (verbs["5"] ?? []).union(verbs["13"] ?? []) {
            #expect(requests.contains(verb) || ServerEvent.verbs.contains(verb), "protocol.md documents \(verb), which is no verb")
        }
        for verb in verbs["7"] ?? [] {
            #expect(ServerEvent.verbs.contains(verb), "protocol.md section 7 documents the event \(verb), which does not exist")
        }
    }
}
