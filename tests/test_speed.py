"""record_maker and keyword_record_maker: the reader's fast ways in must give the very
records the constructor gives, and the keyword one must refuse positions as it does.
frozen_record: a record defined at less cost behaves as the dataclass it stands for."""

from __future__ import annotations

import builtins
import dataclasses
import inspect
import pickle
import sys
from decimal import Decimal
from typing import Any, ClassVar  # noqa: F401  (ClassVar: the records made below read it here)

import pytest

from generator.model import Color, NationalId, Player, ResultCode, RoundResult, StartNo
from generator.reading.trf import PlayerRecord, RoundBlock, RoundBlocks
from generator.speed import frozen_record, keyword_record_maker, record_maker


def test_round_result_equals_the_constructors():
    make = record_maker(RoundResult, "round", "opponent", "color", "code", "line", "column")
    made = make(3, StartNo(7), Color.BLACK, ResultCode.DRAW, 12, 112)
    built = RoundResult(round=3, opponent=StartNo(7), color=Color.BLACK, code=ResultCode.DRAW,
                        line=12, column=112)
    assert type(made) is RoundResult
    assert made == built and hash(made) == hash(built) and repr(made) == repr(built)
    assert made.kind is built.kind and made.is_played
    assert pickle.loads(pickle.dumps(made)) == built


def test_made_records_stay_frozen():
    make = record_maker(RoundBlock, "round", "opponent", "color", "result", "line", "column")
    block = make(1, None, "-", "H", 4, 92)
    assert block == RoundBlock(round=1, opponent=None, color="-", result="H", line=4, column=92)
    with pytest.raises(dataclasses.FrozenInstanceError):
        block.result = "F"  # type: ignore[misc]


def test_wide_record_in_declaration_order():
    names = tuple(f.name for f in dataclasses.fields(Player))
    values = {"start_no": StartNo(2), "name": "Kim, Sven", "sex": "m", "title": "GM",
              "rating": 2500, "national_rating": 2410, "federation": "ESP", "fide_id": 123,
              "national_id": NationalId(federation="ESP", number="77"), "birth": "2000/02/19",
              "points_in_file": Decimal("7.5"), "rank_in_file": 1, "results": (), "line": 9}
    assert set(values) == set(names)  # the test itself must name every field
    made = record_maker(Player, *names)(*(values[n] for n in names))
    assert made == Player(**values) and repr(made) == repr(Player(**values))


@dataclasses.dataclass(frozen=True, slots=True)
class _Checked:
    low: int
    high: int
    width: int = dataclasses.field(init=False, default=0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "width", self.high - self.low)


@dataclasses.dataclass(frozen=True, slots=True)
class _Grown:
    a: int
    b: int
    c: int = 5
    """A field added after the maker's caller was written."""


def test_falls_back_to_the_constructor_when_it_would_skip_something():
    # __post_init__ must run: the fallback calls the class.
    made = record_maker(_Checked, "low", "high")(2, 9)
    assert made.width == 7
    # A field the caller does not know about keeps its default.
    assert record_maker(_Grown, "a", "b")(1, 2) == _Grown(1, 2, 5)
    # A field named like the generated code's own variables.
    assert record_maker(_Named, "cls", "new")(1, 2) == _Named(1, 2)


@dataclasses.dataclass(frozen=True, slots=True)
class _Named:
    cls: int
    new: int


PLAYER_VALUES = {"start_no": StartNo(2), "name": "Kim, Sven", "sex": "m", "title": "GM",
                 "rating": 2500, "national_rating": 2410, "federation": "ESP", "fide_id": 123,
                 "national_id": NationalId(federation="ESP", number="77"), "birth": "2000/02/19",
                 "points_in_file": Decimal("7.5"), "rank_in_file": 1, "results": (), "line": 9}


def test_keyword_maker_gives_the_constructors_record_and_refuses_positions():
    names = tuple(f.name for f in dataclasses.fields(Player))
    make = keyword_record_maker(Player, *names)
    assert make is not Player  # the fast way, not the fallback
    made = make(**PLAYER_VALUES)
    assert type(made) is Player
    assert made == Player(**PLAYER_VALUES) and repr(made) == repr(Player(**PLAYER_VALUES))
    with pytest.raises(TypeError):
        make(*(PLAYER_VALUES[n] for n in names))


