"""A player's (or a team's) page: the rounds, each tie-break's derivation, the neighbours.

The records the player template is rendered from, made from an ``EventPlan``
(``views.py``); pure functions, no Jinja and no disk.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from generator.model import ZERO, Color, Player, RoundKind, StartNo, Team, Tournament
from generator.rules.explain import DirectEncounterGroup, Explained, Part, Separation, StandingsRow
from generator.rules.notation import Layout, TiebreakSpec
from generator.rules.rating_change import RatingChange
from generator.site.addresses import (
    RATING_CHANGE_PAGE,
    event_page,
    player_page,
    relative_link,
    round_page,
    sibling_player_link,
    tiebreak_page,
)
from generator.site.derivation import is_tabular, line_fields, line_opponent, says_why
from generator.site.headline import (
    Headline,
    Sentence,
    encounter_groups,
    headline,
    listed,
    performance_words,
)
from generator.site.language import gettext, phrase
from generator.site.matches import MatchBoard, match_boards
from generator.site.next_game import NextGame, next_games
from generator.site.numbers import format_points, points_writer, shown_value
from generator.site.plan import EventPlan
from generator.site.rating_view import RatingView, player_rating_view
from generator.site.tie_groups import ENCOUNTER_NEIGHBOURS, encounter_named, named_group_notes
from generator.site.views import (
    Column,
    cell_writer,
    columns,
    competitor_symbol,
    player_anchor,
)
from generator.site.wording import (
    ENCOUNTER_NO_GAMES,
    ENCOUNTER_POINTS,
    ENCOUNTER_POINTS_NAMED,
    ENCOUNTER_SCORE,
    ENCOUNTER_TIED,
    ENCOUNTER_TIED_NAMED,
    ENCOUNTER_WHOLE_GROUP,
    NAMED_GROUP_NOTES,
    sentence,
)
from generator.speed import keyword_record_maker, record_maker


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundLine:
    """One round on a player's page."""

    round_no: int
    kind: RoundKind
    opponent: Player | None
    color: str
    symbol: str
    counts_as: Part | None
    """The same round's contribution in the first Buchholz-family tie-break, if any."""
    games: tuple[MatchBoard, ...] = ()
    """A team's match: its boards."""
    # Written out once here rather than by filters in the template (see PartLine).
    round_href: str = ""
    """The round's page, relative to the player's page (as every ``*_href``)."""
    opponent_href: str | None = None
    is_game: bool = True
    """``kind`` is an ordinary game."""
    running_text: str = ""
    """The player's score after the round."""
    opponent_score_text: str = ""
    """The opponent's final score; "—" without an opponent."""
    counts_as_text: str = ""
    """``counts_as``'s value, when there is one."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PartLine:
    part: Part
    opponent: Player | None
    score: Decimal | None
    """The score this element counts with: the dummy's (after its cap) or the opponent's
    adjusted score (16.3/16.4); None for tie-breaks that use no opponent score."""
    # The numbers and links as the derivation table writes them, made once here: a player
    # page of an 11-round event has some hundred of them, and a filter or a call in the
    # template costs several times more (see StandingsLine).
    opponent_href: str | None = None
    """The opponent's page relative to the player's page, when there is a real opponent."""
    their_score: str = ""
    """The dummy's own score or the opponent's actual score; "—" when there is none."""
    counted: str = ""
    """``score`` written out; "—" when None."""
    points: str = ""
    """The points of the round (SB, KS); "—" when None."""
    contribution: str = ""
    has_reasons: bool = True
    """Something to say in the "why" column (a cut, a dummy, an adjusted score, an
    unplayed round); False for a plain game, whose "why" is empty."""
    reasons: tuple[str, ...] = ()
    """The "why" column's sentences (the cut, then wording.round_clauses), plain words
    first, the article last."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TiebreakSection:
    spec: TiebreakSpec
    label: str
    anchor: str
    value: Decimal | None
    total: Decimal | None
    lines: tuple[PartLine, ...]
    all_parts_sum: Decimal | None
    """Sum of every part, cut or not: the left side of "24, less round 1 (3) = 21"."""
    cut_lines: tuple[PartLine, ...]
    is_product: bool
    """The layout shows the points of each round (SB, ESB, KS: Layout.shows_round_points)."""
    has_scores: bool
    has_ratings: bool
    notes: tuple[Any, ...]
    direct_encounter: Any = None
    encounter: tuple[Sentence, ...] = ()
    """DE: the tied group and the points among them, in sentences (wording.ENCOUNTER_*)."""
    is_tabular: bool = False
    """Opponent scores, dummies or ratings to show: a table; otherwise one line of terms."""
    counted_lines: tuple[PartLine, ...] = ()
    dropped_lines: tuple[PartLine, ...] = ()
    """Cut by a modifier or a rule (not merely rounds that are no element at all)."""
    not_counted_rounds: tuple[int, ...] = ()
    same_as: TiebreakSection | None = None
    """An earlier section on the page with the same contributions (BH after BH/C1): its
    table is not repeated."""
    explained_under: Mapping[int, tuple[TiebreakSection, bool]] | None = None
    """By round, an earlier section whose note says all this one's would; True: and a cut."""
    # Written out once here rather than by filters in the template (see PartLine).
    explanation_href: str = ""
    """The tie-break's explanation page, relative to the player's page."""
    value_text: str = ""
    """``value`` as the tie-break column shows it."""
    articles_text: str = ""
    terms: tuple[str, ...] = ()
    """The table's sum, term by term: "½ × 9" for SB-style products, else the
    contribution."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Neighbour:
    row: StandingsRow
    separation: Separation
    """As seen from the page's player: ``value`` is theirs, ``other_value`` the neighbour's."""
    is_above: bool
    relation: str
    """">" or "<": how the better value compares with the worse under the criterion's
    direction (TPN and /R rank lower values first)."""
    value: Decimal | None
    """The page's player's value of the deciding criterion, as shown."""
    other_value: Decimal | None
    href: str = ""
    """The neighbour's page, relative to the player's page."""
    why_values: tuple[str, ...] = ()
    """The neighbour's values of the player view's ``why_columns``, as shown."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerView:
    row: StandingsRow
    count: int
    rounds: tuple[RoundLine, ...]
    sections: tuple[TiebreakSection, ...]
    neighbours: tuple[Neighbour, ...]
    why_columns: tuple[Column, ...]
    """The tie-breaks that separated the player from a neighbour on the same points."""
    anchors: Mapping[str, str]
    """Tie-break code as written -> its section's id on this page."""
    buchholz_code: str | None
    points_alone: bool
    """No other player has the same points: the points alone decided the place."""
    why_values: tuple[str, ...] = ()
    """The player's own values of ``why_columns``, as shown."""
    next_game: NextGame | None = None
    """The player's game of the round paired or in progress, until its result is in."""
    performance: str = ""
    """The player's performance rating in words (wording.PERFORMANCE); "" without a game
    over the board against a rated opponent."""
    headline: Headline | None = None
    """The first screen's sentences: the place, the points and why."""
    rating: RatingView | None = None
    """The FIDE rating change from the event's games, each game's arithmetic; None where
    the event shows none (``EventPlan.rating_changes``)."""

    @property
    def headline_text(self) -> str:
        """The headline as plain text (a link preview's description)."""
        return self.headline.text if self.headline is not None else ""


