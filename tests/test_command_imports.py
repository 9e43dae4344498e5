"""``standings rank``, ``check`` and ``explain`` load only what they use (issue 25).

A command is run in a fresh interpreter, as ``python -m generator`` runs it, and the modules
it loaded are read back from ``sys.modules``. ``tests/test_layers.py`` checks the imports
as written; this checks what a command really pulls in through them, its lazy imports
included. Nothing here is timed: a module that is not loaded costs nothing.
"""

from __future__ import annotations

import functools
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EVENT = ROOT / "events" / "gros-open-2010"
"""Rated players, categories and prizes in event.yml: every part of the plan has work."""

DRAWING = ("jinja2", "markupsafe", "markdown", "nh3", "segno")
"""Templates, escaping, Markdown, QR codes: the pages' machinery."""
SITE_ONLY = ("defusedxml", "xml", "babel.messages", "babel.dates", "babel.numbers",
             "babel.support", "generator.site.render", "generator.site.pages",
             "generator.site.player_view", "generator.site.views", "generator.site.build",
             "generator.site.language", "generator.reading.svg_logo",
             "generator.reading.site_settings")
"""The site's catalogues and dates, site.yml and its logo, the page records."""
FOR_PAGES = ("generator.site.prize_view", "generator.site.prize_words",
             "generator.site.rating_view", "generator.site.people", "generator.site.headline",
             "generator.site.wording", "generator.site.numbers", "generator.site.derivation")
"""The prizes', ratings' and people's pages, the words and the numbers in a language.

(event.yml's categories and prizes are read, and refused when wrong, by every command: their
settings are loaded with the reader; the plan awards them only when a page asks.)"""

