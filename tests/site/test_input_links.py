"""No file from outside the events is published through a symbolic link (issue 22, item 1).

Every input a build reads (the TRF file, event.yml, notes.md, site.yml and its logo, a
club's template and its static files) is refused when it is a link, wherever the link
points (generator/files.py): to a file outside the project, to the build's own
``/proc/self/environ``, or to ``.git/config`` inside the project. The error names the path
first, the build exits 1 with or without ``--strict``, and the site built before stays
exactly as it was, holding nothing of the link's target.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from conftest import CORPUS_TRF, ROOT
from kit.sitekit import make_event, read_tree

from generator.cli import main

SECRET = "SECRET-e1f0c3"
"""What the file behind a link holds; it must appear in no published file."""

LINK_FIX = "expected the file itself in its place, not a symbolic link"
TRF = (CORPUS_TRF / "seed-anna.trf").read_text(encoding="utf-8")


def _secret_for(kind: str) -> str:
    """A file that the build would publish if it followed the link to it."""
    if kind == "tournament.trf":
        return TRF.replace("012 Seed example Anna", f"012 {SECRET}", 1)
    if kind in ("event.yml", "site.yml"):
        return f"title: {SECRET}\n"
    if kind == "logo":
        return f'<svg xmlns="http://www.w3.org/2000/svg"><title>{SECRET}</title></svg>'
    return f"{SECRET}\n"


# kind -> (the link's place in the project, how its diagnostic starts, the folder it leaves)
KINDS = {
    "tournament.trf": ("events/anna/tournament.trf", "events/anna/tournament.trf: cannot read",
                       "the project folder"),
    "event.yml": ("events/anna/event.yml", "events/anna/event.yml: cannot read",
                  "the project folder"),
    "notes.md": ("events/anna/notes.md", "events/anna/notes.md: cannot read",
                 "the project folder"),
    "site.yml": ("site.yml", "site.yml: cannot read", "the project folder"),
    "logo": ("logo.svg", "site.yml:1:7: 'logo': cannot read 'logo.svg'", "the project folder"),
    "template": ("templates/event.html", "templates/event.html: cannot read",
                 "the templates folder"),
    "static": ("templates/static/style.css", "templates/static/style.css: cannot read",
               "the templates folder"),
}
EXPECTED_FOR_LOGO = ("expected an image file of at most 256 KB beside site.yml (svg, png, jpg "
                     "or webp)")


@pytest.fixture(scope="module")
def built_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A club's project with a site built from it (the site every refused build must keep)."""
    club = tmp_path_factory.mktemp("built") / "club"
    make_event(club / "events", "anna", CORPUS_TRF / "seed-anna.trf", "title: Anna\n",
               "Welcome.\n")
    (club / "templates" / "static").mkdir(parents=True)
    done = CliRunner().invoke(main, ["build", str(club / "events"), "--out",
                                     str(club / "site")])
    assert done.exit_code == 0, done.output
    return club


