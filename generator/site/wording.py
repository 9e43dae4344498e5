"""Every word the pages and ``standings explain`` say about a rule, in one place.

One table per enum, keyed by its members (never by their string values): what a round
was (RoundKind), why an element of a tie-break was cut (CutReason), what a note says
(NoteKind), and the words for a tie-break's modifiers. The site reaches them through
the Jinja filters in render.py, the CLI directly; a translation replaces these tables.

Sentences are format strings with named fields. A note's fields are the fields of its
record (rules/explain.py), so a wording can only name numbers the engine wrote. Numbers
are formatted by the caller: the pages write points as 3½, the terminal as 3.5.
"""

from __future__ import annotations

import functools
import string
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, fields
from decimal import Decimal
from enum import StrEnum
from types import MappingProxyType

from generator.messages import N_, NC_, NN_, TIEBREAK_NAME, Plural
from generator.model import Player, RoundKind, StartNo
from generator.rules.explain import (
    CutReason,
    DirectEncounterNote,
    EncounterStep,
    ExtendedEncounterNote,
    KoyaThresholdNote,
    Note,
    NoteKind,
    Part,
    SecondaryScoreNote,
    StrengthCombinationNote,
    UndefinedUnratedNote,
)
from generator.rules.notation import TiebreakSpec
from generator.rules.unplayed import Category
from generator.site.language import active, gettext, ordinal_category, pgettext, words
from generator.site.numbers import plain_number
from generator.site.tie_groups import NamedGroupNote, narrowed

NumberFormat = Callable[[Decimal], str]
"""How points are written (numbers.py): ``format_points`` on the pages (3½), ``plain_decimal``
in the CLI."""

ROUND_KINDS: Mapping[RoundKind, str] = MappingProxyType({
    RoundKind.GAME: NC_("round kind", "game"),
    RoundKind.FORFEIT_WIN: NC_("round kind", "forfeit win"),
    RoundKind.FORFEIT_LOSS: NC_("round kind", "forfeit loss"),
    RoundKind.PAIRING_ALLOCATED_BYE: NC_("round kind", "pairing-allocated bye"),
    RoundKind.FULL_POINT_BYE: NC_("round kind", "full-point bye"),
    # 16.1: a half-point bye is always one the player asked for.
    RoundKind.HALF_POINT_BYE: NC_("round kind", "requested half-point bye"),
    # 16.1.1: an absence is no bye, but both are the same round kind (TRF Z or blank).
    RoundKind.ZERO_POINT_BYE: NC_("round kind", "zero-point bye or absence"),
    RoundKind.PENDING: NC_("round kind", "result not known yet"),
    RoundKind.NOT_PLAYED_YET: NC_("round kind", "not played yet"),
})
"""What happened to a player in a round, as a noun phrase ("a forfeit win")."""

TEAM_ROUND_KINDS: Mapping[RoundKind, str] = MappingProxyType({
    RoundKind.GAME: NC_("round kind", "match"),
    # 330 "+-" / "-+" (or every board forfeited): the match counts, no board was played.
    RoundKind.FORFEIT_WIN: NC_("round kind", "match won by forfeit"),
    RoundKind.FORFEIT_LOSS: NC_("round kind", "match lost by forfeit"),
    RoundKind.PAIRING_ALLOCATED_BYE: NC_("round kind", "pairing-allocated bye (PAB)"),
    RoundKind.FULL_POINT_BYE: NC_("round kind", "full-point bye (FPB)"),
    RoundKind.HALF_POINT_BYE: NC_("round kind", "half-point bye (HPB)"),
    RoundKind.ZERO_POINT_BYE: NC_("round kind", "zero-point bye (ZPB) or absence"),
    RoundKind.PENDING: NC_("round kind", "result not known yet"),
    RoundKind.NOT_PLAYED_YET: NC_("round kind", "not played yet"),
})
"""What happened to a team in a round (C.07 Art. 11), as a noun phrase."""


class MatchOutcome(StrEnum):
    """A team's match from its own side, on game points (C.07 11.1: the match is won by
    the team with more game points). Only the pages read it, so it lives by its words."""

    WON = "won"
    DRAWN = "drawn"
    LOST = "lost"


