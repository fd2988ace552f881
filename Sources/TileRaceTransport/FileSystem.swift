#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the leaderboard store needs for durability: synced appends, atomic replacement,
/// locking, private permissions.
package enum FileSystem {
    package struct Failure: Error, Equatable {
        /// `open`, `fsync`, `rename`...
        package var operation: String
        package var path: String
        package var errno: Int32

        package var message: String { "\(operation) \(path): \(FileDescriptor.describe(errno))" }
    }

    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Creates a directory and its missing parents, each with mode 0700.
    package static func makeDirectories(_ path: String) throws(Failure) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0, errno != EEXIST {
                throw Failure(operation: "mkdir", path: prefix, errno: errno)
            }
        }
        var info = stat()
        guard stat(path, &info) == 0 else { throw Failure(operation: "stat", path: path, errno: errno) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw Failure(operation: "mkdir", path: path, errno: ENOTDIR) }
    }

    /// The whole content of a file, or nil when it does not exist.
    package static func read(_ path: String) throws(Failure) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw Failure(operation: "open", path: path, errno: errno)
        }
        defer { FileDescriptor.close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(operation: "read", path: path, errno: errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// Opens a file for appending (created with mode 0600).
    package static func openForAppending(_ path: String) throws(Failure) -> Int32 {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(operation: "open", path: path, errno: errno) }
        return fd
    }

    package static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(operation: "write", path: path, errno: errno)
            }
            offset += count
        }
    }

    /// `F_FULLFSYNC` on macOS.
    package static func sync(_ fd: Int32, path: String) throws(Failure) {
        #if canImport(Darwin)
            if fcntl(fd, F_FULLFSYNC) == 0 { return }
        #endif
        guard fsync(fd) == 0 else { throw Failure(operation: "fsync", path: path, errno: errno) }
    }

    package static func truncate(_ fd: Int32, to length: Int, path: String) throws(Failure) {
        guard ftruncate(fd, off_t(length)) == 0 else { throw Failure(operation: "truncate", path: path, errno: errno) }
    }

    /// Syncs the directory too, so the rename survives a crash.
    package static func replaceAtomically(_ path: String, with bytes: [UInt8]) throws(Failure) {
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(operation: "open", path: temporary, errno: errno) }
        do throws(Failure) {
            try writeAll(fd, bytes, path: temporary)
            try sync(fd, path: temporary)
        } catch {
            FileDescriptor.close(fd)
            unlink(temporary)
            throw error
        }
        FileDescriptor.close(fd)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw Failure(operation: "rename", path: temporary, errno: code)
        }
        try syncDirectory(of: path)
    }

    /// Makes a create or rename in `path`'s directory durable.
    package static func syncDirectory(of path: String) throws(Failure) {
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let name = directory.isEmpty ? (path.hasPrefix("/") ? "/" : ".") : directory
        let fd = open(name, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(operation: "open", path: name, errno: errno) }
        defer { FileDescriptor.close(fd) }
        // Some file systems refuse fsync on a directory; then the rename is as durable as they make it.
        if fsync(fd) != 0, errno != EINVAL, errno != EBADF {
            throw Failure(operation: "fsync", path: name, errno: errno)
        }
    }

    /// Without waiting; nil when another process holds it.
    package static func lock(_ path: String) throws(Failure) -> Int32? {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(operation: "open", path: path, errno: errno) }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            FileDescriptor.close(fd)
            if code == EWOULDBLOCK { return nil }
            throw Failure(operation: "lock", path: path, errno: code)
        }
        return fd
    }

    /// The explicit unlock matters: a child being spawned holds copies of our descriptors
    /// until exec, and a copy keeps the flock alive after our close.
    package static func unlock(_ fd: Int32) {
        flock(fd, LOCK_UN)
        FileDescriptor.close(fd)
    }
}

private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }
