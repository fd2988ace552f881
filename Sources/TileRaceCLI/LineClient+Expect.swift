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
}
