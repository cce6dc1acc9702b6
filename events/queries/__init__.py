"""The read side of the projections: one module per projection, named like it, holding every query of its
tables and returning typed rows. Nothing outside `events/` reads those tables."""