MATCH_OUTCOMES: Mapping[MatchOutcome, tuple[str, str]] = MappingProxyType({
    # The letters are one each in every language (the crosstable's columns are narrow).
    MatchOutcome.WON: (NC_("match result letter", "W"), NC_("match result", "won")),
    MatchOutcome.DRAWN: (NC_("match result letter", "D"), NC_("match result", "drawn")),
    MatchOutcome.LOST: (NC_("match result letter", "L"), NC_("match result", "lost")),
})
"""The letter of the W-D-L count and crosstable, and the word for a match."""

COLOUR_LETTERS: Mapping[str, str] = MappingProxyType({
    # Keyed by the colour as the page records hold it ("w", "b"; matches.color_text).
    "w": NC_("colour letter", "w"),
    "b": NC_("colour letter", "b"),
})
"""The letter of a colour in a crosstable cell or a game line (English w and b; French
B and N)."""


def colour_letter(color: str) -> str:
    """``{{ cell.color|colour_letter }}``: "w" in the page's language; "" stays ""."""
    letter = COLOUR_LETTERS.get(color)
    return pgettext("colour letter", letter) if letter is not None else color


CUTS: Mapping[CutReason, str] = MappingProxyType({
    # {article}: the modifier that made the cut (14.1 Cut-1, 14.2 Cut-2, 14.3 Median-1,
    # 14.4 Median-2); see cut_article.
    CutReason.LEAST_SIGNIFICANT: N_("cut as the least significant value (C.07 {article})"),
    CutReason.VOLUNTARY_UNPLAYED_FIRST:
        N_("cut first, being a voluntary unplayed round (C.07 16.5)"),
    CutReason.MOST_SIGNIFICANT: N_("cut as the most significant value (median, C.07 {article})"),
    # 14.1.2 c defines PS's least significant values as the earliest cumulative scores.
    CutReason.EARLIEST_ROUND: N_("the first cumulative score is dropped (C.07 14.1.2 c)"),
    CutReason.BELOW_LIMIT: N_("the opponent is below the Koya limit (C.07 9.2)"),
    CutReason.NOT_COUNTED: N_("not an element of this tie-break"),
})
"""Why an element of a tie-break does not count."""

