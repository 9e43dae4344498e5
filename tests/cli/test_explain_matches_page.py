"""`standings explain` and the player page word a derivation alike (issue 24).

Both write out the same reading of a tie-break's parts (site/derivation.py): for every
player and every tie-break of real corpus events, each round's "why" on the player page
(a dummy and its cap, an adjusted score, an unplayed round's category, a cut) is said in
the same words on the round's line of ``explain``, with the same contribution. The page
writes points as 3½, the terminal as 3.5: the page's numbers are read back to plain
decimals before comparing.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import CORPUS_TRF

from generator.cli import main
from generator.reading.events import read_event
from generator.site.build import plan_event
from generator.site.player_view import PlayerView, TiebreakSection, player_views
from generator.site.wording import ROUND_KINDS
from tests.kit.sitekit import make_event

# Every kind of derivation the catalogue has for individuals: group orders, sums, products,
# Koya's points, counts, running totals, comparisons, averages, performances, own values.
_TIEBREAKS_2024 = ("DE, BH/C1, BH, BH/M1, SB, SB/C1, FB, AOB, KS, PS/C1, WIN, WON, BPG, BWG, "
                   "REP, ARO, TPR, PTP, APRO, APPO")
_TIEBREAKS_2026 = _TIEBREAKS_2024 + ", STD, TPN, RTNG"

EVENTS = (
    # Forfeits and byes against dummies whose 2026 cap bites and does not (16.4.1, 16.4.2).
    ("synth-club-byes", "2026", _TIEBREAKS_2026),
    # Requested byes at the end: opponents' adjusted scores (16.3); the 2024 dummies.
    ("icu-gonzaga-2008", "2024", _TIEBREAKS_2024),
)

_FRACTIONS = {"¼": ".25", "½": ".5", "¾": ".75"}
_ROUND_LINE = re.compile(r"^    (?:round|after round)\s+(\d+)\b")
_CONTRIBUTION = re.compile(r"  = (\S+)(?:   \[.*\])?$")


def _plain(text: str) -> str:
    """The page's points (3½, ½) as the terminal writes them (3.5, 0.5)."""
    return re.sub(r"(\d*)([¼½¾])", lambda m: (m[1] or "0") + _FRACTIONS[m[2]], text)


def _explain_rounds(text: str) -> dict[str, dict[int, str]]:
    """``explain``'s output: each tie-break's round lines by round, by the code heading
    them."""
    sections: dict[str, dict[int, str]] = {}
    current: dict[int, str] | None = None
    for line in text.splitlines():
        heading = re.match(r"^(\S+) - .* \(C\.07 [^)]*\): ", line)
        if heading is not None:
            current = sections.setdefault(heading[1], {})
            continue
        found = _ROUND_LINE.match(line)
        if found is not None and current is not None:
            current[int(found[1])] = line
    return sections


def _clause_in(line: str, sentence: str) -> str | None:
    """The page's sentence as a clause of the terminal's line, if it is one there (the page
    starts a clause with a capital and ends it with a full stop)."""
    clause = _plain(sentence).removesuffix(".")
    return next((form for form in (clause, clause[:1].lower() + clause[1:]) if form in line),
                None)


# What the terminal writes beside the page's clauses: the numbers of the page's table
# columns (their score, counts as, rating, points) and the round's kind.
_NUMBERS = re.compile(r"^(?:score \S+|x \S+ points|rating \d+|opponent's score \S+"
                      r"|scored \S+ against \S+|scored \S+)$")
_KINDS = frozenset(ROUND_KINDS.values())


def _page_views(tmp_path: Path, corpus: str, edition: str, codes: str) -> list[PlayerView]:
    folder = make_event(tmp_path / "events", corpus, CORPUS_TRF / f"{corpus}.trf",
                        f"title: Test\nedition: '{edition}'\ntiebreaks: [{codes}]\n")
    plan = plan_event(read_event(folder))
    return list(player_views(plan, 0, len(plan.standings.rows)))


def _compare(section: TiebreakSection, explained: dict[int, str], who: str) -> list[str]:
    problems: list[str] = []
    code = section.spec.written
    page_rounds = [line.part.round for line in section.lines]
    if sorted(page_rounds) != sorted(explained):
        problems.append(f"{who} {code}: page rounds {page_rounds}, explain {sorted(explained)}")
        return problems
    for line in section.lines:
        said = explained[line.part.round]
        rest = said
        for sentence in line.reasons:
            clause = _clause_in(said, sentence)
            if clause is None:
                problems.append(f"{who} {code} round {line.part.round}: the page says "
                                f"{sentence!r}, explain {said.strip()!r}")
            else:
                rest = rest.replace(clause, "")
        if section.is_tabular:
            # Nothing else in words: explain says no clause of its own about the round.
            details = _CONTRIBUTION.sub("", rest).partition(": ")[2]
            own = [d for d in details.split("; ")
                   if d and not _NUMBERS.match(d) and d not in _KINDS]
            if own:
                problems.append(f"{who} {code} round {line.part.round}: explain says {own} "
                                "where the page says nothing")
        contribution = _CONTRIBUTION.search(said)
        if contribution is not None and contribution[1] != _plain(line.contribution):
            problems.append(f"{who} {code} round {line.part.round}: the page counts "
                            f"{line.contribution}, explain {contribution[1]}")
    return problems


@pytest.mark.parametrize(("corpus", "edition", "codes"), EVENTS)
def test_explain_words_every_round_as_the_player_page(tmp_path: Path, corpus: str,
                                                      edition: str, codes: str) -> None:
    views = _page_views(tmp_path, corpus, edition, codes)
    folder = tmp_path / "events" / corpus
    problems: list[str] = []
    reasons_seen = 0
    for view in views:
        start_no = view.row.player.start_no
        result = CliRunner().invoke(main, ["explain", str(folder), str(start_no)])
        assert result.exit_code == 0, result.output
        explained = _explain_rounds(result.stdout)
        assert sorted(explained) == sorted(s.spec.written for s in view.sections)
        for section in view.sections:
            reasons_seen += sum(len(line.reasons) for line in section.lines)
            problems += _compare(section, explained[section.spec.written],
                                 f"{view.row.player.display_name} ({start_no})")
    # The events are chosen for their dummies, caps, cuts and adjusted scores.
    assert reasons_seen > 100
    assert not problems, "\n".join(problems[:20])
