/// At most `count` per `milliseconds` per connection (sliding), beyond token cost;
/// past it, `ERR flood`.
public struct RequestWindow: Hashable, Sendable {
    /// How many requests may run within the window.
    public let count: Int
    /// The window's length in milliseconds.
    public let milliseconds: Int

    /// A window of `count` requests per `milliseconds`.
    public init(count: Int, milliseconds: Int) {
        self.count = count
        self.milliseconds = milliseconds
    }
}
