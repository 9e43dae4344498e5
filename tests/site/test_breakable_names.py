"""The filter ``breakable`` (issue 23): a name may break after a comma no space follows."""

from __future__ import annotations

import pytest
from markupsafe import Markup

from generator.site import table_rows
from generator.site.table_rows import breakable_name


@pytest.mark.parametrize(("name", "written"), [
    ("Psarianos,Emmanouil", "Psarianos,<wbr>Emmanouil"),
    ("Christodoulaki,Antonia Em", "Christodoulaki,<wbr>Antonia Em"),
    # A space already lets the line break there; nothing is added.
    ("Gorrochategui Torres, Eugenio", "Gorrochategui Torres, Eugenio"),
    ("Smith", "Smith"),
    ("Berlin,,SC", "Berlin,,<wbr>SC"),
    ("Trailing,", "Trailing,"),
    # Escaped first: what the file writes is text, never markup.
    ("<b>,&x", "&lt;b&gt;,<wbr>&amp;x"),
])
def test_a_comma_before_a_word_gets_a_line_break_opportunity(name: str, written: str) -> None:
    assert str(breakable_name(name)) == written


def test_a_name_broken_once_is_kept_for_its_text_and_markup_is_not_taken_for_it() -> None:
    # The filter keeps what it wrote for a plain str; a Markup of the same characters is
    # written as markup (escape leaves it), the str as text, whichever comes first.
    text = "Club,<b>Bold</b>"
    assert str(breakable_name(Markup(text))) == "Club,<wbr><b>Bold</b>"
    assert str(breakable_name(text)) == "Club,<wbr>&lt;b&gt;Bold&lt;/b&gt;"
    assert str(breakable_name(Markup(text))) == "Club,<wbr><b>Bold</b>"
    assert str(breakable_name(text)) == "Club,<wbr>&lt;b&gt;Bold&lt;/b&gt;"


def test_the_names_kept_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_rows, "_BROKEN_NAMES", {})
    monkeypatch.setattr(table_rows, "_BROKEN_NAMES_LIMIT", 8)
    for number in range(50):
        assert str(breakable_name(f"Player,{number}")) == f"Player,<wbr>{number}"
        assert len(table_rows._BROKEN_NAMES) <= 8
    assert str(breakable_name("Player,3")) == "Player,<wbr>3"
