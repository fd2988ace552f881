import Foundation

#if canImport(Glibc)
    import CTileRaceAffinity
    import Glibc
#endif

/// Which CPUs a process's threads may run on (Linux's `sched_setaffinity`),
/// for `tilerace-bench server --server-cpus/--load-cpus`: a server pinned to
/// its cores, the load to others, so each one's CPU time is its own. A value.
struct CPUAffinity: Sendable, Equatable, CustomStringConvertible {
    /// The CPUs, ascending, without repeats.
    let cpus: [Int]

    /// Why a list or a pinning was refused.
    struct Failure: Error, Sendable, Equatable {
        var message: String
    }

    /// Reads a CPU list as `taskset -c` takes it: numbers and ranges,
    /// comma-separated (`0`, `0,2`, `1-3,6`).
    init(parsing text: String) throws(Failure) {
        var cpus = Set<Int>()
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(bounds.count), let low = Int(bounds[0]), let high = Int(bounds[bounds.count - 1]),
                low >= 0, low <= high, high < 1024
            else {
                throw Failure(message: "'\(text)' is not a CPU list (numbers and ranges from 0 to 1023, e.g. 0 or 1-3,6)")
            }
            cpus.formUnion(low...high)
        }
        self.cpus = cpus.sorted()
    }

    init(cpus: [Int]) {
        self.cpus = Set(cpus).sorted()
    }

    var description: String { cpus.map(String.init).joined(separator: ",") }

    /// Pins every thread of process `process` (each task under /proc/PID/task;
    /// threads it starts later inherit their creator's CPUs).
    func pin(process: Int32) throws(Failure) {
        #if canImport(Glibc)
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task")) ?? []
            guard !tasks.isEmpty else { throw Failure(message: "no process \(process) to pin") }
            for task in tasks.compactMap({ Int32($0) }) { try pin(thread: task) }
        #else
            throw Failure(message: "CPU pinning needs Linux")
        #endif
    }

    /// Pins the calling thread (`thread` 0) or the given thread.
    func pin(thread: Int32 = 0) throws(Failure) {
        #if canImport(Glibc)
            let result = cpus.map(Int32.init).withUnsafeBufferPointer { ctilerace_set_affinity(thread, $0.baseAddress, Int32($0.count)) }
            // A thread that ended meanwhile is no failure.
            if result != 0, errno != ESRCH {
                throw Failure(message: "cannot pin to CPUs \(self): \(String(cString: strerror(errno)))")
            }
        #else
            throw Failure(message: "CPU pinning needs Linux")
        #endif
    }

    /// How many CPUs the calling thread may run on (the machine's count where unknown).
    static func currentCount() -> Int {
        #if canImport(Glibc)
            let count = Int(ctilerace_affinity_count(0))
            if count > 0 { return count }
        #endif
        return ProcessInfo.processInfo.activeProcessorCount
    }
}
