"""Properties of the reader: whatever the input, a clean read or a StandingsError, nothing else,
and each read within a time and memory bound (issue 8, "never hang, never crash").

Budget: 100 examples per property in CI (fewer for the inputs of megabytes);
``pytest --examples N`` for longer runs. Every example runs under :func:`bounded`: CPU
time and peak traced memory (tracemalloc) are asserted, and an alarm turns a hang into
a failure. The worst inputs the caps allow are also read each in a process of its own under
resource limits (:func:`test_the_worst_inputs_stay_bounded_in_a_process_of_their_own`).
"""

from __future__ import annotations

import contextlib
import json
import re
import signal
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from generator.errors import StandingsError
from generator.reading.decoding import MAX_TRF_BYTES
from generator.reading.events import read_event, read_paths
from generator.reading.settings import MAX_SETTINGS_CHARACTERS, parse_settings
from tests.conftest import CORPUS_TRF, ROOT
from tests.reading.test_trf_broken import BASE, CASES, COUNTING_RULER, LEGEND, TENS_RULER

CPU_SECONDS = 5.0
"""CPU time one example may take (tracemalloc slows it about twice)."""
PEAK_MEGABYTES = 256
"""Peak memory one example may allocate, as tracemalloc counts it."""
HANG_SECONDS = 60
"""Wall-clock time after which an example is taken for a hang (the machine may be busy)."""

# Small and varied: byes, forfeits, '-' colours, CR endings, team records, round robins.
SAMPLES = {path.name: path.read_bytes() for path in sorted(CORPUS_TRF.glob("*.trf"))
           if path.stat().st_size < 40_000}


def budget(request: pytest.FixtureRequest, default: int = 100) -> settings:
    examples = request.config.getoption("--examples") or default
    return settings(max_examples=examples, deadline=None, derandomize=examples <= 200,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])


class Hang(Exception):
    pass


@contextlib.contextmanager
def bounded() -> Iterator[None]:
    """Fail unless the block ends within CPU_SECONDS and PEAK_MEGABYTES (and at all)."""
    def hung(_signal: int, _frame: object) -> None:
        raise Hang(f"no answer after {HANG_SECONDS} s")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS)
    tracemalloc.start()
    started = time.process_time()
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        used = time.process_time() - started
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
    assert used < CPU_SECONDS, f"{used:.1f} s of CPU"
    assert peak < PEAK_MEGABYTES, f"{peak:.0f} MB at the peak"


def read_or_report(folder, data: bytes, event_yml: str | None = None) -> None:
    (folder / "t.trf").write_bytes(data)
    settings_path = folder / "event.yml"
    if event_yml is None:
        settings_path.unlink(missing_ok=True)
    else:
        settings_path.write_text(event_yml, encoding="utf-8")
    try:
        with bounded():
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
        with contextlib.suppress(StandingsError), bounded():
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


# --- hostile numbers, deep nesting, long lines (issue 8) ----------------------------------

HOSTILE_NUMBERS = st.one_of(
    st.sampled_from([
        "9" * 5000, "9" * 4301, "1E+999999", "1e999999999", "-1E+999999", "1e-999999",
        "1.5e+3", "NaN", "-Infinity", "sNaN", "1_000", "0x1F", "0o17", "1:30", "\u00bd",
        "\u0663", "-0", "+5", "0" * 30 + "1", ".5", "5.", "9999.9999", "10000", "999", "1000",
        "3500", "3501", "0", "-1"]),
    st.integers(-10**40, 10**40).map(str),
    st.text(alphabet="0123456789.eE+-_", min_size=1, max_size=40),
)
"""Numbers as a hostile or careless file writes them: exponents, 5,000 digits, NaN, ..."""

PLAYER_FIELDS = {"starting rank": (4, 8), "rating": (48, 52), "FIDE ID": (57, 68),
                 "points": (79, 84), "rank": (85, 89), "round 1 opponent": (91, 95)}
"""0-based slices of the numeric columns of a 001 record (spec trf.md §2)."""

HEADER_TEMPLATES = (
    "XXR {n}", "142 {n}", "162  W {n}    D 0.5", "162  W 1.0    P {n}", "XXS W={n} D=0.5",
    "XXS ZPB={n}", "362 TW {n}   TD 1.0", "212 BH/C{n}, SB", "212 ARO/U{n}", "212 KS/L+{n}",
    "202 BH/M{n}", "042 {n}/03/14", "052 2026/{n}/14", "132 {n}", "013 Team {n}    1    2",
    "310 {n} Team",
)
"""Records with a number in them; {n} is replaced by a hostile number."""

