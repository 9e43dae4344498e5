"""A template's sentence with fields is formatted once per environment and reused
(render.SentenceMemo): reused only where the fields' text is the same, escaped the same."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from markupsafe import Markup

from generator.site.render import SentenceMemo, _filled, make_environment

SOURCE = ('{{ _("[%(x)s]", x=v) }}|{{ pgettext("test", "(%(x)s)", x=v) }}'
          '{{ ngettext("", "|%(num)s:%(x)s", 2, x=v) }}')


def _written(values: list[Any]) -> list[str]:
    """Each value rendered in turn by one environment, as its pages are."""
    template = make_environment(None).from_string(SOURCE)
    return [template.render(v=value) for value in values]


@pytest.mark.parametrize(("first", "then", "written"), [
    # Equal values whose text differs, or which are escaped differently.
    (Markup("<b>"), "<b>", "[&lt;b&gt;]|(&lt;b&gt;)|2:&lt;b&gt;"),
    ("<b>", Markup("<b>"), "[<b>]|(<b>)|2:<b>"),
    (1, Decimal("1.0"), "[1.0]|(1.0)|2:1.0"),
    (Decimal("1"), Decimal("1.0"), "[1.0]|(1.0)|2:1.0"),
    (1, True, "[True]|(True)|2:True"),
    (True, 1, "[1]|(1)|2:1"),
    (1, "1", "[1]|(1)|2:1"),
])
def test_an_equal_field_of_another_kind_is_formatted_for_itself(
        first: Any, then: Any, written: str) -> None:
    assert _written([first, then, then])[1:] == [written, written]


def test_the_same_sentence_is_written_the_same_each_time() -> None:
    name = "&lt;Ann &amp; Bo&gt;"
    assert _written(["<Ann & Bo>"] * 3) == [f"[{name}]|({name})|2:{name}"] * 3


def test_the_memo_is_bounded_and_still_right(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SentenceMemo, "LIMIT", 4)
    memo = SentenceMemo()
    for number in range(20):
        assert memo.sentence("%(n)s<", {"n": number}) == Markup(f"{number}<")
        assert len(memo._kept) <= 4
    assert memo.sentence("%(n)s<", {"n": "<"}) == Markup("&lt;<")


def test_a_field_that_cannot_be_kept_is_formatted_every_time() -> None:
    memo = SentenceMemo()
    assert memo.sentence("%(n)s", {"n": ["<a>"]}) == Markup("[&#39;&lt;a&gt;&#39;]")
    assert memo._kept == {}


def test_each_count_gets_its_own_plural_form() -> None:
    template = make_environment(None).from_string(
        '{{ ngettext("%(num)s round", "%(num)s rounds", n) }}')
    assert [template.render(n=n) for n in (1, 2, 1, 2, True)] == [
        "1 round", "2 rounds", "1 round", "2 rounds", "True round"]


@pytest.mark.parametrize("words", [
    "[%(x)s]", "%(x)s and %(y)s", "100%% %(x)s", "%%(x)s %(y)s", "%(y)d rounds: %(x)s",
    "<b>%(x)s</b> %(y)5s", "no field at all", "%(x)r",
])
@pytest.mark.parametrize("fields", [
    {"x": "<Ann & Bo>", "y": 7}, {"x": Markup("<i>Ann</i>"), "y": 12}, {"x": "'\"", "y": 0},
])
def test_a_sentence_filled_is_markups_own_formatting(words: str, fields: dict[str, Any]) -> None:
    # render._filled puts fields escaped into words whose placeholders are all %(name)s;
    # whatever the words, it writes what Markup's % writes.
    assert _filled(words, fields) == Markup(words) % fields
    assert type(_filled(words, fields)) is Markup
