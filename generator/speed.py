"""Making frozen records by the hundred thousand: the reader's round blocks and results.

A frozen dataclass's ``__init__`` sets each field with ``object.__setattr__(self, name,
value)``, which looks the slot up by name every time; for a 10,000-player file that is
a good part of the reading time. :func:`record_maker` fills the slots of a twin class (the
same slots, nothing refused) and then gives the object the record's class instead. The
record is the same in every respect (type, fields, equality, hash, repr); only the way in
is shorter. :func:`collector_paused` keeps Python's cyclic
garbage collector from walking those records again and again while they are made.

Records are also many to define: the engine and the reader declare a hundred, and a
dataclass writes the source of six methods per class and compiles each when the module is
imported, which was half the import time of ``standings rank``. :func:`frozen_record` makes
the same record compiling none of them: shared ``__eq__``, ``__hash__`` and ``__repr__``
that read the fields' names, the two methods that keep it frozen as closures, and an
``__init__`` whose body is compiled once per number of fields.

Two ways in. :func:`keyword_record_maker` takes the fields by keyword and is typed as the
record's own constructor, so mypy checks every field by name and type: the one to use. For
the few records made per round of every player (round blocks, round results), fed by
``map`` over the columns of a 001 record, :func:`record_maker` takes them by position.
"""

from __future__ import annotations

import dataclasses
import gc
import inspect
import reprlib
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from operator import attrgetter
from types import CodeType, FunctionType
from typing import TYPE_CHECKING, Any, ClassVar, ParamSpec, TypeVar, cast, dataclass_transform

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

R = TypeVar("R", bound="DataclassInstance")
C = TypeVar("C", bound=type)
P = ParamSpec("P")
_GENERATED_NAMES = frozenset({"new", "cls", "record", "make"})
"""Names the generated constructor uses for itself (with ``set_*`` and ``default_*``); a field
of that name takes the slow way."""


def record_maker(cls: type[R], *names: str) -> Callable[..., R]:
    """A positional constructor for ``cls`` taking ``names``, its fields in declaration order.

    Only for a frozen, slotted dataclass without ``__post_init__`` whose fields are
    exactly ``names``. For anything else (a field added to the class later, say) it
    calls ``cls`` with the values as keywords instead: never wrong, only slower.

    Positions for records whose constructor takes keywords only: allowed here because
    position k is checked to be field k (the field names, in declaration order), and
    because these makers are fed by ``map`` over a 001 record's columns, where every
    argument is a column named in the call (``opponents, colors, results``), some
    hundred thousand times a file. Anywhere else use :func:`keyword_record_maker`.
    """
    return cast("Callable[..., R]", _maker(cls, names, keyword_only=False))


def keyword_record_maker(cls: Callable[P, R], *names: str) -> Callable[P, R]:
    """:func:`record_maker` taking the fields by keyword only, typed as ``cls`` itself.

    For a ``kw_only`` record mypy then refuses a call by position and checks each
    keyword's type, as for the constructor; at run time a call by position is a
    TypeError too. ``names`` are the fields the constructor takes, in declaration order;
    a field it does not take (``init=False``) gets its default, as the constructor gives it.
    """
    return cast("Callable[P, R]", _maker(cast("type[Any]", cls), names, keyword_only=True))


def _maker(cls: type[Any], names: tuple[str, ...], *, keyword_only: bool) -> Callable[..., Any]:
    fields = dataclasses.fields(cls)
    taken = tuple(f.name for f in fields if f.init or not keyword_only)
    defaults = {f.name: f.default for f in fields if f.name not in taken}
    if (taken != names or hasattr(cls, "__post_init__") or "__slots__" not in cls.__dict__
            or dataclasses.MISSING in defaults.values()  # a default_factory, or none
            or not all(n.isidentifier() and n not in _GENERATED_NAMES
                       and not n.startswith(("set_", "default_")) for n in names)):
        if keyword_only:
            return cls
        def construct(*values: Any) -> Any:
            return cls(**dict(zip(names, values, strict=True)))
        return construct
    if cls.__bases__ == (object,) and type(cls) is type:
        return _twin_maker(cls, names, defaults, keyword_only=keyword_only)
    setters = {f"set_{f.name}": getattr(cls, f.name).__set__ for f in fields}
    return _generated(names, defaults, {"cls": cls, **setters}, keyword_only=keyword_only,
                      made="cls", setting="set_{name}(record, {value})")


