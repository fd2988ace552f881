import Dispatch
import TileRaceBotClient

/// Prints each bot's reports a line at a time, in order; `queue` owns how many still play.
final class BotFleet: @unchecked Sendable {
    private let queue = DispatchQueue(label: "tilerace.bot.fleet")
    private let console: Console
    private var bots: [BotClient] = []
    private var playing: Int
    private let allEnded = DispatchSemaphore(value: 0)

    init(settings: [BotSettings], console: Console) {
        self.console = console
        playing = settings.count
        bots = settings.map { settings in
            BotClient(
                settings: settings,
                onReport: { [weak self] report in self?.report(settings.nickname, report) },
                onEnd: { [weak self] ending in self?.ended(settings.nickname, ending) })
        }
    }

    func start() {
        for bot in bots { bot.start() }
    }

    /// Every bot leaves its room and says goodbye.
    func stop() {
        for bot in bots { bot.stop() }
    }

    var hasAllEnded: Bool {
        queue.sync { playing == 0 }
    }

    /// Whether every bot ended within the timeout (none: as long as it takes).
    func waitUntilAllEnded(timeoutMilliseconds: Int? = nil) -> Bool {
        let deadline: DispatchTime = timeoutMilliseconds.map { .now() + .milliseconds($0) } ?? .distantFuture
        guard allEnded.wait(timeout: deadline) == .success else { return false }
        allEnded.signal()  // Later waits return at once.
        return true
    }

    private func report(_ name: String, _ report: BotReport) {
        guard report != .pinged else { return }
        queue.async { [console] in
            // After a nickname change the bot's own name says who it is.
            console.print("\(name): \(report.text)")
        }
    }

    private func ended(_ name: String, _ ending: BotEnding) {
        queue.async { [self] in
            dispatchPrecondition(condition: .onQueue(queue))
            // Left when asked, done when its arena is over, else stopped for a reason.
            let text = ending == .stopped ? "left" : ending.isStopped ? ending.message : "stopped: \(ending.message)"
            console.print("\(name): \(text)")
            playing -= 1
            if playing == 0 { allEnded.signal() }
        }
    }
}
