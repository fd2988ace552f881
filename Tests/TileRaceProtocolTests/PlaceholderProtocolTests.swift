import Testing
@testable import TileRaceProtocol
