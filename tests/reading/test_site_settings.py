"""site.yml beside events/: every key checked, every problem at ``site.yml:LINE:COLUMN``.

Columns are counted by hand from the YAML text of each case (1-based). The files are read
through ``read_site`` (generator/reading/events.py), the one place that opens them.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from generator.reading.site_files import read_site, site_inputs
from generator.reading.site_settings import (
    DEFAULT_SITE_TITLE,
    LOGO_FOLDER,
    MAX_LOGO_BYTES,
    SiteSettings,
)

HANG_GUARD_S = 60
"""Only a guard against a read that never returns: no test here asserts how fast it is."""

KEYS = "expected one of title, url, description, logo, language, languages, aliases"
SHIPPED = "expected one of en, de, fr, es, it, nl"
URL_HINT = "expected the site's published address, such as 'https://club.github.io/results/'"
LOGO_HINT = ("expected an image file of at most 256 KB beside site.yml (svg, png, jpg or webp)")
PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 32
SVG = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect/></svg>'


@pytest.fixture
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A club's folder: events/ and, beside it, site.yml (written by each test)."""
    (tmp_path / "events").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


def problems(club: Path, text: str | bytes, **files: bytes) -> list[str]:
    site_yml = club / "site.yml"
    if isinstance(text, str):
        site_yml.write_text(text, encoding="utf-8")
    else:
        site_yml.write_bytes(text)
    for name, content in files.items():
        (club / name.replace("_", ".")).write_bytes(content)
    _settings, found = read_site("events")
    return [str(d) for d in found]


BROKEN = {
    "unknown-key": (
        "titel: Club\n",
        f"site.yml:1:1: unknown setting 'titel'; did you mean 'title'?; {KEYS}"),
    "language-unknown": (
        "title: Club\nlanguage: dee\n",
        f"site.yml:2:11: 'language' 'dee' is not a language of the site; did you mean 'de'?; "
        f"{SHIPPED}"),
    "language-not-shipped": (
        "language: pt\n",
        f"site.yml:1:11: 'language' 'pt' is not a language of the site; {SHIPPED}"),
    "language-a-list": (
        "language: [de]\n",
        "site.yml:1:11: 'language' must be text, not a list; expected text"),
    "languages-not-a-list": (
        "languages: de\n",
        "site.yml:1:12: 'languages' is not a list of languages; expected a list of language "
        "codes, the root's first, such as '[de, en]'"),
    "languages-empty": (
        "languages: []\n",
        "site.yml:1:12: 'languages' is not a list of languages; expected a list of language "
        "codes, the root's first, such as '[de, en]'"),
    "languages-unknown": (
        "languages: [de, fra]\n",
        f"site.yml:1:17: 'languages' 'fra' is not a language of the site; did you mean 'fr'?; "
        f"{SHIPPED}"),
    "languages-twice": (
        "languages: [de, en, de]\n",
        "site.yml:1:21: 'languages' names 'de' twice; expected each language once"),
    "language-not-the-first-of-languages": (
        "languages: [de, en]\nlanguage: en\n",
        "site.yml:2:11: 'language' 'en' is not the first of 'languages' (de, en); expected "
        "'language' left out, or the same as the first of 'languages'"),
    "duplicate-key": (
        "title: a\ntitle: b\n",
        "site.yml:2:1: setting 'title' given twice (first on line 1); expected each setting once"),
    "not-a-mapping": (
        "- a\n",
        "site.yml:1:1: site.yml holds a list, not settings; "
        "expected 'key: value' lines such as 'title: Gros Chess Club'"),
    "yaml-error": (
        "title: [open\n",
        "site.yml:2:1: YAML syntax error: expected ',' or ']', but got '<stream end>' "
        "(while parsing a flow sequence); "
        "expected 'key: value' lines (see the README's settings reference)"),
    "title-a-list": (
        "title: [a, b]\n",
        "site.yml:1:8: 'title' must be text, not a list; expected text"),
    "title-yes": (
        "title: yes\n",
        "site.yml:1:8: 'title' must be text, not yes/no 'yes'; expected text"),
    "title-nothing": (
        "title:\n",
        "site.yml:1:7: 'title' must be text, not nothing; expected text"),
    "title-too-long": (
        f"title: {'x' * 81}\n",
        "site.yml:1:8: 'title' has 81 characters; expected at most 80"),
    "title-alias-of-a-list": (
        "x: &big [a, a, a]\ntitle: *big\n",
        f"site.yml:1:1: unknown setting 'x'; {KEYS}\n"
        "site.yml:1:4: 'title' must be text, not a list; expected text"),
    "description-a-mapping": (
        "description:\n  a: b\n",
        "site.yml:2:3: 'description' must be text, not a mapping; expected text"),
    "url-relative": (
        "url: club.github.io/results\n",
        f"site.yml:1:6: 'url' 'club.github.io/results' is not an absolute http(s) address; "
        f"{URL_HINT}"),
    "url-javascript": (
        "url: 'javascript:alert(1)'\n",
        "site.yml:1:6: 'url' 'javascript:alert(1)' is not an absolute http(s) address; "
        f"{URL_HINT}"),
    "url-ftp": (
        "url: ftp://club.example/\n",
        f"site.yml:1:6: 'url' 'ftp://club.example/' is not an absolute http(s) address; "
        f"{URL_HINT}"),
    "url-no-host": (
        "url: https:///results/\n",
        f"site.yml:1:6: 'url' 'https:///results/' is not an absolute http(s) address; "
        f"{URL_HINT}"),
    "url-space": (
        "url: https://club.example/my results/\n",
        "site.yml:1:6: 'url' 'https://club.example/my results/' holds a space or a control "
        f"character; {URL_HINT}"),
    "url-password": (
        "url: https://me:secret@club.example/\n",
        "site.yml:1:6: 'url' 'https://me:secret@club.example/' holds a user name or "
        f"password; {URL_HINT}"),
    "url-query": (
        "url: https://club.example/?page=1\n",
        "site.yml:1:6: 'url' 'https://club.example/?page=1' has a query or fragment ('?', "
        f"'#'), so page addresses cannot follow it; {URL_HINT}"),
    "url-bad-port": (
        "url: https://club.example:99999/\n",
        f"site.yml:1:6: 'url' 'https://club.example:99999/' is not a web address; {URL_HINT}"),
    "url-a-number": (
        "url: 42\n",
        f"site.yml:1:6: 'url' '42' is not an absolute http(s) address; {URL_HINT}"),
    "logo-path-escaping": (
        "logo: ../secret.png\n",
        "site.yml:1:7: 'logo' '../secret.png' is a path, not a file name; expected the name "
        "of an image file beside site.yml, such as 'logo.svg'"),
    "logo-absolute": (
        "logo: /etc/passwd\n",
        "site.yml:1:7: 'logo' '/etc/passwd' is a path, not a file name; expected the name "
        "of an image file beside site.yml, such as 'logo.svg'"),
    "logo-hidden": (
        "logo: .logo.png\n",
        "site.yml:1:7: 'logo' '.logo.png' is not a plain file name; expected a name of ASCII "
        "letters, digits, '-', '_' and '.', beginning with a letter or a digit, such as "
        "'logo.svg'"),
    "logo-html": (
        "logo: logo.html\n",
        "site.yml:1:7: 'logo' 'logo.html' is not an image of a type the site shows; "
        "expected a file ending in .svg, .png, .jpg, .jpeg, .webp"),
    "logo-missing": (
        "logo: logo.png\n",
        f"site.yml:1:7: 'logo': no file 'logo.png' beside site.yml; {LOGO_HINT}"),
}


