"""Adapters to other projects' conventions: ``rr.integrations.pettingzoo`` and
``rr.integrations.openspiel``.

Each needs its optional extra (``pip install 'red-rising-engine[pettingzoo]'``,
``'red-rising-engine[openspiel]'``); the core never imports them.

The three adapters (``gymnasium``, ``pettingzoo``, ``openspiel``) are public; their helper
modules are internal and may change in any release.
"""
