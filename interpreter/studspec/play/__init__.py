"""Playing and simulating: built-in players, the terminal table, readable histories, and
the simulation report. Built on the engine's public API and its event log."""