def _twin_maker(cls: type[Any], names: tuple[str, ...], defaults: dict[str, Any], *,
                keyword_only: bool) -> Callable[..., Any]:
    """The maker of a record whose only base is ``object``: its slots filled in a twin, a
    class of the same slots and nothing else, which is then made the record's class.

    A frozen record refuses to have a slot set, so a maker sets each through its
    descriptor's ``__set__``, a call through a wrapper for every field. The twin refuses
    nothing: each slot is set as any attribute is, at the same place in the object (the same
    slots in the same order), and the finished object becomes a ``cls`` (Python allows a new
    ``__class__`` of the same slots), the same record in every respect. About half the cost
    of the other way, per record; tests/test_speed.py holds the two alike.
    """
    twin = type(f"{cls.__name__}Twin", (), {"__slots__": cls.__slots__,
                                             "__module__": cls.__module__})
    return _generated(names, defaults, {"twin": twin, "cls": cls}, keyword_only=keyword_only,
                      made="twin", setting="record.{name} = {value}",
                      finish="record.__class__ = cls")


def _generated(names: tuple[str, ...], defaults: dict[str, Any], namespace: dict[str, Any], *,
               keyword_only: bool, made: str, setting: str, finish: str = "") -> Callable[..., Any]:
    """A maker written like the dataclass's own __init__, one line per field (no loop to
    run): ``made`` the class the object is made as, ``setting`` one field's line (with
    ``{name}`` and ``{value}``), ``finish`` a last line before it is returned."""
    parameters = ("*, " if keyword_only else "") + ", ".join(names)
    lines = [f"def make({parameters}):", f"    record = new({made})",
             *(f"    {setting.format(name=name, value=name)}" for name in names),
             *(f"    {setting.format(name=name, value='default_' + name)}" for name in defaults),
             *([f"    {finish}"] if finish else []), "    return record", ""]
    scope = {"new": object.__new__, **namespace,
             **{f"default_{name}": value for name, value in defaults.items()}}
    exec("\n".join(lines), scope)  # the text is made above from field names only
    make: Callable[..., Any] = scope["make"]
    return make


@dataclass_transform(frozen_default=True, kw_only_default=True,
                     field_specifiers=(dataclasses.field, dataclasses.Field))