def test_keyword_maker_gives_a_field_the_constructor_does_not_take_its_default():
    make = keyword_record_maker(RoundBlocks, "line", "opponents", "colors", "results")
    assert make is not RoundBlocks
    made = make(line=4, opponents=(2, None), colors="w-", results="1H")
    blocks = (RoundBlock(round=1, opponent=2, color="w", result="1", line=4, column=92),
              RoundBlock(round=2, opponent=None, color="-", result="H", line=4, column=102))
    assert made._made is None  # made on first use, as for the constructor's record
    assert made == RoundBlocks.of(blocks, 4) == blocks
    assert RoundBlocks(line=4, opponents=(2, None), colors="w-", results="1H")._made is None


def test_keyword_maker_falls_back_to_the_class_when_the_names_are_not_its_fields():
    assert keyword_record_maker(PlayerRecord, "start_no", "name") is PlayerRecord
    assert keyword_record_maker(_Checked, "low", "high") is _Checked  # __post_init__ runs


@frozen_record
class _Made:
    number: int
    name: str = "x"
    memo: dict[str, int] = dataclasses.field(default_factory=dict, compare=False, repr=False)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class _Declared:
    number: int
    name: str = "x"
    memo: dict[str, int] = dataclasses.field(default_factory=dict, compare=False, repr=False)


@frozen_record
class _One:
    number: int


@frozen_record
class _OwnEquality:
    number: int

    def __eq__(self, other: object) -> bool:
        return True


@frozen_record
class _Nested:
    inner: object


def test_frozen_record_behaves_as_the_dataclass() -> None:
    made, declared = _Made(number=1, memo={"a": 1}), _Declared(number=1, memo={"a": 1})
    # The repr and the hash the dataclass would give, the class name aside.
    assert repr(made) == repr(declared).replace("_Declared", "_Made") == "_Made(number=1, name='x')"
    assert hash(made) == hash(declared) == hash((1, "x"))
    assert hash(_One(number=4)) == hash((4,))
    # Equal on the compared fields, and only to a record of its own class.
    assert made == _Made(number=1) and made != _Made(number=2) and made != declared
    assert made.__eq__(declared) is NotImplemented
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.number = 2  # type: ignore[misc]
    assert not hasattr(made, "__dict__")
    assert [f.name for f in dataclasses.fields(made)] == ["number", "name", "memo"]
    assert dataclasses.replace(made, name="y") == _Made(number=1, name="y")
    assert pickle.loads(pickle.dumps(made)) == made
    with pytest.raises(TypeError):
        _Made(1)  # type: ignore[misc]  # keyword-only, as kw_only=True makes it


def test_frozen_record_keeps_what_the_class_writes_itself() -> None:
    assert _OwnEquality(number=1) == _OwnEquality(number=2)
    # A frozen dataclass that writes __eq__ alone still gets the fields' hash.
    assert hash(_OwnEquality(number=1)) == hash((1,))


def test_frozen_record_repr_of_a_record_inside_itself() -> None:
    box: list[object] = []
    nested = _Nested(inner=box)
    box.append(nested)
    assert repr(nested) == "_Nested(inner=[...])"


# A record and the dataclass it stands for, both undocumented (the dataclass then writes the
# signature as the docstring), with defaults, a field named like a builtin, and a field that
# is not compared.
@frozen_record
class _Plain:
    number: int
    name: str = "x"
    type: str | None = None
    note: str = dataclasses.field(default="", compare=False)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class _DeclaredPlain:
    number: int
    name: str = "x"
    type: str | None = None
    note: str = dataclasses.field(default="", compare=False)


