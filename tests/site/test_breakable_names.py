"""The filter ``breakable`` (issue 23): a name may break after a comma no space follows."""

from __future__ import annotations

import pytest

from generator.site.render import breakable_name


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
