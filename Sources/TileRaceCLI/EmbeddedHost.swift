import TileRaceClient
import TileRaceServer

/// The race server `tilerace` runs in its own process when no `--host` is
/// given, so one command hosts and plays. Falls back sensibly: when another
/// tilerace on this machine already holds the leaderboard, it joins that one;
/// when the leaderboard cannot be used, it hosts with one in memory.
enum EmbeddedHost {
    /// How many ports after the first are tried (2048 to 2068).
    static let additionalPorts = 20

    /// What was started, and how the client reaches it.
    struct Outcome {
        /// The server running in this process, to stop on exit; nil when none.
        var server: RaceServer?
        /// Where to connect and what to tell the player.
        var plan: NetworkPlan

        /// What the client needs of it.
        var hostedServer: HostedServer {
            guard let server else { return HostedServer(plan: plan) }
            return HostedServer(plan: plan, connectedClientCount: { server.connectionCount }, stop: { server.stop() })
        }
    }

    /// Starts the server for `options` (all interfaces, or this machine with
    /// `--local`; port `options.port` or one of the next free ones) with its
    /// leaderboard in `dataDirectory`. `addresses` are this machine's network
    /// addresses (for the "friends join with" line), `probe` tells whether a
    /// TileRace server answers on a local port.
    static func start(
        options: ClientOptions, dataDirectory: String?, addresses: [String] = RaceServer.localAddresses(),
        probe: (Int) -> Bool = ServerProbe.isTileRace
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
                if let port = ServerProbe.find(among: ports, probe: probe) {
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

    /// The plan while hosting on `port`: connect over loopback; tell friends where to join.
    static func hosting(port: Int, options: ClientOptions, addresses: [String], notice: String?) -> NetworkPlan {
        let info: [String]
        if options.isLocalOnly {
            info = [
                "Hosting on port \(port), this machine only (--local); join with:",
                "tilerace play --host 127.0.0.1 --port \(port)",
            ]
        } else if let address = HostAddress.best(among: addresses) {
            info = ["Hosting on port \(port) — friends join with:", "tilerace play --host \(address) --port \(port)"]
        } else {
            info = [
                "Hosting on port \(port), this machine only (no network address); join with:",
                "tilerace play --host 127.0.0.1 --port \(port)",
            ]
        }
        return NetworkPlan(endpoint: ServerEndpoint(host: "127.0.0.1", port: port), hostingInfo: info, notice: notice)
    }
}
