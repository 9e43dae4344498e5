"""Issue 8, "never hang, never crash": every input is bounded before it can cost unbounded
time or memory, and every limit is an ordinary ``path:line:column`` diagnostic.

Each case here once crashed (MemoryError, Python's int-digit ValueError, decimal.Overflow,
RecursionError), hung (a billion rounds, a scoring value of 1E+999999), or reported a limit
in the wrong shape (a YAML character position; 200 warnings counted as an error).
Columns are counted by hand from the text of each case (1-based).
"""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.errors import DiagnosticSink, Severity
from generator.model import MAX_ROUNDS, plain_points
from generator.reading.decoding import MAX_TRF_BYTES
from generator.reading.events import read_paths
from generator.reading.settings import MAX_SETTINGS_CHARACTERS, EventSettings, read_settings
from generator.reading.trf import MAX_RECORD_COLUMNS, MAX_RECORDS
from tests.conftest import CORPUS_TRF
from tests.reading.test_trf_broken import BASE, changed

DIGITS_5000 = "9" * 5000
SHOWN_5000 = "'99999999999999999999...' (5000 characters)"
"""How a 5000-character value is quoted in a message: its head and its length."""
POINTS = "a plain number such as 1, 0.5 or 3 (no exponent, at most 9999.999)"
ROUNDS = f"a number of rounds from 1 to {MAX_ROUNDS}"


def trf_diagnostics(text: str, tmp_path, monkeypatch, settings: str | None = None
                    ) -> list[str]:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.trf").write_text(text, encoding="utf-8")
    if settings is not None:
        (tmp_path / "event.yml").write_text(settings, encoding="utf-8")
    _events, diagnostics = read_paths(["t.trf"])
    return [str(d) for d in diagnostics]


def settings_diagnostics(text: str) -> list[str]:
    sink = DiagnosticSink("event.yml")
    read_settings(text, "event.yml", sink)
    return [str(d) for d in sink.collected()]


# --- rounds -------------------------------------------------------------------------------

@pytest.mark.parametrize(("record", "shown"), [
    ("XXR 999999999999", "'999999999999'"),  # once: a loop over 10^12 rounds (a hang)
    (f"XXR {DIGITS_5000}", SHOWN_5000),  # once: int() refused more than 4300 digits
    (f"142 {DIGITS_5000}", SHOWN_5000),
    ("XXR 1000", "'1000'"),
])
def test_an_absurd_round_count_is_an_error_at_its_record(record, shown, tmp_path,
                                                         monkeypatch):
    assert trf_diagnostics(changed(4, "XXR 3", record), tmp_path, monkeypatch) == [
        f"t.trf:4:5: number of rounds {shown} is more than {MAX_ROUNDS}; expected {ROUNDS}"]


def test_the_rounds_limit_of_the_trf_is_that_of_event_yml():
    assert settings_diagnostics(f"total_rounds: {MAX_ROUNDS + 1}\n") == [
        f"event.yml:1:15: 'total_rounds' is {MAX_ROUNDS + 1}, out of range; "
        f"expected a whole number from 1 to {MAX_ROUNDS}"]
    assert settings_diagnostics(f"total_rounds: {DIGITS_5000}\n") == [
        f"event.yml:1:15: 'total_rounds' is {SHOWN_5000}, out of range; "
        f"expected a whole number from 1 to {MAX_ROUNDS}"]


def test_a_player_record_with_more_round_blocks_than_rounds_allowed_is_cut_and_reported(
        tmp_path, monkeypatch):
    # 1000 blocks: the 999th block's result is in column 82 + 10*999 + 7 = 10079.
    first = BASE.split("\n")[4]
    long_line = first + "  0000 - U" * (MAX_ROUNDS + 1 - 3)
    assert len(long_line) == 82 + 10 * (MAX_ROUNDS + 1) + 7
    text = changed(5, first, long_line)
    found = trf_diagnostics(text, tmp_path, monkeypatch)
    assert found[0] == (
        f"t.trf:5:{MAX_RECORD_COLUMNS + 1}: record is longer than {MAX_RECORD_COLUMNS} "
        f"columns; expected at most {MAX_RECORD_COLUMNS} columns (a 001 record of "
        f"{MAX_ROUNDS} rounds)")
    assert MAX_RECORD_COLUMNS == 82 + 10 * MAX_ROUNDS + 7


