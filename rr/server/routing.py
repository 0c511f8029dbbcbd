"""The server's one router: Starlette's, with its routes also indexed by path segment.

Starlette's router finds a request's route by trying each route's pattern in turn; the game
API's routes come first, but a request still pays for every pattern before its own and for
each one's match. :class:`Router` keeps Starlette's list and its rules, and indexes the
routes at the head of that list whose paths are fixed segments and whole-segment parameters
(``/api/games/{id}/choose``): a request for one of them finds it in a few dictionary
look-ups, one a segment, and the last few thousand paths asked for (the games in play) in
one. Every other request (another method than the route's, a trailing
``/``, an empty segment, a ``root_path``, a path no indexed route takes, a WebSocket) is
routed by Starlette's loop exactly as before, so its answer (404, 405, a redirect, a page)
does not change.

:class:`App` is Starlette's application over that router. A request the index finds for a
route made by :func:`rr.server.http.answers` (which answers every failure itself, so no
exception handler is ever needed) goes straight to the route's function, past the
application's exception middleware; anything else goes through the application as usual.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from starlette.applications import Starlette
from starlette.convertors import StringConvertor
from starlette.requests import Request
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.routing import Router as StarletteRouter
from starlette.types import Receive, Scope, Send

from rr.server.http import answered

__all__ = ["App", "Router"]


RECENT = 4096
"""How many paths (with their methods) the router remembers the route of: the games in play
ask for the same few paths again and again."""


class _Node:
    """One segment of the index: the fixed segments after it, the parameter after it (its
    name and node), and the routes whose path ends here, in the router's order."""

    __slots__ = ("fixed", "name", "param", "routes")

    def __init__(self) -> None:
        self.fixed: dict[str, _Node] = {}
        self.param: _Node | None = None
        self.name = ""
        self.routes: list[Route] = []


def _segments(route: BaseRoute) -> list[tuple[bool, str]] | None:
    """``route``'s path as (is a parameter, text) segments, or ``None`` if the index cannot
    hold it (not a plain :class:`Route`, or a parameter with a convertor, or part of a
    segment)."""
    if not isinstance(route, Route):
        return None
    segments: list[tuple[bool, str]] = []
    for part in route.path_format.split("/")[1:]:
        if part.startswith("{") and part.endswith("}"):
            name = part[1:-1]
            if not isinstance(route.param_convertors.get(name), StringConvertor):
                return None
            segments.append((True, name))
        elif "{" in part or "}" in part or not part:
            return None
        else:
            segments.append((False, part))
    return segments


class Router(StarletteRouter):
    """Starlette's router, its leading plain routes indexed by segment (see the module)."""

    def __init__(self, routes: Sequence[BaseRoute] | None = None, **kwargs: Any) -> None:
        super().__init__(routes, **kwargs)
        self._root = _Node()
        self._recent: dict[tuple[str, str], tuple[Route, dict[str, str]]] = {}
        for route in self.routes:
            if isinstance(route, WebSocketRoute):
                continue  # never matches an HTTP request: no need to stop the index there
            if not self._index(route):
                break  # past here, only Starlette's loop knows which route comes first

    def _index(self, route: BaseRoute) -> bool:
        """Put ``route`` in the index; ``False`` if it cannot go there."""
        segments = _segments(route)
        if segments is None:
            return False
        node = self._root
        for is_param, text in segments:
            if is_param:
                if node.param is None:
                    node.param = _Node()
                    node.param.name = text
                elif node.param.name != text:
                    return False  # one parameter name a place
                node = node.param
            else:
                node = node.fixed.setdefault(text, _Node())
        assert isinstance(route, Route)
        node.routes.append(route)
        return True

    def find(self, scope: Scope) -> tuple[Route, dict[str, str]] | None:
        """The indexed route that takes ``scope`` (an HTTP request), with its path
        parameters, if it is the one Starlette's loop would pick; else ``None``."""
        path: str = scope["path"]
        if scope.get("root_path"):
            return None
        key = (scope["method"], path)
        found = self._recent.get(key)
        if found is None:
            found = self._find(path, key[0])
            if found is None:
                return None
            if len(self._recent) >= RECENT:
                self._recent.clear()
            self._recent[key] = found
        return found[0], dict(found[1])

    def _find(self, path: str, method: str) -> tuple[Route, dict[str, str]] | None:
        if not path.startswith("/"):
            return None
        parts = path.split("/")
        node, params = self._root, {}
        for at in range(1, len(parts)):
            part = parts[at]
            fixed = node.fixed.get(part)
            if fixed is not None and node.param is None:
                node = fixed
            elif fixed is None and node.param is not None and part:
                node = node.param
                params[node.name] = part
            elif fixed is None:
                return None
            else:  # a fixed segment and a parameter both take it: every way, then
                found: list[tuple[_Node, dict[str, str]]] = []
                _walk(node, parts, at, params, found)
                if len(found) != 1:  # none, or more than one (the loop knows their order)
                    return None
                node, params = found[0]
                break
        for route in node.routes:
            if route.methods is None or method in route.methods:
                return route, params
        return None  # none (a path through the index, not to a route), or 405: the loop's

    async def app(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = self.find(scope) if scope["type"] == "http" else None
        if found is None:
            await super().app(scope, receive, send)
            return
        route, params = found
        if "router" not in scope:
            scope["router"] = self
        scope["route"], scope["endpoint"] = route, route.endpoint
        scope["path_params"] = {**scope["path_params"], **params} \
            if "path_params" in scope else params
        await route.handle(scope, receive, send)


def _walk(node: _Node, parts: list[str], at: int, params: dict[str, str],
          found: list[tuple[_Node, dict[str, str]]]) -> None:
    """Every node whose path takes ``parts[at:]`` after ``node``, with its parameters."""
    if at == len(parts):
        if node.routes:
            found.append((node, params))
        return
    part = parts[at]
    fixed = node.fixed.get(part)
    if fixed is not None:
        _walk(fixed, parts, at + 1, params, found)
    if node.param is not None and part:
        _walk(node.param, parts, at + 1, {**params, node.param.name: part}, found)


class App(Starlette):
    """Starlette's application over :class:`Router` (see the module)."""

    def __init__(self, routes: Sequence[BaseRoute], **kwargs: Any) -> None:
        super().__init__(routes=routes, **kwargs)
        self.router = self._router = Router(routes, lifespan=kwargs.get("lifespan"))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = self._router.find(scope) if scope["type"] == "http" else None
        if found is None or not answered(found[0].endpoint):
            await super().__call__(scope, receive, send)
            return
        route, params = found
        scope["app"], scope["router"], scope["route"] = self, self._router, route
        scope["endpoint"] = route.endpoint
        scope["path_params"] = {**scope["path_params"], **params} \
            if "path_params" in scope else params
        response = await route.endpoint(Request(scope, receive, send))
        await response(scope, receive, send)
