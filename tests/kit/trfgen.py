"""Generate legal FIDE TRF-16 tournaments, for the differential test and the benchmark.

Two front doors share one generator:

* ``generate_swiss(players, rounds, seed)`` / ``generate_round_robin(...)``: plain, seeded,
  deterministic functions (the benchmark and anyone reproducing a failure use these);
* ``swiss_tournaments()``, ``round_robin_tournaments()``, ``tournaments()``: hypothesis
  strategies. They draw the shape (size, rounds, how often each irregular case happens,
  scoring, date) and a hypothesis-controlled ``random.Random``, so failures shrink.

What "legal" means here: every game is written on both players' lines with the opponent's
number, opposite colours and complementary results (or a score an arbiter may give:
``0``/``0``, ``=``/``0``); no two players meet twice in a Swiss;
at most one pairing-allocated bye (``U``) per round, only when the players to pair are odd;
a round robin follows the Berger tables (C.05 Annex 1) for its size; and the points column
(81-84) is the sum of the round results in the event's scoring, which is declared in a
TRF-26 ``162`` record (what the reference calculator reads) and a JaVaFo ``XXS`` record
when it is not 1-½-0.

Covered irregular cases: requested byes ``H``, ``F`` and ``Z``; forfeits (``+``/``-``) and
double forfeits (``-``/``-``); games both lost (``0``/``0``) or scored ½-0 (``=``/``0``);
games of less than one move (``W``/``D``/``L``); withdrawals
(the remaining rounds written ``0000 - Z`` or left blank at the end of the line); late
entries (leading ``0000 - Z``); unrated players; 1-½-0 and 3-1-0 scoring, with a PAB worth
a win or a draw; ``042`` start dates on both sides of 1 March 2026; ``XXR`` or ``142``.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal

from hypothesis import strategies as st

HALF = Decimal("0.5")
EDITION_2026_STARTS = datetime.date(2026, 3, 1)

# One round of one player, as written in columns 92-99 (+10 per round).
NO_OPPONENT = 0


@dataclass(frozen=True, slots=True)
class Block:
    opponent: int
    """Opponent's starting number; 0 for a bye or an absence."""
    color: str
    """'w', 'b', or '-' when there is no opponent."""
    code: str
    """The TRF result character."""

    def text(self) -> str:
        return f"{self.opponent:04d} {self.color} {self.code}"


def _bye(code: str) -> Block:
    return Block(NO_OPPONENT, "-", code)


ABSENT = _bye("Z")


@dataclass(frozen=True, slots=True, kw_only=True)
class Scoring:
    """Points for a win and a draw (a loss is 0), and for the pairing-allocated bye."""

    win: Decimal = Decimal(1)
    draw: Decimal = HALF
    pab: Decimal | None = None
    """None: the PAB is worth a win (C.07 and TRF default)."""

    @property
    def pab_points(self) -> Decimal:
        return self.win if self.pab is None else self.pab

    @property
    def is_standard(self) -> bool:
        return self.win == 1 and self.draw == HALF and self.pab_points == self.win

    def points(self, code: str) -> Decimal:
        if code in "1W+F":
            return self.win
        if code in "=DH":
            return self.draw
        if code == "U":
            return self.pab_points
        return Decimal(0)

    def record_162(self) -> str:
        # TRF-26 162: symbol at column 6, its points at 7-10, a 9-column stride.
        # A = absence (ZPB, forfeit loss), P = PAB, X = result not known yet.
        entries = (("W", self.win), ("D", self.draw), ("L", Decimal(0)), ("A", Decimal(0)),
                   ("P", self.pab_points), ("X", self.draw))
        return "162 " + "".join(f" {sym}{_points(value)}   " for sym, value in entries).rstrip()

    def record_xxs(self) -> str:
        # JaVaFo's form (TRF(x)); the reference ignores it, other readers use it.
        return (f"XXS W={_plain(self.win)} D={_plain(self.draw)} "
                f"PAB={_plain(self.pab_points)}")


STANDARD = Scoring()
THREE_ONE_ZERO = Scoring(win=Decimal(3), draw=Decimal(1))


