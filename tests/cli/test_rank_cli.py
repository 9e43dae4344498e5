"""`standings rank` and `standings explain` as a user runs them.

Expected numbers come from the reference corpus (tests/corpus/expected, FIDE's reference
calculator) or from the worked examples of the spec.
"""

from __future__ import annotations

import csv
import gc
import io
import json
import shutil
import subprocess
import sys

import pytest
from click.testing import CliRunner
from conftest import CORPUS_EXPECTED, CORPUS_TRF, ROOT

from generator.cli import main

# The reference's list without GE: it is REP under its 2023 name, and a list may name a
# tie-break once (the ranks are the same, as a repeat cannot separate anyone).
ORACLE_LIST = ("DE BH/C1 BH BH/C2 BH/M1 BH/M2 SB SB/C1 FB FB/C1 AOB WIN WON BPG BWG REP "
               "PS PS/C1 KS ARO ARO/C1 TPR PTP APRO APPO")


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def expected(name: str) -> dict:
    return json.loads((CORPUS_EXPECTED / f"{name}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("name", "edition"), [("synth-withdrawals", "2024"),
                                               ("synth-withdrawals", "2026"),
                                               ("seed-alekhin", "2026")])
def test_rank_json_has_the_reference_values(name, edition):
    result = run("rank", str(CORPUS_TRF / f"{name}.trf"), "--tiebreaks", ORACLE_LIST,
                 "--edition", edition, "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {"event", "status", "rounds_played", "rounds_total", "edition",
                         "tiebreaks", "players"}
    assert data["edition"] == edition
    assert data["tiebreaks"] == ORACLE_LIST.split()
    reference = {p["start_no"]: p for p in expected(name)["players"]}
    assert len(data["players"]) == len(reference)
    for player in data["players"]:
        # A rated event's players also carry their FIDE rating change (site/rating_view.py).
        assert set(player) - {"rating_change", "k", "k_source"} == {
            "start_no", "name", "rank", "points", "tiebreaks"}
        mine = reference[player["start_no"]]
        assert player["rank"] == mine["rank"][edition]
        assert player["points"] == mine["values"][edition]["PTS"]
        for code, value in player["tiebreaks"].items():
            want = mine["values"][edition][code]
            if code == "AOB":
                assert value == pytest.approx(want, abs=0.006)
            else:
                assert value == want, (player["start_no"], code)


def test_rank_json_numbers_are_plain_decimals_and_null_where_undefined():
    """seed-anna has unrated players: the rating tie-breaks are null (C.07 Art. 10)."""
    result = run("rank", str(CORPUS_TRF / "seed-anna.trf"), "--tiebreaks", "SB ARO AOB",
                 "--format", "json")
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert '"points":4,' in text and '"SB":10.25' in text and '"ARO":null' in text
    assert '"AOB":12.4' in text
    assert "E+" not in text and ".0," not in text and ".0}" not in text


def test_rank_text_table():
    result = run("rank", str(CORPUS_TRF / "seed-anna.trf"), "--tiebreaks", "DE BH/C1")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Seed example Anna") and "C.07 edition 2024" in lines[0]
    assert lines[1].split() == ["Rank", "No", "Name", "Pts", "DE", "BH/C1"]
    assert lines[2].split() == ["1", "1", "Anna", "4", "0", "11.5"]


def test_rank_csv():
    result = run("rank", str(CORPUS_TRF / "seed-anna.trf"), "--tiebreaks", "BH ARO",
                 "--format", "csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows[0] == ["rank", "start_no", "title", "name", "federation", "rating", "points",
                       "BH", "ARO"]
    assert rows[1] == ["1", "1", "", "Anna", "", "", "4", "13.5", ""]
    assert len(rows) == 9


@pytest.mark.parametrize("output", ["json", "csv"])
def test_rank_prints_the_site_download_byte_for_byte(tmp_path, output):
    """One writer per format (site/downloads.py): what rank prints is the file the site
    offers, with the event's own list and with a list given on the command line."""
    from generator.site.build import build_site

    for tiebreaks in ((), ("--tiebreaks", "DE BH/C1 AOB DE SB ARO")):
        events = tmp_path / "-".join(("events", *tiebreaks[1:]))
        folder = events / "club"
        folder.mkdir(parents=True)
        shutil.copy(CORPUS_TRF / "synth-club-byes.trf", folder / "tournament.trf")
        if tiebreaks:
            (folder / "event.yml").write_text(f"tiebreaks: {tiebreaks[1]}\n", encoding="utf-8")
        build_site(events, events.with_name(events.name + "-site"))
        result = run("rank", str(folder), "--format", output, *tiebreaks)
        assert result.exit_code == 0, result.output
        downloaded = events.with_name(events.name + "-site") / "club" / f"standings.{output}"
        assert result.stdout_bytes == downloaded.read_bytes()


