"""Differential test: our tie-breaks against FIDE's reference calculator.

Tournaments come from ``tests/trfgen.py`` (hypothesis strategies for Swiss events and
round robins with every kind of bye, forfeits, double forfeits, withdrawals, late entries,
unrated players, 3-1-0 scoring). Each one is written to a TRF file and evaluated twice per
edition: by our engine, and by the reference run as a subprocess,

    python -m gacrux.tiebreakchecker -i FILE -t PTS/V2026 DE/V2026 BH/C1/V2026 ...

(gacrux 1.11.65 from PyPI, a test-only dependency). Every value and every rank must match.
The expected values therefore never come from the code under test.

Where the reference departs from C.07, the difference is accepted only through a named
predicate below (``DIVERGENCES``) that says which value, in which situation, and by which
article; nothing is skipped wholesale. Disagreements decided against our engine are pinned
as named regression tests at the end of this file.

Budget: ``--examples N`` sets the hypothesis examples per test (default: a CI-sized run;
each reference call costs about 0.3 s, and the two editions run in parallel).
"""

from __future__ import annotations

import contextlib
import json
import random
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from kit import trfgen

# The reference corpus list (tests/corpus/README.md), evaluated in this order.
CORPUS_TIEBREAKS = (
    "PTS", "DE", "BH/C1", "BH", "BH/C2", "BH/M1", "BH/M2", "SB", "SB/C1",
    "FB", "FB/C1", "AOB", "WIN", "WON", "BPG", "BWG", "GE", "REP",
    "PS", "PS/C1", "KS", "ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO",
)
# Art. 10 with a rating announced for unrated players (the /U modifier), so that the rating
# tie-breaks are compared in events with unrated players too (without it they are dropped).
UNRATED_AS_1000 = ("ARO/U1000", "TPR/U1000", "PTP/U1000", "APRO/U1000", "APPO/U1000")
# Other modifiers of Art. 14 (and /P, /F, the Koya limit), beyond the corpus list.
MODIFIED = ("BH/P", "SB/P", "SB/C2", "SB/M1", "BH/C3", "FB/M1", "AOB/F", "ARO/M1", "PS/C2",
            "KS/L+1", "KS/L-1")
# New in the 2026 edition (C.07 7.7, 7.8, 10.6): compared under that edition only.
NEW_IN_2026 = ("STD", "TPN", "RTNG", "RTNG/U1000")
EDITIONS = ("2024", "2026")

# The README's run: enough examples to exercise every generator branch each run (the seeded
# tests pin two fixed events more); `--examples 500` is the long run.
CI_EXAMPLES = 12
REFERENCE_TIMEOUT = 120


def tiebreaks_for(edition: str) -> tuple[str, ...]:
    return (CORPUS_TIEBREAKS + UNRATED_AS_1000 + MODIFIED
            + (NEW_IN_2026 if edition == "2026" else ()))


# --------------------------------------------------------------------------- both sides

@dataclass(frozen=True, slots=True)
class Result:
    """One side's standings: per starting number, the rank and the value of each code."""

    ranks: Mapping[int, int]
    values: Mapping[int, Mapping[str, Decimal | None]]
    rules: str = ""
    """The reference's own choice of edition from the 042 date ("2024-08-01"/"2026-03-01")."""


def _decimal(value: object) -> Decimal | None:
    if value is None:
        return None
    return Decimal(str(value))


def start_reference(path: Path, codes: Sequence[str], edition: str) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(path),
               "-t", *(f"{code}/V{edition}" for code in codes)]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish_reference(process: subprocess.Popen[str], codes: Sequence[str]) -> Result:
    stdout, stderr = process.communicate(timeout=REFERENCE_TIMEOUT)
    try:
        document = json.loads(stdout)
    except json.JSONDecodeError:
        pytest.fail(f"the reference printed no JSON (exit {process.returncode}):\n"
                    f"{stdout[-2000:]}{stderr[-2000:]}")
    status = document.get("status", {})
    result = document.get("tiebreakResult", {})
    if status.get("code", 0) >= 400 or "competitors" not in result:
        pytest.fail(f"the reference refused the file: {json.dumps(status)}")
    ranks, values = {}, {}
    for competitor in result["competitors"]:
        start_no = competitor["cid"]
        ranks[start_no] = competitor["rank"]
        values[start_no] = {code: _decimal(v)
                            for code, v in zip(codes, competitor["tiebreakScore"], strict=True)}
    return Result(ranks=ranks, values=values, rules=result.get("rules", ""))


