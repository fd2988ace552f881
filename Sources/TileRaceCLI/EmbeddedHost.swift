import TileRaceClient
import TileRaceServer
import TileRaceTransport

/// The server `tilerace` runs itself when no `--host` is given. It joins another local
/// tilerace that holds the leaderboard, or hosts with one in memory when it cannot be used.
enum EmbeddedHost {
    /// Ports tried after the first (2048 to 2068).
    static let additionalPorts = 20

    struct Outcome {
        /// The server running in this process, to stop on exit.
        var server: RaceServer?
        var plan: NetworkPlan

        var hostedServer: HostedServer {
            guard let server else { return HostedServer(plan: plan) }
            return HostedServer(plan: plan, connectedClientCount: { server.connectionCount }, stop: { server.stop() })
        }
    }

    /// `addresses` feed the "friends join with" line; `probe` tells whether a TileRace
    /// server answers on a local port.
    static func start(
        options: ClientOptions, dataDirectory: String?, addresses: [String] = RaceServer.localAddresses(),
        probe: (Int) -> Bool = isTileRace
    ) -> Outcome {
        var configuration = RaceServer.Configuration()
        configuration.bindAddress = options.isLocalOnly ? "127.0.0.1" : "0.0.0.0"
        configuration.port = options.port
        configuration.additionalPortAttempts = additionalPorts
        configuration.dataDirectory = dataDirectory
        configuration.log = .silent

        var notice: String?
        if dataDirectory == nil { notice = "no data directory (HOME is not set): the leaderboard is kept in memory this session" }
        // Each failure changes one thing and tries again: another port, or a leaderboard in memory.
        for _ in 0..<3 {
            switch attempt(configuration) {
            case .success(let (server, port)):
                return Outcome(server: server, plan: hosting(port: port, options: options, addresses: addresses, notice: notice))
            case .failure(.leaderboard(.locked(let directory))) where configuration.dataDirectory != nil:
                let ports = Array(options.port...min(65535, options.port + additionalPorts)).filter { $0 > 0 }
                if let port = ports.first(where: probe) {
                    return Outcome(
                        server: nil,
                        plan: NetworkPlan(
                            endpoint: ServerEndpoint(host: "127.0.0.1", port: port),
                            notice: "another tilerace on this machine is hosting on port \(port): joined it"))
                }
                notice = "the leaderboard in \(directory) is in use by another program: this session keeps scores in memory only"
                configuration.dataDirectory = nil
            case .failure(.leaderboard(let error)) where configuration.dataDirectory != nil:
                notice = "leaderboard not loaded (\(error.message)): this session keeps scores in memory only"
                configuration.dataDirectory = nil
            case .failure(.addressInUse) where configuration.port != 0:
                // Every port from the first is taken: any free one will do.
                configuration.port = 0
                configuration.additionalPortAttempts = 0
            case .failure(let error):
                return Outcome(server: nil, plan: .offline("could not host a server: \(error.message)"))
            }
        }
        return Outcome(server: nil, plan: .offline("could not host a server"))
    }

    private static func attempt(_ configuration: RaceServer.Configuration) -> Result<(RaceServer, Int), ServerError> {
        let server = RaceServer(configuration: configuration)
        do throws(ServerError) {
            return .success((server, try server.start()))
        } catch {
            return .failure(error)
        }
    }

    /// Connect over loopback; tell friends where to join.
    static func hosting(port: Int, options: ClientOptions, addresses: [String], notice: String?) -> NetworkPlan {
        let info: [String]
        if !options.isLocalOnly, let address = bestAddress(among: addresses) {
            info = ["Hosting on port \(port) — friends join with:", "tilerace play --host \(address) --port \(port)"]
        } else {
            info = [
                "Hosting on port \(port), this machine only (\(options.isLocalOnly ? "--local" : "no network address")); join with:",
                "tilerace play --host 127.0.0.1 --port \(port)",
            ]
        }
        return NetworkPlan(endpoint: ServerEndpoint(host: "127.0.0.1", port: port), hostingInfo: info, notice: notice)
    }

    /// Home or office networks first (192.168, 10, 172.16-31, container bridges 172.17 last),
    /// then any other; link-local 169.254 only if nothing else.
    static func bestAddress(among addresses: [String]) -> String? {
        func rank(_ address: String) -> Int {
            let parts = address.split(separator: ".").compactMap { Int($0) }
            guard parts.count == 4 else { return 9 }
            switch (parts[0], parts[1]) {
            case (192, 168): return 0
            case (10, _): return 1
            case (172, 17): return 3
            case (172, 16...31): return 2
            case (169, 254): return 5
            default: return 4
            }
        }
        return addresses.enumerated().min { a, b in
            let (x, y) = (rank(a.element), rank(b.element))
            return x != y ? x < y : a.offset < b.offset
        }?.element
    }

    /// Greets with `HELLO tilerace 1` on 127.0.0.1 within a second.
    static func isTileRace(port: Int) -> Bool {
        guard (1...65535).contains(port),
            let client = try? LineClient(host: "127.0.0.1", port: port, timeoutMilliseconds: 300)
        else { return false }
        defer { client.close() }
        guard let greeting = try? client.readLine(timeoutMilliseconds: 700) else { return false }
        try? client.send("QUIT")
        return greeting.hasPrefix("HELLO tilerace 1")
    }
}
