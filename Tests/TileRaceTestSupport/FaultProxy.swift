import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP proxy on 127.0.0.1 that forwards each connection it accepts to
/// `127.0.0.1:targetPort`, and breaks them on command, as bad networks do:
/// `cutAll()` drops every connection under way, `isRefusing` turns new ones
/// away (a network that is down), `isStalled` holds the bytes (a network that
/// hangs). Plain C sockets and a thread per connection, so it does not depend
/// on the code under test.
///
/// Thread-safe: its state is behind one lock.
public final class FaultProxy: @unchecked Sendable {
    /// The port clients connect to.
    public let port: Int
    private let targetPort: Int
    private let listener: Int32
    private let lock = NSLock()
    private var pairs: [(client: Int32, server: Int32)] = []
    private var refusing = false
    private var stalled = false
    private var acceptedCount = 0
    private var isClosed = false

    /// Listens on a free loopback port; nil when no socket could be made.
    public init?(forwardingTo targetPort: Int) {
        self.targetPort = targetPort
        listener = socket(AF_INET, TestSockets.streamType, 0)
        guard listener >= 0, let port = TestSockets.bindToLoopback(listener), listen(listener, 16) == 0 else { return nil }
        self.port = port
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { close() }

    /// While set, new connections are closed as soon as they are accepted.
    public var isRefusing: Bool {
        get { lock.withLock { refusing } }
        set { lock.withLock { refusing = newValue } }
    }

    /// While set, nothing is forwarded either way (the bytes wait).
    public var isStalled: Bool {
        get { lock.withLock { stalled } }
        set { lock.withLock { stalled = newValue } }
    }

    /// Connections accepted so far (refused ones included).
    public var accepted: Int { lock.withLock { acceptedCount } }

    /// Connections being forwarded now.
    public var liveConnections: Int { lock.withLock { pairs.count } }

    /// Drops every connection under way: both ends see the stream end.
    public func cutAll() {
        lock.withLock {
            for pair in pairs {
                shutdown(pair.client, Int32(SHUT_RDWR))
                shutdown(pair.server, Int32(SHUT_RDWR))
            }
        }
    }

    /// Stops listening and drops every connection.
    public func close() {
        let wasClosed = lock.withLock {
            defer { isClosed = true }
            return isClosed
        }
        guard !wasClosed else { return }
        cutAll()
        shutdown(listener, Int32(SHUT_RDWR))
        closeDescriptor(listener)
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if lock.withLock({ isClosed }) { return }
                continue
            }
            let refuse = lock.withLock {
                acceptedCount += 1
                return refusing || isClosed
            }
            if refuse {
                closeDescriptor(client)
                continue
            }
            guard let server = connectToTarget() else {
                closeDescriptor(client)
                continue
            }
            lock.withLock { pairs.append((client, server)) }
            Thread.detachNewThread { [self] in forward(client, server) }
        }
    }

    private func connectToTarget() -> Int32? {
        let fd = socket(AF_INET, TestSockets.streamType, 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(targetPort).bigEndian)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            closeDescriptor(fd)
            return nil
        }
        return fd
    }

    /// Copies bytes both ways until either side ends.
    private func forward(_ client: Int32, _ server: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16384)
        var descriptors = [pollfd(fd: client, events: Int16(POLLIN), revents: 0), pollfd(fd: server, events: Int16(POLLIN), revents: 0)]
        loop: while true {
            if isStalled {
                usleep(10_000)
                // A cut while stalled still ends the pair.
                var probe = descriptors
                if poll(&probe, 2, 0) > 0, probe.contains(where: { $0.revents & Int16(POLLHUP | POLLERR) != 0 }) { break }
                continue
            }
            for index in descriptors.indices { descriptors[index].revents = 0 }
            guard poll(&descriptors, 2, 100) >= 0 else { break }
            for (index, descriptor) in descriptors.enumerated() where descriptor.revents != 0 {
                let from = descriptor.fd
                let to = index == 0 ? server : client
                let count = buffer.withUnsafeMutableBytes { read(from, $0.baseAddress, $0.count) }
                guard count > 0 else { break loop }
                var offset = 0
                while offset < count {
                    let written = buffer.withUnsafeBytes { write(to, $0.baseAddress! + offset, count - offset) }
                    guard written > 0 else { break loop }
                    offset += written
                }
            }
        }
        lock.withLock { pairs.removeAll { $0.client == client } }
        shutdown(client, Int32(SHUT_RDWR))
        shutdown(server, Int32(SHUT_RDWR))
        closeDescriptor(client)
        closeDescriptor(server)
    }
}

/// `close(2)`, named apart from the methods called `close`.
private func closeDescriptor(_ fd: Int32) {
    _ = close(fd)
}
