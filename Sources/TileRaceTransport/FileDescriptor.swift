#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Closing goes through here and nowhere else.
package enum FileDescriptor {
    /// One used by dispatch sources is closed only in their cancel handlers.
    package static func close(_ fd: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(fd)
        #else
            _ = Darwin.close(fd)
        #endif
    }

    package static func setNonBlocking(_ fd: Int32, _ isNonBlocking: Bool = true) {
        let flags = fcntl(fd, F_GETFL, 0)
        _ = fcntl(fd, F_SETFL, isNonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
    }

    package static func setCloseOnExec(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    /// "Connection refused".
    package static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
