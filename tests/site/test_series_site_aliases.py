"""``aliases`` in site.yml (issue 28: "an aliases table in the series (or in site.yml)"):
one table that joins the spellings of a person in every series of the site."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.errors import StandingsError
from generator.site.build import build_site
from tests.site.test_series_site import misspell_march_junior

ROOT = Path(__file__).resolve().parents[2]
BLITZ = sorted(p.name for p in (ROOT / "events").glob("blitz-2026-*"))
SERIES = ROOT / "series" / "club-blitz-2026.yml"
ALIASES = 'aliases:\n  "Haugen, Sofie": ["Haugen, Sofia"]\n'
"""The example series' own table: March's entry typed the junior's name otherwise."""


def _project(tmp_path: Path, site_yml: str) -> Path:
    for name in BLITZ:
        shutil.copytree(ROOT / "events" / name, tmp_path / "events" / name)
    (tmp_path / "series").mkdir()
    text = SERIES.read_text(encoding="utf-8")
    assert ALIASES in text
    (tmp_path / "series" / SERIES.name).write_text(text.replace(ALIASES, ""), encoding="utf-8")
    (tmp_path / "site.yml").write_text(site_yml, encoding="utf-8")
    return tmp_path


def _persons(site: Path) -> list[str]:
    document = json.loads((site / "series/club-blitz-2026/standings.json").read_text("utf-8"))
    return sorted(row["name"] for row in document["standings"])


def test_the_site_table_joins_spellings_in_every_series(tmp_path: Path) -> None:
    joined = _project(tmp_path / "joined", "title: Club\n" + ALIASES)
    build_site(joined / "events", joined / "site", workers=1)
    apart = _project(tmp_path / "apart", "title: Club\n")
    build_site(apart / "events", apart / "site", workers=1)
    assert _persons(apart / "site").count("Haugen, Sofia") == 1  # apart: two persons
    assert "Haugen, Sofia" not in _persons(joined / "site")
    assert len(_persons(joined / "site")) == len(_persons(apart / "site")) - 1


def test_check_no_longer_lists_a_pair_the_site_table_joins(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = _project(tmp_path, "title: Club\n" + ALIASES.replace("Sofia", "Sofi"))
    misspell_march_junior(project)
    monkeypatch.chdir(project)
    result = CliRunner().invoke(main, ["check", "events"])
    assert result.exit_code == 0, result.output
    assert "probable duplicate not joined" not in result.output


def test_a_site_table_of_the_wrong_shape_is_refused_at_its_line(tmp_path: Path) -> None:
    project = _project(tmp_path, "title: Club\naliases: [Haugen, Sofie]\n")
    with pytest.raises(StandingsError) as raised:
        build_site(project / "events", project / "site", workers=1)
    assert [d.location for d in raised.value.diagnostics] == [f"{project / 'site.yml'}:2:10"]
    assert "'aliases' must be a mapping, not a list" in str(raised.value)


def test_a_misspelt_site_table_is_named(tmp_path: Path) -> None:
    project = _project(tmp_path, "title: Club\nalias:\n  Haugen, Sofie: [Haugen, Sofia]\n")
    with pytest.raises(StandingsError) as raised:
        build_site(project / "events", project / "site", workers=1)
    assert "unknown setting 'alias'; did you mean 'aliases'?" in str(raised.value)
