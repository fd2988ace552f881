import Dispatch
import Foundation
import Testing

@testable import TileRaceTransport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `SocketChannel` over a real socket pair: one end is the channel, the other
/// is read and written here with plain calls.
@Suite struct SocketChannelTests {
    /// A channel on one end of a socket pair, recording what it reports.
    final class Rig: @unchecked Sendable {
        let queue = DispatchQueue(label: "tilerace.tests.channel")
        let peer: Int32
        private(set) var channel: SocketChannel?
        private let lock = NSLock()
        private var bytes: [UInt8] = []
        /// A copy of each read as reported.
        private(set) var reads: [[UInt8]] = []
        private var ends: [SocketChannel.EndReason] = []
        private var isClosed = false
        private let changed = DispatchSemaphore(value: 0)

        /// The poller reporting the channel's input, when `polled`.
        private(set) var poller: ReadinessPoller?

        init(outputLimit: Int = 1 << 20, polled: Bool = false) {
            let pair = connectedPair()
            peer = pair[1]
            FileDescriptor.setNonBlocking(pair[0])
            let poller = polled ? ReadinessPoller.make(queue: queue) : nil
            self.poller = poller
            let channel = SocketChannel(
                fd: pair[0], queue: queue, outputLimit: outputLimit, closeTimeoutMilliseconds: 2000, poller: poller)
            self.channel = channel
            queue.sync {
                channel.start(
                    SocketChannel.Handlers(
                        received: { [weak self] in
                            // The memory is lent for the call: the rig keeps a copy.
                            self?.record {
                                $0.bytes += $1
                                $0.reads.append($1)
                            }(Array($0))
                        },
                        ended: { [weak self] reason in self?.record { rig, _ in rig.ends.append(reason) }([]) },
                        closed: { [weak self] in self?.record { rig, _ in rig.isClosed = true }([]) }))
            }
        }

        deinit { FileDescriptor.close(peer) }

        private func record(_ change: @escaping (Rig, [UInt8]) -> Void) -> ([UInt8]) -> Void {
            { [self] bytes in
                lock.withLock { change(self, bytes) }
                changed.signal()
            }
        }

        /// Waits (at most 5 s) until `predicate` holds for what was reported.
        func wait(_ what: String, _ predicate: ([UInt8], [SocketChannel.EndReason], Bool) -> Bool) -> Bool {
            let deadline = DispatchTime.now() + 5
            while !lock.withLock({ predicate(bytes, ends, isClosed) }) {
                if changed.wait(timeout: deadline) == .timedOut { return lock.withLock { predicate(bytes, ends, isClosed) } }
            }
            return true
        }

        /// Whether `predicate` comes to hold within 200 ms (to check that
        /// something does not happen).
        func waitBriefly(_ predicate: ([UInt8], [SocketChannel.EndReason], Bool) -> Bool) -> Bool {
            let deadline = DispatchTime.now() + .milliseconds(200)
            while !lock.withLock({ predicate(bytes, ends, isClosed) }) {
                if changed.wait(timeout: deadline) == .timedOut { return lock.withLock { predicate(bytes, ends, isClosed) } }
            }
            return true
        }

        func peerWrite(_ text: String) {
            _ = Array(text.utf8).withUnsafeBytes { write(peer, $0.baseAddress, $0.count) }
        }

        /// Reads from the peer end until end of stream (at most 5 s).
        func peerReadToEnd() -> String? {
            var result: [UInt8] = []
            let deadline = Date().addingTimeInterval(5)
            var chunk = [UInt8](repeating: 0, count: 4096)
            while Date() < deadline {
                var descriptor = pollfd(fd: peer, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 100) >= 0 else { return nil }
                let count = chunk.withUnsafeMutableBytes { read(peer, $0.baseAddress, $0.count) }
                if count == 0 { return String(decoding: result, as: UTF8.self) }
                if count > 0 { result += chunk[0..<count] }
            }
            return nil
        }
    }

    /// With a read source, and with a poller where there is one.
    @Test(arguments: SocketChannelTests.readers)
    func bytesArriveInOrderWhateverTheSplits(polled: Bool) {
        let rig = Rig(polled: polled)
        for piece in ["HEL", "LO tile", "race 1\nPI", "NG\n"] { rig.peerWrite(piece) }
        #expect(rig.wait("all bytes") { bytes, _, _ in bytes.count == 22 })
        #expect(rig.wait("the text") { bytes, _, _ in String(decoding: bytes, as: UTF8.self) == "HELLO tilerace 1\nPING\n" })
    }

