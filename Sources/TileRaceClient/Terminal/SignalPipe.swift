#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns signals into bytes on a pipe (the self-pipe trick), so they can be
/// read by a dispatch read source on the client's queue. Works whatever
/// thread the kernel picks to deliver a signal to, unlike an ignored signal
/// watched by a dispatch signal source.
///
/// The write end is set once by `open` before any handler is installed; the
/// handler only calls `write`, which is async-signal-safe.
enum SignalPipe {
    nonisolated(unsafe) private static var writeDescriptor: Int32 = -1

    /// Creates the pipe and installs handlers for `signals`; returns the read end
    /// (each byte read is a signal number), or nil when no pipe can be made.
    static func open(for signals: [Int32]) -> Int32? {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return nil }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        writeDescriptor = descriptors[1]
        for signal in signals { install(for: signal, flags: SA_RESTART) { SignalPipe.deliver($0) } }
        return descriptors[0]
    }

    /// Keeps the action it replaces in `previous` when given.
    static func install(
        for signal: Int32, flags: Int32, previous: UnsafeMutablePointer<sigaction>? = nil, _ handler: @convention(c) (Int32) -> Void
    ) {
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = handler
        #else
            action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        sigaction(signal, &action, previous)
    }

    private static func deliver(_ signal: Int32) {
        var byte = UInt8(truncatingIfNeeded: signal)
        let saved = errno
        _ = write(writeDescriptor, &byte, 1)
        errno = saved
    }
}
