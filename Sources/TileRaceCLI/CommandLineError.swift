/// A mistake on the command line; reported in one line, followed by the usage, exit code 2.
public struct CommandLineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in one line.
    public var message: String

    /// Creates an error with a message.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
