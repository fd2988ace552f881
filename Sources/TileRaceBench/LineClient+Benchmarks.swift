import Dispatch
import TileRaceTransport

extension LineClient {
    /// Sends a request and reads lines until its reply (`OK` or `ERR`), which
    /// must start with `expected`; events before it are skipped. For the
    /// benchmarks, which know what each request must get.
    func expect(_ request: String, _ expected: String) throws(LineClient.Failure) {
        try send(request)
        while let line = try readLine(timeoutMilliseconds: 60_000) {
            if line.hasPrefix("OK ") || line.hasPrefix("ERR ") {
                guard line.hasPrefix(expected) else { throw LineClient.Failure(message: "\(request): \(line)") }
                return
            }
        }
        throw LineClient.Failure(message: "\(request): the server closed the connection")
    }

    /// What the leaderboard benchmarks time: connects to a server on this
    /// machine, greets as `nickname`, then `count` times resigns a practice
    /// game and submits it under `submitting(index)`, a new nickname each time.
    /// - Returns: each `SUBMIT` round trip, in seconds, in order.
    static func timedSubmissions(port: Int, greetingAs nickname: String, count: Int, submitting: (Int) -> String)
        throws(LineClient.Failure) -> [Double]
    {
        let client = try LineClient(host: "127.0.0.1", port: port)
        _ = try client.readLine()
        try client.expect("HELLO tilerace 1 \(nickname)", "OK HELLO")
        var times: [Double] = []
        for index in 0..<count {
            try client.expect("PRACTICE seed=\(index)", "OK PRACTICE")
            try client.expect("RESIGN", "OK RESIGN")
            let started = DispatchTime.now().uptimeNanoseconds
            try client.expect("SUBMIT \(submitting(index))", "OK SUBMIT")
            times.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
        }
        return times
    }
}