_MODULES_AT_EXIT = """
import atexit, json, sys
atexit.register(lambda: print(json.dumps(sorted(sys.modules)), file=sys.__stderr__))
sys.argv = ["standings", *sys.argv[1:]]
from generator.cli import main
main()
"""


def _modules_loaded(*arguments: str) -> set[str]:
    """The modules a whole run of ``standings ARGUMENTS...`` had loaded when it ended."""
    finished = subprocess.run([sys.executable, "-c", _MODULES_AT_EXIT, *arguments],
                              capture_output=True, text=True, cwd=ROOT, check=False)
    assert finished.returncode == 0, finished.stderr
    return set(json.loads(finished.stderr.splitlines()[-1]))


@pytest.mark.parametrize(("arguments", "not_loaded"), [
    (("--help",), ("generator.reading", "generator.rules", "generator.site", "yaml")),
    (("rank", str(CORPUS_TRF / "seed-anna.trf"), "--format", "json"),
     ("generator.site.render", "generator.site.pages", "generator.preview", "jinja2",
      "markdown", "nh3", "watchdog")),
])
def test_a_command_loads_only_what_it_uses(arguments, not_loaded):
    """Start-up time: the CLI imports a command's modules when the command runs, and rank
    writes its output without the site's pages or templates."""
    loaded = _modules_loaded(*arguments)
    assert "generator.cli" in loaded
    assert not {m for m in loaded
                if any(m == name or m.startswith(f"{name}.") for name in not_loaded)}


@pytest.mark.parametrize("was_enabled", [True, False])
def test_rank_leaves_the_cycle_collector_as_it_found_it(was_enabled):
    """rank pauses Python's cycle collector for its run (start-up time); a program that
    calls it, such as this test run, gets the collector back as it was."""
    (gc.enable if was_enabled else gc.disable)()
    try:
        result = run("rank", str(CORPUS_TRF / "seed-anna.trf"), "--format", "json")
        assert result.exit_code == 0, result.output
        assert gc.isenabled() is was_enabled
        result = run("rank", str(CORPUS_TRF / "seed-anna.trf"), "--tiebreaks", "BHX")
        assert result.exit_code == 2
        assert gc.isenabled() is was_enabled
    finally:
        gc.enable()


