"""event.yml -> EventSettings, every value validated and remembered with its position.

The YAML is read with :func:`yaml.compose`, so each value keeps the line and
column where it was written; every error names ``event.yml:LINE:COLUMN``
(1-based; PyYAML's marks are 0-based). A missing file or a key left out means
the documented default (README, "Settings reference").
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from types import MappingProxyType
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.events import MappingStartEvent, SequenceStartEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from generator.errors import DiagnosticSink, did_you_mean, quote
from generator.model import (
    DEFAULT_UNPLAYED,
    MAX_RATING,
    MAX_ROUNDS,
    POINTS_EXPECTED,
    CapRounds,
    Edition,
    ScoreSystem,
    TieRule,
    UnplayedOptions,
    plain_points,
)
from generator.reading.dates import parse_date
from generator.rules.notation import TiebreakSpec, read_tiebreak_list, split_tiebreak_codes

Position = tuple[int, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class EventSettings:
    """What event.yml says; None wherever it says nothing (the TRF or a default decides)."""

    title: str | None = None
    start_date: datetime.date | None = None
    end_date: datetime.date | None = None
    place: str | None = None
    organiser: str | None = None
    arbiter: str | None = None
    edition: Edition | None = None
    """None: the edition in force on the start date (C.07 2026 from 1 March 2026)."""
    tiebreaks: tuple[TiebreakSpec, ...] | None = None
    """The announced order after points (Art. 4.1); None: TRF 202/212, else the default."""
    scoring: ScoreSystem | None = None
    """None: TRF-26 162, else XXS, else inferred from the points column."""
    unplayed: UnplayedOptions = DEFAULT_UNPLAYED
    """C.07 16.6 provisions announced instead of 16.3-16.5."""
    total_rounds: int | None = None
    unrated_rating: int | None = None
    """Rating used for unrated players in rating tie-breaks (Art. 10 preamble)."""
    round_robin: bool | None = None
    """None: detected from the TRF (192, 092, the pairings)."""
    ties: TieRule = TieRule.SHARED
    lots_seed: int | None = None
    team_bye: tuple[Decimal, Decimal] | None = None
    """A team event's pairing-allocated bye: its match points and game points. C.07 leaves
    the value to the event (16.2.1); None: TRF-26 320, else the players' `0000 - U` marks,
    else a drawn match (Q3)."""
    notes: str | None = None
    """Markdown shown on the event's pages (inline here, or notes.md next to event.yml)."""
    path: str = ""
    """The event.yml as the user named it; empty when there is none."""
    positions: Mapping[str, Position] = field(default_factory=lambda: MappingProxyType({}))
    """Key path (``scoring.win``, ``tiebreaks[2]``) -> (line, column), 1-based."""


_SCORING_KEYS = ("win", "draw", "loss", "forfeit_win", "forfeit_loss", "pairing_allocated_bye",
                 "full_point_bye", "half_point_bye", "zero_point_bye")
_UNPLAYED_KEYS = ("forfeits_as_played", "unplayed_as_draw", "vur_cut_first", "cap_rounds",
                  "absence_is_voluntary")
TOP_LEVEL_KEYS = ("title", "start_date", "end_date", "dates", "place", "organiser", "arbiter",
                  "edition", "tiebreaks", "scoring", "unplayed", "total_rounds",
                  "unrated_rating", "round_robin", "ties", "lots_seed", "notes", "team_bye")
_TEAM_BYE_KEYS = ("match_points", "game_points")


MAX_SETTINGS_CHARACTERS = 64 * 1024
"""The longest event.yml read. Settings take a few hundred characters; PyYAML reads about
100 KB a second (a list of codes), so this bounds a hostile file to a second or so. Long
notes belong in notes.md."""

MAX_NESTING = 50
"""The deepest nesting of lists and mappings read. event.yml nests two levels; PyYAML's
composer recurses once per level, and 10,000 levels end in a RecursionError."""

MAX_LOTS_SEED = 10**18 - 1
"""The largest ``lots_seed``: 18 digits, more than any published seed needs."""

