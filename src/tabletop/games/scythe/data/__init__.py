"""Component data of Scythe's base game, as plain tables (no rules here)."""