@pytest.fixture
def project(built_project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    club = tmp_path / "club"
    shutil.copytree(built_project, club, symlinks=True)
    monkeypatch.chdir(club)
    return club


def build(*options: str) -> Result:
    return CliRunner().invoke(main, ["build", "events", "--out", "site", *options])


def place_link(project: Path, kind: str, target: str) -> None:
    relative = KINDS[kind][0]
    link = project / relative
    if kind == "logo":
        (project / "site.yml").write_text("logo: logo.svg\n", encoding="utf-8")
    link.unlink(missing_ok=True)
    link.symlink_to(target)


def expected_line(kind: str, target: str, within: str | None = None) -> str:
    _, start, folder = KINDS[kind]
    where = f"to {target!r}, outside {within or folder}"
    fix = EXPECTED_FOR_LOGO if kind == "logo" else LINK_FIX
    return f"{start}: it is a symbolic link {where}; {fix}"


def assert_nothing_published(project: Path, before: dict[str, bytes], secret: str) -> None:
    assert read_tree(project / "site") == before
    assert sorted(p.name for p in project.iterdir() if p.name.startswith(".site")) == []
    for name, content in read_tree(project / "site").items():
        assert secret.encode() not in content, name


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_link_to_a_file_outside_the_project_is_an_error_naming_it(
        project: Path, kind: str) -> None:
    outside = project.parent / f"outside-{kind}"
    outside.write_text(_secret_for(kind), encoding="utf-8")
    before = read_tree(project / "site")
    place_link(project, kind, str(outside))
    line = expected_line(kind, str(outside))
    for strict in ((), ("--strict",)):  # --strict changes nothing: always an error
        result = build(*strict)
        assert result.exit_code == 1, result.output
        assert line in result.stderr.splitlines(), result.stderr
        assert "Traceback" not in result.output and "internal error" not in result.output
        assert_nothing_published(project, before, SECRET)


@pytest.mark.parametrize("kind", ["tournament.trf", "event.yml", "notes.md", "site.yml",
                                  "logo"])
def test_check_finds_the_links_build_refuses(project: Path, kind: str) -> None:
    outside = project.parent / f"outside-{kind}"
    outside.write_text(_secret_for(kind), encoding="utf-8")
    place_link(project, kind, str(outside))
    result = CliRunner().invoke(main, ["check", "events"])
    assert result.exit_code == 1
    assert expected_line(kind, str(outside)) in result.stderr.splitlines(), result.stderr


ENVIRON_BUILDS = """
import json, sys
from pathlib import Path

import generator.cli  # with what its build command imports: once, by the parent of every build
import generator.site.build
from kit.forkkit import generator_in_a_fork

done = {folder: generator_in_a_fork(["build", "events", "--out", "site"], cwd=Path(folder),
                                    timeout=120) for folder in sys.argv[1:]}
print(json.dumps({folder: [run.returncode, run.stdout, run.stderr]
                  for folder, run in done.items()}))
"""
"""Builds, one a project folder named on the command line, each a process forked from this
one: a process of their own whose /proc/self/environ is this interpreter's environment."""


@pytest.fixture(scope="module")
def environ_builds(built_project: Path, tmp_path_factory: pytest.TempPathFactory
                   ) -> dict[str, tuple[Path, Mapping[str, bytes], list[object]]]:
    """Per kind: a project whose input of that kind is a link to ``/proc/self/environ``,
    its site before, and (exit status, stdout, stderr) of ``python -m generator build`` in
    it. The build's environment holds SECRET. One interpreter with that environment forks
    every build: an interpreter started for each compiled and imported the generator seven
    times over."""
    projects = {}
    for kind in KINDS:
        club = tmp_path_factory.mktemp("environ") / "club"
        shutil.copytree(built_project, club, symlinks=True)
        before = read_tree(club / "site")
        place_link(club, kind, "/proc/self/environ")
        projects[kind] = (club, before)
    environment = {**os.environ, "STANDINGS_TEST_TOKEN": SECRET,
                   "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests"),
                                                  os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", ENVIRON_BUILDS,
                           *(str(club) for club, _ in projects.values())],
                          env=environment, capture_output=True, text=True, timeout=600,
                          check=False)
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)
    return {kind: (club, before, results[str(club)])
            for kind, (club, before) in projects.items()}


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_link_to_proc_self_environ_publishes_no_secret(
        environ_builds: dict[str, tuple[Path, Mapping[str, bytes], list[object]]],
        kind: str) -> None:
    project, before, (status, stdout, stderr) = environ_builds[kind]
    assert isinstance(stdout, str) and isinstance(stderr, str)
    assert status == 1, stderr
    assert stderr.splitlines()[0] == expected_line(kind, "/proc/self/environ"), stderr
    assert SECRET not in stderr + stdout
    assert_nothing_published(project, before, SECRET)


