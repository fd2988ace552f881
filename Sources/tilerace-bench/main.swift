import TileRaceBench

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

exit(BenchCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
