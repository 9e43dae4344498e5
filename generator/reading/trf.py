"""FIDE Tournament Report File (TRF-16 and TRF-26) text -> records with positions.

No file access here: :func:`parse_trf` turns text (decoded by
:mod:`generator.reading.decoding`) into a :class:`TrfDocument`: every record with its
line, the 001 player records read from their fixed columns (a well-formed line in one
go, any other field by field with its diagnostics). Judging the document (both sides of
every game agree, ...) and building the Tournament is :mod:`generator.reading.assembly`'s.

Columns follow ``shared/spec/trf.md`` (1-based, as the TRF specification counts them).
Every problem is collected with its line and column and raised once as a
:class:`StandingsError`; warnings travel with the document.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from functools import partial
from itertools import pairwise, repeat
from types import MappingProxyType
from typing import overload

from generator.errors import Diagnostic, DiagnosticSink, quote
from generator.model import MAX_ROUNDS
from generator.reading.dates import read_date
from generator.reading.reread import Reread
from generator.speed import frozen_record, keyword_record_maker, record_maker

# --- records -----------------------------------------------------------------------------


@frozen_record
class TrfRecord:
    """One line of the file, trailing blanks removed."""

    tag: str
    """Columns 1-3: ``001``, ``012``, ``XXR``, ..."""
    text: str
    """The whole line as written, without trailing blanks."""
    line: int
    """1-based line number."""

    @property
    def value(self) -> str:
        """Columns 5 onwards, stripped: the content of a header record."""
        return self.text[4:].strip()


_new_trf_record = keyword_record_maker(TrfRecord, "tag", "text", "line")


@frozen_record
class RoundBlock:
    """One round of a 001 record: columns 92-99 for round 1, 10 columns further per round."""

    round: int
    opponent: int | None
    """Opponent's starting rank; None for ``0000`` or blanks (bye, absence, not paired)."""
    color: str
    """Column 97 as written ('w', 'b', '-', ' ')."""
    result: str
    """Column 99 as written (' ' when blank or cut off by trimmed trailing blanks)."""
    line: int
    column: int
    """1-based column where the block starts (92 for round 1)."""

    @property
    def color_column(self) -> int:
        return self.column + 5

    @property
    def result_column(self) -> int:
        return self.column + 7

    def text(self) -> str:
        opponent = "0000" if self.opponent is None else f"{self.opponent:4d}"
        return f"{opponent} {self.color} {self.result}"


# By position: fed by map over a record's columns (speed.record_maker says why it may).
_new_round_block = record_maker(RoundBlock, "round", "opponent", "color", "result", "line",
                               "column")


@dataclass(frozen=True, slots=True, eq=False, repr=False, kw_only=True)
class RoundBlocks(Sequence[RoundBlock]):
    """The round blocks of a 001 record, held as the columns they were read from.

    A sequence of :class:`RoundBlock` records in every respect (equal to the tuple of
    them, and printed as it); round k's block starts at column 82 + 10k of ``line``.
    The records are made on first use: assembly reads the columns, so reading a
    10,000-player file need not make 130,000 of them.
    """

    line: int
    """1-based line of the 001 record."""
    opponents: tuple[int | None, ...]
    """Round by round: :attr:`RoundBlock.opponent`."""
    colors: str
    """Round by round, one character each: :attr:`RoundBlock.color`."""
    results: str
    """Round by round, one character each: :attr:`RoundBlock.result`."""
    _made: tuple[RoundBlock, ...] | None = field(default=None, init=False)
    """The records, once made."""

    @classmethod
    def of(cls, blocks: Sequence[RoundBlock], line: int) -> RoundBlocks:
        """The columns of blocks read one by one (round k at column 82 + 10k of ``line``)."""
        for round_no, block in enumerate(blocks, start=1):
            if (block.round, block.line, block.column) != (round_no, line, 82 + 10 * round_no) \
                    or len(block.color) != 1 or len(block.result) != 1:
                raise ValueError(f"{block!r} is not round {round_no} of line {line}")
        held = cls(line=line, opponents=tuple(b.opponent for b in blocks),
                   colors="".join(b.color for b in blocks),
                   results="".join(b.result for b in blocks))
        object.__setattr__(held, "_made", tuple(blocks))
        return held

    def records(self) -> tuple[RoundBlock, ...]:
        """The blocks as RoundBlock records (made once, then kept)."""
        made = self._made
        if made is None:
            count = len(self.opponents)
            made = tuple(map(_new_round_block, range(1, count + 1), self.opponents,
                             self.colors, self.results, repeat(self.line, count),
                             range(92, 92 + 10 * count, 10)))
            object.__setattr__(self, "_made", made)
        return made

    def __len__(self) -> int:
        return len(self.opponents)

    @overload
    def __getitem__(self, index: int) -> RoundBlock: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[RoundBlock, ...]: ...
    def __getitem__(self, index: int | slice) -> RoundBlock | tuple[RoundBlock, ...]:
        return self.records()[index]

    def __iter__(self) -> Iterator[RoundBlock]:
        return iter(self.records())

    def __reversed__(self) -> Iterator[RoundBlock]:
        return reversed(self.records())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RoundBlocks):
            other = other.records()
        return self.records() == other if isinstance(other, tuple) else NotImplemented

    def __hash__(self) -> int:
        return hash(self.records())

    def __repr__(self) -> str:
        return repr(self.records())


