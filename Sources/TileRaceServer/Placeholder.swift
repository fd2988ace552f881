/// Placeholder until the module is written.
enum TileRaceServerPlaceholder {}
