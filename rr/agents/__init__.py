"""Bots that play by picking options from the pending decision, like any front-end.

The public modules are ``interface``, ``random``, ``greedy``, ``ismcts``, ``flat`` and ``play``;
the others are internal and may change in any release.
"""
