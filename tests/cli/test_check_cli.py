"""`standings check`: paths as given, every problem on its own line, exit codes, --strict."""

from __future__ import annotations

from click.testing import CliRunner

from generator.cli import main
from tests.reading.test_events import make_event
from tests.reading.test_trf_broken import BASE, changed


def test_a_clean_events_folder_passes_with_a_summary_per_event(tmp_path, run):
    make_event(tmp_path / "events", "spring-open")
    make_event(tmp_path / "events", "autumn-rr", changed(3, "Swiss Dutch", "Round Robin"),
               settings="tiebreaks: [DE, SB]\n")
    result = run("check")  # default: events/
    assert result.exit_code == 0
    assert result.stdout == (
        "events/autumn-rr/tournament.trf: 4 players, 3 rounds, round robin, ok\n"
        "events/spring-open/tournament.trf: 4 players, 3 rounds, Swiss, ok\n")
    assert result.stderr == ""


def test_every_problem_of_every_file_is_printed_and_the_exit_status_is_1(tmp_path, run):
    make_event(tmp_path / "events", "a", changed(5, "   4 w 1", "   4 x 1"))
    make_event(tmp_path / "events", "b", BASE, settings="titel: X\nties: never\n")
    make_event(tmp_path / "events", "c")
    result = run("check", "events/")
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert [line.split(": ", 1)[0] for line in lines] == [
        "events/a/tournament.trf:5:97", "events/b/event.yml:1:1", "events/b/event.yml:2:7",
        "standings check"]
    assert lines[-1] == "standings check: 3 errors"
    assert result.stdout == "events/c/tournament.trf: 4 players, 3 rounds, Swiss, ok\n"


def test_warnings_pass_unless_strict(tmp_path, run):
    make_event(tmp_path, "e", changed(5, " 2.5", " 3.0"))
    relaxed = run("check", "e")
    assert relaxed.exit_code == 0
    assert relaxed.stdout == "e/tournament.trf: 4 players, 3 rounds, Swiss, ok (1 warning)\n"
    assert relaxed.stderr.startswith("e/tournament.trf:5:81: warning: points column says 3.0")
    strict = run("check", "--strict", "e")
    assert strict.exit_code == 1
    assert strict.stdout == ""
    assert strict.stderr.startswith("e/tournament.trf:5:81: points column says 3.0")


def test_a_single_trf_file_and_a_missing_path(tmp_path, run):
    (tmp_path / "loose.trf").write_text(BASE)
    result = run("check", "loose.trf", "nowhere")
    assert result.exit_code == 1
    assert result.stdout == "loose.trf: 4 players, 3 rounds, Swiss, ok\n"
    assert result.stderr == ("nowhere: no such file or folder; expected an events folder, an "
                             "event folder or a TRF file\nstandings check: 1 error\n")


def test_garbage_gives_diagnostics_never_a_traceback(tmp_path, run):
    (tmp_path / "junk.trf").write_bytes(bytes(range(256)) * 4)
    result = run("check", "junk.trf")
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert result.stderr.splitlines()[0] == (
        "junk.trf:1:1: binary data (a NUL byte) in a TRF file; "
        "expected a text file exported by a pairing program")


def test_help_explains_paths_and_the_message_format(run):
    result = run("check", "--help")
    assert result.exit_code == 0
    assert "events folder" in result.output
    assert "path:line:column: what is wrong; expected what" in result.output
    assert "--strict" in result.output


INDIVIDUAL_EXAMPLES = ("alekhin-memorial", "anna-club-2026", "gros-open-2010")


def test_the_shipped_example_events_are_clean_even_when_strict(monkeypatch):
    from tests.conftest import ROOT

    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, ["check", "--strict",
                                       *(f"events/{name}" for name in INDIVIDUAL_EXAMPLES)])
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout.splitlines() == [
        "events/alekhin-memorial/tournament.trf: 8 players, 5 rounds, Swiss, ok",
        "events/anna-club-2026/tournament.trf: 8 players, 5 rounds, Swiss, ok",
        "events/gros-open-2010/tournament.trf: 52 players, 4 rounds, Swiss, ok"]


