"""The speed budget of issue 25: every case of its table, for one or more revisions, in one run.

    python bench/bench_budget.py                            # the working tree, every case
    python bench/bench_budget.py --rev ee7661e --rev HEAD   # before and after, side by side
    python bench/bench_budget.py --case site-2000 --case rank --runs 1
    python bench/bench_budget.py --quick --rev ee7661e      # every case once, small sizes

The cases (``--case``, repeatable; all by default), each run ``--runs`` times (3), medians:

* ``site-2000``: ``standings build`` of the generated 2,000 x 11 Swiss of bench_build.py;
* ``site-9999``: the same of 9,999 players x 13 rounds;
* ``tied``: 3,000 players x 11 rounds all tied on points (every game drawn,
  ``trfgen.generate_tied_swiss``) beside a normal 3,000-player Swiss of the same rounds;
* ``teams``: the Olympiad of bench_teams.py (190 teams x 4 boards x 11 rounds): its site,
  and ``standings rank`` on it against the reference;
* ``rank``: ``standings rank`` on the 2,000 x 11 Swiss of bench_rank.py with PTS and its 25
  codes, as a process, against FIDE's reference calculator (``gacrux``) as a process;
* ``serve``: bench_serve.py's edit, from the TRF written to the standings page served, at 300
  and at 2,000 players (9 rounds), the server left to go idle between edits.

Every program runs as a process of its own, so CPU time is the user + system time of that
process and of the workers it waited for (``os.wait4``), and peak RSS the largest of them;
CPU time is the measure to compare on a shared machine, wall time is given beside it. The
events are generated once, by this checkout's tests/kit, so every revision reads the same
files; each build writes into a fresh folder (no cache to reuse).

Revisions: with no ``--rev`` (or with ``--rev .``) the working tree runs as it is, uncommitted
changes included. Each other ``--rev`` is extracted with
``git archive`` into a temporary folder (nothing is added to the repository's worktrees) and
runs on this interpreter and its installed packages, with the extracted folder first on the
path (it is the working directory of every process, and ``PYTHONPATH``): a revision needing
a package this environment lacks fails with that import error, reported in the table. Every
checkout is compiled to bytecode first and runs without ``PYTHONDONTWRITEBYTECODE``, as an
installed copy does, so no run pays for compiling the code. An editable install maps the
package ``generator.templates`` to its own checkout's templates/, so an extracted revision gets
a link ``generator/templates`` to its own; before any case, each checkout is asked where its
``generator`` and templates come from, and the bench stops if they are not its own (run the
bench with the environment of the checkout it is in).

The results are printed and appended to ``--results`` (bench/results.md) as one section: the
date, the machine's cores, its load average at start and end, the revisions and the command
line, then one table with a column per revision and each line's goal (a mark says whether the
median meets it). A case that fails for a revision (a revision older than a feature refuses
its file) shows ``failed`` with the reason under the table. Speed is reported, never asserted
(STYLE.md section 9).
"""

from __future__ import annotations

import argparse
import datetime
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "bench")]

import bench_rank  # noqa: E402  (the rank and reference command lines, the importtime parser)
import bench_serve  # noqa: E402  (the edit, the server, the polling)
import bench_teams  # noqa: E402  (the Olympiad and its command lines)
from bench_build import BIG_SETTINGS  # noqa: E402  (the big event's tie-breaks)
from kit import trfgen  # noqa: E402
from kit.servekit import serve  # noqa: E402

SEED = 2026
RESULTS = ROOT / "bench" / "results.md"
CASES = ("site-2000", "site-9999", "tied", "teams", "rank", "serve")


# --- sizes ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Sizes:
    players: int = 2000
    rounds: int = 11
    big_players: int = 9999
    big_rounds: int = 13
    tied_players: int = 3000
    tied_rounds: int = 11
    teams: int = 190
    boards: int = 4
    team_rounds: int = 11
    rank_players: int = 2000
    rank_rounds: int = 11
    serve_players: tuple[int, ...] = (300, 2000)
    serve_edits: int = 10


FULL = Sizes()
QUICK = Sizes(players=200, big_players=400, tied_players=200, teams=20, team_rounds=7,
              rank_players=200, serve_players=(30, 200), serve_edits=3)

SERVE_GOALS_MS = {300: 100.0, 2000: 300.0}


