/// The text of `tilerace-bench server --redis`'s figures: a Markdown table
/// (so it can go into a note as it is), then a line for each row whose load
/// was busy or that saw errors. A pure function of the rows.
enum ReferenceTable {
    /// The load's share of its cores above which it may be what limits the figures.
    static let busyLoadShare = 0.8

    /// A row that reached less of the rate asked than this was held back by the load or the machine.
    static let reachedShare = 0.9

    /// Time stolen from the server's CPUs (`StolenTime`) from which a row's
    /// tail may be the machine's: /proc/stat counts in 10 ms ticks, so one tick.
    static let stolenNotice = 0.01

    /// A turn of the load longer than this (ns) held its round trips up.
    static let longTurnNotice: UInt64 = 10_000_000

    /// The table and its notes; `requestsPerSecond` is the rate asked of every row.
    static func lines(for rows: [ReferenceBenchmark.Row], requestsPerSecond: Int) -> [String] {
        var lines = [
            "| load | requests/s | p50 ms | p99 ms | p99.9 ms | server CPU µs/request | server CPU % of a core | fan-out lines/s | server threads "
                + "| stolen ms, server / load CPUs | load's longest turn ms |",
            "|---|---|---|---|---|---|---|---|---|---|---|",
        ]
        for row in rows {
            if let reason = row.notMeasured {
                lines.append("| \(row.name) | not measured: \(reason) | | | | | | | | | |")
                continue
            }
            let cpu = row.serverCPUSeconds.map { String(format1: $0 / max(row.seconds, 1e-9) * 100) } ?? "-"
            let perRequest = row.serverMicrosecondsPerRequest.map { String(format1: $0) } ?? "-"
            let fanOut = row.seconds > 0 ? Int((Double(row.fannedOut) / row.seconds).rounded()) : 0
            lines.append(
                "| \(row.name) | \(Int(row.requestsPerSecond.rounded())) | \(percentile(row.roundTrips, 0.5)) | "
                    + "\(percentile(row.roundTrips, 0.99)) | \(percentile(row.roundTrips, 0.999)) | \(perRequest) | \(cpu) | "
                    + "\(fanOut) | \(row.serverThreads.map(String.init) ?? "-") | \(milliseconds(row.serverStolenSeconds)) / "
                    + "\(milliseconds(row.loadStolenSeconds)) | \(String(format1: Double(row.loadLongestTurn) / 1e6)) |")
        }
        for row in rows where row.notMeasured == nil {
            if row.loadShare > busyLoadShare {
                lines.append(
                    "warning: \(row.name): the load used \(Int((row.loadShare * 100).rounded()))% of its "
                        + "\(row.loadCores) core\(row.loadCores == 1 ? "" : "s"): it may be the bottleneck, not the server")
            }
            if row.requestsPerSecond < Double(requestsPerSecond) * reachedShare {
                lines.append(
                    "warning: \(row.name): \(Int(row.requestsPerSecond.rounded())) of the \(requestsPerSecond) requests/s asked: "
                        + "the load did not keep up (it or the machine is the limit; its figures are not the server's)")
            }
            if let stolen = row.serverStolenSeconds, stolen >= stolenNotice {
                lines.append(
                    "note: \(row.name): the machine's host took \(milliseconds(stolen)) ms of the server's CPUs in the row "
                        + "(steal, /proc/stat): a request there waited as long, so a tail that long may be the machine's, not the server's")
            }
            if row.loadLongestTurn > longTurnNotice {
                lines.append(
                    "note: \(row.name): one turn of the load took \(String(format1: Double(row.loadLongestTurn) / 1e6)) ms: "
                        + "the round trips of then waited on the load, not only the server")
            }
            if row.errorCount > 0 {
                lines.append("\(row.name): \(row.errorCount) errors (first: \(row.firstErrors.first ?? "-"))")
            }
        }
        return lines
    }

    /// Seconds as whole milliseconds, or `-` when unknown.
    static func milliseconds(_ seconds: Double?) -> String {
        seconds.map { String(Int(($0 * 1000).rounded())) } ?? "-"
    }

    /// The value at `fraction` of sorted round trips, in milliseconds with two decimals.
    static func percentile(_ sorted: [UInt64], _ fraction: Double) -> String {
        guard !sorted.isEmpty else { return "-" }
        let index = min(sorted.count - 1, max(0, Int((Double(sorted.count) * fraction).rounded(.up)) - 1))
        return String(format2: Double(sorted[index]) / 1e6)
    }
}
