"""rr: an exact, event-sourced rules engine for the card game Red Rising."""

__version__ = "0.1.0"
