/// A mistake on the command line; reported in one line, followed by the usage, exit code 2.
public struct CommandLineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in one line.
    public var message: String
    /// The option whose value is wrong (`--port`), when one is to blame: a
    /// value from a config file is then reported with its file and line.
    public var option: String?

    /// Creates an error with a message, blaming `option` when given.
    public init(_ message: String, option: String? = nil) {
        self.message = message
        self.option = option
    }

    public var description: String { message }
}
