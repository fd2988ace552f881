/// A bot started by a `BotLauncher`: how to stop it (it leaves the room and
/// says goodbye).
public struct BotHandle: Sendable {
    public var stop: @Sendable () -> Void

    public init(stop: @escaping @Sendable () -> Void) {
        self.stop = stop
    }
}