def _section(plan: EventPlan, shared: _PlayerPages, row: StandingsRow, index: int,
             column: Column, page: _PageSections, who: str) -> TiebreakSection:
    """``who``: the player's name in running text (Player.display_name, worked out once a
    page rather than once a tie-break); ``page``: what the sections above it on the page
    made, which this one may share."""
    spec = column.spec
    acronym = spec.info.acronym
    explained = row.values.get(column.key)
    lines: tuple[PartLine, ...] = ()
    notes: tuple[Any, ...] = ()
    value = total = None
    tabular = False
    if explained is not None:
        value, total, notes = shown_value(spec, explained.value), explained.total, explained.notes
        if notes and any(note.kind in NAMED_GROUP_NOTES for note in notes):
            met = frozenset(part.opponent for part in explained.parts
                            if part.opponent is not None)
            notes = named_group_notes(notes, row.player.start_no, met,
                                      *_standings_around(plan, index))
        # Only a table shows the opponents' scores and pages: other sections need less.
        tabular = is_tabular(explained)
        lines = _lines(plan, shared, spec, who, explained, tabular, page.lines)
    # One pass over the lines (a page has some hundred of them; see PartLine).
    cut_lines: list[PartLine] = []
    counted_lines: list[PartLine] = []
    dropped_lines: list[PartLine] = []
    not_counted_rounds: list[int] = []
    has_scores = has_ratings = False
    parts_sum = ZERO
    for line in lines:
        part = line.part
        parts_sum += part.value
        if part.cut is None:
            counted_lines.append(line)
        else:
            cut_lines.append(line)
            if str(part.cut) == "not-counted":
                not_counted_rounds.append(part.round)
            else:
                dropped_lines.append(line)
        has_scores = has_scores or line.score is not None
        has_ratings = has_ratings or part.rating is not None
    layout = spec.info.layout
    terms: tuple[str, ...] = ()
    if tabular:
        multiplies = layout.multiplies
        terms = tuple(
            f"{line.points} × {line.counted}"
            if multiplies and line.part.points is not None and line.score is not None
            else line.contribution
            for line in lines)
    group = shared.direct_encounter.get(row.player.start_no) if acronym == "DE" else None
    encounter: tuple[Sentence, ...] = ()
    if group is not None:
        encounter = _encounter_sentences(plan, shared, group, index, lines)
    same_as = page.same_as(lines)
    is_table = same_as is None and tabular and bool(lines)
    explained_under, itself = page.explained_under(lines) if is_table else (None, None)
    section = _new_section(
        spec=spec, label=column.label,
        anchor=page.anchors[column.key], value=value, total=total,
        lines=lines,
        all_parts_sum=parts_sum if total is not None and lines else None,
        cut_lines=tuple(cut_lines),
        is_product=layout.shows_round_points,
        has_scores=has_scores, has_ratings=has_ratings,
        notes=notes, direct_encounter=group, encounter=encounter,
        is_tabular=tabular,
        counted_lines=tuple(counted_lines),
        dropped_lines=tuple(dropped_lines),
        not_counted_rounds=tuple(not_counted_rounds),
        explanation_href=shared.explanation_hrefs[column.key],
        # A group order's place (DE): blank where it gave none, as on the standings, so
        # the page never says "DE = 0" above the points that left them equal.
        value_text=(shared.cells[column.key](row.number(column.key)) if explained is not None
                    else format_points(value)),
        articles_text=shared.articles[column.key],
        terms=terms, same_as=same_as, explained_under=explained_under or None,
    )
    if is_table:
        section = page.add_table(section, itself or {})
    return section