_new_round_blocks = keyword_record_maker(RoundBlocks, "line", "opponents", "colors", "results")


@frozen_record
class PlayerRecord:
    """A 001 record, every field read from its fixed columns."""

    start_no: int | None
    """Columns 5-8; None when unreadable (an error has been reported)."""
    sex: str
    title: str
    name: str
    rating: int | None
    federation: str
    fide_id: int | None
    birth: str
    points: Decimal | None
    rank: int | None
    blocks: RoundBlocks
    """Columns 92 onwards, one block per round; read them through the columns when speed
    matters (a sequence of RoundBlock records otherwise)."""
    line: int
    blocks_complete: bool = True
    """False when a round block could not be read (its error is reported; later ones dropped)."""


_new_player_record = keyword_record_maker(
    PlayerRecord, "start_no", "sex", "title", "name", "rating", "federation", "fide_id",
    "birth", "points", "rank", "blocks", "line", "blocks_complete")


@frozen_record
class TeamRecord:
    """A team: TRF-16 ``013`` or TRF-26 ``310``. Kept for later use (team tie-breaks)."""

    tag: str
    number: int
    """013: order of the 013 lines; 310: columns 5-7."""
    name: str
    members: tuple[int, ...]
    """Starting ranks of the team's players, board order when fixed."""
    line: int


