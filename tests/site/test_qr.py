"""QR codes: the event's sheet for the venue and the small code on a printed player page.

Nothing here decodes a QR code (segno only encodes). Instead the modules our SVG draws are
read back from its path and compared with the matrix segno's encoder makes for the address:
the picture is the code of that address, border included.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import segno
from kit.sitekit import SEED_TRF, make_event

from generator.reading.events import read_events
from generator.reading.site_settings import SiteSettings
from generator.site import qr
from generator.site.build import build_site, plan_site, render_site
from generator.site.render import make_environment

URL = "https://club.example.org/results/"
BORDER = 4


def drawn_modules(svg: str) -> tuple[set[tuple[int, int]], int]:
    """The dark modules (row, column) an SVG of ours draws, and its size in modules.

    segno draws each row's dark runs as one path: ``M x y.5`` to start, ``h n`` for a run,
    ``m dx dy`` to the next run (relative to the end of the last one).
    """
    size = int(re.search(r'viewBox="0 0 (\d+) \1"', svg).group(1))
    path = re.search(r'<path stroke="#000" d="([^"]+)"', svg).group(1)  # the dark runs
    dark: set[tuple[int, int]] = set()
    x = y = 0.0
    for command, numbers in re.findall(r"([MmHh])([-\d. ]+)", path):
        values = [float(v) for v in numbers.split()]
        if command == "M":
            x, y = values
        elif command == "m":
            x, y = x + values[0], y + values[1]
        else:
            run = int(values[0])
            dark.update((int(y - 0.5), int(x) + i) for i in range(run))
            x += run
    return dark, size


def matrix_modules(code: segno.QRCode) -> set[tuple[int, int]]:
    return {(row + BORDER, column + BORDER) for row, line in enumerate(code.matrix)
            for column, bit in enumerate(line) if bit}


def svg_of(html: str, css_class: str) -> str:
    block = re.search(rf'<div class="[^"]*{css_class}[^"]*">(<svg.*?</svg>)', html, re.S)
    if block is None:
        block = re.search(r'(<svg role="img".*?</svg>)', html, re.S)
    assert block is not None, "no QR code on the page"
    return block.group(1)


# --- the code itself -------------------------------------------------------------------

@pytest.mark.parametrize("url", [URL + "open/index.html", URL + "open/players/17.html",
                                 "https://x.example/" + "long-event-name/" * 8])
def test_the_svg_draws_segnos_code_for_the_address(url: str) -> None:
    dark, size = drawn_modules(qr.qr_svg(url, "code"))
    code = segno.make(url, error="m", micro=False)
    assert size == code.symbol_size(border=BORDER)[0]
    assert dark == matrix_modules(code)


def test_a_player_pages_code_has_the_fixed_mask_and_the_same_address() -> None:
    url = URL + "open/players/3.html"
    dark, _ = drawn_modules(qr.small_qr_svg(url, "code"))
    code = segno.make(url, error="m", micro=False, mask=qr.PLAYER_QR_MASK)
    assert code.mask == qr.PLAYER_QR_MASK
    assert dark == matrix_modules(code)


def test_the_code_is_dark_on_white_and_named_for_screen_readers() -> None:
    svg = qr.qr_svg(URL, 'Kasparov "<b>"')
    assert svg.startswith('<svg role="img" aria-label="Kasparov &#34;&lt;b&gt;&#34;" ')
    assert 'fill="#fff"' in svg and 'stroke="#000"' in svg
    assert "<b>" not in svg


# --- the pages -------------------------------------------------------------------------

def built(tmp_path: Path, url: str | None, title: str = "Open 2026") -> dict[str, str]:
    events = tmp_path / "events"
    make_event(events, "open", SEED_TRF["seed-anna"], f"title: '{title}'\n")
    site = plan_site(read_events(events))
    env = make_environment(events, site=SiteSettings(url=url))
    return {path: data.decode("utf-8") for path, data in render_site(site, env).items()
            if path.endswith((".html", ".js"))}


def test_the_venue_sheet_holds_the_code_to_the_live_standings(tmp_path: Path) -> None:
    pages = built(tmp_path, URL, title="Open <2026> & co")
    sheet = pages["open/qr.html"]
    standings = URL + "open/"  # a folder as hosts serve it
    dark, _ = drawn_modules(svg_of(sheet, "qr-sheet"))
    assert dark == matrix_modules(segno.make(standings, error="m", micro=False))
    assert f'<p class="qr-address">{standings}</p>' in sheet
    assert "<h1>Open &lt;2026&gt; &amp; co</h1>" in sheet
    assert 'href="qr.html"' in pages["open/index.html"]


def test_a_printed_player_page_carries_a_code_to_itself(tmp_path: Path) -> None:
    pages = built(tmp_path, URL)
    player = pages["open/players/2.html"]
    assert '<div class="print-only qr-corner">' in player
    dark, _ = drawn_modules(svg_of(player, "qr-corner"))
    code = segno.make(URL + "open/players/2.html", error="m", micro=False,
                      mask=qr.PLAYER_QR_MASK)
    assert dark == matrix_modules(code)


def test_without_a_url_the_sheet_says_what_to_add_and_players_have_no_code(
        tmp_path: Path) -> None:
    pages = built(tmp_path, None)
    sheet = pages["open/qr.html"]
    assert "<svg" not in sheet
    assert "<code>site.yml</code>" in sheet and "url: https://" in sheet
    assert "print-only" not in pages["open/players/2.html"]
    assert 'href="qr.html"' in pages["open/index.html"]


def test_site_yml_url_gives_the_codes_in_a_build(tmp_path: Path) -> None:
    events = tmp_path / "events"
    make_event(events, "open", SEED_TRF["seed-anna"], "title: Open\n")
    (tmp_path / "site.yml").write_text(f"title: Club\nurl: {URL}\n", encoding="utf-8")
    build_site(events, tmp_path / "site")
    sheet = (tmp_path / "site/open/qr.html").read_text(encoding="utf-8")
    assert f'<p class="qr-address">{URL}open/</p>' in sheet
    player = (tmp_path / "site/open/players/2.html").read_text(encoding="utf-8")
    assert '<div class="print-only qr-corner">' in player
