"""``series/NAME.yml``: a season's standings across events (issue 28), read and checked.

Every key is checked at its ``series/NAME.yml:LINE:COLUMN`` with the reader every settings
file shares (``settings_reader.py``), a misspelt key with a did-you-mean; the categories and
prizes are event.yml's own blocks (``prize_settings.py``). The smallest file is::

    title: Club blitz 2026
    events: [blitz-2026-*]
    points:
      places: [10, 8, 6, 5, 4, 3, 2, 1]
    ties: tiebreaks
    best: 3

Which event folders the names and globs stand for is decided where the events are known
(``site/series_plan.py``); here only what the file says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from generator.errors import DiagnosticSink, quote
from generator.reading.prize_settings import read_categories, read_prizes
from generator.reading.settings import compose_settings
from generator.reading.settings_reader import (
    Position,
    SettingsReader,
    column_of,
    describe,
    line_of,
)
from generator.rules.categories import Category
from generator.rules.prizes import PrizeSettings
from generator.rules.series import CategoryBy, Counting, SeriesTie
from generator.rules.series_points import (
    Bonuses,
    EventTies,
    FieldSizeTable,
    FieldSizeTables,
    GamePoints,
    PercentileBand,
    PercentileBands,
    PlacesTable,
    PointsRule,
)

SERIES_FOLDER = "series"
"""The folder beside ``events/`` holding one file per series."""

TOP_LEVEL_KEYS = ("title", "events", "planned", "points", "weights", "ties", "best",
                  "drop_worst", "minimum", "final", "bonuses", "series_ties", "eligibility",
                  "categories", "category_by", "prizes", "aliases", "notes")
_POINTS_KEYS = ("places", "rest", "by_field_size", "percentiles", "game_points")
_FAMILIES = ("places", "by_field_size", "percentiles", "game_points")
_GAME_POINTS_KEYS = ("factor", "upper_half", "winner")
_BONUS_KEYS = ("participation", "all_rounds", "performance")
_ELIGIBILITY_KEYS = ("min_rounds", "members")
MAX_EVENTS = 200
MAX_TABLE = 1000
_PATTERN = re.compile(r"[A-Za-z0-9._*?\[\]-]+")
"""What an event name or glob may hold: a folder name's characters and the glob's."""


@dataclass(frozen=True, slots=True, kw_only=True)
class EventPattern:
    written: str
    position: Position


@dataclass(frozen=True, slots=True, kw_only=True)
class SeriesSettings:
    path: str
    """As the user would write it: ``series/club-blitz-2026.yml``."""
    title: str | None = None
    events: tuple[EventPattern, ...] = ()
    planned: int | None = None
    """The events of the season, held or not: those not held yet are still to come."""
    points: PointsRule | None = None
    weights: tuple[tuple[EventPattern, Decimal], ...] = ()
    ties: EventTies = EventTies.TIEBREAKS
    counting: Counting = field(default_factory=Counting)
    final_position: Position | None = None
    bonuses: Bonuses = field(default_factory=Bonuses)
    series_ties: tuple[SeriesTie, ...] = ()
    min_rounds_percent: Decimal = Decimal(0)
    members: tuple[str, ...] | None = None
    """Names or FIDE IDs as written; None: everyone is ranked."""
    categories: tuple[Category, ...] = ()
    category_by: CategoryBy = CategoryBy.EACH_EVENT
    prizes: PrizeSettings | None = None
    aliases: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Each person's name as shown, and the other spellings that are the same person."""
    notes: str | None = None
    positions: dict[str, Position] = field(default_factory=dict, compare=False)

    @property
    def slug(self) -> str:
        name = self.path.replace("\\", "/").rsplit("/", 1)[-1]
        return name[:-4] if name.endswith(".yml") else name