def _points(value: Decimal) -> str:
    """The TRF points format: 4 columns, one decimal ("Format 11.5")."""
    return f"{value:4.1f}"


def _plain(value: Decimal) -> str:
    return format(value.normalize(), "f")


@dataclass(frozen=True, slots=True, kw_only=True)
class Entrant:
    start_no: int
    name: str
    rating: int | None
    """None: unrated (rating columns left blank)."""
    sex: str = "m"
    title: str = ""
    federation: str = "FID"
    fide_id: int | None = None
    birth: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class GeneratedTournament:
    name: str
    entrants: tuple[Entrant, ...]
    blocks: tuple[tuple[Block | None, ...], ...]
    """blocks[start_no - 1][round - 1]; None is a blank block (trailing: the line ends)."""
    scoring: Scoring = STANDARD
    is_round_robin: bool = False
    start_date: datetime.date | None = None
    rounds_record: str = "XXR"
    """How the number of rounds is announced: "XXR", "142" or "" (not at all)."""
    seed: int | None = None
    """The seed of generate_swiss()/generate_round_robin(), for the header comment."""

    @property
    def rounds(self) -> int:
        return max((len(b) for b in self.blocks), default=0)

    def truncated(self, rounds: int) -> GeneratedTournament:
        """The same event as if it had ended after ``rounds`` rounds (XXR/142 says so too)."""
        return replace(self, blocks=tuple(b[:rounds] for b in self.blocks),
                       rounds_record=self.rounds_record or "XXR")

    def points(self, start_no: int) -> Decimal:
        return sum((self.scoring.points(b.code) for b in self.blocks[start_no - 1] if b),
                   Decimal(0))

    def to_trf(self) -> str:
        lines = [f"012 {self.name}", "022 Generated City", "032 FID"]
        if self.start_date is not None:
            end = self.start_date + datetime.timedelta(days=max(self.rounds - 1, 0))
            lines += [f"042 {self.start_date:%Y/%m/%d}", f"052 {end:%Y/%m/%d}"]
        rated = sum(1 for e in self.entrants if e.rating is not None)
        lines += [f"062 {len(self.entrants)}", f"072 {rated}",
                  "092 Individual: " + ("Round Robin" if self.is_round_robin else "Swiss-System"),
                  "102 IA Generated, Arbiter", "122 90 min/40 moves + 30 min, 30 s/move"]
        if self.rounds_record:
            lines.append(f"{self.rounds_record} {self.rounds}")
        if not self.scoring.is_standard:
            lines += [self.scoring.record_162(), self.scoring.record_xxs()]
        points = {e.start_no: self.points(e.start_no) for e in self.entrants}
        order = sorted(points, key=lambda s: (-points[s], s))
        rank = {start_no: place for place, start_no in enumerate(order, 1)}
        for entrant, blocks in zip(self.entrants, self.blocks, strict=True):
            lines.append(_player_line(entrant, points[entrant.start_no],
                                      rank[entrant.start_no], blocks))
        return "\n".join(lines) + "\n"


def _player_line(e: Entrant, points: Decimal, rank: int, blocks: Sequence[Block | None]) -> str:
    head = (f"001 {e.start_no:4d} {e.sex[:1]:1}{e.title:>3} {e.name[:33]:<33} "
            f"{e.rating if e.rating else '':>4} {e.federation:<3} "
            f"{e.fide_id if e.fide_id else '':>11} {e.birth:<10} {_points(points)} {rank:4d}")
    assert len(head) == 89, head
    return (head + "".join("  " + (b.text() if b else " " * 8) for b in blocks)).rstrip()


# --------------------------------------------------------------------------- the mix