def _encounter_sentences(plan: EventPlan, shared: _PlayerPages, group: DirectEncounterGroup,
                         index: int, lines: Sequence[PartLine]) -> tuple[Sentence, ...]:
    """The DE section's sentences for the player at ``index``: the whole group, or for a
    large one the members :func:`encounter_named` names, how many there are, and the
    standings for the rest (at most rounds + 2 x ENCOUNTER_NEIGHBOURS + 1 names, whatever
    the group's size)."""
    members = shared.member_sets.get(id(group))
    if members is None:
        members = shared.member_sets[id(group)] = frozenset(group.members)
    rows = plan.standings.rows
    # The section's lines are the player's games against the group (explain_direct_encounter).
    met = (line.part.opponent for line in lines if line.part.opponent is not None)
    named = encounter_named(rows[index].player.start_no, members, met,
                            *_standings_around(plan, index))
    if named is None:
        return _whole_group_sentences(plan, shared, group)
    tournament = plan.tournament
    shown = [tournament.player(number) for number in sorted(named)]
    tied = listed(phrase(ENCOUNTER_TIED_NAMED, count=len(members)), "names",
                  [(m.display_name, sibling_player_link(plan.slug, m.start_no)) for m in shown],
                  {"count": str(len(members))})
    if group.games:
        scores = [(ENCOUNTER_SCORE.format(name=m.display_name,
                                          points=format_points(group.scores[m.start_no])), "")
                  for m in shown]
        between = listed(gettext(ENCOUNTER_POINTS_NAMED), "scores", scores, {})
    else:
        between = Sentence(wording=gettext(ENCOUNTER_NO_GAMES), fields={}, links={})
    whole = Sentence(wording="{whole}", fields={"whole": gettext(ENCOUNTER_WHOLE_GROUP)},
                     links={"whole": shared.standings_href})
    return (tied, between, whole)


