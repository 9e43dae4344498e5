"""Making frozen records by the hundred thousand: the reader's round blocks and results.

A frozen dataclass's ``__init__`` sets each field with ``object.__setattr__(self, name,
value)``, which looks the slot up by name every time; for a 10,000-player file that is
a good part of the reading time. :func:`record_maker` sets the slots through their
descriptors instead. The record is the same in every respect (type, fields, equality,
hash, repr); only the way in is shorter. :func:`collector_paused` keeps Python's cyclic
garbage collector from walking those records again and again while they are made.
"""

from __future__ import annotations

import dataclasses
import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

R = TypeVar("R", bound="DataclassInstance")
_GENERATED_NAMES = frozenset({"new", "cls", "record", "make"})
"""Names the generated constructor uses for itself; a field of that name takes the slow way."""


def record_maker(cls: type[R], *names: str) -> Callable[..., R]:
    """A positional constructor for ``cls`` taking ``names``, its fields in declaration order.

    Only for a frozen, slotted dataclass without ``__post_init__`` whose fields are
    exactly ``names``. For anything else (a field added to the class later, say) it
    calls ``cls`` with the values as keywords instead: never wrong, only slower.
    """
    fields = dataclasses.fields(cls)
    if (tuple(f.name for f in fields) != names or hasattr(cls, "__post_init__")
            or "__slots__" not in cls.__dict__
            or not all(n.isidentifier() and n not in _GENERATED_NAMES for n in names)):
        def construct(*values: Any) -> R:
            return cls(**dict(zip(names, values, strict=True)))
        return construct
    # Generated like the dataclass's own __init__, one line per field (no loop to run).
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    namespace.update({f"set_{name}": getattr(cls, name).__set__ for name in names})
    source = (f"def make({', '.join(names)}):\n    record = new(cls)\n"
              + "".join(f"    set_{name}(record, {name})\n" for name in names)
              + "    return record\n")
    exec(source, namespace)  # the text is made above from field names only
    make: Callable[..., R] = namespace["make"]
    return make


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for the block; restore it as it was.

    Reading a 10,000-player file, or computing its standings, makes millions of small
    objects, almost none of them in a cycle; every collection they trigger meanwhile walks
    them all again (half of the reading time, a third of the engine's). The few cycles
    there are (closures over the tie-break context) are collected afterwards.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


__all__ = ["collector_paused", "record_maker"]
