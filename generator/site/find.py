"""Find a player: the index that ``static/find.js`` searches, without a server.

The index is script files, not JSON: a page opened from disk (``file://``) may not fetch a
file beside it, but it may load a script. ``find.js`` adds a script to the page only when
the search box is used, so a page that nobody searches loads none.

An archive of thousands of events has millions of names, too many for one file, so the
index is split into shards by the beginning of each word of a name, folded as the search
folds what is typed (:func:`name_words`). The search finds a name when every word typed
begins one of its words, so the shard of any one typed word holds every name it can find:
a name sits in the shard of each of its words. A shard that grows past
:data:`SHARD_BUDGET` is split by the next letter of its words, so the shards are as long
as the names under them need (one shard, ``n.js``, for a club's site). The manifest
(``addresses.FIND_INDEX``) lists the shards and their sizes; find.js reads it first, then
the shard a typed word begins with, or (a word shorter than the shards' keys, "m") every
shard below it while they are few enough bytes, else it asks for more of the name.
"""

from __future__ import annotations

import bisect
import json
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from json.encoder import encode_basestring_ascii

from generator.model import StartNo
from generator.site.addresses import FIND_INDEX, FIND_SHARD_DIR, competitor_page, player_page
from generator.site.headline import place_words
from generator.site.language import pgettext
from generator.site.plan import EventPlan
from generator.site.stored_summary import team_members
from generator.site.views import event_sort_key, round_view
from generator.speed import frozen_record

FIND_GLOBAL = "standingsFindIndex"
"""The name the manifest script gives its data (``window.standingsFindIndex``)."""

SHARD_GLOBAL = "standingsFindShards"
"""Where each shard script puts its data: ``window.standingsFindShards[key]``."""

SHARD_BUDGET = 256 * 1024
"""A shard over this many bytes is split by the next letter of its words. Only a shard
whose words are all one word, too common to split, can pass it (at 100,000 people none
passes 1 MB: tests/site/test_find_shards.py)."""

END_OF_WORD = "_"
"""The key's last character for the words that end where their split shard's key does
("li" beside "lin..." and "lim...")."""

