"""C.07 tie-break notation: the catalogue of Art. 5 and the parser for codes like ``BH/C1``.

The catalogue is the one table that the settings validator, the CLI help, the
engine's registry and the templates all read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from generator.errors import did_you_mean, quote
from generator.model import MAX_RATING, MAX_ROUNDS


class Direction(StrEnum):
    HIGHER_IS_BETTER = "higher"
    LOWER_IS_BETTER = "lower"


@dataclass(frozen=True, slots=True, kw_only=True)
class TiebreakInfo:
    acronym: str
    title: str
    article: str
    """Article of C.07 (2026 numbering)."""
    kind: str
    """Art. 4.3 type letters: A own games among the tied, B own record, C opponents' results,
    D opponents' data."""
    modifiers: str
    """Modifier letters accepted: C (cut), M (median), L (Koya limit), P (forfeits as played),
    F (fore Buchholz for AOB), U (unrated rating), R (reverse)."""
    direction: Direction = Direction.HIGHER_IS_BETTER
    is_buchholz_family: bool = False
    """Art. 8 tie-breaks: must not be used in round robins from the 2026 edition."""
    is_rating_based: bool = False
    """Art. 10: dropped for everyone when unrated players are present and no rating is
    announced."""
    since: str = "2024"
    """First edition (of those we support) that has it."""
    alias_of: str | None = None
    team_only: bool = False


def _info(acronym: str, title: str, article: str, kind: str, modifiers: str = "",
          **optional: Any) -> TiebreakInfo:
    """A catalogue entry: the fields every entry has by position, so that the table below
    reads one entry a line."""
    return TiebreakInfo(acronym=acronym, title=title, article=article, kind=kind,
                        modifiers=modifiers, **optional)


CATALOGUE: dict[str, TiebreakInfo] = {i.acronym: i for i in (
    _info("PTS", "Points", "4.2", "B"),
    _info("DE", "Direct Encounter", "6", "A", "P"),
    _info("WIN", "Number of Wins", "7.1", "B"),
    _info("WON", "Number of Games Won", "7.2", "B"),
    _info("BPG", "Games Played with Black", "7.3", "B"),
    _info("BWG", "Games Won with Black", "7.4", "B"),
    _info("PS", "Progressive Scores", "7.5", "B", "C"),
    _info("REP", "Rounds one Elected to Play", "7.6", "B"),
    _info("GE", "Games one Elected to Play", "7.6", "B", alias_of="REP"),
    _info("STD", "Standard Points", "7.7", "B", since="2026"),
    _info("TPN", "Tournament Pairing Number", "7.8", "B", "R",
          direction=Direction.LOWER_IS_BETTER, since="2026"),
    _info("BH", "Buchholz", "8.1", "C", "CMP", is_buchholz_family=True),
    _info("AOB", "Average of Opponents' Buchholz", "8.2", "CC", "FP", is_buchholz_family=True),
    _info("FB", "Fore Buchholz", "8.3", "D", "CMP", is_buchholz_family=True),
    _info("SB", "Sonneborn-Berger", "9.1", "BC", "CMP"),
    _info("KS", "Koya System", "9.2", "BC", "LP"),
    _info("ARO", "Average Rating of Opponents", "10.1", "D", "CMU", is_rating_based=True),
    _info("TPR", "Tournament Performance Rating", "10.2", "DB", "U", is_rating_based=True),
    _info("PTP", "Perfect Tournament Performance", "10.3", "DB", "U", is_rating_based=True),
    _info("APRO", "Average Performance Rating of Opponents", "10.4", "DC", "U",
          is_rating_based=True),
    _info("APPO", "Average Perfect Performance of Opponents", "10.5", "DC", "U",
          is_rating_based=True),
    _info("RTNG", "Rating", "10.6", "B", "RU", is_rating_based=True, since="2026"),
)}

POINTS_SYSTEMS = ("MP", "GP")

TEAM_TIEBREAKS_NOT_COMPUTED: dict[str, tuple[str, str]] = {
    # Arts. 12-13: named so that asking for one is a clear refusal, not "unknown".
    "BC": ("Board Count", "12.1"),
    "TBR": ("Top Board Results", "12.2"),
    "BBE": ("Bottom Board Elimination", "12.3"),
    "MPVGP": ("Match Points or Game Points", "13.1"),
    "ESB": ("Extended Sonneborn-Berger", "13.2"),
    "EMMSB": ("Extended Sonneborn-Berger", "13.2"),
    "EMGSB": ("Extended Sonneborn-Berger", "13.2"),
    "EGMSB": ("Extended Sonneborn-Berger", "13.2"),
    "EGGSB": ("Extended Sonneborn-Berger", "13.2"),
    "EDE": ("Extended Direct Encounter", "13.3"),
    "EDET": ("Extended Direct Encounter", "13.3"),
    "EDEB": ("Extended Direct Encounter", "13.3"),
    "EDEBT": ("Extended Direct Encounter", "13.3"),
    "EDEBB": ("Extended Direct Encounter", "13.3"),
    "SSSC": ("Score Strength Combination", "13.4"),
}
"""Team tie-breaks of C.07 that this program does not compute (acronyms upper-cased)."""