# --- revisions and processes ---------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Tree:
    """One revision's code on disk, and how a process runs it."""

    label: str
    path: Path
    subject: str
    env: dict[str, str]


class CaseFailed(Exception):
    """A revision's process failed (or printed nothing useful): no time to report."""


def _git(*arguments: str) -> str:
    return subprocess.run(["git", *arguments], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.strip()


def _environment(path: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(path), os.environ.get("PYTHONPATH"))))
    return env


_WHERE = ("import generator, importlib.resources as r; "
          "print(generator.__file__); print(r.files('generator.templates'))")


def _checked(tree: Tree) -> Tree:
    """The tree's own package and templates are what its processes import, compiled."""
    found = subprocess.run([sys.executable, "-c", _WHERE], cwd=tree.path, env=tree.env,
                           capture_output=True, text=True, check=False).stdout.split("\n")
    expected = [tree.path / "generator" / "__init__.py", tree.path / "templates"]
    if len(found) < 2 or [Path(line).resolve() for line in found[:2]] != expected:
        raise SystemExit(f"{tree.label}: this environment imports {found[:2]}, not {expected}: "
                         "run the bench with the checkout's own environment "
                         "(pip install -e . in it)")
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree.path / "generator")],
                   cwd=tree.path, env=tree.env, check=True, stdout=subprocess.DEVNULL)
    return tree


def working_tree() -> Tree:
    short = _git("rev-parse", "--short", "HEAD")
    changed = bool(_git("status", "--porcelain", "--untracked-files=no"))
    label = f"{short} + changes" if changed else f"{short} (working tree)"
    return _checked(Tree(label, ROOT, _git("log", "-1", "--format=%s"), _environment(ROOT)))


def extracted(revision: str, scratch: Path) -> Tree:
    try:
        commit = _git("rev-parse", "--verify", f"{revision}^{{commit}}")
    except subprocess.CalledProcessError as error:
        raise SystemExit(f"--rev {revision!r}: not a commit of {ROOT}") from error
    short = _git("rev-parse", "--short", commit)
    path = scratch / f"rev-{short}"
    path.mkdir()
    archive = subprocess.Popen(["git", "archive", commit], cwd=ROOT, stdout=subprocess.PIPE)
    subprocess.run(["tar", "-x", "-C", str(path)], stdin=archive.stdout, check=True)
    if archive.wait():
        raise SystemExit(f"git archive {commit} failed")
    # This environment's editable install maps the package generator.templates to its own
    # checkout's templates/ (pyproject.toml's package-dir); a link inside the extracted
    # package is found first, so the revision renders with its own templates.
    link = path / "generator" / "templates"
    if (path / "templates" / "__init__.py").is_file() and not link.exists():
        link.symlink_to(Path("..") / "templates", target_is_directory=True)
    return _checked(Tree(short, path, _git("log", "-1", "--format=%s", commit),
                          _environment(path)))


@dataclass(frozen=True, slots=True)
class Process:
    wall: float
    cpu: float
    """User + system seconds of the process and of every child it waited for."""
    rss_mb: float
    """Peak resident set of the process or of its largest child."""
    stdout: str


def last_player(start_no: int) -> tuple[str, ...]:
    """The last player of ``standings rank --format json``: on one line since fbf278c,
    indented by the revisions before it."""
    return f'"start_no":{start_no}', f'"start_no": {start_no}'