@dataclass(frozen=True, slots=True, kw_only=True)
class Mix:
    """How often each irregular case happens (probabilities)."""

    half_point_bye: float = 0.02
    """Per player and round (requested H)."""
    full_point_bye: float = 0.005
    zero_point_bye: float = 0.01
    forfeit: float = 0.02
    """Per game: one side does not show up."""
    double_forfeit: float = 0.005
    arbiter_score: float = 0.0
    """Per game: a score only an arbiter's decision gives (Laws 12.9): both lost (``0``/``0``)
    or ½-0 (``=``/``0``). None by default: the benchmark's events are ordinary ones."""
    short_game: float = 0.01
    """Per game: W/D/L (less than one move, played but not rated)."""
    withdrawal: float = 0.03
    """Per player: leaves after a random round."""
    blank_withdrawal: float = 0.5
    """Share of withdrawals whose remaining rounds are left blank rather than written Z."""
    late_entry: float = 0.03
    """Per player: joins in a random later round."""
    unrated: float = 0.0
    """Per player: no rating."""
    draws_only: bool = False
    """Every game a draw (``=``/``=``), whatever the ratings: see ``generate_tied_swiss``."""


QUIET = Mix(half_point_bye=0, full_point_bye=0, zero_point_bye=0, forfeit=0,
            double_forfeit=0, short_game=0, withdrawal=0, late_entry=0)
ALL_DRAWN = replace(QUIET, draws_only=True)

_LAST = ("Adams", "Berg", "Cohen", "Dubois", "Eriksen", "Fischer", "Garcia", "Horvath",
         "Ivanov", "Jensen", "Kim", "Larsen", "Moreau", "Novak", "Olsen", "Petrov", "Rossi",
         "Silva", "Tanaka", "Varga", "Weber", "Young", "Zhang")
_FIRST = ("Anna", "Boris", "Carla", "David", "Elena", "Felix", "Gina", "Hugo", "Irina",
          "Jonas", "Katya", "Lars", "Mila", "Nikolai", "Olga", "Pavel", "Rosa", "Sven")
_FEDERATIONS = ("NOR", "SWE", "GER", "FRA", "ESP", "ITA", "HUN", "POL", "USA", "IND", "FID")


def _entrants(rng: random.Random, count: int, unrated_share: float) -> tuple[Entrant, ...]:
    # Swiss starting numbers follow rating, unrated players last (C.04.2 style).
    ratings = sorted((rng.randint(1000, 2800) for _ in range(count)), reverse=True)
    unrated = sum(1 for _ in range(count) if rng.random() < unrated_share)
    entrants = []
    for index in range(count):
        rating = ratings[index] if index < count - unrated else None
        sex = rng.choice("mmmw")
        title = ""
        if rating and rating >= 2300:
            titles = ("GM", "IM", "FM", "") if sex == "m" else ("WGM", "WIM", "")
            title = rng.choice(titles)
        entrants.append(Entrant(
            start_no=index + 1,
            name=f"{rng.choice(_LAST)}, {rng.choice(_FIRST)}",
            rating=rating, sex=sex, title=title, federation=rng.choice(_FEDERATIONS),
            fide_id=rng.randint(100_000, 99_999_999) if rating else None,
            birth=f"{rng.randint(1950, 2015)}/{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}",
        ))
    return tuple(entrants)


def _game_codes(rng: random.Random, mix: Mix, white_rating: int | None,
                black_rating: int | None) -> tuple[str, str]:
    """White's and black's result characters for one pairing."""
    if mix.draws_only:
        return "=", "="
    roll = rng.random()
    if roll < mix.double_forfeit:
        return "-", "-"
    roll -= mix.double_forfeit
    if roll < mix.arbiter_score:
        return rng.choice((("0", "0"), ("=", "0"), ("0", "=")))
    roll -= mix.arbiter_score
    if roll < mix.forfeit:
        return rng.choice((("+", "-"), ("-", "+")))
    roll -= mix.forfeit
    codes = ("1", "=", "0")
    if roll < mix.short_game:
        codes = ("W", "D", "L")
    # A slight pull towards the stronger player keeps scores spread like a real event.
    edge = ((white_rating or 1500) - (black_rating or 1500)) / 4000
    outcome = rng.random() + edge
    if outcome > 0.62:
        return codes[0], codes[2]
    if outcome > 0.33:
        return codes[1], codes[1]
    return codes[2], codes[0]


# --------------------------------------------------------------------------- Swiss

@dataclass(slots=True)
class _SwissPlayer:
    start_no: int
    rating: int | None
    enters: int
    """First round the player is present."""
    leaves: int
    """Last round the player is present."""
    blank_after_leaving: bool
    blocks: list[Block | None] = field(default_factory=list)
    score: Decimal = Decimal(0)
    whites_minus_blacks: int = 0
    last_color: str = "-"
    had_pab: bool = False
    met: set[int] = field(default_factory=set)


