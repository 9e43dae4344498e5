"""Records written an entry a line, each entry's text read back beside the data
(site/member_lines.py): what is kept of a text is the text of that very entry, or nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.site.input_record import InputsRecord, inputs_json, load_inputs
from generator.site.member_lines import dumps_sections, member_text, member_texts, value_text

KEYS = st.text(max_size=12)  # any character: quotes, backslashes, line breaks, colons
VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                      lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(KEYS, inner, max_size=3), max_leaves=8)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(KEYS, VALUES, max_size=6), st.dictionaries(KEYS, VALUES, max_size=6),
       st.dictionaries(st.sampled_from(["format", "version", "zz"]), VALUES, max_size=2))
def test_a_record_reads_back_whole_and_each_entry_as_its_own_text(
        events: dict[str, Any], folders: dict[str, Any], small: dict[str, Any]) -> None:
    texts = {"events": {key: member_text(key, value) for key, value in events.items()},
             "folders": {key: member_text(key, value) for key, value in folders.items()}}
    text = dumps_sections(small, texts)
    data = json.loads(text)
    assert data == {**small, "events": events, "folders": folders}
    found = member_texts(text, data, ("events", "folders"))
    for name, entries in found.items():
        assert entries == texts[name]
    plain = [key for key in [*events, *folders] if "\\" not in value_text(key)]
    if len(plain) == len(events) + len(folders):  # no key written with an escape
        assert found == {name: entries for name, entries in texts.items() if entries}


def test_a_record_of_another_layout_gives_no_text() -> None:
    data = {"events": {"a": [1, 2]}, "format": 1}
    assert member_texts(json.dumps(data), data, ("events",)) == {}
    assert member_texts(json.dumps(data, indent=1), data, ("events",)) == {}
    one = dumps_sections({"format": 1}, {"events": {"a": '"a":[1,2]'}})
    assert member_texts(one, data, ("events",)) == {"events": {"a": '"a":[1,2]'}}
    # Lines of a record that is not the data's own: not kept.
    assert member_texts(one, {"events": {"b": 1}}, ("events",)) == {}


def test_the_inputs_record_written_back_is_the_one_a_clean_build_writes(tmp_path: Path) -> None:
    events = {f"event-{n:02}": (f"1:{n}", "ab" * 32, f"t.trf\0{n}\0{n}\0{'cd' * 32}", "")
              for n in range(30)}
    folders = {slug: f"{slug}\0{n}:1" for n, slug in enumerate(events)}
    (tmp_path / "inputs.json").write_bytes(inputs_json(events, folders))
    read = load_inputs(tmp_path, "inputs.json")
    assert (read.events, read.folders) == (events, folders)
    texts = member_texts(read.text, {"events": events, "folders": folders}, ("events", "folders"))
    assert texts["events"]["event-07"] == member_text("event-07", events["event-07"])
    changed = {**events, "event-07": ("", "ef" * 32, "", "2026-01-02")}
    del changed["event-08"]
    changed["event-99"] = ("", "00" * 32, "", "?")
    assert inputs_json(changed, folders, read) == inputs_json(changed, folders)
    assert inputs_json(changed, folders, read) != inputs_json(events, folders, read)
    # A record of before, written in one line: read all the same, without texts.
    older = json.dumps({"format": json.loads((tmp_path / "inputs.json").read_text())["format"],
                        "events": events, "folders": folders}, separators=(",", ":"))
    (tmp_path / "inputs.json").write_text(older + "\n")
    again = load_inputs(tmp_path, "inputs.json")
    assert (again.events, again.folders) == (events, folders)
    assert member_texts(again.text, {"events": events}, ("events",)) == {}
    assert inputs_json(changed, folders, again) == inputs_json(changed, folders)
    assert load_inputs(tmp_path, "missing.json") == InputsRecord()