class _TooDeep(Exception):
    """A list or mapping nested deeper than MAX_NESTING, starting at (line, column), 1-based."""

    def __init__(self, line: int, column: int) -> None:
        super().__init__(line, column)
        self.line = line
        self.column = column


class _NestingLimitedLoader(yaml.SafeLoader):
    """PyYAML's safe loader, refusing a list or mapping deeper than MAX_NESTING before it
    composes it (the composer's recursion is what runs out)."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        if not self.check_event(SequenceStartEvent, MappingStartEvent):
            return super().compose_node(parent, index)
        if self._depth >= MAX_NESTING:
            mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
            raise _TooDeep(mark.line + 1, mark.column + 1)
        self._depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


_BRACKET = re.compile(r"[\[\]{}]")


def _first_deep_bracket(text: str) -> int | None:
    """Index of the first '[' or '{' that opens more than MAX_NESTING at once, if any.

    PyYAML's scanner looks up to 1,024 characters ahead for a key after each of them (a
    second for a line of brackets, before the composer could refuse the depth). Brackets
    are counted anywhere, quoted or not: no settings have 50 unclosed. (Notes have their
    own rule, generator/reading/notes.py.)
    """
    depth = 0
    for bracket in _BRACKET.finditer(text):
        if bracket[0] in "[{":
            depth += 1
            if depth > MAX_NESTING:
                return bracket.start()
        elif depth:
            depth -= 1
    return None


def _refuse_deep_brackets(text: str) -> None:
    """Raise _TooDeep at the first bracket too deep (:func:`_first_deep_bracket`)."""
    index = _first_deep_bracket(text)
    if index is not None:
        raise _TooDeep(*_text_position(text, index))


_LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")
"""What PyYAML counts as the end of a line (its marks count lines the same way)."""


def _text_position(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of ``text[index]``, as a PyYAML mark would give them."""
    line, start = 1, 0
    for match in _LINE_BREAK.finditer(text, 0, index):
        line, start = line + 1, match.end()
    return line, index - start + 1


def parse_settings(text: str, path: str) -> EventSettings:
    """Read event.yml text; raise StandingsError listing every problem."""
    sink = DiagnosticSink(path)
    settings = read_settings(text, path, sink)
    sink.raise_if_errors()
    return settings


def compose_settings(text: str, sink: DiagnosticSink, *, file_name: str, too_long: str,
                     example: str) -> MappingNode | None:
    """A settings file's YAML as a mapping of nodes that remember their positions; None,
    reported into ``sink``, when it is too long, too deep, not YAML or not a mapping, and
    None without a report when it is empty. ``file_name`` names the file in the messages
    (event.yml, site.yml), ``too_long`` says what belongs in it, ``example`` is a line of it.
    """
    if len(text) > MAX_SETTINGS_CHARACTERS:
        line, column = _text_position(text, MAX_SETTINGS_CHARACTERS)
        sink.error(f"{file_name} has more than {MAX_SETTINGS_CHARACTERS} characters",
                   line=line, column=column, expected=too_long)
        return None
    try:
        _refuse_deep_brackets(text)
        root = yaml.compose(text, Loader=_NestingLimitedLoader)
    except _TooDeep as error:
        sink.error(f"YAML nested deeper than {MAX_NESTING} levels", line=error.line,
                   column=error.column,
                   expected="settings at most a few levels deep (see the README's settings "
                            "reference)")
        return None
    except yaml.reader.ReaderError as error:
        # Raised before any mark exists, with the character's index into the text.
        line, column = _text_position(text, error.position)
        character = chr(error.character) if isinstance(error.character, int) else "?"
        kind = "control character" if unicodedata.category(character) == "Cc" else "character"
        sink.error(f"{kind} {character!r} in {file_name}", line=line, column=column,
                   expected="printable text")
        return None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        problem = error.problem or "cannot read YAML"
        where = {"line": mark.line + 1, "column": mark.column + 1} if mark else {}
        context = f" ({error.context})" if error.context else ""
        sink.error(f"YAML syntax error: {problem}{context}", **where,
                   expected="'key: value' lines (see the README's settings reference)")
        return None
    except yaml.YAMLError as error:
        sink.error(f"YAML error: {error}", expected="a YAML mapping of settings")
        return None
    if root is None or (isinstance(root, ScalarNode) and root.value == ""
                        and root.tag.endswith(":null")):
        return None
    if not isinstance(root, MappingNode):
        sink.error(f"{file_name} holds {_describe(root)}, not settings", line=_line(root),
                   column=_column(root), expected=f"'key: value' lines such as {example}")
        return None
    return root