def run(command: Sequence[str], tree: Tree, timeout: float, *,
        expect: str | tuple[str, ...] = "") -> Process:
    """Run ``command`` in ``tree`` to its end; a failure, a timeout or an output holding no
    ``expect`` (or none of them) is a CaseFailed."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        process = subprocess.Popen(command, cwd=tree.path, env=tree.env, stdout=out,
                                   stderr=err)
        killer = threading.Timer(timeout, process.kill)
        killer.start()
        try:
            _pid, status, usage = os.wait4(process.pid, 0)
        finally:
            killer.cancel()
        wall = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode("utf-8", "replace")
        stderr = err.read().decode("utf-8", "replace")
    if process.returncode:
        last = (stderr.strip().splitlines() or ["(nothing on stderr)"])[-1]
        why = f"timed out after {timeout:.0f} s" if wall >= timeout else \
            f"exit {process.returncode}"
        raise CaseFailed(f"`{' '.join(command[1:5])} ...` {why}: {last[:300]}")
    if not any(text in stdout for text in ((expect,) if isinstance(expect, str) else expect)):
        raise CaseFailed(f"`{' '.join(command[1:5])} ...` printed no {expect!r}")
    return Process(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, stdout)


# --- the table -----------------------------------------------------------------------------

Values = dict[str, float]
"""One measurement (or the medians of several): measure name to value."""


@dataclass(frozen=True, slots=True)
class Goal:
    text: str
    met: Callable[[float], bool]


def at_most(bound: float, unit: str = "") -> Goal:
    return Goal(f"≤ {bound:g}{unit}", lambda value: value <= bound)


def at_least(bound: float, unit: str = "") -> Goal:
    return Goal(f"≥ {bound:g}{unit}", lambda value: value >= bound)


@dataclass(frozen=True, slots=True)
class Row:
    case: str
    measure: str
    cells: dict[str, float | str]
    """Revision label to its median, or to why the case failed for it."""
    digits: int = 2
    goal: Goal | None = None


@dataclass(slots=True)
class Context:
    trees: list[Tree]
    sizes: Sizes
    runs: int
    reference_runs: int
    skip_reference: bool
    timeout: float
    scratch: Path
    reference_tree: Tree
    built: int = 0
    """Sites built so far, each in a folder of its own (:func:`build`)."""

    @staticmethod
    def goal(goal: Goal, size: tuple[int, ...], issue_size: tuple[int, ...]) -> Goal | None:
        """The goal, at the size the issue sets it for (a small field's cost per player is
        mostly start-up: no goal to meet there)."""
        return goal if size == issue_size else None


def medians(ctx: Context, case: str, measure: Callable[[Tree, int], Values],
            ) -> dict[str, Values | str]:
    """Each revision's medians over ``ctx.runs`` runs, the revisions taking turns within a
    run (a machine that slows down part-way slows every revision alike), or why it failed."""
    samples: dict[str, list[Values]] = {tree.label: [] for tree in ctx.trees}
    failed: dict[str, str] = {}
    for number in range(1, ctx.runs + 1):
        for tree in ctx.trees:
            if tree.label in failed:
                continue
            try:
                values = measure(tree, number)
            except CaseFailed as error:
                failed[tree.label] = str(error)
                print(f"[{case}] {tree.label}: failed: {error}", flush=True)
                continue
            samples[tree.label].append(values)
            shown = ", ".join(f"{key} {value:.3g}" for key, value in values.items())
            print(f"[{case}] run {number}/{ctx.runs} {tree.label}: {shown}", flush=True)
    return {label: failed.get(label) or {key: statistics.median(s[key] for s in runs if key in s)
                                         for key in dict.fromkeys(k for s in runs for k in s)}
            for label, runs in samples.items()}


def rows(case: str, found: dict[str, Values | str],
         lines: Sequence[tuple[str, str, int, Goal | None]]) -> list[Row]:
    """One row per (key, measure wording, digits, goal) of the medians ``found``."""
    return [Row(case, wording,
                {label: values if isinstance(values, str) else values[key]
                 for label, values in found.items()}, digits, goal)
            for key, wording, digits, goal in lines]


# --- the events ----------------------------------------------------------------------------

def events_folder(ctx: Context, name: str, trf: Callable[[], str],
                  settings: str = BIG_SETTINGS) -> Path:
    """An events folder with one event ``name`` (generated once per bench run)."""
    events = ctx.scratch / "events" / name
    if not events.is_dir():
        folder = events / name
        folder.mkdir(parents=True)
        (folder / "tournament.trf").write_text(trf(), encoding="utf-8")
        (folder / "event.yml").write_text(settings, encoding="utf-8")
    return events


def build(ctx: Context, tree: Tree, events: Path, players: int) -> Values:
    """``standings build`` of ``events`` into a fresh folder: its CPU, memory and pages.

    The folder is left in the scratch folder, which goes when the bench ends, rather than
    removed before the next build: a file system without a journal (ext4 as these machines
    have it) passes over every inode freed in the last 30 seconds when it makes a file,
    reading the inode table for each, so a build started just after the last one's site was
    removed spent a fifth of its CPU in the kernel on that (2,000 x 11: 0.76 s of system
    time against 0.36 to 0.56 s in a fresh folder), the same for every revision, and none
    of it the program's."""
    ctx.built += 1
    out = ctx.scratch / "sites" / str(ctx.built)
    done = run([sys.executable, "-m", "generator", "build", str(events), "--out", str(out)],
               tree, ctx.timeout)
    pages = [page.stat().st_size for page in out.rglob("*.html")]
    if not pages:
        raise CaseFailed("the build wrote no page")
    return {"cpu": done.cpu, "wall": done.wall, "ms_per_player": done.cpu * 1000 / players,
            "rss": done.rss_mb, "html_mb": sum(pages) / 1e6,
            "kb_per_player": sum(pages) / 1e3 / players, "largest_kb": max(pages) / 1e3}