def run_reference(path: Path, codes_by_edition: Mapping[str, Sequence[str]],
                  ) -> dict[str, Result]:
    """Both editions at once: two processes on the two cores."""
    started = {edition: start_reference(path, codes, edition)
               for edition, codes in codes_by_edition.items()}
    return {edition: finish_reference(process, codes_by_edition[edition])
            for edition, process in started.items()}


def run_ours(path: Path, codes: Sequence[str], edition: str, after_round: int | None) -> Result:
    from generator.model import Edition
    from generator.reading.events import load_tournament
    from generator.rules.notation import parse_tiebreak
    from generator.rules.ranking import compute_standings

    tournament = load_tournament(path)
    specs = tuple(parse_tiebreak(code) for code in codes if code != "PTS")
    standings = compute_standings(tournament, specs, Edition(edition), after_round=after_round)
    ranks, values = {}, {}
    for row in standings.rows:
        start_no = int(row.player.start_no)
        ranks[start_no] = row.rank
        row_values: dict[str, Decimal | None] = {"PTS": row.points}
        for code in codes:
            if code != "PTS":
                # row.number() reads the value without building its derivation.
                row_values[code] = row.number(code)
        values[start_no] = row_values
    return Result(ranks=ranks, values=values)


# --------------------------------------------------------------------------- divergences

@dataclass(frozen=True, slots=True)
class Situation:
    """What a divergence predicate may look at: the generated event, one player, one code."""

    tournament: trfgen.GeneratedTournament
    """The event as evaluated (cut after round k for standings after round k)."""
    start_no: int
    code: str
    edition: str
    codes: Sequence[str]
    """The whole list, in order."""
    ours: Decimal | None
    reference: Decimal | None
    reference_alone: Callable[[str], Mapping[int, Decimal | None]]
    """The reference's values of one code computed with nothing but PTS before it."""

    def blocks(self, start_no: int | None = None) -> Sequence[trfgen.Block | None]:
        return self.tournament.blocks[(self.start_no if start_no is None else start_no) - 1]

    def tied_with(self) -> list[int]:
        """The players with the same points (the group DE sees, listed right after PTS)."""
        mine = self.tournament.points(self.start_no)
        return [e.start_no for e in self.tournament.entrants
                if self.tournament.points(e.start_no) == mine]

    def have_met(self, first: int, second: int) -> bool:
        return any(b is not None and b.opponent == second for b in self.blocks(first))

    def level_or_ahead_in_an_arbiters_score(self) -> int:
        """Games both lost, and games scored ½ against the opponent's 0 (not the 0 side)."""
        count = 0
        for index, block in enumerate(self.blocks()):
            if block is not None and block.opponent and block.code in "0=":
                theirs = self.blocks(block.opponent)[index]
                count += theirs is not None and theirs.code == "0"
        return count

    def double_forfeits(self) -> int:
        count = 0
        for index, block in enumerate(self.blocks()):
            if block is not None and block.code == "-" and block.opponent:
                theirs = self.blocks(block.opponent)[index]
                count += theirs is not None and theirs.code == "-"
        return count


@dataclass(frozen=True, slots=True)
class Divergence:
    name: str
    article: str
    why: str
    applies: Callable[[Situation], bool]


HALF = Decimal("0.5")


def _rounded_like(ours: Decimal | None, printed: Decimal | None) -> bool:
    """``ours`` rounded half-up to the decimals ``printed`` shows equals ``printed``."""
    if ours is None or printed is None:
        return False
    exponent = printed.as_tuple().exponent
    places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    return ours.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP) == printed