SETTINGS_TEMPLATES = (
    "total_rounds: {n}", "unrated_rating: {n}", "ties: lots\nlots_seed: {n}",
    "scoring:\n  win: {n}", "scoring: {{win: {n}, draw: 0.5}}", "scoring: '{n}-1-0'",
    "scoring: {n}-1-0", "tiebreaks: [BH/C{n}]", "tiebreaks: 'ARO/U{n}, BH'",
    "tiebreaks: [KS/L-{n}]", "edition: {n}", "dates: {n}", "start_date: {n}", "title: {n}",
    "round_robin: {n}", "unplayed:\n  cap_rounds: {n}",
)


def test_hostile_numbers_in_every_numeric_trf_field(request, tmp_path):
    lines = BASE.rstrip("\n").split("\n")

    @budget(request)
    @given(st.one_of(
        st.tuples(st.sampled_from(sorted(PLAYER_FIELDS)), st.integers(4, 7), st.booleans()),
        st.tuples(st.sampled_from(HEADER_TEMPLATES))), HOSTILE_NUMBERS)
    def check(where, number) -> None:
        changed = list(lines)
        if len(where) == 1:
            changed.append(where[0].format(n=number))
        else:
            field, line, fitted = where
            first, last = PLAYER_FIELDS[field]
            # Right-aligned in the field's columns, or as written (longer: columns shift).
            value = number.rjust(last - first) if fitted else number
            text = changed[line]
            changed[line] = text[:first] + value + text[last:]
        read_or_report(tmp_path, "\n".join(changed).encode())

    check()


def test_hostile_numbers_in_every_event_yml_value(request, tmp_path):
    @budget(request)
    @given(st.sampled_from(SETTINGS_TEMPLATES), HOSTILE_NUMBERS,
           st.sampled_from(["", "'", '"']))
    def check(template, number, quote) -> None:
        event_yml = template.format(n=f"{quote}{number}{quote}") + "\n"
        read_or_report(tmp_path, BASE.encode(), event_yml)

    check()


def _nested(kind: str, depth: int) -> str:
    if kind == "flow list":
        return "tiebreaks: " + "[" * depth + "]" * depth
    if kind == "flow mapping":
        return "scoring: " + "{a: " * depth + "1" + "}" * depth
    if kind == "block list":
        return "tiebreaks:\n" + "- " * depth + "BH"
    if kind == "block mapping":
        return "".join(" " * k + "unplayed:\n" for k in range(depth))
    return "[" * depth  # never closed


def test_deeply_nested_event_yml(request, tmp_path):
    @budget(request, default=50)
    @given(st.sampled_from(["flow list", "flow mapping", "block list", "block mapping",
                            "unclosed"]),
           st.one_of(st.integers(1, 60), st.integers(1, 20_000)))
    def check(kind, depth) -> None:
        if kind == "block mapping":
            depth = min(depth, 2000)  # k blanks on line k: 2,000 lines is 2 MB already
        read_or_report(tmp_path, BASE.encode(), _nested(kind, depth))

    check()


