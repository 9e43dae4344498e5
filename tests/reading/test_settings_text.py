"""What a settings file's text may hold (issue 22): a YAML escape can write what the file
itself cannot, half of a UTF-16 pair (``"\\ud83d"``) or a control character (``"\\0"``,
``"\\e"``). A pair of halves is read as its character (JSON writers spell an emoji so, and
JSON is YAML); a lone half, and a control character in free text, are errors at their
``LINE:COLUMN``, found by ``check`` as by ``build``.

The expected positions are counted from each case's YAML text: ``{v}`` marks where the
value is written (so its column is the quote's), the escape is ``len(HEAD)`` further on.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.errors import DiagnosticSink
from generator.reading.settings import read_settings
from generator.reading.site_files import read_site
from tests.reading.test_events import make_event

HEAD = "Cup "
"""What comes before the escape in each value, so the escape is not at the value's start."""
PAIR = '"Cup \\ud83d\\ude00"'
"""An emoji as JSON writes it: both halves of its UTF-16 pair."""
EMOJI = "Cup \U0001F600"
LONE = '"Cup \\ud83d"'
LONE_MESSAGE = ("the escape '\\ud83d' is half of a UTF-16 pair without its other half; "
                "expected both halves one after the other (such as '\\ud83d\\ude00'), or the "
                "character itself")

Getter = Callable[[Any], Any]

EVENT_TEXT: dict[str, tuple[str, str, Getter]] = {
    # field: (event.yml with {v} for the value, the key as messages name it, its value read)
    "title": ("title: {v}\n", "title", lambda s: s.title),
    "place": ("title: Open\nplace: {v}\n", "place", lambda s: s.place),
    "organiser": ("organiser: {v}\n", "organiser", lambda s: s.organiser),
    "arbiter": ("arbiter: {v}\n", "arbiter", lambda s: s.arbiter),
    "notes": ("notes: {v}\n", "notes", lambda s: s.notes),
    "category name": ("categories:\n  - name: {v}\n    sex: w\n", "categories[1].name",
                      lambda s: s.categories[0].name),
    "currency": ("prizes:\n  currency: {v}\n  lists: {{overall: [100]}}\n",
                 "prizes.currency", lambda s: s.prizes.currency),
    "prize name": ("prizes:\n  lists:\n    overall: [100, {v}]\n", "prizes.lists.overall",
                   lambda s: s.prizes.prizes[1].name),
}
SITE_TEXT: dict[str, tuple[str, str, Getter]] = {
    "title": ("title: {v}\n", "title", lambda s: s.title),
    "description": ("title: Club\ndescription: {v}\n", "description",
                    lambda s: s.description),
}
EVENT_OTHER = {
    # every other kind of scalar: a half there is as much an error (it is in no message)
    "a key": "{v}: 1\n",
    "tiebreaks": "tiebreaks: [BH, {v}]\n",
    "edition": "edition: {v}\n",
    "ties": "ties: {v}\n",
    "dates": "dates: {v}\n",
    "federation": "categories:\n  - name: Nordic\n    federation: [NOR, {v}]\n",
    "title condition": "categories:\n  - name: Titled\n    title: {v}\n",
    "prize list key": "prizes:\n  lists:\n    {v}: [100]\n",
    "rating_change": "rating_change:\n  k: {v}\n",
}
SITE_OTHER = {
    "a key": "{v}: 1\n",
    "url": "url: {v}\n",
    "logo": "logo: {v}\n",
    "language": "language: {v}\n",
    "languages": "languages: [en, {v}]\n",
}


def _position(template: str, offset: int = 0) -> str:
    """LINE:COLUMN of the value's first character in ``template``, ``offset`` on."""
    before = template[:template.index("{v}")].replace("{{", "{")
    line = before.count("\n") + 1
    return f"{line}:{len(before) - (before.rfind(chr(10)) + 1) + 1 + offset}"


def _event(template: str, value: str) -> tuple[Any, list[str]]:
    sink = DiagnosticSink("event.yml")
    settings = read_settings(template.format(v=value), "event.yml", sink)
    return settings, [str(d) for d in sink.collected()]


@pytest.fixture
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """events/open (a four-player event) and, beside events/, room for site.yml."""
    make_event(tmp_path / "events", "open")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _site(club: Path, template: str, value: str) -> tuple[Any, list[str]]:
    (club / "site.yml").write_text(template.format(v=value), encoding="utf-8")
    settings, found = read_site("events")
    return settings, [str(d) for d in found]


# --- halves of a UTF-16 pair ---------------------------------------------------------------

@pytest.mark.parametrize("field", sorted(EVENT_TEXT))
def test_a_pair_of_halves_in_event_yml_is_read_as_its_character(field):
    template, _key, value_of = EVENT_TEXT[field]
    settings, found = _event(template, PAIR)
    assert found == []
    assert value_of(settings) == EMOJI


@pytest.mark.parametrize("field", sorted(SITE_TEXT))
def test_a_pair_of_halves_in_site_yml_is_read_as_its_character(club, field):
    template, _key, value_of = SITE_TEXT[field]
    settings, found = _site(club, template, PAIR)
    assert found == []
    assert value_of(settings) == EMOJI


@pytest.mark.parametrize("field", sorted(EVENT_TEXT))
def test_a_lone_half_in_a_text_field_of_event_yml_is_an_error_at_its_escape(field):
    template = EVENT_TEXT[field][0]
    _settings, found = _event(template, LONE)
    assert found == [f"event.yml:{_position(template, 1 + len(HEAD))}: {LONE_MESSAGE}"]


