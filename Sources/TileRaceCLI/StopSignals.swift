import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Made before the work starts, so no signal is lost. The sources run on their own
/// queue; the semaphore is thread-safe.
final class StopSignals {
    /// Signalled once per signal (a command may also signal it).
    let stopRequested = DispatchSemaphore(value: 0)
    private let sources: [any DispatchSourceSignal]

    init(label: String) {
        let queue = DispatchQueue(label: label)
        let stopRequested = stopRequested
        sources = [SIGINT, SIGTERM].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { stopRequested.signal() }
            source.resume()
            return source
        }
    }

    /// The signals get their default action back.
    func release() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