NOTES: Mapping[NoteKind, str | Plural] = MappingProxyType({
    NoteKind.UNDEFINED_UNRATED:
        N_("undefined for everyone: unrated players take part ({unrated}) and no rating was "
           "announced for them (C.07 {article})"),
    NoteKind.NO_RATED_GAMES:
        N_("undefined: no game over the board against a rated opponent to average "
           "(C.07 {article})"),
    NoteKind.NO_GAMES:
        N_("undefined: no game over the board, so no opponents to average (C.07 {article})"),
    NoteKind.ROUNDED:
        NN_("average {exact} over {games} game, rounded to the nearest whole number, 0.5 up "
            "(C.07 {article}): {rounded}",
            "average {exact} over {games} games, rounded to the nearest whole number, 0.5 up "
            "(C.07 {article}): {rounded}", "games"),
    NoteKind.SHOWN_ROUNDED:
        NN_("average over {games} opponent: {exact} exactly, shown as {shown} "
            "(C.07 {article})",
            "average over {games} opponents: {exact} exactly, shown as {shown} "
            "(C.07 {article})", "games"),
    NoteKind.TABLE_LOOKUP:
        NN_("ARO {average} + dp({fraction_rounded}) {dp} = {value}: score {score} in {games} "
            "game = {fraction}, rounded to 2 decimals; dp from the B.02 table "
            "(C.07 {article})",
            "ARO {average} + dp({fraction_rounded}) {dp} = {value}: score {score} in {games} "
            "games = {fraction}, rounded to 2 decimals; dp from the B.02 table "
            "(C.07 {article})", "games"),
    NoteKind.EXPECTED_SCORE:
        N_("lowest rating whose expected score reaches {score}: {value} (expected score "
           "{expected}; one point lower {expected_one_below}; C.07 {article})"),
    NoteKind.ZERO_SCORE:
        N_("zero score: 800 below the lowest-rated opponent (C.07 {article}): {value}"),
    NoteKind.FORBIDDEN_IN_ROUND_ROBIN:
        N_("the Buchholz family must not be used in a round robin (2026 edition, "
           "C.07 {article})"),
    NoteKind.DIRECT_ENCOUNTER:
        N_("direct encounter among the players tied at this point (C.07 {article})"),
    NoteKind.NOT_TIED:
        N_("not tied with anyone at this point of the list (C.07 {article})"),
    NoteKind.KOYA_THRESHOLD:
        N_("only opponents with at least {limit} points count: half of the maximum "
           "{maximum}{moved} (C.07 {article})"),
    NoteKind.UNRATED_RATING:
        N_("unrated, so counted as {rating}, the rating announced for unrated players "
           "(C.07 {article})"),
    NoteKind.SECONDARY_SCORE:
        N_("the team's {secondary_name}, the event's secondary score (C.07 {article})"),
    NoteKind.STRENGTH_COMBINATION:
        N_("{secondary} + {buchholz} / {divisor}, shown as {shown} and ranked unrounded: the "
           "secondary score plus the Buchholz on the primary score divided by K{divisor_source} "
           "(C.07 {article})"),
    NoteKind.COUNTS_BOARDS:
        NN_("counted board by board ({boards} board a match, an unplayed round as that "
            "many): on game points C.07 {article} allows this variation of the tie-breaks of "
            "Art. 7",
            "counted board by board ({boards} boards a match, an unplayed round as that "
            "many): on game points C.07 {article} allows this variation of the tie-breaks of "
            "Art. 7", "boards"),
    NoteKind.EXTENDED_DIRECT_ENCOUNTER:
        N_("{step} among teams {members}: {scores}; order {order} (C.07 {article})"),
    NoteKind.BOARD_TOTALS:
        N_("game points by board, board 1 first: {totals} (C.07 {article})"),
    NoteKind.BOARDS_UNNUMBERED:
        N_("undefined: the file does not say on which board each game of round {rounds} was "
           "played (a match with an empty board and no line-up), so the board tie-breaks "
           "cannot be computed (C.07 {article})"),
    NoteKind.BOARD_COUNT_GAME_POINTS_DIFFER:
        N_("separates nobody here: board count applies only to tied teams with the same game "
           "points, and theirs differ ({game_points}; C.07 {article})"),
    NoteKind.BOARD_ORDER:
        N_("teams {members} compared board by board: order {order} (C.07 {article})"),
})
"""What a note says. The fields are the note record's, plus the clauses note_fields derives
(the Koya note's {moved})."""

NAMED_GROUP_NOTES: Mapping[NoteKind, Plural] = MappingProxyType({
    NoteKind.EXTENDED_DIRECT_ENCOUNTER:
        NN_("{step} among {count} team, of them {members}: {scores}; order of those {order}; "
            "the standings list the whole group (C.07 {article})",
            "{step} among {count} teams, of them {members}: {scores}; order of those {order}; "
            "the standings list the whole group (C.07 {article})", "count"),
    NoteKind.BOARD_ORDER:
        NN_("{count} team compared board by board, of them {members}: order of those "
            "{order}; the standings list the whole group (C.07 {article})",
            "{count} teams compared board by board, of them {members}: order of those "
            "{order}; the standings list the whole group (C.07 {article})", "count"),
})
"""The same notes of a group too large to list (ENCOUNTER_LISTED, NamedGroupNote): the
members named, as a player page names those of a large DE group, and the group's size."""

KOYA_LIMIT_MOVED = N_(", moved by {shift:+d} half points as C.07 14.5 allows")
"""The /L modifier's part of the Koya note, only when it moves the limit."""

SCORE_NAMES: Mapping[bool, str] = MappingProxyType({True: N_("game points"),
                                                    False: N_("match points")})
"""A team event's two scores (C.07 11.1), keyed by "is it the game points"."""

DIVISOR_GIVEN = N_(", K as the code announces it (/K)")
DIVISOR_COMPUTED = N_(", K = {highest_primary} (the most primary points in {rounds} rounds) "
                     "/ {highest_secondary} (the most secondary points in one match), rounded "
                     "down")
"""Where SSSC's K comes from (13.4.2 b), the {divisor_source} of its note."""

DIRECT_ENCOUNTER_GROUP = "tied group {members}; points among them {scores}; order {order}"
"""The CLI's line under a DE note (the pages show the group with names instead)."""
DIRECT_ENCOUNTER_GROUP_NAMED = ("tied group of {count}, among them {members}; points among "
                                "them {scores}; order of those {order}; the standings list "
                                "the whole group")
