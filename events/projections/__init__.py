"""Projections of the event log into SQLite tables; each module is one projection."""