def frozen_record(cls: C) -> C:
    """``@dataclass(frozen=True, slots=True, kw_only=True)``, at a fraction of the cost to define.

    The record is the dataclass in every respect a caller sees: its fields, constructor
    (its signature and defaults included), frozenness, slots, pickling,
    ``dataclasses.fields`` and ``replace``, equality (same class, equal compared fields), hash
    (of the same tuple of fields, so the same value) and repr (``Name(field=value, ...)``,
    ``...`` for a record inside itself). Only ``__dataclass_params__`` says ``eq=False,
    repr=False``: the three methods are added here, not generated. A method the class writes
    itself is kept, as the dataclass keeps it.

    The dataclass writes the source of ``__init__``, ``__setattr__`` and ``__delattr__`` for
    each class and compiles it: two thirds of the cost of defining a record, and with a
    hundred records a third of what ``standings rank`` spends importing. Here the two that
    keep the record frozen are closures over the class, and ``__init__`` is one compiled
    body per number of fields, renamed to the class's fields (:func:`_init_for`); the fields
    and the slotted class are made without the dataclass too (:func:`_slotted_record`). A
    record that needs more than that (a ``default_factory``, a field the constructor does not
    take, ``__post_init__``, a dataclass base) is made by the dataclass as before.
    """
    own = cls.__dict__
    explicit_hash = not ("__hash__" not in own or (own["__hash__"] is None and "__eq__" in own))
    made: type[Any]
    if _constructor_is_plain(cls):
        documented = bool(cls.__doc__)
        made = _slotted_record(cls) or dataclasses.dataclass(
            init=False, frozen=False, slots=True, kw_only=True, eq=False, repr=False)(cls)
        fields = dataclasses.fields(made)
        _make_frozen(made, fields, own_init="__init__" in own, documented=documented)
    else:
        made = dataclasses.dataclass(frozen=True, slots=True, kw_only=True, eq=False,
                                     repr=False)(cls)
        fields = dataclasses.fields(made)
    if "__eq__" not in own:
        compared = _fields_tuple(tuple(f.name for f in fields if f.compare))

        def __eq__(self: Any, other: object) -> Any:
            if other.__class__ is self.__class__:
                return compared(self) == compared(other)
            return NotImplemented

        made.__eq__ = __eq__  # type: ignore[assignment]
    if not explicit_hash:
        hashed = _fields_tuple(tuple(f.name for f in fields
                                     if (f.compare if f.hash is None else f.hash)))

        def __hash__(self: Any) -> int:
            return hash(hashed(self))

        made.__hash__ = __hash__  # type: ignore[assignment]
    if "__repr__" not in own:
        shown = tuple(f.name for f in fields if f.repr)

        @reprlib.recursive_repr()
        def __repr__(self: Any) -> str:
            return (f"{self.__class__.__qualname__}("
                    + ", ".join([f"{name}={getattr(self, name)!r}" for name in shown]) + ")")

        made.__repr__ = __repr__  # type: ignore[assignment]
    return cast("C", made)


def _constructor_is_plain(cls: type[Any]) -> bool:
    """Every field of ``cls`` is its own (no dataclass base), taken by the constructor, with
    no default or a plain one, and nothing runs after the fields are set: the constructor
    :func:`_init_for` makes is then the dataclass's."""
    if hasattr(cls, "__post_init__") or any(
            hasattr(base, "__dataclass_fields__") for base in cls.__mro__[1:]):
        return False
    annotations = inspect.get_annotations(cls)
    for name, annotation in annotations.items():
        if name == "self" or "InitVar" in str(annotation):
            return False
        value = cls.__dict__.get(name)
        if isinstance(value, dataclasses.Field) and (
                value.default_factory is not dataclasses.MISSING and _FACTORY_MARK is None):
            return False
    return True


@dataclasses.dataclass(init=False, slots=True, kw_only=True, eq=False, repr=False)
class _Shape:
    """What :func:`_slotted_record` makes a record's class, made here by the dataclass: its
    parameters are every such record's."""


_SHAPE_PARAMS = vars(_Shape)["__dataclass_params__"]
_FACTORY_MARK = getattr(dataclasses, "_HAS_DEFAULT_FACTORY", None)
"""The default the dataclass's constructor gives a field with a ``default_factory`` (shown
as ``<factory>`` in its signature), which it then calls the factory for; a Python whose
dataclasses no longer has it defines such records by the dataclass."""
_FIELD_MARK = getattr(dataclasses, "_FIELD", None)
_CLASS_VARIABLE_MARK = getattr(dataclasses, "_FIELD_CLASSVAR", None)
"""How the dataclass marks a field that is one, and a ClassVar; a Python whose dataclasses
no longer has them defines every record by the dataclass."""


