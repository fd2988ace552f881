#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX calls of the client's connection to a server: a non-blocking TCP
/// socket connected within a time limit, reads, writes without SIGPIPE. Every
/// difference between Linux and macOS on the client's network side lives here.
enum ClientSocket {
    /// What a read gave.
    enum ReadResult: Equatable {
        /// This many bytes were stored.
        case bytes(Int)
        /// Nothing to read now.
        case wouldBlock
        /// The server closed its side.
        case endOfStream
        /// The connection failed (errno).
        case failed(Int32)
    }

    /// What a write gave.
    enum WriteResult: Equatable {
        /// This many bytes were taken by the kernel.
        case written(Int)
        /// The kernel's buffer is full.
        case wouldBlock
        /// The connection failed (errno).
        case failed(Int32)
    }

    /// Connects to `host:port`, trying each address the name resolves to,
    /// within `timeoutMilliseconds` for each. Blocks the calling thread (call
    /// it off the client's queue). Returns a non-blocking socket, or why not
    /// in one line ("connection refused", "unknown host nowhere", ...).
    static func connect(host: String, port: Int, timeoutMilliseconds: Int) -> Result<Int32, ConnectError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamType
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            return .failure(ConnectError("unknown host \(host)"))
        }
        defer { freeaddrinfo(list) }
        var failure = ConnectError("unknown host \(host)")
        var current: UnsafeMutablePointer<addrinfo>? = first
        while let info = current {
            current = info.pointee.ai_next
            switch attempt(info.pointee, timeoutMilliseconds: timeoutMilliseconds) {
            case .success(let fd): return .success(fd)
            case .failure(let error): failure = error
            }
        }
        return .failure(failure)
    }

    private static func attempt(_ info: addrinfo, timeoutMilliseconds: Int) -> Result<Int32, ConnectError> {
        let fd = socket(info.ai_family, streamType, 0)
        guard fd >= 0 else { return .failure(ConnectError(describe(errno))) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        if systemConnect(fd, info.ai_addr, info.ai_addrlen) != 0 {
            let code = errno
            guard code == EINPROGRESS || code == EINTR else {
                systemClose(fd)
                return .failure(ConnectError(describe(code)))
            }
            var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            var result: Int32
            repeat {
                result = poll(&descriptor, 1, Int32(clamping: timeoutMilliseconds))
            } while result < 0 && errno == EINTR
            guard result > 0 else {
                systemClose(fd)
                return .failure(ConnectError("no answer within \(timeoutMilliseconds / 1000) s"))
            }
            var socketError: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &socketError, &length)
            guard socketError == 0 else {
                systemClose(fd)
                return .failure(ConnectError(describe(socketError)))
            }
        }
        return .success(fd)
    }

    /// Reads up to `buffer.count` bytes.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> ReadResult {
        while true {
            let count = recv(fd, buffer.baseAddress, buffer.count, 0)
            if count > 0 { return .bytes(count) }
            if count == 0 { return .endOfStream }
            let code = errno
            if code == EINTR { continue }
            return code == EAGAIN || code == EWOULDBLOCK ? .wouldBlock : .failed(code)
        }
    }

    /// Writes bytes without raising SIGPIPE.
    static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> WriteResult {
        while true {
            #if canImport(Glibc)
            let count = Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
            #else
            let count = Darwin.send(fd, bytes.baseAddress, bytes.count, 0)
            #endif
            if count >= 0 { return .written(count) }
            let code = errno
            if code == EINTR { continue }
            return code == EAGAIN || code == EWOULDBLOCK ? .wouldBlock : .failed(code)
        }
    }

    /// Closes a descriptor.
    static func close(_ fd: Int32) {
        systemClose(fd)
    }

    /// The text of an errno value, lower case: "connection refused".
    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }

    #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
    private static let streamType = SOCK_STREAM
    #endif
}

/// Why a connection could not be made, in one line.
struct ConnectError: Error, Hashable, Sendable {
    /// What went wrong.
    var message: String

    /// Creates an error.
    init(_ message: String) {
        self.message = message
    }
}

// The C functions whose names the enum's own methods shadow.
private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>!, _ length: socklen_t) -> Int32 {
    connect(fd, address, length)
}

private func systemClose(_ fd: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(fd)
    #else
    _ = Darwin.close(fd)
    #endif
}
