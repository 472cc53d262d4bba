"""The terminal table: a person plays French Tarot against bots (Textual)."""
