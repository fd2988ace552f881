import Testing
@testable import TileRaceServer
