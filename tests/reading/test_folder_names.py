"""Event folder names that only ``build`` used to refuse (issue 22): a folder named like
one of the site's language folders (``de`` in a site built in ``[en, de]``, in any case),
and a name too long for the event's TRF download ``<name>/<name>.trf``. ``check`` refuses
them with what ``build`` says, and ``build`` names the real cause."""

from __future__ import annotations

import os
from pathlib import Path

import hypothesis
import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.reading.event_places import is_trf_name
from tests.reading.test_events import make_event

LANGUAGE = ("the event folder {name!r} has the name of the site's folder for the language "
            "'de'; expected another folder name, or site.yml 'languages' without it")


def _run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def club(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    make_event(tmp_path / "events", "open")
    return tmp_path


@pytest.mark.parametrize("name", ["de", "DE", "De"])
def test_a_folder_named_like_a_language_folder_is_refused_by_check_and_build(club, name):
    make_event(club / "events", name)
    (club / "site.yml").write_text("languages: [en, de]\n", encoding="utf-8")
    folder = os.path.join("events", name)
    checked = _run("check", "events")
    assert checked.exit_code == 1
    assert f"{folder}: {LANGUAGE.format(name=name)}" in checked.output
    built = _run("build", "events", "--out", "site")
    assert built.exit_code == 1
    assert LANGUAGE.format(name=name) in built.output
    assert not (club / "site").exists()


@pytest.mark.parametrize(("languages", "name"), [
    ("[en, de]", "en"),   # the first language is at the root: no folder of its own
    ("[de]", "de"),
    ("[en, fr]", "de"),
])
def test_a_folder_named_like_a_language_without_a_folder_is_an_event(club, languages, name):
    make_event(club / "events", name)
    (club / "site.yml").write_text(f"languages: {languages}\n", encoding="utf-8")
    checked = _run("check", "events")
    assert checked.exit_code == 0, checked.output


# --- a name as long as a file name can be -----------------------------------------------

TOO_LONG = ("event folder name {quoted} is {size} bytes long in UTF-8, too long for the name "
            "of its TRF download ('<name>/<name>.trf', at most 255 bytes); expected a name of "
            "at most 251 bytes")


@pytest.mark.parametrize("name", ["a" * 252, "a" * 255, "ø" * 126, "a" * 250 + "ø"])
def test_a_name_too_long_for_its_download_is_refused_by_check(club, name):
    make_event(club / "events", name)
    quoted = repr(name[:20] + "...") + f" ({len(name)} characters)"
    expected = (f"{os.path.join('events', name)}: "
                + TOO_LONG.format(quoted=quoted, size=len(name.encode())))
    checked = _run("check", "events")
    assert checked.exit_code == 1
    assert expected in checked.output
    built = _run("build", "events", "--out", "site")
    assert built.exit_code == 1
    assert expected in built.output
    assert "--out" not in built.output


def test_a_name_of_251_bytes_is_built(club):
    name = "a" * 249 + "ø"   # 251 bytes: the download is 255
    make_event(club / "events", name)
    built = _run("build", "events", "--out", "site")
    assert built.exit_code == 0, built.output
    assert (club / "site" / name / f"{name}.trf").is_file()


@hypothesis.given(hypothesis.strategies.text(alphabet=".tTrRfFx", max_size=8))
@hypothesis.example(".trf")  # a hidden file's name: no suffix
@hypothesis.example("x.trf.")
def test_a_trf_name_is_one_whose_suffix_is_trf(name: str) -> None:
    """The events folder's one listing tells a TRF file by its name as Path.suffix does."""
    assert is_trf_name(name) == (Path(name).suffix.lower() == ".trf")