    /// Each read is lent to the owner on its own, in order, in memory the
    /// next read reuses: what the owner copied stays as it was given.
    @Test(arguments: SocketChannelTests.readers)
    func eachReadIsLentOnItsOwnInOrder(polled: Bool) {
        let rig = Rig(polled: polled)
        rig.peerWrite("first\n")
        #expect(rig.wait("the first read") { bytes, _, _ in bytes.count == 6 })
        rig.peerWrite("second\n")
        #expect(rig.wait("the second read") { bytes, _, _ in bytes.count == 13 })
        let reads = rig.queue.sync { rig.reads.map { String(decoding: $0, as: UTF8.self) } }
        #expect(reads == ["first\n", "second\n"])
    }

    /// With a read source, and with a poller where there is one.
    @Test(arguments: SocketChannelTests.readers)
    func theLastLinesArriveBeforeTheEndOfTheStream(polled: Bool) {
        let rig = Rig(polled: polled)
        rig.queue.sync {
            rig.channel?.enqueue(["OK QUIT", "BYE goodbye"])
            rig.channel?.closeAfterFlush(lingerMilliseconds: 0)
        }
        #expect(rig.peerReadToEnd() == "OK QUIT\nBYE goodbye\n")
        #expect(rig.wait("closed") { _, _, isClosed in isClosed })
    }

