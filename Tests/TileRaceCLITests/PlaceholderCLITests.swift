import Testing
@testable import TileRaceCLI
