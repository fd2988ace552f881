#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A trap kills the whole process, so no invariant can report it: a signal handler names
/// the running seeds. Each thread writes its seed to its own slot; the handler only reads
/// and writes, both async-signal-safe.
enum TrapReporter {
    /// One slot per thread; 0 is "none" (seeds are stored plus one).
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UInt64> = {
        let slots = UnsafeMutablePointer<UInt64>.allocate(capacity: slotCount)
        slots.initialize(repeating: 0, count: slotCount)
        return slots
    }()
    private static let slotCount = 256

    static func running(_ seed: UInt64, on job: Int) {
        guard job < slotCount else { return }
        slots[job] = seed &+ 1
    }

    /// Installs the handler for the signals a trap raises.
    static func install() {
        _ = slots
        for signal in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT] {
            var action = sigaction()
            #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = { signal in TrapReporter.report(signal) }
            #else
                action.__sigaction_u.__sa_handler = { signal in TrapReporter.report(signal) }
            #endif
            action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
            sigaction(signal, &action, nil)
        }
    }

    private static func report(_ signal: Int32) {
        write("\ntilerace-sim: a party trapped (signal ")
        write(number: UInt64(signal))
        write(") while running seed(s):")
        for job in 0..<slotCount where slots[job] != 0 {
            write(" ")
            write(number: slots[job] &- 1)
        }
        write("\nreplay one with: swift run -c release tilerace-sim --seed S --trace\n")
        // Let the runtime's own report (and the default action) follow.
        raise(signal)
    }

    private static func write(_ text: StaticString) {
        _ = text.withUTF8Buffer { buffer in
            #if canImport(Glibc)
                Glibc.write(2, buffer.baseAddress, buffer.count)
            #else
                Darwin.write(2, buffer.baseAddress, buffer.count)
            #endif
        }
    }

    private static func write(number: UInt64) {
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var value = number
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            } while value > 0
            #if canImport(Glibc)
                _ = Glibc.write(2, buffer.baseAddress! + start, buffer.count - start)
            #else
                _ = Darwin.write(2, buffer.baseAddress! + start, buffer.count - start)
            #endif
        }
    }
}
