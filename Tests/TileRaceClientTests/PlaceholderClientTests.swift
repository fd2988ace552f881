import Testing
@testable import TileRaceClient