def build_swiss(rng: random.Random, players: int, rounds: int, *, mix: Mix = Mix(),
                scoring: Scoring = STANDARD, start_date: datetime.date | None = None,
                rounds_record: str = "XXR", seed: int | None = None) -> GeneratedTournament:
    """A Swiss of ``players`` over ``rounds`` rounds (fewer if a round can pair no game)."""
    entrants = _entrants(rng, players, mix.unrated)
    field_: list[_SwissPlayer] = []
    for entrant in entrants:
        enters, leaves = 1, rounds
        if rounds > 1 and rng.random() < mix.late_entry:
            enters = rng.randint(2, rounds)
        if rounds > enters and rng.random() < mix.withdrawal:
            leaves = rng.randint(enters, rounds - 1)
        field_.append(_SwissPlayer(entrant.start_no, entrant.rating, enters, leaves,
                                   rng.random() < mix.blank_withdrawal))
    _keep_two_present(field_, rounds)
    for round_no in range(1, rounds + 1):
        plan = _plan_swiss_round(rng, field_, round_no, mix)
        if not any(block is not None and block.opponent for _, block in plan):
            # Everyone present has met everyone else present: the event ends here. (A round
            # without a single game is no round of a real event, and readers disagree on
            # whether it was played: the reference counts up to XXR, ours to the last game.)
            break
        for player, block in plan:
            _record(player, block, scoring)
    # A withdrawal left blank ends the line early (to_trf strips the trailing blanks).
    blocks = tuple(tuple(p.blocks) for p in field_)
    return GeneratedTournament(
        name=f"Generated Swiss {players}p", entrants=entrants, blocks=blocks,
        scoring=scoring, start_date=start_date, rounds_record=rounds_record, seed=seed)


def _keep_two_present(field_: list[_SwissPlayer], rounds: int) -> None:
    """Undo late entries and withdrawals until every round has two players present."""
    for round_no in range(1, rounds + 1):
        present = [p for p in field_ if p.enters <= round_no <= p.leaves]
        for p in field_:
            if len(present) >= 2:
                break
            if p not in present:
                p.enters, p.leaves = 1, rounds
                present.append(p)


def _plan_swiss_round(rng: random.Random, field_: list[_SwissPlayer], round_no: int,
                      mix: Mix) -> list[tuple[_SwissPlayer, Block | None]]:
    plan: list[tuple[_SwissPlayer, Block | None]] = []
    to_pair: list[_SwissPlayer] = []
    # The first two players present never take a requested bye, so a round keeps a game.
    keep = [p for _, p in zip(range(2), (q for q in field_ if q.enters <= round_no <= q.leaves),
                               strict=False)]
    for p in field_:
        if round_no < p.enters:
            plan.append((p, ABSENT))              # late entry: not yet in the event
        elif round_no > p.leaves:
            plan.append((p, None if p.blank_after_leaving else ABSENT))  # withdrawn
        else:
            roll = rng.random()
            if any(p is q for q in keep):
                to_pair.append(p)
            elif roll < mix.half_point_bye:
                plan.append((p, _bye("H")))
            elif roll < mix.half_point_bye + mix.full_point_bye:
                plan.append((p, _bye("F")))
            elif roll < mix.half_point_bye + mix.full_point_bye + mix.zero_point_bye:
                plan.append((p, _bye("Z")))
            else:
                to_pair.append(p)
    if len(to_pair) % 2:
        # C.04.1: the PAB goes to a lowest-scored player who has not had one yet.
        candidates = [p for p in to_pair if not p.had_pab] or to_pair
        lowest = min(p.score for p in candidates)
        receiver = rng.choice([p for p in candidates if p.score == lowest])
        to_pair.remove(receiver)
        plan.append((receiver, _bye("U")))
    # Score groups, best first, shuffled inside a group, then paired top-down.
    to_pair.sort(key=lambda p: (-p.score, rng.random()))
    pairs, unpaired = _pair_without_repeats(rng, to_pair)
    if mix.draws_only:
        pairs, unpaired = _rematched(pairs, unpaired)
    plan += [(p, ABSENT) for p in unpaired]       # nobody left they have not met
    for a, b in pairs:
        white, black = _colors(rng, a, b)
        white_code, black_code = _game_codes(rng, mix, white.rating, black.rating)
        plan.append((white, Block(black.start_no, "w", white_code)))
        plan.append((black, Block(white.start_no, "b", black_code)))
    return plan