"""The same line for a group too large to list (ENCOUNTER_LISTED), as the page names it."""

DERIVED_FIELDS: Mapping[NoteKind, frozenset[str]] = MappingProxyType({
    NoteKind.KOYA_THRESHOLD: frozenset({"moved"}),
    NoteKind.SECONDARY_SCORE: frozenset({"secondary_name"}),
    NoteKind.STRENGTH_COMBINATION: frozenset({"divisor_source"}),
})
"""The clauses note_fields adds to a note's own fields, by note kind."""
ENCOUNTER_STEPS: Mapping[EncounterStep, str] = MappingProxyType({
    # {board}: the board compared (TBR) or the top boards kept (BBE), see ExtendedEncounterNote.
    EncounterStep.PRIMARY: N_("direct encounter on the primary score"),
    EncounterStep.SECONDARY: N_("direct encounter on the secondary score"),
    EncounterStep.BOARD_COUNT: N_("board count of their own match (lower first)"),
    EncounterStep.TOP_BOARD: N_("game points on board {board} of their own match"),
    EncounterStep.BOTTOM_BOARD: N_("game points on boards 1 to {board} of their own match"),
})
"""The steps of Extended Direct Encounter (13.3), as the {step} of its note."""

POINTS_FIELDS: Mapping[NoteKind, frozenset[str]] = MappingProxyType({
    NoteKind.SHOWN_ROUNDED: frozenset({"exact", "shown"}),
    NoteKind.TABLE_LOOKUP: frozenset({"score"}),
    NoteKind.EXPECTED_SCORE: frozenset({"score", "expected", "expected_one_below"}),
    NoteKind.DIRECT_ENCOUNTER: frozenset({"scores"}),
    NoteKind.KOYA_THRESHOLD: frozenset({"limit", "maximum"}),
    NoteKind.STRENGTH_COMBINATION: frozenset({"secondary", "buchholz", "highest_primary",
                                              "highest_secondary"}),
    NoteKind.EXTENDED_DIRECT_ENCOUNTER: frozenset({"scores"}),
    NoteKind.BOARD_TOTALS: frozenset({"totals"}),
    NoteKind.BOARD_COUNT_GAME_POINTS_DIFFER: frozenset({"game_points"}),
})
"""The note fields that are points (written as points: 3½ on the pages); every other
number is plain (a rating average 2005.25, a fraction 0.75)."""

UNRATED_SHOWN = 10
"""Start numbers an undefined-unrated note names before it says "..."."""

MODIFIERS: Mapping[str, str] = MappingProxyType({
    # Keyed by the TiebreakSpec field each describes (C.07 Art. 14 and the /P /F /R /U
    # letters of Art. 5), in the order the label lists them.
    "cut": NC_("tie-break modifier", "cut {value}"),
    "median": NC_("tie-break modifier", "median {value}"),
    "limit": NC_("tie-break modifier", "limit {value:+d}"),
    "forfeits_as_played": NC_("tie-break modifier", "forfeits as played"),
    "fore": NC_("tie-break modifier", "of Fore Buchholz"),
    "reverse": NC_("tie-break modifier", "reversed"),
    "unrated_rating": NC_("tie-break modifier", "unrated counted as {value}"),
    "divisor": NC_("tie-break modifier", "K = {value}"),
})
"""A tie-break's modifiers in words, after its title: "Buchholz, cut 1"."""


# Each function below says its table's entry in the active language (site/language.py):
# English for the CLI, the site's language on the pages.

def round_kind_words(kind: RoundKind) -> str:
    return pgettext("round kind", ROUND_KINDS[kind])


def team_round_kind_words(kind: RoundKind) -> str:
    return pgettext("round kind", TEAM_ROUND_KINDS[kind])


def outcome_letter(outcome: MatchOutcome) -> str:
    return pgettext("match result letter", MATCH_OUTCOMES[outcome][0])


def outcome_words(outcome: MatchOutcome) -> str:
    return pgettext("match result", MATCH_OUTCOMES[outcome][1])


def _cut_paragraph(count: int) -> str:
    return "14.1" if count == 1 else "14.2"


def _median_paragraph(count: int) -> str:
    return "14.3" if count == 1 else "14.4"


