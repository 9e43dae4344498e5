"""The find index of a built site read back as data: its manifest and its shards."""

from __future__ import annotations

import json
from pathlib import Path

from generator.site.addresses import FIND_INDEX
from generator.site.find import FIND_GLOBAL, SHARD_GLOBAL, shard_path


def script_data(text: str, prefix: str) -> object:
    """The JSON a find script assigns after ``prefix``."""
    assert text.startswith(prefix) and text.endswith(";\n"), text[:80]
    return json.loads(text[len(prefix):-2])


def manifest(files: dict[str, bytes]) -> dict[str, int]:
    """The shards' keys and sizes, as static/find-index.js lists them."""
    data = script_data(files[FIND_INDEX].decode("ascii"), f"window.{FIND_GLOBAL}=")
    assert isinstance(data, dict)
    return {str(key): int(size) for key, size in data["shards"]}


def shard(files: dict[str, bytes], key: str) -> dict[str, list[list[object]]]:
    """One shard's events and entries."""
    prefix = f'(window.{SHARD_GLOBAL}=window.{SHARD_GLOBAL}||{{}})["{key}"]='
    data = script_data(files[shard_path(key)].decode("ascii"), prefix)
    assert isinstance(data, dict)
    return data


def site_files(site: Path) -> dict[str, bytes]:
    """The index's files of a built site: the manifest and every shard it lists."""
    files = {FIND_INDEX: (site / FIND_INDEX).read_bytes()}
    for key in manifest(files):
        files[shard_path(key)] = (site / shard_path(key)).read_bytes()
    return files


def index_entries(files: dict[str, bytes]) -> tuple[list[list[object]], list[list[object]]]:
    """The events (slug, title, day) and the entries (name, event number, where, page) of
    the whole index, each entry once, in the index's order (find.js's: the newest event
    first, the undated last, then by folder name; each event's in its own order), as one
    file listed them before the index had shards."""
    found: dict[str, tuple[str, tuple[str, str, int | None], str, int]] = {}
    for key in manifest(files):
        data = shard(files, key)
        for name, event, where, page, position in data["entries"]:
            assert isinstance(event, int) and isinstance(position, int)
            slug, title, day = data["events"][event]
            assert day is None or isinstance(day, int)
            row = (str(name), (str(slug), str(title), day), str(where), position)
            assert found.setdefault(f"{slug}/{page}", row) == row, "an entry differs"
    events = sorted({row[1] for row in found.values()},
                    key=lambda e: (e[2] is None, -(e[2] or 0), e[0]))
    ordered = sorted(found.items(), key=lambda item: (events.index(item[1][1]), item[1][3]))
    entries: list[list[object]] = [[name, events.index(event), where, page]
                                   for page, (name, event, where, _) in ordered]
    return [list(event) for event in events], entries