def test_a_line_of_megabytes_is_one_error(tmp_path, monkeypatch):
    # 5 MB: one line as long as the size cap allows (a 10 MB one is refused by its size).
    text = BASE + "012 " + "x" * 5_000_000 + "\n"
    assert trf_diagnostics(text, tmp_path, monkeypatch) == [
        f"t.trf:9:{MAX_RECORD_COLUMNS + 1}: record is longer than {MAX_RECORD_COLUMNS} "
        f"columns; expected at most {MAX_RECORD_COLUMNS} columns (a 001 record of "
        f"{MAX_ROUNDS} rounds)"]


def test_a_trf_file_larger_than_the_cap_is_refused_without_reading_it_all(tmp_path,
                                                                          monkeypatch):
    line = b"### " + b"c" * 95 + b"\n"  # 100 bytes a line
    with (tmp_path / "t.trf").open("wb") as out:
        out.write(BASE.encode())
        out.write(line * (MAX_TRF_BYTES // 100 + 1))
    monkeypatch.chdir(tmp_path)
    _events, diagnostics = read_paths(["t.trf"])
    # The first byte past the cap: BASE's 8 lines, then whole 100-byte comment lines.
    past = MAX_TRF_BYTES - len(BASE.encode())
    assert [str(d) for d in diagnostics] == [
        f"t.trf:{9 + past // 100}:{past % 100 + 1}: file is larger than "
        f"{MAX_TRF_BYTES // 2**20} MiB; expected a TRF file of at most "
        f"{MAX_TRF_BYTES // 2**20} MiB"]


def test_reading_stops_after_the_most_records_a_file_can_have(tmp_path, monkeypatch):
    # Short lines by the million (a few bytes each, well within the size cap) once cost
    # half a gigabyte and 17 seconds; XXA is a known record type, so no warning each.
    text = BASE + "XXA x\n" * MAX_RECORDS
    assert trf_diagnostics(text, tmp_path, monkeypatch) == [
        f"t.trf:{MAX_RECORDS + 1}:1: more than {MAX_RECORDS} records; the rest of the file "
        f"is not read; expected at most {MAX_RECORDS} records"]


# --- scoring numbers ----------------------------------------------------------------------

@pytest.mark.parametrize("value", [
    "1", "0.5", "3", "9999.999", "0", "-1", "2.0", ".5", "5.",
])
def test_plain_points_are_read(value):
    assert plain_points(value) is not None


@pytest.mark.parametrize("value", [
    "1E+999999", "1e999999999", "1e3", DIGITS_5000, "10000", "0.0001", "NaN", "Infinity",
    "1_000", "0x10", "", "-", ".", " 1", "½", "1.5.2",
])
def test_anything_but_a_plain_bounded_decimal_is_refused(value):
    assert plain_points(value) is None


@pytest.mark.parametrize(("record", "column", "shown"), [
    ("XXS W=1E+999999", 7, "'1E+999999'"),  # once: check passed, build never ended
    ("XXS W=1e999999999", 7, "'1e999999999'"),  # once: decimal.Overflow
    (f"XXS W={DIGITS_5000}", 7, SHOWN_5000),
    (f"162  W {DIGITS_5000}", 8, SHOWN_5000),
    ("162  W 1E+99    D 0.5", 8, "'1E+99'"),  # once: read as W 1, the rest ignored
])
def test_scoring_values_in_the_trf_must_be_plain_numbers(record, column, shown, tmp_path,
                                                          monkeypatch):
    found = trf_diagnostics(BASE + record + "\n", tmp_path, monkeypatch)
    assert found[0] == (f"t.trf:9:{column}: scoring value {shown} for W is not a plain number; "
                        f"expected {POINTS}")
    assert all("warning" in d for d in found[1:])


def test_match_scoring_of_record_362_must_be_plain_numbers(tmp_path, monkeypatch):
    text = (CORPUS_TRF / "markdechamps-team-rr.trf").read_text(encoding="utf-8")
    text = text.replace("362 TW 2.0", f"362 TW {DIGITS_5000}")
    found = trf_diagnostics(text, tmp_path, monkeypatch)
    assert f"t.trf:9:8: scoring value {SHOWN_5000} for W is not a plain number; " \
           f"expected {POINTS}" in found


@pytest.mark.parametrize(("yml", "where", "shown"), [
    ("scoring:\n  win: 1e999999\n", "2:8", "text '1e999999'"),  # once: build never ended
    ("scoring:\n  win: 1e999999999\n", "2:8", "text '1e999999999'"),  # once: Overflow
    ("scoring:\n  win: 1.5e+3\n", "2:8", "a number '1.5e+3'"),
    (f"scoring:\n  win: {DIGITS_5000}\n", "2:8", f"a number {SHOWN_5000}"),
])
def test_scoring_values_in_event_yml_must_be_plain_numbers(yml, where, shown):
    assert settings_diagnostics(yml) == [
        f"event.yml:{where}: 'scoring.win' must be a plain number, not {shown}; "
        f"expected {POINTS}"]


def test_the_short_scoring_form_is_bounded_too():
    assert settings_diagnostics(f"scoring: {DIGITS_5000}-1-0\n") == [
        f"event.yml:1:10: 'scoring' value {SHOWN_5000} is not a plain number; "
        f"expected {POINTS}"]


# --- other numbers in event.yml and in tie-break codes ------------------------------------

def test_a_huge_lots_seed_is_out_of_range():
    assert settings_diagnostics(f"ties: lots\nlots_seed: {DIGITS_5000}\n") == [
        f"event.yml:2:12: 'lots_seed' is {SHOWN_5000}, out of range; "
        "expected a whole number from 0 to 999999999999999999"]


def test_a_huge_unrated_rating_is_out_of_range():
    assert settings_diagnostics(f"unrated_rating: {DIGITS_5000}\n") == [
        f"event.yml:1:17: 'unrated_rating' is {SHOWN_5000}, out of range; "
        "expected a whole number from 0 to 3500"]


@pytest.mark.parametrize(("code", "modifier", "expected"), [
    (f"BH/C{DIGITS_5000}", f"'C{'9' * 19}...' (5001 characters)", f"C1 to C{MAX_ROUNDS}"),
    (f"BH/M{DIGITS_5000}", f"'M{'9' * 19}...' (5001 characters)", f"M1 to M{MAX_ROUNDS}"),
    (f"KS/L+{DIGITS_5000}", f"'L+{'9' * 18}...' (5002 characters)",
     f"L-{MAX_ROUNDS} to L+{MAX_ROUNDS}"),
    (f"ARO/U{DIGITS_5000}", f"'U{'9' * 19}...' (5001 characters)", "U0 to U3500"),
    ("ARO/U3501", "'U3501'", "U0 to U3500"),
    ("KS/L-1000", "'L-1000'", f"L-{MAX_ROUNDS} to L+{MAX_ROUNDS}"),
])
def test_numbers_inside_tiebreak_modifiers_are_bounded(code, modifier, expected):
    acronym = code.split("/")[0]
    # tiebreaks: [X/...]: the modifier starts after the acronym and its slash.
    column = len("tiebreaks: [") + len(acronym) + 2
    assert settings_diagnostics(f"tiebreaks: [{code}]\n") == [
        f"event.yml:1:{column}: modifier {modifier} is out of range for {acronym}; "
        f"expected {expected}"]


def test_a_huge_modifier_in_record_212_is_a_warning_not_a_crash(tmp_path, monkeypatch):
    found = trf_diagnostics(BASE + f"212 BH/C{DIGITS_5000}\n", tmp_path, monkeypatch)
    assert found == [
        f"t.trf:9:5: warning: record 212 lists tie-breaks this program does not compute "
        f"('BH/C{'9' * 16}...' (5004 characters)); the default list is used instead; "
        "expected individual C.07 codes, or a 'tiebreaks' list in event.yml"]


# --- YAML ---------------------------------------------------------------------------------

NESTING = "expected settings at most a few levels deep (see the README's settings reference)"


@pytest.mark.parametrize(("yml", "where"), [
    # Brackets are counted before PyYAML reads them: the 51st '[' is one too many.
    ("a: " + "[" * 10_000 + "]" * 10_000 + "\n", "1:54"),
    ("[" * 10_000, "1:51"),
    # ... and nesting PyYAML sees: the root mapping is level 1, the first '{' (column 4)
    # level 2 ... the 50th '{' (column 3 + 4 * 49 + 1 = 200) level 51.
    ("a: " + "{a: " * 49 + "{a: 1" + "}" * 50 + "\n", "1:200"),
    # Block mappings, one level deeper per line: line k starts the level-k mapping (300
    # lines keep the file under the size limit).
    ("".join(" " * k + "a:\n" for k in range(300)), "51:51"),
])
def test_deeply_nested_yaml_is_refused_before_it_is_composed(yml, where):
    assert settings_diagnostics(yml) == [
        f"event.yml:{where}: YAML nested deeper than 50 levels; {NESTING}"]


@pytest.mark.parametrize(("yml", "where", "char"), [
    ("title: a\x01b\n", "1:9", "'\\x01'"),
    ("title: ok\nplace: \x07\n", "2:8", "'\\x07'"),
    ("title: ok\r\nplace: ok\r\narbiter: \x1b\n", "3:10", "'\\x1b'"),
])
def test_a_control_character_in_event_yml_has_a_line_and_column(yml, where, char):
    assert settings_diagnostics(yml) == [
        f"event.yml:{where}: control character {char} in event.yml; expected printable text"]


def test_a_huge_event_yml_is_refused_at_the_limit():
    from generator.reading.settings import MAX_SETTINGS_CHARACTERS
    line = "# " + "c" * 97 + "\n"  # 100 characters
    text = "title: x\n" + line * (MAX_SETTINGS_CHARACTERS // 100 + 1)
    past = MAX_SETTINGS_CHARACTERS - len("title: x\n")
    assert settings_diagnostics(text) == [
        f"event.yml:{2 + past // 100}:{past % 100 + 1}: event.yml has more than "
        f"{MAX_SETTINGS_CHARACTERS} characters; expected settings, and long notes in "
        "notes.md"]


def test_long_values_are_quoted_short_in_messages():
    found = settings_diagnostics("title: [" + "x" * 10_000 + "]\n")
    assert found == ["event.yml:1:8: 'title' must be text, not a list; expected text"]
    found = settings_diagnostics("edition: " + "x" * 10_000 + "\n")
    assert len(found) == 1 and len(found[0]) < 300, found


# --- the cap on diagnostics ---------------------------------------------------------------

def test_more_than_200_warnings_are_not_an_error():
    sink = DiagnosticSink("t.trf")
    for line in range(1, 301):
        sink.warning("something odd", line=line, column=1)
    assert not sink.has_errors
    collected = sink.collected()
    assert len(collected) == 201
    assert str(collected[-1]) == "t.trf: 100 more warnings not shown"
    assert collected[-1].severity is Severity.NOTE and not collected[-1].is_error
    sink.raise_if_errors()  # nothing to raise


def test_errors_are_never_crowded_out_by_warnings():
    sink = DiagnosticSink("t.trf")
    for line in range(1, 301):
        sink.warning("something odd", line=line, column=1)
    sink.error("broken", line=400, column=1)
    assert sink.has_errors
    collected = sink.collected()
    assert "t.trf:400:1: broken" in [str(d) for d in collected]
    assert str(collected[-1]) == "t.trf: 100 more warnings not shown"


def test_the_count_of_dropped_problems_says_what_they_are():
    sink = DiagnosticSink("t.trf")
    for line in range(1, 251):
        sink.error("broken", line=line, column=1)
    for line in range(1, 211):
        sink.warning("odd", line=line, column=2)
    assert str(sink.collected()[-1]) == "t.trf: 60 more problems not shown (50 errors, " \
                                        "10 warnings)"


def test_check_passes_a_file_with_300_warnings_and_prints_the_count(tmp_path, monkeypatch):
    # 300 distinct unknown record types: one warning each.
    tags = [f"Q{n:02d}" for n in range(100)] + [f"R{n:02d}" for n in range(100)] + \
           [f"S{n:02d}" for n in range(100)]
    (tmp_path / "t.trf").write_text(BASE + "".join(f"{tag} x\n" for tag in tags),
                                    encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["check", "t.trf"])
    assert result.exit_code == 0, result.output
    assert result.stderr.endswith("t.trf: 100 more warnings not shown\n")
    assert result.stderr.count("warning: unknown record type") == 200
    assert re.search(r"t\.trf: 4 players, 3 rounds, Swiss, ok \(300 warnings\)", result.stdout)
    strict = CliRunner().invoke(main, ["check", "--strict", "t.trf"])
    assert strict.exit_code == 1


def test_no_settings_means_every_default():
    assert read_settings("", "event.yml", DiagnosticSink("event.yml")) == \
        EventSettings(path="event.yml")


# --- notes (Markdown rendered on the event's pages) ---------------------------------------

# The inputs that once crashed or stalled the Markdown renderer. The rule itself (its limits
# and wording) is generator/reading/notes.py's, tested in tests/site/test_hostile_notes.py;
# here each is refused at a line of the notes, before anything is rendered.

@pytest.mark.parametrize("notes", [
    "- " * 1000 + "x\n",  # once a RecursionError in the Markdown renderer
    "1. " * 1000 + "x\n",
    "[" * 16_000 + "\n",  # once over 30 s (quadratic in the open '[')
    "[a](" * 16_000 + "\n",
    "".join("    " * k + "- x\n" for k in range(1000))[:60_000],  # once over 20 s
    "x" * (MAX_SETTINGS_CHARACTERS + 10),
], ids=["dashes", "numbers", "brackets", "open-links", "indented", "huge"])
def test_notes_md_that_would_stall_the_renderer_is_refused(notes, tmp_path, monkeypatch):
    (tmp_path / "notes.md").write_text(notes, encoding="utf-8")
    found = trf_diagnostics(BASE, tmp_path, monkeypatch)
    assert len(found) == 1
    assert re.fullmatch(r"notes\.md:\d+:\d+: .+; expected .+", found[0]), found


def test_notes_in_event_yml_are_bounded_alike(tmp_path, monkeypatch):
    found = trf_diagnostics(BASE, tmp_path, monkeypatch,
                            settings="notes: |\n  " + "- " * 1000 + "x\n")
    assert len(found) == 1
    assert re.fullmatch(r"event\.yml:\d+:\d+: .+; expected .+", found[0]), found


def test_notes_are_capped_apart_and_never_count_as_warnings(tmp_path, monkeypatch):
    # 250 column rulers (each a note: a guide line skipped whole): 200 shown, a count of the
    # rest, and a strict check still passes.
    ruler = "0123456789" * 9
    (tmp_path / "t.trf").write_text("\n".join([ruler] * 250) + "\n" + BASE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["check", "--strict", "t.trf"])
    assert result.exit_code == 0, result.output
    assert result.stderr.count("note: column ruler") == 200
    assert result.stderr.endswith("t.trf: 50 more notes not shown\n")
    assert re.search(r"t\.trf: 4 players, 3 rounds, Swiss, ok\n", result.stdout)
