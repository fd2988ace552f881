import TileRaceCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

exit(CLI.run(arguments: Array(CommandLine.arguments.dropFirst())))
