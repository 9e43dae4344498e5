"""Issue 23, "Never 'Final' on a guess": the number of rounds is known only when it is
announced (event.yml ``total_rounds``, TRF 142, XXR, the round dates of 132), and an end date
still ahead keeps an event provisional. And what the file knows of the event day (132 round
dates and times, the arbiters of 102 and 112) is on the pages.

The exports are real ones (tests/corpus, sources in its SOURCES.md), cut after round N-1 of N
the way a club exports them mid-event: the last round's blocks gone, nothing else changed.
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
from decimal import Decimal
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner
from conftest import CORPUS, CORPUS_TRF, ROOT
from kit.sitekit import make_event, read_tree

from generator.cli import main
from generator.errors import Severity
from generator.messages import SHIPPED_LANGUAGES
from generator.preview.livebuild import LiveBuild
from generator.preview.site_port import default_site_functions
from generator.site.build import build_site
from generator.site.prize_words import FINAL_BANNER

TEAM_TRF = CORPUS / "teams" / "trf"
LOCALES = ROOT / "generator" / "locales"

# Every message that calls standings final, in English; their translations are looked up.
FINAL_MESSAGES = ("Final standings", "{event}, final standings:", FINAL_BANNER)


_WORTH = {"1": Decimal(1), "+": Decimal(1), "W": Decimal(1), "F": Decimal(1), "U": Decimal(1),
          "=": Decimal("0.5"), "D": Decimal("0.5"), "H": Decimal("0.5")}


def cut_after_last_but_one(path: Path, *, drop: tuple[str, ...] = ()) -> str:
    """The export of ``path`` after round N-1 of N as the program writes it: every 001
    record without its last round block and with that round's points taken off its points
    column (columns 81-84); the rank column (86-89) left blank, as TRF allows (the ranks
    after round N-1 are not the file's to know); records tagged ``drop`` left out (a file
    that announced its rounds made silent)."""
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:  # Swiss-Manager's Windows exports (Irish Juniors 2011)
        text = data.decode("cp1252")
    lines = [line for line in text.splitlines() if line[:3] not in drop]
    rounds = max((len(line.rstrip()) - 92) // 10 + 1 for line in lines if line[:3] == "001")
    end = 91 + 10 * (rounds - 1)
    cut = []
    for line in lines:
        if line[:3] == "001":
            last = line[end + 7:end + 8]
            points = Decimal(line[80:84]) - _WORTH.get(last, Decimal(0))
            line = f"{line[:80]}{points:4.1f}{line[84:85]}    {line[89:end]}".rstrip()
        cut.append(line)
    return "\n".join(cut) + "\n"


def final_phrases(code: str) -> list[str]:
    """The words of FINAL_MESSAGES in language ``code``: each message's longest stretch of
    text between its fields ("{event}, final standings:" -> "final standings:")."""
    texts = list(FINAL_MESSAGES)
    if code != "en":
        with (LOCALES / code / "LC_MESSAGES" / "standings.po").open("rb") as file:
            catalogue = read_po(file, locale=code)
        texts = [catalogue[message].string for message in FINAL_MESSAGES]
    return [max(re.split(r"\{\w+\}|%\(\w+\)s", text), key=len).strip() for text in texts]


def leading_word(code: str) -> str:
    if code == "en":
        return "(leading)"
    with (LOCALES / code / "LC_MESSAGES" / "standings.po").open("rb") as file:
        return read_po(file, locale=code)["(leading)"].string


@pytest.fixture(scope="module")
def cut_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two real exports cut before their last round, in every shipped language: Gonzaga
    Classic 2008 (5 rounds, no XXR, 142 or 132: round 4 of 5 looks like the end) and the
    Crete Friendship Cup 2024 team event with its 142 and 132 taken out (round 6 of 7)."""
    club = tmp_path_factory.mktemp("club")
    events = club / "events"
    make_event(events, "gonzaga", cut_after_last_but_one(CORPUS_TRF / "icu-gonzaga-2008.trf"),
               "tiebreaks: [BH/C1, BH, SB]\nprizes:\n  lists:\n    overall: [Cup, Book]\n")
    make_event(events, "crete", cut_after_last_but_one(
        TEAM_TRF / "crete-friendship-cup-2024.trf", drop=("142", "132")))
    (club / "site.yml").write_text(f"languages: [{', '.join(SHIPPED_LANGUAGES)}]\n"
                                   "url: https://club.example/results/\n", encoding="utf-8")
    build_site(events, club / "site", workers=1)
    return club / "site"


