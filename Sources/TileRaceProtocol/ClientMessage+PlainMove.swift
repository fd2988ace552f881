import TileRaceEngine

extension ClientMessage {
    /// A fast path for the most frequent request, a plainly written `MOVE <seq> <moves>`;
    /// anything else is nil and goes to `RequestVerb.parse(line:)`. Both agree where both read (tested).
    public static func plainMove(_ line: String) -> ClientMessage? {
        var line = line
        return line.withUTF8 { plainMove(bytes: $0) }
    }

    /// `plainMove(_:)` on a line's bytes, read where the framer holds them.
    public static func plainMove(bytes: UnsafeBufferPointer<UInt8>) -> ClientMessage? {
        guard bytes.count >= 8, bytes[0] == UInt8(ascii: "M"), bytes[1] == UInt8(ascii: "O"), bytes[2] == UInt8(ascii: "V"),
            bytes[3] == UInt8(ascii: "E"), bytes[4] == UInt8(ascii: " ")
        else { return nil }
        var index = 5
        var seq = 0
        while index < bytes.count, bytes[index] != 0x20 {
            let digit = Int(bytes[index]) - 0x30
            guard digit >= 0, digit <= 9, index - 5 < 10, !(seq == 0 && digit == 0) else { return nil }
            seq = seq * 10 + digit
            index += 1
        }
        guard seq >= 1, seq <= Int(Int32.max), index < bytes.count - 1 else { return nil }
        index += 1
        if index == bytes.count - 1 {
            // One move, the usual line: its list is made once, not per line.
            switch bytes[index] {
            case UInt8(ascii: "L"): return .move(seq: seq, entries: OneMove.left)
            case UInt8(ascii: "R"): return .move(seq: seq, entries: OneMove.right)
            case UInt8(ascii: "U"): return .move(seq: seq, entries: OneMove.up)
            case UInt8(ascii: "D"): return .move(seq: seq, entries: OneMove.down)
            default: return nil
            }
        }
        var entries: [GameLog.Entry] = []
        entries.reserveCapacity(bytes.count - index)
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "L"): entries.append(.move(.left))
            case UInt8(ascii: "R"): entries.append(.move(.right))
            case UInt8(ascii: "U"): entries.append(.move(.up))
            case UInt8(ascii: "D"): entries.append(.move(.down))
            default: return nil
            }
            index += 1
        }
        return .move(seq: seq, entries: entries)
    }
}

/// The entries of a `MOVE` of one move, one list each, shared by every such line.
private enum OneMove {
    static let left: [GameLog.Entry] = [.move(.left)]
    static let right: [GameLog.Entry] = [.move(.right)]
    static let up: [GameLog.Entry] = [.move(.up)]
    static let down: [GameLog.Entry] = [.move(.down)]
}