def _standings_around(plan: EventPlan, index: int) -> tuple[list[StartNo], int]:
    """The start numbers of the rows within ENCOUNTER_NEIGHBOURS of row ``index``, and its
    position among them (what :func:`encounter_named` reads of the standings)."""
    first = max(0, index - ENCOUNTER_NEIGHBOURS)
    rows = plan.standings.rows[first:index + ENCOUNTER_NEIGHBOURS + 1]
    return [row.player.start_no for row in rows], index - first


def _whole_group_sentences(plan: EventPlan, shared: _PlayerPages,
                           group: DirectEncounterGroup) -> tuple[Sentence, ...]:
    # Every member's page says the same of the group (their pages share a folder, so the
    # links are alike): made once per group, not once per member.
    found = shared.encounter_sentences.get(id(group))
    if found is not None:
        return found
    tournament = plan.tournament
    members = [tournament.player(member) for member in group.members]
    names = [m.display_name for m in members]
    tied = listed(gettext(ENCOUNTER_TIED), "names",
                  [(name, sibling_player_link(plan.slug, m.start_no))
                   for name, m in zip(names, members, strict=True)], {})
    if group.games:
        scores = [(ENCOUNTER_SCORE.format(name=name,
                                          points=format_points(group.scores[m.start_no])), "")
                  for name, m in zip(names, members, strict=True)]
        found = (tied, listed(gettext(ENCOUNTER_POINTS), "scores", scores, {}))
    else:
        found = (tied, Sentence(wording=gettext(ENCOUNTER_NO_GAMES), fields={}, links={}))
    shared.encounter_sentences[id(group)] = found
    return found


_PageLines = dict[int, PartLine]
"""A page's table lines of the parts not cut, by the part's id."""


def _lines(plan: EventPlan, shared: _PlayerPages, spec: TiebreakSpec, who: str,
           explained: Explained, tabular: bool, page_lines: _PageLines,
           ) -> tuple[PartLine, ...]:
    """The section's lines as the page writes them.

    A table's lines write out the derivation (derivation.py: the opponents' scores and why
    each round counts as it does, as ``standings explain`` does). The cut variants of a sum
    (BH/C1 beside BH) share the parts not cut (rules/opponents.py): such a line depends on
    nothing else of the section (a cut's clause is a cut part's alone), so each is made
    once for the page. The ids hold: the page's standings row keeps every part alive while
    the page is made.
    """
    points = shared.points
    tournament = plan.tournament
    if not tabular:
        # A line of terms: the values alone, nothing to say about any round; no part has a
        # score to count (derivation.is_tabular).
        return tuple([_new_part_line(part, line_opponent(tournament, part), None,
                                     None, "", "", "", points(part.value), True, ())
                      for part in explained.parts])
    lines: list[PartLine] = []
    slug = plan.slug
    for part in explained.parts:
        key = id(part)
        known = page_lines.get(key) if part.cut is None else None
        if known is None:
            known = _table_line(slug, tournament, spec, who, part, points)
            if part.cut is None:
                page_lines[key] = known
        lines.append(known)
    return tuple(lines)


def _table_line(slug: str, tournament: Tournament, spec: TiebreakSpec, who: str, part: Part,
                points: Callable[[Decimal | None], str]) -> PartLine:
    """derivation.py's line of ``part`` as the page writes it, its fields read straight
    into the page's record (a DerivationLine between them was read once). ``points``:
    format_points in the page's language (numbers.points_writer)."""
    opponent, their, score, cut, reasons = line_fields(tournament, spec, who, part)
    has_reasons = says_why(cut, reasons)
    return _new_part_line(
        part, opponent, score,
        sibling_player_link(slug, opponent.start_no) if opponent is not None else None,
        points(their) if part.is_dummy or their is not None else "—",
        "—" if score is None else points(score),
        "—" if part.points is None else points(part.points),
        points(part.value),
        has_reasons,
        tuple(sentence(clause.text(format_points))
              for clause in (*([cut] if cut is not None else []), *reasons))
        if has_reasons else (),
    )


# A page's rounds: made by the ten thousand in a big event (speed.py says why).
_new_round_line = keyword_record_maker(
    RoundLine, "round_no", "kind", "opponent", "color", "symbol", "counts_as", "games",
    "round_href", "opponent_href", "is_game", "running_text", "opponent_score_text",
    "counts_as_text")