def language_folder(site: Path, code: str) -> Path:
    return site if code == SHIPPED_LANGUAGES[0] else site / code


@pytest.mark.parametrize("code", SHIPPED_LANGUAGES)
def test_an_export_cut_before_its_last_round_never_says_final_in_any_language(
        cut_site: Path, code: str) -> None:
    folder = language_folder(cut_site, code)
    phrases = final_phrases(code)
    pages = [page for slug in ("gonzaga", "crete") for page in (folder / slug).rglob("*.html")]
    pages.append(folder / "index.html")
    assert len(pages) > 100
    said = {}
    for page in pages:
        # The raw page: the link previews (og:title, og:description) are in its <head>.
        text = html.unescape(page.read_text(encoding="utf-8"))
        for phrase in phrases:
            if phrase in text:
                said.setdefault(phrase, page.relative_to(cut_site).as_posix())
        if code == "en" and re.search(r"\b(Winner|Final)\b", text):
            said.setdefault("Winner/Final", page.relative_to(cut_site).as_posix())
    assert said == {}
    # The index names each leader without a title: "(leading)".
    index = html.unescape((folder / "index.html").read_text(encoding="utf-8"))
    assert index.count(leading_word(code)) == 2


def test_the_live_preview_of_a_cut_export_says_final_nowhere(tmp_path: Path) -> None:
    # standings serve renders the same pages in memory (preview/livebuild.py).
    events = tmp_path / "events"
    make_event(events, "gonzaga", cut_after_last_but_one(CORPUS_TRF / "icu-gonzaga-2008.trf"))
    snapshot = LiveBuild(events_root=events, site=default_site_functions()).refresh()
    files = snapshot.files.render_all()
    assert len(files) > 20 and snapshot.diagnostics == ()
    phrases = final_phrases("en")
    said = [path for path, content in files.items() if path.endswith((".html", ".json"))
            and (any(phrase in html.unescape(content.decode()) for phrase in phrases)
                 or re.search(r"\b(Winner|Final)\b|\"final\"", content.decode()))]
    assert said == []
    assert json.loads(files["gonzaga/standings.json"])["status"] == "rounds_unknown"
    assert [d.severity for d in snapshot.warnings if "how many rounds" in d.message] == [
        Severity.REMARK]


def test_the_downloads_of_a_cut_export_say_the_number_of_rounds_is_unknown(
        cut_site: Path) -> None:
    for slug, played in (("gonzaga", 4), ("crete", 6)):
        document = json.loads((cut_site / slug / "standings.json").read_bytes())
        assert (document["status"], document["rounds_played"], document["rounds_total"]) == (
            "rounds_unknown", played, None)
        rows = list(csv.reader(io.StringIO(
            (cut_site / slug / "standings.csv").read_text(encoding="utf-8"))))
        assert len(rows) > 10 and not any(re.search(r"(?i)final|winner", cell)
                                          for row in rows for cell in row)


def test_the_pages_of_a_cut_export_say_after_which_round_and_the_previews_say_provisional(
        cut_site: Path) -> None:
    event = (cut_site / "gonzaga" / "index.html").read_text(encoding="utf-8")
    assert "Standings after round 4 <span" in event
    assert "the file does not say how many rounds the event has" in event
    assert "of 4" not in event and "of 5" not in event
    assert re.search(r'property="og:description" content="[^"]*provisional standings '
                     r'after round 4:', event)
    leader = (cut_site / "gonzaga" / "players" / "1.html").read_text(encoding="utf-8")
    title = re.search(r'<meta property="og:title" content="([^"]*)"', leader)
    assert title is not None and "(provisional)" in title[1]
    team = (cut_site / "crete" / "teams" / "1.html").read_text(encoding="utf-8")
    assert "6 rounds so far" in team


