"""Adapters to other projects' conventions (issue #13): ``rr.integrations.pettingzoo``.

Each needs its optional extra (``pip install 'rr[pettingzoo]'``); the core never imports them.
"""
