"""C.07 tie-break notation: the catalogue of Art. 5 and the parser for codes like ``BH/C1``.

The catalogue is the one table that the settings validator, the CLI help, the
engine's registry and the templates all read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum
from typing import Any

from generator.errors import did_you_mean, quote
from generator.messages import NC_
from generator.model import MAX_RATING, MAX_ROUNDS, Edition
from generator.speed import frozen_record


class Direction(StrEnum):
    HIGHER_IS_BETTER = "higher"
    LOWER_IS_BETTER = "lower"


class Layout(StrEnum):
    """How a tie-break's value is derived from its parts (rules/explain.py ``Part``): what
    the player page and ``standings explain`` both lay out, round by round
    (site/derivation.py). One per catalogue entry, so no renderer keeps a list of
    acronyms."""

    SUM = "sum"
    """A sum of one value a round (BH 8.1, FB 8.3, PTS 4.2, MPvGP 13.1, BC 12.1)."""
    PRODUCT = "product"
    """A sum of the opponent's score times the points of the round (SB 9.1, ESB 13.2)."""
    POINTS_AGAINST = "points-against"
    """A sum of the points scored against the opponents that qualify (KS 9.2)."""
    COUNT = "count"
    """A number of rounds that are won, played with black ... (Art. 7.1-7.4, 7.6)."""
    COMPARISON = "comparison"
    """A sum of one, a half or nothing a round, by the points of each side (STD 7.7)."""
    RUNNING_TOTAL = "running-total"
    """The player's score after each round, added up (PS 7.5)."""
    AVERAGE = "average"
    """An average of the opponents' ratings or values (ARO 10.1, AOB 8.2, APRO 10.4,
    APPO 10.5)."""
    PERFORMANCE = "performance"
    """A rating worked out from the opponents' ratings and the score (TPR 10.2, PTP 10.3)."""
    OWN_VALUE = "own-value"
    """A number of the player's own, with no rounds to add (TPN 7.8, RTNG 10.6)."""
    COMBINATION = "combination"
    """Two scores combined by a formula (SSSC 13.4)."""
    GROUP_ORDER = "group-order"
    """An order of the group still tied where it stands in the list, not a number to add
    (DE 6, EDE 13.3, TBR 12.2, BBE 12.3): the value is a place within the group."""

    @property
    def shows_round_points(self) -> bool:
        """Each round's contribution is worked from the points the player scored in it."""
        return self in (Layout.PRODUCT, Layout.POINTS_AGAINST)

    @property
    def multiplies(self) -> bool:
        """Each contribution is a score times the points of the round."""
        return self is Layout.PRODUCT


@frozen_record
class TiebreakInfo:
    acronym: str
    title: str
    article: str
    """Article of C.07 (2026 numbering)."""
    layout: Layout
    """How the value is derived from its parts, for its explanations."""
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
    since: Edition = Edition.FIDE_2024_08
    """First edition (of those we support) that has it."""
    alias_of: str | None = None
    """The acronym this one is another name for (GE is REP); read through ``canonical``."""
    team_only: bool = False
    is_shown_rounded: bool = False
    """Exact, as C.07 names no rounding, but shown with two decimals (AOB 8.2, SSSC 13.4)."""
    page: str | None = None
    """The stem of its explanation page when several entries share one (the four ESB: esb);
    read through ``page_name``."""

    @property
    def page_name(self) -> str:
        """The stem of the tie-break's explanation page (``generator/explanations/``)."""
        return self.page or self.acronym.lower()

    @property
    def canonical(self) -> TiebreakInfo:
        """The entry this acronym names: itself, or the one it is an alias of (GE: REP).
        The one place an alias is resolved."""
        return CATALOGUE[self.alias_of] if self.alias_of is not None else self

    def is_in(self, edition: Edition) -> bool:
        """Does ``edition`` define this tie-break (STD, TPN and RTNG came in 2026)?"""
        return edition.is_at_least(self.since)


