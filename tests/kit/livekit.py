"""TRF files as a pairing program exports them on the event day: after a pairing (the next
round's blocks with opponents and colours, no results) and while results are entered.

Built from the seed event Anna (8 players, 5 rounds, ``tests/corpus/trf/seed-anna.trf``),
with the points column re-added, as the program writes it, so that a file under test
carries no warning. And reading the pages built of them: a page's text, a table's rows.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path

from conftest import CORPUS_TRF

ANNA = (CORPUS_TRF / "seed-anna.trf").read_text(encoding="utf-8")

ROUND_6 = {1: "0006 w", 6: "0001 b", 5: "0002 w", 2: "0005 b", 7: "0004 w", 4: "0007 b",
           3: "0008 w", 8: "0003 b"}
"""A pairing of round 6 with no repeated game (Anna has met 5 2 3 4 7, and so on).

By C.04 board order (the higher score of the pair, then the sum, then the higher player's
pairing number), worked out by hand from the scores after round 5 (Anna 4, Boris 4, Vera
Gleb Dina 2½, Egor Zhanna 2, Zurab ½): board 1 Dina-Boris (4, 6½), board 2 Anna-Egor
(4, 6), board 3 Zhanna-Gleb (2½, 4½), board 4 Vera-Zurab (2½, 3)."""

ROUND_6_BOARDS = ((5, 2), (1, 6), (7, 4), (3, 8))
"""(White, Black) board by board, as worked out in ROUND_6's note."""

_POINTS = {"1": Decimal(1), "+": Decimal(1), "F": Decimal(1), "U": Decimal(1), "W": Decimal(1),
           "=": Decimal("0.5"), "H": Decimal("0.5"), "D": Decimal("0.5")}


def _block(line: str, round_no: int) -> str:
    start = 91 + 10 * (round_no - 1)
    return line[start:start + 8]


def live_trf(*, announced: int | None = 5, blank: frozenset[tuple[int, int]] = frozenset(),
             next_round: Mapping[int, str] | None = None, cut_after: int = 5) -> str:
    """Seed Anna as exported part-way: rounds after ``cut_after`` dropped, the results of
    ``blank`` ((start no, round) pairs) not entered yet, ``next_round`` (start no -> a
    block without result, ``"0006 w"`` or ``"0000 - H"``) as the round after the last,
    and ``XXR announced`` (None: no XXR record)."""
    lines = []
    for line in ANNA.splitlines():
        if line.startswith("XXR"):
            if announced is not None:
                lines.append(f"XXR {announced}")
            continue
        if not line.startswith("001"):
            lines.append(line)
            continue
        number = int(line[4:8])
        blocks = []
        for k in range(1, cut_after + 1):
            block = _block(line, k)
            if (number, k) in blank:
                block = block[:7] + " "
            blocks.append(block)
        if next_round is not None and number in next_round:
            blocks.append(next_round[number].ljust(8))
        points = sum((_POINTS.get(block[7], Decimal(0)) for block in blocks), Decimal(0))
        # The rank column (86-89) left empty: seed-anna's ranks Egor and Zhanna by starting
        # number where BPG ranks Zhanna first, and a part-way export's ranks are not the
        # standings'; a rank column that disagrees is a warning (issue 9), these files are clean.
        head = line[:80] + f"{points:.1f}".rjust(4) + " " * 5 + line[89:91]
        lines.append((head + "  ".join(blocks)).rstrip())
    return "\n".join(lines) + "\n"


def plain_text(markup: str) -> str:
    """The text of some HTML: tags as spaces, entities read, runs of space as one."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


def site_page(site: Path, path: str) -> str:
    return (site / path).read_text(encoding="utf-8")


_ROW = re.compile(r"(?s)<tr(?:\s[^>]*)?>(.*?)(?=<tr[\s>]|</tr>|</tbody>|</table>|\Z)")
"""A row's markup up to its end as a browser finds it: the tables leave out </tr>, so a row
also ends where the next begins or its table part ends."""


def row_markups(markup: str) -> list[str]:
    """The markup inside each row of ``markup``, end tag or none."""
    return _ROW.findall(markup)


def class_rows(markup: str, table_class: str) -> list[str]:
    """The text of each body row of the first table of ``table_class``."""
    table = markup[markup.index(f'<table class="{table_class}"'):]
    table = table[:table.index("</table>")]
    body = table[table.index("<tbody>"):]
    return [plain_text(row) for row in row_markups(body)]
