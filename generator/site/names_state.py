"""The rows of the pages of names, kept page by page in the site-wide state (site_state.py).

At 10,000 events the players' index lists 190,000 persons on about 4,000 pages of names:
folding every name and cutting the pages again took two seconds of a change of one event.
The state keeps each page's rows in a part of its own (``names:<prefix>``; ``names:*`` for
a site whose index lists every player on one page) and the pages in order with their
numbers of players (``names``). A change takes its touched persons' old rows off the pages
they were on and puts their new rows on the pages their names fall on now; the other pages
are neither read nor rendered. Where the pages would be cut otherwise (a page past
:data:`index_pages.PEOPLE_PAGE_ROWS`, a prefix under it, a page emptied or a prefix that has
none yet, the index split or joined), every page is read and the pages cut again as a clean
build cuts them, so the result is always a clean build's (tests/site/test_site_state.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, cast

from generator.site import index_pages
from generator.site.index_pages import (
    LaterRows,
    NamesPage,
    PeopleIndex,
    PersonRow,
    laid_out,
    names_split,
)
from generator.site.manifest import state_bytes

__all__ = ["NAMES", "PAGE", "WHOLE", "NamesState", "NamesView"]

NAMES = "names"
"""The part of the state that lists the pages of names: [prefix, players] each, in order;
None when the index lists every player."""
PAGE = "names:"
"""A page's part: its rows, each [key, name, federation, FIDE ID, events, folded family]."""
WHOLE = "*"
"""The prefix of the one page of a site whose index lists every player."""

NamesView = tuple[PeopleIndex, tuple[NamesPage, ...]]
Row = list[Any]


def _order(row: Sequence[Any]) -> tuple[str, str]:
    return str(row[1]).casefold(), str(row[0])  # people.py's order: name casefolded, key


def _person_row(row: Sequence[Any]) -> tuple[str, PersonRow]:
    key, name, federation, fide_id, events, folded = row
    return str(folded), PersonRow(key=str(key), name=str(name), federation=str(federation),
                                  fide_id=None if fide_id is None else int(fide_id),
                                  events=int(events))