def _info(acronym: str, title: str, article: str, layout: Layout, kind: str,
          modifiers: str = "", **optional: Any) -> TiebreakInfo:
    """A catalogue entry: the fields every entry has by position, so that the table below
    reads one entry a line."""
    return TiebreakInfo(acronym=acronym, title=title, article=article, layout=layout,
                        kind=kind, modifiers=modifiers, **optional)


CATALOGUE: dict[str, TiebreakInfo] = {i.acronym: i for i in (
    _info("PTS", NC_("tie-break name", "Points"), "4.2", Layout.SUM, "B"),
    _info("DE", NC_("tie-break name", "Direct Encounter"), "6", Layout.GROUP_ORDER, "A", "P"),
    _info("WIN", NC_("tie-break name", "Number of Wins"), "7.1", Layout.COUNT, "B"),
    _info("WON", NC_("tie-break name", "Number of Games Won"), "7.2", Layout.COUNT, "B"),
    _info("BPG", NC_("tie-break name", "Games Played with Black"), "7.3", Layout.COUNT, "B"),
    _info("BWG", NC_("tie-break name", "Games Won with Black"), "7.4", Layout.COUNT, "B"),
    _info("PS", NC_("tie-break name", "Progressive Scores"), "7.5", Layout.RUNNING_TOTAL,
          "B", "C"),
    _info("REP", NC_("tie-break name", "Rounds one Elected to Play"), "7.6", Layout.COUNT, "B"),
    _info("GE", NC_("tie-break name", "Games one Elected to Play"), "7.6", Layout.COUNT, "B",
          alias_of="REP"),
    _info("STD", NC_("tie-break name", "Standard Points"), "7.7", Layout.COMPARISON, "B",
          since=Edition.FIDE_2026_03),
    _info("TPN", NC_("tie-break name", "Tournament Pairing Number"), "7.8", Layout.OWN_VALUE,
          "B", "R",
          direction=Direction.LOWER_IS_BETTER, since=Edition.FIDE_2026_03),
    _info("BH", NC_("tie-break name", "Buchholz"), "8.1", Layout.SUM, "C", "CMP",
          is_buchholz_family=True),
    _info("AOB", NC_("tie-break name", "Average of Opponents' Buchholz"),
          "8.2", Layout.AVERAGE, "CC", "FP", is_buchholz_family=True,
          is_shown_rounded=True),
    _info("FB", NC_("tie-break name", "Fore Buchholz"), "8.3", Layout.SUM, "D", "CMP",
          is_buchholz_family=True),
    _info("SB", NC_("tie-break name", "Sonneborn-Berger"), "9.1", Layout.PRODUCT, "BC", "CMP"),
    _info("KS", NC_("tie-break name", "Koya System"), "9.2", Layout.POINTS_AGAINST, "BC", "LP"),
    _info("ARO", NC_("tie-break name", "Average Rating of Opponents"),
          "10.1", Layout.AVERAGE, "D", "CMU", is_rating_based=True),
    _info("TPR", NC_("tie-break name", "Tournament Performance Rating"),
          "10.2", Layout.PERFORMANCE, "DB", "U", is_rating_based=True),
    _info("PTP", NC_("tie-break name", "Perfect Tournament Performance"),
          "10.3", Layout.PERFORMANCE, "DB", "U", is_rating_based=True),
    _info("APRO", NC_("tie-break name", "Average Performance Rating of Opponents"),
          "10.4", Layout.AVERAGE, "DC", "U",
          is_rating_based=True),
    _info("APPO", NC_("tie-break name", "Average Perfect Performance of Opponents"),
          "10.5", Layout.AVERAGE, "DC", "U",
          is_rating_based=True),
    _info("RTNG", NC_("tie-break name", "Rating"),
          "10.6", Layout.OWN_VALUE, "B", "RU", is_rating_based=True,
          since=Edition.FIDE_2026_03),
    # Team tie-breaks that are scores (Art. 13): rules/team_scores.py. Q4: ESB is uncut
    # unless /Cn; medians are no modifier of ESB (the TEC booklet says they do not apply).
    _info("MPVGP", NC_("tie-break name", "Match Points or Game Points"),
          "13.1", Layout.SUM, "B", team_only=True),
    _info("EMMSB", NC_("tie-break name", "Extended Sonneborn-Berger (match points x match points)"),
          "13.2", Layout.PRODUCT, "BC",
          "CP", team_only=True, page="esb"),
    _info("EMGSB", NC_("tie-break name", "Extended Sonneborn-Berger (match points x game points)"),
          "13.2", Layout.PRODUCT, "BC",
          "CP", team_only=True, page="esb"),
    _info("EGMSB", NC_("tie-break name", "Extended Sonneborn-Berger (game points x match points)"),
          "13.2", Layout.PRODUCT, "BC",
          "CP", team_only=True, page="esb"),
    _info("EGGSB", NC_("tie-break name", "Extended Sonneborn-Berger (game points x game points)"),
          "13.2", Layout.PRODUCT, "BC",
          "CP", team_only=True, page="esb"),
    _info("SSSC", NC_("tie-break name", "Scores and Schedule Strength Combination"),
          "13.4", Layout.COMBINATION, "BC", "PFK",
          team_only=True, is_shown_rounded=True),
)}

