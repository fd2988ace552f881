import TileRaceTransport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file a command names, failing with the system's reason.
enum FileReader {
    static func contents(ofFile path: String) throws(CommandLineError) -> [UInt8] {
        var code = ENOENT
        do throws(FileSystem.Failure) {
            if let bytes = try FileSystem.read(path) { return bytes }
        } catch {
            code = error.errno
        }
        throw CommandLineError("cannot read \(Arguments.quoted(path)): \(FileDescriptor.describe(code))")
    }
}
