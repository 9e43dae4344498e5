"""Records with several fields of one type are built by keyword: a swapped name and
federation (two ``str``) or round and line (two ``int``) must not type-check, and a record
built by position is refused (STYLE.md section 3: ``kw_only=True`` past three fields).

Every dataclass of every module of the package is looked at (``__main__`` aside, which
would run the CLI on import), so a record added later, in any wing, is held to the same rule.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil
from collections import Counter

import pytest

import generator

MODULES = tuple(module.name
                for module in pkgutil.walk_packages(generator.__path__, prefix="generator.")
                if module.name.rpartition(".")[2] != "__main__")


def _records() -> list[type]:
    found = []
    for name in MODULES:
        module = importlib.import_module(name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if dataclasses.is_dataclass(cls) and cls.__module__ == name:
                found.append(cls)
    return found


def _needs_keywords(cls: type) -> bool:
    """More than three fields, or two of one type."""
    fields = [f for f in dataclasses.fields(cls) if f.init]
    types = Counter(str(f.type) for f in fields)
    return len(fields) > 3 or any(count > 1 for count in types.values())


RECORDS = [cls for cls in _records() if _needs_keywords(cls)]


def test_every_wing_is_walked():
    assert {"generator.cli", "generator.preview.server", "generator.rules.opponents",
            "generator.site.render"} <= set(MODULES)
    assert not any(name.endswith("__main__") for name in MODULES)


def test_the_rule_finds_the_records_it_is_about():
    names = {f"{cls.__module__}.{cls.__qualname__}" for cls in RECORDS}
    assert {"generator.model.Player", "generator.model.RoundResult",
            "generator.reading.trf.PlayerRecord", "generator.reading.trf.TeamRecord",
            "generator.reading.trf.TrfRecord", "generator.reading.trf.RoundBlocks",
            "generator.rules.explain.StandingsRow",
            "generator.preview.livebuild.LiveBuild", "generator.preview.serve.ServeSettings",
            "generator.rules.opponents._Elements", "generator.site.pages.EventJob"} <= names


@pytest.mark.parametrize("cls", RECORDS, ids=lambda cls: f"{cls.__module__}.{cls.__qualname__}")
def test_a_record_with_several_fields_of_one_type_is_built_by_keyword(cls):
    by_position = [f.name for f in dataclasses.fields(cls) if f.init and not f.kw_only]
    assert by_position == []
