"""``rank``, ``check``, ``explain`` and ``build`` end their process without Python's teardown
once everything is printed (``cli.run``): what they print and their exit status are still
the command's; a failed build, and a usage error, end as usual."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main

ROOT = Path(__file__).resolve().parents[2]
EVENT = ROOT / "events" / "gros-open-2010"

_WITH_A_MARK_AT_TEARDOWN = """
import atexit, sys
atexit.register(lambda: print("torn down", file=sys.stderr))
sys.argv[0] = "standings"
from generator.cli import run
run()
"""


def process(*arguments: str) -> subprocess.CompletedProcess[bytes]:
    """``standings ARGUMENTS`` as its own process, with a mark printed if Python tears it
    down."""
    return subprocess.run([sys.executable, "-c", _WITH_A_MARK_AT_TEARDOWN, *arguments],
                          capture_output=True, cwd=ROOT, check=False)


@pytest.mark.parametrize("arguments", [
    ("rank", str(EVENT), "--format", "json"),
    ("rank", str(EVENT), "--format", "csv"),
    ("rank", str(EVENT)),
    ("explain", str(EVENT), "3"),
    ("check", str(EVENT)),
])
def test_a_command_that_prints_ends_at_once_with_all_it_printed(
        arguments: tuple[str, ...]) -> None:
    ended = process(*arguments)
    in_process = CliRunner().invoke(main, list(arguments))
    assert (ended.returncode, in_process.exit_code) == (0, 0)
    assert ended.stdout == in_process.stdout_bytes and ended.stdout
    assert ended.stderr.decode() == in_process.stderr
    assert b"torn down" not in ended.stderr


def test_a_failed_check_ends_with_its_status_and_its_count(tmp_path: Path) -> None:
    lines = (EVENT / "tournament.trf").read_text(encoding="utf-8").splitlines(keepends=True)
    first = next(k for k, line in enumerate(lines) if line.startswith("001"))
    lines[first] = lines[first][:98] + "Q" + lines[first][99:]  # round 1's result
    broken = tmp_path / "broken.trf"
    broken.write_text("".join(lines), encoding="utf-8")
    ended = process("check", str(broken))
    in_process = CliRunner().invoke(main, ["check", str(broken)])
    assert (ended.returncode, in_process.exit_code) == (1, 1)
    assert ended.stderr.decode() == in_process.stderr
    assert b"'Q'" in ended.stderr and b"standings check: 1 error" in ended.stderr
    assert b"torn down" not in ended.stderr


def test_a_build_ends_at_once_with_its_site_whole_and_its_lock_let_go(tmp_path: Path) -> None:
    events = tmp_path / "events"
    for example in ("alekhin-memorial", "gros-open-2010"):
        shutil.copytree(ROOT / "events" / example, events / example)
    ended = process("build", str(events), "--out", str(tmp_path / "site"))
    assert ended.returncode == 0, ended.stderr
    assert b"torn down" not in ended.stderr
    assert b"standings build: wrote" in ended.stdout
    # A clean build in this process writes the same files, and may take the lock at once.
    assert CliRunner().invoke(main, ["build", str(events), "--out", str(tmp_path / "again"),
                                     "--clean"]).exit_code == 0
    built = {path.relative_to(tmp_path / "site"): path.read_bytes()
             for path in sorted((tmp_path / "site").rglob("*")) if path.is_file()
             and ".standings-cache" not in path.parts}
    again = {path.relative_to(tmp_path / "again"): path.read_bytes()
             for path in sorted((tmp_path / "again").rglob("*")) if path.is_file()
             and ".standings-cache" not in path.parts}
    assert built == again and built
    unchanged = process("build", str(events), "--out", str(tmp_path / "site"))
    assert unchanged.returncode == 0 and b"up to date" in unchanged.stdout
    assert b"torn down" not in unchanged.stderr


def test_a_failed_build_ends_as_usual(tmp_path: Path) -> None:
    events = tmp_path / "events"
    shutil.copytree(ROOT / "events" / "gros-open-2010", events / "gros-open-2010")
    (events / "stray.trf").write_text("012 x\n", encoding="utf-8")
    ended = process("build", str(events), "--out", str(tmp_path / "site"))
    assert ended.returncode == 1 and b"not part of any event" in ended.stderr
    assert b"torn down" in ended.stderr


def test_a_usage_error_and_the_help_end_as_usual() -> None:
    # Nothing was printed by a command: Python ends the process as always.
    for arguments in (("rank", "--no-such-option"), ("--help",)):
        ended = process(*arguments)
        assert b"torn down" in ended.stderr


def test_a_profiled_run_ends_as_usual_so_the_profile_is_written(tmp_path: Path) -> None:
    # cProfile writes its file at the teardown (bench/bench_rank.py --profile reads it).
    stats = tmp_path / "rank.prof"
    subprocess.run([sys.executable, "-m", "cProfile", "-o", str(stats), "-m", "generator",
                    "rank", str(EVENT), "--format", "json"], capture_output=True, cwd=ROOT,
                   check=True)
    assert stats.stat().st_size > 0


_FROZEN_AT_THE_END = """
import gc, os, sys
sys.argv[0] = "standings"
real_exit = os._exit
def ended(code):
    print("frozen", gc.get_freeze_count(), file=sys.stderr, flush=True)
    real_exit(code)
os._exit = ended
from generator.cli import run
run()
"""


def test_rank_keeps_the_event_it_made_out_of_the_collector_until_the_end() -> None:
    # Freed object by object as the command returns, then what is left walked again by the
    # collector as the command's pause ends, only for the process to end: the event stays
    # alive and frozen instead (gc.freeze), which the process's end then drops at once.
    ended = subprocess.run([sys.executable, "-c", _FROZEN_AT_THE_END, "rank", str(EVENT),
                            "--format", "json"], capture_output=True, cwd=ROOT, check=True)
    frozen = int(ended.stderr.decode().rsplit("frozen ", 1)[1])
    players = (EVENT / "tournament.trf").read_text(encoding="utf-8").count("\n001 ")
    assert frozen > 10 * players  # every player's records, not a handful of objects
