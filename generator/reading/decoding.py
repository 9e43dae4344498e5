"""TRF bytes -> text: the encodings pairing programs save in, each said out loud.

Files arrive as UTF-8 (a BOM or not), Windows' cp1252 or UTF-16 ("Unicode" in Windows
editors); anything else is refused at the first byte that gives it away. The events
reader (:mod:`generator.reading.events`) reads the bytes and hands them here.

TRF-16 names no encoding, and a file that is not UTF-8 could be any of Windows' code pages:
cp1252 is the likeliest, and the warning says so. event.yml's ``encoding`` settles it once
the arbiter has seen the names read right (or names another code page): then the file is
read in it and nothing is guessed.
"""

from __future__ import annotations

from generator.errors import Diagnostic, Severity, StandingsError

_BOM = "\ufeff"

DECLARED_ENCODINGS = {
    "utf-8": "utf-8", "cp1252": "cp1252", "windows-1252": "cp1252",
    "cp1250": "cp1250", "windows-1250": "cp1250", "cp1251": "cp1251", "windows-1251": "cp1251",
    "cp1253": "cp1253", "windows-1253": "cp1253", "cp1254": "cp1254", "windows-1254": "cp1254",
    "cp1257": "cp1257", "windows-1257": "cp1257", "iso-8859-1": "latin-1",
    "iso-8859-2": "iso8859-2", "iso-8859-15": "iso8859-15", "cp437": "cp437", "cp850": "cp850",
    "cp852": "cp852", "koi8-r": "koi8-r",
}
"""event.yml's ``encoding`` names -> Python's codecs: the code pages pairing programs save
in (an allow-list: a codec such as ``rot13`` or ``idna`` is no file encoding)."""

MAX_TRF_BYTES = 8 * 2**20
"""The largest TRF file read: every starting rank the format has (9,999) with 70 rounds each
fits in 8 MiB, several times the largest real event. Reading costs up to ten times the file
in memory, so this (with trf.MAX_RECORDS) bounds a hostile file to some 200 MB and seconds."""


def decode_trf(data: bytes, path: str,
               declared: str | None = None) -> tuple[str, tuple[Diagnostic, ...]]:
    """Bytes -> text: UTF-8 (BOM stripped), else cp1252 with a warning naming the file;
    in the ``declared`` encoding (a value of :data:`DECLARED_ENCODINGS`) when event.yml
    names one, without a warning, and an error at the first byte it cannot read.

    UTF-16 with a byte-order mark is read too, with a warning.
    Bytes that are neither UTF-8 nor cp1252 (0x81 0x8D 0x8F 0x90 0x9D are undefined
    in cp1252) are an error at the first such byte: reading them as Latin-1 would
    put control characters into names without anyone noticing.
    Raises StandingsError for undecodable or binary (NUL bytes) input, and for a file
    larger than :data:`MAX_TRF_BYTES` (at the first byte past it: the caller need read no
    more than one byte past the cap).
    """
    if len(data) > MAX_TRF_BYTES:
        line, column = _byte_position(data, MAX_TRF_BYTES)
        size = f"{MAX_TRF_BYTES // 2**20} MiB"
        raise StandingsError([Diagnostic(
            path=path, line=line, column=column, message=f"file is larger than {size}",
            expected=f"a TRF file of at most {size}")])
    if declared is not None:
        return _decode_declared(data, path, declared), ()
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        # Windows editors' "Unicode" is UTF-16 with a byte-order mark: readable, but say so.
        try:
            return data.decode("utf-16").removeprefix(_BOM), (Diagnostic(
                path=path, line=1, column=1, severity=Severity.WARNING,
                message="file is UTF-16; read as UTF-16", expected="a file saved as UTF-8"),)
        except UnicodeDecodeError as error:
            half = _half_of_a_pair(data, error.start, path)
            if half is not None:
                raise StandingsError([half]) from None
            # not UTF-16 after all: the NUL check below reports it
    if b"\x00" in data:
        line, column = _byte_position(data, data.index(b"\x00"))
        raise StandingsError([Diagnostic(
            path=path, line=line, column=column,
            message="binary data (a NUL byte) in a TRF file",
            expected="a text file exported by a pairing program")])
    try:
        text = data.decode("utf-8")
        return text.removeprefix(_BOM), ()
    except UnicodeDecodeError as utf8_error:
        first_bad = utf8_error.start
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError as error:
        line, column = _byte_position(data, error.start)
        raise StandingsError([Diagnostic(
            path=path, line=line, column=column,
            message=f"byte 0x{data[error.start]:02X} is neither UTF-8 nor cp1252 (Windows Latin-1)",
            expected="a file saved as UTF-8")]) from None
    line, column = _byte_position(data, first_bad)
    return text, (Diagnostic(
        path=path, line=line, column=column, severity=Severity.WARNING,
        message="file is not UTF-8; read as cp1252 (Windows Latin-1)",
        expected="a file saved as UTF-8, or 'encoding: cp1252' in event.yml once the names "
                 "read right on the pages"),)


def _decode_declared(data: bytes, path: str, declared: str) -> str:
    try:
        return data.decode(declared).removeprefix(_BOM)
    except UnicodeDecodeError as error:
        line, column = _byte_position(data, error.start)
        named = next(name for name, codec in DECLARED_ENCODINGS.items() if codec == declared)
        raise StandingsError([Diagnostic(
            path=path, line=line, column=column,
            message=f"byte 0x{data[error.start]:02X} is not {named}, the encoding "
                    "event.yml gives",
            expected="the encoding the file was saved in as event.yml's 'encoding'")]) from None


def _half_of_a_pair(data: bytes, offset: int, path: str) -> Diagnostic | None:
    """The error for UTF-16 ``data`` (with its byte-order mark) that fails to decode at
    ``offset`` because the two bytes there are half of a UTF-16 pair without the other
    half (no text can hold one); None when it fails for another reason."""
    little = data.startswith(b"\xff\xfe")
    unit = data[offset:offset + 2]
    if len(unit) < 2 or not 0xD800 <= int.from_bytes(unit, "little" if little else "big") \
            <= 0xDFFF:
        return None
    before = data[2:offset].decode("utf-16-le" if little else "utf-16-be")
    before = before.replace("\r\n", "\n").replace("\r", "\n")
    line = before.count("\n") + 1
    column = len(before) - (before.rfind("\n") + 1) + 1
    return Diagnostic(path=path, line=line, column=column,
                      message=f"bytes {unit.hex(' ')!r} of this UTF-16 file are half of a "
                              "UTF-16 pair without its other half",
                      expected="a file saved as UTF-8")


def _byte_position(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column (counted in bytes) of ``offset``; CR, LF and CRLF end lines."""
    head = data[:offset].replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    line = head.count(b"\n") + 1
    column = len(head) - (head.rfind(b"\n") + 1) + 1
    return line, column


__all__ = ["MAX_TRF_BYTES", "decode_trf"]
