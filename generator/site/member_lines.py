"""Records of thousands of entries written one entry a line, so that a build writes such a
record again encoding only the entries it changed: the others' text is kept as it was read.

At 10,000 events, ``json.dumps`` of the inputs' record (input_record.py) and of the events'
lines (site_state.py) took some 80 ms of a one-change build, for two entries changed. The
record is still one JSON document (``json.loads`` reads it whole, as before); its large
objects, the *sections*, are written a member a line, in the order of their keys, and
:func:`member_texts` gives back each member's text beside the data.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

__all__ = ["dumps_sections", "member_text", "member_texts", "value_text"]

Texts = dict[str, dict[str, str]]
"""Section -> key -> the member's text (its key, a colon and its value), as the record
holds it."""


def value_text(value: Any, *, sort_keys: bool = False) -> str:
    """A value's text in a section: compact JSON, in ASCII (no line break can be in it)."""
    return json.dumps(value, sort_keys=sort_keys, ensure_ascii=True, separators=(",", ":"))


def member_text(key: str, value: Any, *, sort_keys: bool = False) -> str:
    """A member's text in a section: its key, a colon and its value."""
    return f"{value_text(key)}:{value_text(value, sort_keys=sort_keys)}"


def dumps_sections(small: Mapping[str, Any], sections: Mapping[str, Mapping[str, str]]) -> str:
    """The record: ``small``'s members as :func:`value_text` writes them, and each section
    (its members' texts by key, :func:`member_text`) a member a line, every member of the
    document in the order of its name, the document ended by a line break."""
    members = {name: value_text(value, sort_keys=True) for name, value in small.items()}
    for name, texts in sections.items():
        members[name] = "{\n" + ",\n".join(texts[key] for key in sorted(texts)) + "\n}" \
            if texts else "{}"
    return "{" + ",".join(f"{value_text(name)}:{members[name]}"
                          for name in sorted(members)) + "}\n"


def member_texts(text: str, data: Mapping[str, Any], sections: tuple[str, ...]) -> Texts:
    """The text of each member of each section of a record :func:`dumps_sections` wrote,
    ``data`` being what ``json.loads`` read of it; a section of another layout is left out
    (its members are then encoded again)."""
    found: Texts = {}
    section: dict[str, str] | None = None
    for line in text.split("\n"):
        if line.startswith('"') and section is not None:
            end = line.find('":', 1)
            key: Any = line[1:end]
            if end < 0 or "\\" in key:  # an escape: the key as JSON reads it, if it is one
                try:
                    key = json.loads(line[:end + 1])
                except ValueError:
                    key = None
            if not isinstance(key, str):
                section = None
                continue
            section[key] = line.removesuffix(",")
            continue
        section = None
        for name in sections:
            if line.endswith(f"{value_text(name)}:{{"):
                section = found.setdefault(name, {})
    # Kept only where the lines are the data's own members, key for key.
    return {name: texts for name, texts in found.items()
            if isinstance(data.get(name), dict) and texts.keys() == data[name].keys()}
