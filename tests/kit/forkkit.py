"""``python -m generator ARGS`` as a process of its own, without starting an interpreter.

A test that needs the command as a process (one it can stop when it hangs on a named pipe,
whose own output files and exit status it reads) forks the test process: the child has the
generator imported already, runs the command line as ``python -m generator`` would, writes
to files the parent reads, and never returns into pytest. A fresh interpreter would compile
and import the whole generator first (about half a second each time, the environment
writing no bytecode) for nothing these tests look at.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

COMMAND = [sys.executable, "-m", "generator"]
"""What the forked child stands for, as CompletedProcess.args and in TimeoutExpired."""


def _text_stream(descriptor: int) -> io.TextIOWrapper:
    return io.TextIOWrapper(io.FileIO(descriptor, "w", closefd=False), encoding="utf-8",
                            errors="backslashreplace", write_through=True)


def _run_and_exit(arguments: Sequence[str], cwd: Path, stdout: int, stderr: int) -> NoReturn:
    """In the child: the command line with stdin empty and stdout, stderr the given files;
    ends the process with its exit status, as the interpreter would."""
    code = 1
    try:
        os.chdir(cwd)
        empty = os.open(os.devnull, os.O_RDONLY)
        os.dup2(empty, 0)
        os.dup2(stdout, 1)
        os.dup2(stderr, 2)
        sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False), encoding="utf-8")
        sys.stdout, sys.stderr = _text_stream(1), _text_stream(2)
        from generator.cli import main

        try:
            main(list(arguments), prog_name="python -m generator")
            code = 0
        except SystemExit as exit:
            if exit.code is None or isinstance(exit.code, int):
                code = exit.code or 0
            else:  # what the interpreter does with SystemExit("message")
                print(exit.code, file=sys.stderr)
    except BaseException:  # an uncaught error: the interpreter's traceback and status 1
        traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(BaseException):
                stream.flush()
        os._exit(code)


def generator_in_a_fork(arguments: Sequence[str], *, cwd: Path,
                        timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``python -m generator ARGUMENTS`` run in ``cwd`` by a forked child, as
    ``subprocess.run(..., capture_output=True, text=True, timeout=timeout)`` reports it:
    the child is killed and TimeoutExpired raised when it has not ended after ``timeout``
    seconds (a hang, on a busy machine too)."""
    command = [*COMMAND, *arguments]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        pid = os.fork()
        if pid == 0:
            _run_and_exit(arguments, cwd, out.fileno(), err.fileno())
        deadline = time.monotonic() + timeout
        while True:
            ended, status = os.waitpid(pid, os.WNOHANG)
            if ended:
                break
            if time.monotonic() > deadline:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                raise subprocess.TimeoutExpired(command, timeout)
            time.sleep(0.005)
        out.seek(0)
        err.seek(0)
        return subprocess.CompletedProcess(command, os.waitstatus_to_exitcode(status),
                                           out.read().decode("utf-8"),
                                           err.read().decode("utf-8"))