@pytest.mark.parametrize("field", sorted(SITE_TEXT))
def test_a_lone_half_in_a_text_field_of_site_yml_is_an_error_at_its_escape(club, field):
    template = SITE_TEXT[field][0]
    _settings, found = _site(club, template, LONE)
    assert found == [f"site.yml:{_position(template, 1 + len(HEAD))}: {LONE_MESSAGE}"]


@pytest.mark.parametrize("field", sorted(EVENT_OTHER))
def test_a_lone_half_anywhere_in_event_yml_is_an_error_at_its_escape(field):
    template = EVENT_OTHER[field]
    _settings, found = _event(template, LONE)
    # The value itself may be refused too (no tie-break is called 'Cup �'), after.
    assert found[0] == f"event.yml:{_position(template, 1 + len(HEAD))}: {LONE_MESSAGE}"
    assert all("\ud83d" not in message for message in found)


@pytest.mark.parametrize("field", sorted(SITE_OTHER))
def test_a_lone_half_anywhere_in_site_yml_is_an_error_at_its_escape(club, field):
    template = SITE_OTHER[field]
    _settings, found = _site(club, template, LONE)
    assert found[0] == f"site.yml:{_position(template, 1 + len(HEAD))}: {LONE_MESSAGE}"


def _lone(where: str, half: str) -> str:
    return (f"event.yml:{where}: the escape {half!r} is half of a UTF-16 pair without its other "
            "half; expected both halves one after the other (such as '\\ud83d\\ude00'), or the "
            "character itself")


@pytest.mark.parametrize(("value", "expected"), [
    # the halves the wrong way round: two lone ones
    ('"\\ude00\\ud83d"', [("1:9", "\ude00"), ("1:15", "\ud83d")]),
    # the first high half has no low one; the second has
    ('"\\ud83d\\ud83d\\ude00"', [("1:9", "\ud83d")]),
    # the long escape writes halves too
    ('"a\\U0000DE00 b"', [("1:10", "\ude00")]),
    # an escaped backslash before 'ud83d' writes no half
    ('"\\\\ud83d \\ud83d"', [("1:17", "\ud83d")]),
    # on the next line of a folded scalar
    ('"one\n  \\ud83d two"', [("2:3", "\ud83d")]),
])
def test_every_lone_half_is_found_where_it_is_written(value, expected):
    _settings, found = _event("title: {v}\n", value)
    assert found == [_lone(where, half) for where, half in expected]


def _run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize(("file", "field"), [
    *(("event.yml", field) for field in sorted(EVENT_TEXT)),
    *(("site.yml", field) for field in sorted(SITE_TEXT)),
])
def test_check_refuses_a_lone_half_that_build_would_stop_at(club, file, field):
    template = (EVENT_TEXT if file == "event.yml" else SITE_TEXT)[field][0]
    path = club / "events" / "open" / file if file == "event.yml" else club / file
    path.write_text(template.format(v=LONE), encoding="utf-8")
    shown = os.path.join("events", "open", file) if file == "event.yml" else file
    expected = f"{shown}:{_position(template, 1 + len(HEAD))}: {LONE_MESSAGE}"
    checked = _run("check", "events")
    assert checked.exit_code == 1
    assert expected in checked.output
    built = _run("build", "events", "--out", "site")
    assert built.exit_code == 1
    assert expected in built.output
    assert "internal error" not in built.output
    assert not (club / "site").exists()


def test_a_pair_of_halves_is_published_as_its_character(club):
    (club / "events" / "open" / "event.yml").write_text(f"title: {PAIR}\n", encoding="utf-8")
    (club / "site.yml").write_text(f"title: {PAIR}\n", encoding="utf-8")
    built = _run("build", "events", "--out", "site")
    assert built.exit_code == 0, built.output
    page = (club / "site" / "open" / "index.html").read_text(encoding="utf-8")
    assert f"<h1>{EMOJI}</h1>" in page
    assert f"{EMOJI}</title>" in page


# --- control characters ----------------------------------------------------------------------

@pytest.mark.parametrize("escape", ["\\0", "\\e", "\\x07", "\\x1f", "\\x7f", "\\N"])
@pytest.mark.parametrize("field", sorted(EVENT_TEXT))
def test_a_control_character_in_a_text_field_of_event_yml_is_refused(field, escape):
    template, key, _value_of = EVENT_TEXT[field]
    _settings, found = _event(template, f'"Cup{escape}"')
    character = {"\\0": "\x00", "\\e": "\x1b", "\\x07": "\x07", "\\x1f": "\x1f",
                 "\\x7f": "\x7f", "\\N": "\x85"}[escape]
    assert found == [f"event.yml:{_position(template)}: {key!r} holds the control character "
                     f"{character!r}; expected printable text"]


@pytest.mark.parametrize("escape", ["\\0", "\\e"])
@pytest.mark.parametrize("field", sorted(SITE_TEXT))
def test_a_control_character_in_a_text_field_of_site_yml_is_refused(club, field, escape):
    template, key, _value_of = SITE_TEXT[field]
    _settings, found = _site(club, template, f'"Club{escape}"')
    character = "\x00" if escape == "\\0" else "\x1b"
    assert found == [f"site.yml:{_position(template)}: {key!r} holds the control character "
                     f"{character!r}; expected printable text"]


def test_notes_keep_their_line_breaks_and_tabs():
    settings, found = _event("notes: {v}\n", '"a\\tb\\nc\\r\\nd"')
    assert found == []
    assert settings.notes == "a\tb\nc\r\nd"


def test_check_refuses_a_site_title_with_nul_and_esc(club):
    (club / "site.yml").write_text('title: "Club\\0\\e[2J"\n', encoding="utf-8")
    checked = _run("check", "events")
    assert checked.exit_code == 1
    assert ("site.yml:1:8: 'title' holds the control character '\\x00'; expected printable "
            "text") in checked.output