def cut_article(reason: CutReason, spec: TiebreakSpec | None = None) -> str:
    """The Art. 14 paragraph of the modifier that cut: a median's cuts are 14.3/14.4 (both
    ends), a cut's 14.1/14.2. Without the spec, the paragraphs of Cut-1 and Median-1."""
    if reason is CutReason.MOST_SIGNIFICANT or (spec is not None and spec.median):
        return _median_paragraph(spec.median if spec is not None and spec.median else 1)
    return _cut_paragraph(spec.cut if spec is not None and spec.cut else 1)


def cut_words(reason: CutReason, spec: TiebreakSpec | None = None) -> str:
    return words(CUTS[reason], {"article": cut_article(reason, spec)})


def modifier_articles(spec: TiebreakSpec) -> tuple[str, ...]:
    """The Art. 14 paragraphs of the spec's modifiers."""
    articles = []
    if spec.cut:
        articles.append(_cut_paragraph(spec.cut))
    if spec.median:
        articles.append(_median_paragraph(spec.median))
    if spec.limit:
        articles.append("14.5")
    return tuple(articles)


def tiebreak_articles(spec: TiebreakSpec) -> tuple[str, ...]:
    """The articles a reader needs for this code: the definition, then its modifiers'."""
    return (spec.info.article, *modifier_articles(spec))


def tiebreak_label(spec: TiebreakSpec) -> str:
    """"Buchholz, cut 1": the title with its modifiers in words (C.07 Art. 14)."""
    label = [tiebreak_name(spec)]
    for name, wording in MODIFIERS.items():
        value = getattr(spec, name)
        if value is not None and value is not False and value != 0:
            label.append(words(wording, {"value": value}, context="tie-break modifier"))
    return ", ".join(label)


def tiebreak_name(spec: TiebreakSpec) -> str:
    """"Buchholz": the tie-break's name in the active language (FIDE's acronym stays)."""
    return pgettext(TIEBREAK_NAME, spec.info.title)


def note_words(note: Note | NamedGroupNote, points: NumberFormat) -> str:
    """The note's sentence, lower case and without a full stop (the page adds them)."""
    if isinstance(note, NamedGroupNote):
        values = note_fields(note.note, points)
        values["count"] = str(note.size)
        return words(NAMED_GROUP_NOTES[note.note.kind], values, count=note.size)
    wording = NOTES[note.kind]
    count = getattr(note, wording.count) if isinstance(wording, Plural) else None
    return words(wording, note_fields(note, points), count=count)


def direct_encounter_group_words(note: DirectEncounterNote, points: NumberFormat,
                                 named: Collection[StartNo] | None = None) -> str:
    """The CLI's line under a DE note: the whole group, or only the members ``named``
    (:func:`encounter_named`) and how many the group has."""
    if named is None:
        return DIRECT_ENCOUNTER_GROUP.format_map(note_fields(note, points))
    values = note_fields(narrowed(note, named), points)
    values["count"] = str(len(note.members))
    return DIRECT_ENCOUNTER_GROUP_NAMED.format_map(values)


def note_fields(note: Note, points: NumberFormat) -> dict[str, str]:
    """Every field of the note record as text (``points`` writes the POINTS_FIELDS, other
    numbers are plain), and the derived clauses its wording needs. The record's own fields
    are written when the wording asks for them: a DE note carries its whole tied group,
    which the page's sentence does not name, and writing it out anyway made each page's
    cost grow with the group (3,000 players all tied)."""
    values = _NoteFields(note, points)
    if isinstance(note, KoyaThresholdNote):
        values["moved"] = words(KOYA_LIMIT_MOVED, {"shift": note.shift}) if note.shift else ""
    if isinstance(note, SecondaryScoreNote):
        values["secondary_name"] = gettext(SCORE_NAMES[note.is_game_points])
    if isinstance(note, StrengthCombinationNote):
        values["divisor_source"] = (gettext(DIVISOR_GIVEN) if note.divisor_given
                                    else words(DIVISOR_COMPUTED, values))
    if isinstance(note, ExtendedEncounterNote):
        values["step"] = words(ENCOUNTER_STEPS[note.step], {"board": note.board})
    if isinstance(note, UndefinedUnratedNote):
        shown = [str(n) for n in note.unrated[:UNRATED_SHOWN]]
        values["unrated"] = ", ".join(
            shown + (["..."] if len(note.unrated) > UNRATED_SHOWN else []))
    return values