# Team tie-breaks of Arts. 12 and 13.3 (team events only), in their own block. EDE and its
# knock-out combinations order a tied group of teams among themselves (Type A, so they may
# come again, 4.3); the names of the combinations follow 13.3.2's table.
_ENCOUNTER_AND_BOARDS = (
    _info("BC", NC_("tie-break name", "Board Count"),
          "12.1", Layout.SUM, "B", direction=Direction.LOWER_IS_BETTER,
          team_only=True),
    _info("TBR", NC_("tie-break name", "Top Board Results"), "12.2", Layout.GROUP_ORDER, "B",
          team_only=True),
    _info("BBE", NC_("tie-break name", "Bottom Board Elimination"), "12.3", Layout.GROUP_ORDER,
          "B", team_only=True),
    _info("EDE", NC_("tie-break name", "Extended Direct Encounter"),
          "13.3", Layout.GROUP_ORDER, "A", "P", team_only=True),
    _info("EDET", NC_("tie-break name", "Extended Direct Encounter, then Top Board Results"),
          "13.3", Layout.GROUP_ORDER, "A", "P",
          team_only=True),
    _info("EDEB", NC_("tie-break name", "Extended Direct Encounter, then Bottom Board Elimination"),
          "13.3", Layout.GROUP_ORDER, "A",
          "P", team_only=True),
    _info("EDEBT", NC_("tie-break name",
          "Extended Direct Encounter, then Board Count and Top Board Results"),
          "13.3", Layout.GROUP_ORDER, "A", "P", team_only=True),
    _info("EDEBB", NC_("tie-break name",
          "Extended Direct Encounter, then Board Count and Bottom Board "
          "Elimination"), "13.3", Layout.GROUP_ORDER, "A", "P", team_only=True),
)
CATALOGUE.update({i.acronym: i for i in _ENCOUNTER_AND_BOARDS})

ENCOUNTER_AND_BOARD_TIEBREAKS = tuple(i.acronym for i in _ENCOUNTER_AND_BOARDS)
"""The team tie-breaks of Arts. 12 and 13.3: each reads the match points, the game points
and the boards itself, so none takes ``:MP`` or ``:GP``."""

POINTS_SYSTEMS = ("MP", "GP")

_MODIFIER = re.compile(
    r"^(?:(?P<cm>[CM])(?P<n>\d+)|L(?P<limit>[+-]?\d+)|U(?P<rating>\d+)|K(?P<divisor>\d+)"
    r"|(?P<flag>[PFR]))$")