@pytest.mark.parametrize("name", BROKEN)
def test_bad_site_yml_is_reported_where_written(club: Path, name: str) -> None:
    text, expected = BROKEN[name]
    assert "\n".join(problems(club, text)) == expected


LOGOS = {
    "png-that-is-text": (
        "logo.png", b"not an image",
        "site.yml:1:7: 'logo': the logo is named like a PNG image but is not one"),
    "jpg-that-is-png": (
        "logo.jpg", PNG,
        "site.yml:1:7: 'logo': the logo is named like a JPEG image but is not one"),
    "too-large": (
        "logo.png", PNG + b"\0" * MAX_LOGO_BYTES,
        "site.yml:1:7: 'logo': the logo is larger than 256 KB"),
}


@pytest.mark.parametrize("name", LOGOS)
def test_a_logo_that_is_not_a_safe_image_is_refused(club: Path, name: str) -> None:
    file_name, content, message = LOGOS[name]
    (club / file_name).write_bytes(content)
    assert problems(club, f"logo: {file_name}\n") == [f"{message}; {LOGO_HINT}"]


def test_a_logo_that_is_a_folder_a_pipe_or_a_link_is_refused(club: Path) -> None:
    (club / "folder.png").mkdir()
    assert problems(club, "logo: folder.png\n") == [
        f"site.yml:1:7: 'logo': cannot read 'folder.png': it is a folder, not a file; "
        f"{LOGO_HINT}"]
    os.mkfifo(club / "pipe.png")
    # No writer ever comes: a reader that opened the pipe would wait for good, so the answer
    # is read in a thread, and arriving at all is the behaviour (no clock is read).
    answers: list[list[str]] = []
    reader = threading.Thread(target=lambda: answers.append(problems(club, "logo: pipe.png\n")),
                              daemon=True)
    reader.start()
    reader.join(HANG_GUARD_S)
    assert answers == [[
        f"site.yml:1:7: 'logo': cannot read 'pipe.png': it is a named pipe (FIFO), not a "
        f"file; {LOGO_HINT}"]]
    secret = club.parent / f"{club.name}-private.png"
    secret.write_bytes(PNG)
    (club / "link.png").symlink_to(secret)
    assert problems(club, "logo: link.png\n") == [
        f"site.yml:1:7: 'logo': cannot read 'link.png': it is a symbolic link to "
        f"{str(secret)!r}, outside the project folder; {LOGO_HINT}"]