def test_the_shipped_team_example_checks_clean(monkeypatch):
    """The Crete cup ships with its empty-board wins and team byes marked as TRF-26 writes
    them (notes.md), so that `check --strict` and the Pages workflow's strict build pass on
    every shipped example; the raw export's inferences are tested in tests/reading."""
    from tests.conftest import ROOT

    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, ["check", "--strict", "events/crete-friendship-cup-2024"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith(
        "events/crete-friendship-cup-2024/tournament.trf: 15 teams of 6 boards (129 players)")
    assert result.stderr == ""


def test_check_reports_the_rank_column_warnings_that_rank_prints(tmp_path, run):
    """One code path: the file ranks Gamma (0.5 points) second and Anna third."""
    trf = changed(5, " 2.5    2", " 2.5    3", changed(7, " 0.5    3", " 0.5    2"))
    make_event(tmp_path, "e", trf)
    warnings = [
        "e/tournament.trf:5:86: warning: the file ranks player 1 (Alpha, Anna) 3; the computed "
        "standings rank them 2, and their 2.5 points place them 1-2; expected a rank column "
        "that follows the points, each rank once",
        "e/tournament.trf:7:86: warning: the file ranks player 3 (Gamma, Gleb) 2; the computed "
        "standings rank them 3, and their 0.5 points place them 3-4; expected a rank column "
        "that follows the points, each rank once"]
    checked = run("check", "e")
    assert (checked.exit_code, checked.stderr.splitlines()) == (0, warnings)
    assert checked.stdout == "e/tournament.trf: 4 players, 3 rounds, Swiss, ok (2 warnings)\n"
    assert run("rank", "e").stderr.splitlines() == warnings
    strict = run("check", "--strict", "e")
    assert (strict.exit_code, strict.stdout) == (1, "")
    assert strict.stderr.splitlines() == [
        *(w.replace("warning: ", "") for w in warnings), "standings check: 2 errors"]


def test_the_settings_file_given_as_the_path_checks_its_folder(tmp_path, run):
    make_event(tmp_path, "e", settings="title: Club Open\n")
    note = ("e/event.yml: note: this is the event's settings file, not a TRF file; "
            "checking its folder e\n")
    for args in (("check", "e/event.yml"), ("check", "--strict", "e/event.yml")):
        result = run(*args)
        assert (result.exit_code, result.stderr) == (0, note)
        assert result.stdout == "e/tournament.trf: 4 players, 3 rounds, Swiss, ok\n"


def test_rank_given_the_settings_file_ranks_its_folder(tmp_path, run):
    make_event(tmp_path, "e", settings="title: Club Open\n")
    result = run("rank", "e/event.yml")
    assert result.exit_code == 0
    assert result.stderr == ("e/event.yml: note: this is the event's settings file, not a TRF "
                             "file; reading its folder e\n")
    assert result.stdout.splitlines()[0] == "Club Open (3 rounds; C.07 edition 2026)"


def test_standings_help_shows_each_command_summary_whole():
    """click cuts a summary at the terminal's width ("round by..."); ours are whole sentences
    (wrapped onto a second line where they are long)."""
    result = CliRunner().invoke(main, ["--help"])
    section = result.stdout.split("Commands:\n", 1)[1]
    summaries: dict[str, str] = {}
    for line in section.splitlines():
        name, _, text = line.strip().partition(" ")
        if line.startswith("  ") and not line.startswith("   "):
            summaries[name] = text.strip()
        elif line.strip():
            last = list(summaries)[-1]
            summaries[last] += " " + line.strip()
    assert summaries == {
        "build": "Build the static site from an events folder (default events/) into site/.",
        "check": "Read event folders and TRF files and report every problem found.",
        "explain": "Explain one player's place: every tie-break value, round by round.",
        "rank": "Rank the players of one event: points, then the tie-breaks in order (C.07 "
                "4.2).",
        "serve": "Preview the site while you work: build it, serve it, rebuild on every "
                 "change.",
    }


def test_sources_says_where_each_setting_of_a_festival_section_comes_from(tmp_path, run):
    # Issue 27: festival.yml gives what the sections share, a section's event.yml
    # overrides it key by key.
    festival = tmp_path / "events" / "congress"
    festival.mkdir(parents=True)
    (festival / "festival.yml").write_text("title: Congress\nplace: Hall\n"
                                           "tiebreaks: [BH, SB]\n", encoding="utf-8")
    make_event(festival, "major", settings="tiebreaks: [SB, BH]\n")
    result = run("check", "--sources")
    assert result.exit_code == 0
    assert result.stdout == (
        "events/congress/major/tournament.trf: 4 players, 3 rounds, Swiss, ok\n"
        "  place: events/congress/festival.yml:2:8\n"
        "  tiebreaks: events/congress/major/event.yml:1:12\n")