# Constructors for the records made by the ten thousand (speed.py says why), in order.
_new_section = keyword_record_maker(
    TiebreakSection, "spec", "label", "anchor", "value", "total", "lines", "all_parts_sum",
    "cut_lines", "is_product", "has_scores", "has_ratings", "notes", "direct_encounter",
    "encounter", "is_tabular", "counted_lines", "dropped_lines", "not_counted_rounds", "same_as",
    "explained_under", "explanation_href", "value_text", "articles_text", "terms")
_new_neighbour = keyword_record_maker(Neighbour, "row", "separation", "is_above", "relation",
                                      "value", "other_value", "href", "why_values")
_new_player_view = keyword_record_maker(
    PlayerView, "row", "count", "rounds", "sections", "neighbours", "why_columns", "anchors",
    "buchholz_code", "points_alone", "why_values", "next_game", "performance", "headline",
    "rating")
_new_part_line = record_maker(PartLine, "part", "opponent", "score", "opponent_href",
                              "their_score", "counted", "points", "contribution",
                              "has_reasons", "reasons")


class _PageSections:
    """What a page's sections share, filled as they are made: the lines of the parts not
    cut (:func:`_lines`), the tables shown, each round's reasons said and where, which a
    later section points to (issue 26: BH/C1, SB); asked before a record is made, not
    copied after with dataclasses.replace (some 10 us a page)."""

    __slots__ = ("anchors", "lines", "said", "tables")

    def __init__(self, anchors: Mapping[str, str]) -> None:
        self.anchors = anchors
        """Tie-break code as written -> its section's id on this page."""
        self.lines: _PageLines = {}
        self.tables: list[TiebreakSection] = []
        self.said: dict[int, list[tuple[frozenset[str], TiebreakSection | None, bool]]] = {}
        """By round: the reasons said, the section that said them (None: the one being
        made), and whether that round was cut there."""

    def same_as(self, lines: Sequence[PartLine]) -> TiebreakSection | None:
        """An earlier section shown as a table with the same contributions."""
        return next((s for s in self.tables if _same_contributions(lines, s.lines)), None)

    def explained_under(self, lines: Sequence[PartLine]
                        ) -> tuple[dict[int, tuple[TiebreakSection, bool]], dict[int, bool]]:
        """By round, the earlier section whose note says all of a line's reasons (True: and
        a cut); and the rounds whose reasons an earlier line of the section being made says
        (two lines of one round), which :meth:`add_table` points to it once it is made. A
        line's reasons said nowhere are noted as said by the section being made."""
        said = self.said
        explained: dict[int, tuple[TiebreakSection, bool]] = {}
        itself: dict[int, bool] = {}
        for line in lines:
            if not line.reasons:
                continue
            reasons, part = frozenset(line.reasons), line.part
            before = next((s for s in said.get(part.round, ()) if reasons <= s[0]), None)
            if before is None:
                said.setdefault(part.round, []).append((reasons, None, part.cut is not None))
            elif before[1] is None:
                itself[part.round] = before[2] and part.cut is None
            else:
                explained[part.round] = (before[1], before[2] and part.cut is None)
        return explained, itself

    def add_table(self, section: TiebreakSection, itself: Mapping[int, bool]
                  ) -> TiebreakSection:
        """``section``, made with :meth:`explained_under`'s earlier sections, as a table
        shown: the rounds it said are now its own."""
        self.tables.append(section)
        for entries in self.said.values():
            for at, entry in enumerate(entries):
                if entry[1] is None:
                    entries[at] = (entry[0], section, entry[2])
        if itself:
            section = replace(section, explained_under={
                **(section.explained_under or {}),
                **{number: (section, cut) for number, cut in itself.items()}})
        return section


def _same_contributions(lines: Sequence[PartLine], others: Sequence[PartLine]) -> bool:
    """The same contributions round by round: round, value, opponent, dummy and the score
    counted of each line alike. Compared line by line, as most pairs differ at the first
    (a page compares each section with every table above it)."""
    if len(lines) != len(others):
        return False
    for line, other in zip(lines, others, strict=True):
        part, theirs = line.part, other.part
        if (part.round != theirs.round or part.value != theirs.value
                or part.opponent != theirs.opponent or part.is_dummy != theirs.is_dummy
                or line.score != other.score):
            return False
    return True


