import Foundation
import Testing

/// Compares `text` with the committed file `Snapshots/<name>.txt` next to the
/// tests. With `TILERACE_RECORD_SNAPSHOTS=1` in the environment the file is
/// (re)written instead and the test fails, so a recording is never taken for
/// a pass: look at the new file, then run again without the variable.
func assertSnapshot(
    _ text: String, named name: String, filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    var directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    if directory.lastPathComponent == "Support" { directory.deleteLastPathComponent() }
    let file = directory.appendingPathComponent("Snapshots").appendingPathComponent(name + ".txt")
    let content = text + "\n"
    if ProcessInfo.processInfo.environment["TILERACE_RECORD_SNAPSHOTS"] != nil {
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? content.write(to: file, atomically: true, encoding: .utf8)
        Issue.record(
            "recorded snapshot \(name); check it by eye, then run again without TILERACE_RECORD_SNAPSHOTS",
            sourceLocation: sourceLocation)
        return
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
        Issue.record("no snapshot \(file.path): run with TILERACE_RECORD_SNAPSHOTS=1 to record it", sourceLocation: sourceLocation)
        return
    }
    guard expected != content else { return }
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = content.split(separator: "\n", omittingEmptySubsequences: false)
    let line =
        zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(expectedLines.count, actualLines.count)
    let want = line < expectedLines.count ? String(expectedLines[line]) : "<end>"
    let got = line < actualLines.count ? String(actualLines[line]) : "<end>"
    Issue.record(
        "snapshot \(name) differs at line \(line + 1):\n  expected: \(want)\n  actual:   \(got)\n\(content)",
        sourceLocation: sourceLocation)
}
