import Dispatch

/// One non-blocking TCP socket; its owner frames (lines, or RESP for Redis).
/// - Reading: up to `maximumReadsPerEvent` chunks per event, each lent for the call. While
/// reading is held, bytes wait in the kernel and TCP slows the peer.
/// - Writing: a peer that lets more than `outputLimit` bytes pile up is cut off.
/// - Closing: `closeAfterFlush` shuts the write side and drops the peer's last bytes for a
/// moment, so the peer reads `BYE` before the end. The descriptor closes only in cancel handlers.
/// - Moving: `detach` hands the socket and unsent output to another queue's channel.
/// Owned by `queue` (checked); handlers hold the owner weakly. A poller holds its channels
/// until they close, so owners must close them: a weak reference would add a side table
/// and slow every retain and release on the server's path.
package final class SocketChannel: @unchecked Sendable {
    package enum Phase: Equatable, Sendable {
        case open
        /// Writing what is queued, then closing.
        case draining
        /// Write side shut down; waiting briefly for the peer to close.
        case lingering
        /// Both sources cancelled.
        case closed
    }

    /// All but `peerClosed` (after which writing still works) close it.
    package enum EndReason: Equatable, Sendable {
        case peerClosed
        case readFailed(Int32)
        case writeFailed(Int32)
        /// This many bytes waited, more than the limit.
        case outputLimit(Int)
    }

    package struct Handlers {
        /// Lent for the call: the next read may reuse the memory.
        package var received: (UnsafeRawBufferPointer) -> Void
        /// The channel stopped by itself while open; at most once.
        package var ended: (EndReason) -> Void
        /// The descriptor was closed.
        package var closed: () -> Void = {}
        /// Output that had to wait for the socket is all written.
        package var drained: () -> Void = {}

        package init(
            received: @escaping (UnsafeRawBufferPointer) -> Void, ended: @escaping (EndReason) -> Void,
            closed: @escaping () -> Void = {}, drained: @escaping () -> Void = {}
        ) {
            self.received = received
            self.ended = ended
            self.closed = closed
            self.drained = drained
        }
    }

    /// The most chunks one readable event reads before letting others run.
    package static let maximumReadsPerEvent = 8
    package static let readChunkBytes = 16384

    package private(set) var phase = Phase.open

    // Used by every read and write, declared together so they share a cache line or two.
    private let fd: Int32
    private let poller: ReadinessPoller?
    private var isReading = false
    private var isWriting = false
    private var isStarted = false
    private var isReadingHeld = false
    private var hasReadEnd = false
    private var output = OutputBuffer()
    private let outputLimit: Int
    private var handlers: Handlers?
    private let queue: DispatchQueue
    private let closeTimeoutMilliseconds: Int
    /// Reports input, unless a poller does.
    private let readSource: (any DispatchSourceRead)?
    private var pollToken: UInt64 = 0
    private let writeSource: any DispatchSourceWrite
    private let closer: DescriptorCloser
    private var lingerMilliseconds = 1000

    /// - Parameters:
    /// - closeTimeoutMilliseconds: how long `closeAfterFlush` waits to drain before closing anyway.
    /// - pendingOutput: a detached channel's unsent bytes, written first.
    /// - poller: without one, the channel has a read source.
    package init(
        fd: Int32, queue: DispatchQueue, outputLimit: Int, closeTimeoutMilliseconds: Int = 5000,
        pendingOutput: OutputBuffer = OutputBuffer(), poller: ReadinessPoller? = nil
    ) {
        precondition(poller == nil || poller?.queue === queue, "a channel's poller must run on the channel's queue")
        self.fd = fd
        self.queue = queue
        self.outputLimit = outputLimit
        self.closeTimeoutMilliseconds = closeTimeoutMilliseconds
        self.poller = poller
        output = pendingOutput
        readSource = poller == nil ? DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue) : nil
        writeSource = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
        let closer = DescriptorCloser(fd: fd, sources: readSource == nil ? 1 : 2)
        self.closer = closer
        readSource?.setCancelHandler { closer.sourceCancelled() }
        writeSource.setCancelHandler { closer.sourceCancelled() }
    }

    deinit {
        // A suspended or unstarted source must not be released uncancelled. Closing the
        // descriptor takes it out of a poller's set.
        cancelSources(leavingPoller: false)
    }

    package var pendingOutputBytes: Int { output.count }

    /// Whether output is waiting for the socket to drain.
    package var isWaitingToWrite: Bool { isWriting }

    /// Starts reading; the write source idles until output backs up.
    package func start(_ handlers: Handlers) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard phase == .open, self.handlers == nil else { return }
        self.handlers = handlers
        // Reported once the descriptor is closed (not after a detach, which hands it over).
        closer.whenClosed(handlers.closed)
        if let readSource {
            readSource.setEventHandler { [weak self] in self?.readAvailable() }
            writeSource.setEventHandler { [weak self] in self?.writeQueued() }
        } else if let poller {
            // Until the channel closes: the poller forgets it then.
            pollToken = poller.register { self.readAvailable() }
            writeSource.setEventHandler { self.writeQueued() }
        }
        isStarted = true
        updateReading()
        if !output.isEmpty { writeQueued() }
    }

    /// Closing still reads (and drops) the peer's last bytes.
    package func holdReading(_ held: Bool) {
        assertOnQueue(queue)
        guard held != isReadingHeld else { return }
        isReadingHeld = held
        updateReading()
    }

    /// False, and closes, past the output limit. Ignored unless open.
    @discardableResult
    package func enqueue(_ lines: [String]) -> Bool {
        assertOnQueue(queue)
        guard phase == .open else { return true }
        for line in lines { output.append(line: line) }
        return checkOutputLimit()
    }

    /// False, and closes, past the output limit. Ignored unless open.
    @discardableResult
    package func enqueue(bytes: ArraySlice<UInt8>) -> Bool {
        assertOnQueue(queue)
        guard phase == .open else { return true }
        output.append(bytes: bytes)
        return checkOutputLimit()
    }

    package func flush() {
        assertOnQueue(queue)
        writeQueued()
    }

    /// Or after the close timeout; then waits up to `lingerMilliseconds` for the peer to hang up.
    package func closeAfterFlush(lingerMilliseconds: Int = 1000) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard phase == .open else { return }
        self.lingerMilliseconds = lingerMilliseconds
        phase = .draining
        // Held until then (a channel on a poller has no weak reference).
        queue.asyncAfter(deadline: .now() + .milliseconds(closeTimeoutMilliseconds)) { self.teardown() }
        writeQueued()
    }

    /// Closes now, dropping unsent output. Nothing more is reported but `closed`.
    package func closeNow() {
        dispatchPrecondition(condition: .onQueue(queue))
        teardown()
    }

    /// Once both sources are cancelled, `next` gets the descriptor and unsent output on this
    /// queue; nothing more is reported. False, doing nothing, unless open.
    @discardableResult
    package func detach(to next: @escaping (Int32, OutputBuffer) -> Void) -> Bool {
        dispatchPrecondition(condition: .onQueue(queue))
        guard phase == .open else { return false }
        let unsent = output
        handlers = nil
        closer.handOff { fd in next(fd, unsent) }
        teardown()
        return true
    }

    // MARK: Reading

    /// Spares the read that would only say `EAGAIN`: a read source's `data` is the kernel's
    /// count (0: unknown); on a level-triggered poller, a short read took all.
    private func readAvailable() {
        var expected = 0
        if poller == nil, let readSource { expected = Int(clamping: readSource.data) }
        for _ in 0..<SocketChannel.maximumReadsPerEvent {
            guard phase != .closed, isReading else { return }
            let result = receive { bytes in
                if phase == .open { handlers?.received(bytes) }
            }
            switch result {
            case .bytes(let count):
                if poller != nil, count < SocketChannel.readChunkBytes { return }
                guard expected > 0 else { continue }
                expected -= count
                if expected <= 0 { return }
            case .wouldBlock:
                return
            case .endOfStream:
                hasReadEnd = true
                updateReading()
                switch phase {
                case .open: handlers?.ended(.peerClosed)
                case .lingering: teardown()
                case .draining, .closed: break
                }
                return
            case .failed(let code):
                if phase == .open { handlers?.ended(.readFailed(code)) }
                teardown()
                return
            }
        }
    }

    /// Reads once, and lends what came to `body`.
    private func receive(_ body: (UnsafeRawBufferPointer) -> Void = { _ in }) -> Socket.ReceiveResult {
        if let poller { return receive(into: poller.readScratch, body) }
        return withUnsafeTemporaryAllocation(byteCount: SocketChannel.readChunkBytes, alignment: 1) {
            receive(into: $0, body)
        }
    }

    private func receive(
        into buffer: UnsafeMutableRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Void
    ) -> Socket.ReceiveResult {
        let result = Socket.receive(fd, into: buffer)
        if case .bytes(let count) = result { body(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) }
        return result
    }

    // MARK: Writing

    private func checkOutputLimit() -> Bool {
        guard output.count <= outputLimit else {
            handlers?.ended(.outputLimit(output.count))
            teardown()
            return false
        }
        return true
    }

    private func writeQueued() {
        guard phase == .open || phase == .draining else { return }
        while !output.isEmpty {
            switch output.withUnsentBytes({ Socket.send(fd, $0) }) {
            case .sent(let count):
                output.consume(count)
            case .wouldBlock:
                setWriting(true)
                return
            case .failed(let code):
                if phase == .open { handlers?.ended(.writeFailed(code)) }
                teardown()
                return
            }
        }
        let hadWaited = isWriting
        setWriting(false)
        if phase == .draining {
            linger()
        } else if hadWaited {
            handlers?.drained()
        }
    }

    // MARK: Closing

    /// Closing with unread input would reset the connection and lose the peer's last lines.
    private func linger() {
        phase = .lingering
        updateReading()
        Socket.shutdownWriting(fd)
        while isReading, case .bytes = receive() {}
        guard isReading, lingerMilliseconds > 0 else {
            teardown()
            return
        }
        queue.asyncAfter(deadline: .now() + .milliseconds(lingerMilliseconds)) { self.teardown() }
    }

    private func teardown() {
        guard phase != .closed else { return }
        phase = .closed
        output = OutputBuffer()
        cancelSources()
    }

    private func cancelSources(leavingPoller: Bool = true) {
        guard !writeSource.isCancelled else { return }
        // A suspended (or never activated) source must run again to be cancelled.
        if let readSource {
            if !isReading { readSource.resume() }
            readSource.cancel()
        } else if let poller, leavingPoller, isStarted {
            if isReading { poller.watch(pollToken, fd: fd, false) }
            poller.unregister(pollToken)
        }
        if !isWriting { writeSource.resume() }
        isReading = true
        isWriting = true
        writeSource.cancel()
    }

    /// The write source runs only while output waits for the socket.
    private func setWriting(_ wanted: Bool) {
        guard wanted != isWriting else { return }
        isWriting = wanted
        if wanted { writeSource.resume() } else { writeSource.suspend() }
    }

    private func updateReading() {
        // Once closed, the sources are cancelled and must stay resumed.
        guard phase != .closed else { return }
        let wanted = isStarted && !hasReadEnd && (!isReadingHeld || phase == .lingering)
        guard wanted != isReading else { return }
        isReading = wanted
        if let readSource {
            if wanted { readSource.resume() } else { readSource.suspend() }
        } else {
            poller?.watch(pollToken, fd: fd, wanted)
        }
    }
}