def _neighbour_separation(row: StandingsRow, other: StandingsRow,
                          separation: Separation | None) -> Separation:
    if separation is not None:
        return separation
    return Separation(criterion="PTS" if row.points != other.points else "",
                      value=row.points, other_value=other.points, other=other.player.start_no)


def _neighbour(other: StandingsRow, separation: Separation, cols: Sequence[Column],
               why_columns: Sequence[Column], slug: str,
               cells: Mapping[str, Callable[[Decimal | None], str]], *,
               is_above: bool) -> Neighbour:
    spec = next((c.spec for c in cols if c.key == separation.criterion), None)
    lower_first = spec is not None and spec.direction.value == "lower"
    value, other_value = separation.value, separation.other_value
    if spec is not None:
        value, other_value = shown_value(spec, value), shown_value(spec, other_value)
    return _new_neighbour(row=other, separation=separation, is_above=is_above,
                     relation="<" if lower_first else ">", value=value,
                     other_value=other_value,
                     href=sibling_player_link(slug, other.player.start_no),
                     why_values=_values_text(other, why_columns, cells))


@dataclass(frozen=True, slots=True, kw_only=True)
class _PlayerPages:
    """What every player page of an event has alike, worked out once for all of them."""

    columns: tuple[Column, ...]
    buchholz_key: str | None
    """The first Buchholz-family code, whose contributions the rounds table shows."""
    round_hrefs: Mapping[int, str]
    """Each round's page, relative to a player page (they share one folder)."""
    explanation_hrefs: Mapping[str, str]
    """Each column's explanation page, relative to a player page."""
    cells: Mapping[str, Callable[[Decimal | None], str]]
    """How each column's value is written, as in the standings (views.cell_writer)."""
    articles: Mapping[str, str]
    """Each column's articles of C.07, as a section's heading writes them."""
    direct_encounter: Mapping[StartNo, DirectEncounterGroup]
    """The first DE group each player is in."""
    next_games: Mapping[StartNo, NextGame]
    encounter_groups: Mapping[StartNo, tuple[DirectEncounterGroup, ...]]
    """Every Art. 6 group each player is in (headline.encounter_groups)."""
    encounter_sentences: dict[int, tuple[Sentence, ...]]
    """A DE group's sentences by the group's id, filled as the pages are made (the
    groups live as long as the plan)."""
    member_sets: dict[int, frozenset[StartNo]]
    """A large DE group's members by the group's id, filled likewise."""
    standings_href: str
    """The event's standings, relative to a player page."""
    rating_changes: Mapping[StartNo, RatingChange] | None = None
    """Every player's B.02 rating change, computed once for the pages of a job."""
    rating_href: str = ""
    """The rating change's explanation page, relative to a player page."""
    points: Callable[[Decimal | None], str] = format_points
    """format_points in the pages' language, looked up once (numbers.points_writer)."""


def _player_pages(plan: EventPlan) -> _PlayerPages:
    cols = columns(plan.standings.specs)
    any_player_page = player_page(plan.slug, 0)
    groups: dict[StartNo, DirectEncounterGroup] = {}
    for group in plan.standings.direct_encounters:
        for member in group.members:
            groups.setdefault(member, group)
    return _PlayerPages(
        columns=cols,
        # Columns are shared between equal lists, so the code is found by place.
        buchholz_key=next((c.key for c in cols if c.spec.info.is_buchholz_family
                           and c.spec.info.layout is Layout.SUM), None),
        round_hrefs={k: relative_link(any_player_page, round_page(plan.slug, k))
                     for k in range(1, plan.info.rounds_listed + 1)},
        explanation_hrefs={c.key: relative_link(any_player_page, tiebreak_page(c.spec.acronym))
                           for c in cols},
        articles={c.key: ", ".join(c.articles) for c in cols},
        cells={c.key: cell_writer(c) for c in cols},
        direct_encounter=groups,
        next_games=next_games(plan),
        encounter_groups=encounter_groups(plan.standings),
        encounter_sentences={},
        member_sets={},
        standings_href=relative_link(any_player_page, event_page(plan.slug), "standings"),
        rating_changes=plan.rating_changes,
        rating_href=relative_link(any_player_page, RATING_CHANGE_PAGE),
        points=points_writer(),
    )


def player_views(plan: EventPlan, first: int, end: int) -> Iterator[PlayerView]:
    """The pages of the players at places ``first`` to ``end`` (exclusive), one at a time."""
    shared = _player_pages(plan)
    for index in range(first, end):
        yield _player_view(plan, shared, plan.standings.rows[index], index)


