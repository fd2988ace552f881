#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The daily challenge's date: the UTC day as `YYYY-MM-DD`, which is also its seed text.
enum DailyDate {
    /// The UTC date of a moment given in seconds since 1970.
    static func text(secondsSince1970 seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return Format.pad(Int(parts.tm_year) + 1900, 4) + "-" + Format.pad(Int(parts.tm_mon) + 1, 2) + "-"
            + Format.pad(Int(parts.tm_mday), 2)
    }
}
