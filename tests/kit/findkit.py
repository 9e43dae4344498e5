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


def index_entries(files: dict[str, bytes]) -> tuple[list[list[str]], list[list[object]]]:
    """The events (slug, title) and the entries (name, event number, where, page) of the
    whole index, each entry once, in the index's order, as one file listed them before the
    index had shards."""
    by_order: dict[int, tuple[str, list[str], str, str]] = {}
    for key in manifest(files):
        data = shard(files, key)
        for name, event, where, page, order in data["entries"]:
            assert isinstance(event, int) and isinstance(order, int)
            row = (str(name), [str(part) for part in data["events"][event]], str(where),
                   str(page))
            assert by_order.setdefault(order, row) == row, "an entry differs between shards"
    events: list[list[str]] = []
    for _, event, _, _ in by_order.values():
        if event not in events:
            events.append(event)
    entries: list[list[object]] = [[name, events.index(event), where, page]
                                   for _, (name, event, where, page) in sorted(by_order.items())]
    return events, entries
