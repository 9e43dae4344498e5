"""Generate legal TRF-26 team events, for the team differential test and the team benchmark.

The same two front doors as ``trfgen`` (whose 001 layout this module reuses):

* ``generate_team_swiss(teams, boards, rounds, seed)`` / ``generate_team_round_robin(...)``:
  plain, seeded, deterministic (the benchmark and anyone reproducing a failure use these);
* ``team_swiss_events()``, ``team_round_robin_events()``: hypothesis strategies drawing the
  shape (teams, boards, rounds, how often each irregular case happens, scoring, edition date)
  and a hypothesis-controlled ``random.Random``, so that failures shrink.

What "legal" means here: a team is a ``310`` roster of its board players and 0-2 reserves;
every round each team plays one match (or has a bye) against one team; every board of a
match is written on both players' 001 lines with opposite colours (``352`` gives board 1's
colour sequence for the team with white on board 1) and complementary results; no two teams
meet twice in a Swiss; a round robin follows the circle method (every pair once per cycle);
columns 81-84 are the player's own game points (``162``); the ``310`` totals are the team's
match and game points; ``362`` gives the match points, ``192`` the primary score.

Irregular cases, each with its record:

* pairing-allocated byes (Swiss with an odd number of teams to pair): ``320`` with the bye's
  MP and GP, and every roster member written ``0000 - -`` that round (as FIDE's TEC exercise
  file writes them);
* requested byes ``240 F/H/Z`` with team numbers, the roster again ``0000 - -``;
* forfeited matches ``330 +-``/``-+``/``--``, their boards still written ``+``/``-`` against
  the real opponents (the reference refuses a 330 without its boards, spec R9);
* a board forfeited inside a played match (``+``/``-``), W/D/L games of less than one move;
* empty boards: the present player ``0000 - +``, and a ``300`` line-up of the short team with
  ``0000`` on that board;
* varying line-ups: reserves play in some rounds; when the boards are not in roster order, a
  ``300`` line-up says the order (the reference refuses such a match without one).

Constructs left out because the reference cannot read them: colour ``-`` on a forfeited
board (the reference then miscounts the match's games, see tests/corpus/teams/README.md),
``299`` records (its 299 reader crashes, spec R12), a 362 with the points one column right
(R5), a match where every board is lost by both sides (0-0; C.07 does not score it, the
reference calls it a loss for both), and odd round robins (a round-robin "bye" has no
record of its own in TRF-26).
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal

from hypothesis import strategies as st

from kit import trfgen

# Issue 11's team codes, in the order the reference is asked (FB:MP last: the reference's
# Fore Buchholz changes the MP values listed after it, tests/corpus/teams/README.md).
TEAM_CODES = ("PTS", "MPVGP", "EDE", "EDET", "EDEB", "EDEBT", "EDEBB", "BC", "TBR", "BBE",
              "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EMMSB/C1", "EGGSB/C1", "SSSC", "BH:MP",
              "BH:GP", "BH:MP/C1", "BH:GP/C1", "SB:MP", "SB:GP", "PS:MP", "PS:GP", "KS:MP",
              "WIN", "WON", "STD", "TPN", "FB:MP")
POSITIONAL = ("EDE", "EDET", "EDEB", "EDEBT", "EDEBB", "TBR", "BBE")
"""The reference prints these as a place inside the PTS tie group, not as a score."""
NOT_COMPUTED_YET: frozenset[str] = frozenset()
"""Codes our engine does not compute for teams yet (the branches writing them are open)."""
COMPUTED = tuple(code for code in TEAM_CODES if code not in NOT_COMPUTED_YET)
"""What the differential test compares and the team bench times."""

HALF = Decimal("0.5")
ONE = Decimal(1)
ZERO = Decimal(0)
EMPTY = 0
"""A board nobody played for the team (``0000`` in a 300 line-up)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchScoring:
    """Match points (record 362) and the pairing-allocated bye's MP and GP (record 320)."""

    win: Decimal = Decimal(2)
    draw: Decimal = ONE
    loss: Decimal = ZERO
    pab_is_win: bool = False
    """False: the PAB is worth a drawn match (draw MP, half the boards in GP), as in both
    published team events (tests/corpus/teams/README.md Q3); True: a won match, every board."""

    def record_362(self) -> str:
        return "362 " + "   ".join(f"{tag}{value:4.1f}" for tag, value in
                                   (("TW", self.win), ("TD", self.draw), ("TL", self.loss)))

    def pab(self, boards: int) -> tuple[Decimal, Decimal]:
        if self.pab_is_win:
            return self.win, Decimal(boards)
        return self.draw, HALF * boards


