import Foundation

/// A fresh directory under the system's temporary directory, removed when released.
final class TemporaryDirectory {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "tilerace-tests-" + UUID().uuidString
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A path inside the directory.
    func file(_ name: String) -> String { path + "/" + name }

    /// The content of a file as text.
    func read(_ name: String) throws -> String {
        try String(contentsOfFile: file(name), encoding: .utf8)
    }

    /// Replaces a file's content.
    func write(_ name: String, _ text: String) throws {
        try text.write(toFile: file(name), atomically: false, encoding: .utf8)
    }
}
