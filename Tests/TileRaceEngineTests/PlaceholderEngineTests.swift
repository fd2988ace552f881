import Testing
@testable import TileRaceEngine
