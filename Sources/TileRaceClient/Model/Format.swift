package enum Format {
    /// `mm:ss.t`, tenths rounded down; minutes grow past 59 (`75:02.3`). The one way the client and the
    /// command line write a time.
    package static func clock(milliseconds: Int) -> String {
        let tenths = max(0, milliseconds / 100)
        return pad(tenths / 600, 2) + ":" + pad((tenths / 10) % 60, 2) + "." + String(tenths % 10)
    }

    /// `3.2 s` below a minute, else `mm:ss.t`.
    static func margin(milliseconds: Int) -> String {
        let tenths = abs(milliseconds) / 100
        return tenths < 600 ? "\(tenths / 10).\(tenths % 10) s" : clock(milliseconds: tenths * 100)
    }

    /// `5 min` in whole minutes, else `90 s`.
    static func duration(seconds: Int) -> String { seconds % 60 == 0 && seconds > 0 ? "\(seconds / 60) min" : "\(seconds) s" }

    /// Spaces between thousands: `20 116`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(" ") }
            result.append(digit)
        }
        return (number < 0 ? "-" : "") + result
    }

    /// `2048`, else `2k`, `16k`, `1M`.
    static func tile(_ value: Int, width: Int) -> String {
        let full = String(value)
        if full.count <= width { return full }
        if value >= 1 << 20 { return "\(value >> 20)M" }
        return "\(value >> 10)k"
    }

    /// 1st, 2nd, 3rd, 4th, 11th, 21st ...
    static func ordinal(_ number: Int) -> String {
        let suffix: String
        switch (number % 10, number % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }

    static func pad(_ number: Int, _ width: Int) -> String {
        let text = String(number)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    /// Padded with spaces or cut.
    static func fit(_ text: String, _ width: Int, alignRight: Bool = false) -> String {
        guard width > 0 else { return "" }
        if text.count > width { return String(text.prefix(max(0, width - 1))) + "…" }
        let padding = String(repeating: " ", count: width - text.count)
        return alignRight ? padding + text : text + padding
    }
}
