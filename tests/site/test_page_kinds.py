"""The declared kinds of page (generator/site/pages.py), checked against what the site holds:
every template a kind names exists and every page template has a kind, and every file a build
writes is declared by exactly one kind (issue 24: a new page is added in one place)."""

from __future__ import annotations

import pickle
import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from kit.sitekit import EXAMPLES_DIR, read_tree

from generator.reading.events import read_events
from generator.reading.site_files import read_site
from generator.site import build as site
from generator.site import index_pages
from generator.site.pages import (
    EVENT_PAGE_KINDS,
    SITE_PAGE_KINDS,
    Page,
    PageKind,
    kind_named,
)
from generator.site.staging import MARKER_NAME
from generator.site.template_paths import package_templates

EVERY_KIND: tuple[PageKind, ...] = (*EVENT_PAGE_KINDS, *SITE_PAGE_KINDS)  # type: ignore[type-arg]
LOGO = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><circle r="1"/></svg>'


def test_every_kind_has_a_name_of_its_own() -> None:
    names = [kind.name for kind in EVERY_KIND]
    assert len(names) == len(set(names))
    assert all(kind_named(kind.name) is kind for kind in EVERY_KIND)


def test_the_templates_the_kinds_name_are_the_page_templates() -> None:
    # A page template no kind renders is a page nobody publishes; a kind naming a missing
    # template fails only when an event has such a page. Partials (_*.html) and the
    # layout they all extend are no page of their own.
    folder = package_templates()
    named = {file.template for kind in EVERY_KIND for file in kind.files
             if isinstance(file, Page)}
    pages = {path.name for path in folder.glob("*.html")
             if not path.name.startswith("_") and path.name != "base.html"}
    assert named == pages


def test_a_job_reaches_a_forked_worker_with_its_kind() -> None:
    # A build sends each job to its workers by pickle; the kind's functions cannot go,
    # so the kind goes by its name and is the same declared kind on the other side.
    for kind in EVENT_PAGE_KINDS:
        job = site.EventJob(kind=kind, first=2, end=5)
        assert pickle.loads(pickle.dumps(job)) == job
        assert pickle.loads(pickle.dumps(job)).kind is kind


@pytest.fixture(scope="module")
def examples_with_logo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The example events (a team event, prizes and categories, a festival among them) and
    their series, with a logo of the site and one of the festival; their front page and
    players' index split as an archive's are (thresholds lowered while the module runs)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(index_pages, "FRONT_PAGE_EVENTS", 2)
        patch.setattr(index_pages, "PEOPLE_PAGE_ROWS", 12)
        yield _examples_with_logo(tmp_path_factory.mktemp("kinds"))


def _examples_with_logo(project: Path) -> Path:
    shutil.copytree(EXAMPLES_DIR, project / "events")
    shutil.copytree(EXAMPLES_DIR.parent / "series", project / "series")
    (project / "site.yml").write_text("title: Club\nlogo: crest.svg\n", encoding="utf-8")
    (project / "crest.svg").write_bytes(LOGO)
    festival = next(path.parent for path in (project / "events").glob("*/festival.yml"))
    with (festival / "festival.yml").open("a", encoding="utf-8") as settings:
        settings.write("logo: crest.svg\n")
    (festival / "crest.svg").write_bytes(LOGO)
    site.build_site(project / "events", project / "site")
    return project


def test_every_file_the_build_writes_belongs_to_one_declared_kind(
        examples_with_logo: Path) -> None:
    events = examples_with_logo / "events"
    written = set(read_tree(examples_with_logo / "site")) - {MARKER_NAME}
    settings, _ = read_site(events)
    env = site.make_environment(events, settings)
    plans = [site.plan_event(event) for event in read_events(events)]
    claims: Counter[str] = Counter()
    kinds_seen = set()
    for plan in plans:
        for kind in EVENT_PAGE_KINDS:
            paths = kind.paths(plan, kind.keys(plan))
            claims.update(paths)
            kinds_seen.update([kind.name] if paths else [])
    source = site.index_source(plans, env)
    for kind in SITE_PAGE_KINDS:
        paths = kind.paths(source, kind.keys(source))
        claims.update(paths)
        kinds_seen.update([kind.name] if paths else [])
    assert [path for path, count in claims.items() if count > 1] == []
    assert sorted(written - set(claims)) == []
    assert sorted(set(claims) - written) == []
    # Every kind is met at least once, so the check covers the whole list.
    assert kinds_seen == {kind.name for kind in EVERY_KIND}