@dataclass(frozen=True, slots=True, kw_only=True)
class TeamMix:
    """How often each irregular case happens (probabilities), and which records may appear."""

    reserves: int = 1
    """Most reserves a roster has beyond its boards (each team draws 0..reserves)."""
    lineup_change: float = 0.2
    """Per team and match: a reserve plays instead of a board player."""
    reorder: float = 0.0
    """Per team and match: the boards are not in roster order (a 300 line-up says so)."""
    empty_board: float = 0.0
    """Per team and match: one board left empty (``0000 - +`` for the present player)."""
    board_forfeit: float = 0.03
    """Per board: one player does not show up (``+``/``-``)."""
    short_game: float = 0.02
    """Per board: W/D/L."""
    half_bye: float = 0.0
    """Per team and round: a requested half-point bye (240 H)."""
    full_bye: float = 0.0
    zero_bye: float = 0.0
    forfeit_match: float = 0.0
    """Per match: a whole match forfeited (330 +- or -+)."""
    double_forfeit_match: float = 0.0
    """Per match: 330 --."""
    pab: bool = False
    """Odd fields allowed in a Swiss: the team left over gets the 320 bye."""

    @property
    def byes(self) -> float:
        return self.half_bye + self.full_bye + self.zero_bye


PLAIN = TeamMix()
"""Only the records the engine read before issue 11's reader: 310, 352, 362, 162, 192."""
EVERYTHING = TeamMix(reserves=2, lineup_change=0.25, reorder=0.15, empty_board=0.05,
                     board_forfeit=0.04, short_game=0.02, half_bye=0.03, full_bye=0.01,
                     zero_bye=0.02, forfeit_match=0.04, double_forfeit_match=0.01, pab=True)


# --------------------------------------------------------------------------- the event

@dataclass(frozen=True, slots=True, kw_only=True)
class TeamEntry:
    number: int
    name: str
    members: tuple[int, ...]
    """Start numbers of the roster, in 310 order (the default board order)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Lineup:
    """A 300 record: one team's board order in one match (``EMPTY`` = no player)."""

    round: int
    team: int
    opponent: int
    players: tuple[int, ...]

    def text(self) -> str:
        return (f"300 {self.round:3d} {self.team:3d} {self.opponent:3d} "
                + " ".join(f"{p:4d}" for p in self.players))


@dataclass(frozen=True, slots=True, kw_only=True)
class TeamBye:
    kind: str
    """'F', 'H' or 'Z' (record 240)."""
    round: int
    team: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ForfeitedMatch:
    """A 330 record."""

    code: str
    """'+-', '-+' or '--': the white team's and the black team's result."""
    round: int
    white: int
    black: int


