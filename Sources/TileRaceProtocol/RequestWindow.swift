/// A limit on how often a verb's requests run, beyond their cost in tokens:
/// at most `count` in any `milliseconds` (a sliding window, per connection).
/// A fact of the verb's row (`SAY`: 5 lines per 10 s); past it the request
/// is refused with `ERR flood` and not carried out.
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
