/// Rate-limit tokens: most requests cost one; those whose reply grows cost more,
/// so heavy requests cannot starve everyone else.
public enum RequestCost: Sendable {
    /// This many tokens.
    case fixed(Int)
    /// Plus one per `itemsPerToken` items of a list only the server knows (`ROOMS`).
    case listing(itemsPerToken: Int)
    /// From the parsed request (`TOP`: one more per 10 entries asked).
    case asked(@Sendable (ClientMessage) -> Int)
    /// Plus one per item line, charged once the reply is known (`RECORD`'s `LOG` lines).
    case perItemLine
}