@dataclass(frozen=True, slots=True, kw_only=True)
class GeneratedTeamEvent:
    name: str
    boards: int
    teams: tuple[TeamEntry, ...]
    entrants: tuple[trfgen.Entrant, ...]
    blocks: tuple[tuple[trfgen.Block | None, ...], ...]
    """blocks[start_no - 1][round - 1]; None is a blank block (the player sat out)."""
    rounds_played: int
    rounds_announced: int
    match_scoring: MatchScoring = MatchScoring()
    game_points_primary: bool = False
    is_round_robin: bool = False
    pabs: tuple[int, ...] = ()
    """The team with the PAB in each round (0 = none); empty when the event has no 320."""
    byes: tuple[TeamBye, ...] = ()
    forfeits: tuple[ForfeitedMatch, ...] = ()
    lineups: tuple[Lineup, ...] = ()
    match_points: tuple[Decimal, ...] = ()
    """Per team (number order), as the generator scored them (written in 310)."""
    game_points: tuple[Decimal, ...] = ()
    met: frozenset[frozenset[int]] = frozenset()
    """The pairs of teams that had a match (forfeited ones included)."""
    board_totals: tuple[tuple[Decimal, ...], ...] = ()
    """Per team (number order), its game points per board as Art. 12 counts them (see
    ``_Team.boards``)."""
    start_date: datetime.date | None = None
    seed: int | None = None

    @property
    def team_count(self) -> int:
        return len(self.teams)

    def as_ended(self) -> GeneratedTeamEvent:
        """The same event as if it had been announced with the rounds played (142)."""
        return replace(self, rounds_announced=self.rounds_played)

    def player_points(self, start_no: int) -> Decimal:
        return sum((trfgen.STANDARD.points(b.code) for b in self.blocks[start_no - 1]
                    if b is not None and b.code not in "UZ"), ZERO)

    def colour_sequence(self) -> str:
        return ("WB" * self.boards)[: self.boards]

    def record_192(self) -> str:
        return "192 FIDE_TEAM_GP_MP" if self.game_points_primary else "192 FIDE_TEAM_MP_GP"

    def to_trf(self) -> str:
        system = "round robin" if self.is_round_robin else "Swiss"
        lines = [f"012 {self.name}", "022 Generated City", "032 FID"]
        if self.seed is not None:
            lines.append(f"### generated by tests/kit/teamgen.py, seed {self.seed}")
        if self.start_date is not None:
            end = self.start_date + datetime.timedelta(days=max(self.rounds_played - 1, 0))
            lines += [f"042 {self.start_date:%Y/%m/%d}", f"052 {end:%Y/%m/%d}"]
        lines += [f"062 {len(self.entrants)}", f"072 {len(self.entrants)}",
                  f"082 {self.team_count}",
                  # The 092 text is what both sides read for Swiss v round robin (the
                  # reference does not look at 192 for it, spec R2).
                  f"092 Team {system}, {self.boards} boards",
                  "102 IA Generated, Arbiter", f"142 {self.rounds_announced}",
                  self.record_192(),
                  "162  W 1.0    D 0.5    L 0.0    A 0.0",
                  f"352 {self.colour_sequence()}", self.match_scoring.record_362()]
        points = {e.start_no: self.player_points(e.start_no) for e in self.entrants}
        order = sorted(points, key=lambda s: (-points[s], s))
        rank = {start_no: place for place, start_no in enumerate(order, 1)}
        for entrant, blocks in zip(self.entrants, self.blocks, strict=True):
            lines.append(trfgen._player_line(entrant, points[entrant.start_no],
                                             rank[entrant.start_no], blocks))
        team_order = sorted(range(self.team_count), key=lambda i: (
            -self._primary(i), -self._secondary(i), i))
        team_rank = {i: place for place, i in enumerate(team_order, 1)}
        for index, team in enumerate(self.teams):
            lines.append(_team_line(team, self.match_points[index], self.game_points[index],
                                    team_rank[index]))
        if self.pabs:
            mp, gp = self.match_scoring.pab(self.boards)
            lines.append(f"320 {mp:4.1f} {gp:4.1f}" + "".join(f" {t:3d}" for t in self.pabs))
        for bye in self.byes:
            lines.append(f"240 {bye.kind} {bye.round:3d} {bye.team:4d}")
        for forfeit in self.forfeits:
            lines.append(f"330 {forfeit.code} {forfeit.round:3d} {forfeit.white:3d} "
                         f"{forfeit.black:3d}")
        lines += [lineup.text() for lineup in self.lineups]
        return "\n".join(lines) + "\n"

    def _primary(self, index: int) -> Decimal:
        return self.game_points[index] if self.game_points_primary else self.match_points[index]

    def _secondary(self, index: int) -> Decimal:
        return self.match_points[index] if self.game_points_primary else self.game_points[index]