EXTENDED_SONNEBORN_BERGER = {"MM": "EMMSB", "MG": "EMGSB", "GM": "EGMSB", "GG": "EGGSB"}
"""C.07 13.2: ``ESB:XY`` (X the opponents' score, Y the team's own) is another way of
writing E{X}{Y}SB, as the reference calculator reads it."""

_CODE = re.compile(r"^(?P<acronym>[A-Z]+)(?::(?P<system>[A-Z]+))?(?P<rest>(?:[/-][^/-]*)*)$")


@frozen_record
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
    divisor: int | None = None
    """/K<n>: SSSC's K (13.4.2), instead of the one computed from the event."""

    @property
    def info(self) -> TiebreakInfo:
        """The catalogue entry of the tie-break named (an alias resolved: GE gives REP's)."""
        return CATALOGUE[self.acronym].canonical

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
        if self.divisor is not None:
            text += f"/K{self.divisor}"
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
    system = match["system"]
    if acronym == "ESB":
        if system not in EXTENDED_SONNEBORN_BERGER:
            raise NotationError(f"{written!r} does not say which scores ESB multiplies",
                                "ESB:MM, ESB:MG, ESB:GM or ESB:GG (opponents' score, then "
                                "the team's own)", column=len(acronym))
        acronym, system = EXTENDED_SONNEBORN_BERGER[system], None
    if acronym not in CATALOGUE:
        # A lower bar than for setting names: an acronym is short, one wrong letter weighs more.
        hint = did_you_mean(acronym, sorted(CATALOGUE), cutoff=0.5)
        raise NotationError(f"unknown tie-break {acronym!r}{hint}",
                            "one of " + " ".join(sorted(CATALOGUE)))
    allowed = CATALOGUE[acronym].canonical.modifiers
    if system is not None and system not in POINTS_SYSTEMS:
        raise NotationError(f"unknown points system {system!r} in {written!r}", "MP or GP",
                            column=len(acronym) + 1)
    cut = median = limit = 0
    unrated_rating: int | None = None
    divisor: int | None = None
    # Columns count from the code as written (``ESB:MM`` is read as EMMSB).
    column = len(match["acronym"]) + (len(match["system"]) + 1 if match["system"] else 0)
    flags = dict.fromkeys("PFR", False)  # /P forfeits as played, /F fore, /R reverse
    # '-' separates modifiers as in the Handbook's "BH-C1", but not in a Koya limit "L-1".
    rest = re.sub(r"-(?=[A-Z])", "/", match["rest"])
    for chunk in re.findall(r"/[^/]*", rest):
        modifier = chunk[1:]
        parsed = _MODIFIER.match(modifier)
        letter = modifier[:1]
        if parsed is not None and parsed["cm"] == "M" \
                and acronym in EXTENDED_SONNEBORN_BERGER.values():
            # Q4: C.07 14.1.2 names only ESB's least significant value; the TEC booklet
            # says the medians do not apply (the reference computes them anyway).
            raise NotationError(f"median {modifier!r} does not apply to {acronym} (Extended "
                                "Sonneborn-Berger, C.07 13.2): only its least significant "
                                "values are defined (14.1.2)", "/C1 or /C2 (cut)",
                                column=column + 1)
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
        elif parsed["divisor"] is not None:
            divisor = int(parsed["divisor"])
        else:
            flags[parsed["flag"]] = True
        column += len(chunk)
    if cut and median:
        raise NotationError(f"{written!r} has both a cut and a median", "one of /Cn or /Mn")
    return TiebreakSpec(acronym=acronym, written=written, points_system=system, cut=cut,
                        median=median, limit=limit, unrated_rating=unrated_rating,
                        forfeits_as_played=flags["P"], fore=flags["F"], reverse=flags["R"],
                        divisor=divisor)


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
    elif parsed["divisor"] is not None:
        # Q10: K = 0 would divide by zero (13.4.2); the largest K worth writing is about
        # the most points a team can score, far below the rating bound used here.
        digits, low, high = parsed["divisor"], 1, MAX_RATING
        allowed = f"K1 to K{MAX_RATING}"
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
    "K": "/K3 (SSSC's divisor K)",
}


