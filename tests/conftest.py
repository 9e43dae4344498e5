"""Shared test fixtures and options.

The reference corpus (TRF files and the values FIDE's reference calculator gives
for them) is copied into tests/corpus so a fresh clone can run every test.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus"
CORPUS_TRF = CORPUS / "trf"
CORPUS_EXPECTED = CORPUS / "expected"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true",
                     help="Rewrite golden files from the current output (read the diff!).")
    parser.addoption("--examples", type=int, default=None,
                     help="Hypothesis examples for slow property/differential tests "
                          "(default: a small CI budget).")
    parser.addoption("--archive-events", type=int, default=None,
                     help="Events of the archive the serve browser test edits (default: just "
                          "over the archive mode's threshold; the issue's scale is 1000).")
    parser.addoption("--live-reference", action="store_true",
                     help="Run FIDE's reference calculator now where a test otherwise reads "
                          "the values it stored from an earlier run.")


def pytest_configure(config: pytest.Config) -> None:
    # The suite starts Python again and again (`python -m generator`, forked workers, the
    # serve tests), and each xdist worker imports the same modules. Where the environment
    # forbids writing bytecode (PYTHONDONTWRITEBYTECODE), every one of them compiles the
    # whole program and rewrites every test module first (about 0.3 s a start, 6 s a
    # worker). This run's bytecode goes to a folder of its own instead, outside the
    # checkout (which stays as clean as the setting wants it), removed at the end.
    # A PYTHONPYCACHEPREFIX of the caller's is kept, and kept afterwards.
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        folder = os.environ.get("PYTHONPYCACHEPREFIX")
        if not folder:
            folder = tempfile.mkdtemp(prefix="standings-tests-bytecode-")
            config.stash[_BYTECODE] = folder
        del os.environ["PYTHONDONTWRITEBYTECODE"]
        os.environ["PYTHONPYCACHEPREFIX"] = folder
        sys.pycache_prefix = folder
        sys.dont_write_bytecode = False
        if _BYTECODE in config.stash:
            _compile_once_for_the_workers(config)
    _keep_compiled_templates_apart(config)


def _compile_once_for_the_workers(config: pytest.Config) -> None:
    # Bytecode kept under a prefix is looked for there alone: the libraries' own compiled
    # files (site-packages, the standard library) are not read, and the test modules are
    # rewritten for pytest's asserts. xdist starts its workers at once, so each of them
    # would compile all of it again for itself (about 5 s of CPU a worker, of 8). Before they
    # start, two collections of half the test files each compile it into the run's folder,
    # one per core, and the workers then read what they wrote.
    workers = config.getoption("numprocesses", None)
    if hasattr(config, "workerinput") or not isinstance(workers, int) or workers < 2:
        return
    command = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0",
               "-p", "no:cacheprovider", *config.args]
    halves = [subprocess.Popen(command, cwd=config.invocation_params.dir,
                               env={**os.environ, _COLLECT_PART: f"{part}/2"},
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
              for part in range(2)]
    for half in halves:
        try:
            half.wait(timeout=300)
        except subprocess.TimeoutExpired:  # the workers' own collection reports the hang
            half.kill()
            half.wait()


_COLLECT_PART = "STANDINGS_TESTS_COLLECT_PART"
"""Set in a collection that compiles for the workers: which part of the test files (index/count)
it imports."""


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    part = os.environ.get(_COLLECT_PART)
    if part is None or not collection_path.name.startswith("test_"):
        return None
    index, count = (int(number) for number in part.split("/"))
    return zlib.crc32(collection_path.name.encode()) % count != index


def _keep_compiled_templates_apart(config: pytest.Config) -> None:
    # The build keeps the templates it compiled in the user's cache folder (render.py);
    # the suite's go to a folder of its own, shared by its workers, removed at the end.
    from generator.site.render import COMPILED_TEMPLATES_DIR

    if os.environ.get(COMPILED_TEMPLATES_DIR) is None:
        folder = tempfile.mkdtemp(prefix="standings-tests-templates-")
        config.stash[_TEMPLATES] = folder
        os.environ[COMPILED_TEMPLATES_DIR] = folder


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: two workers per core this process may use. About a third of the suite's
    wall time is waiting, on chromium, on servers being served and on child processes
    (measured on 2 cores: 400 s of CPU in 342 s of wall with one worker per core; with two
    per core the same run took 294 s)."""
    return 2 * len(os.sched_getaffinity(0))


def pytest_unconfigure(config: pytest.Config) -> None:
    for key in (_BYTECODE, _TEMPLATES):
        folder = config.stash.get(key, None)
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)


_BYTECODE = pytest.StashKey[str]()
_TEMPLATES = pytest.StashKey[str]()


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Any]:
    """``standings ARGS...`` through click's runner, in a fresh current folder."""
    from click.testing import CliRunner

    from generator.cli import main

    monkeypatch.chdir(tmp_path)

    def invoke(*args: str) -> Any:
        return CliRunner().invoke(main, list(args))

    return invoke


@pytest.fixture(scope="session")
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


def chromium_path() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Debian's chromium driven by playwright, for the tests marked ``browser``: one per test
    process (each test opens its own context, so nothing carries over)."""
    playwright_api = pytest.importorskip("playwright.sync_api")
    with playwright_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium_path(),
                                              args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture()
def phone(browser: object) -> Iterator[object]:
    """A page at 360 px that records console errors, page errors and dialogs in
    ``page.problems`` (a dialog would be script running that should not)."""
    context = browser.new_context(viewport={"width": 360, "height": 740})  # type: ignore[attr-defined]
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("dialog", lambda d: (problems.append(f"dialog: {d.message}"), d.dismiss()))
    page.problems = problems  # type: ignore[attr-defined]
    try:
        yield page
    finally:
        context.close()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # Browser tests need Debian's chromium. CI installs it, so there a missing browser
    # is a failure; on a developer machine without it the tests are skipped, visibly.
    if chromium_path() or os.environ.get("CI"):
        return
    skip = pytest.mark.skip(reason="chromium not on PATH (apt-get install chromium)")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)
