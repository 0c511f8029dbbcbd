"""The scorepad: exact end-game scoring of a final position (spec RR-SCORE-*).

The scorepad itself, :mod:`rr.scoring.scorepad`, is public; the other modules are internal and
may change in any release.
"""