SITE_LINES: tuple[tuple[str, str, int, Goal | None], ...] = (
    ("cpu", "CPU s", 2, None),
    ("wall", "wall s", 2, None),
    ("rss", "peak RSS MB", 0, None),
    ("html_mb", "HTML MB", 1, None),
    ("kb_per_player", "HTML KB per player", 1, None),
    ("largest_kb", "largest page KB", 1, None),
)


def site_case(ctx: Context, case: str, label: str, players: int, rounds: int,
              goal: Goal | None = None) -> list[Row]:
    events = events_folder(ctx, f"swiss-{players}x{rounds}",
                           lambda: trfgen.generate_swiss(players, rounds, seed=SEED))
    found = medians(ctx, case, lambda tree, _n: build(ctx, tree, events, players))
    per_player = ("ms_per_player", "CPU ms per player", 2, goal)
    return rows(label, found, (SITE_LINES[0], per_player, *SITE_LINES[1:]))


def tied_case(ctx: Context) -> list[Row]:
    players, rounds = ctx.sizes.tied_players, ctx.sizes.tied_rounds
    normal = events_folder(ctx, f"swiss-{players}x{rounds}",
                           lambda: trfgen.generate_swiss(players, rounds, seed=SEED))
    tied = events_folder(ctx, f"tied-{players}x{rounds}",
                         lambda: trfgen.generate_tied_swiss(players, rounds, seed=SEED))

    def both(tree: Tree, _number: int) -> Values:
        usual, level = build(ctx, tree, normal, players), build(ctx, tree, tied, players)
        return {**{f"normal_{key}": value for key, value in usual.items()},
                **{f"tied_{key}": value for key, value in level.items()}}

    found = medians(ctx, "tied", both)
    for values in found.values():
        if not isinstance(values, str):
            values["cpu_ratio"] = values["tied_ms_per_player"] / values["normal_ms_per_player"]
            values["bytes_ratio"] = values["tied_kb_per_player"] / values["normal_kb_per_player"]
    goal = ctx.goal(at_most(2, "x"), (players, rounds), (FULL.tied_players, FULL.tied_rounds))
    shared = (SITE_LINES[0], ("ms_per_player", "CPU ms per player", 2, None), *SITE_LINES[1:])
    return (rows(f"site of {players:,} x {rounds}, normal", found,
                 [(f"normal_{key}", *rest) for key, *rest in shared])
            + rows(f"site of {players:,} x {rounds}, all tied", found,
                   [(f"tied_{key}", *rest) for key, *rest in shared]
                   + [("cpu_ratio", "tied / normal, CPU per player", 2, goal),
                      ("bytes_ratio", "tied / normal, HTML per player", 2, goal)]))


# --- rank against the reference ------------------------------------------------------------

def reference_seconds(ctx: Context, command: list[str], case: str) -> Values | str:
    """The reference's medians (it does not change with our revisions: run once per run)."""
    if ctx.skip_reference:
        return "skipped (--skip-reference)"
    timings = []
    for number in range(1, ctx.reference_runs + 1):
        try:
            done = run(command, ctx.reference_tree, ctx.timeout, expect='"tiebreakResult"')
        except CaseFailed as error:
            return str(error)
        timings.append(done)
        print(f"[{case}] reference run {number}/{ctx.reference_runs}: cpu {done.cpu:.3g}, "
              f"wall {done.wall:.3g}", flush=True)
    return {"cpu": statistics.median(t.cpu for t in timings),
            "wall": statistics.median(t.wall for t in timings),
            "rss": statistics.median(t.rss_mb for t in timings)}


def with_reference(found: dict[str, Values | str], reference: Values | str) -> None:
    for values in found.values():
        if isinstance(values, str):
            continue
        if isinstance(reference, str):
            values.update(reference_cpu=float("nan"), ratio_cpu=float("nan"),
                          ratio_wall=float("nan"))
            continue
        values.update(reference_cpu=reference["cpu"], ratio_cpu=reference["cpu"] / values["cpu"],
                      ratio_wall=reference["wall"] / values["wall"])


