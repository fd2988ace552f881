import Foundation
import TileRaceTransport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `config.json`, written atomically with mode 0600 (it holds tokens) in a 0700 directory.
/// A file that cannot be read is never overwritten: the next save moves it to `config.json.bak`.
public struct ConfigStore: Sendable {
    static let maximumFileSize = 1 << 20

    public let directory: String

    public var path: String { directory + "/config.json" }

    public struct Loaded: Sendable {
        public var config: ClientConfig
        /// One line, when the file could not be used as is.
        public var problem: String?
        /// An unreadable file must be moved aside, not overwritten.
        public var mustPreserveExistingFile: Bool
    }

    /// Never fails: a missing or corrupt file gives the defaults (corrupt with a problem).
    public func load() -> Loaded {
        let bytes: [UInt8]
        do throws(FileSystem.Failure) {
            guard let read = try FileSystem.read(path) else {
                return Loaded(config: ClientConfig(), problem: nil, mustPreserveExistingFile: false)
            }
            bytes = read
        } catch {
            return broken("cannot read \(path): \(FileDescriptor.describe(error.errno))")
        }
        guard bytes.count <= ConfigStore.maximumFileSize else {
            return broken("\(path) is larger than \(ConfigStore.maximumFileSize / 1024) KB")
        }
        var config: ClientConfig
        do {
            config = try JSONDecoder().decode(ClientConfig.self, from: Data(bytes))
        } catch {
            return broken("\(path) is not a valid config (\(ConfigStore.describe(decoding: error)))")
        }
        let problems = config.dropInvalidValues()
        return Loaded(
            config: config,
            problem: problems.isEmpty ? nil : "\(path): " + problems.joined(separator: "; "),
            mustPreserveExistingFile: false)
    }

    private func broken(_ problem: String) -> Loaded {
        Loaded(
            config: ClientConfig(),
            problem: problem + "; using defaults (the file will be kept as .bak)",
            mustPreserveExistingFile: true)
    }

    /// When `preservingExisting`, the current file is first moved to a free `.bak` name, returned.
    @discardableResult
    public func save(_ config: ClientConfig, preservingExisting: Bool = false) throws(ConfigError) -> String? {
        var backup: String?
        if preservingExisting, ConfigStore.exists(path) {
            let target = freeBackupPath()
            guard rename(path, target) == 0 else {
                throw ConfigError(code: "backup", message: "cannot move \(path) aside to \(target): \(FileDescriptor.describe(errno))")
            }
            backup = target
        }
        try AtomicFile.replace(path, in: directory, withJSON: config, formatting: [.prettyPrinted, .sortedKeys], naming: "the config")
        return backup
    }

    private func freeBackupPath() -> String {
        var candidate = path + ".bak"
        var number = 2
        while ConfigStore.exists(candidate) {
            candidate = path + ".bak.\(number)"
            number += 1
        }
        return candidate
    }

    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    private static func describe(decoding error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return (path.isEmpty ? "" : path + ": ") + (context.underlyingError.map { _ in "malformed JSON" } ?? context.debugDescription)
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "\(path): wrong type"
        case DecodingError.keyNotFound(let key, _):
            return "missing \(key.stringValue)"
        default:
            return "malformed JSON"
        }
    }
}
