import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGINT (Ctrl-C) and SIGTERM, caught for a command that runs until asked to
/// stop (`serve`, `bot`): they signal `stopRequested` instead of killing the
/// process. Made before the work starts, so no signal is lost; `release()`
/// gives them back their default action.
///
/// The sources run on a queue of their own; the semaphore is thread-safe.
final class StopSignals {
    /// Signalled once per SIGINT or SIGTERM (a command may also signal it).
    let stopRequested = DispatchSemaphore(value: 0)
    private let sources: [any DispatchSourceSignal]

    /// Starts catching the signals; `label` names the queue.
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

    /// Stops catching them.
    func release() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
