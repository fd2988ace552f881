#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Restores the terminal from a normal exit, `atexit` or a fatal signal; on a signal, once `CrashReport`
/// is prepared, it then reports and exits, else the previous handler runs. `activate` writes the state
/// before handlers can run; `restore` is async-signal-safe (`write`, `tcsetattr`).
enum TerminalGuard {
    /// The terminal is restored first; then `CrashReport` reports, or the previous handler runs.
    static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS]

    private struct State {
        var saved = termios()
        var inputDescriptor: Int32 = 0
        var outputDescriptor: Int32 = 1
    }

    // Allocated once and never freed, so a signal handler can always read them.
    nonisolated(unsafe) private static let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
    nonisolated(unsafe) private static let restoreBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
    nonisolated(unsafe) private static var restoreCount = 0
    nonisolated(unsafe) private static var isActive: Int32 = 0
    nonisolated(unsafe) private static var isInstalled = false
    nonisolated(unsafe) private static let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: 64)

    /// Also arms the handlers.
    static func activate(saved: termios, input: Int32, output: Int32) {
        state.pointee = State(saved: saved, inputDescriptor: input, outputDescriptor: output)
        let bytes = Array(ANSI.leaveFullScreen.utf8)
        for (index, byte) in bytes.prefix(64).enumerated() { restoreBuffer[index] = byte }
        restoreCount = min(64, bytes.count)
        isActive = 1
        guard !isInstalled else { return }
        isInstalled = true
        atexit { TerminalGuard.restore() }
        for signal in fatalSignals {
            // The alternate stack, when there is one, survives a stack overflow.
            SignalPipe.install(for: signal, flags: Int32(SA_ONSTACK), previous: previousActions + Int(signal)) {
                TerminalGuard.handleFatal($0)
            }
        }
    }

    /// Safe to call twice and from a signal handler.
    static func restore() {
        guard isActive != 0 else { return }
        isActive = 0
        _ = write(state.pointee.outputDescriptor, restoreBuffer, restoreCount)
        _ = withUnsafePointer(to: &state.pointee.saved) { tcsetattr(state.pointee.inputDescriptor, TCSANOW, $0) }
    }

    private static func handleFatal(_ signal: Int32) {
        restore()
        CrashReport.report(signal)
        sigaction(signal, previousActions + Int(signal), nil)
        raise(signal)
    }
}
