"""The event day: which rounds are complete, in progress, or paired only (progress.py), and
what that makes of the standings (final or provisional) and of standings.json."""

from __future__ import annotations

import json

import pytest
from kit.livekit import ROUND_6, live_trf
from kit.sitekit import make_event

from generator.reading.events import read_event
from generator.rules.progress import event_progress
from generator.site.downloads import standings_document
from generator.site.event_standings import standings_for_event


def _event(tmp_path, trf: str):
    event = read_event(make_event(tmp_path / "events", "live", trf))
    # Exported as the program writes it: nothing to warn of (without a number of rounds,
    # a note says how to announce it: test_event_day.py).
    assert not [w for w in event.warnings if w.is_refused_by_strict], event.warnings
    return event


def test_every_round_entered_up_to_the_announced_number_is_final(tmp_path):
    event = _event(tmp_path, live_trf(announced=5))
    progress = event_progress(event.competitors)
    assert (progress.rounds_played, progress.rounds_total) == (5, 5)
    assert progress.last_round is not None and progress.last_round.is_complete
    assert (progress.last_round.entered, progress.last_round.paired) == (4, 4)
    assert progress.paired_round is None
    assert progress.is_final and progress.status == "final"
    assert standings_for_event(event).is_final


@pytest.mark.parametrize("announced", [5, None])
def test_a_half_entered_last_round_is_in_progress_not_final(tmp_path, announced):
    """Boards Anna-Zhanna and Boris-Zurab of round 5 have no result yet. Without XXR the
    number of rounds is the round blocks (5), so this was published as final with a
    winner."""
    blank = frozenset({(1, 5), (7, 5), (2, 5), (8, 5)})
    event = _event(tmp_path, live_trf(announced=announced, blank=blank))
    progress = event_progress(event.competitors)
    assert progress.rounds_played == 5
    assert progress.is_in_progress
    assert progress.last_round is not None
    assert (progress.last_round.entered, progress.last_round.paired) == (2, 4)
    assert progress.incomplete_rounds == (5,)
    assert not progress.is_final
    assert progress.status == ("provisional" if announced else "rounds_unknown")
    standings = standings_for_event(event)
    assert not standings.is_final and standings.after_round == 5


def test_fewer_complete_rounds_than_announced_is_provisional(tmp_path):
    event = _event(tmp_path, live_trf(announced=7))
    progress = event_progress(event.competitors)
    assert (progress.rounds_played, progress.rounds_total) == (5, 7)
    assert not progress.is_in_progress and progress.paired_round is None
    assert progress.status == "provisional"
    assert not standings_for_event(event).is_final


@pytest.mark.parametrize("announced", [6, None])
def test_a_paired_round_is_kept_as_paired_and_not_played(tmp_path, announced):
    """Round 6 exported right after pairing: opponents and colours, no results. Without
    XXR the round blocks (6) are the number of rounds."""
    event = _event(tmp_path, live_trf(announced=announced, next_round=ROUND_6))
    tournament = event.competitors
    assert (tournament.rounds_played, tournament.total_rounds) == (5, 6)
    progress = event_progress(tournament)
    assert progress.paired_round is not None
    assert progress.paired_round.round_no == 6
    assert (progress.paired_round.paired, progress.paired_round.entered) == (4, 0)
    assert not progress.is_in_progress  # round 5 is complete
    assert progress.status == ("provisional" if announced else "rounds_unknown")
    assert tournament.player(1).result(6).opponent == 6  # the pairing is read, not dropped


def test_a_paired_round_counts_for_no_tie_break(tmp_path):
    """The standings with round 6 paired are those of the five rounds played, value for
    value: the paired round is no round of the tie-breaks (C.07 counts rounds played)."""
    five = standings_for_event(_event(tmp_path / "a", live_trf(announced=6)))
    paired = standings_for_event(_event(tmp_path / "b", live_trf(announced=6,
                                                                 next_round=ROUND_6)))
    assert paired.after_round == five.after_round == 5
    assert [(r.player.start_no, r.rank, r.points, r.values.numbers()) for r in paired.rows] \
        == [(r.player.start_no, r.rank, r.points, r.values.numbers()) for r in five.rows]


def test_round_one_paired_with_only_its_bye_entered_is_not_played(tmp_path):
    """An odd field: the pairing-allocated bye of round 1 is in the file with the pairings.
    The round is paired, not played, so nobody leads on the bye's point."""
    pairs = {1: "0005 w", 5: "0001 b", 2: "0006 b", 6: "0002 w", 3: "0007 w", 7: "0003 b"}
    trf = live_trf(announced=5, cut_after=0, next_round={**pairs, 4: "0000 - U"})
    trf = "\n".join(line for line in trf.splitlines()
                    if not line.startswith("001    8")) + "\n"
    event = _event(tmp_path, trf)
    progress = event_progress(event.competitors)
    assert progress.rounds_played == 0 and progress.last_round is None
    assert progress.paired_round is not None and progress.paired_round.round_no == 1
    assert progress.paired_round.paired == 3
    assert progress.status == "provisional"


@pytest.mark.parametrize(("trf", "status", "played", "total"), [
    (live_trf(announced=5), "final", 5, 5),
    (live_trf(announced=5, blank=frozenset({(1, 5), (7, 5)})), "provisional", 5, 5),
    (live_trf(announced=7), "provisional", 5, 7),
    (live_trf(announced=6, next_round=ROUND_6), "provisional", 5, 6),
])
def test_standings_json_carries_the_status(tmp_path, trf, status, played, total):
    document = standings_document(standings_for_event(_event(tmp_path, trf)), "Live")
    assert (document["status"], document["rounds_played"], document["rounds_total"]) \
        == (status, played, total)
    json.dumps(document)  # plain JSON


def test_standings_after_an_earlier_round_are_provisional(tmp_path):
    event = _event(tmp_path, live_trf(announced=5))
    document = standings_document(standings_for_event(event, after_round=3), "Live")
    assert (document["status"], document["rounds_played"], document["rounds_total"]) \
        == ("provisional", 3, 5)


@pytest.mark.parametrize(("trf", "rounds"), [
    (live_trf(announced=5), "5 rounds"),
    (live_trf(announced=5, blank=frozenset({(1, 5), (7, 5)})),
     "5 of 5 rounds played, round 5 in progress (3 of 4 games entered)"),
    (live_trf(announced=7), "5 of 7 rounds played"),
    (live_trf(announced=6, next_round=ROUND_6), "5 of 6 rounds played, round 6 paired"),
])
def test_check_summary_names_the_round_in_progress_or_paired(tmp_path, trf, rounds):
    from generator.reading.events import summary

    event = _event(tmp_path, trf)
    line = summary(event, event.warnings)
    assert line.endswith(f": 8 players, {rounds}, Swiss, ok"), line


def test_rank_names_the_round_in_progress(tmp_path):
    from click.testing import CliRunner

    from generator.cli import main

    folder = make_event(tmp_path / "events", "live",
                        live_trf(announced=5, blank=frozenset({(1, 5), (7, 5)})),
                        "title: Live\n")
    result = CliRunner().invoke(main, ["rank", str(folder)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0].startswith(
        "Live (after round 5 of 5, in progress: 3 of 4 games entered; C.07 edition")


def test_before_round_one_nothing_is_paired(tmp_path):
    from generator.rules.progress import round_progress

    event = _event(tmp_path, live_trf(announced=5, blank=frozenset({(1, 5), (7, 5)})))
    progress = round_progress(event.competitors, 0)
    assert (progress.paired, progress.entered) == (0, 0)