def process_values(done: Process) -> Values:
    return {"cpu": done.cpu, "wall": done.wall, "rss": done.rss_mb}


def rank_case(ctx: Context) -> list[Row]:
    players, rounds = ctx.sizes.rank_players, ctx.sizes.rank_rounds
    path = ctx.scratch / f"rank-{players}x{rounds}.trf"
    path.write_text(trfgen.generate_swiss(players, rounds, SEED), encoding="utf-8")
    command = bench_rank.rank_command(path)

    def once(tree: Tree, _number: int) -> Values:
        return process_values(run(command, tree, ctx.timeout, expect=last_player(players)))

    found = medians(ctx, "rank", once)
    for tree in ctx.trees:  # what it imports: a run of its own (importtime slows it), untimed
        values = found[tree.label]
        if not isinstance(values, str):
            values.update(imports(ctx, tree, path))
    with_reference(found, reference_seconds(ctx, bench_rank.reference_command(path), "rank"))
    label = (f"`standings rank` {players:,} x {rounds}, PTS and {len(bench_rank.OURS)} codes, "
             "as a process")
    return rows(label, found, (
        ("cpu", "CPU s", 3, None), ("wall", "wall s", 3, None), ("rss", "peak RSS MB", 0, None),
        ("modules", "modules imported", 0, None),
        ("import_s", "import s (-X importtime, own)", 3, None),
        ("reference_cpu", "the reference (gacrux), CPU s", 2, None),
        ("ratio_cpu", "reference CPU / ours", 1,
         ctx.goal(at_least(50, "x"), (players, rounds), (FULL.rank_players, FULL.rank_rounds))),
        ("ratio_wall", "reference wall / ours", 1, None)))


def imports(ctx: Context, tree: Tree, path: Path) -> Values:
    command = bench_rank.rank_command(path, "-X", "importtime")
    with tempfile.TemporaryFile() as err:
        subprocess.run(command, cwd=tree.path, env=tree.env, stdout=subprocess.DEVNULL,
                       stderr=err, timeout=ctx.timeout, check=False)
        err.seek(0)
        listed = bench_rank.import_times(err.read().decode("utf-8", "replace"))
    return {"modules": float(len(listed)), "import_s": sum(own for own, _c, _n in listed) / 1e6}


# --- teams ---------------------------------------------------------------------------------

def teams_case(ctx: Context) -> list[Row]:
    sizes = ctx.sizes
    event = bench_teams.olympiad(sizes.teams, sizes.boards, sizes.team_rounds, SEED)
    events = events_folder(ctx, f"teams-{sizes.teams}x{sizes.boards}x{sizes.team_rounds}",
                           event.to_trf, "title: Generated Olympiad\n")
    path = next(events.glob("*/tournament.trf"))
    teams = event.team_count

    def once(tree: Tree, _number: int) -> Values:
        site = build(ctx, tree, events, teams)
        ranked = run(bench_teams.rank_command(path), tree, ctx.timeout,
                     expect=last_player(teams))
        return {**{f"site_{key}": value for key, value in site.items()},
                **process_values(ranked)}

    found = medians(ctx, "teams", once)
    with_reference(found, reference_seconds(ctx, bench_teams.reference_command(path), "teams"))
    label = (f"{teams} teams x {sizes.boards} boards x {event.rounds_played} rounds "
             f"({len(event.entrants)} players)")
    return (rows(f"site of {label}", found, (
                ("site_cpu", "CPU s", 2, None), ("site_ms_per_player", "CPU ms per team", 2, None),
                ("site_wall", "wall s", 2, None), ("site_rss", "peak RSS MB", 0, None),
                ("site_html_mb", "HTML MB", 1, None)))
            + rows(f"`standings rank` {label}, {len(bench_teams.OURS)} codes", found, (
                ("cpu", "CPU s", 3, None), ("wall", "wall s", 3, None),
                ("reference_cpu", "the reference (gacrux), CPU s", 2, None),
                ("ratio_cpu", "reference CPU / ours", 1, None))))


# --- serve ---------------------------------------------------------------------------------

