"""The published site: formatting, addresses, the build, escaping, overrides, downloads.

Expected numbers come from the reference corpus (tests/corpus/expected, computed by
FIDE's reference calculator) or are worked by hand in the test.
"""

from __future__ import annotations

import csv
import io
import json
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import jinja2
import pytest
from click.testing import CliRunner
from conftest import CORPUS_EXPECTED, CORPUS_TRF
from kit.sitekit import make_event, make_seed_events, read_tree, write_in_place
from markupsafe import Markup

from generator.cli import main
from generator.errors import StandingsError
from generator.reading.events import read_events
from generator.rules.notation import parse_tiebreak
from generator.site import addresses, numbers, render, views, wording
from generator.site import build as site
from generator.site.build import build_site
from generator.site.inplace import InPlaceSite
from generator.site.staging import MARKER_NAME, MARKER_TEXT

# --- formatting ----------------------------------------------------------------------------


@pytest.mark.parametrize(("value", "text"), [
    ("0", "0"), ("0.5", "½"), ("0.25", "¼"), ("0.75", "¾"), ("3.5", "3½"), ("10.25", "10¼"),
    ("2.75", "2¾"), ("4.0", "4"), ("24", "24"), ("12.43", "12.43"), ("2005.50", "2005½"),
    ("-0.5", "-½"), ("45.83", "45.83"),
])
def test_points_as_chess_players_write_them(value: str, text: str) -> None:
    assert numbers.format_points(Decimal(value)) == text


def test_undefined_value_is_a_dash() -> None:
    assert numbers.format_points(None) == "–"
    assert render.tb_value(None) == "–"


@pytest.mark.parametrize(("value", "text"), [
    ("11.50", "11.5"), ("2120", "2120"), ("4.0", "4"), ("45.83", "45.83"), ("0", "0"),
    ("10.25", "10.25"),
])
def test_plain_decimals_for_csv_and_json(value: str, text: str) -> None:
    assert numbers.plain_decimal(Decimal(value)) == text