MAX_TIEBREAKS = 40
"""The longest list read. Real orders have a handful of codes (the default lists here have
six or seven); the test corpus, listing every code it compares once, has 26. The bound
keeps a pasted or generated list of thousands from becoming thousands of columns and
thousands of diagnostics: it is one error."""


@frozen_record
class ListProblem:
    """Why one code of a tie-break list is refused."""

    index: int
    """The code's place in the list as written (0-based; a leading PTS counts)."""
    column: int = 0
    """0-based column within the code."""
    message: str
    expected: str | None = None
    is_unreadable: bool = False
    """The code itself cannot be read (a NotationError); otherwise it breaks a list rule."""


@frozen_record
class TiebreakList:
    specs: tuple[TiebreakSpec, ...]
    """Every readable code after points, in order (a leading PTS dropped)."""
    indices: tuple[int, ...]
    """Where each of ``specs`` stands in the list as written."""
    problems: tuple[ListProblem, ...] = ()


def read_tiebreak_list(codes: Sequence[str | TiebreakSpec], *,
                       rounds: int | None = None) -> TiebreakList:
    """Read an announced order (event.yml, TRF 212/202, ``--tiebreaks``) and check it.

    The one place for the rules of a list, so that every way of writing one accepts and
    refuses the same lists. ``rounds`` is the announced number of rounds; None (event.yml
    read before the TRF file) leaves the cuts to a second call once it is known.
    """
    written = list(codes)
    problems: list[ListProblem] = []

    def read(index: int) -> TiebreakSpec | None:
        code = written[index]
        if isinstance(code, TiebreakSpec):
            return code
        try:
            return parse_tiebreak(code)
        except NotationError as error:
            problems.append(ListProblem(index=index, column=error.column, message=error.message,
                                        expected=error.expected, is_unreadable=True))
            return None

    first = read(0) if written else None
    # C.07 4.2: points come first anyway, so a leading PTS is only a reminder of that.
    points_first = first is not None and first.acronym == "PTS"
    if len(written) - points_first > MAX_TIEBREAKS:
        return TiebreakList(specs=(), indices=(), problems=(ListProblem(
            index=MAX_TIEBREAKS + points_first,
            message=f"{len(written) - points_first} tie-breaks listed, more than an "
                    "announced order can use",
            expected=f"at most {MAX_TIEBREAKS}"),))
    parsed: list[TiebreakSpec | None] = [first, *(read(i) for i in range(1, len(written)))]
    specs: list[TiebreakSpec] = []
    indices: list[int] = []
    seen: dict[str, TiebreakSpec] = {}
    for index, spec in enumerate(parsed):
        if spec is None or (index == 0 and points_first):
            continue
        problem = _list_problem(spec, seen, rounds)
        if problem is not None:
            message, expected, column = problem
            problems.append(ListProblem(index=index, column=column, message=message,
                                        expected=expected))
        seen.setdefault(_identity(spec), spec)
        specs.append(spec)
        indices.append(index)
    problems.sort(key=lambda p: p.index)
    return TiebreakList(specs=tuple(specs), indices=tuple(indices), problems=tuple(problems))


def _identity(spec: TiebreakSpec) -> str:
    """The tie-break a code names: spelling, separators and aliases (GE = REP) aside."""
    return spec.info.acronym + spec.code[len(spec.acronym):]