def serve_case(ctx: Context) -> list[Row]:
    found_rows = []
    for players in ctx.sizes.serve_players:
        def once(tree: Tree, _number: int, players: int = players) -> Values:
            def launch(events: Path) -> subprocess.Popen[str]:
                return serve(str(events), "--port", "0", cwd=tree.path, env=tree.env)

            bench_serve.SERVER_LOG.clear()
            try:
                times = bench_serve.bench_edits(players, ctx.sizes.serve_edits,
                                                settle=max(1.0, players * 0.01),
                                                launch=launch, until_idle=True)
            except (SystemExit, OSError, TimeoutError) as error:
                raise CaseFailed(f"serve: {error}") from error
            return {"median_ms": statistics.median(times) * 1000,
                    "worst_ms": max(times) * 1000}

        found = medians(ctx, f"serve-{players}", once)
        goal = SERVE_GOALS_MS.get(players)
        found_rows += rows(f"serve, edit -> page served, {players:,} players x "
                           f"{bench_serve.ROUNDS}, {ctx.sizes.serve_edits} edits a run", found, (
            ("median_ms", "median ms", 0, at_most(goal, " ms") if goal else None),
            ("worst_ms", "worst ms", 0, None)))
    return found_rows


def run_case(ctx: Context, case: str) -> list[Row]:
    sizes = ctx.sizes
    if case == "site-2000":
        return site_case(ctx, case, f"site of {sizes.players:,} x {sizes.rounds}",
                         sizes.players, sizes.rounds, ctx.goal(
                             at_most(2.5, " ms"), (sizes.players, sizes.rounds),
                             (FULL.players, FULL.rounds)))
    if case == "site-9999":
        return site_case(ctx, case, f"site of {sizes.big_players:,} x {sizes.big_rounds}",
                         sizes.big_players, sizes.big_rounds)
    if case == "tied":
        return tied_case(ctx)
    if case == "teams":
        return teams_case(ctx)
    if case == "rank":
        return rank_case(ctx)
    return serve_case(ctx)


# --- the report ----------------------------------------------------------------------------

def _cell(value: float | str, digits: int, goal: Goal | None, notes: list[str]) -> str:
    if isinstance(value, str):
        if value not in notes:
            notes.append(value)
        return f"failed ({notes.index(value) + 1})"
    if value != value:  # NaN: the reference was skipped or failed
        return "–"
    text = f"{value:,.{digits}f}"
    if goal is not None:
        text += " ✓" if goal.met(value) else " ✗"
    return text


def report(ctx: Context, table: list[Row], header: list[str]) -> str:
    labels = [tree.label for tree in ctx.trees]
    lines = [*header, "", "| case | measure | " + " | ".join(labels) + " | goal |",
             "|---|---|" + "---:|" * len(labels) + "---|"]
    notes: list[str] = []
    previous = None
    for row in table:
        cells = [_cell(row.cells[label], row.digits, row.goal, notes) for label in labels]
        case = row.case if row.case != previous else ""
        previous = row.case
        lines.append(f"| {case} | {row.measure} | " + " | ".join(cells)
                     + f" | {row.goal.text if row.goal else ''} |")
    lines += [""] + [f"({number}) {note}" for number, note in enumerate(notes, 1)]
    return "\n".join(lines).rstrip() + "\n"


RESULTS_PREAMBLE = """# Speed budget results

Written by `python bench/bench_budget.py` (see its docstring and the README's "Speed budget"):
one section per run, newest last. CPU seconds are the programs' user + system time, their
workers included; medians of the runs given in each heading.
"""


def append_section(results: Path, section: str, preamble: str) -> None:
    """Add ``section`` at the end of ``results``, which starts with ``preamble`` when new."""
    exists = results.is_file() and results.stat().st_size
    with results.open("a", encoding="utf-8") as out:
        out.write("\n" + section if exists else preamble + "\n" + section)
    print(f"appended to {results}")


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


@contextmanager
def scratch_folder(parent: Path | None = None) -> Iterator[Path]:
    """A folder for the revisions, events and sites of a run, removed at its end; in
    ``parent`` (``--scratch``) rather than the system's temporary folder where that one's
    file system has been written and emptied over and over: ext4 makes each new file near
    its folder, and there a 2,000-player site's 4,000 files cost some 0.8 s more for every
    revision alike (bench/results.md, the two sections of 2026-12-06 09:35 and 09:58)."""
    with tempfile.TemporaryDirectory(prefix="bench-budget-", dir=parent) as name:
        yield Path(name)