def _team_line(team: TeamEntry, mp: Decimal, gp: Decimal, rank: int) -> str:
    # TRF-26 310: id 5-7, name 9-40, short name 42-46, strength 48-53, MP 55-60, GP 62-67,
    # rank 69-71, players from 74 every 5 columns.
    head = (f"310 {team.number:3d} {team.name[:32]:<32} {team.name[:5]:<5} {'':>6} "
            f"{mp:6.1f} {gp:6.1f} {rank:3d}  ")
    assert len(head) == 73, head
    return head + " ".join(f"{member:4d}" for member in team.members)


# --------------------------------------------------------------------------- the builder

_ANIMALS = ("Antelopes", "Bonobos", "Cougars", "Deer", "Elephants", "Falcons", "Giraffes",
            "Hippos", "Iguanas", "Jackals", "Koalas", "Lynxes", "Moose", "Narwhals", "Otters",
            "Pumas", "Quolls", "Ravens", "Sables", "Tapirs")


@dataclass(slots=True)
class _Team:
    number: int
    members: list[int]
    strength: float
    mp: Decimal = ZERO
    gp: Decimal = ZERO
    met: set[int] = field(default_factory=set)
    had_pab: bool = False
    whites: int = 0
    """Matches with white on board 1 minus those with black."""
    boards: list[Decimal] = field(default_factory=list)
    """Game points per board (board 1 first) as Art. 12 counts them: the games as written
    (forfeits included), a PAB a win on every board; requested byes add nothing (Q7)."""

    def primary(self, gp_primary: bool) -> tuple[Decimal, Decimal]:
        return (self.gp, self.mp) if gp_primary else (self.mp, self.gp)


