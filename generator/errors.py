"""Diagnostics: the only way a problem with the input reaches a user.

Every problem is reported as ``path:line:column: what is wrong; expected what``.
Parsers collect every problem of a file and raise one :class:`StandingsError`
at the end, so an arbiter sees all of them in one run.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from generator.speed import frozen_record


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"
    """Not a problem itself: how many problems the cap left out (neither fatal nor a warning,
    even under ``--strict``)."""
    REMARK = "remark"
    """Not a problem: something worth knowing about a file that is right as it is (its ranks
    follow another tie-break order, it does not announce its number of rounds). Printed as
    ``note:``; ``--strict`` lets it pass."""


@frozen_record
class Diagnostic:
    path: str
    """The file as the user named it (relative to where they ran the command)."""
    line: int | None = None
    """1-based line; None when the problem concerns the whole file."""
    column: int | None = None
    """1-based character column within the line."""
    message: str
    """What is wrong, starting in lower case, quoting the offending text with !r."""
    expected: str | None = None
    """What would have been accepted, when that can be said."""
    severity: Severity = Severity.ERROR
    omitted: int = 0
    """For a note: how many warnings it stands for (so a summary can count them all)."""

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    @property
    def location(self) -> str:
        parts = [self.path]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)

    def __str__(self) -> str:
        prefix = _PREFIXES.get(self.severity, "")
        text = f"{self.location}: {prefix}{self.message}"
        if self.expected:
            text += f"; expected {self.expected}"
        return text

    @property
    def is_refused_by_strict(self) -> bool:
        """An error, or a warning (which ``--strict`` makes one); never a note or a remark."""
        return self.severity in (Severity.ERROR, Severity.WARNING)

    def as_error(self) -> Diagnostic:
        """The same diagnostic made fatal (``--strict``); a note or a remark stays as it is."""
        if not self.is_refused_by_strict:
            return self
        return Diagnostic(
            path=self.path,
            line=self.line,
            column=self.column,
            message=self.message,
            expected=self.expected,
            severity=Severity.ERROR,
        )


_PREFIXES = {Severity.WARNING: "warning: ", Severity.REMARK: "note: "}


def refused_by_strict(diagnostics: Iterable[Diagnostic]) -> bool:
    """Whether ``--strict`` refuses a file with these diagnostics (any error or warning)."""
    return any(d.is_refused_by_strict for d in diagnostics)


class StandingsError(Exception):
    """One or more diagnostics, at least one of them an error."""

    def __init__(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.diagnostics: tuple[Diagnostic, ...] = tuple(diagnostics)
        super().__init__("\n".join(str(d) for d in self.diagnostics))


class DiagnosticSink:
    """Collects diagnostics for one file, up to a cap, then raises once.

    The cap keeps a file of binary garbage from printing thousands of lines; a note at
    the end says how many were left out. Errors, warnings and notes are capped apart, so a
    file's first errors are shown however many warnings come before them, and warnings
    left out never make the file fail.
    """

    def __init__(self, path: str, cap: int = 200) -> None:
        self.path = path
        self.cap = cap
        self.diagnostics: list[Diagnostic] = []
        self._kept = {Severity.ERROR: 0, Severity.WARNING: 0, Severity.REMARK: 0}
        self._dropped = {Severity.ERROR: 0, Severity.WARNING: 0, Severity.REMARK: 0}

    def add(self, diagnostic: Diagnostic) -> None:
        """Take a diagnostic made elsewhere (e.g. by the decoder), counting it against the cap."""
        severity = diagnostic.severity
        if severity is Severity.NOTE:
            # Another sink's count of what it left out: still left out here.
            self._dropped[Severity.WARNING] += diagnostic.omitted
        elif self._kept[severity] < self.cap:
            self._kept[severity] += 1
            self.diagnostics.append(diagnostic)
        else:
            self._dropped[severity] += 1

    def error(
        self, message: str, *, line: int | None = None, column: int | None = None,
        expected: str | None = None,
    ) -> None:
        self.add(Diagnostic(path=self.path, line=line, column=column, message=message,
                            expected=expected))

    def warning(
        self, message: str, *, line: int | None = None, column: int | None = None,
        expected: str | None = None,
    ) -> None:
        self.add(Diagnostic(path=self.path, line=line, column=column, message=message,
                            expected=expected, severity=Severity.WARNING))

    def remark(
        self, message: str, *, line: int | None = None, column: int | None = None,
        expected: str | None = None,
    ) -> None:
        self.add(Diagnostic(path=self.path, line=line, column=column, message=message,
                            expected=expected, severity=Severity.REMARK))

    @property
    def has_errors(self) -> bool:
        return self._kept[Severity.ERROR] > 0

    def collected(self) -> tuple[Diagnostic, ...]:
        result = list(self.diagnostics)
        errors, warnings = self._dropped[Severity.ERROR], self._dropped[Severity.WARNING]
        if errors or warnings:
            message = (f"{warnings} more warnings not shown" if not errors else
                       f"{errors + warnings} more problems not shown ({errors} errors, "
                       f"{warnings} warnings)" if warnings else
                       f"{errors} more errors not shown")
            result.append(Diagnostic(path=self.path, message=message, severity=Severity.NOTE,
                                     omitted=warnings))
        if self._dropped[Severity.REMARK]:  # capped apart: no problem, so no count of them
            result.append(Diagnostic(path=self.path, severity=Severity.NOTE,
                                     message=f"{self._dropped[Severity.REMARK]} more notes not "
                                             "shown"))
        return tuple(result)

    def raise_if_errors(self) -> None:
        if self.has_errors:
            raise StandingsError(self.collected())


def warning_count(diagnostics: Iterable[Diagnostic]) -> int:
    """How many warnings ``diagnostics`` hold, those a cap's note left out included."""
    return sum(d.omitted if d.severity is Severity.NOTE else d.severity is Severity.WARNING
               for d in diagnostics)


def quote(text: str, width: int = 40) -> str:
    """``text`` as a message quotes it (``!r``); a long one by its head and its length, so
    that a 5,000-digit number or a 10 MB line does not become a 10 MB message."""
    if len(text) <= width:
        return repr(text)
    return f"{text[:width // 2] + '...'!r} ({len(text)} characters)"


def did_you_mean(word: str, choices: Iterable[str], *, cutoff: float = 0.6) -> str:
    """``"; did you mean 'BH'?"`` for the choice closest to ``word``, to end an "unknown
    ..." message; "" when none reaches ``cutoff`` (difflib's similarity ratio, 0 to 1)."""
    import difflib  # a mistake's suggestion alone needs it: every command starts without it

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=cutoff)
    return f"; did you mean {close[0]!r}?" if close else ""
