/// Deadlines by key, earliest first. Rescheduling replaces; stale entries
/// are skipped lazily. Equal deadlines keep scheduling order, so the order
/// never depends on hashing.
struct TimerQueue<Key: Hashable> {
    private struct Item {
        var deadline: Int
        var token: Int
        var key: Key

        func isBefore(_ other: Item) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : token < other.token
        }
    }

    /// The token of each key's live item.
    private var current: [Key: Int] = [:]
    private var heap: [Item] = []
    private var nextToken = 0
    /// Saves a look-up when the next deadline is asked again (after every
    /// batch) with no change.
    private var isFirstLive = false

    func isScheduled(_ key: Key) -> Bool { current[key] != nil }

    mutating func schedule(_ key: Key, at deadline: Int) {
        nextToken += 1
        current[key] = nextToken
        push(Item(deadline: deadline, token: nextToken, key: key))
        isFirstLive = false
    }

    mutating func cancel(_ key: Key) {
        current[key] = nil
        isFirstLive = false
    }

    mutating func nextDeadline() -> Int? {
        dropStale()
        return heap.first?.deadline
    }

    mutating func popDue(now: Int) -> [Key] {
        var due: [Key] = []
        while true {
            dropStale()
            guard let first = heap.first, first.deadline <= now else { return due }
            pop()
            current[first.key] = nil
            due.append(first.key)
        }
    }

    private mutating func dropStale() {
        guard !isFirstLive else { return }
        while let first = heap.first, current[first.key] != first.token { pop() }
        isFirstLive = true
    }

    private mutating func push(_ item: Item) {
        heap.append(item)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].isBefore(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func pop() {
        isFirstLive = false
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].isBefore(heap[smallest]) { smallest = left }
            if right < heap.count, heap[right].isBefore(heap[smallest]) { smallest = right }
            guard smallest != parent else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
