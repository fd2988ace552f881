/// Placeholder until the module is written.
enum TileRaceClientPlaceholder {}
