import Dispatch

/// One non-blocking TCP socket and its byte streams: it frames nothing (its
/// owner does: protocol lines for the server's players and the client,
/// RESP for the Redis connection), shared by the server (one per player),
/// the client (its one server) and Redis clients: a read source
/// delivers the bytes that arrive, a write source drains a bounded output
/// buffer, and closing is graceful.
///
/// - Reading: each time the socket is readable, what it holds is read (up to
///   `maximumReadsPerEvent` chunks, with no read that would only find it
///   empty) and handed over in order (the owner frames them), each read as
///   the memory it was read into, lent for the call: no array per read. The
///   owner may hold reading (`holdReading`) while it has enough to do: the
///   bytes then wait in the kernel, and TCP slows the peer down.
/// - Writing: `enqueue` queues lines; `flush` writes what the kernel takes
///   and leaves the rest to the write source. A peer that lets more than
///   `outputLimit` bytes pile up is cut off, so it never holds memory.
/// - Closing: `closeAfterFlush` writes what is queued, shuts the write side
///   down and reads (and drops) the peer's last bytes for a moment, so the
///   peer sees the last lines (e.g. `BYE`) before the end of the stream;
///   `closeNow` drops unsent output. The descriptor is closed only in the
///   sources' cancel handlers, once both were cancelled.
/// - Moving: `detach` gives the socket, with its unsent output, to a channel
///   on another queue (the server moves a player to the queue of its room).
///
/// Owned by `queue`: every method must be called on it (checked), and the
/// handlers run on it. Handlers must hold their owner weakly: a late callback
/// can arrive after the owner is gone.
///
/// A channel with sources of its own closes when let go. One on a poller is
/// held by the poller (and its write source) from `start` until it closes
/// or detaches, so its owner must close it (the server always does): it
/// has no weak reference, whose side table would make every retain and
/// release of the channel, several a request on the server's path, take the
/// runtime's slow path.
package final class SocketChannel: @unchecked Sendable {
    /// Where the channel is in its life.
    package enum Phase: Equatable, Sendable {
        /// Reading and writing.
        case open
        /// Writing what is queued, then closing.
        case draining
        /// Write side shut down; waiting briefly for the peer to close.
        case lingering
        /// Both sources cancelled.
        case closed
    }

    /// Why a channel stopped by itself while open.
    package enum EndReason: Equatable, Sendable {
        /// The peer closed its side (end of stream). Reading stops; writing
        /// still works until the owner closes.
        case peerClosed
        /// Reading failed with this errno; the channel is closed.
        case readFailed(Int32)
        /// Writing failed with this errno; the channel is closed.
        case writeFailed(Int32)
        /// More than the output limit waited to be written; the channel is closed.
        case outputLimit(Int)
    }

    /// What the channel reports to its owner, on the owner's queue.
    package struct Handlers {
        /// Bytes arrived (only while open): the memory the channel read them
        /// into, valid only during the call (the owner copies what it keeps,
        /// before anything else: memory read into next may be the same).
        package var received: (UnsafeRawBufferPointer) -> Void
        /// The channel stopped by itself while open. Called at most once.
        package var ended: (EndReason) -> Void
        /// The descriptor was closed.
        package var closed: () -> Void = {}
        /// Output that had to wait for the socket is now all written.
        package var drained: () -> Void = {}

        /// Handlers for a channel's owner.
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

    /// How many chunks one readable event reads at most before letting others run.
    package static let maximumReadsPerEvent = 8
    /// The size of one read.
    package static let readChunkBytes = 16384

    /// Where the channel is in its life.
    package private(set) var phase = Phase.open

    // What every read and write uses first, together (Swift lays a class's
    // properties out in the order written): a request then touches one or
    // two of the channel's cache lines, not all of them.
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

    /// A channel over the connected non-blocking socket `fd`, which it now owns.
    /// - Parameters:
    ///   - outputLimit: the most bytes that may wait to be written.
    ///   - closeTimeoutMilliseconds: how long `closeAfterFlush` waits for the
    ///     output to drain before closing anyway.
    ///   - pendingOutput: output a detached channel left unsent, written first.
    ///   - poller: reports input for this and other sockets of `queue`
    ///     (`ReadinessPoller`); without one, the channel has a read source.
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
        // Released without closing: the sources must still be cancelled (a
        // suspended or never-started source must not be released). Closing
        // the descriptor takes it out of a poller's set.
        cancelSources(leavingPoller: false)
    }

    /// The bytes queued and not yet taken by the kernel.
    package var pendingOutputBytes: Int { output.count }

    /// Whether output is waiting for the socket to drain.
    package var isWaitingToWrite: Bool { isWriting }

    /// Starts reading; the write source stays idle until output backs up.
    package func start(_ handlers: Handlers) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard phase == .open, self.handlers == nil else { return }
        self.handlers = handlers
        // Reported once the descriptor is closed (not after a detach, which hands it over).
        closer.whenClosed(handlers.closed)
        if let readSource {
            readSource.setEventHandler { [weak self] in self?.readAvailable() }
            writeSource.setEventHandler { [weak self] in self?.writable() }
        } else if let poller {
            // Held until the channel closes: the poller forgets it then, and a
            // cancelled source lets go of its handler.
            pollToken = poller.register { self.readAvailable() }
            writeSource.setEventHandler { self.writable() }
        }
        isStarted = true
        updateReading()
        if !output.isEmpty { writeQueued() }
    }

    /// Stops (`true`) or restarts (`false`) reading: while held, no bytes are
    /// read or reported, and the peer's bytes wait in the kernel. Closing
    /// still reads (and drops) the peer's last bytes.
    package func holdReading(_ held: Bool) {
        assertOnQueue(queue)
        guard held != isReadingHeld else { return }
        isReadingHeld = held
        updateReading()
    }

    /// Queues lines (a `\n` is added to each). Returns false, and closes,
    /// when the unsent output would pass the limit. Ignored unless open.
    @discardableResult
    package func enqueue(_ lines: [String]) -> Bool {
        assertOnQueue(queue)
        guard phase == .open else { return true }
        for line in lines { output.append(line: line) }
        return checkOutputLimit()
    }

    /// Queues bytes as they are (an array, or part of one: copied only into
    /// the output). Returns false, and closes, when the unsent output would
    /// pass the limit. Ignored unless open.
    @discardableResult
    package func enqueue(bytes: ArraySlice<UInt8>) -> Bool {
        assertOnQueue(queue)
        guard phase == .open else { return true }
        output.append(bytes: bytes)
        return checkOutputLimit()
    }

    /// Writes as much queued output as the socket takes now; the write
    /// source finishes the rest when the socket drains.
    package func flush() {
        assertOnQueue(queue)
        writeQueued()
    }

    /// Closes once the queued output is written (or after the close
    /// timeout), then waits up to `lingerMilliseconds` for the peer to hang up.
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

    /// Gives the socket up without closing it, for a channel on another
    /// queue to carry on: reading and writing stop at once, and once both
    /// sources are cancelled `next` gets the descriptor and the output not
    /// yet written (on this queue). Nothing more is reported, not even
    /// `closed`. Returns false (and does nothing) unless open.
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

    /// Reads what the event reported. The source's `data` is how many bytes
    /// the kernel held when it fired: once that many are read, the socket is
    /// taken as empty (bytes that came since fire the source again), which
    /// saves the read that would only say `EAGAIN`. With no estimate (0:
    /// end of stream, or a platform that gives none) it reads until `EAGAIN`.
    private func readAvailable() {
        // A poller gives no estimate: a read that does not fill the buffer
        // took what there was (the socket is watched level-triggered).
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

    /// Reads once, and lends what came to `body` (not called for no bytes).
    private func receive(_ body: (UnsafeRawBufferPointer) -> Void = { _ in }) -> Socket.ReceiveResult {
        // Into the poller's memory, which its channels share on the queue.
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

    /// Whether the unsent output is within the limit; past it, reports and closes.
    private func checkOutputLimit() -> Bool {
        guard output.count <= outputLimit else {
            let waiting = output.count
            handlers?.ended(.outputLimit(waiting))
            teardown()
            return false
        }
        return true
    }

    private func writable() {
        writeQueued()
    }

    private func writeQueued() {
        guard phase == .open || phase == .draining else { return }
        while !output.isEmpty {
            switch output.withUnsentBytes({ Socket.send(fd, $0) }) {
            case .sent(let count):
                output.consume(count)
            case .wouldBlock:
                resumeWriting()
                return
            case .failed(let code):
                if phase == .open { handlers?.ended(.writeFailed(code)) }
                teardown()
                return
            }
        }
        let hadWaited = isWriting
        pauseWriting()
        if phase == .draining {
            linger()
        } else if hadWaited {
            handlers?.drained()
        }
    }

    // MARK: Closing

    /// Everything is written: send the FIN, drop what the peer already sent,
    /// and give it a moment to hang up. (Closing with unread input would reset
    /// the connection, and the peer could lose the last lines.)
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

    private func resumeWriting() {
        guard !isWriting else { return }
        isWriting = true
        writeSource.resume()
    }

    private func pauseWriting() {
        guard isWriting else { return }
        isWriting = false
        writeSource.suspend()
    }

    /// Reads while started, not at the end of the stream, not closed, and
    /// not held by the owner (unless lingering, when the peer's last bytes
    /// are read and dropped).
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
