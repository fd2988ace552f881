#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every Linux/macOS difference (socket types, `MSG_NOSIGNAL` vs `SO_NOSIGPIPE`, `sin_len`)
/// lives here. A failure carries its errno.
package enum Socket {
    package enum ReceiveResult: Equatable {
        case bytes(Int)
        case wouldBlock
        case endOfStream
        case failed(Int32)
    }

    package enum SendResult: Equatable {
        case sent(Int)
        case wouldBlock
        case failed(Int32)
    }

    package enum AcceptResult {
        /// A new non-blocking socket and the peer's address.
        case accepted(Int32, peer: String)
        case wouldBlock
        /// E.g. out of file descriptors.
        case failed(Int32)
    }

    package enum ListenFailure: Error, Equatable {
        /// Not an IPv4 or IPv6 literal.
        case invalidAddress
        case addressInUse
        case system(call: String, errno: Int32)
    }

    package enum ConnectFailure: Error, Equatable {
        case unknownHost(String)
        /// Nobody listens there, or the host is unreachable.
        case system(call: String, errno: Int32)
        case timedOut

        /// What went wrong, in a few lower-case words: "connection refused".
        package var reason: String {
            switch self {
            case .unknownHost(let name): "unknown host \(name)"
            case .system(_, let code): FileDescriptor.describe(code).lowercased()
            case .timedOut: "no answer"
            }
        }

        /// "timed out after 5 s", or `reason`.
        package func reason(timeoutMilliseconds: Int) -> String {
            guard case .timedOut = self else { return reason }
            return "timed out after \(Socket.duration(milliseconds: timeoutMilliseconds))"
        }
    }

    /// A wait for people: "5 s" for whole seconds, "300 ms" otherwise.
    package static func duration(milliseconds: Int) -> String {
        milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }

    /// The processors online (at least 1).
    package static var processorCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// A write to a closed socket then fails with EPIPE instead of killing the process.
    package static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }

    // MARK: Listening

    /// `::` also accepts IPv4; port 0 picks a free one.
    package static func listen(address: String, port: Int, backlog: Int32 = 512) throws(ListenFailure) -> (Int32, port: Int) {
        guard let socketAddress = SocketAddress(address: address, port: port) else { throw .invalidAddress }
        let fd = socket(socketAddress.family, streamType, 0)
        guard fd >= 0 else { throw .system(call: "socket", errno: errno) }
        setOption(fd, SOL_SOCKET, SO_REUSEADDR, 1)
        if socketAddress.family == AF_INET6 { setOption(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, 0) }
        let bound = socketAddress.withSockaddr { bind(fd, $0, $1) }
        if bound != 0 {
            let code = errno
            FileDescriptor.close(fd)
            throw code == EADDRINUSE ? .addressInUse : .system(call: "bind", errno: code)
        }
        guard systemListen(fd, backlog) == 0 else {
            let code = errno
            FileDescriptor.close(fd)
            throw code == EADDRINUSE ? .addressInUse : .system(call: "listen", errno: code)
        }
        FileDescriptor.setNonBlocking(fd)
        FileDescriptor.setCloseOnExec(fd)
        return (fd, localPort(fd) ?? port)
    }

    /// Accepts one waiting connection (`configure`d).
    package static func accept(_ listener: Int32) -> AcceptResult {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let fd = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemAccept(listener, $0, &length) }
        }
        guard fd >= 0 else {
            let code = errno
            return code == EAGAIN || code == EWOULDBLOCK || code == EINTR || code == ECONNABORTED
                ? .wouldBlock : .failed(code)
        }
        configure(fd)
        return .accepted(fd, peer: SocketAddress.describe(storage))
    }

    // MARK: Connecting (tools and tests)

    /// Each address in turn, blocking the thread (`SocketConnector` does not).
    /// `receiveBufferBytes` shrinks the kernel's buffer (a slow reader, in tests).
    package static func connect(
        host: String, port: Int, timeoutMilliseconds: Int, isNonBlocking: Bool = false, receiveBufferBytes: Int? = nil
    ) throws(ConnectFailure) -> Int32 {
        var lastFailure = ConnectFailure.unknownHost(host)
        for address in try resolve(host: host, port: port) {
            let fd: Int32
            switch startConnect(to: address, receiveBufferBytes: receiveBufferBytes) {
            case .connected(let connected):
                fd = connected
            case .inProgress(let connecting):
                guard wait(connecting, forWriting: true, milliseconds: timeoutMilliseconds) else {
                    FileDescriptor.close(connecting)
                    lastFailure = .timedOut
                    continue
                }
                if let failure = finishConnect(connecting) {
                    FileDescriptor.close(connecting)
                    lastFailure = failure
                    continue
                }
                fd = connecting
            case .failed(let failure):
                lastFailure = failure
                continue
            }
            FileDescriptor.setNonBlocking(fd, isNonBlocking)
            return fd
        }
        throw lastFailure
    }

    package enum ConnectStart {
        case connected(Int32)
        /// The socket becomes writable when done; `finishConnect` tells how it went.
        case inProgress(Int32)
        /// No socket is left open.
        case failed(ConnectFailure)
    }

    /// In the resolver's order; blocks while the name resolves.
    package static func resolve(host: String, port: Int) throws(ConnectFailure) -> [SocketAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamType
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, list != nil else {
            throw .unknownHost(host)
        }
        defer { freeaddrinfo(list) }
        var addresses: [SocketAddress] = []
        var current = list
        while let info = current {
            current = info.pointee.ai_next
            if let address = SocketAddress(info.pointee) { addresses.append(address) }
        }
        guard !addresses.isEmpty else { throw .unknownHost(host) }
        return addresses
    }

    /// Starts connecting a new `configure`d socket to `address`, without waiting.
    package static func startConnect(to address: SocketAddress, receiveBufferBytes: Int? = nil) -> ConnectStart {
        let fd = socket(address.family, streamType, 0)
        guard fd >= 0 else { return .failed(.system(call: "socket", errno: errno)) }
        if let receiveBufferBytes { setOption(fd, SOL_SOCKET, SO_RCVBUF, Int32(clamping: receiveBufferBytes)) }
        configure(fd)
        if address.withSockaddr({ systemConnect(fd, $0, $1) }) == 0 { return .connected(fd) }
        let code = errno
        guard code == EINPROGRESS || code == EINTR else {
            FileDescriptor.close(fd)
            return .failed(.system(call: "connect", errno: code))
        }
        return .inProgress(fd)
    }

    /// How a connect under way ended, once its socket is writable: nil when connected.
    package static func finishConnect(_ fd: Int32) -> ConnectFailure? {
        var soError: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &soError, &length) == 0 else {
            return .system(call: "getsockopt", errno: errno)
        }
        return soError == 0 ? nil : .system(call: "connect", errno: soError)
    }

    /// Waits until `fd` is readable (or writable); false on timeout.
    package static func wait(_ fd: Int32, forWriting: Bool = false, milliseconds: Int) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(forWriting ? POLLOUT : POLLIN), revents: 0)
        while true {
            let result = poll(&descriptor, 1, Int32(clamping: max(0, milliseconds)))
            if result < 0, errno == EINTR { continue }
            return result > 0
        }
    }

    // MARK: Data

    package static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> ReceiveResult {
        while true {
            let count = recv(fd, buffer.baseAddress, buffer.count, 0)
            if count > 0 { return .bytes(count) }
            if count == 0 { return .endOfStream }
            let code = errno
            if code == EINTR { continue }
            return code == EAGAIN || code == EWOULDBLOCK ? .wouldBlock : .failed(code)
        }
    }

    /// Sends bytes without raising SIGPIPE.
    package static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> SendResult {
        while true {
            #if canImport(Glibc)
                let count = Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
            #else
                let count = Darwin.send(fd, bytes.baseAddress, bytes.count, 0)
            #endif
            if count >= 0 { return .sent(count) }
            let code = errno
            if code == EINTR { continue }
            return code == EAGAIN || code == EWOULDBLOCK ? .wouldBlock : .failed(code)
        }
    }

    /// The peer reads end-of-stream after the bytes already sent.
    package static func shutdownWriting(_ fd: Int32) {
        shutdown(fd, Int32(SHUT_WR))
    }

    /// The machine's IPv4 addresses other than loopback, sorted.
    package static func interfaceAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var addresses: Set<String> = []
        var current = list
        while let interface = current {
            current = interface.pointee.ifa_next
            guard let address = interface.pointee.ifa_addr, Int32(address.pointee.sa_family) == AF_INET else { continue }
            var storage = sockaddr_storage()
            withUnsafeMutableBytes(of: &storage) { target in
                target.copyMemory(from: UnsafeRawBufferPointer(start: address, count: MemoryLayout<sockaddr_in>.size))
            }
            let text = SocketAddress.describe(storage).split(separator: ":").first.map(String.init) ?? ""
            if !text.hasPrefix("127.") { addresses.insert(text) }
        }
        return addresses.sorted()
    }

    // MARK: Options

    /// Nagle off: protocol lines are small and latency matters.
    private static func configure(_ fd: Int32) {
        FileDescriptor.setNonBlocking(fd)
        FileDescriptor.setCloseOnExec(fd)
        setOption(fd, Int32(IPPROTO_TCP), TCP_NODELAY, 1)
        #if canImport(Darwin)
            setOption(fd, SOL_SOCKET, SO_NOSIGPIPE, 1)
        #endif
    }

    private static func setOption(_ fd: Int32, _ level: Int32, _ name: Int32, _ value: Int32) {
        var value = value
        setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
    }

    private static func localPort(_ fd: Int32) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { return nil }
        return SocketAddress.describe(storage).split(separator: ":").last.flatMap { Int($0) }
    }

    #if canImport(Glibc)
        private static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
        private static let streamType = SOCK_STREAM
    #endif
}

// The C functions whose names the enum's own methods shadow.
private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
private func systemAccept(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>) -> Int32 {
    accept(fd, address, length)
}
private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>!, _ length: socklen_t) -> Int32 {
    connect(fd, address, length)
}
