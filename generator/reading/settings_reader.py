"""YAML nodes -> checked setting values, each problem reported at the node's position.

The one reader of every settings file (event.yml, site.yml, and the blocks of event.yml
that have modules of their own: prize_settings, rating_settings). It lives apart from
settings.py so that those modules can use it and settings.py can call them, with every
import pointing one way.
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from decimal import Decimal
from typing import TYPE_CHECKING, Any, TypeGuard

from generator.errors import DiagnosticSink, did_you_mean, quote
from generator.model import (
    POINTS_EXPECTED,
    CapRounds,
    Edition,
    ScoreSystem,
    UnplayedOptions,
    plain_points,
)
from generator.reading.dates import parse_date
from generator.rules.notation import TiebreakSpec, read_tiebreak_list, split_tiebreak_codes

if TYPE_CHECKING:
    from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

Position = tuple[int, int]

_SCORING_KEYS = ("win", "draw", "loss", "forfeit_win", "forfeit_loss", "pairing_allocated_bye",
                 "full_point_bye", "half_point_bye", "zero_point_bye")
_UNPLAYED_KEYS = ("forfeits_as_played", "unplayed_as_draw", "vur_cut_first", "cap_rounds",
                  "absence_is_voluntary")
_TEAM_BYE_KEYS = ("match_points", "game_points")


# PyYAML is imported where a settings file is read, not with this module: a TRF file
# without event.yml (``standings rank``, ``check``) loads none of it, a tenth of their
# start. Its nodes say their kind by their ``id``, which these ask instead of isinstance.

def is_mapping(node: Node) -> TypeGuard[MappingNode]:
    return _kind(node) == "mapping"


def is_sequence(node: Node) -> TypeGuard[SequenceNode]:
    return _kind(node) == "sequence"


def is_scalar(node: Node) -> TypeGuard[ScalarNode]:
    return _kind(node) == "scalar"


def _kind(node: Node) -> str | None:
    kind: str | None = getattr(node, "id", None)  # each kind's class says it, not Node
    return kind


def line_of(node: Node) -> int:
    """The node's 1-based line (PyYAML's marks are 0-based)."""
    return int(node.start_mark.line) + 1


def column_of(node: Node) -> int:
    """The node's 1-based column."""
    return int(node.start_mark.column) + 1


