"""Helpers shared by the tests of ``standings serve`` (and bench/bench_serve.py).

The edit the serve tests make to the seed example, worked by hand from
tests/corpus/trf/seed-anna.trf (reference values in tests/corpus/expected/seed-anna.json):
Anna's round-1 win against Dina becomes a draw, so Anna has 4 - 1/2 = 3.5 points, Dina
2.5 + 1/2 = 3, and Boris, alone on 4, is first.
"""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import time
import weakref
from collections.abc import Callable, Mapping

from conftest import CORPUS_TRF, ROOT

ANNA = CORPUS_TRF / "seed-anna.trf"
ANNA_LINE = ("001    1      Anna                                                               "
             "4.0    1  0005 w 1  0002 b =  0003 w 1  0004 b =  0007 w 1")
DINA_LINE = ("001    5      Dina                                                               "
             "2.5    5  0001 b 0  0007 b 1  0006 w =  0008 b 1  0003 w 0")


def anna_ranked_as_computed(text: str) -> str:
    """The seed example with a rank column that agrees with the default standings.

    The file ranks Egor (6) and Zhanna (7) by starting number; they are level on points,
    BH/C1, BH, DE, SB and WIN, and Zhanna played 4 games with black to Egor's 2, so BPG
    (the last of the default tie-breaks) puts her 6th: without this, every preview of the
    seed example shows two rank-column warnings.
    """
    egor = "2.0    6  0002 w 0"
    zhanna = "2.0    7  0003 b ="
    assert egor in text and zhanna in text
    return (text.replace(egor, egor.replace("    6  ", "    7  "))
            .replace(zhanna, zhanna.replace("    7  ", "    6  ")))


def anna_draws_with_dina(text: str) -> str:
    """The seed example with Anna-Dina, round 1, a draw on both lines, points columns too."""
    return (text.replace(ANNA_LINE, ANNA_LINE.replace(" 4.0 ", " 3.5 ")
                         .replace("0005 w 1", "0005 w ="))
            .replace(DINA_LINE, DINA_LINE.replace(" 2.5 ", " 3.0 ")
                     .replace("0001 b 0", "0001 b =")))


def serve(*arguments: str, cwd: os.PathLike[str] | str = ROOT,
          env: Mapping[str, str] | None = None) -> subprocess.Popen[str]:
    """``python -m generator serve ARGUMENTS`` from the repository (or from the checkout
    ``cwd``, whose ``generator`` then runs; bench/bench_budget.py), its output piped."""
    # A shell started in the background ignores SIGINT and its children inherit that;
    # give the server the default disposition, as an interactive terminal does.
    return subprocess.Popen(
        [sys.executable, "-m", "generator", "serve", *arguments], cwd=cwd,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        env={**(os.environ if env is None else env), "PYTHONUNBUFFERED": "1"},
    )


# Bytes read from a server's log past the last line handed out, per process.
_UNREAD: weakref.WeakKeyDictionary[subprocess.Popen[str], bytes] = weakref.WeakKeyDictionary()


def wait_for_line(process: subprocess.Popen[str], pattern: re.Pattern[str],
                  timeout: float = 60) -> tuple[re.Match[str], list[str]]:
    """The first line of the server's log matching ``pattern``, and the lines up to it.

    The pipe is read with os.read, not the text stream's readline: readline takes whatever
    the pipe holds into the stream's own buffer, and select() on the pipe then waits for
    more while the line asked for sits in that buffer (the server writes "rebuilt ..." and
    "serving ..." within a millisecond, so one read often takes both).
    """
    assert process.stderr is not None
    descriptor = process.stderr.fileno()
    seen: list[str] = []
    pending = _UNREAD.pop(process, b"")
    deadline = time.monotonic() + timeout
    while True:
        while b"\n" in pending:
            raw, pending = pending.split(b"\n", 1)
            line = raw.decode("utf-8") + "\n"
            seen.append(line)
            match = pattern.search(line)
            if match:
                _UNREAD[process] = pending
                return match, seen
        if time.monotonic() >= deadline:
            break
        ready, _, _ = select.select([descriptor], [], [], 0.1)
        if ready:
            chunk = os.read(descriptor, 65536)
            if not chunk:
                break
            pending += chunk
        elif process.poll() is not None:
            break
    process.kill()
    raise AssertionError(f"no line matching {pattern.pattern!r} in {seen!r}")


def wait_until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    """Poll ``condition`` until it holds; fail after ``timeout`` seconds (a hang guard)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached in time")
        time.sleep(0.01)