@frozen_record
class TrfDocument:
    """A TRF file read into records. No judgement yet beyond what each field can hold."""

    path: str
    records: tuple[TrfRecord, ...]
    """Every record in file order (comments ``###`` and blank lines left out)."""
    players: tuple[PlayerRecord, ...]
    teams: tuple[TeamRecord, ...] = ()
    diagnostics: tuple[Diagnostic, ...] = ()
    """Problems found while reading (warnings, and errors when built with ``strict=False``)."""
    _by_tag: Mapping[str, tuple[TrfRecord, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_tag: dict[str, list[TrfRecord]] = {}
        for record in self.records:
            by_tag.setdefault(record.tag, []).append(record)
        object.__setattr__(self, "_by_tag", MappingProxyType(
            {tag: tuple(records) for tag, records in by_tag.items()}))

    def all(self, tag: str) -> tuple[TrfRecord, ...]:
        return self._by_tag.get(tag, ())

    def first(self, tag: str) -> TrfRecord | None:
        found = self._by_tag.get(tag)
        return found[0] if found else None

    def value(self, tag: str) -> str:
        record = self.first(tag)
        return record.value if record else ""


# Tags a reader must know (spec trf.md §3-5); anything else is kept with a warning.
HEADER_TAGS = frozenset({
    "012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132",
    "142", "152", "162", "172", "182", "192", "202", "212", "222", "352", "362",
})
TEAM_TAGS = frozenset({"013", "310", "240", "250", "260", "299", "300", "320", "330",
                       "801", "802"})
EXTENSION_TAGS = frozenset({"XXR", "XXC", "XXS", "XXA", "XXZ", "XXP"})
KNOWN_TAGS = HEADER_TAGS | TEAM_TAGS | EXTENSION_TAGS | {"001"}

NATIONAL_FEDERATION_TAGS = ("032", "172")
"""Records naming a federation (columns 5-7) whose TRF-26 national rating (NRS) records,
tagged with its code, may follow: 172 (the starting-rank method's) and 032 (the event's)."""


def named_federation(record: TrfRecord) -> str:
    """The federation a 032 or 172 record names, as NRS records write it for their tag."""
    return record.text[4:7].strip().upper()


RESULT_CODES = "1=0WDL+-HFUZX?"
RESULT_EXPECTED = "one of 1 = 0 W D L + - H F U Z X or blank"
_COLOR_EXPECTED = "'w', 'b', '-' or blank"

_TITLES = {
    "GM": "GM", "IM": "IM", "FM": "FM", "CM": "CM", "WGM": "WGM", "WIM": "WIM", "WFM": "WFM",
    "WCM": "WCM", "G": "GM", "M": "IM", "F": "FM", "C": "CM", "WG": "WGM", "WM": "WIM",
    "WF": "WFM", "WC": "WCM",
}
TITLES = tuple(dict.fromkeys(_TITLES.values()))
"""The titles as ``Player.title`` holds them (GM, IM, FM, CM, WGM, WIM, WFM, WCM)."""


def parse_trf(text: str, path: str) -> TrfDocument:
    """Read TRF text into records; raise StandingsError if any record cannot be read.

    Warnings (unknown record types, unreadable dates, ...) are kept in
    ``document.diagnostics``.
    """
    sink = DiagnosticSink(path)
    document = read_records(text, path, sink)
    sink.raise_if_errors()
    return document


def read_records(text: str, path: str, sink: DiagnosticSink,
                 reread: Reread[PlayerRecord] | None = None) -> TrfDocument:
    """Like :func:`parse_trf` but reports into ``sink`` and never raises. ``reread``: what
    the last read of the same file made of its player lines (``standings serve``), begun."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    records: list[TrfRecord] = []
    players: list[PlayerRecord] = []
    teams: list[TeamRecord] = []
    teams_read = {"013": 0, "310": 0}
    unknown_tags: dict[str, int] = {}
    national: set[str] = set()  # federations whose NRS records may follow
    opponents = _OpponentFields()
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip().rstrip("\x1a").rstrip()  # old DOS files end with Ctrl-Z
        if not line or line.startswith("###"):
            continue
        if len(records) == MAX_RECORDS:
            sink.error(f"more than {MAX_RECORDS} records; the rest of the file is not read",
                       line=number, column=1, expected=f"at most {MAX_RECORDS} records")
            break
        line = _within_record_columns(line, number, sink)
        # A printable line holds none (most lines): the pattern is searched only otherwise.
        bad = None if line.isprintable() else _CONTROL_CHARACTER.search(line)
        if bad is not None:
            sink.error(f"control character {bad[0]!r} in a text record",
                       line=number, column=bad.start() + 1, expected="printable text")
            continue
        # A known tag and a blank make a record (most lines: no need to look further).
        ruler = None if line[:3] in KNOWN_TAGS and line[3:4] == " " else _column_ruler(line)
        if ruler is not None:
            shown = line[:24] + "…" if len(line) > 24 else line
            # A guide to the columns, skipped whole, hides nothing: said, but no warning
            # that would stop a strict build of a real export (the ICU's, heltour's).
            sink.remark(f"column {ruler} {shown!r} skipped: not a record", line=number,
                        column=1, expected=_RULER_EXPECTED)
            continue
        tag = line[:3]
        if len(line) > 3 and line[3] != " ":
            sink.error(f"record type {line[:4]!r} is not followed by a blank in column 4",
                       line=number, column=4, expected="a 3-character record type, then a blank")
            continue
        record = _new_trf_record(tag=tag, text=line, line=number)
        records.append(record)
        if tag == "001":
            well_formed = (
                _read_well_formed_player(line, number, opponents) if reread is None else
                reread.players.get((line, number), partial(_read_well_formed_player, line,
                                                           number, opponents)))
            players.append(well_formed or _read_player(line, number, sink))
        elif tag in ("013", "310"):
            team = _read_team(record, teams_read[tag] + 1, sink)
            if team is not None:
                teams.append(team)
                teams_read[tag] += 1
        elif tag in NATIONAL_FEDERATION_TAGS:
            national.add(named_federation(record))
        elif tag not in KNOWN_TAGS and tag not in unknown_tags and tag not in national:
            unknown_tags[tag] = number
            sink.warning(f"unknown record type {tag!r} kept but not used", line=number,
                         column=1, expected="a TRF-16/TRF-26 record such as 001, 012 or XXR")
    if not records and not sink.has_errors:
        sink.error("empty TRF file", expected="a 012 tournament record and 001 player records")
    elif records and not players:
        sink.error("no player records (001) in the file", line=records[-1].line,
                   expected="one 001 line per player")
    document = TrfDocument(path=path, records=tuple(records), players=tuple(players),
                           teams=tuple(teams))
    _check_headers(document, sink)
    # Not dataclasses.replace: that would index the records by tag a second time. The
    # document has not left this function yet, so nobody sees it change.
    object.__setattr__(document, "diagnostics", sink.collected())
    return document


# Swiss-Manager (and FIDE's own TRF sample) print a guide to the columns above the player
# records: a tens line ("         1         2 ..."), a units line ("0123456789012..." or
# "1234567890123..."), and a legend of the fields ("DDD SSSS sTTT NNNN..."). None is a
# record, but "0123..." starts with the real tag 012 and "142 7" is a real record made of
# digits and blanks too, so the whole line decides: the units must count up one by one,
# the tens must be consecutive numbers 10 columns apart.
_UNITS_RULER = re.compile(r" *[0-9]{10,}")
_TENS_RULER = re.compile(r" *[1-9][0-9]*(?: +[1-9][0-9]*)+")
_LEGEND = re.compile(r"DDD SSSS sTTT N")
_RULER_EXPECTED = "'###' in front of a line that is not a record (a TRF-26 comment)"


def _column_ruler(line: str) -> str | None:
    """'ruler' or 'legend' when ``line`` is a guide to the columns, not a record; else None."""
    if _LEGEND.match(line):
        return "legend"
    if _UNITS_RULER.fullmatch(line):
        digits = line.lstrip()
        if all((int(b) - int(a)) % 10 == 1 for a, b in pairwise(digits)):
            return "ruler"
        return None
    if _TENS_RULER.fullmatch(line):
        numbers = [(int(m[0]), m.end()) for m in re.finditer(r"[0-9]+", line)]
        if all(value == previous + 1 and end == previous_end + 10
               for (previous, previous_end), (value, end) in pairwise(numbers)):
            return "ruler"
    return None


MAX_RECORDS = 50_000
"""The most records read (comments and blank lines aside). A file has a 001 record per
player (9,999 starting ranks at most), a team record per team and a few dozen headers;
each record read costs a few hundred bytes, so this bounds what millions of short lines
(still within MAX_TRF_BYTES) would cost."""

MAX_RECORD_COLUMNS = 82 + 10 * MAX_ROUNDS + 7
"""The longest record read: a 001 record of :data:`MAX_ROUNDS` rounds ends with the last
round's result in this column. No other record comes near it."""


def _within_record_columns(line: str, number: int, sink: DiagnosticSink) -> str:
    """``line``, or (reported) its first MAX_RECORD_COLUMNS columns: what comes after them
    cannot be a round a tournament has, and would cost time and memory for every reader."""
    if len(line) <= MAX_RECORD_COLUMNS:
        return line
    sink.error(f"record is longer than {MAX_RECORD_COLUMNS} columns", line=number,
               column=MAX_RECORD_COLUMNS + 1,
               expected=f"at most {MAX_RECORD_COLUMNS} columns (a 001 record of {MAX_ROUNDS} "
                        "rounds)")
    return line[:MAX_RECORD_COLUMNS].rstrip()


# C0 controls but the tab, DEL and the C1 controls: never part of a name or a result.
_CONTROL_CHARACTER = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f]")


# --- 001 records: a fast path for well-formed lines -----------------------------------
#
# Nearly every 001 line of a real file is well formed, and the field-by-field reader
# below (_read_player) spends most of its time proving it. _read_well_formed_player
# accepts only lines on which _read_player would report nothing, reads them into the
# very same record, and hands anything else to _read_player for its diagnostics.
# Opponent fields it accepts: right-aligned digits or all blank (``0012``, ``  12``).
_OPPONENT_FIELD = r"(?:[0-9]{4}| [0-9]{3}|  [0-9]{2}|   [0-9]| {4})"
_COLOR = r"[wWbB\-]"
_RESULT = f"[{re.escape(RESULT_CODES + RESULT_CODES.lower())}]"  # what _read_block accepts
_ROUND_BLOCKS = re.compile(
    # Column 91 blank, then 10-column blocks. A block has a colour or a result, or is
    # blank throughout; _read_block takes an opponent with neither for a cut-off line.
    # The last block ends at its result (column 99) or, with the result blank (trailing
    # blanks trimmed), at its colour (column 97).
    rf" (?:(?:{_OPPONENT_FIELD} {_COLOR} (?:{_RESULT}| )|{_OPPONENT_FIELD}   {_RESULT}| {{8}})  )*"
    rf"{_OPPONENT_FIELD} (?:[wWbB\- ] {_RESULT}|{_COLOR})")
_OPPONENT_FIELDS = re.compile(r"(.{4}).{2,6}")
"""Each block's opponent field, once _ROUND_BLOCKS has accepted the blocks."""
_PLAYER_NUMBERS = re.compile(
    # Starting rank (columns 5-8), rating (49-52), FIDE ID (58-68), points (80-84, a dot
    # too) and rank (86-89): digits and blanks only, so all int() has left to refuse is a
    # blank inside a number, as _read_int does.
    r"001 ([ 0-9]{4}).{40}([ 0-9]{4}).{5}([ 0-9]{11}).{11}([ 0-9.]{5}).([ 0-9]{4})")
_POINTS_FIELD = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_BLANK_4, _BLANK_11 = " " * 4, " " * 11


class _OpponentFields(dict[str, int | None]):
    """Opponent field -> starting rank, memoised over a file (``0000`` and blanks: none)."""

    def __missing__(self, field: str) -> int | None:
        opponent = self[field] = None if field == _BLANK_4 else int(field) or None
        return opponent


def _read_well_formed_player(line: str, number: int, opponents: _OpponentFields
                             ) -> PlayerRecord | None:
    """The record :func:`_read_player` would read, or None if it would report anything."""
    numbers = _PLAYER_NUMBERS.match(line)
    if numbers is None:
        return None
    start_text, rating_text, fide_id_text, points_text, rank_text = numbers.groups()
    try:
        start_no = int(start_text)
        rating = int(rating_text) if rating_text != _BLANK_4 else 0
        fide_id = int(fide_id_text) if fide_id_text != _BLANK_11 else 0
        rank = int(rank_text) if rank_text != _BLANK_4 else 0
    except ValueError:  # a blank inside a number (or no starting rank at all)
        return None
    if not start_no:
        return None
    points_text = points_text.strip()
    points: Decimal | None = None
    if points_text:
        if not _POINTS_FIELD.fullmatch(points_text):
            return None
        points = Decimal(points_text)
    if len(line) > 90:
        if not _ROUND_BLOCKS.fullmatch(line, 90):
            return None
        count = (len(line) - 82) // 10  # the last block ends at column 97 or 99
        blocks = _new_round_blocks(
            line=number,
            opponents=tuple(map(opponents.__getitem__, _OPPONENT_FIELDS.findall(line, 91))),
            colors=line[96::10].lower(),
            # A blank result when the line ends at a colour.
            results=line[98::10].upper().ljust(count))
    else:
        blocks = _new_round_blocks(line=number, opponents=(), colors="", results="")
    sex, title, name, federation, birth = _text_fields(line)
    return _new_player_record(
        start_no=start_no, sex=sex, title=title, name=name, rating=rating or None,
        federation=federation, fide_id=fide_id or None, birth=birth, points=points,
        rank=rank or None, blocks=blocks, line=number, blocks_complete=True)


def _field(line: str, first: int, last: int) -> str:
    """Columns first..last (1-based, inclusive)."""
    return line[first - 1:last]


def _read_int(line: str, first: int, last: int, what: str, number: int,
              sink: DiagnosticSink, *, zero_is_none: bool = False) -> int | None:
    raw = _field(line, first, last)
    text = raw.strip()
    if not text:
        return None
    if not text.isdigit() or not text.isascii():
        offset = len(raw) - len(raw.lstrip())
        sink.error(f"{what} {text!r} is not a number", line=number, column=first + offset,
                   expected=f"digits in columns {first}-{last}")
        return None
    value = int(text)
    return None if zero_is_none and value == 0 else value


def _read_player(line: str, number: int, sink: DiagnosticSink) -> PlayerRecord:
    if len(line) < 8:
        sink.error(f"player record ends at column {len(line)}", line=number,
                   column=len(line) + 1, expected="the starting rank in columns 5-8")
    start_no = _read_int(line, 5, 8, "starting rank", number, sink)
    if start_no == 0:
        sink.error("starting rank 0", line=number, column=5, expected="a number from 1 to 9999")
        start_no = None
    elif start_no is None and len(line) >= 8 and not _field(line, 5, 8).strip():
        sink.error("blank starting rank", line=number, column=5,
                   expected="a number in columns 5-8")
    sex, title, name, federation, birth = _text_fields(line)
    points_field = _field(line, 80, 84)
    points_text = points_field.strip()
    points: Decimal | None = None
    if re.fullmatch(r"\d+(\.\d+)?", points_text):
        points = Decimal(points_text)
    elif points_text:
        sink.error(f"points {points_text!r} is not a number", line=number,
                   column=80 + len(points_field) - len(points_field.lstrip()),
                   expected="a number such as ' 4.5' in columns 81-84")
    blocks, blocks_complete = _read_blocks(line, number, sink)
    return PlayerRecord(
        start_no=start_no,
        sex=sex,
        title=title,
        name=name,
        rating=_read_int(line, 49, 52, "rating", number, sink, zero_is_none=True),
        federation=federation,
        fide_id=_read_int(line, 58, 68, "FIDE ID", number, sink, zero_is_none=True),
        birth=birth,
        points=points,
        rank=_read_int(line, 86, 89, "rank", number, sink, zero_is_none=True),
        blocks=RoundBlocks.of(blocks, number),
        blocks_complete=blocks_complete,
        line=number,
    )


def _text_fields(line: str) -> tuple[str, str, str, str, str]:
    """The text fields of a 001 record, for both readers: sex (lower case) and normalised
    title (columns 10-13), name (15-47), federation (54-56) and birth date (70-79)."""
    title_raw = line[9:13].strip().upper()
    sex = ""
    # Some programs write the sex in column 10 and the title from 11, others shift the
    # title left into column 10: read the four columns together (spec §6, "title shifted").
    if title_raw[:1] in ("M", "W", "F") and (len(title_raw) == 1 or title_raw[1] == " "):
        sex, title_raw = title_raw[0].lower(), title_raw[1:].strip()
    elif line[9:10] != " ":
        sex = line[9:10].lower()
        title_raw = line[10:13].strip().upper()
    return (sex, _TITLES.get(title_raw, title_raw), line[14:47].strip(), line[53:56].strip(),
            line[69:79].strip())


def _read_blocks(line: str, number: int, sink: DiagnosticSink
                 ) -> tuple[tuple[RoundBlock, ...], bool]:
    blocks: list[RoundBlock] = []
    if len(line) > 90 and line[90] != " ":
        sink.error(f"round 1 block starts at column 91 ({line[90:99].rstrip()!r})", line=number,
                   column=91, expected="the round 1 opponent in columns 92-95 (10-column grid)")
        return (), False
    round_no = 0
    while True:
        start = 92 + 10 * round_no  # 1-based first column of this round's block
        round_no += 1
        if len(line) < start:
            break
        chunk = line[start - 1:start + 9]  # 10 columns: the 8 of the block and 2 separators
        block = _read_block(chunk, round_no, start, number, sink)
        if block is None:
            return tuple(blocks), False
        blocks.append(block)
    return tuple(blocks), True


def _read_block(chunk: str, round_no: int, start: int, number: int,
                sink: DiagnosticSink) -> RoundBlock | None:
    where = f"round {round_no}"
    grid = (f"opponent in columns {start}-{start + 3}, colour in column {start + 5}, "
            f"result in column {start + 7}")
    body = chunk[:8]
    # Blanks belong in the 5th, 7th, 9th and 10th column of a block; anything there means
    # the block is not on the 10-column grid (an editor or a byte-counting exporter shifted it).
    for offset in (4, 6, 8, 9):
        if offset < len(chunk) and chunk[offset] != " ":
            sink.error(f"{where} block {chunk.rstrip()!r} is not on the 10-column grid",
                       line=number, column=start + offset, expected=grid)
            return None
    if len(body.rstrip()) < 6 and body.strip():
        sink.error(f"line ends inside the {where} block ({body.rstrip()!r})", line=number,
                   column=start + len(body.rstrip()), expected=grid)
        return None
    body = body.ljust(8)
    opponent_text = body[:4].strip()
    opponent: int | None = None
    if opponent_text:
        if not (opponent_text.isdigit() and opponent_text.isascii()):
            offset = len(body[:4]) - len(body[:4].lstrip())
            sink.error(f"{where} opponent {opponent_text!r} is not a number", line=number,
                       column=start + offset, expected=f"a starting rank in columns "
                       f"{start}-{start + 3}, or 0000 for none")
            return None
        opponent = int(opponent_text) or None
    color = body[5]
    if color not in "wWbB- ":
        sink.error(f"unknown colour {color!r} in {where}", line=number, column=start + 5,
                   expected=_COLOR_EXPECTED)
        return None
    result = body[7].upper()
    if result not in RESULT_CODES and result != " ":
        sink.error(f"unknown result code {body[7]!r} in {where}", line=number,
                   column=start + 7, expected=RESULT_EXPECTED)
        return None
    return RoundBlock(round=round_no, opponent=opponent, color=color.lower(), result=result,
                      line=number, column=start)


def _read_team(record: TrfRecord, order: int, sink: DiagnosticSink) -> TeamRecord | None:
    line = record.text
    if record.tag == "013":
        name, first_member, number = _field(line, 5, 36).strip(), 37, order
    else:
        team_no = _read_int(line, 5, 7, "team number", record.line, sink)
        if team_no is None:
            return None
        name, first_member, number = _field(line, 9, 40).strip(), 74, team_no
    members: list[int] = []
    column = first_member
    while column <= len(line):
        member = _read_int(line, column, column + 3, "team member", record.line, sink)
        if member:
            members.append(member)
        column += 5
    return TeamRecord(tag=record.tag, number=number, name=name, members=tuple(members),
                      line=record.line)


def _check_headers(document: TrfDocument, sink: DiagnosticSink) -> None:
    for tag in ("042", "052"):
        record = document.first(tag)
        if record is not None and record.value:
            read_date(record.value, record, sink)
    for tag in ("142", "XXR"):
        record = document.first(tag)
        if record is not None:
            rounds_from(record, sink)


# --- header values ---------------------------------------------------------------------


def rounds_from(record: TrfRecord, sink: DiagnosticSink | None) -> int | None:
    """The number of rounds of a 142 or XXR record; None (reported when ``sink`` is given)
    unless it is 1 to :data:`MAX_ROUNDS`."""
    value = record.value
    match = re.match(r"\d+", value)
    digits = match[0].lstrip("0") if match is not None else ""
    if match is None or not digits:
        if sink is not None:
            sink.error(f"number of rounds {quote(value)} is not a positive number",
                       line=record.line, column=5, expected=f"'{record.tag} 7'")
        return None
    # Compared as text first: int() refuses more than 4,300 digits.
    if len(digits) > len(str(MAX_ROUNDS)) or int(digits) > MAX_ROUNDS:
        if sink is not None:
            sink.error(f"number of rounds {quote(match[0])} is more than {MAX_ROUNDS}",
                       line=record.line, column=5,
                       expected=f"a number of rounds from 1 to {MAX_ROUNDS}")
        return None
    return int(digits)


__all__ = [
    "EXTENSION_TAGS", "HEADER_TAGS", "KNOWN_TAGS", "MAX_RECORDS", "MAX_RECORD_COLUMNS",
    "NATIONAL_FEDERATION_TAGS", "RESULT_EXPECTED", "TEAM_TAGS", "TITLES",
    "PlayerRecord", "RoundBlock", "RoundBlocks", "TeamRecord", "TrfDocument", "TrfRecord",
    "named_federation", "parse_trf", "read_records", "rounds_from",
]