_RECORD_FIELDS: dict[type, frozenset[str]] = {}
"""Each note record class's field names."""


class _NoteFields(dict[str, str]):
    """A note record's fields as text, each written when first asked for."""

    def __init__(self, note: Note, points: NumberFormat) -> None:
        super().__init__()
        self._note = note
        self._points = points
        kind = type(note)
        names = _RECORD_FIELDS.get(kind)
        if names is None:
            names = _RECORD_FIELDS[kind] = frozenset(field.name for field in fields(note))
        self._names = names

    def __missing__(self, name: str) -> str:
        if name not in self._names:
            raise KeyError(name)
        number = (self._points if name in POINTS_FIELDS.get(self._note.kind, frozenset())
                  else plain_number)
        value = self[name] = _text(getattr(self._note, name), number)
        return value


def fields_named(wording: str | Plural) -> frozenset[str]:
    """The named fields of a format string, or of both forms of a plural (for the test
    that every wording's fields exist)."""
    if isinstance(wording, Plural):
        return fields_named(wording.singular) | fields_named(wording.plural)
    return frozenset(name for _, name, _, _ in string.Formatter().parse(wording) if name)


def _text(value: object, number: NumberFormat) -> str:
    if isinstance(value, Decimal):
        return number(value)
    if isinstance(value, Mapping):  # DE: each member's points among the tied players
        return ", ".join(f"{key}: {_text(points, number)}" for key, points in value.items())
    if isinstance(value, tuple):
        if value and isinstance(value[0], tuple):  # DE: sub-groups best first, "1 > 2=3"
            return " > ".join("=".join(str(n) for n in group) for group in value)
        return ", ".join(_text(n, number) for n in value)
    return str(value)


@dataclass(frozen=True, slots=True, kw_only=True)
class TerminalWords:
    """The clauses ``standings explain`` builds its lines from, one field per clause (a
    translation is another instance): the numbers the page's tables hold in columns.
    Round kinds, cuts, why a round counts as it does (round_clauses) and notes come from
    the tables above, as on the pages."""

    explained: str = "{who}, {event}, {rounds}, C.07 edition {edition}"
    place: str = "Place {place} with {points} points."
    team_place: str = "Place {place} with {points} match points."
    team_place_game_points: str = "Place {place} with {points} game points."
    heading: str = "{key} - {title} (C.07 {articles}): {value}"
    undefined: str = "undefined"
    cumulative: str = "after round {round:>2}: {value}"
    counted_round: str = "round {round:>2}  {what}: {verdict}"
    counts: str = "counts"
    does_not_count: str = "does not count"
    boards_counted: str = "boards counted: {count}"
    scored_round: str = "round {round:>2}  {who}"
    dummy: str = "dummy for a {kind}"
    dummy_against: str = "dummy for a {kind} against {who}"
    rating: str = "rating {rating}"
    score: str = "score {score}"
    opponent_score: str = "opponent's score {score}"
    scored_against: str = "scored {points} against {opponent_points}"
    scored: str = "scored {points}"
    times_points: str = "x {points} points"
    contribution: str = "  = {value}"
    cut: str = "   [{cut}]"
    total: str = "sum of the values not cut: {total}"
    why: str = "Why this place:"


TERMINAL = TerminalWords()


LIST_TWO = N_("{first} and {last}")
LIST_MORE = N_("{first}, {rest}")
"""How join_words writes a list: "A and B", "A, B and C"."""



# --- one round of a derivation, in words -------------------------------------------------
# Lower case and without a full stop, as the notes (the page makes each a sentence, the CLI
# joins them with "; "): the plain words first, the article last.

class DummyCap(StrEnum):
    """How the 2026 cap (16.4.1, 16.4.2) stood to the dummy's own score."""

    NONE = "none"
    """No cap: the 2024 edition, or unplayed rounds counted as draws (16.6)."""
    BITES = "bites"
    DOES_NOT_BITE = "does-not-bite"


