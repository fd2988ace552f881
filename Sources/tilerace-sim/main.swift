import TileRaceSimulation

SimulationCommand.main()