_FOLDED = {"ø": "o", "ł": "l", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe", "ı": "i", "þ": "th"}  # noqa: RUF001
"""Letters that no decomposition takes apart (find.js's FOLDED: keep the two equal)."""

_FOLDING = str.maketrans(_FOLDED)

_MARKS = re.compile("[\u0300-\u036f]+")
"""The combining marks find.js takes off a decomposed name."""

_WORD = re.compile(r"[^\W_]+")
r"""A word: letters and digits (find.js splits on ``[^\p{L}\p{N}]``)."""


def fold(text: str) -> str:
    """Accents and case do not count (find.js's ``fold``, step for step): "Pérez" is
    "perez", "Łukasz" is "lukasz"."""
    if text.isascii():  # no mark to take off, no letter to fold: most names, at once
        return text.lower()
    return _MARKS.sub("", unicodedata.normalize("NFD", text)).lower().translate(_FOLDING)


def name_words(name: str) -> list[str]:
    """The words of a name as the search compares them: folded, split at anything that is
    neither a letter nor a digit."""
    return _WORD.findall(fold(name))


def shard_key(prefix: str) -> str:
    """The key of the shard of the words that begin with ``prefix`` (folded): a-z and 0-9
    as they are, any other character as ``-`` and six hex digits of its code point. Keys
    are file names whatever a name holds (no dot, slash or case to lose), and a key
    begins another exactly when its prefix begins the other's."""
    return "".join(c if "a" <= c <= "z" or "0" <= c <= "9" else f"-{ord(c):06x}"
                   for c in prefix)


def shard_path(key: str) -> str:
    """A shard's file from the site root ("n" first: no key is a name a system keeps for a
    device, such as ``con``)."""
    return f"{FIND_SHARD_DIR}/n{key}.js"


def shards_to_read(word: str, keys: Sequence[str]) -> list[str]:
    """The shards a search for a typed (folded) word reads, of the shards' ``keys`` in
    sorted order: the one whose key begins the word, or else every one whose key the word
    begins (find.js's ``shardsFor``)."""
    for length in range(len(word) + 1):
        key = shard_key(word[:length])
        at = bisect.bisect_left(keys, key)
        if at < len(keys) and keys[at] == key:
            return [key]
    whole = shard_key(word)
    below = []
    for key in keys[bisect.bisect_left(keys, whole):]:
        if not key.startswith(whole):
            break
        below.append(key)
    return below


@frozen_record
class FindEvent:
    """An event as the search names it and orders it."""

    slug: str
    title: str
    day: int | None
    """Its first day (``date.toordinal``), None when undated: find.js orders the events
    of several shards by it as ``views.event_sort_key`` does, newest first."""


@frozen_record
class FindEntry:
    """One competitor of one event, as the search lists them."""

    name: str
    event: int
    """Indexes the events, newest first."""
    position: int
    """Its place in its event's list: standings order, then a team event's players."""
    where: str
    """Where the result stands: "3rd–5th place", a team member's "Team, 2nd place"."""
    page: str
    """The competitor's page from the site root."""


def find_entries(plans: Sequence[EventPlan]) -> tuple[list[FindEvent], list[FindEntry]]:
    """Every event, newest first, and every ranked competitor of every event, in the
    events' order and in standings order, and in a team event each team's players after
    the teams."""
    events = []
    entries: list[FindEntry] = []
    for number, plan in enumerate(sorted(plans, key=event_sort_key)):
        start = plan.info.start_date
        events.append(FindEvent(slug=plan.slug, title=plan.info.title,
                                day=None if start is None else start.toordinal()))
        is_team = plan.info.is_team_event
        places = {}
        listed: list[tuple[str, str, str]] = []
        playing = _where_playing(plan)
        for row in plan.standings.rows:
            # The ordinal as the language writes it (CLDR's ordinal categories through
            # Babel: "4th", "4.", "4.º", "4º"), so German says "4. Platz", never "4 Platz".
            places[row.player.start_no] = pgettext(
                "where a result stands: 4th place, 3rd–5th place",
                "{place} place").format(place=place_words(row))
            if row.player.start_no in playing:
                round_no, board, opponent = playing[row.player.start_no]
                places[row.player.start_no] = pgettext(
                    "where a player of a festival's section plays in the round under way",
                    "{place}; round {round}, board {board} against {opponent}").format(
                    place=places[row.player.start_no], round=round_no, board=board,
                    opponent=opponent)
            listed.append((row.player.name, places[row.player.start_no],
                           competitor_page(plan.slug, row.player.start_no, is_team)))
        for member in team_members(plan):
            where = "" if member.team is None \
                else f"{member.team_name}, {places.get(StartNo(member.team), '')}"
            listed.append((member.name, where.rstrip(", "),
                           player_page(plan.slug, StartNo(member.start_no))))
        entries += (FindEntry(name=name, event=number, position=position, where=where,
                              page=page)
                    for position, (name, where, page) in enumerate(listed))
    return events, entries


def _where_playing(plan: EventPlan) -> dict[int, tuple[int, int, str]]:
    """A festival section's players with a game in the round under way (issue 27: "where
    do I play"): start number -> (round, board, opponent's name). Empty for an event that
    is no section (its index stays as it was), a team event, or between rounds."""
    if plan.event.festival is None or plan.info.is_team_event:
        return {}
    round_no = plan.info.current_round
    if round_no is None:
        return {}
    playing: dict[int, tuple[int, int, str]] = {}
    for board in round_view(plan, round_no).boards:
        for player, opponent in ((board.white, board.black), (board.black, board.white)):
            playing[player.start_no] = (round_no, board.number, opponent.name)
    return playing


def find_index(plans: Sequence[EventPlan]) -> dict[str, bytes]:
    """The manifest and every shard of the site's index, by their paths."""
    events, entries = find_entries(plans)
    return find_files(events, entries)


def find_files(events: Sequence[FindEvent], entries: Sequence[FindEntry],
               budget: int = SHARD_BUDGET, split: dict[str, int] | None = None,
               shard_sizes: dict[str, int] | None = None) -> dict[str, bytes]:
    """The manifest and the shards of these entries (``events`` as :func:`find_entries`).

    A shard is ``{"events": [[slug, title, day], ...], "entries": [[name, event, where,
    page, position], ...]}``: ``event`` indexes the shard's own events, ``page`` is the
    competitor's page from the event's folder (every one of them is in it: the folder is
    written once per shard, not once per entry). find.js orders the
    entries of several shards read at once by their events' days and slugs and their
    positions, and tells the same entry in two of them by its page; nothing in a shard
    depends on an event it does not list, so a new event changes only the shards of its
    players' names. Names are data here: find.js writes them as text, never as markup.

    ``split`` receives the prefixes that were split and the size each had
    (:func:`entry_size`, :func:`shard_size`), ``shard_sizes`` each shard's by its key: what a
    build needs to update the shards of a few events without the others (find_update.py).
    """
    event_json = [event_row(event) for event in events]
    # Each entry's JSON but its event's number in the shard, written once for every shard.
    rows = [entry_row(entry, events[entry.event].slug) for entry in entries]
    widest_event = widest(len(events))
    sizes = [entry_size(head, tail, widest_event) for head, tail in rows]

    def size(numbers: list[int]) -> int:
        return shard_size((sizes[number] for number in numbers),
                          (event_json[event] for event in
                           {entries[number].event for number in numbers}))

    words = [(number, word) for number, entry in enumerate(entries)
             for word in dict.fromkeys(name_words(entry.name))]
    shards = _split(words, size, budget, split)
    if shard_sizes is not None:
        shard_sizes.update((key, size(numbers)) for key, numbers in shards.items())
    files = {shard_path(key): _shard_script(key, numbers, entries, rows, event_json)
             for key, numbers in shards.items()}
    files[FIND_INDEX] = find_manifest((path, len(data)) for path, data in files.items())
    return files


def widest(events: int) -> int:
    """The digits of the widest event number a shard may hold (its own events' numbers
    are smaller): the size of every entry is reckoned with it."""
    return len(str(events))


def entry_size(head: str, tail: str, widest_event: int) -> int:
    """An entry's bytes in a shard, at most (its JSON, its event's number and a comma)."""
    return len(head) + widest_event + len(tail) + 1


def shard_size(entries: Iterable[int], events: Iterable[str]) -> int:
    """A shard's bytes, at most: the script around it, its entries' sizes and its events'
    JSON."""
    return _SHARD_WRAPPING + sum(entries) + sum(len(event) + 1 for event in events)


def entry_row(entry: FindEntry, slug: str) -> tuple[str, str]:
    """An entry's JSON in a shard, before and after its event's number there."""
    return entry_json(entry.name, entry.where, _in_folder(entry.page, slug), entry.position)


def entry_json(name: str, where: str, page: str, position: int) -> tuple[str, str]:
    """:func:`entry_row` of an entry as a shard holds it (``page`` in its event's folder)."""
    return (f"[{_text_json(name)},", f",{_text_json(where)},{_text_json(page)},{position}]")


def event_row(event: FindEvent) -> str:
    return _json([event.slug, event.title, event.day])


def find_manifest(shards: Iterable[tuple[str, int]]) -> bytes:
    """The manifest script of the shards (their paths, in key order, and sizes)."""
    listed = [[path.removeprefix(f"{FIND_SHARD_DIR}/n").removesuffix(".js"), size]
              for path, size in shards]
    return f"window.{FIND_GLOBAL}={_json({'shards': listed})};\n".encode("ascii")


def _in_folder(page: str, slug: str) -> str:
    folder = f"{slug}/"
    assert page.startswith(folder), f"{page!r} is not in its event's folder"
    return page.removeprefix(folder)


_SHARD_WRAPPING = 100
"""A shard's bytes besides its events and entries (the script around them), at most."""


def _split(words: list[tuple[int, str]], size: Callable[[list[int]], int],
           budget: int, split: dict[str, int] | None = None,
           start: str = "") -> dict[str, list[int]]:
    """The shards' keys and the entries of each (their numbers, in order): the words under
    a prefix stay together while their entries fit the budget or no next letter can tell
    them apart. ``split``: receives each prefix split and its size; ``start``: the prefix
    every word begins with."""
    shards: dict[str, list[int]] = {}
    pending: list[tuple[str, list[tuple[int, str]]]] = [(start, words)] if words else []
    while pending:
        prefix, under = pending.pop()
        depth = len(prefix)
        numbers = sorted({number for number, _ in under})
        longer = [(number, word) for number, word in under if len(word) > depth]
        measured = size(numbers) if longer else 0
        if not longer or measured <= budget:
            shards[shard_key(prefix)] = numbers
            continue
        if split is not None:
            split[prefix] = measured
        ended = sorted({number for number, word in under if len(word) == depth})
        if ended:
            shards[shard_key(prefix) + END_OF_WORD] = ended
        by_letter: dict[str, list[tuple[int, str]]] = {}
        for number, word in longer:
            by_letter.setdefault(word[depth], []).append((number, word))
        pending.extend((prefix + letter, group) for letter, group in by_letter.items())
    return dict(sorted(shards.items()))


def _shard_script(key: str, numbers: list[int], entries: Sequence[FindEntry],
                  rows: Sequence[tuple[str, str]], event_json: Sequence[str]) -> bytes:
    events = sorted({entries[number].event for number in numbers})
    local = {event: index for index, event in enumerate(events)}
    listed = ",".join(f"{rows[number][0]}{local[entries[number].event]}{rows[number][1]}"
                      for number in numbers)
    data = f'{{"events":[{",".join(event_json[event] for event in events)}],"entries":[{listed}]}}'
    return f"{shard_opening(key)}{data};\n".encode("ascii")


def shard_opening(key: str) -> str:
    """A shard script's text before its data (which ``;`` and a newline end)."""
    return f'(window.{SHARD_GLOBAL}=window.{SHARD_GLOBAL}||{{}})["{key}"]='


def _json(value: object) -> str:
    # ASCII only: no U+2028 or "</script" can end up in the script text, whatever a name
    # holds.
    return json.dumps(value, ensure_ascii=True, separators=(",", ":")).replace("<", "\\u003c")


def _text_json(text: str) -> str:
    """:func:`_json` of a string, without making an encoder (an archive's index writes a
    few of them for each of its millions of entries): the same characters, as json.dumps
    writes a string with ``ensure_ascii`` by this very function."""
    return encode_basestring_ascii(text).replace("<", "\\u003c")
