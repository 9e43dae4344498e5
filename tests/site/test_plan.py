"""An event's plan (generator/site/plan.py): what the rules decide for it is worked out once,
whichever page, command or thread asks first (``standings serve`` renders an event's pages
in several threads)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest
from conftest import CORPUS_TRF
from kit.sitekit import make_event

from generator.reading.events import read_event
from generator.rules import categories as category_rules
from generator.site import plan as plan_module
from generator.site.build import make_environment, render_event
from generator.site.plan import EventPlan, plan_event

T = TypeVar("T")

SETTINGS = """title: Prize open
tiebreaks: [BH/C1, BH, SB]
categories:
  - name: Club
    start_numbers: [1, 3, 8]
  - name: Seniors
    start_numbers: [2, 4]
prizes:
  currency: EUR
  lists:
    overall: [300, 200]
    Club: [50]
    Seniors: [40]
"""


def _plan(tmp_path: Path) -> EventPlan:
    folder = make_event(tmp_path / "events", "open", CORPUS_TRF / "seed-anna.trf", SETTINGS)
    return plan_event(read_event(folder))


def _at_once(ask: Callable[[], T], threads: int = 8) -> list[T]:
    """``ask()`` from several threads let go together."""
    start = threading.Barrier(threads)

    def asking(_: int) -> T:
        start.wait()
        return ask()

    with ThreadPoolExecutor(threads) as pool:
        return list(pool.map(asking, range(threads)))


def _slowed(calls: list[Any], real: Callable[..., T], note: Callable[..., Any]
            ) -> Callable[..., T]:
    """``real``, noting each call; slowed so that a second thread would start the same work
    before the first ends if nothing held it back (no assertion is about time)."""
    def slow(*args: Any, **kwargs: Any) -> T:
        calls.append(note(*args, **kwargs))
        time.sleep(0.05)
        return real(*args, **kwargs)
    return slow


def test_the_standings_after_a_round_are_computed_once_whichever_thread_asks_first(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    plan = _plan(tmp_path)
    calls: list[int | None] = []
    monkeypatch.setattr(plan_module, "standings_for_event", _slowed(
        calls, plan_module.standings_for_event, lambda *_, **kw: kw.get("after_round")))
    found = _at_once(lambda: plan.standings_after(2))
    assert calls == [2]
    assert all(standings is found[0] for standings in found)
    assert found[0].after_round == 2
    assert plan.standings_after(plan.info.rounds_played) is plan.standings


def test_the_prizes_are_awarded_once_whichever_thread_asks_first(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    plan = _plan(tmp_path)
    calls: list[None] = []
    monkeypatch.setattr(plan_module, "award_prizes", _slowed(
        calls, plan_module.award_prizes, lambda *_, **__: None))
    found = _at_once(lambda: plan.prizes)
    assert len(calls) == 1
    assert found[0] is not None and all(prizes is found[0] for prizes in found)


def test_each_category_is_ranked_once_for_its_pages_and_its_prizes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Every category ranking filters the standings to the category's members first.
    plan = _plan(tmp_path)
    ranked: list[str] = []
    real = category_rules.category_members

    def members(category: category_rules.Category, *args: Any, **kwargs: Any) -> Any:
        ranked.append(category.name)
        return real(category, *args, **kwargs)

    monkeypatch.setattr(category_rules, "category_members", members)
    prizes = plan.prizes
    assert prizes is not None and prizes.award is not None
    assert sorted(ranked) == ["Club", "Seniors"]
    # The pages (the prize list, the category pages, the players' places) read the plan.
    files = render_event(plan, make_environment(tmp_path / "events"))
    assert "open/categories/club.html" in files
    assert sorted(ranked) == ["Club", "Seniors"]


def test_what_the_plan_works_out_it_keeps(tmp_path: Path) -> None:
    plan = _plan(tmp_path)
    assert plan.prizes is plan.prizes
    assert plan.rating_changes is plan.rating_changes
    assert plan.person_keys is plan.person_keys
    assert plan.running is plan.running
    assert plan.standings_after(1) is plan.standings_after(1)