def _record(p: _SwissPlayer, block: Block | None, scoring: Scoring) -> None:
    p.blocks.append(block)
    if block is None:
        return
    p.score += scoring.points(block.code)
    if block.code == "U":
        p.had_pab = True
    if block.opponent:
        p.met.add(block.opponent)
    if block.color == "w":
        p.whites_minus_blacks += 1
    elif block.color == "b":
        p.whites_minus_blacks -= 1
    p.last_color = block.color


def _colors(rng: random.Random, a: _SwissPlayer, b: _SwissPlayer
            ) -> tuple[_SwissPlayer, _SwissPlayer]:
    if a.whites_minus_blacks != b.whites_minus_blacks:
        return (a, b) if a.whites_minus_blacks < b.whites_minus_blacks else (b, a)
    if a.last_color != b.last_color and "-" not in (a.last_color, b.last_color):
        return (a, b) if a.last_color == "b" else (b, a)
    return (a, b) if rng.random() < 0.5 else (b, a)


def _pair_without_repeats(rng: random.Random, order: list[_SwissPlayer],
                          ) -> tuple[list[tuple[_SwissPlayer, _SwissPlayer]], list[_SwissPlayer]]:
    """Pair neighbours in ``order`` so that nobody meets an opponent twice.

    Small fields get a bounded backtracking search (so late rounds of a short event still
    pair); whoever cannot be paired sits the round out as an absence.
    """
    if len(order) <= 40:
        found = _backtrack(order, budget=[20_000])
        if found is not None:
            return found, []
    pairs: list[tuple[_SwissPlayer, _SwissPlayer]] = []
    waiting = list(order)
    unpaired: list[_SwissPlayer] = []
    while waiting:
        top = waiting.pop(0)
        partner = next((i for i, q in enumerate(waiting) if q.start_no not in top.met), None)
        if partner is None:
            unpaired.append(top)
        else:
            pairs.append((top, waiting.pop(partner)))
    return pairs, unpaired


def _rematched(pairs: list[tuple[_SwissPlayer, _SwissPlayer]], unpaired: list[_SwissPlayer],
               ) -> tuple[list[tuple[_SwissPlayer, _SwissPlayer]], list[_SwissPlayer]]:
    """Pair the players left over two by two by breaking up a pair each can join.

    Only for a field where every game is drawn: there score groups do not matter, and an
    absence would cost a player the half point that keeps the whole field tied.
    """
    pairs, waiting = list(pairs), list(unpaired)
    while len(waiting) >= 2:
        p, q = waiting[0], waiting[1]
        found = next((i for i, (a, b) in enumerate(pairs)
                      if a.start_no not in p.met and b.start_no not in q.met), None)
        if found is None:
            break
        a, b = pairs.pop(found)
        pairs += [(p, a), (q, b)]
        del waiting[:2]
    return pairs, waiting


def _backtrack(order: list[_SwissPlayer], budget: list[int],
               ) -> list[tuple[_SwissPlayer, _SwissPlayer]] | None:
    if not order:
        return []
    top, rest = order[0], order[1:]
    for index, partner in enumerate(rest):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        if partner.start_no in top.met:
            continue
        tail = _backtrack(rest[:index] + rest[index + 1:], budget)
        if tail is not None:
            return [(top, partner), *tail]
    return None


def generate_swiss(players: int, rounds: int, seed: int, *, mix: Mix = Mix(),
                   scoring: Scoring = STANDARD,
                   start_date: datetime.date | None = datetime.date(2026, 4, 1)) -> str:
    """A deterministic Swiss tournament as TRF-16 text (same arguments, same text)."""
    return build_swiss(random.Random(seed), players, rounds, mix=mix, scoring=scoring,
                       start_date=start_date, seed=seed).to_trf()