def _player_view(plan: EventPlan, shared: _PlayerPages, row: StandingsRow,
                 index: int) -> PlayerView:
    tournament = plan.tournament
    standings = plan.standings
    system = tournament.score_system
    finals = plan.final_points
    counted: dict[int, Part] = {}
    cols = shared.columns
    buchholz_key = shared.buchholz_key
    if buchholz_key is not None and buchholz_key in row.values:
        counted = {p.round: p for p in row.values[buchholz_key].parts}
    rounds = []
    running = plan.running[row.player.start_no]
    slug = plan.slug
    is_team = isinstance(row.player, Team)
    write_points = shared.points
    for result in row.player.results[: plan.info.rounds_played]:
        opponent = (tournament.player(result.opponent)
                    if result.opponent is not None and tournament.has_player(result.opponent)
                    else None)
        points = system.round_points(result)
        opponent_score = finals.get(opponent.start_no) if opponent is not None else None
        counts_as = counted.get(result.round)
        rounds.append(_new_round_line(
            round_no=result.round, kind=result.kind, opponent=opponent,
            color=result.color.value if result.color is not Color.NONE else "",
            symbol=competitor_symbol(row.player, result, points),
            counts_as=counts_as,
            games=match_boards(plan.event, row.player, result.round)  # type: ignore[arg-type]
            if is_team else (),
            round_href=shared.round_hrefs[result.round],
            opponent_href=(sibling_player_link(slug, opponent.start_no)
                           if opponent is not None else None),
            is_game=result.kind is RoundKind.GAME,
            running_text=write_points(running[result.round]),
            opponent_score_text="—" if opponent_score is None else write_points(opponent_score),
            counts_as_text=write_points(counts_as.value) if counts_as is not None else "",
        ))
    rows = standings.rows
    performance = "" if is_team else performance_words(row.player, tournament)
    # The neighbours' separations first: which columns the table shows follows from them,
    # and each neighbour's record is then made whole at once (a record copied with
    # dataclasses.replace cost a page some 10 us).
    beside: list[tuple[StandingsRow, Separation, bool]] = []
    if index > 0:
        above = rows[index - 1]
        beside.append((above, _neighbour_separation(row, above, row.above), True))
    if index + 1 < len(rows):
        below = rows[index + 1]
        beside.append((below, _neighbour_separation(row, below, row.below), False))
    if any(separation.criterion in ("", "lots") for _, separation, _ in beside):
        # A shared place (or lots): show every value, so the reader sees they are all equal.
        why_columns = cols
    else:
        deciding = {separation.criterion for _, separation, _ in beside}
        why_columns = tuple(c for c in cols if c.key in deciding)
    anchors = {c.key: player_anchor(row.player.start_no, c) for c in cols}
    neighbours = [_neighbour(other, separation, cols, why_columns, slug, shared.cells,
                             is_above=is_above)
                  for other, separation, is_above in beside]
    page = _PageSections(anchors)
    who = row.player.display_name
    return _new_player_view(
        row=row, count=len(rows), rounds=tuple(rounds),
        sections=tuple([_section(plan, shared, row, index, column, page, who)
                        for column in cols]),
        neighbours=tuple(neighbours), why_columns=why_columns,
        anchors=anchors,
        buchholz_code=buchholz_key,
        points_alone=all(n.row.points != row.points for n in neighbours),
        why_values=_values_text(row, why_columns, shared.cells),
        next_game=shared.next_games.get(row.player.start_no),
        performance=performance,
        headline=headline(plan, index, cols, anchors,
                          lambda number: sibling_player_link(slug, number),
                          shared.encounter_groups),
        rating=_rating(plan, shared, row.player),
    )


def _rating(plan: EventPlan, shared: _PlayerPages, player: Player) -> RatingView | None:
    change = (shared.rating_changes.get(player.start_no)
              if shared.rating_changes is not None else None)
    if change is None:
        return None
    return player_rating_view(change, player, shared.rating_href)


def _values_text(row: StandingsRow, cols: Sequence[Column],
                 cells: Mapping[str, Callable[[Decimal | None], str]]) -> tuple[str, ...]:
    return tuple([cells[column.key](row.number(column.key)) for column in cols])
