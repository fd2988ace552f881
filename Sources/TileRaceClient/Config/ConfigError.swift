/// A failure to save the client's settings, with a stable code and a message for people.
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A short stable identifier (`create-directory`, `write`, `rename`, `backup`, `encode`).
    public var code: String
    /// What went wrong, in one line, naming the file.
    public var message: String

    public var description: String { message }
}
