"""A TRF file in UTF-16 (a byte-order mark) whose bytes hold half of a UTF-16 pair (issue 22:
decoded text can carry no half, so the file is refused; it was refused as "binary data (a
NUL byte)", which sends the arbiter looking for the wrong thing)."""

from __future__ import annotations

import pytest

from generator.errors import StandingsError
from generator.reading.decoding import decode_trf


def _utf16(text: str, order: str) -> bytes:
    bom = "\ufeff".encode(f"utf-16-{order}")
    return bom + text.encode(f"utf-16-{order}", "surrogatepass")


@pytest.mark.parametrize("order", ["le", "be"])
@pytest.mark.parametrize(("text", "where", "half"), [
    ("012 Open \ud83d\n", "1:10", "d8 3d"),
    ("012 Open\n022 Oslo \ude00 x\n", "2:10", "de 00"),
    ("012 \ud83d\ud83d\ude00\n", "1:5", "d8 3d"),
])
def test_half_of_a_pair_in_a_utf16_file_is_named_where_it_is(order, text, where, half):
    data = _utf16(text, order)
    with pytest.raises(StandingsError) as raised:
        decode_trf(data, "t.trf")
    written = half if order == "be" else " ".join(reversed(half.split()))
    assert [str(d) for d in raised.value.diagnostics] == [
        f"t.trf:{where}: bytes '{written}' of this UTF-16 file are half of a UTF-16 pair "
        "without its other half; expected a file saved as UTF-8"]


def test_a_whole_pair_in_a_utf16_file_is_its_character():
    text, _warnings = decode_trf(_utf16("012 Open \U0001F600\n", "le"), "t.trf")
    assert text == "012 Open \U0001F600\n"