def _list_problem(spec: TiebreakSpec, seen: Mapping[str, TiebreakSpec], rounds: int | None
                  ) -> tuple[str, str, int] | None:
    """(message, expected, column) when ``spec`` cannot stand where it is in the list."""
    if spec.acronym == "PTS":
        return "'PTS' can only come first", "tie-breaks after points", 0
    earlier = seen.get(_identity(spec))
    # An error, not a warning. Ranking applies each criterion only to the players still
    # tied (C.07 4.2), and a Type B, C or D value is the player's own, whatever group they
    # are in (4.3): the players a code left tied are still equal on it the second time, so
    # it can never separate anyone. A repeat is therefore a slip in the order the event
    # announces (4.1), most often another code meant ('BH/C1' for 'BH'), to be fixed before
    # standings are published. Only Type A (DE) is computed on the tied group and may come
    # again (4.3).
    if earlier is not None and "A" not in spec.info.kind:
        spelled = "" if earlier.written == spec.written else f" (as {earlier.written!r} before)"
        return (f"{spec.written!r} is listed twice{spelled}: a tie-break listed again cannot "
                "separate the players it left tied (C.07 4.2)",
                "each tie-break once (only DE may come again, C.07 4.3)", 0)
    if rounds is None:
        return None
    # C.07 14.1-14.4: Cut-n takes away the n least significant values, Median-n the n least
    # and the n most, and there is one value per round (Art. 16 gives every unplayed round
    # one). With as many taken away as there are rounds the value is 0 for everyone and
    # separates nobody, so at least one must be left: n < rounds, and 2n < rounds.
    modifier = re.search(r"[/-]([CM])\d", spec.written.upper())
    column = modifier.start(1) if modifier else 0
    plural = "round" if rounds == 1 else "rounds"
    if spec.cut and spec.cut >= rounds:
        return (f"{spec.written!r} cuts {spec.cut} value{'s' if spec.cut > 1 else ''} but the "
                f"event has {rounds} {plural}: nothing is left to compare (C.07 14.1-14.2)",
                f"at most /C{rounds - 1} with {rounds} {plural}" if rounds > 1
                else f"no cut with {rounds} {plural}", column)
    if spec.median and 2 * spec.median >= rounds:
        most = (rounds - 1) // 2
        return (f"{spec.written!r} removes {2 * spec.median} values (the {spec.median} lowest "
                f"and the {spec.median} highest) but the event has {rounds} {plural}: nothing "
                "is left to compare (C.07 14.3-14.4)",
                f"at most /M{most} with {rounds} {plural}" if most
                else f"no median with {rounds} {plural}", column)
    return None


_LISTED_CODE = re.compile(r"[^,\s]+")


def split_tiebreak_codes(text: str) -> list[tuple[int, str]]:
    """The codes of a list written as text, each with its 0-based offset in ``text``.

    Commas or blanks separate them (``"BH/C1, BH SB"``): the one split for event.yml's
    text form, TRF 202/212 (written with commas, trf.md) and ``--tiebreaks``. No code
    holds a comma or a blank, so reading either as a separator never splits a code.
    """
    return [(match.start(), match[0]) for match in _LISTED_CODE.finditer(text)]


def parse_tiebreak_list(text: str, *, rounds: int | None = None) -> tuple[TiebreakSpec, ...]:
    """A list written as text, checked by :func:`read_tiebreak_list`; its first problem is
    raised as a NotationError."""
    checked = read_tiebreak_list([code for _, code in split_tiebreak_codes(text)],
                                 rounds=rounds)
    if checked.problems:
        problem = checked.problems[0]
        raise NotationError(problem.message, problem.expected, problem.column)
    return checked.specs


def round_robin_refusal(spec: TiebreakSpec, edition: Edition, *, is_round_robin: bool
                        ) -> tuple[str, str] | None:
    """(message, expected) when C.07 Art. 8 forbids ``spec`` in this event: the Buchholz
    family may not be used in a round robin from the 2026 edition on (the 2024 edition
    allowed it). The one rule for event.yml, TRF 212/202, ``--tiebreaks`` and the note on a
    value."""
    if not (is_round_robin and spec.info.is_buchholz_family and edition.has_2026_rules):
        return None
    return (f"{spec.written!r} ({spec.info.title}) must not be used in a round robin under "
            f"the {edition.value} edition (C.07 Art. 8)",
            "a tie-break such as DE, SB, WIN or KS")


