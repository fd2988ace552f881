#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The calls that hold for any open file descriptor, socket or file: closing
/// it, its flags, and the text of an errno value. Closing goes through here
/// and nowhere else.
package enum FileDescriptor {
    /// Closes `fd`. A descriptor used by dispatch sources is closed only in
    /// their cancel handlers (see `DescriptorCloser`).
    package static func close(_ fd: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(fd)
        #else
            _ = Darwin.close(fd)
        #endif
    }

    /// Makes reads and writes on `fd` return at once instead of waiting.
    package static func setNonBlocking(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL, 0)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
    }

    /// Makes reads and writes on `fd` wait.
    package static func setBlocking(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL, 0)
        _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
    }

    /// Keeps `fd` out of programs this process starts.
    package static func setCloseOnExec(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    /// The text of an errno value: "Connection refused".
    package static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