@dataclass(slots=True)
class _Builder:
    rng: random.Random
    boards: int
    mix: TeamMix
    scoring: MatchScoring
    rounds: int
    teams: list[_Team]
    blocks: dict[int, list[trfgen.Block | None]]
    pabs: list[int] = field(default_factory=list)
    byes: list[TeamBye] = field(default_factory=list)
    forfeits: list[ForfeitedMatch] = field(default_factory=list)
    lineups: list[Lineup] = field(default_factory=list)

    def write(self, start_no: int, round_no: int, block: trfgen.Block | None) -> None:
        line = self.blocks[start_no]
        while len(line) < round_no - 1:
            line.append(None)
        line.append(block)

    def sit_out(self, team: _Team, round_no: int) -> None:
        for member in team.members:
            self.write(member, round_no, trfgen.Block(0, "-", "-"))

    def lineup(self, team: _Team) -> list[int]:
        """Who plays, board 1 first (``EMPTY`` for an empty board)."""
        players = team.members[: self.boards]
        reserves = team.members[self.boards:]
        if reserves and self.rng.random() < self.mix.lineup_change:
            out = self.rng.randrange(self.boards)
            players = [p for i, p in enumerate(players) if i != out] + [self.rng.choice(reserves)]
            players.sort(key=team.members.index)
        if self.boards > 1 and self.rng.random() < self.mix.reorder:
            self.rng.shuffle(players)
        # A team with no player at all has forfeited the match (330), not left a board empty.
        if self.boards > 1 and self.rng.random() < self.mix.empty_board:
            players[self.rng.randrange(self.boards)] = EMPTY
        return players

    def play(self, white: _Team, black: _Team, round_no: int) -> None:
        white.met.add(black.number)
        black.met.add(white.number)
        white.whites += 1
        black.whites -= 1
        roll = self.rng.random()
        if roll < self.mix.forfeit_match + self.mix.double_forfeit_match:
            code = "--" if roll < self.mix.double_forfeit_match else self.rng.choice(("+-", "-+"))
            self.forfeited(white, black, round_no, code)
            return
        sides = [self.lineup(white), self.lineup(black)]
        # A board both sides left empty is no board; a match without one board played by
        # both sides is not read by the reference (its match records come from the games).
        pairs = list(zip(*sides, strict=True))
        if any(w == b == EMPTY for w, b in pairs) or all(EMPTY in pair for pair in pairs):
            sides[1] = black.members[: self.boards]
        codes = self.board_results(white, black, sides)
        gp = [ZERO, ZERO]
        for board, (w_code, b_code) in enumerate(codes):
            w_player, b_player = sides[0][board], sides[1][board]
            w_colour = self.colour(board)
            b_colour = "b" if w_colour == "w" else "w"
            if w_player != EMPTY:
                self.write(w_player, round_no, trfgen.Block(b_player, w_colour, w_code)
                           if b_player != EMPTY else trfgen.Block(0, "-", "+"))
                gp[0] += trfgen.STANDARD.points(w_code if b_player != EMPTY else "+")
                white.boards[board] += trfgen.STANDARD.points(w_code if b_player != EMPTY
                                                              else "+")
            if b_player != EMPTY:
                self.write(b_player, round_no, trfgen.Block(w_player, b_colour, b_code)
                           if w_player != EMPTY else trfgen.Block(0, "-", "+"))
                gp[1] += trfgen.STANDARD.points(b_code if w_player != EMPTY else "+")
                black.boards[board] += trfgen.STANDARD.points(b_code if w_player != EMPTY
                                                              else "+")
        for team, opponent, players in ((white, black, sides[0]), (black, white, sides[1])):
            present = [p for p in players if p != EMPTY]
            if EMPTY in players or present != sorted(present, key=team.members.index):
                self.lineups.append(Lineup(round=round_no, team=team.number,
                                           opponent=opponent.number, players=tuple(players)))
        self.score(white, black, gp[0], gp[1])

    def board_results(self, white: _Team, black: _Team,
                      sides: Sequence[Sequence[int]]) -> list[tuple[str, str]]:
        edge = (white.strength - black.strength) / 3
        results: list[tuple[str, str]] = []
        for board in range(self.boards):
            if EMPTY in (sides[0][board], sides[1][board]):
                results.append(("+", "+"))      # only the present side's code is written
                continue
            roll = self.rng.random()
            if roll < self.mix.board_forfeit:
                results.append(self.rng.choice((("+", "-"), ("-", "+"))))
                continue
            codes = ("W", "D", "L") if roll > 1 - self.mix.short_game else ("1", "=", "0")
            outcome = self.rng.random() + (edge if self.colour(board) == "w" else -edge)
            if outcome > 0.62:
                results.append((codes[0], codes[2]))
            elif outcome > 0.33:
                results.append((codes[1], codes[1]))
            else:
                results.append((codes[2], codes[0]))
        return results

    def colour(self, board: int) -> str:
        """Board ``board`` (0-based) for the team with white on board 1 (record 352)."""
        return "w" if board % 2 == 0 else "b"

    def forfeited(self, white: _Team, black: _Team, round_no: int, code: str) -> None:
        self.forfeits.append(ForfeitedMatch(code=code, round=round_no, white=white.number,
                                            black=black.number))
        w_code, b_code = code[0], code[1]
        for board in range(self.boards):
            w_player, b_player = white.members[board], black.members[board]
            w_colour = self.colour(board)
            self.write(w_player, round_no, trfgen.Block(b_player, w_colour, w_code))
            white.boards[board] += trfgen.STANDARD.points(w_code)
            black.boards[board] += trfgen.STANDARD.points(b_code)
            self.write(b_player, round_no,
                       trfgen.Block(w_player, "b" if w_colour == "w" else "w", b_code))
        boards = Decimal(self.boards)
        self.score(white, black, boards if w_code == "+" else ZERO,
                   boards if b_code == "+" else ZERO, forfeited=True)

    def score(self, white: _Team, black: _Team, w_gp: Decimal, b_gp: Decimal, *,
              forfeited: bool = False) -> None:
        white.gp += w_gp
        black.gp += b_gp
        if forfeited and w_gp == b_gp:
            return                              # a double forfeit: nothing for either
        if w_gp == b_gp:
            white.mp += self.scoring.draw
            black.mp += self.scoring.draw
        elif w_gp > b_gp:
            white.mp += self.scoring.win
            black.mp += self.scoring.loss
        else:
            white.mp += self.scoring.loss
            black.mp += self.scoring.win

    def choose_byes(self, field_: Sequence[_Team], round_no: int) -> list[TeamBye]:
        """This round's 240 byes (not applied yet): at most all but two teams, and never
        leaving an odd field to pair when the event may have no PAB."""
        byes: list[TeamBye] = []
        if not self.mix.byes:
            return byes
        for team in field_:
            roll = self.rng.random()
            kind = ("H" if roll < self.mix.half_bye else
                    "F" if roll < self.mix.half_bye + self.mix.full_bye else
                    "Z" if roll < self.mix.byes else "")
            if kind and len(field_) - len(byes) > 2:
                byes.append(TeamBye(kind=kind, round=round_no, team=team.number))
        if (len(field_) - len(byes)) % 2 and not self.mix.pab and byes:
            byes.pop()
        return byes

    def take_bye(self, bye: TeamBye) -> None:
        team = self.teams[bye.team - 1]
        self.byes.append(bye)
        self.sit_out(team, bye.round)
        if bye.kind == "F":
            team.mp += self.scoring.win
            team.gp += Decimal(self.boards)
        elif bye.kind == "H":
            team.mp += self.scoring.draw
            team.gp += HALF * self.boards

    def give_pab(self, team: _Team, round_no: int) -> None:
        self.pabs[round_no - 1] = team.number
        team.had_pab = True
        self.sit_out(team, round_no)
        team.boards = [total + 1 for total in team.boards]
        mp, gp = self.scoring.pab(self.boards)
        team.mp += mp
        team.gp += gp


