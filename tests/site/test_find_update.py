"""The find index of a changed archive, made from the shards of the last build and the
changed events only (site/find_update.py), is the index a clean build makes, byte for byte,
and so is the state it keeps for the next build."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from generator.site import find_update
from generator.site.cache import FileRecord
from generator.site.find import FIND_INDEX, FIND_SHARD_DIR, find_entries, find_files
from generator.site.find_update import updated_find_index, whole_find_index
from generator.site.plan import EventPlan
from generator.site.stored_summary import as_plans, summarised

SYLLABLES = ("an", "na", "ma", "li", "lo", "ki", "ø", "é", "1")
BUDGET = 3_000
"""Small, so that a few dozen events make shards split two and three letters deep."""


def _name(rng: random.Random) -> str:
    def word() -> str:
        return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(1, 3))).capitalize()
    return f"{word()}, {word()}" if rng.random() < 0.9 else word()


def _event(rng: random.Random, slug: str) -> EventPlan:
    """An event as the build lists it from its summary (what find.py reads of it)."""
    return as_plans([summarised(slug, _summary(rng, slug))])[0]


def _summary(rng: random.Random, slug: str) -> dict[str, Any]:
    players = rng.randint(1, 12)
    rows = []
    rank = 1
    for number in range(1, players + 1):
        shared = rng.random() < 0.2
        rows.append([_name(rng), number, None, None, "NOR", rank, rank + (1 if shared else 0),
                     str(players - number), f"key-{number}"])
        rank += 1
    day = rng.choice([None, "2026-01-0" + str(rng.randint(1, 9))])
    data: dict[str, Any] = {
        "title": f"Open <{slug}>", "place": "", "start": day, "end": day, "played": 5,
        "total": 5, "announced": None, "team": False, "final": True, "tiebreaks": [],
        "rows": rows, "federations": ["NOR"], "members": []}
    return data


def _records(files: dict[str, bytes]) -> dict[str, FileRecord]:
    return {path: FileRecord(len(data), hashlib.sha256(data).hexdigest())
            for path, data in files.items() if path.startswith(FIND_SHARD_DIR + "/")}


def _whole(plans: dict[str, EventPlan]) -> tuple[dict[str, bytes], dict[str, Any]]:
    events, entries = find_entries(list(plans.values()))
    split: dict[str, int] = {}
    sizes: dict[str, int] = {}
    files = find_files(events, entries, BUDGET, split, sizes)
    return files, find_update.find_state(split, len(events), sizes)


def _changed(plans: dict[str, EventPlan], slug: str, old: EventPlan,
             files: dict[str, bytes], state: dict[str, Any],
             ) -> tuple[dict[str, bytes], dict[str, Any]]:
    """The index after event ``slug`` was ``old``: an update of the last one where it can
    be made (checked to be the clean build's, its state too), and the clean build's, the
    next change's last index."""
    expected, expected_state = _whole(plans)
    update = updated_find_index(len(plans), {slug: old}, {slug: plans[slug]}, state,
                                _records(files), files.get, BUDGET)
    if update is not None:
        assert {**{path: files[path] for path in update.kept}, **update.files} == expected
        assert update.state == expected_state
    return expected, expected_state


SEEDS = 6
"""Archives of random changes checked in the README's run, 25 changes each; ``--examples N``
checks N."""


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if metafunc.definition.name == "test_an_updated_index_is_the_clean_one":
        metafunc.parametrize("seed", range(metafunc.config.getoption("--examples") or SEEDS))


def test_an_updated_index_is_the_clean_one(seed: int) -> None:
    rng = random.Random(seed)
    plans = {f"e{n:03d}": _event(rng, f"e{n:03d}") for n in range(rng.randint(20, 60))}
    files, state = _whole(plans)
    updated = 0
    for step in range(25):
        before = dict(plans)
        slugs = sorted(plans)
        action = rng.choice(["change", "change", "add", "delete"])
        if action == "add" or len(slugs) < 3:
            slug = f"n{seed}-{step}"
            plans[slug] = _event(rng, slug)
        elif action == "delete":
            slug = rng.choice(slugs)
            del plans[slug]
        else:
            slug = rng.choice(slugs)
            plans[slug] = _event(rng, slug)
        expected, expected_state = _whole(plans)
        update = updated_find_index(len(plans), {slug: before.get(slug)},
                                    {slug: plans.get(slug)}, state, _records(files),
                                    files.get, BUDGET)
        if update is not None:
            updated += 1
            written = {**{path: files[path] for path in update.kept}, **update.files}
            assert written == expected
            assert update.state == expected_state
        files, state = expected, expected_state
    assert updated >= 5  # many changes are made by the update, not the whole index


def test_a_shard_changed_by_hand_makes_the_whole_index() -> None:
    rng = random.Random(7)
    plans = {f"e{n:03d}": _event(rng, f"e{n:03d}") for n in range(30)}
    files, state = _whole(plans)
    changed = "e010"
    old = plans[changed]
    plans[changed] = _event(rng, changed)
    tampered = {path: data.replace(b"Open", b"Shut") for path, data in files.items()}
    assert updated_find_index(len(plans), {changed: old}, {changed: plans[changed]}, state,
                              _records(files), tampered.get, BUDGET) is None


def test_one_result_changed_makes_again_only_the_shards_of_the_entries_it_changed() -> None:
    rng = random.Random(11)
    plans = {f"e{n:03d}": _event(rng, f"e{n:03d}") for n in range(40)}
    files, state = _whole(plans)
    changed = max(plans, key=lambda slug: len(plans[slug].standings.rows))
    data = _summary(random.Random(3), changed)
    while len(data["rows"]) < 6:
        data = _summary(rng, changed)
    plans[changed] = as_plans([summarised(changed, data)])[0]
    files, state = _whole(plans)
    # The last player wins a game more: they and the one they pass change places.
    last, before_last = data["rows"][-1], data["rows"][-2]
    last[7], before_last[7] = before_last[7], last[7]
    data["rows"][-2:] = [last, before_last]
    last[5], before_last[5] = before_last[5], last[5]
    last[6], before_last[6] = before_last[6], last[6]
    old = plans[changed]
    plans[changed] = as_plans([summarised(changed, data)])[0]
    update = updated_find_index(len(plans), {changed: old}, {changed: plans[changed]}, state,
                                _records(files), files.get, BUDGET)
    assert update is not None
    expected, _ = _whole(plans)
    assert {**{path: files[path] for path in update.kept}, **update.files} == expected
    # The shards that differ, and the manifest script: nothing else written.
    differing = {path for path in expected if expected[path] != files.get(path)}
    assert set(update.files) == differing | {FIND_INDEX}


def test_the_whole_index_is_find_indexs() -> None:
    from generator.site.find import find_index

    rng = random.Random(3)
    plans = [_event(rng, f"e{n:03d}") for n in range(40)]
    files, state = whole_find_index(plans)
    assert files == find_index(plans)
    assert state[find_update.SPLIT] == {}  # one shard under the real budget


def _results_changed(rng: random.Random, data: dict[str, Any]) -> dict[str, Any]:
    """The same event after a round more: the same players, the same day, other points and
    places (and, now and then, a name corrected)."""
    rows = [list(row) for row in data["rows"]]
    rng.shuffle(rows)
    rank = 1
    for at, row in enumerate(rows):
        row[7] = str(len(rows) - at)
        shared = at + 1 < len(rows) and rng.random() < 0.2
        row[5], row[6] = rank, rank + (1 if shared else 0)
        rank += 1
    if rng.random() < 0.2:
        rows[0][0] = _name(rng)
    return {**data, "rows": rows}


@pytest.mark.parametrize("seed", range(3))
def test_results_changed_are_replaced_in_the_shards_text_as_a_clean_build_writes_them(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # A result changed keeps its event's [slug, title, day] and players: the shards it
    # touches keep their events and numbers, and take only the event's new entries in
    # their text, found as the last build wrote them, the size moved by theirs, without
    # the shard read into data (find_update._swapped); read into data only where the
    # event leaves a shard or joins one (_replaced, _splice). Each as a clean build writes.
    replaced: list[tuple[bytes, int]] = []
    original = find_update._swapped

    def counted(*args: Any) -> tuple[bytes, int] | None:
        found = original(*args)
        if found is not None:
            replaced.append(found)
        return found

    monkeypatch.setattr(find_update, "_swapped", counted)
    rng = random.Random(100 + seed)
    summaries = {f"e{n:03d}": _summary(rng, f"e{n:03d}") for n in range(40)}
    plans = {slug: as_plans([summarised(slug, data)])[0] for slug, data in summaries.items()}
    files, state = _whole(plans)
    for _ in range(25):
        slug = rng.choice(sorted(plans))
        summaries[slug] = _results_changed(rng, summaries[slug])
        old = plans[slug]
        plans[slug] = as_plans([summarised(slug, summaries[slug])])[0]
        files, state = _changed(plans, slug, old, files, state)
    assert len(replaced) >= 25  # most shards a result touches are replaced in their text


def _grown(lengths: list[int]) -> int | None:
    """One player's family name grown to each length in turn (a correction after another),
    each update checked against the clean build; the first length at which a shard is
    split, if any."""
    rng = random.Random(5)
    summaries = {f"e{n:03d}": _summary(rng, f"e{n:03d}") for n in range(30)}
    plans = {slug: as_plans([summarised(slug, data)])[0] for slug, data in summaries.items()}
    files, state = _whole(plans)
    slug = "e007"
    family, _, given = str(summaries[slug]["rows"][0][0]).partition(", ")
    splits = len(state[find_update.SPLIT])
    for step, length in enumerate(lengths):
        rows = [list(row) for row in summaries[slug]["rows"]]
        longer = (family + "na" * length)[:len(family) + length]
        rows[0][0] = f"{longer}, {given}" if given else longer
        rows[0][7] = str(step)
        summaries[slug] = {**summaries[slug], "rows": rows}
        old = plans[slug]
        plans[slug] = as_plans([summarised(slug, summaries[slug])])[0]
        files, state = _changed(plans, slug, old, files, state)
        if len(state[find_update.SPLIT]) != splits:
            return length
    return None


def test_a_name_growing_past_the_budget_splits_its_shard_as_a_clean_build_does() -> None:
    # The shard the name sits in nears the budget and passes it by a byte or two, where a
    # clean build splits it: every update on the way is the clean build's (its size
    # reckoned in the shard's text, find_update._replaced). Found by big steps first, then
    # passed a letter at a time.
    split_at = _grown(list(range(20, 4000, 20)))
    assert split_at is not None
    assert _grown([*range(20, split_at - 40, 20), *range(split_at - 40, split_at + 1)]) \
        is not None
