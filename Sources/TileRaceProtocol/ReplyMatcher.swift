/// Replies come in request order, so each `OK`/`ERR`/`PONG` goes to the oldest request,
/// with the item lines before it. Events pass through.
public struct ReplyMatcher: Sendable {
    /// What one server line completes.
    public enum Delivery: Hashable, Sendable {
        /// The reply to `request`, with the items of a multi-line reply.
        case reply(request: ClientMessage, reply: ServerMessage, items: [ServerMessage])
        case event(ServerEvent)
    }

    private var pending: [ClientMessage] = []
    private var pendingHead = 0
    private var items: [ServerMessage] = []

    public init() {}

    /// The number of requests still waiting for their reply.
    public var pendingCount: Int { pending.count - pendingHead }

    /// Records a line sent to the server (a `PONG` expects nothing and is not recorded).
    public mutating func sent(_ message: ClientMessage) {
        guard message.expectsReply else { return }
        pending.append(message)
    }

    /// Nil for an item line of a reply still being collected.
    /// - Throws: `bad-arguments` for a reply with no request waiting.
    public mutating func received(_ message: ServerMessage) throws(ProtocolError) -> Delivery? {
        switch message.kind {
        case .event:
            guard case .event(let event) = message else { return nil }
            return .event(event)
        case .item:
            guard let request = oldestPending, request.hasMultiLineReply else {
                throw ProtocolError(.badArguments, "item line with no multi-line request waiting: \(message.line.prefix(60))")
            }
            items.append(message)
            return nil
        case .reply:
            guard let request = oldestPending else {
                throw ProtocolError(.badArguments, "reply with no request waiting: \(message.line.prefix(60))")
            }
            pendingHead += 1
            if pendingHead == pending.count {
                // All answered (the usual case): the answered requests go now.
                pending.removeAll(keepingCapacity: true)
                pendingHead = 0
            } else if pendingHead > 64, pendingHead * 2 > pending.count {
                pending.removeFirst(pendingHead)
                pendingHead = 0
            }
            defer { items = [] }
            return .reply(request: request, reply: message, items: items)
        }
    }

    private var oldestPending: ClientMessage? {
        pendingHead < pending.count ? pending[pendingHead] : nil
    }
}
