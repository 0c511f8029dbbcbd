"""Bots that play by picking options from the pending decision, like any front-end."""
