"""event.yml ``rating_change:`` -> KSettings, and its check against the event once read.

::

    rating_change:
      k: rule                           # or a K for everyone: k: 20
      # or: k: {default: rule, players: {12: 40, 7: 10}}

Every problem names ``event.yml:LINE:COLUMN``. What needs the TRF file (is 12 a player of
the event? is 25 a K of the B.02 edition in force on its first day?) is checked by
:func:`check_rating_change` when the event is assembled.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from generator.errors import Diagnostic, Severity, did_you_mean, quote
from generator.model import StartNo, Tournament
from generator.reading.settings_reader import (
    Position,
    SettingsReader,
    column_of,
    describe,
    is_mapping,
    is_scalar,
    line_of,
)
from generator.rules.rating_change import ALL_K_VALUES, KRule, KSettings, RatingEdition

if TYPE_CHECKING:
    from yaml.nodes import MappingNode, Node

RATING_CHANGE_KEYS = ("k",)
K_KEYS = ("default", "players")
MAX_START_NUMBER = 9999
"""TRF 001 columns 5-8: a starting rank has at most four digits."""

_RULE = KRule.RULE.value


def _k_values(values: tuple[int, ...]) -> str:
    return ", ".join(str(k) for k in values[:-1]) + f" or {values[-1]}"


_K_EXPECTED = f"{_RULE!r} (B.02's default rule) or a K of B.02: {_k_values(ALL_K_VALUES)}"


def read_rating_change(reader: SettingsReader, node: Node) -> KSettings | None:
    """The ``rating_change:`` block; None, reported into ``reader``, when it is refused."""
    values = reader.section(node, "rating_change", RATING_CHANGE_KEYS,
                            "'k: rule' or 'k: 20' (B.02's K for everyone)")
    if values is None:
        return None
    if "k" not in values:
        return KSettings()
    k_node = values["k"]
    if is_mapping(k_node):
        return _k_mapping(reader, k_node)
    default = _k(reader, k_node, "rating_change.k", allow_rule=True)
    return None if default is None else KSettings(default=default)


def _k_mapping(reader: SettingsReader, node: MappingNode) -> KSettings | None:
    values = reader.mapping(node, "rating_change.k.", K_KEYS)
    default: KRule | int | None = KRule.RULE
    if "default" in values:
        default = _k(reader, values["default"], "rating_change.k.default", allow_rule=True)
    players: dict[StartNo, int] | None = {}
    if "players" in values:
        players = _players(reader, values["players"])
    if default is None or players is None:
        return None
    return KSettings(default=default, players=MappingProxyType(players))


def _players(reader: SettingsReader, node: Node) -> dict[StartNo, int] | None:
    key = "rating_change.k.players"
    if not is_mapping(node):
        reader.error(node, f"{key!r} must be a mapping, not {describe(node)}",
                     "start number: K lines such as '12: 40'")
        return None
    players: dict[StartNo, int] = {}
    first_line: dict[StartNo, int] = {}
    ok = True
    for number_node, k_node in node.value:
        start_no = _start_number(reader, number_node, key)
        k = _k(reader, k_node, f"{key}[{number_node.value}]" if is_scalar(
            number_node) else key, allow_rule=False)
        if start_no is None or k is None:
            ok = False
            continue
        if start_no in players:
            reader.error(number_node, f"start number {start_no} given twice in {key!r} "
                         f"(first on line {first_line[start_no]})", "each player once")
            ok = False
            continue
        assert isinstance(k, int)
        players[start_no] = k
        first_line[start_no] = line_of(number_node)
        reader.positions[f"{key}[{start_no}]"] = (line_of(number_node), column_of(number_node))
    return players if ok else None


def _start_number(reader: SettingsReader, node: Node, key: str) -> StartNo | None:
    value = reader.python(node) if is_scalar(node) else None
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value \
            <= MAX_START_NUMBER:
        reader.error(node, f"{key!r}: {describe(node)} is not a start number",
                     f"a player's start number (1 to {MAX_START_NUMBER}) before the colon")
        return None
    return StartNo(value)


def _k(reader: SettingsReader, node: Node, key: str, *, allow_rule: bool
       ) -> KRule | int | None:
    expected = _K_EXPECTED if allow_rule else f"a K of B.02: {_k_values(ALL_K_VALUES)}"
    value = reader.python(node) if is_scalar(node) else None
    if allow_rule and isinstance(value, str) and value.strip().lower() == _RULE:
        return KRule.RULE
    if isinstance(value, int) and not isinstance(value, bool) and value in ALL_K_VALUES:
        return value
    shown = describe(node)
    if isinstance(value, int) and not isinstance(value, bool):
        message = f"{key!r}: {value} is not a K of B.02"
    elif isinstance(value, str) and allow_rule:
        message = f"{key!r} cannot be {quote(value)}{_rule_hint(value)}"
    else:
        message = f"{key!r} must be a K, not {shown}"
    reader.error(node, message, expected)
    return None


def _rule_hint(value: str) -> str:
    return did_you_mean(value.strip().lower(), (_RULE,))


def check_rating_change(settings: KSettings, tournament: Tournament, *,
                        first_day: datetime.date | None, path: str,
                        positions: Mapping[str, Position]) -> tuple[Diagnostic, ...]:
    """What event.yml's K settings say that the event contradicts: a start number that is
    not a player of the event (an error), a K that the B.02 edition in force on the first
    day does not know (an error), a K given to an unrated player (a warning: it does
    nothing, an unrated player has no rating change)."""
    edition = RatingEdition.in_force_on(first_day)
    allowed = edition.k_values
    found: list[Diagnostic] = []
    in_force = (f"the B.02 edition in force on {first_day.isoformat()} ({edition.value})"
                if first_day is not None else f"the newest B.02 edition ({edition.value})")

    def problem(key: str, message: str, expected: str,
                severity: Severity = Severity.ERROR) -> None:
        line, column = positions.get(key, (None, None))
        found.append(Diagnostic(path=path, line=line, column=column, message=message,
                                expected=expected, severity=severity))

    if isinstance(settings.default, int) and settings.default not in allowed:
        where = "rating_change.k.default" if "rating_change.k.default" in positions \
            else "rating_change.k"
        problem(where, f"K {settings.default} is not a K of {in_force}",
                f"'rule' or {_k_values(allowed)}")
    numbers = [p.start_no for p in tournament.players]
    for start_no, k in sorted(settings.players.items()):
        key = f"rating_change.k.players[{start_no}]"
        if not tournament.has_player(start_no):
            problem(key, f"start number {start_no} in 'rating_change.k.players' is not a "
                    f"player of this event", f"a start number from {min(numbers)} to "
                    f"{max(numbers)}" if numbers else "a player's start number")
        elif k not in allowed:
            problem(key, f"K {k} for player {start_no} is not a K of {in_force}",
                    _k_values(allowed))
        elif tournament.player(start_no).rating is None:
            problem(key, f"player {start_no} is unrated, so the K given has no use",
                    "K only for rated players (an unrated player has no rating change)",
                    Severity.WARNING)
    return tuple(found)


__all__ = ["K_KEYS", "RATING_CHANGE_KEYS", "check_rating_change", "read_rating_change"]
