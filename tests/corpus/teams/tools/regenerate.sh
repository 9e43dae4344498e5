#!/bin/sh
# Rebuild expected/ from trf/ with the reference (gacrux 1.11.65 in the project's venv).
# Run from tests/corpus/teams. expected/tec2023-exercise-teams.json is copied from the
# shared corpus, not rebuilt here (same runner, same shape). About 8 minutes on 2 cores.
set -e
PY=${PY:-../../../.venv/bin/python}
files=$(ls trf/*.trf | grep -v tec2023-exercise-teams)
utf8="crete-friendship-cup-2024 crete-friendship-cup-2024-heltour crete-friendship-cup-2024-fixempty
crete-friendship-cup-2024-fixempty-pab320 crete-poa-2025 crete-poa-2025-fixempty
bbp-team-utf8-names bbp-team-utf8-names-fix362"
set --
for stem in $utf8; do set -- "$@" --extra "$stem=-b utf-8"; done
# bbpPairings' files and MarkDechamps' Olympiad file are pairing inputs: 142 announces more
# rounds than were played, so the standings are those after the rounds played (-n), as a
# site would show them mid-event.
for f in trf/bbp-team-*.trf trf/markdechamps-olympiad-six-teams.trf; do
    stem=$(basename "$f" .trf)
    played=$(grep '^001' "$f" | cut -c92- | awk '{ n = int((length($0) + 2) / 10); if (n > m) m = n } END { print m + 0 }')
    set -- "$@" --always "$stem=-n $played"
done
rm -f expected/_failures.json
"$PY" tools/run_team_oracle.py expected $files "$@"
