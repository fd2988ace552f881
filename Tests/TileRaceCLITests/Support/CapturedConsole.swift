import Foundation
import TileRaceCLI

/// Collects what a command writes.
final class CapturedConsole: @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""

    var output: String { lock.withLock { out } }
    var errors: String { lock.withLock { err } }

    var console: Console {
        Console(
            writeOutput: { [self] text in lock.withLock { out += text } },
            writeError: { [self] text in lock.withLock { err += text } },
            readAllInput: { nil })
    }
}