def _aob_printed_rounded(s: Situation) -> bool:
    # C.07 8.2 defines AOB as an average and prescribes no rounding; the reference prints
    # it rounded (2 decimals up to 8 rounds, 3 up to 26). Accept exactly the difference
    # that rounding to the printed decimals makes.
    return s.code.split("/")[0] == "AOB" and _rounded_like(s.ours, s.reference)


_READS_ADJUSTED_SCORES = ("BH", "SB", "AOB")


def _is_fore(code: str) -> bool:
    parts = code.split("/")
    return parts[0] == "FB" or (parts[0] == "AOB" and "F" in parts[1:])


def _listed_after_fore_buchholz(s: Situation) -> bool:
    # The adjusted scores of 16.3 and the 16.2 categories are facts of the tournament: no
    # value of C.07 depends on which other tie-breaks are listed. The reference computes
    # Fore Buchholz (8.3) by changing its shared per-player state (the last round it counts
    # as played, so a bye followed only by a final-round forfeit loss stops being 16.2.5),
    # and a BH, SB or AOB listed after an FB reads that state. Accept only when the
    # reference's own value, computed with nothing but PTS before it, is ours.
    if s.code.split("/")[0] not in _READS_ADJUSTED_SCORES or _is_fore(s.code):
        return False
    if not any(_is_fore(c) for c in s.codes[: s.codes.index(s.code)]):
        return False
    alone = s.reference_alone(s.code)[s.start_no]
    return alone != s.reference and (
        alone == s.ours or (s.code.split("/")[0] == "AOB" and _rounded_like(s.ours, alone)))


def _std_double_forfeit(s: Situation) -> bool:
    # C.07 7.7 compares a participant's points with the *scheduled opponent's*: in a double
    # forfeit both score 0, the same, so each gets ½; in a game both lost, ½ each too; with ½
    # against 0 (an arbiter's decision), the half point is more: 1. The reference compares
    # every round with the points for a draw and gives 0, 0 and ½. Accept exactly ½ per
    # such round.
    if s.code != "STD" or s.ours is None or s.reference is None:
        return False
    rounds = s.double_forfeits() + s.level_or_ahead_in_an_arbiters_score()
    return rounds > 0 and s.ours - s.reference == HALF * rounds


def _de_unfinished_round_robin(s: Situation) -> bool:
    # C.07 6.2 separates a tie group by its games only "if all the tied participants have
    # met each other"; 6.3 (the best and worst case of the missing games) is for Swiss
    # tournaments only. A round robin standing before its last round can have a tie group
    # with games still to come: DE leaves it tied (ours 0). The reference treats every
    # round robin group as complete and orders it by the games played so far.
    if s.code != "DE" or not s.tournament.is_round_robin or s.ours != 0:
        return False
    group = s.tied_with()
    return any(not s.have_met(a, b) for a in group for b in group if a < b)


DIVERGENCES: tuple[Divergence, ...] = (
    Divergence("AOB printed rounded", "C.07 8.2",
               "the reference prints AOB rounded; C.07 gives the exact average",
               _aob_printed_rounded),
    Divergence("listed after FB", "C.07 16.3 (8.1, 8.2, 9.1: no value depends on the list)",
               "the reference's BH, SB and AOB change when an FB is listed before them",
               _listed_after_fore_buchholz),
    Divergence("DE in an unfinished round robin", "C.07 6.2, 6.3",
               "a tie group with games still to play is not separated in a round robin",
               _de_unfinished_round_robin),
    Divergence("STD with a double forfeit", "C.07 7.7",
               "STD compares with the scheduled opponent (½ each in a double forfeit or a "
               "game both lost, 1 for ½ against 0); the reference compares with a draw",
               _std_double_forfeit),
)


def accepted(s: Situation) -> Divergence | None:
    return next((d for d in DIVERGENCES if d.applies(s)), None)


# --------------------------------------------------------------------------- comparison

@dataclass(frozen=True, slots=True)
class Mismatch:
    edition: str
    start_no: int
    what: str
    ours: object
    reference: object

    def __str__(self) -> str:
        return (f"edition {self.edition}, player {self.start_no}, {self.what}: "
                f"ours {self.ours}, reference {self.reference}")


