"""Prizes that span a festival's sections (issue 27: "the best junior of the festival across
Major and Minor, by a stated rule"): festival.yml ``across_sections``, ranked by
rules/cross_section.py, awarded by rules/prizes.py, shown on the prize-giving page and in
the festival's JSON with the reasons a section's prizes give.

The sections are test_trf_broken.py's hand-checked BASE (3 rounds): Boris 1st and Anna 2nd
on 2½ (BPG), Gleb 3rd and Dina 4th on ½. The Minor is the same file with other names.
"""

from __future__ import annotations

import html as html_lib
import json
import re
from pathlib import Path

import pytest

from generator.errors import DiagnosticSink, StandingsError
from generator.reading.events import read_events
from generator.reading.festival import parse_festival
from generator.site.build import build_site
from tests.reading.test_trf_broken import BASE

MINOR_NAMES = {"Alpha, Anna": "Eins, Eva", "Beta, Boris": "Zwei, Zora",
               "Gamma, Gleb": "Drei, Dirk", "Delta, Dina": "Vier, Vito"}
JUNIORS = {"major": ("Beta, Boris", "Delta, Dina"), "minor": ("Eins, Eva", "Vier, Vito")}
"""Born 2012, under 18 on the first day; everyone else born 1990."""

ACROSS = """\
title: Spring Congress
sections: [major, minor]
across_sections:
  - name: Best juniors of the congress
    sections: [major, minor]
    compare: points
    categories: [{name: Juniors, age: {under: 18}}]
    prizes: {currency: EUR, lists: {Juniors: [100, Trophy]}}
"""


def _section_trf(names: dict[str, str], juniors: tuple[str, ...]) -> str:
    lines = []
    for line in BASE.splitlines():
        if line.startswith("001"):
            old = line[14:47].strip()
            name = names.get(old, old)
            born = "2012/01/01" if name in juniors else "1990/01/01"
            line = line[:14] + name.ljust(33) + line[47:69] + born + line[79:]
        lines.append(line)
    return "\n".join(lines) + "\n"


def make_congress(root: Path, festival_yml: str = ACROSS) -> Path:
    festival = root / "events" / "spring"
    for section, names in (("major", {}), ("minor", MINOR_NAMES)):
        (festival / section).mkdir(parents=True)
        (festival / section / "tournament.trf").write_text(
            _section_trf(names, JUNIORS[section]), encoding="utf-8")
    (festival / "festival.yml").write_text(festival_yml, encoding="utf-8")
    return festival


def _text(markup: str) -> str:
    return re.sub(r"\s+", " ", html_lib.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("across")
    make_congress(root)
    build_site(root / "events", root / "site", strict=True)
    return root / "site"


def test_the_prize_giving_explains_each_prize_across_sections(site):
    page = (site / "spring" / "prizes.html").read_text(encoding="utf-8")
    part = _text(page[page.index("Best juniors of the congress"):])
    # The rule, said in words.
    assert "Players of Major and Minor are compared by their points." in part
    assert ("Where equal scores must be told apart, the section listed first goes ahead, "
            "then the better place in one's own section.") in part
    # Hand-computed: the juniors on 2½ are the Major's Boris and the Minor's Eva; they
    # share the money of places 1-2 (100 EUR, the Trophy being no money): 50 EUR each.
    assert ("Places 1st–2nd shared on 2½ points: 100 EUR split by 2, 50 EUR each.") in part
    assert "Beta, Boris (Major)" in part and "Eins, Eva (Minor)" in part
    # The Trophy: Dina (Major) and Vito (Minor) are level on ½; the Major is listed first.
    assert ("3rd with ½ points, level with Vier, Vito (Minor) (4th), ahead on the order of "
            "the sections: Major against Minor.") in part
    # Each recipient links to their page in their own section.
    assert 'href="major/players/' in page[page.index("Best juniors of the congress"):]


def test_the_festival_json_holds_the_prizes_across_sections(site):
    document = json.loads((site / "spring" / "festival.json").read_text(encoding="utf-8"))
    (across,) = document["across_sections"]
    assert across["name"] == "Best juniors of the congress"
    assert across["compare"] == "points" and across["sections"] == ["major", "minor"]
    money, trophy = across["awards"]
    assert money["reason"] == "shared" and money["amount"] == 100
    assert [(r["section"], r["start_no"], r["amount"]) for r in money["recipients"]] == [
        ("major", 2, 50), ("minor", 1, 50)]
    assert trophy["reason"] == "tie-broken" and trophy["criterion"] == "section-order"
    assert [(r["section"], r["start_no"]) for r in trophy["recipients"]] == [("major", 4)]


def test_percentage_compares_sections_of_different_lengths(tmp_path):
    festival = make_congress(tmp_path, ACROSS.replace("compare: points",
                                                      "compare: percentage"))
    # The Minor announces 4 rounds (3 played): its most is 4 points.
    minor = festival / "minor" / "tournament.trf"
    minor.write_text(minor.read_text(encoding="utf-8").replace("XXR 3", "XXR 4"),
                     encoding="utf-8")
    build_site(tmp_path / "events", tmp_path / "site", strict=True)
    page = _text((tmp_path / "site" / "spring" / "prizes.html").read_text(encoding="utf-8"))
    assert "as a share of the most their own section allows" in page
    # Hand-computed: Boris 2½ of 3 is 83.3 per cent, Eva 2½ of 4 is 62.5: no tie now.
    assert "1st with 2½ points (83.3% of the points possible)." in page
    assert "2nd with 2½ points (62.5% of the points possible)." in page


@pytest.mark.parametrize(("entry", "message"), [
    ("    sections: [major, minro]\n",
     ":5:23: no section 'minro'; did you mean 'minor'?; expected one of major, minor"),
    ("    sections: [major]\n",
     ":5:15: across_sections[1].sections must list two sections or more, not a list"),
    ("    sections: [major, minor]\n    compare: pionts\n",
     ":6:14: 'across_sections[1].compare' cannot be 'pionts'; did you mean 'points'?"),
    ("    sections: [major, minor]\n    prizse: {}\n",
     ":6:5: unknown setting 'across_sections[1].prizse'; did you mean "),
])
def test_an_error_is_at_its_line_and_column_of_festival_yml(tmp_path, entry, message):
    text = ("title: Spring Congress\nsections: [major, minor]\nacross_sections:\n"
            "  - name: Juniors\n" + entry
            + "    prizes: {lists: {overall: [Trophy]}}\n")
    festival = make_congress(tmp_path, text)
    with pytest.raises(StandingsError) as caught:
        read_events(tmp_path / "events")
    shown = [str(d) for d in caught.value.diagnostics]
    assert any(m.startswith(f"{festival / 'festival.yml'}{message}") for m in shown), shown


def test_the_readme_s_complete_festival_yml_reads_without_a_problem():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    after = readme[readme.index("A complete `festival.yml`:"):]
    start = after.index("```yaml\n") + len("```yaml\n")
    text = after[start:after.index("\n```", start)]
    sink = DiagnosticSink("festival.yml")
    festival = parse_festival(text, "festival.yml", sink, slug="spring-2026",
                              display="events/spring-2026",
                              folders=["blitz", "major", "masters"])
    assert sink.collected() == ()
    assert festival is not None
    (across,) = festival.across_sections
    assert across.sections == ("masters", "major")
    assert [c.name for c in across.categories] == ["Juniors"]