def _teams_and_entrants(rng: random.Random, count: int, boards: int, reserves: int,
                        ) -> tuple[list[_Team], tuple[TeamEntry, ...], tuple[trfgen.Entrant, ...]]:
    strengths = sorted((rng.random() for _ in range(count)), reverse=True)
    teams, entries, entrants = [], [], []
    start_no = 1
    for index in range(count):
        size = boards + rng.randint(0, reserves)
        members = list(range(start_no, start_no + size))
        start_no += size
        name = f"{_ANIMALS[index % len(_ANIMALS)]} {index // len(_ANIMALS) + 1}"
        teams.append(_Team(index + 1, members, strengths[index], boards=[ZERO] * boards))
        entries.append(TeamEntry(number=index + 1, name=name, members=tuple(members)))
        base = 2000 + int(600 * strengths[index])
        for board, member in enumerate(members):
            entrants.append(trfgen.Entrant(
                start_no=member, name=f"{name.split()[0][:10]}, Board{board + 1}",
                rating=base - 10 * board, fide_id=100_000 + member))
    return teams, tuple(entries), tuple(entrants)


def _finish(builder: _Builder, name: str, entries: tuple[TeamEntry, ...],
            entrants: tuple[trfgen.Entrant, ...], rounds_played: int, rounds_announced: int,
            *, gp_primary: bool, round_robin: bool, start_date: datetime.date | None,
            seed: int | None) -> GeneratedTeamEvent:
    blocks = []
    for entrant in entrants:
        line = builder.blocks[entrant.start_no]
        line += [None] * (rounds_played - len(line))
        blocks.append(tuple(line))
    return GeneratedTeamEvent(
        name=name, boards=builder.boards, teams=entries, entrants=entrants,
        blocks=tuple(blocks), rounds_played=rounds_played, rounds_announced=rounds_announced,
        match_scoring=builder.scoring, game_points_primary=gp_primary,
        is_round_robin=round_robin,
        pabs=tuple(builder.pabs[:rounds_played]) if any(builder.pabs) else (),
        byes=tuple(builder.byes), forfeits=tuple(builder.forfeits),
        lineups=tuple(builder.lineups),
        match_points=tuple(t.mp for t in builder.teams),
        game_points=tuple(t.gp for t in builder.teams),
        board_totals=tuple(tuple(t.boards) for t in builder.teams),
        met=frozenset(frozenset((t.number, o)) for t in builder.teams for o in t.met),
        start_date=start_date, seed=seed)