GAME_POINTS_TIEBREAKS = ("BH", "FB", "SB", "PS", "KS", "WIN", "WON", "BPG", "BWG", "REP",
                         "STD")
"""Tie-breaks computed with game points (``:GP``), in the order the messages name them: the
sums of Arts. 8.1, 8.3, 9.1, 7.5 and 9.2 read over game points, and the counts of Art. 7,
which on game points count boards (Q5, rules/team_scores.py). The team tie-breaks of
Arts. 12-13 name their scores themselves."""

MATCH_POINTS = "MP"
GAME_POINTS = "GP"

_GAME_POINTS_CODES = tuple(f"{acronym}:{GAME_POINTS}" for acronym in GAME_POINTS_TIEBREAKS)


def points_system_refusal(spec: TiebreakSpec, *, is_team_event: bool
                          ) -> tuple[str, str] | None:
    """(message, expected) when ``spec`` cannot be computed in this kind of event: the one
    place for the team rules of a code. A team tie-break (Arts. 12-13) or a points system
    (``:MP``/``:GP``, Art. 13 preamble) needs a team event, ``:GP`` a tie-break computed on
    game points, and a team event refuses the rating tie-breaks of Art. 10 (Q5)."""
    system = spec.points_system
    info = spec.info
    if not is_team_event and info.team_only:
        return (f"team tie-break {spec.written!r} ({info.title}, C.07 {info.article}) "
                "applies to team events only; this event has no teams",
                "a tie-break of Arts. 6-10")
    if is_team_event and info.is_rating_based:
        # Art. 10 is titled "for individuals", and a team has no rating to average.
        return (f"{spec.written!r} ({info.title}, C.07 {info.article}) is a tie-break for "
                "individuals: teams have no rating",
                "a team tie-break (MPvGP, EMMSB, SSSC ...) or one of Arts. 7-9 on :MP or :GP")
    if system is None:
        return None
    if spec.info.acronym in ENCOUNTER_AND_BOARD_TIEBREAKS:
        return (f"team tie-break {spec.written!r}: {spec.acronym} reads match points, game "
                "points and boards itself and takes no points system",
                f"{spec.acronym} without ':{system}'")
    if not is_team_event:
        return (f"team tie-break {spec.written!r} (points system :{system}) applies to team "
                "events only; this event has no teams",
                f"{spec.acronym} without ':{system}'")
    if info.team_only:
        return (f"team tie-break {spec.written!r}: {info.acronym} names the scores it reads, "
                f"so a points system (:{system}) does not apply",
                f"{info.acronym} without ':{system}'"
                + (" (ESB:MG and the like choose the scores of ESB)"
                   if info.acronym in EXTENDED_SONNEBORN_BERGER.values() else ""))
    if system == GAME_POINTS and info.acronym not in GAME_POINTS_TIEBREAKS:
        return (f"team tie-break {spec.written!r}: game points (:GP) are computed for "
                + ", ".join(sorted(GAME_POINTS_TIEBREAKS)) + " only",
                f"{spec.acronym}:{MATCH_POINTS}, or one of " + " ".join(_GAME_POINTS_CODES))
    return None


SHOWN_STEP = Decimal("0.01")


def shown_rounded(value: Decimal) -> Decimal:
    """A value of a tie-break that ranks exactly but is shown rounded (``is_shown_rounded``:
    AOB 8.2, SSSC 13.4, for which C.07 names no rounding), as the pages, the downloads, ``rank``
    and the notes that explain it show it: to the hundredth, half up."""
    return value.quantize(SHOWN_STEP, ROUND_HALF_UP)