def _dated_event(events: Path, end: str) -> None:
    """Irish Juniors 2011 as a whole (5 rounds announced by its 132 dates, all played), with
    the end date of event.yml at ``end``."""
    make_event(events, "juniors", CORPUS_TRF / "icu-irish-juniors-2011-fixpts.trf",
               f"dates: 2011-07-02 .. {end}\n")


def test_an_end_date_still_ahead_keeps_a_complete_event_provisional(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _dated_event(tmp_path / "events", "2011-07-03")
    day = 86400
    before_the_end = 1309564800  # 2011-07-02 00:00 UTC
    pages = {}
    for name, epoch in (("first-day", before_the_end), ("a-second-later", before_the_end + 1),
                        ("last-day", before_the_end + day), ("years-later", 1764806400)):
        monkeypatch.setenv("SOURCE_DATE_EPOCH", str(epoch))
        build_site(tmp_path / "events", tmp_path / name, workers=1)
        pages[name] = read_tree(tmp_path / name)
    for name, final in (("first-day", False), ("last-day", True), ("years-later", True)):
        document = json.loads(pages[name]["juniors/standings.json"])
        assert (document["status"] == "final") is final, name
        assert ("Final standings" in pages[name]["juniors/index.html"].decode()) is final
    # Only whether the end date has passed reaches a page: the same bytes on both days
    # after it, and at two moments of the same day before it.
    assert pages["last-day"] == pages["years-later"]
    assert pages["first-day"] == pages["a-second-later"]


def test_an_incremental_build_renders_again_once_the_end_date_has_passed(
        tmp_path: Path) -> None:
    # The pages reused from yesterday's build would still say "provisional".
    _dated_event(tmp_path / "events", "2011-07-03")
    out = tmp_path / "site"
    command = ["build", str(tmp_path / "events"), "--out", str(out)]
    for epoch, status in (("1309564800", "provisional"), ("1309651200", "final")):
        result = CliRunner(env={"SOURCE_DATE_EPOCH": epoch}).invoke(main, command)
        assert result.exit_code == 0, result.output
        assert json.loads((out / "juniors" / "standings.json").read_bytes())["status"] == status


def test_an_unreadable_build_date_is_said_plainly(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    make_event(tmp_path / "events", "anna", CORPUS_TRF / "seed-anna.trf")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "tomorrow")
    result = CliRunner().invoke(main, ["check", str(tmp_path / "events")])
    assert result.exit_code == 1
    assert result.output.strip().splitlines()[0] == (
        "SOURCE_DATE_EPOCH: cannot read 'tomorrow' as a date; expected a whole number of "
        "seconds since 1970-01-01 UTC")


def test_check_notes_once_at_the_file_how_to_announce_the_rounds_and_strict_publishes(
        tmp_path: Path) -> None:
    folder = make_event(tmp_path / "events", "gonzaga",
                        cut_after_last_but_one(CORPUS_TRF / "icu-gonzaga-2008-hbye.trf"))
    result = CliRunner().invoke(main, ["check", "--strict", str(folder)])
    assert result.exit_code == 0, result.output
    notes = [line for line in result.output.splitlines() if "how many rounds" in line]
    assert notes == [
        f"{folder / 'tournament.trf'}: note: the file does not say how many rounds the event has "
        "(no 142, XXR or 132 record): the pages say 'after round 4' and call no standings "
        "final; expected 'total_rounds: N' in event.yml, N the event's number of rounds"]
    assert "4 rounds played, number of rounds not announced" in result.output
    announced = make_event(tmp_path / "announced", "gonzaga", folder / "tournament.trf",
                           "total_rounds: 5\n")
    said = CliRunner().invoke(main, ["check", str(announced)])
    assert "how many rounds" not in said.output and "4 of 5 rounds played" in said.output


def test_the_round_dates_of_132_announce_the_number_of_rounds(tmp_path: Path) -> None:
    """Irish Juniors 2011 (Swiss-Manager) writes no XXR but five dates in 132: cut after
    round 4 it is round 4 of 5."""
    events = tmp_path / "events"
    make_event(events, "juniors",
               cut_after_last_but_one(CORPUS_TRF / "icu-irish-juniors-2011-fixpts.trf"))
    build_site(events, tmp_path / "site", workers=1)
    document = json.loads((tmp_path / "site" / "juniors" / "standings.json").read_bytes())
    assert (document["status"], document["rounds_total"]) == ("provisional", 5)
    event = (tmp_path / "site" / "juniors" / "index.html").read_text(encoding="utf-8")
    assert "Standings after round 4 of 5" in event
    # Round 5, still to come, is listed with its date.
    assert re.search(r'<li>Round 5 · <time datetime="2011-07-03">3 July 2011</time> · '
                     r'not played yet</li>', event)


def test_the_event_page_shows_the_round_dates_and_the_arbiters(tmp_path: Path) -> None:
    """Crete Friendship Cup 2024: 102 the chief arbiter, two 112 records, 132 the dates of
    its seven rounds (three on the first day, four on the second). One date given a
    starting time, as a program may write it after the date."""
    text = (TEAM_TRF / "crete-friendship-cup-2024.trf").read_text(encoding="utf-8")
    text = text.replace("24/11/24  24/11/24  24/11/24  24/11/24",
                        "24/11/24 09:30  24/11/24  24/11/24  24/11/24")
    make_event(tmp_path / "events", "crete", text)
    build_site(tmp_path / "events", tmp_path / "site", workers=1)
    site = tmp_path / "site" / "crete"
    event = (site / "index.html").read_text(encoding="utf-8")
    assert "<dt>Chief arbiter</dt><dd>FA Stefanatos Charalampos</dd>" in event
    assert ("<dt>Deputy arbiters</dt><dd>Michailidi Afroditi; Gkizis Konstantinos, "
            "Magoulianos Nikolaos</dd>") in event
    days = re.findall(r'<a href="rounds/(\d)\.html">Round \d</a> · <time datetime="([^"]+)">'
                      r'([^<]+)</time>', event)
    first, second = ("2024-11-23", "23 November 2024"), ("2024-11-24", "24 November 2024")
    assert days == [("1", *first), ("2", *first), ("3", *first),
                    ("4", "2024-11-24T09:30", "24 November 2024, 09:30"),
                    ("5", *second), ("6", *second), ("7", *second)]
    round_page = (site / "rounds" / "4.html").read_text(encoding="utf-8")
    assert ('<p class="subtitle"><time datetime="2024-11-24T09:30">24 November 2024, 09:30'
            '</time></p>') in round_page


def test_dates_written_year_day_month_are_read_within_the_event(tmp_path: Path) -> None:
    """Bunratty Masters 2011 writes its 132 as YY.DD.MM (``11.25.02``, 25 February 2011):
    read inside the event's dates (042 25.02.2011, 052 27.02.2011) rather than dropped."""
    make_event(tmp_path / "events", "bunratty",
               CORPUS_TRF / "icu-bunratty-masters-2011-fixpts.trf")
    build_site(tmp_path / "events", tmp_path / "site", workers=1)
    page = (tmp_path / "site" / "bunratty" / "rounds" / "2.html").read_text(encoding="utf-8")
    assert '<time datetime="2011-02-26">26 February 2011</time>' in page


def test_the_live_preview_says_final_once_the_end_date_has_passed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # standings serve keeps the day in its own digest (preview/program.py): left running
    # past the end date, its next rebuild reads the event again, nothing of it edited.
    _dated_event(tmp_path / "events", "2011-07-03")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1309564800")  # 2011-07-02
    live = LiveBuild(events_root=tmp_path / "events", site=default_site_functions())
    before = live.refresh().files.render_all()
    assert json.loads(before["juniors/standings.json"])["status"] == "provisional"
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1309737600")  # 2011-07-04
    after = live.refresh().files.render_all()
    assert json.loads(after["juniors/standings.json"])["status"] == "final"
