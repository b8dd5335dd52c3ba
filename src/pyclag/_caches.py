"""Bounded caches: the one way to declare a cache (:func:`bounded`), each
listed in :data:`CACHES` so that a server can see and clear them all.

A server builds rule sets, round specs and calls from what its users send; a
cache keyed by such values must not grow with them. Every cache of the
package is declared through ``bounded``, so each has a bound. (The tables
filled on first sight in ``hand`` and ``turns`` are keyed by 13-bit suit
patterns and seats below 52: bounded by construction, they are not caches of
user-built values.)

The other things built once and kept are the modules :func:`lazy_names`
imports the first time a package's name is asked for, which the import system
keeps (``sys.modules``), as it keeps every module.

Private to pyclag, shared by every layer above it."""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Mapping
from typing import Any, Final, ParamSpec, Protocol, TypeVar, cast

import attrs

from pyclag._checks import Frozen

_P = ParamSpec("_P")
_R = TypeVar("_R")
_R_co = TypeVar("_R_co", covariant=True)


class CacheInfo(Protocol):
    """What a cache reports (``functools.lru_cache``'s ``cache_info()``)."""

    @property
    def hits(self) -> int: ...
    @property
    def misses(self) -> int: ...
    @property
    def maxsize(self) -> int | None: ...
    @property
    def currsize(self) -> int: ...


class BoundedCache(Protocol[_P, _R_co]):
    """A function with a bounded cache: called as the function it caches."""

    def __call__(self, *args: _P.args, **kwargs: _P.kwargs) -> _R_co: ...

    def cache_info(self) -> CacheInfo:
        """The cache's hits, misses, bound and current size.

        >>> functools.lru_cache(maxsize=8)(abs).cache_info().currsize
        0
        """
        ...

    def cache_clear(self) -> None:
        """Empty the cache.

        >>> functools.lru_cache(maxsize=8)(abs).cache_clear()
        """
        ...


@attrs.frozen
class Cache(Frozen):
    """One registered cache: its qualified name, its bound (entries), and the cache."""

    name: str
    bound: int
    cached: BoundedCache[..., object]


CACHES: Final[list[Cache]] = []
"""Every bounded cache of the package, in import order."""


def _same_arguments(cached: BoundedCache[_P, _R], maxsize: int) -> BoundedCache[_P, _R]:
    """``cached`` with a cache of the very objects last passed in front of it:
    an equality-keyed cache compares a key equal to one it holds field by field
    on every lookup, and a rule set built again per game or per request is such
    a key (its schedule compared spec by spec). An entry holds its arguments,
    so while it is kept no other object can have their ids: the ids are the
    key. Up to ``maxsize`` entries, all dropped when full."""
    seen: dict[tuple[int, ...], tuple[tuple[object, ...], _R]] = {}

    @functools.wraps(cached)
    def front(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        if kwargs:  # the front keeps positional calls only
            return cached(*args, **kwargs)
        key = tuple(map(id, args))
        entry = seen.get(key)
        if entry is not None:
            return entry[1]
        result = cached(*args, **kwargs)  # (none)
        if len(seen) >= maxsize:
            seen.clear()
        seen[key] = (args, result)
        return result

    def cache_clear() -> None:
        seen.clear()
        cached.cache_clear()

    # A function (so documented as one) answering the cache protocol.
    vars(front).update(cache_info=cached.cache_info, cache_clear=cache_clear)
    return cast(BoundedCache[_P, _R], front)


def bounded(
    maxsize: int, *, name: str | None = None, same_arguments: bool = False
) -> Callable[[Callable[_P, _R]], BoundedCache[_P, _R]]:
    """Cache a function's results, least recently used first out past ``maxsize``
    entries, and register the cache in :data:`CACHES` under ``name`` (by default
    the function's qualified name). The arguments must be hashable.
    ``same_arguments`` puts a cache of the very objects last passed in front,
    for arguments as costly to compare as rule sets (also ``maxsize`` entries).

    >>> @bounded(2)
    ... def square(n: int) -> int:
    ...     return n * n
    >>> [square(n) for n in (1, 2, 3, 1)], square.cache_info().currsize
    ([1, 4, 9, 1], 2)
    >>> CACHES[-1].name, CACHES[-1].bound
    ('pyclag._caches.square', 2)
    >>> @bounded(2, same_arguments=True)
    ... def total(values: tuple[int, ...]) -> int:
    ...     return sum(values)
    >>> pair = (1, 2)
    >>> total(pair), total(pair), total(tuple([1, 2])), total.cache_info().hits  # 2nd: no lookup
    (3, 3, 3, 1)
    >>> _ = CACHES.pop(), CACHES.pop()
    """

    def decorate(func: Callable[_P, _R]) -> BoundedCache[_P, _R]:
        cached: BoundedCache[_P, _R] = functools.lru_cache(maxsize=maxsize)(func)
        if same_arguments:
            cached = _same_arguments(cached, maxsize)
        label = name if name is not None else f"{func.__module__}.{func.__qualname__}"
        CACHES.append(Cache(label, maxsize, cached))
        return cached

    return decorate


def clear_caches() -> None:
    """Empty every registered cache (a server may do so when it likes; nothing
    depends on a cache's contents, only on its speed).

    >>> clear_caches()
    >>> all(cache.cached.cache_info().currsize == 0 for cache in CACHES)
    True
    """
    for cache in CACHES:
        cache.cached.cache_clear()


def lazy_names(
    package: str, homes: Mapping[str, str | None]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """PEP 562's ``__getattr__`` and ``__dir__`` for ``package``, whose names in
    ``homes`` are imported the first time they are asked for (so that importing
    the package builds only what every program uses): each name's home is the
    module it is taken from, or None for a submodule of ``package`` of that name.
    Once imported, a name is bound in the package, as the import system binds a
    submodule there, so that asking again costs what any attribute costs.

    >>> __getattr__, __dir__ = lazy_names("pyclag", {"records": None})
    >>> __getattr__("records").__name__, "records" in __dir__()
    ('pyclag.records', True)
    >>> __getattr__("nonesuch")
    Traceback (most recent call last):
    AttributeError: module 'pyclag' has no attribute 'nonesuch'
    """

    def attribute(name: str) -> Any:
        if name not in homes:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        home = homes[name]
        value = importlib.import_module(f"{package}.{name}" if home is None else home)
        if home is not None:
            value = getattr(value, name)
        setattr(importlib.import_module(package), name, value)
        return value

    def names() -> list[str]:
        return sorted({*vars(importlib.import_module(package)), *homes})

    return attribute, names
