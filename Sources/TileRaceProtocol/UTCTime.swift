/// UTC dates without time zones or locales: the one place that turns an instant into
/// the daily challenge's date, so client and server agree.
public enum UTCTime {
    /// The date `YYYY-MM-DD` of an instant given in milliseconds since 1970 UTC.
    public static func date(epochMilliseconds: Int) -> String {
        let (year, month, day) = civil(days: floorDivide(epochMilliseconds, 86_400_000))
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }

    /// The timestamp `YYYY-MM-DDTHH:MM:SS.mmmZ` of an instant.
    public static func timestamp(epochMilliseconds: Int) -> String {
        let dayMilliseconds = epochMilliseconds - floorDivide(epochMilliseconds, 86_400_000) * 86_400_000
        let seconds = dayMilliseconds / 1000
        return date(epochMilliseconds: epochMilliseconds) + "T" + pad(seconds / 3600, 2) + ":"
            + pad(seconds / 60 % 60, 2) + ":" + pad(seconds % 60, 2) + "." + pad(dayMilliseconds % 1000, 3) + "Z"
    }

    /// Days from 1970-01-01; nil when not `YYYY-MM-DD`.
    public static func dayNumber(of date: String) -> Int? {
        let parts = date.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        // H. Hinnant's `days_from_civil`.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivide(shiftedYear, 400)
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let (checkYear, checkMonth, checkDay) = civil(days: days)
        return (checkYear, checkMonth, checkDay) == (year, month, day) ? days : nil
    }

    /// As `timestamp(epochMilliseconds:)` writes it; nil otherwise.
    public static func epochMilliseconds(timestamp: String) -> Int? {
        let parts = timestamp.split(separator: "T", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].hasSuffix("Z"), let days = dayNumber(of: String(parts[0])) else { return nil }
        let clock = parts[1].dropLast().split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock[0].count == 2, clock[1].count == 2 else { return nil }
        let secondParts = clock[2].split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(secondParts.count), secondParts[0].count == 2, secondParts.count == 1 || secondParts[1].count == 3,
            clock.allSatisfy({ $0.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") } }),
            let hours = Int(clock[0]), let minutes = Int(clock[1]), let seconds = Int(secondParts[0]),
            hours < 24, minutes < 60, seconds < 60
        else { return nil }
        let milliseconds = secondParts.count == 2 ? Int(secondParts[1]) ?? 0 : 0
        return days * 86_400_000 + ((hours * 60 + minutes) * 60 + seconds) * 1000 + milliseconds
    }

    /// Proleptic Gregorian (H. Hinnant's `civil_from_days`).
    static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
