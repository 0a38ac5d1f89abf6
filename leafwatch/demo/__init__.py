"""The embedded default: bots play a seeded game and a synthetic camera shows it to the real pipeline."""
