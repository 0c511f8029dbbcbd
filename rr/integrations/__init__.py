"""Adapters to other projects' conventions (issue #13): ``rr.integrations.pettingzoo`` and
``rr.integrations.openspiel``.

Each needs its optional extra (``pip install 'red-rising-engine[pettingzoo]'``,
``'red-rising-engine[openspiel]'``); the core never imports them.
"""
