"""Record the reference's values for the team codes that expected/ does not hold.

Data tooling, not part of `standings`: it contains no reference code, it only calls
`python -m gacrux.tiebreakchecker` as a subprocess, exactly as
tests/rules/test_team_more_codes.py asks it (`-i FILE -b utf-8 -t PTS/Vyyyy CODE/Vyyyy`, one
run per code and edition), and writes what it prints to expected/_more_codes.json:
file -> edition -> code -> team number -> value (text, as printed), or the reference's
message where it refused the code. The test reads that file; `pytest --live-reference` runs
the reference again instead.

Usage (from tests/corpus/teams): python tools/run_more_codes.py   (about 3 minutes on 2 cores)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
# Keep these two lists in step with tests/rules/test_team_more_codes.py (FILES, CODES).
FILES = ("tec2023-exercise-teams", "markdechamps-team-rr",
         "crete-friendship-cup-2024-fixempty-pab320", "echecsjs-grandmommys-cup",
         "chessroster-fideteam-nocolor", "tiebreakserver-fideteam-issue23")
CODES = ("DE", "BPG", "BWG", "REP", "WIN:GP", "WON:GP", "STD:GP", "BPG:GP", "BWG:GP",
         "REP:GP", "KS:GP", "FB:GP")
EDITIONS = ("2024", "2026")
OPTIONS = ("-b", "utf-8")


def run(name: str, code: str, edition: str) -> dict[str, str] | str:
    path = HERE / "trf" / f"{name}.trf"
    command = [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(path), *OPTIONS,
               "-t", f"PTS/V{edition}", f"{code}/V{edition}"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    try:
        document = json.loads(done.stdout)
    except json.JSONDecodeError:
        return f"no JSON (exit {done.returncode})"
    status = document.get("status", {})
    result = document.get("tiebreakResult", {})
    if status.get("code", 0) >= 400 or "competitors" not in result:
        return json.dumps(status).replace(str(path), path.name)
    # Decimal(str(...)) as the live test reads it: the text of the printed number.
    return {str(c["cid"]): str(Decimal(str(c["tiebreakScore"][1])))
            if c["tiebreakScore"][1] is not None else None
            for c in result["competitors"]}


def main() -> None:
    jobs = [(name, edition, code) for name in FILES for edition in EDITIONS for code in CODES]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        outputs = list(pool.map(lambda job: run(job[0], job[2], job[1]), jobs))
    table: dict[str, dict[str, dict[str, object]]] = {}
    for (name, edition, code), output in zip(jobs, outputs, strict=True):
        table.setdefault(name, {}).setdefault(edition, {})[code] = output
    document = {
        "oracle": {"package": "gacrux==1.11.65 (PyPI; OttoMilvang/TieBreakServer)",
                   "program": "python -m gacrux.tiebreakchecker",
                   "args": ["-b", "utf-8", "-t", "PTS/Vyyyy CODE/Vyyyy",
                            "(one run per code and edition)"]},
        "values": table,
    }
    out = HERE / "expected" / "_more_codes.json"
    out.write_text(json.dumps(document, indent=1, ensure_ascii=False, sort_keys=True) + "\n",
                   encoding="utf-8")
    print(f"wrote {out} ({len(jobs)} runs)")


if __name__ == "__main__":
    main()
