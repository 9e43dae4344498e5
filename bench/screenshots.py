"""Screenshots of the example site for the README: phone and desktop, light, and one dark.

    python bench/screenshots.py              # writes docs/screenshots/*.png
    python bench/screenshots.py --out /tmp/shots

Builds the repository's own examples (``events/``) into a temporary folder, serves them
on 127.0.0.1 under a sub-path as GitHub Pages would, and photographs the first screen of
the event page, a player page, the crosstable and a round, the example festival's page and
one of its sections, the example series' page and one person's derivation of their total in
Debian's chromium (playwright) at 360x780 (a phone) and 1366x900 (a laptop), light; the
event page and the player page also dark on the phone; and the front page with a name typed
into "Find a player". Only
the first screen is taken (not the whole page): it is what a player sees on opening a
link, and it keeps each PNG to tens of kilobytes. Run it after a change to the templates
or the stylesheet, look at the images, and commit them.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from kit.browserkit import served_under_sub_path  # noqa: E402  (tests/kit/browserkit.py)
from playwright.sync_api import sync_playwright  # noqa: E402

from generator.site.build import build_site  # noqa: E402

EVENT = "gros-open-2010"
"""A 52-player Swiss: long Spanish names, level scores decided by tie-breaks."""
PLACE = 5
"""The player photographed: the 5th, level on points with the 6th and the 7th."""
ROUND = 4
FESTIVAL, SECTION = "bunratty-2011", "major"
"""The example festival (three real sections) and the section photographed."""
SERIES, SERIES_PERSON = "club-blitz-2026", "p-name-berg-henrik-nor"
"""The example series, and the person whose total's derivation is photographed."""
CHROMIUM = "/usr/bin/chromium"
VIEWS = {"phone": {"width": 360, "height": 780}, "desktop": {"width": 1366, "height": 900}}
DARK = ("event", "player")
"""Pages also photographed dark, on the phone."""
FIND_TYPED = "sanz"
"""Typed into the front page's find box for the "find" shot (phone, light)."""
LARGEST_PNG = 300_000
"""Bytes: a screenshot larger than this is reported (the README loads all of them)."""


def shots(site: Path) -> dict[str, str]:
    """Name of the shot: path in the site."""
    standings = json.loads((site / EVENT / "standings.json").read_text(encoding="utf-8"))
    player = next(p for p in standings["players"] if p["rank"] == PLACE)["start_no"]
    return {
        "event": f"{EVENT}/index.html",
        "player": f"{EVENT}/players/{player}.html",
        "crosstable": f"{EVENT}/crosstable.html",
        "round": f"{EVENT}/rounds/{ROUND}.html",
        "festival": f"{FESTIVAL}/index.html",
        "section": f"{FESTIVAL}/{SECTION}/index.html",
        "series": f"series/{SERIES}/index.html",
        "series-person": f"series/{SERIES}/index.html#{SERIES_PERSON}",
    }


def _find_shot(page: Any, url: str, out: Path) -> None:
    """The front page with a name typed into "Find a player" and its answers listed."""
    page.goto(url + "index.html")
    page.fill("#find-name", FIND_TYPED)
    page.wait_for_selector(".find-results li")
    target = out / "find-phone.png"
    page.screenshot(path=str(target))
    print(f"{target.relative_to(out.parent)}: {target.stat().st_size:,} bytes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        events = tmp / "events"
        shutil.copytree(ROOT / "events", events)
        shutil.copytree(ROOT / "series", tmp / "series")  # beside events/, as in a project
        site_yml = ROOT / "site.yml"
        if site_yml.is_file():
            shutil.copyfile(site_yml, tmp / "site.yml")
        build_site(events, tmp / "site")
        pages = shots(tmp / "site")
        with served_under_sub_path(tmp / "site") as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                                 args=["--headless", "--no-sandbox"])
            try:
                for view, viewport in VIEWS.items():
                    for scheme in ("light", "dark"):
                        context = browser.new_context(viewport=viewport, color_scheme=scheme,
                                                      device_scale_factor=1)
                        page = context.new_page()
                        for shot, path in pages.items():
                            if scheme == "dark" and (view != "phone" or shot not in DARK):
                                continue
                            page.goto(url + path)
                            suffix = "-dark" if scheme == "dark" else ""
                            target = args.out / f"{shot}-{view}{suffix}.png"
                            page.screenshot(path=str(target))
                            size = target.stat().st_size
                            note = "  (large)" if size > LARGEST_PNG else ""
                            print(f"{target.relative_to(args.out.parent)}: {size:,} bytes{note}")
                        if view == "phone" and scheme == "light":
                            _find_shot(page, url, args.out)
                        context.close()
            finally:
                browser.close()


if __name__ == "__main__":
    main()