def _slotted_record(cls: type[Any]) -> type[Any] | None:
    """``dataclass(init=False, slots=True, kw_only=True, eq=False, repr=False)(cls)`` for a
    record of plain fields (:func:`_constructor_is_plain`), or None where only the dataclass
    knows how (a ClassVar, a base class, a default the dataclass refuses ...).

    The dataclass reads each annotation for ClassVar and InitVar, works out methods that
    these records do not take, then makes the class again with its slots: most of what a
    hundred records cost ``standings rank`` to import. Here the fields are made as it makes
    them and the slotted class once; tests/test_speed.py holds the two alike.
    """
    own = cls.__dict__
    annotations = own.get("__annotations__", {})
    if (_FIELD_MARK is None or _CLASS_VARIABLE_MARK is None or cls.__bases__ != (object,)
            or "__slots__" in own or not all(isinstance(a, str) and "InitVar" not in a
                                             and "KW_ONLY" not in a
                                             for a in annotations.values())):
        return None
    # A ClassVar is written so in this package (``kind: ClassVar[NoteKind] = ...``): a field
    # of the dataclass's that is no slot and stays on the class.
    class_variable = vars(sys.modules[cls.__module__]).get("ClassVar") is ClassVar
    fields: dict[str, Any] = {}
    slots = []
    for name, annotation in annotations.items():
        value = own.get(name, dataclasses.MISSING)
        is_class_variable = annotation.startswith("ClassVar[")
        if "ClassVar" in annotation and not (is_class_variable and class_variable
                                             and not isinstance(value, dataclasses.Field)):
            return None
        made_field: Any = value if isinstance(value, dataclasses.Field) else dataclasses.field(
            default=value)
        made_field.name = name
        made_field.type = annotation
        fields[name] = made_field
        if is_class_variable:
            made_field._field_type = _CLASS_VARIABLE_MARK
            continue
        if made_field.default.__class__.__hash__ is None:  # a mutable default: refused
            return None
        made_field._field_type = _FIELD_MARK
        if made_field.kw_only is dataclasses.MISSING:
            made_field.kw_only = True
        slots.append(name)
    namespace = {key: value for key, value in own.items()
                 if key not in slots and key not in ("__dict__", "__weakref__")}
    namespace.update(__slots__=tuple(slots), __dataclass_fields__=fields,
                     __dataclass_params__=_SHAPE_PARAMS, __match_args__=())
    metaclass: Any = type(cls)
    made: type[Any] = metaclass(cls.__name__, cls.__bases__, namespace)
    return made