def compare(tournament: trfgen.GeneratedTournament, edition: str, codes: Sequence[str],
            ours: Result, reference: Result,
            reference_alone: Callable[[str], Mapping[int, Decimal | None]],
            ) -> tuple[list[Mismatch], list[str]]:
    """Mismatches not covered by a divergence, and the divergences that were accepted."""
    mismatches: list[Mismatch] = []
    notes: list[str] = []
    if set(ours.values) != set(reference.values):
        return [Mismatch(edition, 0, "players", sorted(ours.values),
                         sorted(reference.values))], notes
    diverging_points: set[Decimal | None] = set()
    for start_no in sorted(reference.values):
        for code in codes:
            mine, theirs = ours.values[start_no][code], reference.values[start_no][code]
            if mine == theirs:
                continue
            divergence = accepted(Situation(tournament, start_no, code, edition, codes, mine,
                                            theirs, reference_alone))
            if divergence is None:
                mismatches.append(Mismatch(edition, start_no, code, mine, theirs))
            else:
                notes.append(f"{edition} #{start_no} {code}: ours {mine}, reference {theirs} "
                             f"({divergence.name}, {divergence.article})")
                diverging_points.add(reference.values[start_no]["PTS"])
    for start_no in sorted(reference.ranks):
        if ours.ranks[start_no] == reference.ranks[start_no]:
            continue
        # A rank may differ only inside a score group where an accepted divergence changed
        # a value (the reference ranks with its own value).
        if reference.values[start_no]["PTS"] in diverging_points:
            notes.append(f"{edition} #{start_no} rank: ours {ours.ranks[start_no]}, "
                         f"reference {reference.ranks[start_no]} (after an accepted divergence)")
            continue
        mismatches.append(Mismatch(edition, start_no, "rank", ours.ranks[start_no],
                                   reference.ranks[start_no]))
    return mismatches, notes


@contextmanager
def written(tournament: trfgen.GeneratedTournament) -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="differential-") as folder:
        path = Path(folder) / "tournament.trf"
        path.write_text(tournament.to_trf(), encoding="utf-8")
        yield path


def check_against_reference(tournament: trfgen.GeneratedTournament,
                            after_round: int | None = None) -> list[str]:
    """Run both sides for both editions; fail with every unexplained mismatch.

    Standings after round k are, by definition (issue 3), the event read as if it had ended
    after round k. The reference is therefore run on the file cut after round k (its own
    ``-n k`` keeps the announced last round as "the final round" of Fore Buchholz, 8.3),
    and ours both ways: ``after_round=k`` on the whole file, and on the cut file.
    """
    full_text = tournament.to_trf()
    _note(full_text)
    evaluated = tournament if after_round is None else tournament.truncated(after_round)
    codes_by_edition = {edition: tiebreaks_for(edition) for edition in EDITIONS}
    mismatches: list[Mismatch] = []
    accepted_notes: list[str] = []
    with written(tournament) as path, written(evaluated) as cut_path:
        references = run_reference(cut_path, codes_by_edition)
        mismatches += _default_edition_mismatch(cut_path, references)
        for edition, codes in codes_by_edition.items():
            ours = run_ours(path, codes, edition, after_round)
            found, notes = compare(evaluated, edition, codes, ours, references[edition],
                                   _alone(cut_path, edition))
            mismatches += found
            accepted_notes += notes
            if after_round is not None:
                cut = run_ours(cut_path, codes, edition, None)
                mismatches += [Mismatch(m.edition, m.start_no, f"{m.what} (cut file)", m.ours,
                                        m.reference)
                               for m in compare_exactly(edition, codes, ours, cut)]
    for line in accepted_notes:
        _note(line)
    if mismatches:
        shown = "\n".join(str(m) for m in mismatches[:40])
        more = f"\n... and {len(mismatches) - 40} more" if len(mismatches) > 40 else ""
        after = f" after round {after_round}" if after_round is not None else ""
        pytest.fail(f"{len(mismatches)} value(s) differ from the reference{after}:\n"
                    f"{shown}{more}\n--- TRF ---\n{full_text}", pytrace=False)
    return accepted_notes


