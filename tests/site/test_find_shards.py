"""The find index in shards: a federation's 100,000 people, hostile names, small sites.

Only the index code runs here (``find_files`` on synthetic entries), not a build.
"""

from __future__ import annotations

import dataclasses
import random
import re

from kit.findkit import index_entries, manifest, shard

from generator.site.addresses import FIND_INDEX, FIND_SHARD_DIR
from generator.site.find import (
    END_OF_WORD,
    SHARD_BUDGET,
    FindEntry,
    FindEvent,
    find_files,
    name_words,
    shard_key,
    shard_path,
    shards_to_read,
)

MEGABYTE = 1024 * 1024
LOAD_LIMIT = MEGABYTE
"""find.js's LOAD_LIMIT: a search reads at most this many bytes of shards."""

SYLLABLES = ("ka", "mi", "lo", "ve", "san", "tor", "ri", "bel", "no", "dra", "pe", "zu",
             "ha", "gor", "li", "en", "ma", "ster", "os", "ić")
ODD = ("Müller", "Łukasiewicz", "Øresund", "Ðorđević", "Pérez", "Иванов", "Σωκράτης",
       "王", "김", "O'Brien", "van der Berg", "Straße")
HOSTILE = ("../../etc/passwd", "a/b\\c", "..", ".", "con", "nul", "AUX", "<script>x</script>",
           "\u2028line", "emoji 🐱 name", "dot.dot.dot", "x\x00y", "")


def synthetic_people(count: int, seed: int = 7) -> list[str]:
    """Names as a federation's lists hold them, "Surname, First names": made-up syllables,
    some names from other alphabets, one surname in thirty the same, a few hostile."""
    rng = random.Random(seed)

    def word() -> str:
        return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(1, 3))).capitalize()

    names = []
    for number in range(count):
        if number % 30 == 0:
            surname = "Müller"
        elif number % 17 == 0:
            surname = rng.choice(ODD)
        elif number % 997 == 0:
            surname = rng.choice(HOSTILE)
        else:
            surname = " ".join(word() for _ in range(rng.choice((1, 1, 1, 2))))
        names.append(f"{surname}, {' '.join(word() for _ in range(rng.choice((1, 1, 2))))}")
    return names


def index_of(names: list[str], per_event: int = 60) -> tuple[list[FindEvent],
                                                             list[FindEntry]]:
    """The names as players of events of ``per_event`` players, one event a week."""
    count = (len(names) + per_event - 1) // per_event
    events = [FindEvent(slug=f"event-{n}", title=f"Open {n}", day=740_000 - 7 * n)
              for n in range(count)]
    entries = [FindEntry(name=name, event=number // per_event, position=number % per_event,
                         where=f"{number % per_event + 1}th place",
                         page=f"event-{number // per_event}/players/{number % per_event + 1}.html")
               for number, name in enumerate(names)]
    return events, entries


def home(word: str, keys: set[str]) -> str:
    """The shard that holds a whole word: the one whose key begins it, else the one of the
    words that end where its split shard's key does."""
    for length in range(len(word) + 1):
        if shard_key(word[:length]) in keys:
            return shard_key(word[:length])
    assert shard_key(word) + END_OF_WORD in keys, word
    return shard_key(word) + END_OF_WORD