def generate_tied_swiss(players: int, rounds: int, seed: int, *,
                        start_date: datetime.date | None = datetime.date(2026, 4, 1)) -> str:
    """A deterministic Swiss in which every game is drawn: the whole field ends level on
    points, one tie group as large as the event (the worst case of issue 25).

    The field must be even, since a pairing-allocated bye scores a win (C.07 and TRF
    default) and would lift one player a round above the rest; a seed whose pairing leaves
    a player without a game in some round is refused too, for the same reason.
    """
    if players % 2:
        raise ValueError(f"an all-tied Swiss needs an even field, not {players} players: "
                         "the pairing-allocated bye scores a win")
    tournament = build_swiss(random.Random(seed), players, rounds, mix=ALL_DRAWN,
                             start_date=start_date, seed=seed)
    scores = {tournament.points(entrant.start_no) for entrant in tournament.entrants}
    if len(scores) != 1 or tournament.rounds != rounds:
        raise ValueError(f"seed {seed} does not pair every player in every one of {rounds} "
                         f"rounds of {players} players; try another seed")
    return tournament.to_trf()


# --------------------------------------------------------------------------- round robin

def berger_round(players: int, round_no: int) -> list[tuple[int, int]]:
    """(white, black) pairs of one round of the FIDE Berger table (C.05 Annex 1).

    ``players`` is even; round k pairs i and j (both < n) when i + j = k + 1 (mod n - 1),
    the lower number White when i + j is odd; player n meets the i with 2i = k + 1
    (mod n - 1) and has Black in odd rounds.
    """
    n = players
    modulus = n - 1
    pairs = []
    for i in range(1, n):
        if (2 * i - round_no - 1) % modulus == 0:
            pairs.append((i, n) if round_no % 2 else (n, i))
        for j in range(i + 1, n):
            if (i + j - round_no - 1) % modulus == 0:
                pairs.append((i, j) if (i + j) % 2 else (j, i))
    return pairs


def build_round_robin(rng: random.Random, players: int, *, double: bool = False,
                      mix: Mix = Mix(), scoring: Scoring = STANDARD,
                      start_date: datetime.date | None = None, rounds_record: str = "XXR",
                      seed: int | None = None) -> GeneratedTournament:
    """A (double) round robin on the Berger tables; an odd field gets a free round each.

    Pre-determined pairings have no byes (C.07 15.2): the free round of an odd field is
    written ``0000 - Z``, and a withdrawal forfeits the remaining games (``-``/``+``).
    """
    entrants = _entrants(rng, players, mix.unrated)
    table_size = players + players % 2
    cycle = table_size - 1
    rounds = cycle * (2 if double else 1)
    leaves = {e.start_no: rounds for e in entrants}
    for e in entrants:
        if rounds > 1 and rng.random() < mix.withdrawal:
            leaves[e.start_no] = rng.randint(1, rounds - 1)
    rating = {e.start_no: e.rating for e in entrants}
    blocks: list[list[Block]] = [[] for _ in entrants]
    for round_no in range(1, rounds + 1):
        swap = round_no > cycle          # second cycle: colours reversed
        for white, black in berger_round(table_size, (round_no - 1) % cycle + 1):
            if swap:
                white, black = black, white
            if max(white, black) > players:      # the odd field's free round
                blocks[min(white, black) - 1].append(ABSENT)
                continue
            white_gone = round_no > leaves[white]
            black_gone = round_no > leaves[black]
            if white_gone or black_gone:
                codes = ("-", "-") if white_gone and black_gone else (
                    ("-", "+") if white_gone else ("+", "-"))
            else:
                codes = _game_codes(rng, mix, rating[white], rating[black])
            blocks[white - 1].append(Block(black, "w", codes[0]))
            blocks[black - 1].append(Block(white, "b", codes[1]))
    kind = "Double Round Robin" if double else "Round Robin"
    return GeneratedTournament(
        name=f"Generated {kind} {players}p", entrants=entrants,
        blocks=tuple(tuple(b) for b in blocks), scoring=scoring, is_round_robin=True,
        start_date=start_date, rounds_record=rounds_record, seed=seed)


