/// Values by positive integer key, for the tables the server looks up on
/// every request (sessions and connections by number, a poller's sockets
/// by token): open addressing with linear probing, the slot chosen by
/// multiplying the key by 2⁶⁴/φ (Fibonacci hashing). A `Dictionary` hashes
/// each key with SipHash, which is most of a look-up's cost; these keys are
/// the server's own numbers, so no peer can choose keys that collide.
///
/// At most half the slots are taken (the table doubles before that); a
/// removal moves the entries after it back, so no slot is left marked.
/// A value type, like `Dictionary`. Public and inlinable, so each module
/// that uses it gets code made for its values (the optimizer specialized
/// no `package` generic for another module, which then ran the generic
/// code, with metadata look-ups, at several times the cost).
public struct IntegerTable<Value> {
    /// Each slot's key, `IntegerTable.empty` where free.
    @usableFromInline var slotKeys: [Int]
    /// Each slot's value (nil where free).
    @usableFromInline var slotValues: [Value?]
    /// 64 minus log₂ of the number of slots: a product's top bits pick the slot.
    @usableFromInline var shift: Int
    /// The number of keys in the table.
    @inlinable public var count: Int { keyCount }
    /// The number of keys (stored; `count` reads it).
    @usableFromInline var keyCount = 0

    /// The key of a free slot (no key may be this).
    @usableFromInline static var empty: Int { Int.min }

    /// An empty table.
    @inlinable public init() {
        slotKeys = Array(repeating: IntegerTable.empty, count: 16)
        slotValues = Array(repeating: nil, count: 16)
        shift = 64 - 4
    }

    /// Whether the table holds no key.
    @inlinable public var isEmpty: Bool { keyCount == 0 }

    /// The keys, in no particular order.
    @inlinable public var keys: [Int] { slotKeys.filter { $0 != IntegerTable.empty } }

    /// The values, in no particular order.
    @inlinable public var values: [Value] { slotValues.compactMap { $0 } }

    /// The value for `key` (a number from 1); setting nil removes it.
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

    /// The slot a key's search starts at.
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

    /// Frees a slot, then moves back each entry of the run after it that
    /// would no longer be found past the gap (backward-shift deletion).
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

    /// Doubles the slots and puts every entry in its new place.
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