def build_team_swiss(rng: random.Random, teams: int, boards: int, rounds: int, *,
                     mix: TeamMix = PLAIN, scoring: MatchScoring = MatchScoring(),
                     gp_primary: bool = False, start_date: datetime.date | None = None,
                     seed: int | None = None) -> GeneratedTeamEvent:
    """A team Swiss (fewer rounds if no round can be paired without a rematch)."""
    if teams % 2 and not mix.pab:
        teams += 1                              # no PAB record allowed: an even field
    field_, entries, entrants = _teams_and_entrants(rng, teams, boards, mix.reserves)
    builder = _Builder(rng, boards, mix, scoring, rounds, field_,
                       {e.start_no: [] for e in entrants}, pabs=[0] * rounds)
    played = 0
    for round_no in range(1, rounds + 1):
        byes = builder.choose_byes(field_, round_no)
        resting = {bye.team for bye in byes}
        order = sorted((t for t in field_ if t.number not in resting),
                       key=lambda t: (tuple(-x for x in t.primary(gp_primary)), t.number))
        pab = None
        if len(order) % 2:
            pab = next((t for t in reversed(order) if not t.had_pab), order[-1])
            order.remove(pab)
        pairs = _pair_without_rematches(order)
        if pairs is None:
            break                               # every pairing repeats a match: the end
        for bye in byes:
            builder.take_bye(bye)
        if pab is not None:
            builder.give_pab(pab, round_no)
        for first, second in pairs:
            white, black = ((first, second) if first.whites <= second.whites
                            else (second, first))
            builder.play(white, black, round_no)
        played = round_no
    return _finish(builder, f"Generated team Swiss {teams}x{boards}", entries, entrants,
                   played, played, gp_primary=gp_primary, round_robin=False,
                   start_date=start_date, seed=seed)


def _pair_without_rematches(order: list[_Team]) -> list[tuple[_Team, _Team]] | None:
    """Top-down pairing, each team with the highest-placed one it has not met (backtracking)."""
    budget = [20_000]

    def pair(rest: list[_Team]) -> list[tuple[_Team, _Team]] | None:
        if not rest:
            return []
        budget[0] -= 1
        if budget[0] < 0:
            return None
        head = rest[0]
        for index in range(1, len(rest)):
            other = rest[index]
            if other.number in head.met:
                continue
            tail = pair(rest[1:index] + rest[index + 1:])
            if tail is not None:
                return [(head, other), *tail]
        return None

    return pair(order)