RULES_EDITION = {"2024-08-01": "2024", "2026-03-01": "2026"}


def _default_edition_mismatch(path: Path, references: Mapping[str, Result]) -> list[Mismatch]:
    """The edition an event gets without being told: both sides go by the 042 start date."""
    from generator.reading.events import read_event

    ours = str(read_event(path).edition)
    theirs = {RULES_EDITION.get(r.rules, r.rules) for r in references.values()}
    return [] if theirs == {ours} else [Mismatch("-", 0, "default edition", ours, theirs)]


def _alone(path: Path, edition: str) -> Callable[[str], Mapping[int, Decimal | None]]:
    """The reference's values of one code, listed alone after PTS (asked once, on demand)."""
    asked: dict[str, Mapping[int, Decimal | None]] = {}

    def values(code: str) -> Mapping[int, Decimal | None]:
        if code not in asked:
            result = finish_reference(start_reference(path, ("PTS", code), edition),
                                      ("PTS", code))
            asked[code] = {n: v[code] for n, v in result.values.items()}
        return asked[code]

    return values


def _note(text: str) -> None:
    """hypothesis.note inside a property; nothing in the seeded tests (their failure
    message carries the TRF text)."""
    with contextlib.suppress(InvalidArgument):
        note(text)


def compare_exactly(edition: str, codes: Sequence[str], ours: Result,
                    cut: Result) -> list[Mismatch]:
    """Ours after round k against ours on the file cut after round k: no divergence allowed."""
    found = [Mismatch(edition, n, code, ours.values[n][code], cut.values[n][code])
             for n in sorted(ours.values) for code in codes
             if ours.values[n][code] != cut.values[n][code]]
    found += [Mismatch(edition, n, "rank", ours.ranks[n], cut.ranks[n])
              for n in sorted(ours.ranks) if ours.ranks[n] != cut.ranks[n]]
    return found


# --------------------------------------------------------------------------- the tests

def _budget(request: pytest.FixtureRequest) -> dict[str, object]:
    """CI: a fixed number of examples and no shrinking (each shrink step calls the reference
    twice, and a failure already prints its whole TRF file). ``--examples N``: N examples,
    shrunk to a minimal failing tournament."""
    wanted = request.config.getoption("--examples")
    if wanted:
        return {"max_examples": int(wanted)}
    return {"max_examples": CI_EXAMPLES,
            "phases": [Phase.explicit, Phase.reuse, Phase.generate]}


@st.composite
def _with_after_round(draw: st.DrawFn, events: st.SearchStrategy[trfgen.GeneratedTournament],
                      ) -> tuple[trfgen.GeneratedTournament, int | None]:
    tournament = draw(events)
    # Mostly final standings; sometimes the standings after an earlier round.
    if tournament.rounds > 1 and draw(st.integers(0, 3)) == 0:
        return tournament, draw(st.integers(1, tournament.rounds - 1))
    return tournament, None


def _run_property(request: pytest.FixtureRequest,
                  events: st.SearchStrategy[trfgen.GeneratedTournament]) -> None:
    @settings(deadline=None, print_blob=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
              **_budget(request))  # type: ignore[arg-type]
    @given(_with_after_round(events))
    def check(case: tuple[trfgen.GeneratedTournament, int | None]) -> None:
        tournament, after_round = case
        check_against_reference(tournament, after_round)

    check()


def test_swiss_events_match_the_reference(request: pytest.FixtureRequest) -> None:
    _run_property(request, trfgen.swiss_tournaments())


def test_round_robins_match_the_reference(request: pytest.FixtureRequest) -> None:
    _run_property(request, trfgen.round_robin_tournaments())