def describe(node: Node) -> str:
    """What the node holds, as a message names it: 'a list', "text 'x'", ..."""
    if is_mapping(node):
        return "a mapping"
    if is_sequence(node):
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
        from yaml.constructor import SafeConstructor  # read where a file is read (above)

        self._constructor = SafeConstructor()

    def error(self, node: Node, message: str, expected: str | None = None,
              column_offset: int = 0) -> None:
        self.sink.error(message, line=line_of(node), column=column_of(node) + column_offset,
                        expected=expected)

    def python(self, node: Node) -> Any:
        from yaml import YAMLError  # loaded with the nodes: a file is being read

        try:
            return self._constructor.construct_object(node, deep=True)
        except (YAMLError, ValueError, TypeError, OverflowError):
            return node.value if is_scalar(node) else None

    def mapping(self, node: MappingNode, prefix: str, allowed: tuple[str, ...]
                ) -> dict[str, Node]:
        found: dict[str, Node] = {}
        for key_node, value_node in node.value:
            if not is_scalar(key_node):
                self.error(key_node, f"a {describe(key_node).split()[1]} cannot be a key",
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
                           f"{line_of(found[key])})", "each setting once")
                continue
            found[key] = value_node
            self.positions[name] = (line_of(value_node), column_of(value_node))
        return found

    def section(self, node: Node, key: str, allowed: tuple[str, ...], expected: str
                ) -> dict[str, Node] | None:
        """The settings under ``key:`` (``scoring``, ``unplayed``); None, reported, when
        ``node`` is not a mapping."""
        if not is_mapping(node):
            self.error(node, f"{key!r} must be a mapping, not {describe(node)}", expected)
            return None
        return self.mapping(node, f"{key}.", allowed)

    def text(self, node: Node, key: str) -> str | None:
        """A free-text value (a title, a name, the notes); None, reported, when it is not
        text or holds a control character other than a line break or a tab (only a
        double-quoted escape such as ``"\\0"`` or ``"\\e"`` can write one: the file itself
        may not hold them). No page can show one, and a terminal runs ESC sequences."""
        if not is_scalar(node) or node.tag.endswith((":null", ":bool")):
            self.error(node, f"{key!r} must be text, not {describe(node)}", "text")
            return None
        written = str(node.value)
        control = next((c for c in written if unicodedata.category(c) == "Cc"
                        and c not in _LAYOUT), None)
        if control is not None:
            self.error(node, f"{key!r} holds the control character {control!r}",
                       "printable text")
            return None
        return written

    def date(self, node: Node, key: str) -> datetime.date | None:
        value = self.python(node)
        if isinstance(value, datetime.datetime):
            return value.date()
        if isinstance(value, datetime.date):
            return value
        if is_scalar(node) and isinstance(value, str):
            day, _note = parse_date(value)
            if day is not None and re.fullmatch(r"\d{4}[-/.]\d{1,2}[-/.]\d{1,2}", value.strip()):
                return day
            if day is None and _note:
                self.error(node, f"{key!r}: {value!r} is not a day of the calendar",
                           "a date such as 2026-03-14")
                return None
        self.error(node, f"{key!r} must be a date, not {describe(node)}",
                   "a date such as 2026-03-14")
        return None

    def dates(self, node: Node) -> tuple[datetime.date | None, datetime.date | None]:
        if is_sequence(node) and 1 <= len(node.value) <= 2:
            first = self.date(node.value[0], "dates")
            last = self.date(node.value[-1], "dates")
            return first, last
        if is_scalar(node):
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
        self.error(node, f"'dates' must be one date or two, not {describe(node)}",
                   "'dates: 2026-03-14 .. 2026-03-16' or a list of two dates")
        return None, None

    def edition(self, node: Node) -> Edition | None:
        value = str(node.value).strip() if is_scalar(node) else None
        for edition in Edition:
            if value == edition.value:
                return edition
        self.error(node, f"impossible edition {quote(value)}"
                   if value is not None else f"'edition' must be a year, not {describe(node)}",
                   "'2026' (C.07 in force from 1 March 2026) or '2024' (in force from "
                   "1 August 2024)")
        return None

    def tiebreaks(self, node: Node) -> tuple[TiebreakSpec, ...] | None:
        # code, node, column offset inside the node, (line, column) of the code
        items: list[tuple[str, Node, int, Position]] = []
        if is_sequence(node):
            for index, item in enumerate(node.value):
                if not is_scalar(item) or item.tag.endswith(":null"):
                    self.error(item, f"tie-break {index + 1} must be a code, not "
                               f"{describe(item)}", "a code such as 'BH/C1'")
                    continue
                items.append((str(item.value).strip(), item, _quote_width(item),
                              (line_of(item), column_of(item) + _quote_width(item))))
        elif is_scalar(node) and node.tag.endswith(":str"):
            for start, code in split_tiebreak_codes(str(node.value)):
                offset = start + _quote_width(node)
                if "\n" not in str(node.value)[:start]:
                    position = (line_of(node), column_of(node) + offset)
                else:
                    position = (line_of(node), column_of(node))
                    offset = 0
                items.append((code, node, offset, position))
        else:
            self.error(node, f"'tiebreaks' must be a list of codes, not {describe(node)}",
                       "a list such as [BH/C1, BH, SB, DE] or the text 'BH/C1, BH, SB'")
            return None
        # The list rules live in notation.read_tiebreak_list; the cuts wait for the rounds
        # (tiebreak_order.resolve_tiebreaks checks them once the TRF file is read).
        checked = read_tiebreak_list([code for code, *_ in items])
        for problem in checked.problems:
            _code, item, offset, _position = items[problem.index]
            self.error(item, problem.message, problem.expected, offset + problem.column)
        for k, index in enumerate(checked.indices):
            self.positions[f"tiebreaks[{k}]"] = items[index][3]  # tiebreaks[k] is specs[k]
        return None if checked.problems else checked.specs

    def number(self, node: Node, key: str) -> Decimal | None:
        value = self.python(node)
        if is_scalar(node) and not isinstance(value, bool):
            text = str(node.value).strip().replace("½", "0.5")
            number = plain_points(text)
            if number is not None:
                return number
        self.error(node, f"{key!r} must be a plain number, not {describe(node)}",
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
            self.error(node, f"{key!r} must be a whole number, not {describe(node)}", expected)
            return None
        if value < low or value > high:
            self.error(node, f"{key!r} is {value}, out of range", expected)
            return None
        return value

    def boolean(self, node: Node, key: str) -> bool | None:
        value = self.python(node)
        if not isinstance(value, bool):
            self.error(node, f"{key!r} must be true or false, not {describe(node)}",
                       "true or false")
            return None
        return value

    def choice(self, node: Node, key: str, choices: Mapping[str, Any]) -> Any:
        value = str(node.value).strip().lower() if is_scalar(node) else None
        if value is not None and value in choices:
            return choices[value]
        names = list(choices)
        hint = did_you_mean(value, names) if value else ""
        self.error(node, f"{key!r} cannot be {describe(node).split(' ', 1)[-1]}{hint}"
                   if value is not None else f"{key!r} must be a word, not {describe(node)}",
                   " or ".join(repr(n) for n in names))
        return None

    def scoring(self, node: Node) -> ScoreSystem | None:
        if is_scalar(node) and node.tag.endswith(":str"):
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


_LAYOUT = "\t\n\r"
"""The control characters free text may hold: a block's line breaks and tabs (notes)."""


# --- surrogates ---------------------------------------------------------------------------

_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE = re.compile(
    r"(?<!\\)(?:\\\\)*(?P<escape>\\(?:u|U0000)[dD][89a-fA-F][0-9a-fA-F]{2})")
"""How YAML writes half of a UTF-16 pair: only a double-quoted escape can (the file's own
characters are decoded from UTF-8, which has none, and PyYAML refuses them as text); not
after an escaped backslash (``"\\\\ud83d"`` is a backslash and ``ud83d``)."""


def join_surrogates(root: Node, text: str) -> Iterator[tuple[int, int, str]]:
    """Make every scalar of ``root`` (keys included) whole characters, in place: a UTF-16
    pair written as two escapes (``"\\ud83d\\ude00"``, as JSON writers spell an emoji, and
    JSON is YAML) becomes its character, as YAML 1.2 reads it; PyYAML keeps the two halves,
    which no file can be written in. Yields (line, column, half) for every half left alone,
    at its escape in ``text`` (the source ``root`` was composed from), and puts U+FFFD in its
    place, so that what reads on meets no half (a build would stop at the first page)."""
    stack = [root]
    while stack:
        node = stack.pop()
        if is_mapping(node):
            stack.extend(n for pair in reversed(node.value) for n in reversed(pair))
        elif is_sequence(node):
            stack.extend(reversed(node.value))
        elif is_scalar(node) and _SURROGATE.search(str(node.value)):
            joined, lone = _joined(str(node.value))
            node.value = joined
            yield from _escape_positions(node, text, lone)



def _joined(value: str) -> tuple[str, list[tuple[int, str]]]:
    """``value`` with each high-low pair of surrogates joined into its character and each
    lone half replaced by U+FFFD; and, for each lone half, its place among the halves of
    ``value`` (0 for the first) and the half itself."""
    out: list[str] = []
    lone: list[tuple[int, str]] = []
    halves = 0
    index = 0
    while index < len(value):
        character = value[index]
        if "\ud800" <= character <= "\udbff" and index + 1 < len(value) \
                and "\udc00" <= value[index + 1] <= "\udfff":
            high, low = ord(character) - 0xD800, ord(value[index + 1]) - 0xDC00
            out.append(chr(0x10000 + (high << 10) + low))
            halves += 2
            index += 2
            continue
        if "\ud800" <= character <= "\udfff":
            lone.append((halves, character))
            halves += 1
            character = "\ufffd"
        out.append(character)
        index += 1
    return "".join(out), lone


def _escape_positions(node: ScalarNode, text: str, lone: list[tuple[int, str]]
                      ) -> Iterator[tuple[int, int, str]]:
    """Where each lone half of ``node`` is written: the n-th half of the value is the n-th
    surrogate escape of its source (the node's start when the source says otherwise)."""
    start, end = node.start_mark.index, node.end_mark.index
    escapes = [m.start("escape") for m in _SURROGATE_ESCAPE.finditer(text, start, end)]
    for place, half in lone:
        if place < len(escapes):
            line, column = text_position(text, escapes[place])
        else:
            line, column = line_of(node), column_of(node)
        yield line, column, half


_LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")
"""What PyYAML counts as the end of a line (its marks count lines the same way)."""


def text_position(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of ``text[index]``, as a PyYAML mark would give them."""
    line, start = 1, 0
    for match in _LINE_BREAK.finditer(text, 0, index):
        line, start = line + 1, match.end()
    return line, index - start + 1


def _quote_width(node: ScalarNode) -> int:
    """A quoted scalar's text starts one column after its mark."""
    return 1 if node.style in ("'", '"') else 0


__all__ = ["Position", "SettingsReader", "column_of", "describe", "join_surrogates", "line_of",
           "text_position"]