def circle_round(teams: int, round_no: int) -> list[tuple[int, int]]:
    """Round ``round_no`` (1-based) of a single round robin of an even number of teams:
    (white, black) team numbers, by the circle method."""
    fixed, rotating = teams, list(range(1, teams))
    shift = (round_no - 1) % (teams - 1)
    ring = rotating[shift:] + rotating[:shift]
    pairs = [(ring[0], fixed) if round_no % 2 else (fixed, ring[0])]
    for index in range(1, teams // 2):
        pairs.append((ring[index], ring[-index]))
    return pairs


def build_team_round_robin(rng: random.Random, teams: int, boards: int, *,
                           rounds_played: int | None = None, double: bool = False,
                           mix: TeamMix = PLAIN, scoring: MatchScoring = MatchScoring(),
                           gp_primary: bool = False, start_date: datetime.date | None = None,
                           seed: int | None = None) -> GeneratedTeamEvent:
    """A team round robin (an even field); ``rounds_played`` below the full number: the
    event part-way, 142 still announcing every round."""
    teams += teams % 2
    field_, entries, entrants = _teams_and_entrants(rng, teams, boards, mix.reserves)
    # No requested byes or PAB in a round robin: every team plays every round.
    mix = TeamMix(reserves=mix.reserves, lineup_change=mix.lineup_change, reorder=mix.reorder,
                  empty_board=mix.empty_board, board_forfeit=mix.board_forfeit,
                  short_game=mix.short_game, forfeit_match=mix.forfeit_match,
                  double_forfeit_match=mix.double_forfeit_match)
    announced = (teams - 1) * (2 if double else 1)
    played = announced if rounds_played is None else min(rounds_played, announced)
    builder = _Builder(rng, boards, mix, scoring, announced, field_,
                       {e.start_no: [] for e in entrants})
    for round_no in range(1, played + 1):
        cycle_round = (round_no - 1) % (teams - 1) + 1
        second_cycle = round_no > teams - 1
        for white, black in circle_round(teams, cycle_round):
            if second_cycle:
                white, black = black, white
            builder.play(field_[white - 1], field_[black - 1], round_no)
    return _finish(builder, f"Generated team round robin {teams}x{boards}", entries, entrants,
                   played, announced, gp_primary=gp_primary, round_robin=True,
                   start_date=start_date, seed=seed)


def generate_team_swiss(teams: int, boards: int, rounds: int, seed: int, *,
                        mix: TeamMix = EVERYTHING, **options: object) -> GeneratedTeamEvent:
    return build_team_swiss(random.Random(seed), teams, boards, rounds, mix=mix, seed=seed,
                            **options)  # type: ignore[arg-type]


def generate_team_round_robin(teams: int, boards: int, seed: int, *,
                              mix: TeamMix = EVERYTHING, **options: object,
                              ) -> GeneratedTeamEvent:
    return build_team_round_robin(random.Random(seed), teams, boards, mix=mix, seed=seed,
                                  **options)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- strategies

_DATES = (None, datetime.date(2025, 9, 1), trfgen.EDITION_2026_STARTS)


@st.composite
def team_mixes(draw: st.DrawFn, *, allowed: TeamMix) -> TeamMix:
    """A mix no richer than ``allowed``: each case off, or at up to its allowed rate."""

    def rate(limit: float) -> float:
        return draw(st.sampled_from((0.0, limit / 2, limit))) if limit else 0.0

    return TeamMix(reserves=draw(st.integers(0, allowed.reserves)),
                   lineup_change=rate(allowed.lineup_change), reorder=rate(allowed.reorder),
                   empty_board=rate(allowed.empty_board),
                   board_forfeit=rate(allowed.board_forfeit),
                   short_game=rate(allowed.short_game), half_bye=rate(allowed.half_bye),
                   full_bye=rate(allowed.full_bye), zero_bye=rate(allowed.zero_bye),
                   forfeit_match=rate(allowed.forfeit_match),
                   double_forfeit_match=rate(allowed.double_forfeit_match),
                   pab=allowed.pab and draw(st.booleans()))


_SCORINGS = (MatchScoring(), MatchScoring(pab_is_win=True),
             MatchScoring(win=Decimal(3), draw=ONE))


@st.composite
def team_swiss_events(draw: st.DrawFn, *, allowed: TeamMix = EVERYTHING,
                      gp_primary: bool = True, max_teams: int = 14) -> GeneratedTeamEvent:
    """``gp_primary``: whether game points may be the primary score (192 ``_GP_MP``)."""
    mix = draw(team_mixes(allowed=allowed))
    teams = draw(st.integers(4, max_teams))
    rounds = draw(st.integers(1, min(9, teams - 1 if teams % 2 == 0 else teams)))
    seed = draw(st.integers(0, 2**32 - 1))
    return build_team_swiss(random.Random(seed), teams, draw(st.integers(1, 6)), rounds,
                            mix=mix, scoring=draw(st.sampled_from(_SCORINGS)),
                            gp_primary=gp_primary and draw(st.booleans()),
                            start_date=draw(st.sampled_from(_DATES)), seed=seed)


@st.composite
def team_round_robin_events(draw: st.DrawFn, *, allowed: TeamMix = EVERYTHING,
                            gp_primary: bool = True, max_teams: int = 10,
                            ) -> GeneratedTeamEvent:
    mix = draw(team_mixes(allowed=allowed))
    teams = draw(st.integers(2, max_teams // 2)) * 2
    double = teams <= 4 and draw(st.booleans())
    full = (teams - 1) * (2 if double else 1)
    played = draw(st.sampled_from((full, draw(st.integers(1, full)))))
    seed = draw(st.integers(0, 2**32 - 1))
    return build_team_round_robin(random.Random(seed), teams, draw(st.integers(1, 6)),
                                  rounds_played=min(played, 9), double=double, mix=mix,
                                  scoring=draw(st.sampled_from(_SCORINGS)),
                                  gp_primary=gp_primary and draw(st.booleans()),
                                  start_date=draw(st.sampled_from(_DATES)), seed=seed)