def read_series_settings(text: str, path: str, sink: DiagnosticSink) -> SeriesSettings:
    """The series file ``path``; every problem into ``sink`` at its line and column, the
    defaults where a value is refused."""
    root = compose_settings(text, sink, file_name=path.rsplit("/", 1)[-1],
                            too_long="a series' settings", example="'title: Club blitz'")
    if root is None:
        if not text.strip():
            sink.error("the series file is empty", line=1, column=1,
                       expected="'title:', 'events:' and 'points:' lines")
        return SeriesSettings(path=path)
    reader = SettingsReader(sink)
    values = reader.mapping(root, "", TOP_LEVEL_KEYS)
    fields: dict[str, Any] = {}
    for key in ("title", "notes"):
        if key in values:
            fields[key] = reader.text(values[key], key)
    for key in ("events", "points"):
        if key not in values:
            sink.error(f"the series has no {key!r}", line=line_of(root), column=column_of(root),
                       expected="'events: [blitz-2026-*]'" if key == "events"
                       else "'points:' with 'places: [10, 8, 6, 5, 4, 3, 2, 1]'")
    if "events" in values:
        fields["events"] = _patterns(reader, values["events"], "events")
    if "planned" in values:
        fields["planned"] = reader.integer(values["planned"], "planned", 1, MAX_EVENTS)
    if "points" in values:
        fields["points"] = _points(reader, values["points"])
    if "weights" in values:
        fields["weights"] = _weights(reader, values["weights"])
    if "ties" in values:
        fields["ties"] = reader.choice(values["ties"], "ties", {t.value: t for t in EventTies})
    fields["counting"] = _counting(reader, values)
    if "final" in values:
        fields["final_position"] = (line_of(values["final"]), column_of(values["final"]))
    if "bonuses" in values:
        fields["bonuses"] = _bonuses(reader, values["bonuses"])
    if "series_ties" in values:
        fields["series_ties"] = _series_ties(reader, values["series_ties"])
    if "eligibility" in values:
        fields.update(_eligibility(reader, values["eligibility"]))
    names: tuple[str, ...] = ()
    if "categories" in values:
        read = read_categories(reader, values["categories"])
        fields["categories"], names = read.categories, read.names
    if "category_by" in values:
        fields["category_by"] = reader.choice(values["category_by"], "category_by",
                                              {c.value: c for c in CategoryBy})
    if "prizes" in values:
        fields["prizes"] = read_prizes(reader, values["prizes"], names)
    if "aliases" in values:
        fields["aliases"] = read_aliases(reader, values["aliases"])
    kept = {key: value for key, value in fields.items() if value is not None}
    return SeriesSettings(path=path, positions=dict(reader.positions), **kept)


def _pattern(reader: SettingsReader, node: Node, key: str) -> EventPattern | None:
    if not isinstance(node, ScalarNode) or node.tag.endswith((":null", ":bool")):
        reader.error(node, f"{key!r} must name event folders, not {describe(node)}",
                     "a folder name of events/ or a glob such as 'blitz-2026-*'")
        return None
    written = str(node.value).strip()
    if not _PATTERN.fullmatch(written) or written.startswith("."):
        reader.error(node, f"{key!r}: {quote(written)} is no event folder's name",
                     "letters, digits, '-', '_' and '.', with '*' or '?' for a glob")
        return None
    return EventPattern(written=written, position=(line_of(node), column_of(node)))


def _patterns(reader: SettingsReader, node: Node, key: str) -> tuple[EventPattern, ...] | None:
    items = node.value if isinstance(node, SequenceNode) else [node]
    if not items or len(items) > MAX_EVENTS:
        reader.error(node, f"{key!r} must list 1 to {MAX_EVENTS} event folders",
                     "'events: [blitz-2026-*]'")
        return None
    read = [_pattern(reader, item, key) for item in items]
    return tuple(p for p in read if p is not None) if all(read) else None


def _numbers(reader: SettingsReader, node: Node, key: str) -> tuple[Decimal, ...] | None:
    if not isinstance(node, SequenceNode) or not node.value or len(node.value) > MAX_TABLE:
        reader.error(node, f"{key!r} must be a list of points, not {describe(node)}",
                     "points by place, the winner's first: [10, 8, 6, 5, 4, 3, 2, 1]")
        return None
    numbers = [reader.number(item, key) for item in node.value]
    if any(n is None for n in numbers):
        return None
    for item, number in zip(node.value, numbers, strict=True):
        if number is not None and number < 0:
            reader.error(item, f"{key!r} holds a negative number ({item.value})", "0 or more")
            return None
    return tuple(n for n in numbers if n is not None)