def read_settings(text: str, path: str, sink: DiagnosticSink) -> EventSettings:
    """Like :func:`parse_settings` but reports into ``sink``; defaults where a value is bad."""
    root = compose_settings(text, sink, file_name="event.yml",
                            too_long="settings, and long notes in notes.md",
                            example="'title: Club Open'")
    if root is None:
        return EventSettings(path=path)
    reader = SettingsReader(sink)
    values = reader.mapping(root, "", TOP_LEVEL_KEYS)
    fields: dict[str, Any] = {}
    for key in ("title", "place", "organiser", "arbiter", "notes"):
        if key in values:
            fields[key] = reader.text(values[key], key)
    for key in ("start_date", "end_date"):
        if key in values:
            fields[key] = reader.date(values[key], key)
    if "dates" in values:
        if "start_date" in values or "end_date" in values:
            node = values["dates"]
            sink.error("'dates' given together with 'start_date'/'end_date'", line=_line(node),
                       column=_column(node), expected="either 'dates' or 'start_date'/'end_date'")
        else:
            fields["start_date"], fields["end_date"] = reader.dates(values["dates"])
    if "edition" in values:
        fields["edition"] = reader.edition(values["edition"])
    if "tiebreaks" in values:
        fields["tiebreaks"] = reader.tiebreaks(values["tiebreaks"])
    if "scoring" in values:
        fields["scoring"] = reader.scoring(values["scoring"])
    if "unplayed" in values:
        fields["unplayed"] = reader.unplayed(values["unplayed"])
    if "total_rounds" in values:
        fields["total_rounds"] = reader.integer(values["total_rounds"], "total_rounds", 1,
                                                MAX_ROUNDS)
    if "unrated_rating" in values:
        fields["unrated_rating"] = reader.integer(values["unrated_rating"], "unrated_rating",
                                                  0, MAX_RATING)
    if "round_robin" in values:
        fields["round_robin"] = reader.boolean(values["round_robin"], "round_robin")
    if "team_bye" in values:
        fields["team_bye"] = reader.team_bye(values["team_bye"])
    if "ties" in values:
        fields["ties"] = reader.choice(values["ties"], "ties", {r.value: r for r in TieRule})
    if "lots_seed" in values:
        fields["lots_seed"] = reader.integer(values["lots_seed"], "lots_seed", 0,
                                             MAX_LOTS_SEED)
    if fields.get("ties") is TieRule.LOTS and fields.get("lots_seed") is None \
            and "lots_seed" not in values:
        node = values["ties"]
        sink.error("'ties: lots' needs a published seed", line=_line(node), column=_column(node),
                   expected="'lots_seed: <number>' so anyone can redo the draw")
    start, end = fields.get("start_date"), fields.get("end_date")
    if start and end and end < start:
        node = values.get("end_date") or values["dates"]
        sink.error(f"end date {end.isoformat()} is before the start date {start.isoformat()}",
                   line=_line(node), column=_column(node), expected="an end on or after the start")
    clean = {k: v for k, v in fields.items() if v is not None}
    return EventSettings(path=path, positions=MappingProxyType(dict(reader.positions)), **clean)


# --- node helpers ------------------------------------------------------------------------


def _line(node: Node) -> int:
    return int(node.start_mark.line) + 1


def _column(node: Node) -> int:
    return int(node.start_mark.column) + 1


def _describe(node: Node) -> str:
    if isinstance(node, MappingNode):
        return "a mapping"
    if isinstance(node, SequenceNode):
        return "a list"
    kind = node.tag.rsplit(":", 1)[-1]
    if kind == "null":
        return "nothing"
    return {"str": "text", "int": "a number", "float": "a number", "bool": "yes/no",
            "null": "nothing", "timestamp": "a date"}.get(kind, "a value") + f" {quote(node.value)}"


