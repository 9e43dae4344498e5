"""event.yml -> EventSettings, every value validated and remembered with its position.

The YAML is read with :func:`yaml.compose`, so each value keeps the line and
column where it was written; every error names ``event.yml:LINE:COLUMN``
(1-based; PyYAML's marks are 0-based). A missing file or a key left out means
the documented default (README, "Settings reference").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from generator.errors import DiagnosticSink
from generator.model import (
    MAX_RATING,
    MAX_ROUNDS,
    TieRule,
)
from generator.reading.decoding import DECLARED_ENCODINGS
from generator.reading.event_settings import EventSettings
from generator.reading.prize_settings import read_categories, read_prizes
from generator.reading.rating_settings import read_rating_change
from generator.reading.settings_reader import (
    SettingsReader,
    is_mapping,
    is_scalar,
    join_surrogates,
    text_position,
)
from generator.reading.settings_reader import column_of as _column
from generator.reading.settings_reader import describe as _describe
from generator.reading.settings_reader import line_of as _line

if TYPE_CHECKING:
    import yaml
    from yaml.nodes import MappingNode, Node


TOP_LEVEL_KEYS = ("title", "start_date", "end_date", "dates", "place", "organiser", "arbiter",
                  "edition", "tiebreaks", "scoring", "unplayed", "total_rounds", "encoding",
                  "unrated_rating", "round_robin", "ties", "lots_seed", "notes", "team_bye",
                  "categories", "prizes", "rating_change")


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


@cache
def _nesting_limited_loader() -> type[yaml.SafeLoader]:
    """PyYAML's safe loader, refusing a list or mapping deeper than MAX_NESTING before it
    composes it (the composer's recursion is what runs out). Made the first time a settings
    file is read, with PyYAML (settings_reader.py says why not before)."""
    import yaml
    from yaml.events import MappingStartEvent, SequenceStartEvent

    class NestingLimitedLoader(yaml.SafeLoader):
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

    return NestingLimitedLoader


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
        raise _TooDeep(*text_position(text, index))


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
    import yaml  # read where a file is read (settings_reader.py says why)

    if len(text) > MAX_SETTINGS_CHARACTERS:
        line, column = text_position(text, MAX_SETTINGS_CHARACTERS)
        sink.error(f"{file_name} has more than {MAX_SETTINGS_CHARACTERS} characters",
                   line=line, column=column, expected=too_long)
        return None
    try:
        _refuse_deep_brackets(text)
        root = yaml.compose(text, Loader=_nesting_limited_loader())
    except _TooDeep as error:
        sink.error(f"YAML nested deeper than {MAX_NESTING} levels", line=error.line,
                   column=error.column,
                   expected="settings at most a few levels deep (see the README's settings "
                            "reference)")
        return None
    except yaml.reader.ReaderError as error:
        # Raised before any mark exists, with the character's index into the text.
        line, column = text_position(text, error.position)
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
    if root is None or (is_scalar(root) and root.value == ""
                        and root.tag.endswith(":null")):
        return None
    if not is_mapping(root):
        sink.error(f"{file_name} holds {_describe(root)}, not settings", line=_line(root),
                   column=_column(root), expected=f"'key: value' lines such as {example}")
        return None
    for line, column, half in join_surrogates(root, text):
        sink.error(f"the escape {half!r} is half of a UTF-16 pair without its other half",
                   line=line, column=column,
                   expected="both halves one after the other (such as '\\ud83d\\ude00'), "
                            "or the character itself")
    return root


def read_settings(text: str, path: str, sink: DiagnosticSink, *,
                  inherited: EventSettings | None = None) -> EventSettings:
    """Like :func:`parse_settings` but reports into ``sink``; defaults where a value is bad.

    ``inherited``: what a festival section takes from its festival.yml where its own
    event.yml is silent (its categories name the prizes' rankings, its seed the lots)."""
    root = compose_settings(text, sink, file_name="event.yml",
                            too_long="settings, and long notes in notes.md",
                            example="'title: Club Open'")
    if root is None:
        return EventSettings(path=path)
    reader = SettingsReader(sink)
    values = reader.mapping(root, "", TOP_LEVEL_KEYS)
    return settings_from_values(values, reader, path, inherited=inherited)


def settings_from_values(values: Mapping[str, Node], reader: SettingsReader, path: str, *,
                         inherited: EventSettings | None = None) -> EventSettings:
    """The settings of a file's top-level keys (``values``, read by ``reader``): event.yml's,
    or those of festival.yml that a section may also give."""
    sink = reader.sink
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
    if "encoding" in values:
        fields["encoding"] = reader.choice(values["encoding"], "encoding", DECLARED_ENCODINGS)
    if "unrated_rating" in values:
        fields["unrated_rating"] = reader.integer(values["unrated_rating"], "unrated_rating",
                                                  0, MAX_RATING)
    if "round_robin" in values:
        fields["round_robin"] = reader.boolean(values["round_robin"], "round_robin")
    if "team_bye" in values:
        fields["team_bye"] = reader.team_bye(values["team_bye"])
    category_names: tuple[str, ...] = tuple(
        category.name for category in (inherited.categories if inherited else ()))
    if "categories" in values:
        categories = read_categories(reader, values["categories"])
        fields["categories"], category_names = categories.categories, categories.names
    if "prizes" in values:
        fields["prizes"] = read_prizes(reader, values["prizes"], category_names)
    if "rating_change" in values:
        fields["rating_change"] = read_rating_change(reader, values["rating_change"])
    if "ties" in values:
        fields["ties"] = reader.choice(values["ties"], "ties", {r.value: r for r in TieRule})
    if "lots_seed" in values:
        fields["lots_seed"] = reader.integer(values["lots_seed"], "lots_seed", 0,
                                             MAX_LOTS_SEED)
    if fields.get("ties") is TieRule.LOTS and fields.get("lots_seed") is None \
            and "lots_seed" not in values and (inherited is None or inherited.lots_seed is None):
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


__all__ = ["MAX_SETTINGS_CHARACTERS", "TOP_LEVEL_KEYS", "EventSettings", "compose_settings",
           "parse_settings", "read_settings", "settings_from_values"]