_RUN = """
import json, sys
from generator.cli import main
try:
    main(sys.argv[1:], prog_name="standings")
except SystemExit:
    pass
sys.stdout.flush()
print("\\n" + json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


@functools.cache
def loaded_by(*arguments: str) -> frozenset[str]:
    """The modules a fresh interpreter holds after running ``standings ARGUMENTS``: run once
    a test run for the same arguments (several tests read the same command's modules)."""
    finished = subprocess.run([sys.executable, "-c", _RUN, *arguments], capture_output=True,
                              text=True, cwd=ROOT, check=False)
    last = finished.stderr.strip().splitlines()[-1]
    modules: list[str] = json.loads(last)
    return frozenset(modules)


def offenders(modules: frozenset[str] | set[str], unwanted: tuple[str, ...]) -> list[str]:
    """The modules of ``modules`` that are, or are inside, one of ``unwanted``."""
    return sorted(m for m in modules
                  if any(m == u or m.startswith(u + ".") for u in unwanted))


PLAN_ONLY = ("generator.site.plan", "generator.site.person_keys", "generator.site.schedule")
"""The event's plan and what only its pages read of it (the person keys, the schedule):
``rank`` prints the standings and their rating changes alone (site/event_standings.py)."""


@pytest.mark.parametrize("output", ["text", "json", "csv"])
def test_rank_loads_no_page_machinery(output: str) -> None:
    modules = loaded_by("rank", str(EVENT), "--format", output)
    assert "generator.rules.ranking" in modules  # it did rank
    assert "generator.rules.rating_change" in modules  # the downloads carry the changes
    assert offenders(modules, DRAWING + SITE_ONLY + FOR_PAGES + PLAN_ONLY) == []
    # explain reads the plan (a player's first-screen sentences): the check sees it.
    assert offenders(loaded_by("explain", str(EVENT), "1"), PLAN_ONLY) != []


@pytest.fixture(scope="module")
def alone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The event's TRF file alone in a folder, without its event.yml."""
    trf = tmp_path_factory.mktemp("alone") / "tournament.trf"
    trf.write_bytes((EVENT / "tournament.trf").read_bytes())
    return trf


PRIZE_RULES = ("generator.rules.categories", "generator.rules.prizes")
"""Who is in a category, who gets a prize: a TRF file has no categories or prizes to read
(event.yml announces them), and a player's date of birth is read by rules/births.py."""


def test_rank_of_a_file_without_settings_loads_no_category_or_prize_rule(alone: Path) -> None:
    modules = loaded_by("rank", str(alone), "--format", "json")
    assert "generator.rules.rating_change" in modules  # its players' ages were read
    assert offenders(modules, PRIZE_RULES) == []
    # The event with its event.yml loads them: the check sees them.
    assert offenders(loaded_by("rank", str(EVENT), "--format", "json"), PRIZE_RULES) != []


def test_rank_of_a_file_without_settings_loads_no_yaml(alone: Path) -> None:
    # PyYAML is loaded where a settings file is read (reading/settings_reader.py): a TRF
    # file alone has none, and the event with its event.yml shows that the check sees it.
    assert offenders(loaded_by("rank", str(alone), "--format", "json"), ("yaml",)) == []
    assert offenders(loaded_by("rank", str(EVENT)), ("yaml",)) != []


SETTINGS_READERS = ("generator.reading.events", "generator.reading.settings",
                    "generator.reading.settings_reader", "generator.reading.prize_settings",
                    "generator.reading.rating_settings", "generator.reading.festival",
                    "generator.reading.festival_prize_settings", "generator.reading.notes",
                    "generator.rules.cross_section")
"""event.yml's, notes.md's and festival.yml's readers, and what only they use: a TRF file
with none of them beside it is read without them (reading/trf_event.py)."""


@pytest.mark.parametrize("command", [("rank", "--format", "json"), ("rank",), ("check",),
                                     ("explain", "1")], ids=" ".join)
def test_a_file_without_settings_loads_no_settings_reader(alone: Path,
                                                          command: tuple[str, ...]) -> None:
    name, *options = command
    modules = loaded_by(name, str(alone), *options)
    assert "generator.rules.ranking" in modules  # it did rank
    assert offenders(modules, SETTINGS_READERS) == []
    # The event with its event.yml loads them: the check sees them.
    assert offenders(loaded_by(name, str(EVENT), *options), SETTINGS_READERS) != []


LIBRARY_NOT_FOR_RANK = ("hashlib", "_hashlib", "random", "difflib")
"""The standard library's modules a plain ranking does not use: the person keys' digests
(OpenSSL), drawing lots, a mistake's "did you mean"."""


@pytest.mark.parametrize("output", ["text", "json"])
def test_rank_loads_no_digest_lots_suggestion_or_csv_it_does_not_use(output: str) -> None:
    modules = loaded_by("rank", str(EVENT), "--format", output)
    assert offenders(modules, (*LIBRARY_NOT_FOR_RANK, "csv", "_csv")) == []
    # The CSV loads its writer; the check sees it.
    assert offenders(loaded_by("rank", str(EVENT), "--format", "csv"), ("csv",)) == ["csv"]


def test_check_loads_no_page_machinery() -> None:
    modules = loaded_by("check", str(EVENT))
    assert "generator.rules.ranking" in modules
    assert offenders(modules, DRAWING + SITE_ONLY + FOR_PAGES) == []


def test_explain_loads_no_babel_and_no_page_machinery() -> None:
    # Its words are English and its numbers plain: no catalogue, no CLDR data, no template.
    modules = loaded_by("explain", str(EVENT), "1")
    assert "generator.site.derivation" in modules  # it did explain
    assert offenders(modules, ("babel", "jinja2", "markdown", "nh3", "segno",
                               "generator.site.render", "generator.site.pages",
                               "generator.site.player_view", "generator.site.build",
                               "generator.reading.site_settings")) == []


def test_the_check_sees_what_the_site_loads() -> None:
    # The same run of a command that draws pages is caught by the same lists.
    modules = loaded_by("--help")
    assert offenders(modules, DRAWING + SITE_ONLY) == []
    assert offenders({"jinja2.environment", "babel.dates", "generator.site.render"},
                     DRAWING + SITE_ONLY) == ["babel.dates", "generator.site.render",
                                              "jinja2.environment"]


BUILD_MACHINERY = ("babel", "generator.site.build", "generator.site.render",
                   "generator.site.pages", "generator.site.plan", "generator.site.language",
                   "generator.site.series_unit")
"""What a build renders with: a build that finds nothing changed ends before it
(site/up_to_date.py)."""


def test_a_build_with_nothing_changed_loads_no_page_machinery(tmp_path: Path) -> None:
    events, site = tmp_path / "events", tmp_path / "site"
    shutil.copytree(EVENT, events / EVENT.name)
    # The first build renders: the check sees the machinery it loads.
    assert offenders(loaded_by("build", str(events), "--out", str(site)),
                     DRAWING + BUILD_MACHINERY) != []
    assert (site / EVENT.name / "index.html").is_file()
    # The same build again (its options written first: loaded_by runs each once).
    assert offenders(loaded_by("build", "--out", str(site), str(events)),
                     DRAWING + BUILD_MACHINERY) == []