    @Test func aPeerThatDoesNotReadIsCutOffPastTheLimit() {
        let rig = Rig(outputLimit: 64 * 1024)
        let line = String(repeating: "x", count: 1000)
        var accepted = true
        rig.queue.sync {
            for _ in 0..<2000 where accepted {
                accepted = rig.channel?.enqueue([line]) ?? false
                rig.channel?.flush()
            }
        }
        #expect(!accepted)
        #expect(
            rig.wait("ended past the limit") { _, ends, isClosed in
                isClosed && ends.count == 1 && { if case .outputLimit = ends[0] { true } else { false } }()
            })
    }

    /// With a read source, and with a poller where there is one.
    @Test(arguments: SocketChannelTests.readers)
    func heldReadingReportsNothingUntilReleased(polled: Bool) {
        let rig = Rig(polled: polled)
        rig.queue.sync { rig.channel?.holdReading(true) }
        rig.peerWrite("PING 1\n")
        // Nothing is read while held (a bounded look: 200 ms).
        #expect(!rig.waitBriefly { bytes, _, _ in !bytes.isEmpty })
        rig.queue.sync { rig.channel?.holdReading(false) }
        #expect(rig.wait("the bytes") { bytes, _, _ in String(decoding: bytes, as: UTF8.self) == "PING 1\n" })
    }

    /// With a read source, and with a poller where there is one.
    @Test(arguments: SocketChannelTests.readers)
    func aHeldChannelClosesAndIsReleasedCleanly(polled: Bool) {
        let rig = Rig(polled: polled)
        rig.queue.sync {
            rig.channel?.holdReading(true)
            rig.channel?.closeNow()
            // Holding or releasing after the close must leave the cancelled sources alone.
            rig.channel?.holdReading(false)
            rig.channel?.holdReading(true)
        }
        #expect(rig.wait("closed") { _, _, isClosed in isClosed })
    }

    /// With a read source, and with a poller where there is one.
    @Test(arguments: SocketChannelTests.readers)
    func thePeerClosingIsReportedOnce(polled: Bool) {
        let rig = Rig(polled: polled)
        shutdown(rig.peer, Int32(SHUT_WR))
        #expect(rig.wait("end of stream") { _, ends, _ in ends == [.peerClosed] })
        rig.queue.sync { rig.channel?.closeNow() }
        #expect(rig.wait("closed") { _, ends, isClosed in isClosed && ends == [.peerClosed] })
    }

    /// The ways a channel can learn of input: a read source; a poller (Linux).
    #if canImport(Glibc)
        static let readers = [false, true]
    #else
        static let readers = [false]
    #endif

    /// A detached socket carries on in a channel on another queue: the output
    /// left unsent is written first, and input goes to the new channel.
    @Test(arguments: SocketChannelTests.readers)
    func aDetachedSocketCarriesOnOnAnotherQueue(polled: Bool) {
        let rig = Rig(polled: polled)
        let next = DispatchQueue(label: "tilerace.tests.channel.next")
        let nextPoller = polled ? ReadinessPoller.make(queue: next) : nil
        let catcher = Catcher()
        let arrived = DispatchSemaphore(value: 0)
        rig.queue.sync {
            rig.channel?.enqueue(["OK JOIN room=r"])
            let isDetached = rig.channel?.detach { fd, output in
                next.async {
                    let channel = SocketChannel(fd: fd, queue: next, outputLimit: 1 << 20, pendingOutput: output, poller: nextPoller)
                    catcher.moved = channel
                    channel.enqueue(["OK WHO room=r count=1"])
                    channel.start(
                        SocketChannel.Handlers(
                            received: { bytes in
                                catcher.lock.withLock { catcher.received += Array(bytes) }
                                arrived.signal()
                            }, ended: { _ in }))
                    channel.flush()
                }
            }
            #expect(isDetached == true)
        }
        rig.peerWrite("PING 1\n")
        var lines = ""
        var buffer = [UInt8](repeating: 0, count: 256)
        let deadline = DispatchTime.now() + 5
        while lines != "OK JOIN room=r\nOK WHO room=r count=1\n", DispatchTime.now() < deadline {
            let count = buffer.withUnsafeMutableBytes { read(rig.peer, $0.baseAddress, $0.count) }
            if count > 0 { lines += String(decoding: buffer[0..<count], as: UTF8.self) }
        }
        #expect(lines == "OK JOIN room=r\nOK WHO room=r count=1\n")
        while catcher.lock.withLock({ catcher.received.count < 7 }), arrived.wait(timeout: deadline) == .success {}
        #expect(catcher.lock.withLock { String(decoding: catcher.received, as: UTF8.self) } == "PING 1\n")
        // The old channel reports nothing more, not even a close.
        #expect(!rig.waitBriefly { _, ends, isClosed in isClosed || !ends.isEmpty })
        next.sync {
            catcher.moved?.closeNow()
            nextPoller?.close()
        }
    }

    /// A channel holds no weak reference to itself; a polled one is held by
    /// its poller and write source from `start`, and let go once closed.
    @Test(arguments: SocketChannelTests.readers)
    func aClosedChannelIsLetGo(polled: Bool) {
        let pair = connectedPair()
        defer { FileDescriptor.close(pair[1]) }
        FileDescriptor.setNonBlocking(pair[0])
        let queue = DispatchQueue(label: "tilerace.tests.channel.letgo")
        let poller = polled ? ReadinessPoller.make(queue: queue) : nil
        let closed = DispatchSemaphore(value: 0)
        weak var gone: SocketChannel?
        queue.sync {
            let channel = SocketChannel(fd: pair[0], queue: queue, outputLimit: 1024, poller: poller)
            gone = channel
            channel.start(SocketChannel.Handlers(received: { _ in }, ended: { _ in }, closed: { closed.signal() }))
            channel.enqueue(["BYE"])
            channel.closeNow()
        }
        #expect(closed.wait(timeout: .now() + 5) == .success)
        // `closed` runs in the last source's cancel handler, after Dispatch
        // has released both sources' event handlers: once that block is
        // done (the queue is serial), nothing holds the channel.
        #expect(queue.sync { gone == nil })
        queue.sync { poller?.close() }
    }

    @Test func aChannelReleasedWithoutClosingDoesNotCrash() {
        // Sources must be cancelled even when the owner forgets: a suspended
        // or never-started source must not be released.
        let pair = connectedPair()
        let queue = DispatchQueue(label: "tilerace.tests.channel.released")
        do {
            let unstarted = SocketChannel(fd: pair[0], queue: queue, outputLimit: 1024)
            _ = unstarted
        }
        // Its cancel handlers close the descriptor: the other end reads the end of the stream.
        var descriptor = pollfd(fd: pair[1], events: Int16(POLLIN), revents: 0)
        #expect(poll(&descriptor, 1, 5000) == 1)
        var byte: UInt8 = 0
        #expect(read(pair[1], &byte, 1) == 0)
        FileDescriptor.close(pair[1])
    }
}

/// What the moved channel of a detach test received (bytes under the lock;
/// the channel itself is touched only on its queue).
private final class Catcher: @unchecked Sendable {
    let lock = NSLock()
    var received: [UInt8] = []
    var moved: SocketChannel?
}

/// Two connected stream sockets (a Unix socket pair), blocking.
private func connectedPair() -> [Int32] {
    var pair: [Int32] = [0, 0]
    #if canImport(Glibc)
        _ = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair)
    #else
        _ = socketpair(AF_UNIX, SOCK_STREAM, 0, &pair)
    #endif
    return pair
}
