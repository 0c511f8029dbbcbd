"""A faster ``__init__`` for attrs' frozen slotted classes that the rules make by the thousand.

Internal (no stable API).

attrs gives a frozen class an ``__init__`` that sets each field through
``object.__setattr__`` (the class's own ``__setattr__`` refuses): a generic call that looks
the field up on the type every time. :func:`quick_init` replaces it by one that sets each
field through its slot's descriptor directly, about a quarter faster; play makes six such
objects per decision (its events, the decision, the ability being resolved; issue #12).

The class stays exactly what attrs made it (frozen, compared, hashed and printed as before);
only the way ``__init__`` fills its slots changes. Classes with validators, converters,
factories or init hooks are refused at import, where the plain ``__init__`` is the only right
one.
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs

C = TypeVar("C", bound=type)


def quick_init(cls: C) -> C:
    """``cls`` with a quicker ``__init__`` (see the module); raises ``TypeError`` for a class
    whose attrs ``__init__`` does more than set its fields."""
    klass: Any = cls  # (attrs.has narrows the type; the class is handed back as given)
    if not attrs.has(klass) or "__slots__" not in klass.__dict__:
        raise TypeError(f"{cls.__name__} is not an attrs class with slots")
    if any(hasattr(klass, hook) for hook in ("__attrs_pre_init__", "__attrs_post_init__")):
        raise TypeError(f"{cls.__name__} has an init hook")
    namespace: dict[str, Any] = {}
    params, body = [], []
    for field in attrs.fields(klass):
        if (not field.init or field.kw_only or field.converter is not None
                or field.validator is not None or isinstance(field.default, attrs.Factory)):  # type: ignore[arg-type]
            raise TypeError(f"{cls.__name__}.{field.name} needs attrs' own __init__")
        namespace[f"_set_{field.name}"] = getattr(klass, field.name).__set__
        if field.default is attrs.NOTHING:
            params.append(field.alias)
        else:
            namespace[f"_default_{field.name}"] = field.default
            params.append(f"{field.alias}=_default_{field.name}")
        body.append(f"    _set_{field.name}(self, {field.alias})")
    source = (f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body or ["    pass"])
              + "\n")
    exec(compile(source, f"<quick_init {cls.__qualname__}>", "exec"), namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__  # where its (string) annotations are names, for readers
    init.__doc__ = klass.__init__.__doc__
    init.__annotations__ = dict(klass.__init__.__annotations__)
    setattr(klass, "__init__", init)  # noqa: B010 - a method replaced on purpose
    return cls
