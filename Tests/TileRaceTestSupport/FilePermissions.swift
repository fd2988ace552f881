import Foundation

/// A file's mode bits (`0o600`), nil when it cannot be read.
public func filePermissions(_ path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
}