class SettingsReader:
    """Turns nodes into checked values, reporting problems at the node's position."""

    def __init__(self, sink: DiagnosticSink) -> None:
        self.sink = sink
        self.positions: dict[str, Position] = {}
        self._constructor = SafeConstructor()

    def error(self, node: Node, message: str, expected: str | None = None,
              column_offset: int = 0) -> None:
        self.sink.error(message, line=_line(node), column=_column(node) + column_offset,
                        expected=expected)

    def python(self, node: Node) -> Any:
        try:
            return self._constructor.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError, TypeError, OverflowError):
            return node.value if isinstance(node, ScalarNode) else None

    def mapping(self, node: MappingNode, prefix: str, allowed: tuple[str, ...]
                ) -> dict[str, Node]:
        found: dict[str, Node] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                self.error(key_node, f"a {_describe(key_node).split()[1]} cannot be a key",
                           "a setting name such as 'title'")
                continue
            key = str(key_node.value)
            name = f"{prefix}{key}"
            if key not in allowed:
                self.error(key_node, f"unknown setting {name!r}{did_you_mean(key, allowed)}",
                           "one of " + ", ".join(allowed))
                continue
            if key in found:
                self.error(key_node, f"setting {name!r} given twice (first on line "
                           f"{_line(found[key])})", "each setting once")
                continue
            found[key] = value_node
            self.positions[name] = (_line(value_node), _column(value_node))
        return found

    def section(self, node: Node, key: str, allowed: tuple[str, ...], expected: str
                ) -> dict[str, Node] | None:
        """The settings under ``key:`` (``scoring``, ``unplayed``); None, reported, when
        ``node`` is not a mapping."""
        if not isinstance(node, MappingNode):
            self.error(node, f"{key!r} must be a mapping, not {_describe(node)}", expected)
            return None
        return self.mapping(node, f"{key}.", allowed)

    def text(self, node: Node, key: str) -> str | None:
        if not isinstance(node, ScalarNode) or node.tag.endswith((":null", ":bool")):
            self.error(node, f"{key!r} must be text, not {_describe(node)}", "text")
            return None
        return str(node.value)

    def date(self, node: Node, key: str) -> datetime.date | None:
        value = self.python(node)
        if isinstance(value, datetime.datetime):
            return value.date()
        if isinstance(value, datetime.date):
            return value
        if isinstance(node, ScalarNode) and isinstance(value, str):
            day, _note = parse_date(value)
            if day is not None and re.fullmatch(r"\d{4}[-/.]\d{1,2}[-/.]\d{1,2}", value.strip()):
                return day
            if day is None and _note:
                self.error(node, f"{key!r}: {value!r} is not a day of the calendar",
                           "a date such as 2026-03-14")
                return None
        self.error(node, f"{key!r} must be a date, not {_describe(node)}",
                   "a date such as 2026-03-14")
        return None

    def dates(self, node: Node) -> tuple[datetime.date | None, datetime.date | None]:
        if isinstance(node, SequenceNode) and 1 <= len(node.value) <= 2:
            first = self.date(node.value[0], "dates")
            last = self.date(node.value[-1], "dates")
            return first, last
        if isinstance(node, ScalarNode):
            value = self.python(node)
            if isinstance(value, datetime.date):
                day = self.date(node, "dates")
                return day, day
            match = re.fullmatch(r"\s*(\S+)\s*(?:\.\.|to|\u2013|\u2014)\s*(\S+)\s*",
                                 str(node.value))
            if match:
                first, last = parse_date(match[1])[0], parse_date(match[2])[0]
                if first and last:
                    return first, last
        self.error(node, f"'dates' must be one date or two, not {_describe(node)}",
                   "'dates: 2026-03-14 .. 2026-03-16' or a list of two dates")
        return None, None

    def edition(self, node: Node) -> Edition | None:
        value = str(node.value).strip() if isinstance(node, ScalarNode) else None
        for edition in Edition:
            if value == edition.value:
                return edition
        self.error(node, f"impossible edition {quote(value)}"
                   if value is not None else f"'edition' must be a year, not {_describe(node)}",
                   "'2026' (C.07 in force from 1 March 2026) or '2024' (in force from "
                   "1 August 2024)")
        return None

    def tiebreaks(self, node: Node) -> tuple[TiebreakSpec, ...] | None:
        # code, node, column offset inside the node, (line, column) of the code
        items: list[tuple[str, Node, int, Position]] = []
        if isinstance(node, SequenceNode):
            for index, item in enumerate(node.value):
                if not isinstance(item, ScalarNode) or item.tag.endswith(":null"):
                    self.error(item, f"tie-break {index + 1} must be a code, not "
                               f"{_describe(item)}", "a code such as 'BH/C1'")
                    continue
                items.append((str(item.value).strip(), item, _quote_width(item),
                              (_line(item), _column(item) + _quote_width(item))))
        elif isinstance(node, ScalarNode) and node.tag.endswith(":str"):
            for start, code in split_tiebreak_codes(str(node.value)):
                offset = start + _quote_width(node)
                if "\n" not in str(node.value)[:start]:
                    position = (_line(node), _column(node) + offset)
                else:
                    position = (_line(node), _column(node))
                    offset = 0
                items.append((code, node, offset, position))
        else:
            self.error(node, f"'tiebreaks' must be a list of codes, not {_describe(node)}",
                       "a list such as [BH/C1, BH, SB, DE] or the text 'BH/C1, BH, SB'")
            return None
        # The list rules live in notation.read_tiebreak_list; the cuts wait for the rounds
        # (events.resolve_tiebreaks checks them once the TRF file is read).
        checked = read_tiebreak_list([code for code, *_ in items])
        for problem in checked.problems:
            _code, item, offset, _position = items[problem.index]
            self.error(item, problem.message, problem.expected, offset + problem.column)
        for k, index in enumerate(checked.indices):
            self.positions[f"tiebreaks[{k}]"] = items[index][3]  # tiebreaks[k] is specs[k]
        return None if checked.problems else checked.specs

    def number(self, node: Node, key: str) -> Decimal | None:
        value = self.python(node)
        if isinstance(node, ScalarNode) and not isinstance(value, bool):
            text = str(node.value).strip().replace("½", "0.5")
            number = plain_points(text)
            if number is not None:
                return number
        self.error(node, f"{key!r} must be a plain number, not {_describe(node)}",
                   POINTS_EXPECTED)
        return None

    def team_bye(self, node: Node) -> tuple[Decimal, Decimal] | None:
        expected = "'match_points: 1' and 'game_points: 2' lines"
        values = self.section(node, "team_bye", _TEAM_BYE_KEYS, expected)
        if values is None:
            return None
        missing = [key for key in _TEAM_BYE_KEYS if key not in values]
        if missing:
            self.error(node, f"'team_bye' without {missing[0]!r}", expected)
            return None
        numbers = []
        for key in _TEAM_BYE_KEYS:
            number = self.number(values[key], f"team_bye.{key}")
            if number is None:
                return None
            if number < 0:
                self.error(values[key], f"'team_bye.{key}' is negative ({values[key].value})",
                           "0 or more")
                return None
            numbers.append(number)
        return numbers[0], numbers[1]

    def integer(self, node: Node, key: str, low: int, high: int) -> int | None:
        expected = f"a whole number from {low} to {high}"
        if node.tag.endswith(":int") and len(str(node.value)) > len(str(high)) + 2:
            # Out of range by its length alone (int() refuses more than 4,300 digits).
            self.error(node, f"{key!r} is {quote(str(node.value))}, out of range", expected)
            return None
        value = self.python(node)
        if not isinstance(value, int) or isinstance(value, bool):
            self.error(node, f"{key!r} must be a whole number, not {_describe(node)}", expected)
            return None
        if value < low or value > high:
            self.error(node, f"{key!r} is {value}, out of range", expected)
            return None
        return value

    def boolean(self, node: Node, key: str) -> bool | None:
        value = self.python(node)
        if not isinstance(value, bool):
            self.error(node, f"{key!r} must be true or false, not {_describe(node)}",
                       "true or false")
            return None
        return value

    def choice(self, node: Node, key: str, choices: Mapping[str, Any]) -> Any:
        value = str(node.value).strip().lower() if isinstance(node, ScalarNode) else None
        if value is not None and value in choices:
            return choices[value]
        names = list(choices)
        hint = did_you_mean(value, names) if value else ""
        self.error(node, f"{key!r} cannot be {_describe(node).split(' ', 1)[-1]}{hint}"
                   if value is not None else f"{key!r} must be a word, not {_describe(node)}",
                   " or ".join(repr(n) for n in names))
        return None

    def scoring(self, node: Node) -> ScoreSystem | None:
        if isinstance(node, ScalarNode) and node.tag.endswith(":str"):
            match = re.fullmatch(r"\s*(\d+(?:\.\d+)?|½)\s*-\s*(\d+(?:\.\d+)?|½)\s*-\s*"
                                 r"(\d+(?:\.\d+)?|½)\s*", str(node.value))
            if match is None:
                self.error(node, f"cannot read scoring {node.value!r}",
                           "'3-1-0' or a mapping with win, draw, loss, ...")
                return None
            numbers: dict[str, Decimal] = {}
            for key, written in zip(("win", "draw", "loss"), match.groups(), strict=True):
                number = plain_points(written.replace("½", "0.5"))
                if number is None:
                    self.error(node, f"'scoring' value {quote(written)} is not a plain number",
                               POINTS_EXPECTED)
                    return None
                numbers[key] = number
            return self._checked_scoring(node, numbers, {})
        values = self.section(node, "scoring", _SCORING_KEYS,
                              "'win: 3', 'draw: 1', 'loss: 0' lines, or '3-1-0'")
        if values is None:
            return None
        numbers = {}
        ok = True
        for key, value_node in values.items():
            number = self.number(value_node, f"scoring.{key}")
            if number is None:
                ok = False
                continue
            if number < 0:
                ok = False
                self.error(value_node, f"'scoring.{key}' is negative ({value_node.value})",
                           "zero or more points")
                continue
            numbers[key] = number
        if not ok:
            return None
        return self._checked_scoring(node, numbers, values)

    def _checked_scoring(self, node: Node, numbers: dict[str, Decimal],
                         nodes: Mapping[str, Node]) -> ScoreSystem | None:
        scoring = ScoreSystem(**numbers)
        at: Callable[[str], Node] = lambda key: nodes.get(key, node)  # noqa: E731
        if scoring.draw > scoring.win:
            self.error(at("draw"), f"a draw ({scoring.draw}) is worth more than a win "
                       f"({scoring.win})", "win >= draw >= loss")
            return None
        if scoring.loss > scoring.draw:
            self.error(at("loss"), f"a loss ({scoring.loss}) is worth more than a draw "
                       f"({scoring.draw})", "win >= draw >= loss")
            return None
        if scoring.win == scoring.loss:
            self.error(at("win"), f"a win and a loss are both worth {scoring.win}",
                       "a win worth more than a loss")
            return None
        return scoring

    def unplayed(self, node: Node) -> UnplayedOptions | None:
        values = self.section(node, "unplayed", _UNPLAYED_KEYS,
                              "lines such as 'forfeits_as_played: true' (C.07 16.6)")
        if values is None:
            return None
        options: dict[str, Any] = {}
        for key, value_node in values.items():
            if key == "cap_rounds":
                options[key] = self.choice(value_node, "unplayed.cap_rounds",
                                           {c.value: c for c in CapRounds})
            else:
                options[key] = self.boolean(value_node, f"unplayed.{key}")
        if any(v is None for v in options.values()):
            return None
        return UnplayedOptions(**options)


def _quote_width(node: ScalarNode) -> int:
    """A quoted scalar's text starts one column after its mark."""
    return 1 if node.style in ("'", '"') else 0


__all__ = ["MAX_SETTINGS_CHARACTERS", "TOP_LEVEL_KEYS", "EventSettings", "SettingsReader",
           "compose_settings", "parse_settings", "read_settings"]
