"""Properties of the reader: whatever the input, a clean read or a StandingsError, nothing else.

Budget: 200 examples per property in CI; ``pytest --examples N`` for longer runs.
"""

from __future__ import annotations

import contextlib
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.errors import StandingsError
from generator.events import read_event, read_paths
from generator.settings import parse_settings
from tests.conftest import CORPUS_TRF
from tests.test_trf_broken import CASES, COUNTING_RULER, LEGEND, TENS_RULER

# Small and varied: byes, forfeits, '-' colours, CR endings, team records, round robins.
SAMPLES = {path.name: path.read_bytes() for path in sorted(CORPUS_TRF.glob("*.trf"))
           if path.stat().st_size < 40_000}


def budget(request: pytest.FixtureRequest) -> settings:
    examples = request.config.getoption("--examples") or 200
    return settings(max_examples=examples, deadline=None, derandomize=examples <= 200,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])


def read_or_report(folder, data: bytes, event_yml: str | None = None) -> None:
    (folder / "t.trf").write_bytes(data)
    settings_path = folder / "event.yml"
    if event_yml is None:
        settings_path.unlink(missing_ok=True)
    else:
        settings_path.write_text(event_yml, encoding="utf-8")
    try:
        event = read_event(folder)
    except StandingsError as error:
        assert error.diagnostics, "a StandingsError must say what is wrong"
        assert any(d.is_error for d in error.diagnostics)
        for diagnostic in error.diagnostics:
            assert str(diagnostic).startswith(diagnostic.path)
        return
    assert all(not d.is_error for d in event.warnings)


def test_arbitrary_bytes(request, tmp_path):
    @budget(request)
    @given(st.binary(max_size=3000))
    def check(data: bytes) -> None:
        read_or_report(tmp_path, data)

    check()


def test_bytes_that_look_like_trf(request, tmp_path):
    record = st.tuples(
        st.sampled_from(["001", "012", "042", "092", "XXR", "142", "162", "202", "013", "310",
                         "XXS", "ABC", "###"]),
        st.text(alphabet=" 0123456789wb-=+HFUZXLDW.,:/abc", max_size=140))

    @budget(request)
    @given(st.lists(record, max_size=12), st.sampled_from(["\n", "\r\n", "\r"]))
    def check(records, ending) -> None:
        text = ending.join(f"{tag} {rest}" for tag, rest in records)
        read_or_report(tmp_path, text.encode())

    check()


@st.composite
def mutated_corpus_file(draw):
    name = draw(st.sampled_from(sorted(SAMPLES)))
    lines = SAMPLES[name].replace(b"\r", b"\n").split(b"\n")
    for _ in range(draw(st.integers(1, 4))):
        index = draw(st.integers(0, len(lines) - 1))
        line = lines[index]
        kind = draw(st.sampled_from(["replace", "delete", "insert", "truncate", "duplicate",
                                     "swap", "drop"]))
        at = draw(st.integers(0, max(len(line), 1)))
        if kind == "replace":
            char = draw(st.sampled_from(list(b" 0123456789wb-+=XUHFZ?xq\t\xe9\x81")))
            line = line[:at] + bytes([char]) + line[at + 1:]
        elif kind == "delete":
            line = line[:at] + line[at + draw(st.integers(1, 12)):]
        elif kind == "insert":
            line = line[:at] + draw(st.binary(min_size=1, max_size=6)) + line[at:]
        elif kind == "truncate":
            line = line[:at]
        elif kind == "duplicate":
            lines.insert(index, line)
        elif kind == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[index], lines[other] = lines[other], lines[index]
            continue
        else:
            del lines[index]
            if not lines:
                lines = [b""]
            continue
        lines[index] = line
    return b"\n".join(lines)


def test_mutations_of_real_corpus_lines(request, tmp_path):
    @budget(request)
    @given(mutated_corpus_file())
    def check(data: bytes) -> None:
        read_or_report(tmp_path, data)

    check()


def test_arbitrary_event_yml_next_to_a_good_file(request, tmp_path):
    good = SAMPLES["seed-anna.trf"]
    keys = st.sampled_from(["title", "edition", "tiebreaks", "scoring", "unplayed", "ties",
                            "lots_seed", "total_rounds", "dates", "round_robin", "notes",
                            "bogus"])
    values = st.one_of(st.text(max_size=20), st.integers(-5, 3000), st.booleans(),
                       st.lists(st.text(alphabet="BHCSDEWINKP/-12M ", max_size=8), max_size=4))

    @budget(request)
    @given(st.one_of(st.text(max_size=200),
                     st.dictionaries(keys, values, max_size=5).map(_as_yaml)))
    def check(event_yml: str) -> None:
        read_or_report(tmp_path, good, event_yml)
        with contextlib.suppress(StandingsError):
            parse_settings(event_yml, "event.yml")

    check()


def _as_yaml(mapping) -> str:
    import yaml

    return yaml.safe_dump(mapping, allow_unicode=True)


@st.composite
def column_ruler(draw) -> str:
    """A guide to the columns as Swiss-Manager or FIDE's sample print one."""
    kind = draw(st.sampled_from(["units", "tens", "legend", "fixed"]))
    indent = " " * draw(st.integers(0, 12))
    if kind == "units":
        first = draw(st.integers(0, 9))
        return indent + "".join(str((first + i) % 10) for i in range(draw(st.integers(10, 160))))
    if kind == "tens":
        first = draw(st.integers(1, 12))
        numbers = range(first, first + draw(st.integers(2, 16)))
        return indent + "".join(str(n).rjust(10) for n in numbers)
    if kind == "legend":
        return LEGEND[:draw(st.integers(15, len(LEGEND)))]
    return draw(st.sampled_from([TENS_RULER, COUNTING_RULER]))


def _without_rulers(diagnostics, inserted: list[int]) -> list[tuple]:
    """The diagnostics but the rulers' own warnings, with every line number (location and
    text) taken back to the file without the inserted lines (1-based positions)."""
    def original(line: int) -> int:
        return line - sum(1 for at in inserted if at < line)

    def in_text(text: str | None) -> str | None:
        return text and re.sub(r"\bline (\d+)", lambda m: f"line {original(int(m[1]))}", text)

    return [(d.severity, d.line and original(d.line), d.column, in_text(d.message),
             in_text(d.expected))
            for d in diagnostics if "skipped: not a record" not in d.message]


def test_ruler_lines_never_hide_or_change_a_diagnostic(request, tmp_path):
    """Rulers anywhere in a broken file (before its broken record too): every diagnostic of
    the file without them still comes out, at the same place, and nothing else does."""
    path = tmp_path / "t.trf"

    def diagnostics_of(text: str):
        path.write_text(text, encoding="utf-8")
        return read_paths([path])[1]

    @budget(request)
    @given(st.sampled_from(sorted(CASES)), st.lists(st.tuples(st.integers(0, 40),
                                                              column_ruler()),
                                                    min_size=1, max_size=4))
    def check(case: str, rulers: list[tuple[int, str]]) -> None:
        lines = CASES[case][0].split("\n")
        before = diagnostics_of("\n".join(lines))
        inserted: list[int] = []
        for at, ruler in rulers:
            at = min(at, len(lines))
            lines.insert(at, ruler)
            # Lines already inserted at or after this place move down by one.
            inserted = [line + 1 if line > at else line for line in inserted] + [at + 1]
        after = diagnostics_of("\n".join(lines))
        assert (sum("skipped: not a record" in d.message for d in after)
                == sum("skipped: not a record" in d.message for d in before) + len(rulers))
        assert _without_rulers(after, inserted) == _without_rulers(before, [])

    check()
