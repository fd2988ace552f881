/// A code for programs and a message for people: the server's `ERR <code> <message>`,
/// also used by the client for a malformed server line.
public struct ProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: ErrorCode
    /// One line for people, printable ASCII only.
    public var message: String

    /// Creates an error; the message is made safe to send and display.
    public init(_ code: ErrorCode, _ message: String) {
        self.code = code
        self.message = TextFilter.printableASCII(message)
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
