#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file whole: a temporary file beside it, written, synced and
/// renamed over it (mode 0600), then the directory synced; the directory is
/// created (0700) first if needed. A crash leaves the old file or the new one.
enum AtomicFile {
    static func replace(_ path: String, in directory: String, with bytes: [UInt8]) throws(ConfigError) {
        try createDirectory(directory)
        let temporary = path + ".tmp.\(getpid())"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            throw ConfigError(code: "write", message: "cannot create \(temporary): \(describe(errno))")
        }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                let error = errno
                close(descriptor)
                unlink(temporary)
                throw ConfigError(code: "write", message: "cannot write \(temporary): \(describe(error))")
            }
            written += count
        }
        fchmod(descriptor, 0o600)
        fsync(descriptor)
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let error = errno
            unlink(temporary)
            throw ConfigError(code: "rename", message: "cannot replace \(path): \(describe(error))")
        }
        let directoryDescriptor = open(directory, O_RDONLY)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    static func createDirectory(_ directory: String) throws(ConfigError) {
        var prefix = ""
        for component in directory.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0, errno != EEXIST {
                throw ConfigError(code: "create-directory", message: "cannot create \(prefix): \(describe(errno))")
            }
        }
    }

    static func describe(_ error: Int32) -> String {
        String(cString: strerror(error))
    }
}