def test_frozen_record_without_a_compiled_constructor_is_the_dataclass() -> None:
    plain, declared = _Plain, _DeclaredPlain
    assert inspect.signature(plain) == inspect.signature(declared)
    assert plain.__doc__ == (declared.__doc__ or "").replace("_DeclaredPlain", "_Plain")
    assert plain.__init__.__qualname__.endswith("Plain.__init__")
    assert plain.__dataclass_params__.frozen and plain.__dataclass_params__.init
    made = plain(number=1, type="a")
    assert (made.number, made.name, made.type, made.note) == (1, "x", "a", "")
    assert made == plain(number=1, type="a", note="other") != plain(number=2, type="a")
    for record in (made, declared(number=1)):
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'name'"):
            record.name = "y"
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'name'"):
            del record.name
        with pytest.raises(TypeError, match=r"missing 1 required keyword-only argument: 'number'"):
            type(record)()
        with pytest.raises(TypeError, match="unexpected keyword argument 'other'"):
            type(record)(number=1, other=2)
    assert pickle.loads(pickle.dumps(made)) == made
    assert dataclasses.replace(made, name="z") == plain(number=1, name="z", type="a")
    make = keyword_record_maker(plain, "number", "name", "type", "note")
    assert make is not plain and make(number=3, name="n", type=None, note="") == plain(number=3,
                                                                                       name="n")


