#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads whole files with POSIX calls, so a failure names its real cause.
enum FileReader {
    /// The bytes of a file.
    /// - Throws: a `CommandLineError` naming the file and the system's reason.
    static func contents(ofFile path: String) throws(CommandLineError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw failure(path) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    private static func failure(_ path: String) -> CommandLineError {
        CommandLineError("cannot read \(Arguments.quoted(path)): \(String(cString: strerror(errno)))")
    }
}