@pytest.mark.parametrize(("players", "rounds", "seed"), [(40, 9, 1), (75, 7, 2), (9, 8, 3)])
def test_seeded_swiss_matches_the_reference(players: int, rounds: int, seed: int) -> None:
    """Bigger fields than the property draws, with every irregular case frequent."""
    mix = trfgen.Mix(half_point_bye=0.05, full_point_bye=0.02, zero_point_bye=0.03,
                     forfeit=0.05, double_forfeit=0.02, arbiter_score=0.03, short_game=0.03,
                     withdrawal=0.1,
                     late_entry=0.1, unrated=0.0 if seed % 2 else 0.05)
    scoring = trfgen.THREE_ONE_ZERO if seed == 2 else trfgen.STANDARD
    tournament = trfgen.build_swiss(random.Random(seed), players, rounds, mix=mix,
                                    scoring=scoring, seed=seed)
    check_against_reference(tournament)


def test_generated_points_column_adds_up() -> None:
    """The generator's own invariant, checked on its text: points = sum of results."""
    tournament = trfgen.build_swiss(random.Random(7), 30, 7, mix=trfgen.Mix(
        half_point_bye=0.1, full_point_bye=0.05, forfeit=0.1, withdrawal=0.2),
        scoring=trfgen.THREE_ONE_ZERO)
    by_code = {"1": 3, "W": 3, "+": 3, "F": 3, "U": 3, "=": 1, "D": 1, "H": 1}
    for line in tournament.to_trf().splitlines():
        if line.startswith("001"):
            codes = [line[c] for c in range(98, len(line), 10)]
            assert Decimal(line[80:84]) == sum(by_code.get(c, 0) for c in codes), line


# --------------------------------------------------------------------------- each divergence
# One minimal event per accepted divergence, values worked by hand from the article: the
# predicate must accept exactly the reference's difference, and nothing else.

def _event(rows: Sequence[Sequence[trfgen.Block | None]], *, round_robin: bool = False,
           ) -> trfgen.GeneratedTournament:
    entrants = tuple(trfgen.Entrant(start_no=n, name=f"Player, No{n}", rating=2000 - 10 * n,
                                    fide_id=1000 + n) for n in range(1, len(rows) + 1))
    return trfgen.GeneratedTournament(name="Divergence", entrants=entrants,
                                      blocks=tuple(tuple(r) for r in rows),
                                      is_round_robin=round_robin,
                                      start_date=trfgen.EDITION_2026_STARTS)


def _game(opponent: int, color: str, code: str) -> trfgen.Block:
    return trfgen.Block(opponent, color, code)


def _both_sides(event: trfgen.GeneratedTournament, codes: Sequence[str], edition: str,
                ) -> tuple[Result, Result, Callable[[str], Mapping[int, Decimal | None]]]:
    with written(event) as path:
        reference = run_reference(path, {edition: codes})[edition]
        ours = run_ours(path, codes, edition, None)
        alone = _alone(path, edition)
        for code in codes:          # ask now, while the file exists
            if code != "PTS":
                alone(code)
    return ours, reference, alone


def _accepts(event: trfgen.GeneratedTournament, start_no: int, code: str, codes: Sequence[str],
             ours: Decimal | None, reference: Decimal | None,
             alone: Callable[[str], Mapping[int, Decimal | None]]) -> str | None:
    found = accepted(Situation(event, start_no, code, "2026", codes, ours, reference, alone))
    return found.name if found else None


def test_std_double_forfeit_gives_half_to_each() -> None:
    # Round 1: 1-2 double forfeit, 3 beats 4. C.07 7.7: players 1 and 2 score the same as
    # their scheduled opponent (0 = 0), so ½ each; 3 gets 1, 4 gets 0.
    event = _event([[_game(2, "w", "-")], [_game(1, "b", "-")],
                    [_game(4, "w", "1")], [_game(3, "b", "0")]])
    codes = ("PTS", "STD")
    ours, reference, alone = _both_sides(event, codes, "2026")
    assert [ours.values[n]["STD"] for n in (1, 2, 3, 4)] == [HALF, HALF, 1, 0]
    assert reference.values[1]["STD"] == 0          # the reference compares with a draw
    assert _accepts(event, 1, "STD", codes, HALF, Decimal(0), alone) == \
        "STD with a double forfeit"
    assert _accepts(event, 1, "STD", codes, Decimal(1), Decimal(0), alone) is None
    assert _accepts(event, 3, "STD", codes, HALF, Decimal(0), alone) is None


