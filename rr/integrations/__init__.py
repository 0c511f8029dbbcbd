"""Adapters to other projects' conventions (issue #13): ``rr.integrations.pettingzoo`` and
``rr.integrations.openspiel``.

Each needs its optional extra (``pip install 'rr[pettingzoo]'``, ``'rr[openspiel]'``); the
core never imports them.
"""
