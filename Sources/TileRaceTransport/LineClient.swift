import Dispatch
import TileRaceProtocol

/// Blocking, with a deadline on every wait, for tools and tests. One thread at a time.
public final class LineClient {
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        public var message: String
        /// A wait ran out of time (not a closed or failed connection).
        public var isTimeout: Bool

        public init(message: String, isTimeout: Bool = false) {
            self.message = message
            self.isTimeout = isTimeout
        }

        public var description: String { message }
    }

    private var fd: Int32
    private var framer: LineFramer
    private var isAtEnd = false
    /// `host:port`, for messages.
    public let endpoint: String

    /// `receiveBufferBytes` shrinks the kernel's buffer (a slow reader, in tests).
    public init(
        host: String, port: Int, timeoutMilliseconds: Int = 3000, maximumLineLength: Int = 1 << 20,
        receiveBufferBytes: Int? = nil
    ) throws(Failure) {
        endpoint = "\(host):\(port)"
        framer = LineFramer(maximumLineLength: maximumLineLength)
        Socket.ignoreBrokenPipeSignal()
        do throws(Socket.ConnectFailure) {
            fd = try Socket.connect(
                host: host, port: port, timeoutMilliseconds: timeoutMilliseconds, receiveBufferBytes: receiveBufferBytes)
        } catch {
            throw Failure(
                message: "cannot reach \(endpoint): \(error.reason(timeoutMilliseconds: timeoutMilliseconds))",
                isTimeout: error == .timedOut)
        }
    }

    deinit { close() }

    public func send(_ line: String) throws(Failure) {
        try sendBytes(Array((line + "\n").utf8))
    }

    public func sendBytes(_ bytes: [UInt8]) throws(Failure) {
        guard fd >= 0 else { throw Failure(message: "connection to \(endpoint) is closed", isTimeout: false) }
        var offset = 0
        while offset < bytes.count {
            let result = bytes.withUnsafeBytes { Socket.send(fd, UnsafeRawBufferPointer(rebasing: $0[offset...])) }
            switch result {
            case .sent(let count): offset += count
            case .wouldBlock: _ = Socket.wait(fd, forWriting: true, milliseconds: 1000)
            case .failed(let code):
                throw Failure(message: "cannot send to \(endpoint): \(FileDescriptor.describe(code).lowercased())", isTimeout: false)
            }
        }
    }

    /// The next line, or nil when the server closed the connection.
    public func readLine(timeoutMilliseconds: Int = 3000) throws(Failure) -> String? {
        let deadline = MonotonicClock.milliseconds() + max(0, timeoutMilliseconds)
        while true {
            do throws(ProtocolError) {
                if let line = try framer.nextLine() { return line }
            } catch {
                throw Failure(message: "bad line from \(endpoint): \(error.message)", isTimeout: false)
            }
            if isAtEnd || fd < 0 { return nil }
            let now = MonotonicClock.milliseconds()
            guard now < deadline, Socket.wait(fd, milliseconds: deadline - now) else {
                throw Failure(message: "no answer from \(endpoint) within \(timeoutMilliseconds) ms", isTimeout: true)
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            switch chunk.withUnsafeMutableBytes({ Socket.receive(fd, into: $0) }) {
            case .bytes(let count): framer.append(chunk[0..<count])
            case .wouldBlock: continue
            case .endOfStream: isAtEnd = true
            case .failed(let code):
                throw Failure(message: "connection to \(endpoint) failed: \(FileDescriptor.describe(code).lowercased())", isTimeout: false)
            }
        }
    }

    public func close() {
        if fd >= 0 { FileDescriptor.close(fd) }
        fd = -1
    }
}
