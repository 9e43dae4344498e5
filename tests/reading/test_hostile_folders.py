"""Hostile folders and cells: event folder names that are not web addresses, two folders
that are one on a case-insensitive disk, a symlinked event, a TRF file dropped beside the
event folders, and CSV cells a spreadsheet would run as formulas (issues 8 and 9)."""

from __future__ import annotations

import csv
import io
import json
import os
from urllib.parse import unquote, urlsplit

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.errors import StandingsError
from generator.reading.events import read_event, read_events, read_paths
from generator.site import build as site
from generator.site.downloads import spreadsheet_text
from tests.reading.test_events import make_event
from tests.reading.test_trf_broken import BASE, changed


def messages(caught: pytest.ExceptionInfo[StandingsError]) -> list[str]:
    return [str(d) for d in caught.value.diagnostics]


def run(*args: str):
    return CliRunner().invoke(main, list(args))


# --- folder names are addresses ---------------------------------------------------------

UNFIT = {
    "javascript:alert(1)": ":",
    "club#1": "#",
    "what?": "?",
    "50%20off": "%",
    "a\\b": "\\",
    "c:d": ":",
    "spring open": " ",
    "tab\tname": "\t",
    "quote\"s": '"',
}


@pytest.mark.parametrize("name", sorted(UNFIT))
def test_a_folder_name_that_is_not_a_web_address_is_refused(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    make_event(tmp_path / "events", name)
    make_event(tmp_path / "events", "fine")
    with pytest.raises(StandingsError) as caught:
        read_events("events")
    [message] = messages(caught)
    assert message.startswith(
        f"{os.path.join('events', name)}: event folder name {name!r} holds {UNFIT[name]!r}, "
        "which a web address cannot carry as it is (the name is the event's address on the "
        "site); expected letters, digits, '-', '_' and '.', beginning with a letter or a "
        "digit, such as '")


def test_the_refusal_suggests_a_name_that_works(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    make_event(tmp_path / "events", "Club #1 Open")
    with pytest.raises(StandingsError) as caught:
        read_events("events")
    assert messages(caught)[0].endswith("such as 'club-1-open'")


@pytest.mark.parametrize("name", ["index.html", "static", "people", "tiebreaks", "series",
                                  "seasons", "People", "INDEX.HTML"])
def test_a_folder_named_like_the_sites_own_pages_is_refused_by_check(tmp_path, monkeypatch,
                                                                      name):
    monkeypatch.chdir(tmp_path)
    make_event(tmp_path / "events", name)
    result = run("check", "events")
    assert result.exit_code == 1
    assert (f"{os.path.join('events', name)}: event folder name {name!r} is used by the site "
            "itself; expected another folder name (not index.html, people, seasons, series, "
            "static, tiebreaks)") in result.output


@pytest.mark.parametrize("name", [".", "-open", "open."])
def test_names_that_are_not_folders_everywhere_are_refused(name):
    from generator.reading.site_names import address_problem
    assert address_problem(name, name) is not None


def test_the_site_refuses_a_lone_trf_files_folder_that_is_no_address(tmp_path):
    folder = tmp_path / "what?"
    folder.mkdir()
    (folder / "t.trf").write_text(BASE, encoding="utf-8")
    event = read_event(folder / "t.trf")  # rank and check read it as they always did
    with pytest.raises(StandingsError, match="holds '\\?'"):
        site.plan_site([event])


def test_letters_of_any_script_make_an_address_and_the_links_hold_them(tmp_path):
    events = tmp_path / "events"
    make_event(events, "Åpen_NM-2026.v2")
    make_event(events, "турнир")
    out = tmp_path / "site"
    site.build_site(events, out)
    index = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="Åpen_NM-2026.v2/index.html"' in index
    assert 'href="турнир/index.html"' in index
    assert (out / "турнир" / "index.html").is_file()


def test_two_folders_that_differ_only_in_case_are_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    make_event(tmp_path / "events", "Open-2026")
    make_event(tmp_path / "events", "open-2026")
    with pytest.raises(StandingsError) as caught:
        read_events("events")
    assert messages(caught) == [
        f"{os.path.join('events', 'open-2026')}: event folder names 'Open-2026' "
        f"({os.path.join('events', 'Open-2026')}) and 'open-2026' differ only in case, and "
        "are one folder on case-insensitive disks and hosts; expected names that differ in "
        "more than case"]


def test_a_symlinked_event_folder_is_read_once(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    make_event(tmp_path / "events", "open-2026")
    make_event(tmp_path / "events", "rapid")
    os.symlink("open-2026", tmp_path / "events" / "latest")
    events, diagnostics = read_paths(["events"])
    assert sorted(e.slug for e in events) == ["open-2026", "rapid"]
    assert [str(d) for d in diagnostics] == [
        f"{os.path.join('events', 'latest')}: warning: the same folder as "
        f"{os.path.join('events', 'open-2026')} (a symbolic link), read once as "
        "'open-2026'; expected each event in one folder"]


def test_a_symlink_to_an_event_outside_the_events_folder_is_an_event(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    make_event(tmp_path / "elsewhere", "real")
    (tmp_path / "events").mkdir()
    os.symlink(tmp_path / "elsewhere" / "real", tmp_path / "events" / "linked")
    assert [e.slug for e in read_events("events")] == ["linked"]


# --- a TRF file beside the event folders (issue 9) ------------------------------------

def test_a_trf_file_beside_event_folders_is_an_error_naming_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    make_event(tmp_path / "events", "spring")
    make_event(tmp_path / "events", "autumn")
    (tmp_path / "events" / "round5.trf").write_text(BASE, encoding="utf-8")
    result = run("check", "events")
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert (f"{os.path.join('events', 'round5.trf')}: a TRF file beside the event folders "
            "(autumn, spring) is not part of any event; expected it inside its event's "
            "folder (move it there), or an event.yml beside it if this folder is one event"
            ) in lines
    # The real events are still read, and their own problems still reported.
    assert any("autumn" in line and "ok" in line for line in lines)
    with pytest.raises(StandingsError):
        site.build_site(tmp_path / "events", tmp_path / "site")
    assert not (tmp_path / "site").exists()


def test_a_stray_trf_file_names_a_few_event_folders_only(tmp_path):
    for name in ("a", "b", "c", "d", "e"):
        make_event(tmp_path, name)
    (tmp_path / "stray.trf").write_text(BASE, encoding="utf-8")
    with pytest.raises(StandingsError) as caught:
        read_events(tmp_path)
    assert messages(caught)[0].startswith(
        f"{tmp_path / 'stray.trf'}: a TRF file beside the event folders (a, b, c and 2 more) "
        "is not part of any event; ")


def test_a_trf_file_given_on_its_own_or_alone_in_its_folder_still_reads(tmp_path,
                                                                         monkeypatch):
    monkeypatch.chdir(tmp_path)
    make_event(tmp_path / "events", "spring")
    (tmp_path / "events" / "round5.trf").write_text(BASE, encoding="utf-8")
    assert read_event(tmp_path / "events" / "round5.trf").tournament.name == "Test Open"
    assert run("rank", os.path.join("events", "round5.trf")).exit_code == 0
    lone = tmp_path / "lone"
    lone.mkdir()
    (lone / "x.trf").write_text(BASE, encoding="utf-8")
    site.build_site(lone / "x.trf", tmp_path / "site")
    assert (tmp_path / "site" / "lone" / "index.html").is_file()
    assert [e.slug for e in read_events(lone)] == ["lone"]


def test_an_event_folder_with_settings_keeps_its_sub_folders_to_itself(tmp_path):
    folder = make_event(tmp_path, "open", settings="title: Open\n")
    make_event(folder, "old-exports")
    assert [e.slug for e in read_events(folder)] == ["open"]


# --- CSV cells a spreadsheet would run ------------------------------------------------

@pytest.mark.parametrize(("text", "written"), [
    ("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"), ("+1", "'+1"), ("-2+3", "'-2+3"),
    ("@SUM(A1)", "'@SUM(A1)"), ("\tx", "'\tx"), ("\rx", "'\rx"), ("Alpha, Anna", "Alpha, Anna"),
    ("", ""), ("O'Neil", "O'Neil")])
def test_spreadsheet_text(text, written):
    assert spreadsheet_text(text) == written


FORMULA_NAME = '=HYPERLINK("http://x";"y")'.ljust(33)


def formula_event(root):
    trf = changed(5, "Alpha, Anna".ljust(33), FORMULA_NAME)
    trf = changed(6, "SWE", "+1 ", trf)
    return make_event(root, "formulas", trf, settings="title: '@Open'\n")


def test_the_sites_csv_defuses_formulas_and_the_json_keeps_the_names(tmp_path):
    out = tmp_path / "site"
    formula_event(tmp_path / "events")
    site.build_site(tmp_path / "events", out)
    rows = list(csv.reader(io.StringIO((out / "formulas/standings.csv").read_text("utf-8"))))
    by_start = {row[1]: row for row in rows[1:]}
    assert by_start["1"][3] == "'" + FORMULA_NAME.strip()
    assert by_start["2"][4] == "'+1"
    # Numbers are ours, never the file's text: left as numbers.
    assert all(not cell.startswith("'") for row in rows[1:] for cell in row[5:])
    document = json.loads((out / "formulas/standings.json").read_text("utf-8"))
    assert {p["name"] for p in document["players"]} >= {FORMULA_NAME.strip()}


def test_rank_csv_defuses_formulas_the_same_way(tmp_path):
    folder = formula_event(tmp_path)
    result = run("rank", str(folder), "--format", "csv")
    assert result.exit_code == 0
    rows = list(csv.reader(io.StringIO(result.output)))
    assert [row[3] for row in rows[1:] if row[1] == "1"] == ["'" + FORMULA_NAME.strip()]


# --- any name: refused, or a link that is nothing but the name ---------------------------

def test_an_accepted_name_is_a_plain_relative_address(request):
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from generator.reading.site_names import address_problem

    @settings(max_examples=request.config.getoption("--examples") or 500, deadline=None,
              derandomize=True)
    @given(st.text(min_size=1, max_size=20) | st.sampled_from(sorted(UNFIT)))
    def check(name: str) -> None:
        if address_problem(name, name) is not None:
            return
        link = urlsplit(f"{name}/index.html")
        # Nothing but a path, read back as written: no scheme, host, query or fragment,
        # no escape, no second separator, no dot segment.
        assert (link.scheme, link.netloc, link.query, link.fragment) == ("", "", "", "")
        assert unquote(link.path) == link.path == f"{name}/index.html"
        assert not set(name) & set("\\/%:?#\"'<> \t\r\n") and name not in (".", "..")

    check()


def test_hostile_folder_names_never_end_in_a_traceback(request, tmp_path):
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    names = st.text(st.characters(blacklist_characters="/\x00", blacklist_categories=("Cs",)),
                    min_size=1, max_size=12).filter(lambda n: n not in (".", ".."))
    counter = iter(range(10**6))

    @settings(max_examples=request.config.getoption("--examples") or 40, deadline=None,
              derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.lists(names, min_size=1, max_size=3, unique=True))
    def check(folder_names: list[str]) -> None:
        root = tmp_path / str(next(counter))
        for name in folder_names:
            try:
                make_event(root, name)
            except OSError:  # too long for the file system, or a case twin on macOS
                return
        events, diagnostics = read_paths([root])
        assert all(str(d).startswith(str(root)) for d in diagnostics)
        if not any(d.is_error for d in diagnostics):
            site.plan_site(events)  # raises StandingsError only, if anything

    check()


def test_build_reports_the_events_folders_own_problems_cached_or_not(tmp_path, monkeypatch):
    # What check says of the events folder itself, build says too, and a build that finds
    # nothing changed in the events says it again: a link read once is a warning (fatal
    # with --strict), a TRF file dropped beside the event folders after a build an error.
    monkeypatch.chdir(tmp_path)
    make_event(tmp_path / "events", "open-2026")
    os.symlink("open-2026", tmp_path / "events" / "latest")
    warning = (f"{os.path.join('events', 'latest')}: warning: the same folder as "
               f"{os.path.join('events', 'open-2026')} (a symbolic link)")
    for attempt in ("clean", "cached"):
        built = run("build", "events", "--out", "site")
        assert built.exit_code == 0, (attempt, built.output)
        assert warning in built.stderr, attempt
    strict = run("build", "events", "--out", "site", "--strict")
    assert strict.exit_code == 1 and warning.replace("warning: ", "") in strict.stderr
    (tmp_path / "events" / "round5.trf").write_text(BASE, encoding="utf-8")
    stray = run("build", "events", "--out", "site")
    assert stray.exit_code == 1
    assert (f"{os.path.join('events', 'round5.trf')}: a TRF file beside the event folders "
            "(latest, open-2026) is not part of any event") in stray.stderr
