import TileRaceTransport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An append-only file, each append synced before it counts. A failed
/// append is cut back, and opening cuts off a torn tail from a crash.
/// Owned by its store's queue.
final class AppendedFile {
    let path: String
    /// Bytes of the good part.
    private(set) var length: Int
    private var fd: Int32 = -1

    init(path: String, length: Int) {
        self.path = path
        self.length = length
    }

    deinit { close() }

    /// Cuts off what follows the good part.
    func open() throws(StoreError) {
        guard fd < 0 else { return }
        try StoreError.catching { () throws(FileSystem.Failure) in
            fd = try FileSystem.openForAppending(path)
            var size = stat()
            if fstat(fd, &size) == 0, Int(size.st_size) != length {
                try FileSystem.truncate(fd, to: length, path: path)
                try FileSystem.sync(fd, path: path)
            }
        }
    }

    /// On failure the file is cut back to where it was.
    func append(_ bytes: [UInt8]) throws(StoreError) {
        guard !bytes.isEmpty else { return }
        try open()
        do throws(FileSystem.Failure) {
            try FileSystem.writeAll(fd, bytes, path: path)
            try FileSystem.sync(fd, path: path)
        } catch {
            try? FileSystem.truncate(fd, to: length, path: path)
            throw StoreError(error)
        }
        length += bytes.count
    }

    /// The path names a new file now: the next append opens it.
    func replaced(length: Int) {
        close()
        self.length = length
    }

    func close() {
        if fd >= 0 { FileDescriptor.close(fd) }
        fd = -1
    }
}
