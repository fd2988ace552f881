/// Linear probing, keyed by multiplying by 2⁶⁴/φ: `Dictionary`'s SipHash was most of a
/// look-up, and these keys are the server's own, so no peer can force collisions. At most
/// half full; removal shifts back (no tombstones). Public and inlinable so each module
/// specializes it: `package` generics were not, and cost several times as much.
public struct IntegerTable<Value> {
    /// `IntegerTable.empty` where free.
    @usableFromInline var slotKeys: [Int]
    @usableFromInline var slotValues: [Value?]
    /// 64 minus log₂ of the number of slots: a product's top bits pick the slot.
    @usableFromInline var shift: Int
    @inlinable public var count: Int { keyCount }
    @usableFromInline var keyCount = 0

    /// The key of a free slot (no key may be this).
    @usableFromInline static var empty: Int { Int.min }

    @inlinable public init() {
        slotKeys = Array(repeating: IntegerTable.empty, count: 16)
        slotValues = Array(repeating: nil, count: 16)
        shift = 64 - 4
    }

    @inlinable public var isEmpty: Bool { keyCount == 0 }

    /// In no particular order (as `values`).
    @inlinable public var keys: [Int] { slotKeys.filter { $0 != IntegerTable.empty } }

    @inlinable public var values: [Value] { slotValues.compactMap { $0 } }

    /// Setting nil removes the key.
    @inlinable public subscript(key: Int) -> Value? {
        get {
            let (slot, isFound) = find(key)
            return isFound ? slotValues[slot] : nil
        }
        set {
            precondition(key != IntegerTable.empty, "a table's key cannot be Int.min")
            var (slot, isFound) = find(key)
            guard let newValue else {
                if isFound { remove(at: slot) }
                return
            }
            if !isFound {
                if (keyCount + 1) * 2 > slotKeys.count {
                    grow()
                    slot = find(key).slot
                }
                slotKeys[slot] = key
                keyCount += 1
            }
            slotValues[slot] = newValue
        }
    }

    @inlinable func home(of key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    /// The slot holding `key` (found), or the free slot where it would go.
    @inlinable func find(_ key: Int) -> (slot: Int, isFound: Bool) {
        let mask = slotKeys.count - 1
        var slot = home(of: key)
        while true {
            let held = slotKeys[slot]
            if held == key { return (slot, true) }
            if held == IntegerTable.empty { return (slot, false) }
            slot = (slot + 1) & mask
        }
    }

    /// Backward-shift deletion.
    @inlinable mutating func remove(at slot: Int) {
        let mask = slotKeys.count - 1
        var gap = slot
        var next = slot
        while true {
            next = (next + 1) & mask
            let key = slotKeys[next]
            if key == IntegerTable.empty { break }
            let start = home(of: key)
            // The entry stays when its home lies after the gap, up to where it is (cyclically).
            let staysPut = gap <= next ? (gap < start && start <= next) : (gap < start || start <= next)
            if staysPut { continue }
            slotKeys[gap] = key
            slotValues[gap] = slotValues[next]
            gap = next
        }
        slotKeys[gap] = IntegerTable.empty
        slotValues[gap] = nil
        keyCount -= 1
    }

    @inlinable mutating func grow() {
        let oldSlotKeys = slotKeys
        let oldSlotValues = slotValues
        slotKeys = Array(repeating: IntegerTable.empty, count: oldSlotKeys.count * 2)
        slotValues = Array(repeating: nil, count: oldSlotKeys.count * 2)
        shift -= 1
        for (index, key) in oldSlotKeys.enumerated() where key != IntegerTable.empty {
            let slot = find(key).slot
            slotKeys[slot] = key
            slotValues[slot] = oldSlotValues[index]
        }
    }
}

extension IntegerTable: Sendable where Value: Sendable {}
