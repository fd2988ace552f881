import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The time a virtual machine's host took from its CPUs: the `steal`
/// column of Linux's /proc/stat, the time a virtual CPU was ready to run
/// while the host ran something else. The guest cannot see it happen (its
/// clock goes on), so a request that was in the server then waits as long:
/// `tilerace-bench server --redis` reports it per row, to tell a stall of
/// the machine from one of the server.
enum StolenTime {
    /// The seconds stolen so far from `cpus` together (every CPU when nil),
    /// or nil where /proc/stat cannot be read (not Linux).
    static func seconds(ofCPUs cpus: [Int]?) -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8) else { return nil }
        return ticks(in: text, ofCPUs: cpus).map { Double($0) / Double(sysconf(Int32(_SC_CLK_TCK))) }
    }

    /// The stolen clock ticks of `cpus` together (the `cpu` line's when
    /// nil) in the text of /proc/stat, or nil when a line is missing or
    /// has no `steal` field (the eighth number; kernels before 2.6.11).
    static func ticks(in text: String, ofCPUs cpus: [Int]?) -> Int? {
        let wanted: Set<String> = cpus.map { Set($0.map { "cpu\($0)" }) } ?? ["cpu"]
        var found: [String: Int] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("cpu") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let name = fields.first.map(String.init), wanted.contains(name), fields.count > 8,
                let steal = Int(fields[8])
            else { continue }
            found[name] = steal
        }
        guard found.count == wanted.count else { return nil }
        return found.values.reduce(0, +)
    }
}