LONG_LINES = {
    "round blocks": lambda n: BASE.split("\n")[4] + "  0000 - U" * (n // 10),
    "name": lambda n: "012 " + "x" * n,
    "scoring pairs": lambda n: "XXS " + "W=1 " * (n // 4),
    "tie-break codes": lambda n: "212 " + "BH, " * (n // 4),
    "round dates": lambda n: "132 " + " 26/03/14" * (n // 9),
    "team members": lambda n: "013 Team                            " + "    1" * (n // 5),
    "comment": lambda n: "### " + "c" * n,
    "digits": lambda n: "XXR " + "9" * n,
}
"""A line of n characters (about) of each kind a reader splits up."""


def test_long_lines(request, tmp_path):
    @budget(request, default=25)
    @given(st.sampled_from(sorted(LONG_LINES)),
           st.one_of(st.integers(0, 20_000), st.integers(0, 6_000_000)), st.booleans())
    @example("round blocks", 6_000_000, True)  # the longest of each kind, every run
    @example("tie-break codes", 6_000_000, False)
    @example("scoring pairs", 6_000_000, False)
    @example("team members", 6_000_000, False)
    def check(kind, length, replace_a_player) -> None:
        lines = BASE.rstrip("\n").split("\n")
        long_line = LONG_LINES[kind](length)
        if replace_a_player:
            lines[4] = long_line
        else:
            lines.append(long_line)
        read_or_report(tmp_path, "\n".join(lines).encode())

    check()


# The worst the caps allow, each read by a process of its own under resource limits: a leak in
# one cannot hide behind another, and RLIMIT_AS turns runaway memory into a MemoryError. One
# Python imports the reader once and forks a child per input (a child's CPU time starts at
# nothing; its peak memory starts at the parent's, as a fresh process's did).
_WORST_READER = """
import json, os, resource, sys, time, traceback
from generator.reading.events import read_paths
for folder in sys.argv[1:]:
    child = os.fork()
    if child == 0:
        try:
            resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))
            resource.setrlimit(resource.RLIMIT_CPU, (120, 120))
            started = time.process_time()
            events, diagnostics = read_paths([folder])
            print(json.dumps({
                "folder": folder, "cpu": time.process_time() - started,
                "megabytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                "events": len(events),
                "errors": [str(d) for d in diagnostics if d.is_error][:3]}), flush=True)
        except BaseException:
            traceback.print_exc()
            sys.stderr.flush()
            os._exit(1)
        os._exit(0)
    status = os.waitstatus_to_exitcode(os.waitpid(child, 0)[1])
    print(json.dumps({"folder": folder, "exit": status}), flush=True)
"""


def _player_lines(players: int, rounds: int) -> str:
    # Absent every round: the most round blocks per byte that read without an error.
    return "".join(f"001 {p:4d}      Player {p:<25}{'':35}0.0 {p:4d}" + "  0000 - U" * rounds
                   + "\n" for p in range(1, players + 1))


WORST_INPUTS: dict[str, tuple[str, str | None, bool | None]] = {
    # name: (TRF text, event.yml text or None, must it be refused? None: either way)
    "short lines up to the size cap": (
        "012 x\n" + "x\n" * ((MAX_TRF_BYTES - 10) // 2), None, True),
    "one byte over the size cap": ("012 x\n" + "#" * MAX_TRF_BYTES, None, True),
    "800 players of 995 rounds (7.7 MiB)": (
        "012 x\nXXR 995\n" + _player_lines(800, 995), None, False),
    "a line of 5 MB": (BASE + "012 " + "x" * 5_000_000 + "\n", None, True),
    "event.yml of tie-break codes up to its cap": (
        BASE, "tiebreaks: [" + "BH, " * ((MAX_SETTINGS_CHARACTERS - 20) // 4) + "]\n", None),
    "event.yml nested 60,000 deep": (BASE, "[" * 60_000, True),
}


@pytest.fixture(scope="module")
def worst_reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, object]]:
    """Per worst input: how its own process read it (exit status, CPU, peak memory, events)."""
    folders = {}
    for index, (name, (trf, event_yml, _refused)) in enumerate(sorted(WORST_INPUTS.items())):
        folder = tmp_path_factory.mktemp(f"worst-{index}")
        (folder / "t.trf").write_text(trf, encoding="utf-8")
        if event_yml is not None:
            (folder / "event.yml").write_text(event_yml, encoding="utf-8")
        folders[str(folder)] = name
    done = subprocess.run([sys.executable, "-c", _WORST_READER, *folders], cwd=ROOT,
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    reports: dict[str, dict[str, object]] = {name: {"stderr": done.stderr}
                                             for name in folders.values()}
    for line in done.stdout.splitlines():
        report = json.loads(line)
        reports[folders[report.pop("folder")]].update(report)
    return reports


@pytest.mark.parametrize("name", sorted(WORST_INPUTS))
def test_the_worst_inputs_stay_bounded_in_a_process_of_their_own(
        name: str, worst_reports: dict[str, dict[str, object]]) -> None:
    _trf, _event_yml, refused = WORST_INPUTS[name]
    report = worst_reports[name]
    assert report.get("exit") == 0, report["stderr"]  # no traceback, no MemoryError
    if refused is not None:
        assert bool(report["errors"]) == refused, report
        assert report["events"] == (0 if refused else 1)
    assert report["cpu"] < 20, report  # type: ignore[operator]
    assert report["megabytes"] < 400, report  # type: ignore[operator]


NOTES_SHAPES = {
    "list markers": lambda n: "- " * n + "x\n",
    "numbered markers": lambda n: "1. " * n + "x\n",
    "quotes": lambda n: "> " * n + "x\n",
    "indented lists": lambda n: "".join("    " * k + "- x\n" for k in range(min(n, 400))),
    "brackets": lambda n: "[" * n + "\n",
    "links": lambda n: "[a](" * n + "\n",
}


def test_notes_md_is_read_and_rendered_within_bounds(request, tmp_path):
    from generator.site.render import render_markdown

    @budget(request, default=50)
    @given(st.sampled_from(sorted(NOTES_SHAPES)),
           st.one_of(st.integers(1, 60), st.integers(1, 20_000)))
    def check(shape, depth) -> None:
        (tmp_path / "notes.md").write_text(NOTES_SHAPES[shape](depth), encoding="utf-8")
        try:
            with bounded():
                event = read_event(tmp_path)
        except StandingsError:
            return
        # Accepted notes are rendered on the event's pages: that must be bounded too.
        with bounded():
            render_markdown(event.notes or "")

    (tmp_path / "t.trf").write_bytes(BASE.encode())
    check()