def test_100000_people_no_shard_over_a_megabyte_and_each_where_its_words_lead() -> None:
    events, entries = index_of(synthetic_people(100_000))
    files = find_files(events, entries)
    shards = manifest(files)
    keys = sorted(shards)
    key_set = set(keys)
    assert set(files) == {FIND_INDEX} | {shard_path(key) for key in keys}
    assert len(keys) > 1
    for key in keys:
        assert len(files[shard_path(key)]) == shards[key] <= MEGABYTE, key
    held: dict[str, set[str]] = {}
    for key in keys:
        data = shard(files, key)
        for _, event, _, page, _ in data["entries"]:
            slug = data["events"][int(str(event))][0]
            held.setdefault(f"{slug}/{page}", set()).add(key)
    # Each entry is in exactly the shards of its words.
    homes: dict[str, str] = {}
    for entry in entries:
        words = name_words(entry.name)
        for word in words:
            if word not in homes:
                homes[word] = home(word, key_set)
        assert held.get(entry.page, set()) == {homes[word] for word in words}, entry.name
    # A search for a word's beginning reads the shard that holds the word, so it finds every
    # name with that word; what it reads depends on the beginning alone, and where a word is
    # held on the word alone: each asked once (the names share their words).
    reads: dict[str, tuple[set[str], int]] = {}
    for word, held_in in homes.items():
        for length in {1, 2, 3, len(word)}:
            if word[:length] not in reads:
                read = shards_to_read(word[:length], keys)
                reads[word[:length]] = set(read), sum(shards[key] for key in read)
            read_set, size = reads[word[:length]]
            if size <= LOAD_LIMIT:
                assert held_in in read_set, (word, word[:length])
            elif length == len(word):
                # Too many names begin so: the search reads those with this very word.
                whole = shard_key(word) + END_OF_WORD
                assert held_in == whole and shards[whole] <= LOAD_LIMIT, word


def test_a_small_site_is_one_shard_as_before() -> None:
    names = synthetic_people(500)
    events, entries = index_of(names)
    files = find_files(events, entries)
    assert manifest(files) == {"": len(files[shard_path("")])}
    assert shard_path("") == f"{FIND_SHARD_DIR}/n.js"
    found_events, found = index_entries(files)
    unfindable = {number for number, name in enumerate(names) if not name_words(name)}
    assert [entry[0] for entry in found] == [
        name for number, name in enumerate(names) if number not in unfindable]
    assert found_events == [[event.slug, event.title, event.day] for event in events]


def test_shard_names_come_from_a_fixed_alphabet_whatever_the_names() -> None:
    names = [*HOSTILE, *ODD] * 400
    files = find_files(*index_of(names), budget=2_000)
    assert len(manifest(files)) > 20
    for path, data in files.items():
        assert path == FIND_INDEX or re.fullmatch(rf"{FIND_SHARD_DIR}/n[a-z0-9_-]*\.js", path)
        assert data.isascii() and b"<" not in data
    assert shard_path(shard_key("con")) == f"{FIND_SHARD_DIR}/ncon.js"  # no device name
    assert shard_key("иван") == "-000438-000432-000430-00043d"


def test_a_word_read_whole_or_by_its_beginning_finds_the_same_shards() -> None:
    names = synthetic_people(20_000)
    files = find_files(*index_of(names), budget=SHARD_BUDGET // 8)
    keys = sorted(manifest(files))
    # "m" reads every shard below it; "müller" one shard, which "m" reads too.
    below_m = shards_to_read("m", keys)
    assert len(below_m) > 1 and all(key.startswith("m") for key in below_m)
    assert shards_to_read("muller", keys)[0] in below_m
    assert shards_to_read("qqqqq", keys) == []


def test_a_new_event_changes_only_the_shards_of_its_players_words() -> None:
    names = synthetic_people(20_060)
    events, entries = index_of(names[:20_000])
    before = find_files(events, entries, budget=SHARD_BUDGET // 8)
    # The newest event: listed first, so every other event's number moves by one.
    newest = FindEvent(slug="newest", title="Newest open", day=750_000)
    added = [FindEntry(name=name, event=0, position=position, where="1st place",
                       page=f"newest/players/{position + 1}.html")
             for position, name in enumerate(names[20_000:])]
    moved = [dataclasses.replace(entry, event=entry.event + 1) for entry in entries]
    after = find_files([newest, *events], [*added, *moved], budget=SHARD_BUDGET // 8)
    changed = {path for path in before.keys() | after.keys()
               if before.get(path) != after.get(path)} - {FIND_INDEX}
    new_words = {shard_key(word) for entry in added for word in name_words(entry.name)}
    assert changed
    for path in changed:
        key = path.removeprefix(f"{FIND_SHARD_DIR}/n").removesuffix(".js").rstrip(END_OF_WORD)
        assert any(word.startswith(key) or key.startswith(word) for word in new_words), path
    assert len(changed) < len(manifest(after)) / 2
