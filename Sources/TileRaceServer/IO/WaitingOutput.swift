/// Connections whose output waits a little for more (`sendSoon`). Every
/// wait is equally long, so a FIFO queue keeps them in end order; waits
/// that ended early are dropped as they reach the front (`isWaiting`).
/// Owned by its shard's queue.
struct WaitingOutput {
    private var waits: [(id: ConnectionID, until: Int)] = []
    /// Taken from the front without moving the rest.
    private var front = 0

    init() {}

    /// Counts waits that ended early too.
    var isEmpty: Bool { front == waits.count }

    /// The deadline is raised to the last wait's end if later, so the queue
    /// stays in order whatever the clock does; returns the deadline it got.
    @discardableResult
    mutating func append(_ id: ConnectionID, until deadline: Int) -> Int {
        let deadline = isEmpty ? deadline : max(deadline, waits[waits.count - 1].until)
        waits.append((id, deadline))
        return deadline
    }

    /// Waits before it, which ended early, are dropped.
    mutating func nextDeadline(isWaiting: (ConnectionID, Int) -> Bool) -> Int? {
        while front < waits.count, !isWaiting(waits[front].id, waits[front].until) { front += 1 }
        compact()
        return front < waits.count ? waits[front].until : nil
    }

    /// `body` checks whether each wait still went on.
    mutating func removeEnded(by now: Int, _ body: (ConnectionID, Int) -> Void) {
        while front < waits.count, waits[front].until <= now {
            let wait = waits[front]
            front += 1
            body(wait.id, wait.until)
        }
        compact()
    }

    mutating func removeAll() {
        waits.removeAll()
        front = 0
    }

    /// Reclaims the front's used slots: all once empty (keeping capacity),
    /// else once they are most of it.
    private mutating func compact() {
        if front == waits.count {
            waits.removeAll(keepingCapacity: true)
            front = 0
        } else if front >= 1024, front * 2 >= waits.count {
            waits.removeFirst(front)
            front = 0
        }
    }
}