def _make_frozen(made: type[Any], fields: tuple[dataclasses.Field[Any], ...], *,
                 own_init: bool, documented: bool) -> None:
    """Give ``made`` (a slotted dataclass defined without ``__init__`` and unfrozen) what
    ``frozen=True`` and ``init=True`` would: the constructor, the refusal to set or delete
    a field, pickling through the slots, and the parameters saying so."""
    names = frozenset(f.name for f in fields)

    # As the dataclass's own: a field, or anything on the record itself, cannot be set.
    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is made or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(made, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is made or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(made, self).__delattr__(name)

    for method in (__setattr__, __delattr__):
        method.__qualname__ = f"{made.__qualname__}.{method.__name__}"
    # Pickling sets the slots past the refusal, as the frozen dataclass's own pair does.
    added: dict[str, Callable[..., Any]] = {
        "__setattr__": __setattr__, "__delattr__": __delattr__,
        "__getstate__": _slots_state, "__setstate__": _set_slots_state}
    if not own_init:
        added["__init__"] = _init_for(made, fields)
    for name, method in added.items():
        setattr(made, name, method)
    if not documented:  # the dataclass's docstring of an undocumented class: its signature
        made.__doc__ = made.__name__ + _signature_text(made, fields)
    params = made.__dataclass_params__
    params.init = params.frozen = True


def _slots_state(self: Any) -> list[Any]:
    return [getattr(self, f.name) for f in dataclasses.fields(self)]


def _set_slots_state(self: Any, state: list[Any]) -> None:
    for field, value in zip(dataclasses.fields(self), state, strict=True):
        object.__setattr__(self, field.name, value)


def _signature_text(made: type[Any], fields: tuple[dataclasses.Field[Any], ...]) -> str:
    """``str(inspect.signature(record))`` without its `` -> None``, as the dataclass writes
    it into an undocumented record's docstring: every field keyword-only. Written here as
    inspect writes it (an annotation that is text as its repr, a default as its repr)
    rather than asked of inspect, which takes longer than defining the record."""
    if any(not isinstance(f.type, str) for f in fields):  # not under the future import
        return str(inspect.signature(made)).replace(" -> None", "")
    fields = tuple(f for f in fields if f.init)
    shown = [f"{f.name}: {f.type!r}" + (
        f" = {_FACTORY_MARK!r}" if f.default_factory is not dataclasses.MISSING
        else "" if f.default is dataclasses.MISSING else f" = {f.default!r}") for f in fields]
    return f"(*, {', '.join(shown)})" if shown else "()"


_INIT_BODIES: dict[tuple[str, ...], CodeType] = {}
"""The compiled body of a constructor by the shape of its fields (:func:`_field_shape`): a
few shapes serve every record."""


def _field_shape(field: dataclasses.Field[Any]) -> str:
    """How the constructor sets a field: an argument ("a"), an argument with a factory
    ("f"); not taken: its factory's value ("F"), its default ("D"), or nothing ("-")."""
    has_factory = field.default_factory is not dataclasses.MISSING
    if field.init:
        return "f" if has_factory else "a"
    return "F" if has_factory else "-" if field.default is dataclasses.MISSING else "D"


def _init_for(made: type[Any], fields: tuple[dataclasses.Field[Any], ...]) -> Callable[..., None]:
    """``__init__(self, *, field, ...)`` setting each slot through its descriptor.

    The body for the number of fields is compiled once, with neutral names, and its
    arguments renamed to the fields (``CodeType.replace``): the names are only the
    arguments' names, and each slot is set by a setter the function finds by position in
    its globals, so a field may be called anything but ``self``.
    """
    shape = tuple(_field_shape(f) for f in fields)
    body = _INIT_BODIES.get(shape)
    taken = [k for k, kind in enumerate(shape) if kind in "af"]
    if body is None:
        arguments = [f"value_{k}" for k in taken]
        # As the dataclass's: a field with a factory left out gets the factory's value, and
        # one the constructor does not take its factory's value or its default.
        values = {"a": "value_{k}", "F": "factory_{k}()", "D": "default_{k}",
                  "f": "factory_{k}() if value_{k} is factory_mark else value_{k}"}
        source = (f"def __init__(self{', *, ' if arguments else ''}{', '.join(arguments)}):\n"
                  + "".join(f"    set_{k}(self, {values[kind].format(k=k)})\n"
                            for k, kind in enumerate(shape) if kind != "-")
                  + "    pass\n")
        namespace: dict[str, Any] = {}
        exec(source, namespace)  # the text is made above from numbers only
        body = _INIT_BODIES[shape] = namespace["__init__"].__code__
    qualname = f"{made.__qualname__}.__init__"
    code = body.replace(co_varnames=("self", *(fields[k].name for k in taken)),
                        co_qualname=qualname)
    found: dict[str, Any] = {f"set_{k}": getattr(made, f.name).__set__
                             for k, f in enumerate(fields)}
    found.update({f"factory_{k}": f.default_factory for k, f in enumerate(fields)},
                 factory_mark=_FACTORY_MARK)
    found.update({f"default_{k}": f.default for k, f in enumerate(fields)})
    init = FunctionType(code, found, "__init__")
    init.__qualname__ = qualname
    init.__module__ = made.__module__
    init.__kwdefaults__ = {f.name: _FACTORY_MARK if f.default_factory is not dataclasses.MISSING
                           else f.default for f in fields
                           if f.init and (f.default is not dataclasses.MISSING
                                          or f.default_factory is not dataclasses.MISSING)
                           } or None
    init.__annotations__ = {**{f.name: f.type for f in fields if f.init}, "return": None}
    return init


def _fields_tuple(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The values of ``names`` as a tuple (as the dataclass compares and hashes them; an
    ``attrgetter`` of one name would give the value alone)."""
    if len(names) >= 2:
        return cast("Callable[[Any], tuple[Any, ...]]", attrgetter(*names))
    if names:
        name = names[0]
        return lambda record: (getattr(record, name),)
    return lambda _record: ()


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


__all__ = ["collector_paused", "frozen_record", "keyword_record_maker", "record_maker"]