DUMMY_SENTENCES: Mapping[tuple[bool, DummyCap], str] = MappingProxyType({
    # (the round has an opponent, i.e. a forfeit; the cap)
    (False, DummyCap.NONE):
        N_("the {kind} in round {round} counts as a game against an imaginary opponent with "
           "{who}'s own score, {own} (C.07 {article})"),
    (False, DummyCap.BITES):
        N_("the {kind} in round {round} counts as a game against an imaginary opponent with "
           "{who}'s own score, {own}, capped at {cap} (C.07 {article})"),
    (False, DummyCap.DOES_NOT_BITE):
        N_("the {kind} in round {round} counts as a game against an imaginary opponent with "
           "{who}'s own score, {own}; the cap, {cap}, does not bite (C.07 {article})"),
    (True, DummyCap.NONE):
        N_("the {kind} against {opponent} in round {round} counts as a game against an "
           "imaginary opponent with {who}'s own score, {own} (C.07 {article})"),
    (True, DummyCap.BITES):
        N_("the {kind} against {opponent} in round {round} counts as a game against an "
           "imaginary opponent with {who}'s own score, {own}, capped at {opponent}'s score, "
           "{cap} (C.07 {article})"),
    (True, DummyCap.DOES_NOT_BITE):
        N_("the {kind} against {opponent} in round {round} counts as a game against an "
           "imaginary opponent with {who}'s own score, {own}; the cap, {opponent}'s score "
           "{cap}, does not bite (C.07 {article})"),
})
"""An unplayed round counted against a dummy opponent (16.4)."""

ADJUSTED_SCORE_SENTENCE = N_(
    "{opponent}'s score counts as {adjusted}, not {score}: requested byes at the end of "
    "their event count as draws for their opponents (C.07 16.3)")

CATEGORIES: Mapping[Category, str] = MappingProxyType({
    Category.AWARDED_BYE: N_("a bye the pairing gave, not one asked for (C.07 16.2.1)"),
    Category.FORFEIT_WIN: N_("a forfeit win, not a voluntary unplayed round (C.07 16.2.2)"),
    Category.REQUESTED_BYE_THEN_AVAILABLE:
        N_("a requested bye, so a voluntary unplayed round (C.07 16.1, 16.2.3)"),
    Category.FORFEIT_LOSS: N_("a forfeit loss, so a voluntary unplayed round (C.07 16.1, 16.2.4)"),
    Category.REQUESTED_BYE_AT_THE_END:
        N_("a requested bye with no game after it, so a voluntary unplayed round (C.07 16.1, "
           "16.2.5)"),
    Category.ABSENCE_NOT_VOLUNTARY:
        N_("an absence the event's rules do not count as voluntary (C.07 16.6)"),
})
"""What kind of unplayed round it was (Art. 16.2)."""

VOLUNTARY_UNPLAYED = N_("a voluntary unplayed round (C.07 16.1)")
"""A voluntary unplayed round whose category the engine did not record."""

COUNTED_BY_ARTICLE = N_("the {kind} in round {round} counts as C.07 {article} says for it")
"""An unplayed round a tie-break counts by its own article (a forfeit as a game, 6.1.1)."""


@dataclass(frozen=True, slots=True)
class Clause:
    """One clause of a derivation in words: a wording of these tables and its fields, the
    points still numbers, so that the page (3½) and the terminal (3.5) say the same clause
    each in its own numbers (derivation.py)."""

    wording: str
    fields: Mapping[str, object] | None = None
    """None for a wording without fields."""

    def text(self, points: NumberFormat) -> str:
        """The clause in the active language, lower case and without a full stop."""
        if self.fields is None:
            return gettext(self.wording)
        return words(self.wording, {name: points(value) if isinstance(value, Decimal) else value
                                    for name, value in self.fields.items()})


def cut_clause(part: Part, spec: TiebreakSpec) -> Clause | None:
    """Why the element does not count (a modifier's cut, a rule's), or None when it does."""
    if part.cut is None:
        return None
    return Clause(CUTS[part.cut], {"article": cut_article(part.cut, spec)})


