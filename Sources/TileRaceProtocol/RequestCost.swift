/// What a request costs in the server's rate limit (protocol.md section 4),
/// in tokens: a fact of its verb's row (`RequestVerb.cost(of:listedItems:)`).
/// Most requests cost one token; those whose reply grows with what is asked
/// cost more, so heavy requests cannot starve everyone else.
public enum RequestCost: Sendable {
    /// This many tokens.
    case fixed(Int)
    /// One token, plus one per `itemsPerToken` items of a list that only the
    /// server knows the length of (`ROOMS`: one more per 16 rooms).
    case listing(itemsPerToken: Int)
    /// Tokens worked out from the parsed request (`TOP`: one more per 10
    /// entries asked with `limit=`).
    case asked(@Sendable (ClientMessage) -> Int)
    /// One token before it runs, and one per item line of its reply, charged
    /// once the reply is known (`RECORD`: one per `LOG` line).
    case perItemLine
}
