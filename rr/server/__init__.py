"""The game server: rr's games over HTTP and WebSocket, stored as their event logs.

``rr server`` (``rr.cli.server``) runs it on uvicorn. What it shows a seat is the seat answer
of ``rr.seat_answer``, sent as it is. The pieces, each small:

* ``rr.server.app`` — the routes (Starlette), a class a concern and a method a route: JSON
  in and out, typed error bodies, limits; ``rr.server.routing`` — its one router;
* ``rr.server.games`` — create, show, choose, logs; a cache of rebuilt games over the store;
* ``rr.server.store`` — what a store does; ``rr.server.store_sqlite`` (default) and
  ``rr.server.store_postgres`` (several server processes on one database);
* ``rr.server.requests`` — reading request bodies; ``rr.server.errors`` — the server's own
  errors and every error's status;
  ``rr.server.http`` — what every route does alike (tokens, declared sizes, JSON answers);
* ``rr.server.tokens`` — seat tokens (stored as hashes); ``rr.server.limits`` — rates, sizes;
  ``rr.server.guards`` — headers and connections; ``rr.server.proxies`` — proxy headers;
  ``rr.server.expiry`` — games never finished deleted; ``rr.server.sqlite_mark`` — a
  roll-back of a SQLite store found;
* ``rr.server.bots`` — seats played inside the server; ``rr.server.openapi`` — the document;
* ``rr.server.load`` — the load script (``python -m rr.server.load``);
* ``rr.server.web`` — the web table (``/``) and the replay viewer (``/replay``), their files in
  ``static/``; ``rr.server.replays`` — the viewer's route: a log folded, viewed and audited;
  ``rr.server.work`` — its work bounded.

Internal as Python: the HTTP and WebSocket API is the interface (docs/JSON.md, ``rr.client``);
its modules may change in any release.
"""
