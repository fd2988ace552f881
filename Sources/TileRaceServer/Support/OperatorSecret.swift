import Foundation
import TileRaceTransport

/// The operator's secret for `AUTH` (protocol.md section 13), in a 0600
/// file (`operator.secret`, made at first start, or one the operator
/// names). Never taken from a command line, where other users could read it.
public enum OperatorSecret {
    public static let fileName = "operator.secret"
    /// The shortest secret a file may hold.
    public static let minimumLength = 16

    public static func path(inDataDirectory directory: String) -> String {
        directory + "/" + fileName
    }

    /// - Throws: when the file cannot be read, is empty, holds control
    ///   characters or spaces, or is shorter than 16.
    public static func read(path: String) throws(OperatorSecretError) -> String {
        let bytes: [UInt8]?
        do throws(FileSystem.Failure) {
            bytes = try FileSystem.read(path)
        } catch {
            throw OperatorSecretError(message: "cannot read the operator secret: \(error.message)")
        }
        guard let bytes else { throw OperatorSecretError(message: "the operator secret file \(path) does not exist") }
        let firstLine = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        let secret = firstLine.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r"))
        guard secret.utf8.count >= minimumLength, secret.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw OperatorSecretError(
                message:
                    "the operator secret file \(path) must hold one line of at least \(minimumLength) printable characters without spaces")
        }
        return secret
    }

    /// The data directory's secret, made (mode 0600) when it has none yet.
    /// - Returns: the secret, and whether it was made now.
    public static func loadOrCreate(inDataDirectory directory: String, random: RandomSource = .system) throws(OperatorSecretError) -> (
        secret: String, isNew: Bool
    ) {
        let path = path(inDataDirectory: directory)
        guard !FileSystem.exists(path) else { return (try read(path: path), false) }
        let secret = random.token() + random.token()
        do throws(FileSystem.Failure) {
            try FileSystem.makeDirectories(directory)
            try FileSystem.replaceAtomically(path, with: Array((secret + "\n").utf8))
        } catch {
            throw OperatorSecretError(message: "cannot write the operator secret: \(error.message)")
        }
        return (secret, true)
    }
}

/// Whether `given` is `secret` (the operator's, or a claim's token), in a
/// time that depends on the lengths only, so a wrong guess leaks nothing.
func isSameSecret(_ given: String, _ secret: String) -> Bool {
    let (left, right) = (Array(given.utf8), Array(secret.utf8))
    var difference = UInt8(left.count == right.count ? 0 : 1)
    for index in right.indices {
        difference |= right[index] ^ (index < left.count ? left[index] : 0)
    }
    return difference == 0
}

/// Why the operator's secret could not be read or made.
public struct OperatorSecretError: Error, Hashable, Sendable {
    public var message: String
}
