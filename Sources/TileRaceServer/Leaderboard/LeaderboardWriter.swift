import Dispatch

/// Stores the core's `PersistRequest`s on a serial disk queue of its own, so
/// appending, syncing and compacting never stall the queue that serves
/// players. Requests are written in the order given; after one fails, the
/// rest of its generation fail unwritten (see `PersistRequest`).
///
/// The store is owned by the disk queue from `init` on: only the writer
/// touches it, there.
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