@pytest.mark.parametrize(("number", "text"), [
    (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"), (13, "13th"),
    (21, "21st"), (102, "102nd"), (111, "111th"),
])
def test_ordinals(number: int, text: str) -> None:
    assert render.ordinal(number) == text


@pytest.mark.parametrize(("here", "target", "link"), [
    ("index.html", "open/index.html", "open/index.html"),
    ("open/index.html", "index.html", "../index.html"),
    ("open/players/3.html", "open/players/12.html", "12.html"),
    ("open/players/3.html", "static/style.css", "../../static/style.css"),
    ("open/rounds/2.html", "tiebreaks/bh.html", "../../tiebreaks/bh.html"),
])
def test_links_are_relative_to_the_page(here: str, target: str, link: str) -> None:
    assert addresses.relative_link(here, target) == link


def test_anchor_and_label_of_a_tiebreak() -> None:
    spec = parse_tiebreak("BH/C1")
    assert views.player_anchor(12, spec) == "p12-bh-c1"
    assert wording.tiebreak_label(spec) == "Buchholz, cut 1"
    assert wording.tiebreak_articles(spec) == ("8.1", "14.1")
    assert addresses.tiebreak_page("GE") == "tiebreaks/rep.html"


@pytest.mark.parametrize(("start", "end", "text"), [
    ((2025, 1, 10), (2025, 1, 12), "10–12 January 2025"),
    ((2025, 1, 30), (2025, 2, 2), "30 January – 2 February 2025"),
    ((2025, 12, 30), (2026, 1, 2), "30 December 2025 – 2 January 2026"),
    ((2025, 1, 10), None, "10 January 2025"),
])
def test_date_ranges(start: tuple[int, int, int], end: tuple[int, int, int] | None,
                     text: str) -> None:
    import datetime
    assert numbers.date_range(datetime.date(*start),
                              datetime.date(*end) if end else None) == text


# --- Markdown notes are escaped like every other field --------------------------------------

def test_raw_html_in_notes_is_shown_as_text() -> None:
    html = str(render.render_markdown("Prizes <script>alert(1)</script> **soon**\n\n"
                                      "<div onclick=x>block</div>\n"))
    assert "<script>" not in html and "<div" not in html
    assert "&lt;script&gt;" in html and "<strong>soon</strong>" in html


def test_script_links_in_notes_are_dropped() -> None:
    html = str(render.render_markdown("[click](javascript:alert(1)) [ok](https://fide.com)"))
    assert "javascript:" not in html
    assert 'href="https://fide.com"' in html


# --- writing the site ------------------------------------------------------------------------

def test_the_site_written_in_place_holds_the_new_pages_and_no_others(tmp_path: Path) -> None:
    out = tmp_path / "site"
    write_in_place({"index.html": b"one", "a/b.html": b"two"}, out)
    write_in_place({"index.html": b"three"}, out)
    assert read_tree(out) == {MARKER_NAME: MARKER_TEXT, "index.html": b"three"}
    assert sorted(p.name for p in out.iterdir()) == [MARKER_NAME, "index.html"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_page_outside_the_site_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    out = tmp_path / "site"
    write_in_place({"index.html": b"good"}, out)
    for outside in ("../escape.html", "/tmp/escape.html"):
        with pytest.raises(ValueError, match="outside the site"):
            write_in_place({"index.html": b"new", outside: b"x"}, out)
    assert read_tree(out) == {MARKER_NAME: MARKER_TEXT, "index.html": b"good"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_two_different_pages_for_one_path_are_refused(tmp_path: Path) -> None:
    site = InPlaceSite(tmp_path / "site")
    try:
        site.write({"index.html": b"new", "ev/a.html": b"a"})
        site.write({"index.html": b"new"})  # the same page again is fine
        with pytest.raises(ValueError, match=r"two different pages for 'index\.html'"):
            site.write({"index.html": b"other"})
    finally:
        site.close()
    assert (tmp_path / "site" / "index.html").read_bytes() == b"new"


# --- building ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def seed_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("seed")
    events = make_seed_events(root / "events")
    make_event(events, "with-notes", CORPUS_TRF / "synth-round-robin.trf",
               "title: Club round robin\ntiebreaks: [DE, SB, WIN]\n",
               notes="Prize giving at **18:00**. <b>bold?</b>\n")
    build_site(events, root / "site")
    return root / "site"


def test_every_page_type_is_built(seed_site: Path) -> None:
    files = read_tree(seed_site)
    for slug, players, rounds in (("seed-anna", 8, 5), ("club-byes", 15, 7)):
        for name in ("index.html", "crosstable.html", "starting-list.html", "standings.csv",
                     "standings.json", f"{slug}.trf"):
            assert f"{slug}/{name}" in files
        for round_no in range(1, rounds + 1):
            assert f"{slug}/rounds/{round_no}.html" in files
            assert f"{slug}/rounds/{round_no}-standings.html" in files
        for start_no in range(1, players + 1):
            assert f"{slug}/players/{start_no}.html" in files
    for name in ("index.html", "people/index.html", "tiebreaks/index.html",
                 "tiebreaks/bh.html", "tiebreaks/sb.html", "tiebreaks/de.html",
                 "tiebreaks/unplayed-rounds.html", "static/style.css", "static/site.js",
                 ".nojekyll"):
        assert name in files


def test_the_trf_download_is_the_file_itself(seed_site: Path) -> None:
    assert (seed_site / "seed-anna/seed-anna.trf").read_bytes() == (
        CORPUS_TRF / "seed-anna.trf").read_bytes()


def test_build_is_byte_identical(seed_site: Path, tmp_path: Path) -> None:
    # Same input, second build elsewhere: every file equal, byte for byte.
    events = make_seed_events(tmp_path / "events")
    make_event(events, "with-notes", CORPUS_TRF / "synth-round-robin.trf",
               "title: Club round robin\ntiebreaks: [DE, SB, WIN]\n",
               notes="Prize giving at **18:00**. <b>bold?</b>\n")
    build_site(events, tmp_path / "site")
    assert read_tree(tmp_path / "site") == read_tree(seed_site)


@pytest.mark.parametrize("players_per_job", [None, 1])
def test_event_jobs_render_their_paths_and_together_the_event(
        tmp_path: Path, players_per_job: int | None) -> None:
    events = make_seed_events(tmp_path / "events")
    env = site.make_environment(events)
    for event in read_events(events):
        plan = site.plan_event(event)
        jobs = site.event_jobs(plan, players_per_job=players_per_job)
        # The standings page alone comes first: serve renders it before anything else.
        assert jobs[0].kind.name == "standings"
        assert jobs[0].paths(plan) == (f"{plan.slug}/index.html",)
        together: dict[str, bytes] = {}
        for job in jobs:
            files = site.render_event_job(plan, env, job)
            assert tuple(files) == job.paths(plan), job
            assert not set(files) & set(together), job
            together.update(files)
        assert together == site.render_event(plan, env), plan.slug


def _expected(name: str, edition: str) -> dict[int, dict[str, float | None]]:
    data = json.loads((CORPUS_EXPECTED / f"{name}.json").read_text())
    return {p["start_no"]: {"rank": p["rank"][edition], **p["values"][edition]}
            for p in data["players"]}


@pytest.mark.parametrize(("slug", "corpus", "edition"), [
    ("seed-anna", "seed-anna", "2024"),
    ("club-byes", "synth-club-byes", "2026"),
])
def test_json_download_matches_the_reference(seed_site: Path, slug: str, corpus: str,
                                             edition: str) -> None:
    document = json.loads((seed_site / slug / "standings.json").read_text(encoding="utf-8"))
    assert document["edition"] == edition
    assert document["tiebreaks"] == ["BH/C1", "BH", "SB"]
    expected = _expected(corpus, edition)
    assert len(document["players"]) == len(expected)
    for player in document["players"]:
        reference = expected[player["start_no"]]
        assert player["points"] == pytest.approx(reference["PTS"])
        for code in ("BH/C1", "BH", "SB"):
            assert player["tiebreaks"][code] == pytest.approx(reference[code]), (player, code)
        # A rated event's players also carry their FIDE rating change (site/rating_view.py).
        assert set(player) - {"rating_change", "k", "k_source"} == {
            "start_no", "name", "rank", "points", "tiebreaks"}


def test_csv_download_has_plain_decimals(seed_site: Path) -> None:
    rows = list(csv.DictReader(io.StringIO(
        (seed_site / "club-byes/standings.csv").read_text(encoding="utf-8"))))
    berg = next(r for r in rows if r["start_no"] == "10")
    # synth-club-byes, 2026: Berg 3 points, BH/C1 21, BH 24, SB 10.25 (reference corpus).
    assert (berg["points"], berg["BH/C1"], berg["BH"], berg["SB"]) == ("3", "21", "24", "10.25")
    assert berg["name"] == "Berg, Pavel" and berg["federation"] == "HUN"


def _section(html: str, anchor: str) -> str:
    start = html.index(f'id="{anchor}"')
    end = html.find("<section", start + 1)
    return html[start:end if end > 0 else None]


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_player_page_shows_the_whole_derivation(seed_site: Path) -> None:
    # The design wireframe's case (shared/design/player-page.md), values from the corpus:
    # Berg (10) of synth-club-byes, edition 2026: BH/C1 21, BH 24, SB 10¼, 11th of 15.
    html = (seed_site / "club-byes/players/10.html").read_text(encoding="utf-8")
    text = _text(html)
    assert "11th of 15" in text and "3 points" in text
    bh_c1 = _text(_section(html, "p10-bh-c1"))
    assert "BH/C1 = 21" in bh_c1
    assert "dummy opponent" in bh_c1 and "half-point bye" in bh_c1
    assert "= 24, less round 1 (3) = 21" in bh_c1
    # Each round's reasons under the sum, the round named (its numbers are the round table's).
    # The requested bye goes first (16.5).
    assert re.search(r"Round 1 \( dummy opponent \): Cut first[^<]*\(C\.07 16\.5\)", bh_c1)
    assert "SB = 10¼" in _text(_section(html, "p10-sb"))
    assert "BH = 24" in _text(_section(html, "p10-bh"))
    why = _text(html.split('<section class="neighbours">', 1)[1].split("</section>", 1)[0])
    assert "BH/C1" in why


def test_only_a_table_whose_values_open_their_derivations_names_its_columns_anchors(
        seed_site: Path) -> None:
    # site.js opens "#p<number>-<data-anchor>" for a value of a data-derivations table
    # only: the standings after an earlier round and the crosstable link no value, and
    # their headings carry no anchor (issue 26: a page for every round).
    event = (seed_site / "seed-anna/index.html").read_text(encoding="utf-8")
    assert "data-derivations" in event and 'data-anchor="bh"' in event
    for page in ("seed-anna/rounds/2-standings.html", "seed-anna/crosstable.html"):
        html = (seed_site / page).read_text(encoding="utf-8")
        assert "data-derivations" not in html and "data-anchor" not in html, page


def test_fide_id_links_to_the_fide_profile(seed_site: Path) -> None:
    html = (seed_site / "club-byes/players/10.html").read_text(encoding="utf-8")
    assert 'href="https://ratings.fide.com/profile/74128888"' in html


def test_notes_are_rendered_and_escaped(seed_site: Path) -> None:
    html = (seed_site / "with-notes/index.html").read_text(encoding="utf-8")
    assert "<strong>18:00</strong>" in html
    assert "&lt;b&gt;bold?&lt;/b&gt;" in html


def test_round_robin_gets_a_berger_grid(seed_site: Path) -> None:
    html = (seed_site / "with-notes/crosstable.html").read_text(encoding="utf-8")
    assert "Berger table" in html and 'class="cell self"' in html


def test_index_lists_events_newest_first(seed_site: Path) -> None:
    text = _text((seed_site / "index.html").read_text(encoding="utf-8"))
    # synth-club-byes starts 2026-03-14, the seeds in January 2025.
    assert text.index("Club open with byes") < text.index("Seed example Anna")


HOSTILE_NAME = "<script>alert(1)</script>"


def test_names_from_the_trf_are_escaped(tmp_path: Path) -> None:
    trf = (CORPUS_TRF / "seed-anna.trf").read_text(encoding="utf-8")
    trf = trf.replace("Zurab" + " " * len(HOSTILE_NAME[5:]), HOSTILE_NAME, 1)
    assert HOSTILE_NAME in trf
    events = tmp_path / "events"
    make_event(events, "hostile", trf, "title: 'Open \"<b>&</b>\"'\ntiebreaks: [BH]\n")
    build_site(events, tmp_path / "site")
    for page in (tmp_path / "site").rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert "<script>alert" not in html, page
        assert "<b>&" not in html, page
    html = (tmp_path / "site/hostile/players/8.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


@pytest.mark.parametrize("value", [
    HOSTILE_NAME, "Müller & Söhne 'Ø' \"quoted\"", "", "plain", 2120, Decimal("10.5"), None,
    Markup("<em>kept</em>"),
])
def test_our_environment_escapes_as_jinja_does(value: object) -> None:
    # render.py writes {{ }} through its own escape (the same text, without the Markup
    # wrapper): every page must come out as Jinja's own autoescape would write it.
    source = ("<p title=\"{{ v }}\">{{ v }}</p>{% macro m(x) %}[{{ x }}]{% endmacro %}{{ m(v) }}"
              "{% filter string %}({{ v }}){% endfilter %}{% set b %}{{ v }}{% endset %}{{ b }}"
              "{{ v ~ '<' }}{{ [v]|join(',') }}"
              # A sentence with a field, twice: the second is the one render.py kept.
              "{{ _('<%(x)s>', x=v) }}{{ _('<%(x)s>', x=v) }}"
              "{{ pgettext('p', '%(x)s&', x=v) }}{{ pgettext('p', '%(x)s&', x=v) }}"
              "{{ ngettext('%(num)s: %(x)s', '%(num)s: %(x)s!', 1, x=v) }}"
              "{{ ngettext('%(num)s: %(x)s', '%(num)s: %(x)s!', 2, x=v) }}")
    ours = render.make_environment(None).from_string(source).render(v=value)
    plain = jinja2.Environment(autoescape=True, extensions=["jinja2.ext.i18n"])
    plain.install_null_translations(newstyle=True)  # type: ignore[attr-defined]
    jinjas = plain.from_string(source).render(v=value)
    assert ours == jinjas


def test_a_club_template_overrides_ours(tmp_path: Path) -> None:
    events = make_seed_events(tmp_path / "events", ("seed-anna",))
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates/tiebreaks.html").write_text(
        '{% extends "base.html" %}{% block main %}<h1>Our club rules</h1>{% endblock %}\n')
    build_site(events, tmp_path / "site")
    assert "Our club rules" in (tmp_path / "site/tiebreaks/index.html").read_text()
    assert "Our club rules" not in (tmp_path / "site/index.html").read_text()


def test_a_broken_club_template_is_a_diagnostic(tmp_path: Path) -> None:
    events = make_seed_events(tmp_path / "events", ("seed-anna",))
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates/index.html").write_text("{% extends 'base.html' %}\n{% block main %}\n")
    with pytest.raises(StandingsError) as caught:
        build_site(events, tmp_path / "site")
    assert str(caught.value).startswith(str(tmp_path / "templates/index.html") + ":2:")
    # Written in place (generator/site/inplace.py): the event's pages may be there, the
    # index that would link them is not.
    assert not (tmp_path / "site" / "index.html").exists()


def test_a_failed_build_keeps_the_previous_site(tmp_path: Path) -> None:
    events = make_seed_events(tmp_path / "events", ("seed-anna",))
    out = tmp_path / "site"
    build_site(events, out)
    before = read_tree(out)
    (events / "seed-anna/tournament.trf").write_text("012 broken\n001 garbage\n")
    with pytest.raises(StandingsError):
        build_site(events, out)
    assert read_tree(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["events", "site"]


def test_event_folder_may_not_take_a_name_the_site_uses(tmp_path: Path) -> None:
    events = tmp_path / "events"
    make_event(events, "static", CORPUS_TRF / "seed-anna.trf")
    with pytest.raises(StandingsError, match="'static' is used by the site itself"):
        build_site(events, tmp_path / "site")


# --- the command --------------------------------------------------------------------------

def test_build_command_writes_the_site(tmp_path: Path) -> None:
    events = make_seed_events(tmp_path / "events", ("seed-anna",))
    result = CliRunner().invoke(main, ["build", str(events), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "wrote" in result.output
    assert (tmp_path / "out/seed-anna/players/1.html").is_file()


def test_build_command_reports_every_problem_and_exits_1(tmp_path: Path) -> None:
    events = make_seed_events(tmp_path / "events", ("seed-anna", "seed-alekhin"))
    (events / "seed-anna/event.yml").write_text("tiebreaks: [BH/C9X]\n")
    (events / "seed-alekhin/event.yml").write_text("titel: x\n")
    result = CliRunner().invoke(main, ["build", str(events), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert "seed-anna/event.yml:1:" in result.output
    assert "seed-alekhin/event.yml:1:1:" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_forked_workers_render_the_same_files(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.reading.events import read_events
    from generator.site.build import plan_site, render_site

    monkeypatch.setattr(render, "PARALLEL_MIN_PLAYERS", 0)
    events = make_seed_events(tmp_path / "events", ("club-byes",))
    site = plan_site(read_events(events))
    env = render.make_environment(events)
    alone = render_site(site, env, workers=1)
    forked = render_site(site, env, workers=2)
    assert forked == alone
    assert len(alone) > 30


def test_forked_workers_work_out_nothing_the_plan_shares(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Each part of the plan the pages share is worked out once, in the build, before it
    # forks: a worker that worked one out again would spend its CPU on what its sibling
    # and its parent already did.
    import os
    from collections.abc import Callable

    from generator.site import plan as plans
    from generator.site.build import plan_site, render_site

    log = tmp_path / "worked-out.txt"

    def logging(name: str, work_out: Callable[[plans.EventPlan], object]
                ) -> Callable[[plans.EventPlan], object]:
        def logged(plan: plans.EventPlan) -> object:
            with log.open("a", encoding="utf-8") as found:
                found.write(f"{name} {os.getpid()}\n")
            return work_out(plan)
        return logged

    for name, part in vars(plans.EventPlan).items():
        if isinstance(part, plans._WorkedOut):
            monkeypatch.setattr(part, "_work_out", logging(name, part._work_out))
    monkeypatch.setattr(render, "PARALLEL_MIN_PLAYERS", 0)
    events = make_seed_events(tmp_path / "events", ("club-byes",))
    site = plan_site(read_events(events))
    render_site(site, render.make_environment(events), workers=2)
    worked_out = [line.split() for line in log.read_text(encoding="utf-8").splitlines()]
    assert {name for name, _ in worked_out} >= {"running", "final_points", "person_keys"}
    assert [name for name, pid in worked_out if pid != str(os.getpid())] == []


def test_forked_build_compiles_each_template_it_renders_once_and_no_other(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Compiled before the fork, a template is inherited by every worker (else each
    # compiles it again); a template of pages the event does not have (a team event's,
    # on an individual event) is not compiled at all.
    import os

    from generator.site.build import plan_site, render_site

    monkeypatch.setattr(render, "PARALLEL_MIN_PLAYERS", 0)
    monkeypatch.setenv(render.COMPILED_TEMPLATES_DIR, "")  # every template compiled here
    events = make_seed_events(tmp_path / "events", ("club-byes",))
    site = plan_site(read_events(events))
    env = render.make_environment(events)
    compile_source = env.compile
    log = tmp_path / "compiled.txt"

    def compile_logged(source: str, name: str | None = None, *args: Any,
                       **kwargs: Any) -> Any:
        with log.open("a", encoding="utf-8") as found:
            found.write(f"{name} {os.getpid()}\n")
        return compile_source(source, name, *args, **kwargs)

    monkeypatch.setattr(env, "compile", compile_logged)
    render_site(site, env, workers=2)
    compiled = [line.split() for line in log.read_text(encoding="utf-8").splitlines()]
    names = [name for name, _ in compiled]
    assert "player.html" in names and "_macros.html" in names
    assert not {"team.html", "member.html", "boards.html"} & set(names)
    assert sorted(set(names)) == sorted(names)
    assert [name for name, pid in compiled if pid != str(os.getpid())] == []


def test_pages_workflow_uses_the_official_actions_and_publishes_no_build_record() -> None:
    import yaml
    from conftest import ROOT

    workflow = yaml.safe_load((ROOT / ".github/workflows/pages.yml").read_text())
    steps = [s for job in workflow["jobs"].values() for s in job["steps"]]
    used = dict(s["uses"].split("@") for s in steps if "uses" in s)
    assert {"actions/configure-pages", "actions/upload-pages-artifact",
            "actions/deploy-pages"} <= set(used)
    # From v4 on the upload leaves out names beginning with a dot (v3 sent them): the
    # manifest in site/.standings-cache/ is the build's, not the visitors'.
    assert int(used["actions/upload-pages-artifact"].lstrip("v")) >= 4
    commands = " ".join(s.get("run", "") for s in steps)
    assert "standings build" in commands


def test_json_download_is_what_standings_rank_prints(tmp_path: Path) -> None:
    # Same schema and same numbers as `standings rank --format json`, AOB rounding and a
    # repeated DE ("DE#2") included.
    events = tmp_path / "events"
    folder = make_event(events, "club", CORPUS_TRF / "synth-club-byes.trf",
                        "tiebreaks: [DE, BH/C1, AOB, DE, SB]\nedition: '2026'\n")
    build_site(events, tmp_path / "site")
    result = CliRunner().invoke(main, ["rank", str(folder), "--format", "json"])
    assert result.exit_code == 0, result.output
    printed = json.loads(result.stdout)
    downloaded = json.loads((tmp_path / "site/club/standings.json").read_text(encoding="utf-8"))
    assert downloaded == printed
    assert "DE#2" in downloaded["players"][0]["tiebreaks"]


def test_an_unfinished_event_is_marked_provisional(tmp_path: Path) -> None:
    events = tmp_path / "events"
    make_event(events, "running", CORPUS_TRF / "seed-anna.trf",
               "title: Still running\ntotal_rounds: 7\ntiebreaks: [BH]\n")
    build_site(events, tmp_path / "site")
    event = _text((tmp_path / "site/running/index.html").read_text(encoding="utf-8"))
    assert "Standings after round 5 of 7 provisional" in event
    assert "5 of 7 played" in event
    index = _text((tmp_path / "site/index.html").read_text(encoding="utf-8"))
    assert "(leading)" in index and "5 of 7" in index
    after = _text((tmp_path / "site/running/rounds/2-standings.html").read_text(encoding="utf-8"))
    assert "provisional" in after


def test_builds_in_separate_processes_are_byte_identical(tmp_path: Path) -> None:
    # Different hash seeds: no set or dict order may leak into the pages.
    import os
    import subprocess
    import sys

    events = make_seed_events(tmp_path / "events")
    trees = []
    for seed in ("1", "2"):
        out = tmp_path / f"site-{seed}"
        subprocess.run([sys.executable, "-m", "generator", "build", str(events), "--out",
                        str(out)], check=True, capture_output=True,
                       env={**os.environ, "PYTHONHASHSEED": seed})
        trees.append({k: v for k, v in read_tree(out).items()
                      if not k.startswith(".standings-cache")})
    assert trees[0] == trees[1]
    assert len(trees[0]) > 100


def test_the_wheel_carries_templates_static_files_and_explanations(tmp_path: Path) -> None:
    # A non-editable install must find everything the site needs inside the package.
    import shutil
    import subprocess
    import sys
    import zipfile

    from conftest import ROOT

    # Build from a copy: an in-tree build would leave build/ behind in the checkout.
    source = tmp_path / "source"
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info")
    for name in ("generator", "templates"):
        shutil.copytree(ROOT / name, source / name, ignore=ignore)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(tmp_path), str(source)], check=True, capture_output=True,
                   cwd=tmp_path)
    wheel = next(tmp_path.glob("standings-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    templates = {p.relative_to(ROOT / "templates").as_posix()
                 for p in (ROOT / "templates").rglob("*")
                 if p.is_file() and "__pycache__" not in p.parts}
    assert {f"generator/templates/{t}" for t in templates} <= names
    explanations = {f"generator/explanations/{p.name}"
                    for p in (ROOT / "generator/explanations").glob("*.md")}
    assert explanations <= names and len(explanations) >= 20
    # Issue 13: each language's explanation pages and catalogue (a site installed with
    # `pip install .`, as the Pages workflow does, builds in every shipped language).
    translated = {f"generator/{p.relative_to(ROOT / 'generator').as_posix()}"
                  for p in (ROOT / "generator/explanations").glob("*/*.md")}
    catalogues = {f"generator/{p.relative_to(ROOT / 'generator').as_posix()}"
                  for p in (ROOT / "generator/locales").glob("*/LC_MESSAGES/standings.po")}
    assert translated <= names and len(translated) >= 5 * len(explanations)
    assert catalogues <= names and len(catalogues) >= 5
    flags = {f"generator/flags/{p.name}" for p in (ROOT / "generator/flags").iterdir()}
    assert flags <= names and len(flags) > 190  # the SVGs, LICENSE and PROVENANCE.md
