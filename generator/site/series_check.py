"""``standings check`` of an events folder with a ``series/`` beside it (issue 28): each
series' problems, and the probable duplicates among its persons that it did not join."""

from __future__ import annotations

import os
from collections.abc import Sequence

from generator.errors import Diagnostic
from generator.reading.series_files import read_series
from generator.reading.site_files import read_site
from generator.site.plan import EventPlan
from generator.site.series_identity import Likeness
from generator.site.series_plan import plan_series

_LIKENESS = {Likeness.SAME_NAME: "the same name under two keys (FIDE IDs or federations)",
             Likeness.ONE_LETTER: "names one letter apart",
             Likeness.WORD_ORDER: "the same words in another order"}


def series_report(events_root: str | os.PathLike[str], plans: Sequence[EventPlan]
                  ) -> tuple[tuple[Diagnostic, ...], tuple[str, ...]]:
    """Every series' problems, and one line per probable duplicate not joined (for the
    organiser to decide: ``aliases`` joins them)."""
    settings, problems = read_series(events_root, read_site(events_root)[0].aliases)
    diagnostics = list(problems)
    lines = []
    for each in settings:
        if each.points is None or not each.events:
            continue  # refused when read: its problems are reported already
        plan = plan_series(each, plans)
        diagnostics.extend(plan.diagnostics)
        for duplicate in plan.duplicates:
            first, second = plan.persons[duplicate.first], plan.persons[duplicate.second]
            lines.append(f"{each.path}: probable duplicate not joined: {first.name!r} "
                         f"({', '.join(first.results)}) and {second.name!r} "
                         f"({', '.join(second.results)}), {_LIKENESS[duplicate.likeness]}; "
                         "if they are one person, join them under 'aliases'")
    return tuple(diagnostics), tuple(lines)


__all__ = ["series_report"]