def test_hostile_bytes_in_site_yml_are_reported_not_raised(club: Path) -> None:
    assert problems(club, b"title: caf\xe9\n") == [
        "site.yml:1:11: byte 0xE9 is not UTF-8; expected a file saved as UTF-8"]
    assert problems(club, "title: a\x07b\n") == [
        "site.yml:1:9: control character '\\x07' in site.yml; expected printable text"]
    deep = "title: " + "[" * 60 + "]" * 60 + "\n"
    assert problems(club, deep) == [
        "site.yml:1:58: YAML nested deeper than 50 levels; expected settings at most a few "
        "levels deep (see the README's settings reference)"]


def test_a_huge_site_yml_is_refused_by_its_size(club: Path) -> None:
    found = problems(club, "title: x\n" + "#" * 200_000 + "\n")
    assert found == ["site.yml:2:65528: site.yml has more than 65536 characters; "
                     "expected a few lines of site settings"]


def test_site_yml_that_is_a_folder_is_reported(club: Path) -> None:
    (club / "site.yml").mkdir()
    _settings, found = read_site("events")
    assert [str(d) for d in found] == ["site.yml: cannot read: it is a folder, not a file"]


def test_without_site_yml_the_defaults_hold(club: Path) -> None:
    settings, found = read_site("events")
    assert found == ()
    assert settings == SiteSettings()
    assert (settings.title, settings.url, settings.description, settings.logo) == (
        DEFAULT_SITE_TITLE, None, None, None)
    assert settings.absolute("index.html") is None


def test_an_empty_site_yml_keeps_the_defaults(club: Path) -> None:
    assert problems(club, "") == []
    assert problems(club, "# nothing yet\n") == []
    assert read_site("events")[0].title == DEFAULT_SITE_TITLE
    # A text left blank counts as not given, as in event.yml.
    assert problems(club, "title: '  '\ndescription: ''\n") == []
    assert read_site("events")[0] == SiteSettings(
        path="site.yml", positions={"title": (1, 8), "description": (2, 14)})


def test_every_key_read(club: Path) -> None:
    text = ("title: Gros Chess Club\n"
            "url: https://club.github.io/results\n"
            "description: >\n  Results of the club's\n  tournaments.\n"
            "logo: logo.svg\n")
    assert problems(club, text, logo_svg=SVG) == []
    settings, _ = read_site("events")
    assert settings.title == "Gros Chess Club"
    assert settings.url == "https://club.github.io/results/"  # a folder: ends in "/"
    assert settings.description == "Results of the club's tournaments."
    assert settings.logo == "logo.svg"
    # Published as rewritten (tests/reading/test_svg_logo.py): UTF-8, declared.
    assert settings.logo_data == (b'<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns='
                                  b'"http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect/>'
                                  b'</svg>\n')
    assert settings.logo_page == f"{LOGO_FOLDER}/logo.svg"
    assert settings.absolute("index.html") == "https://club.github.io/results/"
    assert settings.absolute("open/index.html") == "https://club.github.io/results/open/"
    assert settings.absolute("open/players/3.html") == (
        "https://club.github.io/results/open/players/3.html")
    assert settings.absolute("ålesund-open/index.html") == (
        "https://club.github.io/results/%C3%A5lesund-open/")


def test_site_yml_is_found_beside_the_events_folder_however_it_is_spelled(
        club: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (club / "site.yml").write_text("title: Beside\n", encoding="utf-8")
    for spelling in ("events", "events/", "./events", str(club / "events")):
        settings, found = read_site(spelling)
        assert (settings.title, found) == ("Beside", ()), spelling
    monkeypatch.chdir(club / "events")
    settings, found = read_site(".")
    assert (settings.title, found) == ("Beside", ())
    (club / "site.yml").write_text("titel: x\n", encoding="utf-8")
    assert [d.location for d in read_site(".")[1]] == [os.path.join("..", "site.yml") + ":1:1"]
    assert [d.location for d in read_site(str(club / "events"))[1]] == [
        str(club / "site.yml") + ":1:1"]


def test_every_problem_of_site_yml_is_reported_in_one_run(club: Path) -> None:
    assert problems(club, "title: [a]\nurl: nowhere\nlogo: a/b.png\n") == [
        "site.yml:1:8: 'title' must be text, not a list; expected text",
        f"site.yml:2:6: 'url' 'nowhere' is not an absolute http(s) address; {URL_HINT}",
        "site.yml:3:7: 'logo' 'a/b.png' is a path, not a file name; expected the name of an "
        "image file beside site.yml, such as 'logo.svg'"]


def test_site_inputs_are_site_yml_and_its_logo(club: Path) -> None:
    assert site_inputs("events") == (club / "site.yml",)
    problems(club, "logo: logo.png\n", logo_png=PNG)
    assert site_inputs("events") == (club / "site.yml", club / "logo.png")
