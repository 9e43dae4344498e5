"""A tie-break's derivation, round by round: the one reading of an ``Explained`` that the
player page (player_view.py, templates/_standing.html) and ``standings explain`` (cli.py)
both write out.

The catalogue entry's layout (rules/notation.py ``Layout``) says how the parts make the
value: a sum, a product, a count, an average, a running total, an order of a group. The
words are wording.py's clauses with the numbers still numbers, so the page (3½) and the
terminal (3.5) cannot say the same round differently.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from generator.model import Player, Tournament
from generator.rules.explain import Explained, Part
from generator.rules.notation import TiebreakSpec
from generator.site.wording import Clause, cut_clause, round_clauses
from generator.speed import keyword_record_maker


@dataclass(frozen=True, slots=True, kw_only=True)
class DerivationLine:
    """One element of a tie-break value (usually one round), as both renderers show it."""

    part: Part
    opponent: Player | None
    """The real opponent met or scheduled; None for a bye or an unknown number."""
    their_score: Decimal | None
    """The dummy's own score (16.4) or the opponent's actual score; None when the round
    has neither."""
    counted: Decimal | None
    """The score the element counts with: the dummy's (after its cap) or the opponent's
    adjusted score (16.3/16.4); None for tie-breaks that use no opponent's score."""
    cut: Clause | None
    """Why the element does not count; None when it does."""
    reasons: tuple[Clause, ...]
    """Why the round counts as it does (wording.round_clauses), plain words first, the
    article last."""

    @property
    def has_reasons(self) -> bool:
        """Something to say beside the numbers: a cut, a dummy, an adjusted score ..."""
        return says_why(self.cut, self.reasons)


def says_why(cut: Clause | None, reasons: tuple[Clause, ...]) -> bool:
    """A line with this cut and these reasons has something to say beside its numbers."""
    return cut is not None or bool(reasons)


def counted_score(part: Part) -> Decimal | None:
    """The score an element counts with (see DerivationLine.counted)."""
    # A dummy's counted score is the engine's (rules/unplayed.py dummy_score): never worked
    # out again here from its own score and cap.
    if part.counted_score is not None:
        return part.counted_score
    if part.adjusted_score is not None:
        return part.adjusted_score
    return part.opponent_score


def is_tabular(explained: Explained) -> bool:
    """Opponents' scores, dummies or ratings to show, round by round (a table on the page);
    otherwise the parts are bare values (one line of terms)."""
    # counted_score(part) is not None, without a call for each part: a count or a sum of
    # the player's own results (WIN, BPG) reads every part to find none.
    return any(part.is_dummy or part.rating is not None or part.counted_score is not None
               or part.adjusted_score is not None or part.opponent_score is not None
               for part in explained.parts)


def line_opponent(tournament: Tournament, part: Part) -> Player | None:
    """The real opponent of an element (see DerivationLine.opponent)."""
    number = part.opponent
    return tournament.player(number) if number is not None and tournament.has_player(number) \
        else None


def derivation_line(tournament: Tournament, spec: TiebreakSpec, who: str,
                    part: Part) -> DerivationLine:
    """One element of ``spec``'s value for the competitor named ``who``."""
    opponent, their_score, counted, cut, reasons = line_fields(tournament, spec, who, part)
    return _new_derivation_line(part=part, opponent=opponent, their_score=their_score,
                                counted=counted, cut=cut, reasons=reasons)


LineFields = tuple[Player | None, Decimal | None, Decimal | None, Clause | None,
                   tuple[Clause, ...]]
"""A DerivationLine's fields after its part, in their order."""


def line_fields(tournament: Tournament, spec: TiebreakSpec, who: str,
                part: Part) -> LineFields:
    """:func:`derivation_line`'s fields, for a caller that reads them once into a record of
    its own (the player page's lines, some twenty a page: player_view.py)."""
    opponent = line_opponent(tournament, part)
    return (opponent, part.dummy_own_score if part.is_dummy else part.opponent_score,
            counted_score(part), cut_clause(part, spec), round_clauses(part, who, opponent))


# Made by the hundred thousand (a line per round, tie-break and player): speed.py says why.
_new_derivation_line = keyword_record_maker(DerivationLine, "part", "opponent", "their_score",
                                            "counted", "cut", "reasons")


def derivation_lines(tournament: Tournament, spec: TiebreakSpec, who: str,
                     explained: Explained) -> tuple[DerivationLine, ...]:
    """Every element of ``explained`` (``spec``'s value for ``who``), in the parts' order."""
    return tuple(derivation_line(tournament, spec, who, part) for part in explained.parts)
