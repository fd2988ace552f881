#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Counts the heap allocations Swift code makes, for `tilerace-bench engine`.
///
/// Every Swift heap allocation (class instances, array, string and dictionary
/// buffers, closure contexts, boxes) goes through the runtime's
/// `swift_allocObject`. The runtime exports, for Apple's Instruments, a
/// function pointer `_swift_allocObject` that it calls instead of its own code
/// once the flag `_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly`
/// is set. We look both up with `dlsym`, point the hook at a counter that then
/// calls the original, and put everything back afterwards. Raw `malloc` calls
/// made by C code are not seen; the engine makes none.
///
/// Only safe in a process with one thread: while the hook is in place the
/// runtime routes `swift_retain` through an adapter that skips its check for
/// null and tagged values, which another thread may be retaining at that
/// moment. `count` therefore refuses (returns nil) when other threads exist.
enum AllocationCounter {
    private typealias AllocObject = @convention(c) (UnsafeRawPointer?, Int, Int) -> UnsafeMutableRawPointer?

    /// Runs `body` and returns the number of Swift heap allocations it made,
    /// or nil when this runtime offers no hook. Single-threaded use only: the
    /// counter is a plain global touched by the thread running `body`.
    static func count(_ body: () -> Void) -> Int? {
        guard threadCount == 1,
            let handle = dlopen(nil, RTLD_NOW),
            let hookAddress = dlsym(handle, "_swift_allocObject"),
            let flagAddress = dlsym(handle, "_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly")
        else { return nil }
        let hook = hookAddress.assumingMemoryBound(to: AllocObject?.self)
        let flag = flagAddress.assumingMemoryBound(to: Bool.self)
        guard let original = hook.pointee else { return nil }
        originalAllocObject = original
        allocationCount = 0
        hook.pointee = { metadata, size, alignmentMask in
            allocationCount &+= 1
            return originalAllocObject?(metadata, size, alignmentMask)
        }
        let wasSwizzling = flag.pointee
        flag.pointee = true
        body()
        flag.pointee = wasSwizzling
        hook.pointee = original
        return allocationCount
    }

    /// The number of threads in this process (from /proc/self/task), or nil
    /// where that cannot be read (then nothing is counted).
    static var threadCount: Int? {
        #if os(Linux)
            guard let directory = opendir("/proc/self/task") else { return nil }
            defer { closedir(directory) }
            var count = 0
            while let entry = readdir(directory) {
                let isDot = withUnsafeBytes(of: entry.pointee.d_name) { name in name[0] == UInt8(ascii: ".") }
                if !isDot { count += 1 }
            }
            return count
        #else
            return nil
        #endif
    }

    /// Whether the hook really sees allocations: a fresh array buffer must count.
    static var isWorking: Bool {
        let counted = count { probe = [Int](repeating: 7, count: Int(truncatingIfNeeded: probe.count &+ 3)) }
        return (counted ?? 0) >= 1
    }
}

/// The runtime's allocation function, called by the counting hook.
nonisolated(unsafe) private var originalAllocObject: (@convention(c) (UnsafeRawPointer?, Int, Int) -> UnsafeMutableRawPointer?)?
/// A global the probe allocation is stored in, so it cannot be optimised away.
nonisolated(unsafe) private var probe: [Int] = []
/// Allocations seen since the hook was installed.
nonisolated(unsafe) private var allocationCount = 0

/// Keeps a value alive and opaque to the optimiser.
@inline(never)
func blackHole<T>(_ value: T) {
    _ = value
}
