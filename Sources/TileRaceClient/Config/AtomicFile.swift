import Foundation
import TileRaceTransport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file whole: a temporary file beside it (named for this process, so two clients never share
/// one), written, synced and renamed over it (mode 0600), then the directory synced; the directory is
/// created (0700) first if needed. A crash leaves the old file or the new one.
enum AtomicFile {
    static func replace(_ path: String, in directory: String, with bytes: [UInt8]) throws(ConfigError) {
        do throws(FileSystem.Failure) {
            try FileSystem.makeDirectories(directory)
        } catch {
            throw ConfigError(code: "create-directory", message: "cannot create \(error.path): \(FileDescriptor.describe(error.errno))")
        }
        let temporary = path + ".tmp.\(getpid())"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            throw ConfigError(code: "write", message: "cannot create \(temporary): \(FileDescriptor.describe(errno))")
        }
        defer { close(descriptor) }
        do throws(FileSystem.Failure) {
            try FileSystem.writeAll(descriptor, bytes, path: temporary)
        } catch {
            unlink(temporary)
            throw ConfigError(code: "write", message: "cannot write \(temporary): \(FileDescriptor.describe(error.errno))")
        }
        fchmod(descriptor, 0o600)
        fsync(descriptor)
        guard rename(temporary, path) == 0 else {
            let error = errno
            unlink(temporary)
            throw ConfigError(code: "rename", message: "cannot replace \(path): \(FileDescriptor.describe(error))")
        }
        try? FileSystem.syncDirectory(of: path)
    }

    /// `value` as JSON and a newline; `what` names it when it cannot be encoded.
    static func replace(
        _ path: String, in directory: String, withJSON value: some Encodable, formatting: JSONEncoder.OutputFormatting, naming what: String
    ) throws(ConfigError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw ConfigError(code: "encode", message: "cannot encode \(what): \(error)")
        }
        try replace(path, in: directory, with: Array(data) + [0x0A])
    }
}