def test_frozen_record_compiles_no_method_after_the_first_of_its_size(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The dataclass compiles __init__, __setattr__ and __delattr__ for every class: what
    # defining a hundred records cost standings rank at start.
    frozen_record(type("Warm", (), {"__annotations__": {
        "a": "int", "b": "int", "c": "int", "d": "int"}}))
    compiled: list[str] = []
    real_exec = builtins.exec

    def counting_exec(source: Any, *rest: Any) -> Any:
        compiled.append(str(source))
        return real_exec(source, *rest)

    monkeypatch.setattr(builtins, "exec", counting_exec)
    frozen_record(type("Four", (), {"__annotations__": {
        "w": "int", "x": "str", "y": "bool", "z": "float"}}))
    assert compiled == []


def _records_made_without_compiling() -> list[type[Any]]:
    """Every record of the loaded modules of the package (and of this file) whose constructor
    is one of frozen_record's renamed bodies."""
    modules = [m for name, m in list(sys.modules.items())
               if name.startswith("generator.") or name == __name__]
    return [value for module in modules for value in vars(module).values()
            if isinstance(value, type) and value.__module__ == module.__name__
            and dataclasses.is_dataclass(value)
            and "set_0" in getattr(value.__init__, "__globals__", {})]


def test_an_undocumented_records_docstring_is_its_signature_as_inspect_writes_it() -> None:
    import generator.site.build  # noqa: F401  (the site's records beside the commands')

    records = _records_made_without_compiling()
    assert _Plain in records and len(records) > 50
    undocumented = [cls for cls in records if cls.__doc__.startswith(cls.__name__ + "(")]
    assert _Plain in undocumented and len(undocumented) > 10
    for cls in undocumented:
        assert cls.__doc__ == cls.__name__ + str(inspect.signature(cls)).replace(" -> None", "")


_FIELD_FACTS = ("name", "type", "default", "default_factory", "init", "repr", "hash",
                "compare", "metadata", "kw_only", "_field_type")


def _class_source(*, class_variable: bool = True) -> type[Any]:
    """A fresh class of the shapes the package's records have (a ClassVar, a plain default,
    a field() default not compared), before any decorator."""
    namespace: dict[str, Any] = {}
    exec(  # a class statement made afresh for each decorator that gets it
        "from __future__ import annotations\n"
        "class Shaped:\n"
        "    '''A record.'''\n"
        + ("    kind: ClassVar[str] = 'shaped'\n" if class_variable else "")
        + "    number: int\n"
        "    name: str = 'x'\n"
        "    note: str = field(default='', compare=False, repr=False)\n"
        "    def shown(self) -> str:\n"
        "        return self.name\n", {"field": dataclasses.field, "__name__": __name__},
        namespace)
    made: type[Any] = namespace["Shaped"]
    return made


def test_a_plain_record_is_slotted_as_the_dataclass_slots_it() -> None:
    from generator.speed import _slotted_record

    for class_variable in (True, False):
        made = _slotted_record(_class_source(class_variable=class_variable))
        declared = dataclasses.dataclass(init=False, slots=True, kw_only=True, eq=False,
                                         repr=False)(_class_source(class_variable=class_variable))
        assert made is not None
        assert list(made.__dataclass_fields__) == list(declared.__dataclass_fields__)
        for name, field in made.__dataclass_fields__.items():
            other = declared.__dataclass_fields__[name]
            assert [getattr(field, fact) for fact in _FIELD_FACTS] == \
                [getattr(other, fact) for fact in _FIELD_FACTS], name
        assert (made.__slots__, made.__match_args__, made.__qualname__, made.__doc__) == \
            (declared.__slots__, declared.__match_args__, declared.__qualname__,
             declared.__doc__)
        assert sorted(vars(made)) == sorted(vars(declared))
        assert getattr(made, "kind", None) == getattr(declared, "kind", None)
        assert [f.name for f in dataclasses.fields(made)] == ["number", "name", "note"]


def test_a_record_the_quick_way_cannot_make_is_left_to_the_dataclass() -> None:
    from generator.speed import _slotted_record

    class Based(_Plain):  # a base class
        pass

    mutable = type("Mutable", (), {"__annotations__": {"items": "list[int]"}, "items": []})
    initial = type("Initial", (), {"__annotations__": {"seed": "InitVar[int]"}})
    for cls in (Based, mutable, initial):
        assert _slotted_record(cls) is None
    with pytest.raises(ValueError, match="mutable default"):
        frozen_record(mutable)


@frozen_record
class _WithFactories:
    number: int
    seen: list[int] = dataclasses.field(default_factory=list)
    names: dict[str, int] = dataclasses.field(default_factory=dict, compare=False)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class _DeclaredWithFactories:
    number: int
    seen: list[int] = dataclasses.field(default_factory=list)
    names: dict[str, int] = dataclasses.field(default_factory=dict, compare=False)


def test_a_record_with_a_default_factory_is_made_without_the_dataclass() -> None:
    # Its constructor is a renamed body too (the dataclass's costs a compilation per class),
    # and it is the dataclass's: a fresh value from the factory where none is given.
    made, declared = _WithFactories, _DeclaredWithFactories
    assert "set_0" in made.__init__.__globals__
    assert inspect.signature(made) == inspect.signature(declared)
    assert made.__doc__ == (declared.__doc__ or "").replace("_DeclaredWithFactories",
                                                            "_WithFactories")
    first, second = made(number=1), made(number=1)
    assert first.seen == [] and first.names == {} and first.seen is not second.seen
    assert made(number=1, seen=[2]).seen == [2] and first == second != made(number=1, seen=[2])
    assert repr(first) == repr(declared(number=1)).replace("_DeclaredWithFactories",
                                                           "_WithFactories")
    assert dataclasses.replace(first, number=2) == made(number=2)
    assert pickle.loads(pickle.dumps(first)) == first


@frozen_record
class _WithCache:
    number: int
    cache: dict[str, int] = dataclasses.field(default_factory=dict, init=False, compare=False)
    mark: int = dataclasses.field(default=3, init=False)
    later: int = dataclasses.field(init=False, compare=False, repr=False)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class _DeclaredWithCache:
    number: int
    cache: dict[str, int] = dataclasses.field(default_factory=dict, init=False, compare=False)
    mark: int = dataclasses.field(default=3, init=False)
    later: int = dataclasses.field(init=False, compare=False, repr=False)


def test_a_record_with_fields_the_constructor_does_not_take_is_made_without_the_dataclass(
        ) -> None:
    made, declared = _WithCache, _DeclaredWithCache
    assert "set_0" in made.__init__.__globals__
    assert inspect.signature(made) == inspect.signature(declared)
    assert made.__doc__ == (declared.__doc__ or "").replace("_DeclaredWithCache", "_WithCache")
    first, second = made(number=1), declared(number=1)
    assert (first.cache, first.mark) == (second.cache, second.mark) == ({}, 3)
    assert first.cache is not made(number=1).cache
    for record in (first, second):
        with pytest.raises(AttributeError):
            record.later  # noqa: B018  (left unset by both constructors)
        with pytest.raises(TypeError, match="unexpected keyword argument 'mark'"):
            type(record)(number=1, mark=4)
    assert repr(first) == repr(second).replace("_DeclaredWithCache", "_WithCache")
    assert dataclasses.replace(first, number=2) == made(number=2) != first