def parse(argv: Sequence[str] | None) -> tuple[argparse.Namespace, Sizes]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rev", action="append", default=[], metavar="REV",
                        help="a git revision to measure (repeatable; '.' or none: the working "
                        "tree as it is)")
    parser.add_argument("--case", action="append", choices=CASES, default=[],
                        help="a case to run (repeatable; default: all)")
    parser.add_argument("--runs", type=int, help="runs of each case, medians (3; --quick 1)")
    parser.add_argument("--reference-runs", type=int,
                        help="runs of the reference (as --runs; it does not change with --rev)")
    parser.add_argument("--skip-reference", action="store_true")
    parser.add_argument("--quick", action="store_true",
                        help="small sizes and one run: to see that every case works")
    parser.add_argument("--timeout", type=float, default=3600, help="seconds per process")
    parser.add_argument("--results", type=Path, default=RESULTS,
                        help="the file the section is appended to (bench/results.md)")
    parser.add_argument("--no-results", action="store_true", help="print only")
    parser.add_argument("--scratch", type=Path,
                        help="the folder the run's own folder is made in (the system's "
                        "temporary folder)")
    base = QUICK if "--quick" in (sys.argv[1:] if argv is None else argv) else FULL
    for name in ("players", "rounds", "big_players", "big_rounds", "tied_players",
                 "tied_rounds", "teams", "boards", "team_rounds", "rank_players",
                 "rank_rounds", "serve_edits"):
        parser.add_argument("--" + name.replace("_", "-"), type=int,
                            default=getattr(base, name), help=f"({getattr(base, name)})")
    parser.add_argument("--serve-players", type=int, nargs="+", default=base.serve_players,
                        help=f"({' '.join(map(str, base.serve_players))})")
    args = parser.parse_args(argv)
    if len(set(args.rev)) != len(args.rev):
        parser.error("each --rev once")
    if args.tied_players % 2:
        parser.error("--tied-players must be even (a bye would score a win)")
    args.serve_players = tuple(args.serve_players)
    sizes = Sizes(**{name: getattr(args, name) for name in Sizes.__dataclass_fields__})
    args.runs = args.runs or (1 if args.quick else 3)
    args.reference_runs = args.reference_runs or args.runs
    return args, sizes


def section_header(script: str, argv: Sequence[str] | None, started: datetime.datetime,
                   load_at_start: str, trees: Sequence[Tree], runs: object) -> list[str]:
    """The lines a results section of every bench begins with: when, the revisions, the
    machine and its load, the runs, how long it took, the command line and each revision's
    subject."""
    minutes = (datetime.datetime.now(datetime.UTC) - started).total_seconds() / 60
    return [
        f"## {started:%Y-%m-%d %H:%M} UTC: {', '.join(tree.label for tree in trees)}",
        "",
        f"{os.cpu_count()} cores; load average at start {load_at_start}, at end {_load()}; "
        f"python {sys.version.split()[0]}; runs: {runs}, medians; {minutes:.1f} minutes.",
        "",
        "    " + shlex.join(["python", f"bench/{script}",
                             *(sys.argv[1:] if argv is None else argv)]),
        "",
        *(f"- `{tree.label}`: {tree.subject}" for tree in trees),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    args, sizes = parse(argv)
    cases = [case for case in CASES if case in args.case] if args.case else list(CASES)
    started = datetime.datetime.now(datetime.UTC)
    load_at_start = _load()
    with scratch_folder(args.scratch) as scratch:
        here = working_tree()
        trees = [here if revision == "." else extracted(revision, scratch)
                 for revision in args.rev] or [here]
        ctx = Context(trees, sizes, args.runs, args.reference_runs, args.skip_reference,
                      args.timeout, scratch, here)
        print(f"{os.cpu_count()} cores, load {load_at_start}; revisions: "
              + ", ".join(tree.label for tree in trees), flush=True)
        table = [row for case in cases for row in run_case(ctx, case)]
    runs = (f"{args.runs} (reference: "
            f"{'skipped' if args.skip_reference else args.reference_runs})")
    header = section_header("bench_budget.py", argv, started, load_at_start, trees, runs)
    section = report(ctx, table, header)
    print("\n" + section)
    if not args.no_results:
        append_section(args.results, section, RESULTS_PREAMBLE)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