def generate_round_robin(players: int, seed: int, *, double: bool = False,
                         mix: Mix = Mix(), scoring: Scoring = STANDARD,
                         start_date: datetime.date | None = datetime.date(2026, 4, 1)) -> str:
    return build_round_robin(random.Random(seed), players, double=double, mix=mix,
                             scoring=scoring, start_date=start_date, seed=seed).to_trf()


# --------------------------------------------------------------------------- hypothesis

_RATES = st.sampled_from((0.0, 0.02, 0.08, 0.25))
_SCORINGS = st.sampled_from((STANDARD, THREE_ONE_ZERO, Scoring(pab=HALF),
                             Scoring(win=Decimal(3), draw=Decimal(1), pab=Decimal(1))))
_DATES = st.sampled_from((datetime.date(2025, 9, 12), datetime.date(2026, 2, 28),
                          datetime.date(2026, 3, 1), datetime.date(2026, 6, 20)))


@st.composite
def mixes(draw: st.DrawFn, *, round_robin: bool = False) -> Mix:
    forfeit, short, unrated = draw(_RATES), draw(_RATES), draw(st.sampled_from((0.0, 0.0, 0.1)))
    withdrawal = draw(st.sampled_from((0.0, 0.05, 0.2)))
    if round_robin:
        return replace(QUIET, forfeit=forfeit, double_forfeit=draw(_RATES) / 2,
                       arbiter_score=draw(_RATES) / 2,
                       short_game=short, withdrawal=withdrawal, unrated=unrated)
    return Mix(half_point_bye=draw(_RATES), full_point_bye=draw(_RATES) / 2,
               zero_point_bye=draw(_RATES), forfeit=forfeit, double_forfeit=draw(_RATES) / 2,
               arbiter_score=draw(_RATES) / 2, short_game=short, withdrawal=withdrawal,
               blank_withdrawal=draw(st.sampled_from((0.0, 0.5, 1.0))),
               late_entry=draw(st.sampled_from((0.0, 0.05, 0.2))), unrated=unrated)


@st.composite
def swiss_tournaments(draw: st.DrawFn, *, max_players: int = 24,
                      max_rounds: int = 9) -> GeneratedTournament:
    players = draw(st.integers(2, max_players))
    rounds = draw(st.integers(1, max(1, min(max_rounds, players - 1))))
    return build_swiss(draw(st.randoms(use_true_random=False)), players, rounds,
                       mix=draw(mixes()), scoring=draw(_SCORINGS), start_date=draw(_DATES),
                       rounds_record=draw(st.sampled_from(("XXR", "142"))))


@st.composite
def round_robin_tournaments(draw: st.DrawFn, *, max_players: int = 10) -> GeneratedTournament:
    players = draw(st.integers(3, max_players))
    return build_round_robin(draw(st.randoms(use_true_random=False)), players,
                             double=draw(st.booleans()) if players <= 6 else False,
                             mix=draw(mixes(round_robin=True)), scoring=draw(_SCORINGS),
                             start_date=draw(_DATES),
                             rounds_record=draw(st.sampled_from(("XXR", "142"))))


def tournaments() -> st.SearchStrategy[GeneratedTournament]:
    return st.one_of(swiss_tournaments(), round_robin_tournaments())


def renamed(trf: str, names: dict[int, str]) -> str:
    """``trf`` with the names (columns 15-47) of the given start numbers replaced."""
    return with_player_field(trf, names, first_column=15, width=33)


def with_player_field(trf: str, values: dict[int, str], *, first_column: int,
                      width: int) -> str:
    """``trf`` with a field of the 001 lines of the given start numbers replaced (columns
    ``first_column`` to ``first_column + width - 1``, 1-based as TRF counts them)."""
    start, end = first_column - 1, first_column - 1 + width
    lines = []
    for line in trf.splitlines():
        if line.startswith("001 ") and int(line[4:8]) in values:
            line = line[:start] + values[int(line[4:8])].ljust(width)[:width] + line[end:]
        lines.append(line)
    return "\n".join(lines) + "\n"