def test_rank_after_round_and_event_folder(tmp_path):
    folder = tmp_path / "anna"
    folder.mkdir()
    shutil.copy(CORPUS_TRF / "seed-anna.trf", folder / "tournament.trf")
    (folder / "event.yml").write_text("tiebreaks: [PS]\n", encoding="utf-8")
    result = run("rank", str(folder), "--after-round", "2", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["tiebreaks"] == ["PS"]
    anna = next(p for p in data["players"] if p["start_no"] == 1)
    # Anna: 1 then 1/2 -> 1.5 after round 2; PS = 1 + 1.5 = 2.5.
    assert (anna["points"], anna["tiebreaks"]["PS"]) == (1.5, 2.5)


def test_rank_after_round_beyond_the_event_is_a_usage_error():
    result = run("rank", str(CORPUS_TRF / "seed-anna.trf"), "--after-round", "9")
    assert result.exit_code == 2
    assert "round 9 is after the last round (5)" in result.output


def test_unknown_tiebreak_is_a_usage_error_with_a_suggestion():
    result = run("rank", str(CORPUS_TRF / "seed-anna.trf"), "--tiebreaks", "BH BHX")
    assert result.exit_code == 2
    assert "unknown tie-break 'BHX'; did you mean 'BH'?" in result.output


def test_team_points_system_is_an_error_not_a_zero():
    result = run("rank", str(CORPUS_TRF / "seed-anna.trf"), "--tiebreaks", "SB:MP")
    assert result.exit_code == 1
    assert ("seed-anna.trf: team tie-break 'SB:MP' (points system :MP) applies to team "
            "events only; this event has no teams") in result.stderr


def test_buchholz_asked_for_a_round_robin_is_refused_as_event_yml_refuses_it():
    """C.07 Art. 8 (2026): the CLI takes the lists event.yml takes, no more."""
    result = run("rank", str(CORPUS_TRF / "synth-round-robin.trf"), "--tiebreaks", "BH SB",
                 "--edition", "2026", "--format", "json")
    assert result.exit_code == 2
    assert ("Invalid value for '--tiebreaks': 'BH' (Buchholz) must not be used in a round "
            "robin under the 2026 edition (C.07 Art. 8); expected a tie-break such as DE, SB, "
            "WIN or KS") in " ".join(result.output.split())


def test_buchholz_asked_for_a_round_robin_under_2024_is_computed():
    result = run("rank", str(CORPUS_TRF / "synth-round-robin.trf"), "--tiebreaks", "BH SB",
                 "--edition", "2024", "--format", "json")
    assert result.exit_code == 0, result.output
    assert all(p["tiebreaks"]["BH"] is not None for p in json.loads(result.stdout)["players"])


def test_explain_shows_every_number():
    """synth-club-byes, player 3 (2026): R1 forfeit loss is a VUR against a dummy capped by
    the scheduled opponent's adjusted score (16.4.1) and is cut first (16.5); R4 PAB dummy
    min(4, 1/2 x 7 = 3.5) (16.4.2); BH/C1 20.5 as the reference computes."""
    reference = next(p for p in expected("synth-club-byes")["players"] if p["start_no"] == 3)
    result = run("explain", str(CORPUS_TRF / "synth-club-byes.trf"), "3",
                 "--tiebreaks", "BH/C1 SB ARO", "--edition", "2026")
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert f"BH/C1 - Buchholz (C.07 8.1): {reference['values']['2026']['BH/C1']:g}" in text
    # R1: the cap (Irina Rossi's adjusted score, 4) equals the own score, so it does not
    # bite; the player page says so in the same words.
    assert ("dummy for a forfeit loss against Irina Rossi (4): score 4; the forfeit loss "
            "against Irina Rossi in round 1 counts as a game against an imaginary opponent "
            "with Boris Jensen's own score, 4; the cap, Irina Rossi's score 4, does not bite "
            "(C.07 16.4.1); a forfeit loss, so a voluntary unplayed round (C.07 16.1, "
            "16.2.4)  = 4   [cut first, being a voluntary unplayed round (C.07 16.5)]") in text
    assert ("dummy for a pairing-allocated bye: score 3.5; the pairing-allocated bye in round "
            "4 counts as a game against an imaginary opponent with Boris Jensen's own score, "
            "4, capped at 3.5 (C.07 16.4.2); a bye the pairing gave, not one asked for "
            "(C.07 16.2.1)  = 3.5") in text
    assert "sum of the values not cut: 20.5" in text
    # Rated file: ARO = (2454 + 2370 + 2435 + 2483 + 2427) / 5 = 2433.8 -> 2434.
    assert "average 2433.8 over 5 games, rounded to the nearest whole number, 0.5 up " \
        "(C.07 10.1): 2434" in text
    # The player page's sentence, in the terminal's numbers: Horvath (15) is 6th on the
    # same 4 points.
    above = next(p for p in expected("synth-club-byes")["players"] if p["start_no"] == 15)
    assert ("Why this place:\n  Level with David Horvath (6th) on points, behind on "
            "Buchholz, cut 1 (BH/C1): "
            f"{reference['values']['2026']['BH/C1']:g} against "
            f"{above['values']['2026']['BH/C1']:g}.\n") in text


def test_explain_undefined_rating_tiebreak():
    result = run("explain", str(CORPUS_TRF / "seed-anna.trf"), "1", "--tiebreaks", "ARO")
    assert result.exit_code == 0, result.output
    assert "ARO - Average Rating of Opponents (C.07 10.1): undefined" in result.stdout
    # Nobody in seed-anna has a rating.
    assert ("undefined for everyone: unrated players take part (1, 2, 3, 4, 5, 6, 7, 8) and no "
            "rating was announced for them (C.07 10)") in result.stdout


def test_explain_rating_rounding_and_table():
    result = run("explain", str(CORPUS_TRF / "seed-alekhin.trf"), "1",
                 "--tiebreaks", "ARO TPR PTP")
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "rounded to the nearest whole number, 0.5 up (C.07 10.1)" in text
    assert "+ dp(" in text and "dp from the B.02 table (C.07 10.2)" in text
    assert "lowest rating whose expected score reaches" in text


def test_explain_unknown_player_is_a_usage_error_naming_the_start_numbers():
    result = run("explain", str(CORPUS_TRF / "competichess-gros-2010-r4.trf"), "99")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        "Error: Invalid value for 'START_NO': no player with start number 99; expected 1-52")


def test_explain_names_the_start_numbers_there_are_when_some_are_missing(tmp_path):
    from tests.reading.test_trf_broken import BASE

    # Delta (start number 4) renumbered 7: the numbers are 1-3 and 7.
    trf = BASE.replace("001    4      Delta", "001    7      Delta").replace("   4 w 1", "   7 w 1")
    trf = trf.replace("   4 b =", "   7 b =").replace("   4 b 1", "   7 b 1")
    (tmp_path / "t.trf").write_text(trf, encoding="utf-8")
    assert run("check", str(tmp_path / "t.trf")).exit_code == 0
    result = run("explain", str(tmp_path / "t.trf"), "4")
    assert result.stderr.splitlines()[-1] == (
        "Error: Invalid value for 'START_NO': no player with start number 4; expected 1-3 or 7")


@pytest.mark.parametrize(("numbers", "said"), [
    ([5], "5"), ([1, 3], "1 or 3"), ([1, 2, 3, 7, 9, 10], "1-3, 7 or 9-10"),
    (list(range(2, 10_000, 2)), "2, 4, 6, 8, 10, ... or 9998"),
])
def test_the_start_numbers_named_stay_one_short_line(numbers, said):
    from generator.cli import _number_ranges

    assert _number_ranges(numbers) == said