def _points(reader: SettingsReader, node: Node) -> PointsRule | None:
    expected = "one of 'places', 'by_field_size', 'percentiles' or 'game_points'"
    values = reader.section(node, "points", _POINTS_KEYS, expected)
    if values is None:
        return None
    families = [key for key in _FAMILIES if key in values]
    if len(families) != 1:
        where = values[families[1]] if families else node
        reader.error(where, "'points' has " + (f"both {families[0]!r} and {families[1]!r}"
                                               if families else "no rule"), expected)
        return None
    rest = Decimal(0)
    if "rest" in values:
        if families[0] == "game_points":
            reader.error(values["rest"], "'points.rest' with 'game_points'",
                         "'rest' only beside a table of places or percentiles")
            return None
        read = reader.number(values["rest"], "points.rest")
        if read is None:
            return None
        rest = read
    family = values[families[0]]
    if families[0] == "places":
        table = _numbers(reader, family, "points.places")
        return None if table is None else PlacesTable(points=table, rest=rest)
    if families[0] == "by_field_size":
        return _by_field_size(reader, family, rest)
    if families[0] == "percentiles":
        return _percentiles(reader, family, rest)
    return _game_points(reader, family)


def _number_keyed(reader: SettingsReader, node: Node, key: str, example: str
                  ) -> list[tuple[Node, Decimal, Node]] | None:
    if not isinstance(node, MappingNode) or not node.value:
        reader.error(node, f"{key!r} must be a mapping, not {describe(node)}", example)
        return None
    pairs = []
    for key_node, value_node in node.value:
        number = reader.number(key_node, f"{key} (a key)")
        if number is None:
            return None
        pairs.append((key_node, number, value_node))
    keys = [number for _, number, _ in pairs]
    if keys != sorted(set(keys)):
        reader.error(node, f"{key!r}: its keys must grow, each once", example)
        return None
    return pairs


def _by_field_size(reader: SettingsReader, node: Node, rest: Decimal) -> FieldSizeTables | None:
    example = "'10: [10, 8, 6]' and '20: [12, 10, 8, 6]' lines, each a field's smallest size"
    pairs = _number_keyed(reader, node, "points.by_field_size", example)
    if pairs is None:
        return None
    tables = []
    for key_node, smallest, table_node in pairs:
        if smallest != int(smallest) or smallest < 1:
            reader.error(key_node, f"'points.by_field_size': {quote(str(key_node.value))} is "
                         "no number of players", example)
            return None
        table = _numbers(reader, table_node, f"points.by_field_size.{int(smallest)}")
        if table is None:
            return None
        tables.append(FieldSizeTable(smallest=int(smallest),
                                     table=PlacesTable(points=table, rest=rest)))
    return FieldSizeTables(tables=tuple(tables))


def _percentiles(reader: SettingsReader, node: Node, rest: Decimal) -> PercentileBands | None:
    example = "'1: 100', '5: 60', '20: 30' lines: the top percent of the field and its points"
    pairs = _number_keyed(reader, node, "points.percentiles", example)
    if pairs is None:
        return None
    bands = []
    for key_node, percent, points_node in pairs:
        if not 0 < percent <= 100:
            reader.error(key_node, f"'points.percentiles': {quote(str(key_node.value))} is no "
                         "percentage", "a number above 0, at most 100")
            return None
        points = reader.number(points_node, f"points.percentiles.{key_node.value}")
        if points is None:
            return None
        bands.append(PercentileBand(top_percent=percent, points=points))
    return PercentileBands(bands=tuple(bands), rest=rest)


def _game_points(reader: SettingsReader, node: Node) -> GamePoints | None:
    if isinstance(node, ScalarNode) and node.tag.endswith(":bool") and reader.python(node):
        return GamePoints()
    expected = "'game_points: true', or 'factor', 'upper_half' and 'winner' lines"
    values = reader.section(node, "points.game_points", _GAME_POINTS_KEYS, expected)
    if values is None:
        return None
    read = {key: reader.number(value, f"points.game_points.{key}")
            for key, value in values.items()}
    if any(value is None for value in read.values()):
        return None
    return GamePoints(**{key: value for key, value in read.items() if value is not None})


def _weights(reader: SettingsReader, node: Node
             ) -> tuple[tuple[EventPattern, Decimal], ...] | None:
    expected = "'blitz-2026-12: 2' lines: an event folder (or a glob) and its weight"
    if not isinstance(node, MappingNode):
        reader.error(node, f"'weights' must be a mapping, not {describe(node)}", expected)
        return None
    weights = []
    for key_node, value_node in node.value:
        pattern = _pattern(reader, key_node, "weights")
        weight = reader.number(value_node, f"weights.{key_node.value}")
        if pattern is None or weight is None:
            return None
        weights.append((pattern, weight))
    return tuple(weights)


