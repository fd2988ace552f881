/// Raw terminal bytes into keys. Split sequences are kept until complete; bad ones dropped whole.
/// A lone ESC looks like a sequence's start, so the runtime calls `flush()` after a short quiet.
struct KeyDecoder: Sendable {
    /// Anything longer is dropped.
    static let maximumSequenceLength = 32

    private var pending: [UInt8] = []

    /// Or for `flush()`.
    var hasPendingInput: Bool { !pending.isEmpty }

    mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [Key] where Bytes.Element == UInt8 {
        pending.append(contentsOf: bytes)
        return decodePending(isFinal: false)
    }

    /// A lone ESC becomes `.escape`; an unfinished sequence is dropped.
    mutating func flush() -> [Key] {
        decodePending(isFinal: true)
    }

    /// Not final: an unfinished sequence stays pending.
    private mutating func decodePending(isFinal: Bool) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            switch decode(at: index, isFinal: isFinal) {
            case .key(let key, let length):
                keys.append(key)
                index += length
            case .skip(let length):
                index += max(1, length)
            case .incomplete where !isFinal:
                pending.removeFirst(index)
                return keys
            case .incomplete:
                index += 1
            }
        }
        pending.removeAll(keepingCapacity: true)
        return keys
    }

    private enum Step {
        case key(Key, length: Int)
        case skip(length: Int)
        case incomplete
    }

    private func decode(at start: Int, isFinal: Bool) -> Step {
        let byte = pending[start]
        switch byte {
        case 0x1B:
            return decodeEscape(at: start, isFinal: isFinal)
        case 0x0D, 0x0A: return .key(.enter, length: 1)
        case 0x09: return .key(.tab, length: 1)
        case 0x7F, 0x08: return .key(.backspace, length: 1)
        case 0x01...0x1A: return .key(.control(Character(Unicode.Scalar(byte + 0x60))), length: 1)
        case 0x00, 0x1C...0x1F: return .skip(length: 1)
        case 0x20...0x7E: return .key(.character(Character(Unicode.Scalar(byte))), length: 1)
        default: return decodeUTF8(at: start, isFinal: isFinal)
        }
    }

    private func decodeEscape(at start: Int, isFinal: Bool) -> Step {
        guard start + 1 < pending.count else {
            return isFinal ? .key(.escape, length: 1) : .incomplete
        }
        switch pending[start + 1] {
        case UInt8(ascii: "["):
            return decodeCSI(at: start, isFinal: isFinal)
        case UInt8(ascii: "O"):
            guard start + 2 < pending.count else {
                return isFinal ? .skip(length: 2) : .incomplete
            }
            let final = pending[start + 2]
            let key: Key? = final == UInt8(ascii: "M") ? .enter : KeyDecoder.letterKeys[final]
            return key.map { .key($0, length: 3) } ?? .skip(length: 3)
        case 0x1B:
            // Alt with a key that has a sequence (ESC ESC [ A) is that key, as xterm's modifiers are ignored;
            // else the first ESC is a lone Escape (two pressed quickly).
            guard start + 2 < pending.count else { return isFinal ? .key(.escape, length: 1) : .incomplete }
            guard [UInt8(ascii: "["), UInt8(ascii: "O")].contains(pending[start + 2]) else { return .key(.escape, length: 1) }
            return .skip(length: 1)
        default:
            // Alt with a key (ESC n) is no key: never Escape and then n, which would close the chat line and act.
            switch decode(at: start + 1, isFinal: isFinal) {
            case .key(_, let length), .skip(let length): return .skip(length: 1 + length)
            case .incomplete: return .incomplete
            }
        }
    }

    /// `ESC [ parameters intermediates final`; parameters 0x30-0x3F,
    /// intermediates 0x20-0x2F, final 0x40-0x7E.
    private func decodeCSI(at start: Int, isFinal: Bool) -> Step {
        // The Linux console's F1 to F5: `ESC [ [ A` to `E`.
        if start + 2 < pending.count, pending[start + 2] == UInt8(ascii: "[") {
            guard start + 3 < pending.count else { return isFinal ? .skip(length: 3) : .incomplete }
            return .skip(length: 4)
        }
        var index = start + 2
        while index < pending.count {
            let byte = pending[index]
            if (0x20...0x3F).contains(byte) {
                index += 1
                continue
            }
            let length = index - start + 1
            guard (0x40...0x7E).contains(byte) else {
                // Not valid: drop what we have and decode the byte anew.
                return .skip(length: index - start)
            }
            let parameters = String(decoding: pending[(start + 2)..<index], as: UTF8.self)
            return KeyDecoder.csiKey(parameters: parameters, final: byte).map { .key($0, length: length) }
                ?? .skip(length: length)
        }
        // Wait for the rest, unless already far too long to be a key.
        return isFinal || index - start > KeyDecoder.maximumSequenceLength ? .skip(length: index - start) : .incomplete
    }

    private static func csiKey(parameters: String, final: UInt8) -> Key? {
        let first = parameters.split(separator: ";", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        switch final {
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "~"): return tildeKeys[first]
        default: return letterKeys[final]
        }
    }

    /// The final letters `ESC O` and `ESC [` share.
    private static let letterKeys: [UInt8: Key] = [
        UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right, UInt8(ascii: "D"): .left,
        UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
    ]

    /// `ESC [ n ~`, by `n`.
    private static let tildeKeys: [String: Key] = [
        "1": .home, "7": .home, "2": .insert, "3": .delete, "4": .end, "8": .end, "5": .pageUp, "6": .pageDown,
    ]

    private func decodeUTF8(at start: Int, isFinal: Bool) -> Step {
        let byte = pending[start]
        let length: Int
        switch byte {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .skip(length: 1)
        }
        guard start + length <= pending.count else {
            let available = pending[(start + 1)...]
            if available.contains(where: { $0 & 0xC0 != 0x80 }) { return .skip(length: 1) }
            return isFinal ? .skip(length: pending.count - start) : .incomplete
        }
        let bytes = Array(pending[start..<(start + length)])
        guard bytes.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }),
            case let text = String(decoding: bytes, as: UTF8.self), Array(text.utf8) == bytes, let character = text.first,
            text.count == 1, ScreenText.isPrintable(character)
        else {
            return .skip(length: 1)
        }
        return .key(.character(character), length: length)
    }
}
