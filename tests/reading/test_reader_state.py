"""The reader keeps nothing between reads: no cache that lives as long as the process.

``standings serve`` reads files for days, some of them hostile; a memo kept at module level
grows with every new file it sees. A memo that lives for one read is fine (the reader
keeps some: the same opponent field, the same game, the same results in another order).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from types import ModuleType

import pytest
from kit.trfgen import generate_swiss

import generator.reading  # noqa: F401  (the package, so that its modules are listed below)
from generator.reading.events import read_event


def _reader_modules() -> Iterator[ModuleType]:
    """Every module of the reading wing and the ground floor's record-making tricks."""
    for name, module in sorted(sys.modules.items()):
        if name.startswith("generator.reading.") or name == "generator.speed":
            yield module


def _held(module: ModuleType) -> dict[str, int]:
    """How much each of the module's mutable containers (and functools caches) holds."""
    sizes: dict[str, int] = {}
    for name, value in vars(module).items():
        if isinstance(value, dict | set | list):
            sizes[f"{module.__name__}.{name}"] = len(value)
        cache_info = getattr(value, "cache_info", None)
        if callable(cache_info) and getattr(value, "__module__", None) == module.__name__:
            sizes[f"{module.__name__}.{name}()"] = cache_info().currsize
    return sizes


def _everything_held() -> dict[str, int]:
    return {key: size for module in _reader_modules() for key, size in _held(module).items()}


def _event(root, name: str, trf: str):
    folder = root / name
    folder.mkdir()
    (folder / "tournament.trf").write_text(trf, encoding="utf-8")
    return folder


@pytest.mark.parametrize("players, rounds, seed", [(40, 7, 1), (61, 9, 2)])
def test_reading_a_file_leaves_nothing_behind_in_the_reader(tmp_path, players, rounds, seed):
    # A first read may set up what every read needs (compiled patterns, tables).
    read_event(_event(tmp_path, "first", generate_swiss(30, 5, seed=99)))
    before = _everything_held()
    # Another file, with other results: a memo kept across reads would grow now.
    event = read_event(_event(tmp_path, "second", generate_swiss(players, rounds, seed=seed)))
    assert len(event.tournament.players) == players
    assert _everything_held() == before