class NamesState:
    """The pages of names as this build leaves them: ``layout`` the pages' prefixes and
    numbers of players (None: one page), ``rows`` the rows of the pages read, ``changed``
    the pages whose part is written again, ``kept`` the other parts' record names."""

    def __init__(self, layout: list[list[Any]] | None, rows: dict[str, list[Row]],
                 changed: Iterable[str], kept: Mapping[str, str],
                 read: Callable[[str], list[Row] | None]) -> None:
        self.layout, self.rows, self.kept, self._read = layout, rows, dict(kept), read
        self.changed = set(changed)

    @classmethod
    def whole(cls, rows: list[Row]) -> NamesState:
        """The pages cut from every person's row, in order (a clean build's cut)."""
        folded: list[tuple[str, Any]] = [(str(row[5]), row) for row in rows]
        leaves = names_split(folded)
        if leaves is None:
            return cls(None, {WHOLE: rows}, [WHOLE], {}, lambda _prefix: None)
        pages: dict[str, list[Row]] = {prefix: [cast(Row, row) for _, row in found]
                                       for prefix, found in leaves}
        return cls([[prefix, len(found)] for prefix, found in pages.items()],
                   pages, pages, {}, lambda _prefix: None)

    @property
    def total(self) -> int:
        if self.layout is None:
            return len(self.rows[WHOLE])
        return sum(players for _, players in self.layout)

    def page_rows(self, prefix: str) -> list[Row]:
        found = self.rows.get(prefix)
        if found is None:
            found = self._read(prefix)
            if found is None:
                raise LookupError(f"the rows of the page of names {prefix!r} cannot be read")
            self.rows[prefix] = found
        return found

    def every_row(self) -> list[Row]:
        if self.layout is None:
            return self.page_rows(WHOLE)
        return [row for prefix, _ in self.layout for row in self.page_rows(prefix)]

    def view(self) -> NamesView:
        """The players' index and the pages of names; an unchanged page's rows are read only
        when it is rendered."""
        if self.layout is None:
            return PeopleIndex(rows=tuple(row for _, row in map(
                _person_row, self.page_rows(WHOLE))), letters=(), pages=()), ()
        return laid_out([(prefix, players, self._shown(prefix))
                         for prefix, players in self.layout])

    def _shown(self, prefix: str) -> Sequence[PersonRow]:
        if prefix in self.changed:
            return tuple(row for _, row in map(_person_row, self.page_rows(prefix)))
        return LaterRows(lambda: [row for _, row in map(_person_row, self.page_rows(prefix))])

    def records(self) -> dict[str, str | bytes]:
        found: dict[str, str | bytes] = {PAGE + prefix: name for prefix, name in self.kept.items()}
        found[NAMES] = state_bytes(self.layout)
        for prefix in self.changed:
            found[PAGE + prefix] = state_bytes(self.rows[prefix])
        return found

    def updated(self, old: Mapping[str, Row | None], new: Mapping[str, Row | None],
                ) -> NamesState:
        """The pages after the persons of ``old``'s keys (their rows before; None: no row)
        have their rows of ``new``: those pages alone read and changed, else every page cut
        again (see the module's text)."""
        moving = [key for key in old if old[key] != new.get(key)]
        old = {key: old[key] for key in moving}
        new = {key: new.get(key) for key in moving}
        if self.layout is None:
            every = self._moved(self.page_rows(WHOLE), old, new)
            if len(every) > index_pages.PEOPLE_PAGE_ROWS:
                return NamesState.whole(every)
            return NamesState(None, {WHOLE: every}, [WHOLE], {}, self._read)
        prefixes = [prefix for prefix, _ in self.layout]
        leaving: dict[str, list[str]] = {}
        coming: dict[str, list[Row]] = {}
        for key, row in old.items():
            if row is not None:
                page = _page_of(str(row[5]), prefixes)
                if page is None:
                    return NamesState.whole(self._moved(self.every_row(), old, new))
                leaving.setdefault(page, []).append(key)
        for row in new.values():
            if row is not None:
                page = _page_of(str(row[5]), prefixes)
                if page is None:
                    return NamesState.whole(self._moved(self.every_row(), old, new))
                coming.setdefault(page, []).append(row)
        changed = {*leaving, *coming}
        rows = {prefix: self.page_rows(prefix) for prefix in changed}
        for prefix in changed:
            gone = set(leaving.get(prefix, ()))
            rows[prefix] = sorted([row for row in rows[prefix] if row[0] not in gone]
                                  + coming.get(prefix, []), key=_order)
        layout = [[prefix, len(rows[prefix]) if prefix in changed else players]
                  for prefix, players in self.layout]
        if not _holds(layout, rows, changed):
            every = [row for prefix, _ in self.layout
                     for row in (rows[prefix] if prefix in changed else self.page_rows(prefix))]
            return NamesState.whole(sorted(every, key=_order))
        return NamesState(layout, {**self.rows, **rows}, changed,
                          {prefix: name for prefix, name in self.kept.items()
                           if prefix not in changed}, self._read)

    @staticmethod
    def _moved(rows: list[Row], old: Mapping[str, Row | None],
               new: Mapping[str, Row | None]) -> list[Row]:
        return sorted([row for row in rows if row[0] not in old]
                      + [row for row in new.values() if row is not None], key=_order)


def _page_of(folded: str, prefixes: Sequence[str]) -> str | None:
    """The page a folded family name falls on: the longest prefix of it among the pages'
    of its initial (None: no page of the cut holds it)."""
    best = None
    for prefix in prefixes:
        if prefix[:1] == folded[:1] and folded.startswith(prefix) \
                and (best is None or len(prefix) > len(best)):
            best = prefix
    return best


def _holds(layout: Sequence[Sequence[Any]], rows: Mapping[str, Sequence[Row]],
           changed: Iterable[str]) -> bool:
    """Whether a clean build would cut the pages as they are, where only the pages
    ``changed`` changed (index_pages._split): each changed page none too many (or every
    name on it its prefix itself) nor empty, each prefix above it still too many for a
    page, and the index still split."""
    limit = index_pages.PEOPLE_PAGE_ROWS
    counts = {str(prefix): int(players) for prefix, players in layout}
    if sum(counts.values()) <= limit:
        return False
    for prefix in changed:
        found = rows[prefix]
        if not found:
            return False
        if len(found) > limit and any(len(str(row[5])) > len(prefix) for row in found):
            return False
        # Every prefix above it was cut, and so was the page's own where pages of longer
        # prefixes hold the rest of it (a name that is the prefix itself has its own page).
        ends = range(1, len(prefix) + 1) if any(
            page.startswith(prefix) and page != prefix for page in counts) \
            else range(1, len(prefix))
        for end in ends:
            above = prefix[:end]
            if sum(players for page, players in counts.items()
                   if page.startswith(above)) <= limit:
                return False
    return True
