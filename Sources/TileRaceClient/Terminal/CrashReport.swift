import TileRaceProtocol
import TileRaceTransport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Instead of the Swift backtracer, which would ask a question on a raw terminal, `TerminalGuard`
/// restores the terminal and calls `report`: it writes `crash-<epoch>-<pid>.txt` (signal, version,
/// arguments, backtrace), names it on standard error and exits 70.
///
/// `prepare` writes the state once, before the handlers are armed; it is never freed. `report` runs
/// in a signal handler: only async-signal-safe calls and `backtrace_symbols_fd` (no allocation);
/// `prepare` calls `backtrace` once so its unwinder is loaded before any crash.
enum CrashReport {
    /// EX_SOFTWARE.
    static let exitStatus: Int32 = 70
    /// Set to `1`, the client traps right after taking the terminal (for this report's test).
    static let testVariable = "TILERACE_CRASH_TEST"
    private static let maximumFrames: Int32 = 128

    private typealias Backtrace = @convention(c) (UnsafeMutablePointer<UnsafeMutableRawPointer?>?, Int32) -> Int32
    private typealias BacktraceSymbols = @convention(c) (UnsafePointer<UnsafeMutableRawPointer?>?, Int32, Int32) -> Void

    // Set by `prepare`, `reportPath` last; never freed, so the handler can always read them.
    nonisolated(unsafe) private static var reportPath: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var reportHeader: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var backtrace: Backtrace?
    nonisolated(unsafe) private static var backtraceSymbols: BacktraceSymbols?
    nonisolated(unsafe) private static var frames: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    nonisolated(unsafe) private static var digits: UnsafeMutablePointer<UInt8>?
    nonisolated(unsafe) private static var isReporting: Int32 = 0

    /// The data directory (made if missing), else the temporary one. Once only; call it before
    /// the terminal is taken, on the thread that takes it.
    static func prepare(environment: [String: String], version: String, arguments: [String]) {
        guard reportPath == nil else { return }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let epoch = Int(now.tv_sec)
        let directory = reportDirectory(environment: environment)
        let path = "\(directory)/crash-\(epoch)-\(getpid()).txt"
        let header = """
            tilerace \(version) stopped unexpectedly
            started: \(UTCTime.timestamp(epochMilliseconds: epoch * 1000)) (epoch \(epoch))
            pid: \(getpid())
            program: \(programPath(arguments: arguments))
            arguments: \(arguments.map(quoted).joined(separator: " "))

            """
        let handle = dlopen(nil, RTLD_NOW)
        backtrace = dlsym(handle, "backtrace").map { unsafeBitCast($0, to: Backtrace.self) }
        backtraceSymbols = dlsym(handle, "backtrace_symbols_fd").map { unsafeBitCast($0, to: BacktraceSymbols.self) }
        let frames = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: Int(maximumFrames))
        // The first call may allocate: never in the handler.
        _ = backtrace?(frames, maximumFrames)
        CrashReport.frames = frames
        digits = UnsafeMutablePointer<UInt8>.allocate(capacity: 24)
        reportHeader = strdup(header)
        reportPath = strdup(path)
    }

    /// Returns only when `prepare` was not called. A second crash while reporting exits at once.
    static func report(_ signal: Int32) {
        guard let path = reportPath, let header = reportHeader else { return }
        if isReporting != 0 { _exit(exitStatus) }
        isReporting = 1
        let (name, meaning) = describe(signal)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        if fd >= 0 {
            _ = write(fd, header, strlen(header))
            put(fd, "signal: ")
            put(fd, name)
            put(fd, " (")
            put(fd, meaning)
            put(fd, ")\ncrashed: epoch ")
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            putNumber(fd, Int(now.tv_sec))
            put(fd, "\n\n")
        }
        // The terminal is already restored.
        put(STDERR_FILENO, "tilerace stopped unexpectedly (signal ")
        put(STDERR_FILENO, name)
        put(STDERR_FILENO, fd >= 0 ? "); a report was written to " : "); no report could be written to ")
        _ = write(STDERR_FILENO, path, strlen(path))
        put(STDERR_FILENO, "\n")
        if fd >= 0 {
            if let backtrace, let backtraceSymbols, let frames {
                put(fd, "backtrace (addresses as program(+offset); addr2line -f -e PROGRAM OFFSET names them):\n")
                // An unwinder stuck on a lock the crash held must not hang the exit.
                alarm(3)
                backtraceSymbols(frames, backtrace(frames, maximumFrames), fd)
            } else {
                put(fd, "backtrace: not available on this system\n")
            }
            close(fd)
        }
        _exit(exitStatus)
    }

    /// As an arithmetic overflow does, printing nothing first (`TILERACE_CRASH_TEST=1`).
    static func trapForTest() {
        _ = overflow(Int.max - (getpid() > 0 ? 0 : 1))
    }

    @inline(never)
    private static func overflow(_ value: Int) -> Int {
        value + 1
    }

    // MARK: Preparing

    private static func reportDirectory(environment: [String: String]) -> String {
        if let directory = DataPaths.dataDirectory(environment: environment), (try? FileSystem.makeDirectories(directory)) != nil {
            return directory
        }
        if let temporary = environment["TMPDIR"], temporary.hasPrefix("/") {
            return temporary.hasSuffix("/") ? String(temporary.dropLast()) : temporary
        }
        return "/tmp"
    }

    private static func programPath(arguments: [String]) -> String {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            if count > 0 { return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        #endif
        return arguments.first ?? "tilerace"
    }

    private static func quoted(_ argument: String) -> String {
        let plain = !argument.isEmpty && argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:@,+".contains($0) }
        return plain ? argument : "'" + argument.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    // MARK: In the handler (async-signal-safe only)

    private static func describe(_ signal: Int32) -> (name: StaticString, meaning: StaticString) {
        switch signal {
        case SIGILL: ("SIGILL", "a trap: a Swift runtime failure, e.g. nil unwrapped, an index out of range, an overflow")
        case SIGTRAP: ("SIGTRAP", "a trap: a Swift runtime failure, e.g. nil unwrapped, an index out of range, an overflow")
        case SIGSEGV: ("SIGSEGV", "an invalid memory access")
        case SIGBUS: ("SIGBUS", "an invalid memory access")
        case SIGABRT: ("SIGABRT", "the program aborted")
        case SIGFPE: ("SIGFPE", "an arithmetic error")
        case SIGSYS: ("SIGSYS", "a bad system call")
        default: ("unknown", "an unexpected fatal signal")
        }
    }

    private static func put(_ fd: Int32, _ text: StaticString) {
        _ = write(fd, text.utf8Start, text.utf8CodeUnitCount)
    }

    /// Non-negative, without allocating.
    private static func putNumber(_ fd: Int32, _ number: Int) {
        guard let digits else { return }
        var value = max(0, number)
        var index = 24
        repeat {
            index -= 1
            digits[index] = UInt8(48 + value % 10)
            value /= 10
        } while value > 0 && index > 0
        _ = write(fd, digits + index, 24 - index)
    }
}
