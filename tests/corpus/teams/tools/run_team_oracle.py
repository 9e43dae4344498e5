"""Run the reference (gacrux 1.11.65) on team TRF files and write expected-value JSON.

Data tooling, not part of `standings`: it contains no reference code, it only calls
`python -m gacrux.tiebreakchecker` as a subprocess and records what it prints. The shape is
that of `expected/tec2023-exercise-teams.json` (see ../README.md).

Each code is computed in its own run `-t PTS/Vyyyy CODE/Vyyyy`, because in one run with
many codes the reference's FB changes the MP tie-breaks computed after it. `rank` comes
from one run with the list `PTS MPVGP BH:MP EGGSB`. A code the reference refuses is kept
with its message under `rejected_codes`; a file it refuses goes to `_failures.json` with
the message of every attempt.

Usage (from tests/corpus/teams):
    python tools/run_team_oracle.py expected trf/NAME.trf ... [--extra NAME='-b utf-8']
        [--always NAME='-n 1']
A file is first run with its --always arguments alone, then, if the reference refuses it,
once more with its --extra arguments added; both messages are kept.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal

TEAM_CODES = [
    "PTS", "MPVGP", "EDE", "EDET", "EDEB", "EDEBT", "EDEBB", "BC", "TBR", "BBE",
    "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EMMSB/C1", "EGGSB/C1", "SSSC",
    "BH:MP", "BH:GP", "BH:MP/C1", "BH:GP/C1", "FB:MP", "SB:MP", "SB:GP",
    "PS:MP", "PS:GP", "KS:MP", "WIN", "WON", "STD", "TPN",
]
# The reference prints these as a place inside the PTS tie group, not as a score.
POSITIONAL = ["EDE", "EDET", "EDEB", "EDEBT", "EDEBB", "TBR", "BBE"]
RANK_LIST = ["PTS", "MPVGP", "BH:MP", "EGGSB"]
EDITIONS = {"2024": "/V2024", "2026": "/V2026"}
RULES_TO_EDITION = {"2024-08-01": "2024", "2026-03-01": "2026", "2022-01-01": "2022"}


def team_names(path: str) -> dict[int, str]:
    """Team number -> name: 310 when present, else the 013 lines in file order."""
    with open(path, encoding="utf-8", errors="replace") as handle:
        lines = handle.read().replace("\r\n", "\n").replace("\r", "\n").split("\n")
    names = {}
    for line in lines:
        if line.startswith("310"):
            with contextlib.suppress(ValueError):
                names[int(line[4:7])] = line[8:40].strip()
    if names:
        return names
    position = 0
    for line in lines:
        if line.startswith("013"):
            position += 1
            names[position] = line[4:36].strip()
    return names


def number(value: object) -> object:
    if value is None or isinstance(value, int | float):
        return value
    text = str(value)
    exact = Decimal(text)
    if exact == exact.to_integral_value() and "." not in text:
        return int(exact)
    return float(exact)


def run(trf: str, codes: list[str], extra: list[str]) -> tuple[dict | None, str | None]:
    cmd = [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", os.path.abspath(trf),
           *extra, "-t", *codes]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600, check=False)
    try:
        out = json.loads(proc.stdout)
    except json.JSONDecodeError:
        tail = (proc.stdout[-1500:] + proc.stderr[-1500:]).strip().splitlines()
        return None, tail[-1] if tail else f"exit {proc.returncode}, no output"
    # The message names the file by its absolute path; keep the expected files portable.
    out = json.loads(proc.stdout.replace(json.dumps(os.path.abspath(trf))[1:-1],
                                         os.path.basename(trf)))
    status = out.get("status", {})
    result = out.get("tiebreakResult", {})
    if status.get("code", 0) >= 400 or "competitors" not in result:
        return None, json.dumps(status, ensure_ascii=False)
    return out, None


def evaluate(trf: str, extra: list[str]) -> tuple[dict | None, str | None]:
    probe, err = run(trf, ["PTS"], extra)
    if probe is None:
        return None, err
    jobs = [(ed, code) for ed in EDITIONS for code in TEAM_CODES]
    with ThreadPoolExecutor(max_workers=2) as pool:
        outs = list(pool.map(
            lambda job: run(trf, ["PTS" + EDITIONS[job[0]], job[1] + EDITIONS[job[0]]], extra),
            jobs))
        ranks = list(pool.map(
            lambda ed: run(trf, [code + EDITIONS[ed] for code in RANK_LIST], extra), EDITIONS))
    names = team_names(trf)
    teams: dict[int, dict] = {}
    rejected: dict[str, dict[str, str]] = {}
    rounds = None
    for (ed, code), (out, err) in zip(jobs, outs, strict=True):
        if out is None:
            rejected.setdefault(code, {})[ed] = err or ""
            continue
        rounds = out["tiebreakResult"]["round"]
        for comp in out["tiebreakResult"]["competitors"]:
            team = teams.setdefault(comp["cid"], {
                "start_no": comp["cid"], "name": names.get(comp["cid"], ""),
                "rank": {}, "values": {}, "positional_rank": {}})
            team["values"].setdefault(ed, {})[code] = number(comp["tiebreakScore"][-1])
            if code in POSITIONAL:
                team["positional_rank"].setdefault(ed, {})[code] = comp["rank"]
    for ed, (out, err) in zip(EDITIONS, ranks, strict=True):
        if out is None:
            rejected.setdefault(" ".join(RANK_LIST), {})[ed] = err or ""
            continue
        for comp in out["tiebreakResult"]["competitors"]:
            teams[comp["cid"]]["rank"][ed] = comp["rank"]
    name = os.path.splitext(os.path.basename(trf))[0]
    doc = {
        "file": f"{name}.trf",
        "oracle": {
            "package": "gacrux==1.11.65 (PyPI; OttoMilvang/TieBreakServer)",
            "program": "python -m gacrux.tiebreakchecker",
            "args": [*extra, "-t", "PTS/Vyyyy CODE/Vyyyy", "(one run per code and edition)"],
        },
        "default_edition": RULES_TO_EDITION.get(probe["tiebreakResult"]["rules"],
                                                probe["tiebreakResult"]["rules"]),
        "rounds": rounds,
        "tiebreaks": [code for code in TEAM_CODES if code not in rejected],
        "positional": {"codes": [c for c in POSITIONAL if c not in rejected],
                       "encoding": "as in tec2023-exercise-teams.json"},
        "rank_tiebreaks": RANK_LIST,
        "rejected_codes": rejected,
        "players": [teams[k] for k in sorted(teams)],
    }
    return doc, None


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out_dir")
    parser.add_argument("files", nargs="+")
    parser.add_argument("--extra", action="append", default=[],
                        help="NAME=ARGS: extra reference arguments for one file, e.g. "
                             "crete-poa-2025='-b utf-8'")
    parser.add_argument("--always", action="append", default=[],
                        help="NAME=ARGS: reference arguments used on every run for one file, "
                             "e.g. bbp-team-pab-gamepoints-fix362='-n 1'")
    args = parser.parse_args()

    def per_file(items: list[str]) -> dict[str, list[str]]:
        table = {}
        for item in items:
            stem, _, rest = item.partition("=")
            table[stem] = rest.strip("'\"").split()
        return table

    extras, always = per_file(args.extra), per_file(args.always)
    os.makedirs(args.out_dir, exist_ok=True)
    failures_path = os.path.join(args.out_dir, "_failures.json")
    failures = {}
    if os.path.exists(failures_path):
        with open(failures_path, encoding="utf-8") as handle:
            failures = json.load(handle)
    for trf in args.files:
        stem = os.path.splitext(os.path.basename(trf))[0]
        base = always.get(stem, [])
        tries = [base, *([base + extras[stem]] if stem in extras else [])]
        attempts = []
        for extra in tries:
            doc, err = evaluate(trf, extra)
            if doc is not None:
                break
            attempts.append({"args": extra, "message": err})
        if doc is None:
            failures[stem] = attempts
            print(f"FAIL {stem}: {attempts[-1]['message'][:200]}", file=sys.stderr)
            continue
        failures.pop(stem, None)
        if attempts:
            doc["refused_without"] = attempts
        with open(os.path.join(args.out_dir, f"{stem}.json"), "w", encoding="utf-8") as handle:
            json.dump(doc, handle, indent=1, ensure_ascii=False)
            handle.write("\n")
        print(f"ok   {stem}: {len(doc['players'])} teams, edition {doc['default_edition']}, "
              f"rejected codes {sorted(doc['rejected_codes'])}")
    with open(failures_path, "w", encoding="utf-8") as handle:
        json.dump(failures, handle, indent=1, ensure_ascii=False)
        handle.write("\n")


if __name__ == "__main__":
    main()
