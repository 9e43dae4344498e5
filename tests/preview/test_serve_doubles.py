"""A tiny stand-in for the reader and the site, for testing serve and the build cache.

An event folder holds ``results.txt``, one ``Name points`` per line; a line that is not of
that shape is an error at its line and column, the way the real TRF reader reports one. The
"site" is one page per event and an index listing the events, each page starting with the
contents of ``templates/prefix.txt`` beside the events folder when that file exists (the
club's override folder). Renders are counted, so tests can see what was rebuilt.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from generator.errors import Diagnostic, StandingsError
from generator.preview.site_port import PageJob, SiteFunctions
from generator.site.event_folders import Listing

_LINE = re.compile(r"^(?P<name>[A-Za-z]+) (?P<points>\d+(?:\.5)?)$")


@dataclass(frozen=True)
class FakeEvent:
    slug: str
    rows: tuple[tuple[str, str], ...]


class FakeSite:
    """``lazy``: split each event into jobs like the real site (its page first, then one job
    per player page, ``<slug>/p/<name>.html``; a player named ``Crash`` fails to render)."""

    def __init__(self, *, lazy: bool = False) -> None:
        self.rendered: Counter[str] = Counter()
        self.reads: Counter[str] = Counter()
        self.lazy = lazy

    def discover(self, root: Path) -> Listing:
        return Listing(folders={d.name: d for d in sorted(root.iterdir())
                                 if d.is_dir() and not d.name.startswith(".")})

    def read_event(self, folder: Path) -> FakeEvent:
        self.reads[folder.name] += 1
        path = folder / "results.txt"
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise StandingsError([Diagnostic(path=str(folder), message="no results.txt",
                                             expected="a results.txt file")]) from None
        rows, problems = [], []
        for number, line in enumerate(text.splitlines(), start=1):
            match = _LINE.match(line)
            if match is None:
                column = next((i for i, c in enumerate(line, 1) if not (c.isalnum() or c in " .")),
                              len(line) + 1)
                problems.append(Diagnostic(path=str(path), line=number, column=column,
                                           message=f"bad result line {line!r}",
                                           expected="'Name points'"))
            else:
                rows.append((match["name"], match["points"]))
        if not rows and not problems:
            problems.append(Diagnostic(path=str(path), message="empty file",
                                       expected="at least one 'Name points' line"))
        if problems:
            raise StandingsError(problems)
        return FakeEvent(folder.name, tuple(rows))

    def template_folders(self, root: Path) -> list[Path]:
        folder = root.parent / "templates"
        return [folder] if folder.is_dir() else []

    def make_environment(self, root: Path) -> str:
        prefix = root.parent / "templates" / "prefix.txt"
        return prefix.read_text(encoding="utf-8") if prefix.exists() else ""

    def render_event(self, event: FakeEvent, env: str) -> dict[str, bytes]:
        self.rendered[event.slug] += 1
        rows = "".join(f"<li>{html.escape(n)} {p}</li>" for n, p in event.rows)
        page = (f"<!DOCTYPE html><html><head><title>{event.slug}</title></head>"
                f"<body>{env}<h1>{event.slug}</h1><ul>{rows}</ul></body></html>")
        return {f"{event.slug}/index.html": page.encode(),
                f"{event.slug}/data.csv": "".join(f"{n},{p}\n" for n, p in event.rows).encode()}

    def render_player(self, event: FakeEvent, name: str, points: str) -> dict[str, bytes]:
        self.rendered[f"{event.slug}/{name}"] += 1
        if name == "Crash":
            raise ValueError("no page for Crash")
        return {f"{event.slug}/p/{name}.html":
                f"<!DOCTYPE html><html><body><p>{name}: {points}</p></body></html>".encode()}

    def render_event_with_players(self, event: FakeEvent, env: str) -> dict[str, bytes]:
        files = self.render_event(event, env)
        for name, points in event.rows:
            files.update(self.render_player(event, name, points))
        return files

    def event_jobs(self, event: FakeEvent, env: str) -> list[PageJob]:
        return [PageJob(partial(self.render_event, event, env), probe=True)] + [
            PageJob(partial(self.render_player, event, name, points),
                    (f"{event.slug}/p/{name}.html",), probe=index == 0)
            for index, (name, points) in enumerate(event.rows)]

    def render_index(self, events: list[FakeEvent], env: str) -> dict[str, bytes]:
        self.rendered["<index>"] += 1
        links = "".join(f'<li><a href="{e.slug}/">{e.slug}</a></li>' for e in events)
        return {"index.html": f"<!DOCTYPE html><html><body>{env}<ul>{links}</ul></body></html>"
                .encode(),
                "style.css": b"body { color: black }\n"}

    def functions(self) -> SiteFunctions:
        return SiteFunctions(
            discover=self.discover,
            read_event=self.read_event,
            warnings_of=lambda event, plan: (),
            template_folders=self.template_folders,
            make_environment=self.make_environment,
            plan_event=lambda event: event,
            render_event=self.render_event_with_players if self.lazy else self.render_event,
            render_index=self.render_index,
            event_jobs=self.event_jobs if self.lazy else None,
        )


def make_events(root: Path, events: dict[str, str]) -> Path:
    """Write ``root/events/<slug>/results.txt`` for each event; returns the events folder."""
    events_root = root / "events"
    for slug, text in events.items():
        (events_root / slug).mkdir(parents=True, exist_ok=True)
        (events_root / slug / "results.txt").write_text(text, encoding="utf-8")
    return events_root