def test_a_link_to_git_config_inside_the_project_is_refused_too(project: Path) -> None:
    """``.git/config`` holds the token the Pages workflow's checkout writes: inside the
    project, and still no input of the site."""
    (project / ".git").mkdir()
    (project / ".git" / "config").write_text(f"[http]\n\textraheader = {SECRET}\n")
    before = read_tree(project / "site")
    place_link(project, "notes.md", "../../.git/config")
    result = build()
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "events/anna/notes.md: cannot read: it is a symbolic link (to '../../.git/config'), "
        f"and no input is read through a link; {LINK_FIX}"]
    assert_nothing_published(project, before, SECRET)


def test_a_linked_folder_in_the_templates_cannot_be_included(project: Path) -> None:
    (project / ".git").mkdir()
    (project / ".git" / "config").write_text(f"token = {SECRET}\n")
    (project / "templates" / "event.html").write_text('{% include "g/config" %}\n')
    (project / "templates" / "g").symlink_to("../.git")
    before = read_tree(project / "site")
    result = build()
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "templates/g: cannot read: it is a symbolic link to '../.git', outside the templates "
        f"folder; {LINK_FIX}"]
    assert_nothing_published(project, before, SECRET)


def test_a_templates_folder_linked_outside_the_project_is_refused(project: Path) -> None:
    outside = project.parent / "their-templates"
    (outside / "static").mkdir(parents=True)
    (outside / "static" / "style.css").write_text(SECRET)
    (project / "templates" / "static").rmdir()
    (project / "templates").rmdir()
    (project / "templates").symlink_to(outside)
    before = read_tree(project / "site")
    result = build()
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"templates: cannot read: it is a symbolic link to {str(outside)!r}, outside the "
        "project folder; expected the templates folder itself, or a link to a folder inside "
        "the project"]
    assert_nothing_published(project, before, SECRET)


@pytest.mark.parametrize("where", ["outside", "hidden"])
def test_an_event_folder_linked_outside_the_project_or_into_a_hidden_folder_is_refused(
        project: Path, where: str) -> None:
    base = project.parent if where == "outside" else project / ".hidden"
    real = make_event(base, "theirs", _secret_for("tournament.trf"))
    (project / "events" / "linked").symlink_to(real)
    before = read_tree(project / "site")
    result = build()
    assert result.exit_code == 1
    problem = (f"it is a symbolic link to {str(real)!r}, outside the project folder"
               if where == "outside" else
               f"it is a symbolic link into the hidden folder '.hidden' ({str(real)!r})")
    assert result.stderr.splitlines() == [
        f"events/linked: cannot read: {problem}; expected the event folder itself in its "
        "place, or a link to a folder inside the project"]
    assert_nothing_published(project, before, SECRET)


def test_a_link_named_on_the_command_line_is_refused_as_well(project: Path) -> None:
    outside = project.parent / "outside.trf"
    outside.write_text(_secret_for("tournament.trf"))
    (project / "loose.trf").symlink_to(outside)
    result = CliRunner().invoke(main, ["rank", "loose.trf"])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        f"loose.trf: cannot read: it is a symbolic link to {str(outside)!r}, outside the "
        f"event folder; {LINK_FIX}")
    assert SECRET not in result.output


@pytest.mark.parametrize("kind", ["site.yml", "notes.md"])
def test_a_link_to_nothing_is_refused_by_a_build_that_would_reuse_every_page(
        project: Path, kind: str) -> None:
    """The cache digests a link as itself: a broken one is not "no file, nothing changed"."""
    assert build().exit_code == 0  # built in this folder: the next build may reuse it all
    before = read_tree(project / "site")
    (project / KINDS[kind][0]).unlink(missing_ok=True)
    (project / KINDS[kind][0]).symlink_to("nothing-here")
    result = build()
    assert result.exit_code == 1, result.output
    assert result.stderr.splitlines()[0] == (
        f"{KINDS[kind][1]}: it is a symbolic link (to 'nothing-here'), and no input is read "
        f"through a link; {LINK_FIX}")
    assert read_tree(project / "site") == before
