"""The scorepad: exact end-game scoring of a final position (spec RR-SCORE-*)."""