def round_clauses(part: Part, who: str, opponent: Player | None) -> tuple[Clause, ...]:
    """Why one round of a derivation counts as it does, the cut aside: a dummy, an adjusted
    score, the category of an unplayed round, the article it counts by. ``who`` is the
    player's name, ``opponent`` the opponent met (None without one), whose name is written
    out only by a clause that names them (a page has some hundred rounds, most without)."""
    clauses: list[Clause] = []
    counts_by_article = bool(part.article) and not part.is_dummy \
        and part.kind is not RoundKind.GAME
    # Only a clause that names the round's kind needs its words (most rounds have none).
    kind = round_kind_words(part.kind) if part.is_dummy or counts_by_article else ""
    if part.is_dummy:
        cap = DummyCap.NONE
        if part.dummy_cap is not None and part.dummy_own_score is not None:
            cap = DummyCap.BITES if part.dummy_cap < part.dummy_own_score \
                else DummyCap.DOES_NOT_BITE
        clauses.append(Clause(DUMMY_SENTENCES[(opponent is not None, cap)], {
            "kind": kind, "round": part.round, "who": who,
            "opponent": opponent.display_name if opponent is not None else None,
            "own": part.dummy_own_score, "cap": part.dummy_cap,
            "article": part.article or "16.4"}))
    elif (part.adjusted_score is not None and part.opponent_score is not None
          and part.adjusted_score != part.opponent_score):
        clauses.append(Clause(ADJUSTED_SCORE_SENTENCE, {
            "opponent": opponent.display_name if opponent is not None else None,
            "adjusted": part.adjusted_score,
            "score": part.opponent_score}))
    if part.category:
        clauses.append(Clause(CATEGORIES[Category(part.category)]))
    elif part.is_voluntary_unplayed:
        clauses.append(Clause(VOLUNTARY_UNPLAYED))
    if counts_by_article:
        clauses.append(Clause(COUNTED_BY_ARTICLE, {"kind": kind, "round": part.round,
                                                   "article": part.article}))
    return tuple(clauses)


def sentence(words: str) -> str:
    """A lower-case clause of these tables as a sentence on a page."""
    return words[:1].upper() + words[1:] + "."


ENCOUNTER_TIED = N_("Tied at this point: {names}.")
ENCOUNTER_POINTS = N_("Points in the games between them: {scores}.")
ENCOUNTER_NO_GAMES = N_("They did not play each other, so the direct encounter cannot separate "
                       "them.")
ENCOUNTER_SCORE = "{name} {points}"
"""A player page's direct-encounter section (Art. 6): the tied group, each member's points
in the games among them ({scores}: ENCOUNTER_SCORE items joined by join_words)."""
ENCOUNTER_TIED_NAMED = NN_("Tied at this point: {count} player, among them {names}.",
                           "Tied at this point: {count} players, among them {names}.", "count")
ENCOUNTER_POINTS_NAMED = N_("Points in the games between them, of those named: {scores}.")
ENCOUNTER_WHOLE_GROUP = N_("The standings list the whole group.")
"""A large group's sentences: the player, the members they met and their neighbours, and
a link to the standings for the rest (ENCOUNTER_LISTED)."""


def join_words(items: Sequence[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    if len(items) < 2:
        return "".join(items)
    # From the end, so a long list (a tied group of forty) is not a recursion as deep.
    two, more = gettext(LIST_TWO), gettext(LIST_MORE)
    joined = two.format(first=items[-2], last=items[-1])
    for item in reversed(items[:-2]):
        joined = more.format(first=item, rest=joined)
    return joined


ORDINALS: Mapping[str, str] = MappingProxyType({
    # Keyed by the number's CLDR ordinal category (Babel's Locale.ordinal_form), so that a
    # language's own rule picks the entry: English 1st 21st (one), 2nd (two), 3rd (few),
    # 4th 11th (other); French 1er (one), 2e (other); German 1. (other only). A language
    # never reaches a category it does not have.
    "zero": NC_("ordinal: zero", "{number}th"),
    "one": NC_("ordinal: one", "{number}st"),
    "two": NC_("ordinal: two", "{number}nd"),
    "few": NC_("ordinal: few", "{number}rd"),
    "many": NC_("ordinal: many", "{number}th"),
    "other": NC_("ordinal: other", "{number}th"),
})
"""An ordinal place ("5th") in words, by the CLDR category of its number."""


def ordinal(number: int) -> str:
    """"1st", "22nd", "113th" (or "1.", "1er", "1.º" ...: the active language's entry for
    the number's ordinal category)."""
    return _ordinal(number, active().digest)


# A page says a few places (its own, its neighbours'), each a CLDR rule, a lookup and a
# format: kept by number and language (the catalogue's digest).
@functools.lru_cache(maxsize=8192)
def _ordinal(number: int, language: str) -> str:
    category = ordinal_category(number)
    return pgettext("ordinal: " + category, ORDINALS[category]).format(number=number)