def _counting(reader: SettingsReader, values: dict[str, Node]) -> Counting | None:
    best = drop = minimum = None
    if "best" in values:
        best = reader.integer(values["best"], "best", 1, MAX_EVENTS)
    if "drop_worst" in values:
        drop = reader.integer(values["drop_worst"], "drop_worst", 1, MAX_EVENTS)
    if "minimum" in values:
        minimum = reader.integer(values["minimum"], "minimum", 1, MAX_EVENTS)
    final = None
    if "final" in values:
        read = _pattern(reader, values["final"], "final")
        final = read.written if read is not None else None
    return Counting(best=best, drop_worst=drop or 0, minimum=minimum or 0, final=final)


def _bonuses(reader: SettingsReader, node: Node) -> Bonuses | None:
    values = reader.section(node, "bonuses", _BONUS_KEYS,
                            "'participation: 1', 'all_rounds: 1' or 'performance: 3' lines")
    if values is None:
        return None
    fields: dict[str, Any] = {}
    for key in ("participation", "all_rounds"):
        if key in values:
            fields[key] = reader.number(values[key], f"bonuses.{key}")
    if "performance" in values:
        fields["performance_cap"] = reader.integer(values["performance"],
                                                   "bonuses.performance", 1, 1000)
    if any(value is None for value in fields.values()):
        return None
    return Bonuses(**fields)


def _series_ties(reader: SettingsReader, node: Node) -> tuple[SeriesTie, ...] | None:
    items = node.value if isinstance(node, SequenceNode) else [node]
    read = [reader.choice(item, "series_ties", {t.value: t for t in SeriesTie})
            for item in items]
    if any(tie is None for tie in read):
        return None
    if len(set(read)) != len(read):
        reader.error(node, "'series_ties' names a rule twice", "each rule once")
        return None
    return tuple(read)


def _eligibility(reader: SettingsReader, node: Node) -> dict[str, Any]:
    values = reader.section(node, "eligibility", _ELIGIBILITY_KEYS,
                            "'min_rounds: 50%' and 'members: [...]' lines")
    if values is None:
        return {}
    fields: dict[str, Any] = {}
    if "min_rounds" in values:
        written = values["min_rounds"]
        text = str(written.value).strip() if isinstance(written, ScalarNode) else ""
        match = re.fullmatch(r"(\d{1,3}(?:\.\d+)?)\s*%", text)
        if match is None or Decimal(match[1]) > 100:
            reader.error(written, f"'eligibility.min_rounds' must be a percentage, not "
                         f"{describe(written)}", "a share of the event's rounds such as 50%")
        else:
            fields["min_rounds_percent"] = Decimal(match[1])
    if "members" in values:
        members = values["members"]
        if not isinstance(members, SequenceNode):
            reader.error(members, f"'eligibility.members' must be a list, not "
                         f"{describe(members)}", "names ('Lastname, Firstname') or FIDE IDs")
        else:
            read = [reader.text(item, "eligibility.members") for item in members.value]
            if all(name is not None for name in read):
                fields["members"] = tuple(str(name).strip() for name in read)
    return fields


def read_aliases(reader: SettingsReader, node: Node
                 ) -> tuple[tuple[str, tuple[str, ...]], ...] | None:
    """``aliases``: a name, as pages show it, over the other spellings the events wrote of
    the same person (a series' own, or site.yml's for every series)."""
    expected = "'Lastname, Firstname: [Other spelling, ...]' lines"
    if not isinstance(node, MappingNode):
        reader.error(node, f"'aliases' must be a mapping, not {describe(node)}", expected)
        return None
    aliases = []
    for key_node, value_node in node.value:
        name = reader.text(key_node, "aliases")
        items = value_node.value if isinstance(value_node, SequenceNode) else [value_node]
        others = [reader.text(item, f"aliases.{key_node.value}") for item in items]
        if name is None or any(other is None for other in others):
            return None
        aliases.append((name.strip(), tuple(str(o).strip() for o in others)))
    return tuple(aliases)


__all__ = ["SERIES_FOLDER", "EventPattern", "SeriesSettings", "read_aliases",
           "read_series_settings"]
