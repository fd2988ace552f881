/// Ties keep their scheduling order, so a run never depends on a tie.
struct EventQueue<Event> {
    private struct Entry {
        var time: Int
        var order: Int
        var event: Event

        func precedes(_ other: Entry) -> Bool {
            (time, order) < (other.time, other.order)
        }
    }

    private var heap: [Entry] = []
    private var nextOrder = 0

    var isEmpty: Bool { heap.isEmpty }

    var count: Int { heap.count }

    mutating func schedule(_ event: Event, at time: Int) {
        heap.append(Entry(time: time, order: nextOrder, event: event))
        nextOrder += 1
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> (time: Int, event: Event)? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let entry = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < heap.count, heap[left].precedes(heap[first]) { first = left }
            if right < heap.count, heap[right].precedes(heap[first]) { first = right }
            guard first != parent else { break }
            heap.swapAt(parent, first)
            parent = first
        }
        return (entry.time, entry.event)
    }
}
