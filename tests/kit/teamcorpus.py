"""The team corpus (tests/corpus/teams/) compared with the reference's values.

``expected/FILE.json`` holds, per edition and tie-break code, the value gacrux 1.11.65
computed for each team in its own run ``-t PTS CODE`` (tests/corpus/teams/README.md, "How
the expected values were made"), the rank of one run over ``rank_tiebreaks``, and for the
positional codes (EDE family, TBR, BBE) the rank inside the PTS group. This module builds our
standings the same way (one code at a time, after the rounds the reference counted: its
``-n k``) and lists every difference, so that a test can say exactly which team and which
value disagree. Nothing here computes an expected value.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from generator.model import Edition, TeamTournament
from generator.reading.events import read_event
from generator.rules.ranking import compute_standings

TEAMS = Path(__file__).resolve().parents[1] / "corpus" / "teams"
EXPECTED = TEAMS / "expected"
TRF = TEAMS / "trf"
EDITIONS = ("2024", "2026")
DEFAULT_TOLERANCE = Decimal("1e-6")


def expected_names() -> list[str]:
    """Every expected file (``_failures.json`` lists the reference's refusals, no values)."""
    return sorted(p.stem for p in EXPECTED.glob("*.json") if not p.stem.startswith("_"))


@functools.cache
def load_expected(name: str) -> Mapping[str, Any]:
    data: Mapping[str, Any] = json.loads((EXPECTED / f"{name}.json").read_text(encoding="utf-8"))
    return data


def rounds_counted(expected: Mapping[str, Any]) -> int | None:
    """The reference's ``-n k`` (standings after round k), else None: every round played.

    ``rounds`` in the file is the announced number even under ``-n`` (README)."""
    args = list(expected["oracle"]["args"])
    if "-n" in args:
        return int(args[args.index("-n") + 1])
    return None


@functools.cache
def team_event(trf_name: str) -> TeamTournament:
    """The file's team event."""
    event = read_event(TRF / trf_name)
    assert event.teams is not None, f"{trf_name} read as an individual event"
    return event.teams


def tolerance(expected: Mapping[str, Any], code: str) -> Decimal:
    given = expected.get("tolerance") or {}
    if code in given:
        return Decimal(str(given[code]))
    if code.split("/")[0] == "SSSC":
        return Decimal("0.006")  # the reference rounds SSSC to 0.01 (README)
    return Decimal(str(given.get("default", DEFAULT_TOLERANCE)))


def positional_codes(expected: Mapping[str, Any]) -> frozenset[str]:
    return frozenset((expected.get("positional") or {}).get("codes", ()))


def is_excluded(expected: Mapping[str, Any], edition: str, code: str, start_no: int) -> bool:
    """A value the corpus says we knowingly compute otherwise (``excluded``, with its reason;
    each such divergence has its own test)."""
    return any(edition in e["editions"] and code in e["codes"] and start_no in e["start_nos"]
               for e in expected.get("excluded", ()))


def cases(codes: Iterable[str], names: Iterable[str] | None = None
          ) -> Iterator[tuple[str, str, str]]:
    """(expected file, edition, code) for every code the reference computed in that file and
    edition, among ``codes``."""
    wanted = list(codes)
    for name in expected_names() if names is None else names:
        expected = load_expected(name)
        rejected = expected.get("rejected_codes") or {}
        for edition in EDITIONS:
            for code in wanted:
                if code not in expected["tiebreaks"] or edition in rejected.get(code, {}):
                    continue
                yield name, edition, code


@dataclass(frozen=True, slots=True)
class Difference:
    start_no: int
    what: str
    reference: object
    ours: object

    def __str__(self) -> str:
        return f"#{self.start_no} {self.what}: reference {self.reference}, ours {self.ours}"


def compare_code(name: str, edition: str, code: str, *,
                 trf_name: str | None = None) -> list[Difference]:
    """Our value (or, for a positional code, our rank in the run PTS, CODE) of ``code`` for
    every team against the reference's; ``trf_name`` compares another file of the same event
    with these values."""
    expected = load_expected(name)
    teams = team_event(trf_name or expected["file"])
    specs = [] if code == "PTS" else [code]
    standings = compute_standings(teams, specs, Edition(edition),
                                  after_round=rounds_counted(expected))
    rows = {row.player.start_no: row for row in standings.rows}
    positional = code in positional_codes(expected)
    limit = tolerance(expected, code)
    differences = []
    for team in expected["players"]:
        start_no = team["start_no"]
        if is_excluded(expected, edition, code, start_no):
            continue
        row = rows[start_no]
        if positional:
            reference = team["positional_rank"][edition][code]
            if row.rank != reference:
                differences.append(Difference(start_no, f"{code} rank", reference, row.rank))
            continue
        reference = team["values"][edition][code]
        ours = row.points if code == "PTS" else row.number(code)
        if reference is None or ours is None:
            if not (reference is None and ours is None):
                differences.append(Difference(start_no, code, reference, ours))
        elif abs(ours - Decimal(str(reference))) > limit:
            differences.append(Difference(start_no, code, reference, ours))
    return differences


def compare_ranks(name: str, edition: str, *, trf_name: str | None = None) -> list[Difference]:
    """Our ranks over ``rank_tiebreaks`` (PTS first) against the reference's ``rank``."""
    expected = load_expected(name)
    teams = team_event(trf_name or expected["file"])
    standings = compute_standings(teams, expected["rank_tiebreaks"][1:], Edition(edition),
                                  after_round=rounds_counted(expected))
    rows = {row.player.start_no: row for row in standings.rows}
    return [Difference(t["start_no"], "rank", t["rank"][edition], rows[t["start_no"]].rank)
            for t in expected["players"] if rows[t["start_no"]].rank != t["rank"][edition]]
