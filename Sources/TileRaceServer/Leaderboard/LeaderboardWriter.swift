import Dispatch

/// Stores `PersistRequest`s on its own disk queue, so syncs never stall
/// the players' queue. After one request fails, the rest of its generation
/// fail unwritten. Only the writer touches the store, on that queue.
final class LeaderboardWriter: @unchecked Sendable {
    private let store: any LeaderboardPersisting
    private let queue = DispatchQueue(label: "tilerace.server.disk")
    private var failedGeneration: Int?

    /// Takes over `store`.
    init(store: any LeaderboardPersisting) {
        self.store = store
    }

    /// Stores `request` on the disk queue; `completion` gets the outcome there.
    func write(_ request: PersistRequest, completion: @escaping @Sendable (PersistOutcome) -> Void) {
        queue.async { completion(self.perform(request)) }
    }

    /// Waits for every write given so far, then closes the store.
    func close() {
        queue.sync { store.close() }
    }

    private func perform(_ request: PersistRequest) -> PersistOutcome {
        dispatchPrecondition(condition: .onQueue(queue))
        if let failedGeneration, failedGeneration == request.generation {
            return .failed(.io(operation: "write", path: "leaderboard", reason: "an earlier submission could not be saved"))
        }
        do throws(StoreError) {
            return .stored(warnings: try store.commit(request.records))
        } catch {
            failedGeneration = request.generation
            return .failed(error)
        }
    }
}
