"""Diagnostics: the only way a problem with the input reaches a user.

Every problem is reported as ``path:line:column: what is wrong; expected what``.
Parsers collect every problem of a file and raise one :class:`StandingsError`
at the end, so an arbiter sees all of them in one run.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True, kw_only=True)
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
        prefix = "warning: " if self.severity is Severity.WARNING else ""
        text = f"{self.location}: {prefix}{self.message}"
        if self.expected:
            text += f"; expected {self.expected}"
        return text

    def as_error(self) -> Diagnostic:
        """The same diagnostic made fatal (``--strict``)."""
        return Diagnostic(
            path=self.path,
            line=self.line,
            column=self.column,
            message=self.message,
            expected=self.expected,
            severity=Severity.ERROR,
        )


class StandingsError(Exception):
    """One or more diagnostics, at least one of them an error."""

    def __init__(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.diagnostics: tuple[Diagnostic, ...] = tuple(diagnostics)
        super().__init__("\n".join(str(d) for d in self.diagnostics))


class DiagnosticSink:
    """Collects diagnostics for one file, up to a cap, then raises once.

    The cap keeps a file of binary garbage from printing thousands of lines;
    the last diagnostic says how many were left out.
    """

    def __init__(self, path: str, cap: int = 200) -> None:
        self.path = path
        self.cap = cap
        self.diagnostics: list[Diagnostic] = []
        self._dropped = 0

    def add(self, diagnostic: Diagnostic) -> None:
        """Take a diagnostic made elsewhere (e.g. by the decoder), counting it against the cap."""
        if len(self.diagnostics) < self.cap:
            self.diagnostics.append(diagnostic)
        else:
            self._dropped += 1

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

    @property
    def has_errors(self) -> bool:
        return any(d.is_error for d in self.diagnostics) or self._dropped > 0

    def collected(self) -> tuple[Diagnostic, ...]:
        result = list(self.diagnostics)
        if self._dropped:
            result.append(Diagnostic(
                path=self.path,
                message=f"{self._dropped} more problems not shown",
            ))
        return tuple(result)

    def raise_if_errors(self) -> None:
        if self.has_errors:
            raise StandingsError(self.collected())


def did_you_mean(word: str, choices: Iterable[str], *, cutoff: float = 0.6) -> str:
    """``"; did you mean 'BH'?"`` for the choice closest to ``word``, to end an "unknown
    ..." message; "" when none reaches ``cutoff`` (difflib's similarity ratio, 0 to 1)."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=cutoff)
    return f"; did you mean {close[0]!r}?" if close else ""
