"""TRF-26 national rating (NRS) records: a federation's code as the record type, the player's
starting rank in columns 5-8, the national rating in columns 49-52 (spec trf.md §3) and
the national ID in columns 58-68 (the 001 record's ID columns, reading/national_ratings.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import DiagnosticSink
from generator.model import MAX_RATING, NationalId
from generator.reading.assembly import assemble, build_tournament
from generator.reading.trf import parse_trf, read_records
from tests.reading.test_trf_broken import BASE


def national(start_no: str, rating: str, tag: str = "NOR", national_id: str = "") -> str:
    """An NRS record as the spec lays it out: the 001 record's static columns."""
    ids = f" {national_id:>11}" if national_id else ""
    return f"{tag} {start_no:>4}      {'Somebody, Else':<33} {rating:>4} NOR{ids}\n"


def ratings_of(text: str) -> dict[int, int | None]:
    tournament = build_tournament(parse_trf(text, "t.trf"))
    return {p.start_no: p.national_rating for p in tournament.players}


def test_records_of_the_federation_172_names_give_national_ratings():
    text = "172 NOR FIDON\n" + BASE + national("1", "1850") + national("3", "1612")
    assert ratings_of(text) == {1: 1850, 2: None, 3: 1612, 4: None}
    assert parse_trf(text, "t.trf").diagnostics == ()  # known records now, not "unknown"


def test_the_id_columns_of_a_record_are_the_player_s_national_id():
    text = ("172 ENG FIDON\n" + BASE + national("1", "1850", "ENG", "123456A")
            + national("2", "", "ENG", "0") + national("3", "1612", "ENG"))
    tournament = build_tournament(parse_trf(text, "t.trf"))
    assert [p.national_id for p in tournament.players] == [
        NationalId(federation="ENG", number="123456A"), None, None, None]
    assert tournament.players[0].national_rating == 1850


def test_a_national_id_may_join_its_groups_with_a_hyphen_as_a_trf_26_writer_does():
    # gnutterts/chesspairing's TRF-26 test file writes "I-12345" (tests/corpus/teams).
    text = "172 IND FIDE\n" + BASE + national("1", "", "IND", "I-12345")
    tournament = build_tournament(parse_trf(text, "t.trf"))
    assert tournament.players[0].national_id == NationalId(federation="IND", number="I-12345")


def test_a_national_id_that_is_no_id_is_a_warning_and_not_used():
    text = "172 NOR FIDON\n" + BASE + national("1", "1850", national_id="12 4")
    sink = DiagnosticSink("t.trf")
    tournament = assemble(parse_trf(text, "t.trf"), None, sink)
    assert [str(d) for d in sink.collected()] == [
        "t.trf:10:58: warning: national ID '12 4' is not an ID; expected the player's ID "
        "in the federation's list (letters and digits, groups joined by - / or .) in columns "
        "58-68, or blanks"]
    assert tournament is not None and tournament.players[0].national_id is None
    assert tournament.players[0].national_rating == 1850


def test_records_of_the_events_federation_032_give_national_ratings_without_172():
    text = "032 NOR\n" + BASE + national("2", "2011")
    assert ratings_of(text)[2] == 2011


def test_a_blank_or_zero_national_rating_is_no_rating():
    text = "172 NOR FIDON\n" + BASE + national("1", "") + national("2", "0")
    assert ratings_of(text) == {1: None, 2: None, 3: None, 4: None}


def test_without_a_record_naming_the_federation_the_record_stays_unknown():
    text = BASE + national("1", "1850")
    assert ratings_of(text)[1] is None
    assert [str(d) for d in parse_trf(text, "t.trf").diagnostics] == [
        "t.trf:9:1: warning: unknown record type 'NOR' kept but not used; expected a "
        "TRF-16/TRF-26 record such as 001, 012 or XXR"]


@pytest.mark.parametrize(("records", "message"), [
    (national("9", "1850"),
     "t.trf:10:5: warning: national rating record for starting rank 9, which no 001 "
     "record has; expected the starting rank of a player"),
    (national("x", "1850"),
     "t.trf:10:5: warning: national rating record without a starting rank ('x'); "
     "expected the starting rank of a player in columns 5-8"),
    (national("1", "18x0"),
     "t.trf:10:49: warning: national rating '18x0' is not a number; expected a rating "
     "from 1 to 3500 in columns 49-52, or blanks"),
    (national("1", "9999"),
     "t.trf:10:49: warning: national rating 9999 is out of range; expected a rating "
     "from 1 to 3500 in columns 49-52, or blanks"),
    (national("1", "1850") + national("1", "1900"),
     "t.trf:11:5: warning: a second national rating record for starting rank 1 (first on "
     "line 10) is not used; expected one national rating record per player"),
])
def test_a_national_rating_record_that_cannot_be_used_is_a_warning(records, message):
    text = "172 NOR FIDON\n" + BASE + records
    document = parse_trf(text, "t.trf")
    sink = DiagnosticSink("t.trf")
    tournament = assemble(document, None, sink)
    assert [str(d) for d in sink.collected()] == [message]
    assert tournament is not None and tournament.players[0].national_rating in (None, 1850)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.lists(st.tuples(
    st.sampled_from(["   1", "   2", "  99", "0003", "   x", "    ", " -1 "]),
    st.text(st.characters(min_codepoint=32, max_codepoint=0x2FF, blacklist_categories=("Cc",)),
            max_size=60)), min_size=1, max_size=5))
def test_any_national_rating_record_is_read_or_a_warning_never_a_traceback(records):
    # A starting rank (or a near miss) in columns 5-8, then anything in the columns after it.
    text = "172 NOR FIDON\n" + BASE + "".join(f"NOR {no}{rest}\n" for no, rest in records)
    sink = DiagnosticSink("t.trf")
    tournament = assemble(read_records(text, "t.trf", sink), None, sink)
    assert tournament is not None
    assert not sink.has_errors
    assert all(p.national_rating is None or 1 <= p.national_rating <= MAX_RATING
               for p in tournament.players)
