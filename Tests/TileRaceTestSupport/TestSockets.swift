import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Plain sockets for tests, written with the C calls directly so they do not
/// depend on the code under test: a port nobody listens on, and a fake server.
public enum TestSockets {
    #if canImport(Glibc)
        public static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
        public static let streamType = SOCK_STREAM
    #endif

    /// A socket bound to a port on 127.0.0.1 but not listening: connections
    /// there are refused, and no other test can take the port meanwhile.
    public static func boundButNotListening() -> (fd: Int32, port: Int)? {
        let fd = socket(AF_INET, streamType, 0)
        guard fd >= 0, let port = bindToLoopback(fd) else { return nil }
        return (fd, port)
    }

    /// Binds `fd` to 127.0.0.1 on a free port; returns the port.
    public static func bindToLoopback(_ fd: Int32) -> Int? {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        return bound ? Int(UInt16(bigEndian: address.sin_port)) : nil
    }
}

/// A port on 127.0.0.1 where a connect never completes, as with a host that
/// does not answer: a listener with a backlog of one that never accepts,
/// its queue filled by a first connection, so later SYNs are dropped and a
/// client's connect waits until it gives up. Loopback only: no traffic
/// leaves the machine.
public final class SilentPort: @unchecked Sendable {
    /// The port.
    public let port: Int
    private let listener: Int32
    private let filler: Int32

    /// Sets it up; nil when no socket could be made or the queue did not fill.
    public init?() {
        listener = socket(AF_INET, TestSockets.streamType, 0)
        filler = socket(AF_INET, TestSockets.streamType, 0)
        guard listener >= 0, filler >= 0, let port = TestSockets.bindToLoopback(listener), listen(listener, 0) == 0 else {
            close(listener)
            close(filler)
            return nil
        }
        self.port = port
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            close(listener)
            close(filler)
            return nil
        }
    }

    deinit {
        close(filler)
        close(listener)
    }
}

/// A server that accepts one connection, writes `text`, then keeps the
/// connection open until released: for what a real server never sends.
public final class FakeServer: @unchecked Sendable {
    /// The port it listens on (127.0.0.1).
    public let port: Int
    private let listener: Int32
    private let accepted = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var connection: Int32 = -1

    /// Listens on a free loopback port; nil when no socket could be made.
    public init?(sending text: String) {
        listener = socket(AF_INET, TestSockets.streamType, 0)
        guard listener >= 0, let port = TestSockets.bindToLoopback(listener), listen(listener, 4) == 0 else { return nil }
        self.port = port
        let listener = listener
        Thread.detachNewThread { [self] in
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { return }
            _ = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            lock.withLock { connection = fd }
            accepted.signal()
        }
    }

    /// Everything the client wrote, up to its close; waits for the connection
    /// and then the close for at most `seconds` (what came by then, if not).
    public func received(within seconds: Double = 5) -> String {
        let deadline = Date().addingTimeInterval(seconds)
        guard accepted.wait(timeout: .now() + seconds) == .success else { return "" }
        let fd = lock.withLock { connection }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard left > 0, poll(&ready, 1, left) == 1 else { break }
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    deinit {
        close(listener)
        lock.withLock { if connection >= 0 { close(connection) } }
    }
}
