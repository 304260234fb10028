"""Hand histories in the PHH format: read, replay through the rules, and write."""
