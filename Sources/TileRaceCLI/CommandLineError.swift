/// A mistake on the command line; reported in one line, then where to read the usage, exit code 2.
public struct CommandLineError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    /// Lets a config-file value be reported with its file and line.
    public var option: String?

    public init(_ message: String, option: String? = nil) {
        self.message = message
        self.option = option
    }

    public var description: String { message }
}
