import Dispatch
import TileRaceProtocol

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A stand-in server for client tests, written with the C calls directly: it
/// accepts one connection on a free loopback port, and the test writes its
/// lines and reads the client's, each read with a deadline. For what a real
/// server would only do at a moment chosen by its clock.
public final class ScriptedPeer: @unchecked Sendable {
    /// The port it listens on (127.0.0.1).
    public let port: Int
    private let listener: Int32
    private var connection: Int32 = -1
    private var framer = LineFramer()

    /// Listens on a free loopback port; nil when no socket could be made.
    public init?() {
        listener = socket(AF_INET, TestSockets.streamType, 0)
        guard listener >= 0, let port = TestSockets.bindToLoopback(listener), listen(listener, 4) == 0 else { return nil }
        self.port = port
    }

    deinit {
        close(listener)
        if connection >= 0 { close(connection) }
    }

    /// Waits (at most `milliseconds`) for the client to connect.
    public func accept(milliseconds: Int = 5000) -> Bool {
        guard ScriptedPeer.poll(listener, milliseconds: milliseconds) else { return false }
        connection = systemAccept(listener)
        return connection >= 0
    }

    /// Sends lines (a `\n` is added to each).
    public func send(_ lines: String...) {
        let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
        _ = bytes.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
    }

    /// The client's next line; nil when none came within `milliseconds` or it closed.
    public func readLine(milliseconds: Int = 5000) -> String? {
        let deadline = DispatchTime.now().uptimeNanoseconds / 1_000_000 + UInt64(milliseconds)
        while true {
            if let line = try? framer.nextLine() { return line }
            let now = DispatchTime.now().uptimeNanoseconds / 1_000_000
            guard now < deadline, ScriptedPeer.poll(connection, milliseconds: Int(deadline - now)) else { return nil }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            framer.append(chunk[0..<count])
        }
    }

    /// Hangs up.
    public func hangUp() {
        if connection >= 0 { close(connection) }
        connection = -1
    }

    private static func poll(_ fd: Int32, milliseconds: Int) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return systemPoll(&descriptor, Int32(milliseconds)) > 0
    }
}

private func systemAccept(_ fd: Int32) -> Int32 { accept(fd, nil, nil) }
private func systemPoll(_ descriptor: UnsafeMutablePointer<pollfd>, _ milliseconds: Int32) -> Int32 {
    poll(descriptor, 1, milliseconds)
}