_MODIFIER = re.compile(
    r"^(?:(?P<cm>[CM])(?P<n>\d+)|L(?P<limit>[+-]?\d+)|U(?P<rating>\d+)|(?P<flag>[PFR]))$")
_CODE = re.compile(r"^(?P<acronym>[A-Z]+)(?::(?P<system>[A-Z]+))?(?P<rest>(?:[/-][^/-]*)*)$")


@dataclass(frozen=True, slots=True, kw_only=True)
class TiebreakSpec:
    """One entry of an announced tie-break list, e.g. ``BH/C1``."""

    acronym: str
    """Catalogue acronym as written (GE stays GE; ``info`` resolves the alias)."""
    written: str
    """The code exactly as the user wrote it (after trimming), used as a key in output."""
    cut: int = 0
    """Cut-n (14.1/14.2): the n least significant values removed."""
    median: int = 0
    """Median-n (14.3/14.4): n least and n most significant values removed."""
    limit: int = 0
    """Koya limit shift (14.5), in half points."""
    forfeits_as_played: bool = False
    """/P: forfeits count as games against the scheduled opponent."""
    fore: bool = False
    """/F: AOB averages Fore Buchholz instead of Buchholz."""
    reverse: bool = False
    """/R: lowest first (TPN, RTNG)."""
    unrated_rating: int | None = None
    """/U<rating>: rating used for unrated players."""
    points_system: str | None = None
    """:MP or :GP, team events."""

    @property
    def info(self) -> TiebreakInfo:
        info = CATALOGUE[self.acronym]
        return CATALOGUE[info.alias_of] if info.alias_of else info

    @property
    def code(self) -> str:
        """Canonical spelling with '/' separators (``BH-C1`` becomes ``BH/C1``)."""
        text = self.acronym + (f":{self.points_system}" if self.points_system else "")
        if self.cut:
            text += f"/C{self.cut}"
        if self.median:
            text += f"/M{self.median}"
        if self.limit:
            text += f"/L{self.limit:+d}"
        if self.forfeits_as_played:
            text += "/P"
        if self.fore:
            text += "/F"
        if self.reverse:
            text += "/R"
        if self.unrated_rating is not None:
            text += f"/U{self.unrated_rating}"
        return text

    @property
    def direction(self) -> Direction:
        natural = self.info.direction
        if not self.reverse:
            return natural
        return (Direction.LOWER_IS_BETTER if natural is Direction.HIGHER_IS_BETTER
                else Direction.HIGHER_IS_BETTER)

    @property
    def anchor(self) -> str:
        """A stable fragment for HTML ids: ``BH/C1`` -> ``bh-c1``."""
        readable = self.code.lower().replace("/l+", "/lplus").replace("/l-", "/lminus")
        return re.sub(r"[^a-z0-9]+", "-", readable).strip("-")


