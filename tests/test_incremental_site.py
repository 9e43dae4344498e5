"""``standings build`` reusing its last build, with the real reader, engine and templates.

The cache must never make a build differ from a clean one: each test compares a cached build
with a ``--clean`` build of the same inputs, every file byte for byte (the manifest
included), and checks that a build with nothing changed writes nothing at all.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from generator.cli import main
from generator.incremental import MANIFEST_NAME

ROOT = Path(__file__).resolve().parents[1]


def build(events: Path, out: Path, *extra: str) -> str:
    result = CliRunner().invoke(main, ["build", str(events), "--out", str(out), *extra])
    assert result.exit_code == 0, result.output
    return result.output


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def stamps(folder: Path) -> dict[str, tuple[int, int]]:
    return {p.relative_to(folder).as_posix(): (p.stat().st_ino, p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*"))}


def copy_examples(tmp_path: Path) -> Path:
    events = tmp_path / "club" / "events"
    shutil.copytree(ROOT / "events", events)
    return events


def test_nothing_changed_means_nothing_written(tmp_path: Path) -> None:
    events = copy_examples(tmp_path)
    out = tmp_path / "club" / "site"
    build(events, out)
    before, folder = stamps(out), out.stat().st_ino
    output = build(events, out)
    assert "is up to date, nothing written" in output
    assert stamps(out) == before and out.stat().st_ino == folder
    assert sorted(p.name for p in out.parent.iterdir()) == ["events", "site"]


def test_builds_reusing_the_cache_equal_a_clean_build(tmp_path: Path) -> None:
    events = copy_examples(tmp_path)
    cached, clean = tmp_path / "club" / "site", tmp_path / "clean"
    build(events, cached)
    build(events, cached)  # nothing changed
    # One event changes (its title), one is removed: the rest is reused.
    settings = events / "anna-club-2026" / "event.yml"
    text = settings.read_text(encoding="utf-8")
    assert "title:" in text
    settings.write_text(text.replace("title:", "title: Renamed -", 1), encoding="utf-8")
    shutil.rmtree(events / "alekhin-memorial")
    output = build(events, cached)
    assert "1 unchanged event reused" in output
    build(events, clean, "--clean")
    assert tree(cached) == tree(clean)
    assert MANIFEST_NAME in tree(clean)
    assert b"Renamed -" in tree(cached)["anna-club-2026/index.html"]
    assert not any(path.startswith("alekhin-memorial/") for path in tree(cached))


def test_a_club_template_change_renders_everything_again(tmp_path: Path) -> None:
    events = copy_examples(tmp_path)
    cached, clean = tmp_path / "club" / "site", tmp_path / "clean"
    build(events, cached)
    override = tmp_path / "club" / "templates"
    override.mkdir()
    base = (ROOT / "templates" / "base.html").read_text(encoding="utf-8")
    assert "</body>" in base
    (override / "base.html").write_text(base.replace("</body>", "<p>Our club</p></body>"),
                                        encoding="utf-8")
    output = build(events, cached)
    assert "reused" not in output
    build(events, clean, "--clean")
    assert tree(cached) == tree(clean)
    assert b"<p>Our club</p>" in tree(cached)["gros-open-2010/index.html"]


def test_clean_renders_everything_and_gives_the_same_site(tmp_path: Path) -> None:
    events = copy_examples(tmp_path)
    out = tmp_path / "club" / "site"
    build(events, out)
    first = tree(out)
    output = build(events, out, "--clean")
    assert "nothing written" not in output and "reused" not in output
    assert tree(out) == first