def test_buchholz_listed_after_fore_buchholz() -> None:
    # Round 1: 1-2 double forfeit, 3 absent (Z); round 2: 2-3 double forfeit, 1 gets the
    # PAB. 16.3: 3's round-1 bye is followed only by a VUR, so it is 16.2.5 and counts as
    # a draw: adj(3) = ½, adj(1) = 1. BH/P of player 2 (forfeits as games) = 1 + ½ = 1½.
    # The reference gives 1½ alone, but 1 once FB has run before it.
    event = _event([[_game(2, "w", "-"), trfgen.Block(0, "-", "U")],
                    [_game(1, "b", "-"), _game(3, "w", "-")],
                    [trfgen.ABSENT, _game(2, "b", "-")]])
    codes = ("PTS", "FB", "BH/P")
    ours, reference, alone = _both_sides(event, codes, "2026")
    assert ours.values[2]["BH/P"] == Decimal("1.5")
    assert alone("BH/P")[2] == Decimal("1.5")
    assert reference.values[2]["BH/P"] == 1
    assert _accepts(event, 2, "BH/P", codes, Decimal("1.5"), Decimal(1), alone) == \
        "listed after FB"
    assert _accepts(event, 2, "BH/P", codes, Decimal(2), Decimal(1), alone) is None
    assert _accepts(event, 2, "BH/P", ("PTS", "BH/P", "FB"), Decimal("1.5"), Decimal(1),
                    alone) is None


def test_direct_encounter_in_an_unfinished_round_robin() -> None:
    # Six players, the first two rounds of the Berger table (1-6 2-5 3-4, then 6-4 5-3 1-2).
    # 1 beats 6, 5 beats 2, 3-4 drawn; 4 beats 6, 3 beats 5, 2 beats 1. Players 1, 2 and 5
    # have 1 point; 1 and 5 have not met yet, so 6.2 cannot apply and 6.3 is for Swiss
    # events: DE leaves them tied. The reference orders them by the games played so far.
    event = _event([
        [_game(6, "w", "1"), _game(2, "w", "0")],
        [_game(5, "w", "0"), _game(1, "b", "1")],
        [_game(4, "w", "="), _game(5, "b", "1")],
        [_game(3, "b", "="), _game(6, "b", "1")],
        [_game(2, "b", "1"), _game(3, "w", "0")],
        [_game(1, "b", "0"), _game(4, "w", "0")],
    ], round_robin=True)
    codes = ("PTS", "DE")
    ours, reference, alone = _both_sides(event, codes, "2026")
    assert [ours.values[n]["DE"] for n in (1, 2, 5)] == [0, 0, 0]
    assert ours.ranks[1] == ours.ranks[2] == ours.ranks[5]
    assert [reference.values[n]["DE"] for n in (1, 2, 5)] != [0, 0, 0]
    assert _accepts(event, 1, "DE", codes, Decimal(0), reference.values[1]["DE"], alone) == \
        "DE in an unfinished round robin"
    # A Swiss event with the same games is not covered (6.3 applies there).
    swiss = replace(event, is_round_robin=False)
    assert _accepts(swiss, 1, "DE", codes, Decimal(0), Decimal(3), alone) is None


def test_aob_rounding_is_only_the_printed_rounding() -> None:
    situation = dict(tournament=_event([[_game(2, "w", "1")], [_game(1, "b", "0")]]),
                     start_no=1, code="AOB", edition="2026", codes=("PTS", "AOB"),
                     reference_alone=lambda code: {})
    assert accepted(Situation(ours=Decimal("27.64285714"), reference=Decimal("27.64"),
                              **situation)) is not None
    assert accepted(Situation(ours=Decimal("27.645"), reference=Decimal("27.64"),
                              **situation)) is None
    assert accepted(Situation(ours=Decimal("27.6"), reference=Decimal("27.64"),
                              **situation)) is None
