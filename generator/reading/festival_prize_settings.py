"""festival.yml ``across_sections``: prizes that span sections (issue 27), each read with
event.yml's own readers of ``categories`` and ``prizes`` (prize_settings.py), so that a
list, a category and every error read as they do in event.yml.

```yaml
across_sections:
  - name: Juniors of the festival
    sections: [major, minor]     # the order ranks equal scores: the first ahead
    compare: points              # or percentage
    categories: [{name: Juniors, age: {under: 18}}]
    prizes: {currency: EUR, lists: {Juniors: [60, 40]}}
```

``overall`` in its lists is every player of the sections it names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.errors import did_you_mean, quote
from generator.reading.prize_settings import read_categories, read_prizes
from generator.reading.settings_reader import (
    SettingsReader,
    column_of,
    describe,
    is_mapping,
    is_scalar,
    is_sequence,
    line_of,
)
from generator.rules.categories import Category, StartNumberCondition
from generator.rules.cross_section import CrossCompare, CrossSectionPrizes

if TYPE_CHECKING:
    from yaml.nodes import Node

ACROSS_KEYS = ("name", "sections", "compare", "categories", "prizes")
MAX_ACROSS = 20
"""More prizes across sections than a congress announces; each is a part of one page."""
EXAMPLE = ("'across_sections: [{name: Best junior, sections: [major, minor], compare: points, "
           "categories: [{name: Juniors, age: {under: 18}}], prizes: {lists: {Juniors: "
           "[Trophy]}}}]'")


def read_across_sections(sink_reader: SettingsReader, node: Node, sections: tuple[str, ...]
                         ) -> tuple[CrossSectionPrizes, ...]:
    """Every entry of ``across_sections``; an entry with an error is reported and left out.
    Each is read by a reader of its own (sharing the file's diagnostics), so that its
    ``categories`` and ``prizes`` keep no position under festival.yml's own keys of those
    names, which its sections inherit."""
    if not is_sequence(node) or not node.value:
        sink_reader.error(node, f"'across_sections' must be a list of prizes across sections, "
                          f"not {describe(node)}", EXAMPLE)
        return ()
    if len(node.value) > MAX_ACROSS:
        sink_reader.error(node.value[MAX_ACROSS], f"more than {MAX_ACROSS} prizes across "
                          "sections", f"at most {MAX_ACROSS}")
        return ()
    found = []
    for index, item in enumerate(node.value, start=1):
        read = _entry(SettingsReader(sink_reader.sink), item, f"across_sections[{index}]",
                      sections)
        if read is not None:
            found.append(read)
    return tuple(found)


def _entry(reader: SettingsReader, node: Node, key: str, sections: tuple[str, ...]
           ) -> CrossSectionPrizes | None:
    if not is_mapping(node):
        reader.error(node, f"{key} must be a mapping, not {describe(node)}", EXAMPLE)
        return None
    values = reader.mapping(node, f"{key}.", ACROSS_KEYS)
    missing = [name for name in ("name", "sections", "prizes") if name not in values]
    if missing:
        reader.error(node, f"{key} has no {quote(missing[0])}",
                     "'name', 'sections' and 'prizes' (and 'compare', 'categories' if need be)")
        return None
    errors = _errors(reader)
    name = reader.text(values["name"], f"{key}.name")
    if name is not None and not " ".join(name.split()):
        reader.error(values["name"], f"{key}.name is empty", "a heading such as 'Best junior'")
    spanned = _sections(reader, values["sections"], f"{key}.sections", sections)
    compare = (reader.choice(values["compare"], f"{key}.compare",
                             {choice.value: choice for choice in CrossCompare})
               if "compare" in values else CrossCompare.POINTS)
    categories: tuple[Category, ...] = ()
    names: tuple[str, ...] = ()
    if "categories" in values:
        read = read_categories(reader, values["categories"])
        names = read.names
        categories = read.categories or ()
        for category, item in zip(categories, values["categories"].value, strict=False):
            if any(isinstance(c, StartNumberCondition) for c in category.conditions):
                reader.error(item, f"category {quote(category.name)} names start numbers, "
                             "which each section gives its own players",
                             "conditions on rating, age, sex, federation or title across "
                             "sections")
    prizes = read_prizes(reader, values["prizes"], names)
    if _errors(reader) > errors or name is None or prizes is None or compare is None:
        return None
    return CrossSectionPrizes(name=" ".join(name.split()), sections=spanned, compare=compare,
                              categories=categories, prizes=prizes, line=line_of(node),
                              column=column_of(node))


def _errors(reader: SettingsReader) -> int:
    return sum(1 for d in reader.sink.diagnostics if d.is_error)


def _sections(reader: SettingsReader, node: Node, key: str, sections: tuple[str, ...]
              ) -> tuple[str, ...]:
    expected = "two sections or more, such as '[major, minor]'"
    if not is_sequence(node) or len(node.value) < 2:
        reader.error(node, f"{key} must list two sections or more, not {describe(node)}",
                     expected)
        return ()
    found: list[str] = []
    for item in node.value:
        name = str(item.value) if is_scalar(item) else ""
        if name not in sections:
            reader.error(item, f"no section {quote(name)}{did_you_mean(name, sections)}",
                         "one of " + ", ".join(sections))
        elif name in found:
            reader.error(item, f"section {quote(name)} listed twice", "each section once")
        else:
            found.append(name)
    return tuple(found)


__all__ = ["ACROSS_KEYS", "read_across_sections"]
