"""The store: SQLite through sqlite-utils, one small module per kind of record."""
