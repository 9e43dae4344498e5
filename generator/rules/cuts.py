"""Cut-n and Median-n (C.07 14.1-14.4), with the 16.5 exception for voluntarily unplayed
rounds: which of a player's elements a modifier removes.

Shared by the Buchholz family (:mod:`generator.rules.ranking`, where an element is one
opponent's score or one Sonneborn-Berger product) and the rating averages
(:mod:`generator.rules.ratings`, where it is one opponent's rating).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from generator.rules.explain import CutReason


def plain_cut(ranked: Sequence[int], low: int, high: int
              ) -> tuple[Sequence[int], Sequence[int]]:
    """Cut-n / Median-n without VURs: the ``low`` first and the ``high`` last of ``ranked``
    (least significant first)."""
    n = len(ranked)
    low = min(low, n)
    high = min(high, n - low)
    return ranked[:low], ranked[n - high:] if high else ()


_LEAST = CutReason.LEAST_SIGNIFICANT
_VUR_FIRST = CutReason.VOLUNTARY_UNPLAYED_FIRST
_MOST = CutReason.MOST_SIGNIFICANT
# (Enum member lookups are slow in Python 3.11; the cut functions run per player.)


def low_cut_sequence(values: Sequence[Any], significance: Sequence[Any],
                     voluntary: Sequence[bool], order: Sequence[int], *,
                     voluntary_first: bool = True,
                     limit: int | None = None) -> list[tuple[int, CutReason]]:
    """The order in which successive low cuts remove elements: Cut-k removes the first k.

    Each cut removes the least significant value (lowest ``significance``, then lowest
    value; ``order`` lists the positions that way), unless the player has a VUR element:
    then the lowest VUR contribution is cut as long as it is not lower than the least
    significant value (16.5.1; for SB "cut the higher of the two", 16.5.2), and the rule
    applies again to the remaining elements for the next cut. ``limit``: stop after that
    many (the sequence is then a prefix of the full one).
    """
    if not voluntary_first or True not in voluntary:
        return [(k, _LEAST) for k in order]
    if significance is values:
        # Buchholz (16.5.2): a VUR contribution is never below the least significant value,
        # so the VURs go first, lowest first, then the rest, lowest first.
        return ([(k, _VUR_FIRST) for k in order if voluntary[k]]
                + [(k, _LEAST) for k in order if not voluntary[k]])
    remaining = list(order)
    sequence: list[tuple[int, CutReason]] = []
    while remaining and (limit is None or len(sequence) < limit):
        least = remaining[0]
        victim, reason = least, _LEAST
        candidates = [k for k in remaining if voluntary[k]]
        if candidates:
            lowest_vur = min(candidates, key=lambda k: (values[k], significance[k]))
            if values[lowest_vur] >= values[least]:
                victim, reason = lowest_vur, _VUR_FIRST
        remaining.remove(victim)
        sequence.append((victim, reason))
    return sequence


def cut_elements(values: Sequence[Any], significance: Sequence[Any],
                 voluntary: Sequence[bool], *, low: int, high: int,
                 voluntary_first: bool = True, order: Sequence[int] | None = None,
                 sequence: Sequence[tuple[int, CutReason]] | None = None
                 ) -> list[tuple[int, CutReason]]:
    """Positions removed by Cut-n / Median-n (14.1-14.4) with the 16.5 exception.

    The low cuts follow :func:`low_cut_sequence`; the high cuts (Median) then remove the
    most significant remaining values, with no VUR preference. ``order`` (positions sorted
    by significance, then value) and ``sequence`` may be passed when the caller has them.
    """
    n = len(values)
    low = min(low, n)
    high = min(high, n - low)
    if not low and not high:
        return []
    if order is None:
        order = tuple(k for _, _, k in sorted(zip(significance, values, range(n), strict=True)))
    lows: list[tuple[int, CutReason]] = []
    if low:
        if sequence is None:
            sequence = low_cut_sequence(values, significance, voluntary, order,
                                        voluntary_first=voluntary_first, limit=low)
        lows = list(sequence[:low])
    if not high:
        return lows
    taken = {k for k, _ in lows}
    highs = [k for k in reversed(order) if k not in taken][:high]
    return lows + [(k, _MOST) for k in highs]

