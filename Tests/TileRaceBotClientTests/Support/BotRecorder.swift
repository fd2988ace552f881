import Dispatch
import TileRaceBotClient

/// Collects what a bot reports and how it ended, and waits for them with a
/// deadline (no sleeping: each report wakes the waiter).
final class BotRecorder: @unchecked Sendable {
    /// Each wait's deadline.
    static let timeoutMilliseconds = 10_000

    // Owned by `queue`.
    private let queue = DispatchQueue(label: "tests.bot.recorder")
    private var collected: [BotReport] = []
    private var collectedEnding: BotEnding?
    private let changed = DispatchSemaphore(value: 0)

    /// Every report so far.
    var reports: [BotReport] { queue.sync { collected } }
    /// How the bot ended, if it did.
    var ending: BotEnding? { queue.sync { collectedEnding } }

    func record(_ report: BotReport) {
        queue.sync { collected.append(report) }
        changed.signal()
    }

    func record(_ ending: BotEnding) {
        queue.sync { collectedEnding = ending }
        changed.signal()
    }

    /// A bot for `settings` reporting here, not started.
    func bot(_ settings: BotSettings) -> BotClient {
        BotClient(settings: settings, onReport: { self.record($0) }, onEnd: { self.record($0) })
    }

    /// Waits until `condition` holds for the reports and ending; returns
    /// whether it did before the deadline.
    func wait(until condition: ([BotReport], BotEnding?) -> Bool) -> Bool {
        let deadline = DispatchTime.now() + .milliseconds(BotRecorder.timeoutMilliseconds)
        while true {
            let (reports, ending) = queue.sync { (collected, collectedEnding) }
            if condition(reports, ending) { return true }
            guard changed.wait(timeout: deadline) == .success else { return false }
        }
    }

    /// Waits for a report matching `predicate`.
    func wait(for predicate: @escaping (BotReport) -> Bool) -> Bool {
        wait { reports, _ in reports.contains(where: predicate) }
    }

    /// Waits for the bot to end.
    func waitForEnding() -> BotEnding? {
        _ = wait { _, ending in ending != nil }
        return ending
    }
}
