"""Compare published/<event>.json with the reference's expected/<file>.json.

Prints every published value (and place, where published) that the reference does not give,
for the edition asked. Data tooling, not part of `standings`.

Usage (from tests/corpus/teams):
    python tools/compare_published.py published/crete-friendship-cup-2024.json \
        expected/crete-friendship-cup-2024-fixempty-pab320.json 2024
"""

from __future__ import annotations

import json
import sys

# Printed to one decimal in the booklet; the reference rounds to 0.01.
TOLERANCE = {"SSSC": 0.051}


def main() -> None:
    published_path, expected_path, edition = sys.argv[1:4]
    with open(published_path, encoding="utf-8") as handle:
        published = json.load(handle)
    with open(expected_path, encoding="utf-8") as handle:
        expected = json.load(handle)
    reference = {team["start_no"]: team for team in expected["players"]}
    compared = disagreements = 0
    for team in published["teams"]:
        ours = reference[team["start_no"]]
        for code, value in team["values"].items():
            if code not in ours["values"][edition]:
                continue
            compared += 1
            given = ours["values"][edition][code]
            if given is None or abs(given - value) > TOLERANCE.get(code, 1e-9):
                disagreements += 1
                print(f"{team['start_no']:3} {team['name']}: {code} published {value}, "
                      f"reference {given}")
        if "rank" in team:
            compared += 1
            if ours["rank"][edition] != team["rank"]:
                disagreements += 1
                print(f"{team['start_no']:3} {team['name']}: place published {team['rank']}, "
                      f"reference {ours['rank'][edition]}")
    print(f"{compared} published values compared, {disagreements} differ")


if __name__ == "__main__":
    main()