class NotationError(ValueError):
    """A tie-break code that cannot be read; ``column`` is 0-based within the code."""

    def __init__(self, message: str, expected: str | None = None, column: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.expected = expected
        self.column = column


def parse_tiebreak(text: str) -> TiebreakSpec:
    """Read one code such as ``BH/C1``, ``bh-c1``, ``KS/L+1``, ``SB:GP/C1``, ``ARO/U1000``."""
    written = text.strip()
    upper = written.upper()
    match = _CODE.match(upper)
    if not written or match is None:
        raise NotationError(f"cannot read tie-break {written!r}",
                            "a code such as 'BH/C1' (acronym, then /modifiers)")
    acronym = match["acronym"]
    if acronym in TEAM_TIEBREAKS_NOT_COMPUTED:
        title, article = TEAM_TIEBREAKS_NOT_COMPUTED[acronym]
        raise NotationError(f"team tie-break {written.split('/')[0]!r} ({title}, C.07 "
                            f"{article}) is not computed by this program",
                            "a tie-break of Arts. 6-10 (with game points: BH:GP, FB:GP, "
                            "SB:GP, PS:GP or KS:GP)")
    if acronym not in CATALOGUE:
        # A lower bar than for setting names: an acronym is short, one wrong letter weighs more.
        hint = did_you_mean(acronym, sorted(CATALOGUE), cutoff=0.5)
        raise NotationError(f"unknown tie-break {acronym!r}{hint}",
                            "one of " + " ".join(sorted(CATALOGUE)))
    info = CATALOGUE[acronym]
    allowed = (CATALOGUE[info.alias_of] if info.alias_of else info).modifiers
    system = match["system"]
    if system is not None and system not in POINTS_SYSTEMS:
        raise NotationError(f"unknown points system {system!r} in {written!r}", "MP or GP",
                            column=len(acronym) + 1)
    cut = median = limit = 0
    unrated_rating: int | None = None
    flags = dict.fromkeys("PFR", False)  # /P forfeits as played, /F fore, /R reverse
    column = len(acronym) + (len(system) + 1 if system else 0)
    # '-' separates modifiers as in the Handbook's "BH-C1", but not in a Koya limit "L-1".
    rest = re.sub(r"-(?=[A-Z])", "/", match["rest"])
    for chunk in re.findall(r"/[^/]*", rest):
        modifier = chunk[1:]
        parsed = _MODIFIER.match(modifier)
        letter = modifier[:1]
        if parsed is None or letter not in allowed:
            choices = ", ".join(_MODIFIER_EXAMPLES[c] for c in allowed) or "no modifier"
            raise NotationError(
                f"unknown modifier {modifier!r} for {acronym}" if parsed is None
                else f"modifier {modifier!r} does not apply to {acronym}",
                choices, column=column + 1)
        _check_modifier_number(parsed, modifier, acronym, column + 1)
        if parsed["cm"]:
            n = int(parsed["n"])
            if n < 1:
                raise NotationError(f"modifier {modifier!r} needs a count of at least 1",
                                    f"{letter}1 or {letter}2", column=column + 1)
            if parsed["cm"] == "C":
                cut = n
            else:
                median = n
        elif parsed["limit"] is not None:
            limit = int(parsed["limit"])
        elif parsed["rating"] is not None:
            unrated_rating = int(parsed["rating"])
        else:
            flags[parsed["flag"]] = True
        column += len(chunk)
    if cut and median:
        raise NotationError(f"{written!r} has both a cut and a median", "one of /Cn or /Mn")
    return TiebreakSpec(acronym=acronym, written=written, points_system=system, cut=cut,
                        median=median, limit=limit, unrated_rating=unrated_rating,
                        forfeits_as_played=flags["P"], fore=flags["F"], reverse=flags["R"])


def _check_modifier_number(parsed: re.Match[str], modifier: str, acronym: str,
                           column: int) -> None:
    """Raise NotationError unless the number in ``modifier`` is within its range: a cut,
    median or Koya limit no larger than the most rounds an event can have, a rating no
    higher than ``unrated_rating`` may be. Checked on the text, since int() refuses more
    than 4,300 digits."""
    letter = modifier[:1]
    if parsed["cm"]:
        digits, low, high = parsed["n"], 0, MAX_ROUNDS
        allowed = f"{letter}1 to {letter}{MAX_ROUNDS}"
    elif parsed["limit"] is not None:
        digits, low, high = parsed["limit"].lstrip("+-"), 0, MAX_ROUNDS
        allowed = f"L-{MAX_ROUNDS} to L+{MAX_ROUNDS}"
    elif parsed["rating"] is not None:
        digits, low, high, allowed = parsed["rating"], 0, MAX_RATING, f"U0 to U{MAX_RATING}"
    else:
        return
    digits = digits.lstrip("0") or "0"
    if len(digits) > len(str(high)) or not low <= int(digits) <= high:
        raise NotationError(f"modifier {quote(modifier)} is out of range for {acronym}",
                            allowed, column=column)


_MODIFIER_EXAMPLES = {
    "C": "/C1 /C2 (cut)",
    "M": "/M1 /M2 (median)",
    "L": "/L+1 /L-1 (Koya limit)",
    "P": "/P (forfeits as played)",
    "F": "/F (Fore Buchholz)",
    "R": "/R (reverse)",
    "U": "/U1000 (rating for unrated players)",
}


def parse_tiebreak_list(text: str) -> tuple[TiebreakSpec, ...]:
    """A list separated by commas or blanks: ``"BH/C1, BH SB"``; ``PTS`` at the start is dropped."""
    codes = [c for c in re.split(r"[,\s]+", text) if c]
    specs = tuple(parse_tiebreak(c) for c in codes)
    return tuple(s for i, s in enumerate(specs) if not (i == 0 and s.acronym == "PTS"))
