"""event.yml ``categories:`` and ``prizes:`` -> the records of rules/categories.py and
rules/prizes.py, every value checked at its ``event.yml:LINE:COLUMN``.

Read with the one settings reader (settings_reader.SettingsReader), as the rest of event.yml:
unknown keys get a "did you mean", each value is refused where it is written, and a block
with a refused value is left out (no categories, no prizes) rather than half read. What
only the TRF file can answer (is start number 12 a player? does anybody play for 'NRO'?
does the file carry national ratings?) is checked once the event is assembled, by
:func:`check_categories`, at the positions kept here.

Positions are kept under key paths that count from 1, as the messages name them
(``categories[2].age.under``, ``prizes.lists.Under 2000[1]``), a start number under its
number (``categories[2].start_numbers.12``).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from generator.errors import Diagnostic, Severity, did_you_mean, quote
from generator.model import MAX_RATING, StartNo, Tournament
from generator.reading.dates import parse_date
from generator.reading.settings_reader import (
    Position,
    SettingsReader,
    column_of,
    describe,
    is_mapping,
    is_scalar,
    is_sequence,
    line_of,
)
from generator.reading.site_names import address_key, address_words
from generator.reading.trf import TITLES
from generator.rules.categories import (
    UNTITLED,
    AgeCondition,
    AgeReference,
    Category,
    Condition,
    FederationCondition,
    RatingCondition,
    RatingList,
    Sex,
    SexCondition,
    StartNumberCondition,
    TitleCondition,
)
from generator.rules.prizes import (
    OVERALL,
    OnePerPlayer,
    Prize,
    PrizeSettings,
    TieSplit,
    Unclaimed,
)

if TYPE_CHECKING:
    from yaml.nodes import Node

CATEGORY_KEYS = ("name", "rating", "age", "age_reference", "sex", "federation", "title",
                 "start_numbers")
CONDITION_KEYS = ("rating", "age", "sex", "federation", "title", "start_numbers")
"""The keys that make a condition (``age_reference`` only says how ``age`` counts)."""
RATING_KEYS = ("from", "below", "unrated", "list")
AGE_KEYS = ("under", "from")
PRIZE_KEYS = ("currency", "one_per_player", "ties", "hort_share", "min_players", "unclaimed",
              "confirmed", "lists")

MAX_CATEGORIES = 50
"""More categories than any prize regulation announces; each is a page of the site."""
MAX_NAME_CHARACTERS = 60
"""A category's name is a heading, a link in the event's menu and "2nd in U16" beside a
player: a few words."""
MAX_PAGE_NAME_BYTES = 100
"""The page's file name in UTF-8 (``categories/<slug>.html``): disks take 255 bytes, and a
browser sends each non-ASCII byte as three characters."""
MAX_AGE = 120
MAX_START_NO = 9999
"""TRF 001 columns 5-8."""
MAX_PRIZES = 300
"""Prizes of all lists together: every one is a line of the prize page."""
MAX_AMOUNT = Decimal(10) ** 9
"""More money than any open has paid (a billion): a larger amount is a slip of the keys."""
MAX_PRIZE_NAME_CHARACTERS = 80
MAX_CURRENCY_CHARACTERS = 12
MAX_MIN_PLAYERS = 10_000

_AMOUNT = re.compile(r"[0-9]{1,10}(?:\.[0-9]{1,2})?")
"""Money as written: whole units, or units and cents (``150``, ``87.50``)."""
_FEDERATION = re.compile(r"[A-Za-z]{3}")
_NO_TITLE = "none"
_SEXES = {"m": Sex.MALE, "w": Sex.FEMALE, "f": Sex.FEMALE}
_CATEGORY_EXAMPLE = "'- name: Under 2000' with a condition such as 'rating: {below: 2000}'"
_AMOUNT_EXPECTED = (f"an amount such as 150 or 87.50, quoted or not (at most {MAX_AMOUNT:,}), "
                    "or a prize's name such as 'Trophy'")
_NUMBER_LIKE = re.compile(r"[+-]?(?:[0-9][0-9_,.]*|[.,][0-9][0-9_,.]*)(?:[eE][+-]?[0-9]+)?")
"""Text that reads as a number: quoted (``'100'``), or one YAML 1.1 reads as text (``1e3``,
``1e309``, ``1,000``). Meant as money, and no prize's name."""


# --- categories ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CategoriesRead:
    """What ``categories:`` gave: the categories, and every name written."""

    categories: tuple[Category, ...] | None
    """None when a category is refused (its error reported): the event has none."""
    names: tuple[str, ...]
    """The name of every entry that has one, refused or not: the rankings a prize list may
    name without a second error."""


def read_categories(reader: SettingsReader, node: Node) -> CategoriesRead:
    """``categories:``, a list of named categories."""
    if not is_sequence(node) or not node.value:
        reader.error(node, f"'categories' must be a list of categories, not {describe(node)}",
                     _CATEGORY_EXAMPLE)
        return CategoriesRead(None, ())
    if len(node.value) > MAX_CATEGORIES:
        reader.error(node.value[MAX_CATEGORIES], f"more than {MAX_CATEGORIES} categories",
                     f"at most {MAX_CATEGORIES}")
        return CategoriesRead(None, ())
    categories: list[Category] = []
    names: dict[str, tuple[str, Node]] = {}   # casefolded name -> (name, its node)
    pages: dict[str, tuple[str, Node]] = {}   # the page's address key -> (name, its node)
    written: list[str] = []
    complete = True
    for index, item in enumerate(node.value, start=1):
        read = _category(reader, item, f"categories[{index}]", written)
        if read is None:
            complete = False
            continue
        category, name_node = read
        first = names.get(category.name.casefold())
        twin = pages.get(address_key(category.slug))
        if first is not None:
            reader.error(name_node, f"category {quote(category.name)} named twice (first on "
                         f"line {line_of(first[1])})", "each category once")
            complete = False
        elif twin is not None:
            reader.error(name_node, f"categories {quote(twin[0])} (line {line_of(twin[1])}) "
                         f"and {quote(category.name)} would have one page, "
                         f"'categories/{category.slug}.html'",
                         "names that differ in more than case, spaces and punctuation")
            complete = False
        else:
            names[category.name.casefold()] = pages[address_key(category.slug)] = (
                category.name, name_node)
            categories.append(category)
    return CategoriesRead(tuple(categories) if complete else None, tuple(written))


def _category(reader: SettingsReader, node: Node, key: str, names: list[str]
              ) -> tuple[Category, Node] | None:
    """One entry of ``categories:`` (``key`` is its path, ``categories[2]``) and the node of
    its name; its name is added to ``names`` once it is read."""
    if not is_mapping(node):
        reader.error(node, f"{key!r} must be a mapping, not {describe(node)}",
                     _CATEGORY_EXAMPLE)
        return None
    values = reader.mapping(node, f"{key}.", CATEGORY_KEYS)
    if "name" not in values:
        reader.error(node, f"{key!r} has no 'name'", "'name: Under 2000', the name shown")
        return None
    name = _category_name(reader, values["name"], f"{key}.name")
    if name is None:
        return None
    names.append(name)
    if not any(condition in values for condition in CONDITION_KEYS):
        reader.error(node, f"category {quote(name)} has no condition",
                     "one or more of " + ", ".join(CONDITION_KEYS))
        return None
    reference: AgeReference | None = AgeReference.YEAR
    if "age_reference" in values:
        reference = reader.choice(values["age_reference"], f"{key}.age_reference",
                                  {r.value: r for r in AgeReference})
        if reference is not None and "age" not in values:
            reader.error(values["age_reference"], f"'age_reference' in category "
                         f"{quote(name)}, which has no 'age'",
                         "'age_reference' beside an 'age' condition")
            reference = None
    # In the order written: a player left out is left out for the first condition failed.
    conditions = [_condition(reader, condition, value, f"{key}.{condition}",
                             reference or AgeReference.YEAR)
                  for condition, value in values.items() if condition in CONDITION_KEYS]
    if reference is None or any(condition is None for condition in conditions):
        return None
    return (Category(name=name, slug=address_words(name),
                     conditions=tuple(c for c in conditions if c is not None)),
            values["name"])


def _condition(reader: SettingsReader, condition: str, node: Node, key: str,
               reference: AgeReference) -> Condition | None:
    if condition == "rating":
        return _rating(reader, node, key)
    if condition == "age":
        return _age(reader, node, key, reference)
    if condition == "sex":
        sex: Sex | None = reader.choice(node, key, _SEXES)
        return SexCondition(sex=sex) if sex is not None else None
    if condition == "federation":
        return _federations(reader, node, key)
    if condition == "title":
        return _titles(reader, node, key)
    return _start_numbers(reader, node, key)


def _one_line(written: str) -> str:
    """``written`` on one line: a YAML block's line breaks and tabs become spaces (the
    reader's ``text`` has refused every other control character)."""
    return " ".join(written.split())


def _category_name(reader: SettingsReader, node: Node, key: str) -> str | None:
    written = reader.text(node, key)
    if written is None:
        return None
    name = _one_line(written)
    if len(name) > MAX_NAME_CHARACTERS:
        reader.error(node, f"category name {quote(name)} has {len(name)} characters",
                     f"at most {MAX_NAME_CHARACTERS}")
        return None
    if name.casefold() == OVERALL:
        reader.error(node, f"a category cannot be named {quote(name)}: 'prizes.lists' "
                     "calls the overall standings so", "another name")
        return None
    slug = address_words(name)
    if not slug:
        reader.error(node, f"category name {quote(name)} has no letter or digit to name its "
                     "page", "a name with letters or digits, such as 'Under 2000'")
        return None
    if len(slug.encode()) > MAX_PAGE_NAME_BYTES:
        reader.error(node, f"category name {quote(name)} makes too long a page name",
                     "a shorter name")
        return None
    return name


def _rating(reader: SettingsReader, node: Node, key: str) -> RatingCondition | None:
    expected = "a band such as '{from: 1800, below: 2000}'"
    values = reader.section(node, key, RATING_KEYS, expected)
    if values is None:
        return None
    bounds: dict[str, int | None] = {}
    for bound, low in (("from", 0), ("below", 1)):
        if bound in values:
            bounds[bound] = reader.integer(values[bound], f"{key}.{bound}", low, MAX_RATING)
    unrated = reader.boolean(values["unrated"], f"{key}.unrated") \
        if "unrated" in values else None
    rating_list: RatingList | None = RatingList.FIDE
    if "list" in values:
        rating_list = reader.choice(values["list"], f"{key}.list",
                                    {r.value: r for r in RatingList})
    if any(value is None for value in bounds.values()) or rating_list is None or (
            "unrated" in values and unrated is None):
        return None
    at_least, below = bounds.get("from"), bounds.get("below")
    if at_least is None and below is None and unrated is not False:
        reader.error(node, f"{key!r} has no bound", f"'from', 'below' or 'unrated: no' "
                     f"(rated players only), as in {expected}")
        return None
    if at_least is not None and below is not None and at_least >= below:
        reader.error(values["below"], f"{key!r} is empty: 'below' ({below}) is not above "
                     f"'from' ({at_least})", "'below' greater than 'from'")
        return None
    return RatingCondition(at_least=at_least, below=below, unrated=unrated,
                           rating_list=rating_list)


def _age(reader: SettingsReader, node: Node, key: str,
         reference: AgeReference) -> AgeCondition | None:
    expected = "an age limit such as '{under: 16}' or '{from: 50}'"
    values = reader.section(node, key, AGE_KEYS, expected)
    if values is None:
        return None
    if not values:
        reader.error(node, f"{key!r} has no limit", expected)
        return None
    limits = {limit: reader.integer(values[limit], f"{key}.{limit}", 1, MAX_AGE)
              for limit in AGE_KEYS if limit in values}
    if any(value is None for value in limits.values()):
        return None
    under, at_least = limits.get("under"), limits.get("from")
    if under is not None and at_least is not None and at_least >= under:
        reader.error(values["under"], f"{key!r} admits nobody: 'under' ({under}) is not "
                     f"above 'from' ({at_least})", "'under' greater than 'from'")
        return None
    return AgeCondition(under=under, at_least=at_least, reference=reference)


def _items(reader: SettingsReader, node: Node, key: str, example: str) -> list[Node] | None:
    """A list's items, or a single value as a list of one (``federation: NOR``)."""
    if is_sequence(node):
        if node.value:
            return list(node.value)
        reader.error(node, f"{key!r} is an empty list", example)
        return None
    if is_scalar(node) and not node.tag.endswith(":null"):
        return [node]
    reader.error(node, f"{key!r} must be a list, not {describe(node)}", example)
    return None


def _once(reader: SettingsReader, item: Node, key: str, value: str,
          seen: dict[str, Node]) -> bool:
    """Whether ``value`` is new in its list; a repeat is reported (a slip for another)."""
    if value in seen:
        reader.error(item, f"{key!r} names {quote(value)} twice (first on line "
                     f"{line_of(seen[value])})", "each once")
        return False
    seen[value] = item
    return True


def _federations(reader: SettingsReader, node: Node, key: str) -> FederationCondition | None:
    example = "FIDE federation codes such as '[NOR, SWE]'"
    items = _items(reader, node, key, example)
    if items is None:
        return None
    seen: dict[str, Node] = {}
    for item in items:
        written = reader.text(item, key)
        if written is None:
            return None
        code = written.strip().upper()
        if not _FEDERATION.fullmatch(code):
            reader.error(item, f"{key!r}: {quote(written.strip())} is not a federation code",
                         example)
            return None
        if not _once(reader, item, key, code, seen):
            return None
    return FederationCondition(federations=frozenset(seen))


def _titles(reader: SettingsReader, node: Node, key: str) -> TitleCondition | None:
    choices = (_NO_TITLE, *TITLES)
    example = "titles such as '[none, CM, FM]' (" + ", ".join(choices) + ")"
    items = _items(reader, node, key, example)
    if items is None:
        return None
    seen: dict[str, Node] = {}
    for item in items:
        written = reader.text(item, key)
        if written is None:
            return None
        title = written.strip().upper()
        if title.lower() == _NO_TITLE:
            title = UNTITLED
        elif title not in TITLES:
            hint = did_you_mean(title, TITLES) or did_you_mean(title.lower(), (_NO_TITLE,))
            reader.error(item, f"{key!r}: unknown title {quote(written.strip())}{hint}",
                         example)
            return None
        if not _once(reader, item, key, title or _NO_TITLE, seen):
            return None
    return TitleCondition(titles=frozenset(UNTITLED if t == _NO_TITLE else t for t in seen))


def _start_numbers(reader: SettingsReader, node: Node, key: str
                   ) -> StartNumberCondition | None:
    example = "the players' starting ranks, such as '[3, 7, 12]'"
    items = _items(reader, node, key, example)
    if items is None:
        return None
    seen: dict[str, Node] = {}
    for item in items:
        number = reader.integer(item, key, 1, MAX_START_NO)
        if number is None or not _once(reader, item, key, str(number), seen):
            return None
        # Keyed by the number: the condition keeps a set, and check_categories asks by number.
        reader.positions[f"{key}.{number}"] = (line_of(item), column_of(item))
    return StartNumberCondition(start_numbers=frozenset(StartNo(int(n)) for n in seen))


# --- prizes -------------------------------------------------------------------------------


def read_prizes(reader: SettingsReader, node: Node, categories: Sequence[str]
                ) -> PrizeSettings | None:
    """``prizes:``; None when refused. ``categories`` are the names of the event's
    categories, the rankings besides the overall one that may have a prize list."""
    expected = "lines such as 'lists: {overall: [1000, 500, 250]}'"
    values = reader.section(node, "prizes", PRIZE_KEYS, expected)
    if values is None:
        return None
    if "lists" not in values:
        reader.error(node, "'prizes' has no 'lists'", expected)
        return None
    fields: dict[str, Any] = {}
    if "currency" in values:
        fields["currency"] = _currency(reader, values["currency"])
    for key, enum in (("one_per_player", OnePerPlayer), ("ties", TieSplit),
                      ("unclaimed", Unclaimed)):
        if key in values:
            fields[key] = reader.choice(values[key], f"prizes.{key}",
                                        {choice.value: choice for choice in enum})
    if "hort_share" in values:
        share = _hort_share(reader, values["hort_share"])
        ties = fields.get("ties", TieSplit.SHARED)
        if share is not None and ties is not TieSplit.HORT:
            if ties is not None:  # a refused 'ties' is reported already
                reader.error(values["hort_share"], "'prizes.hort_share' without "
                             "'prizes.ties: hort'", "'ties: hort' beside it, or no 'hort_share'")
            share = None
        fields["hort_share"] = share
    if "min_players" in values:
        fields["min_players"] = reader.integer(values["min_players"], "prizes.min_players",
                                               1, MAX_MIN_PLAYERS)
    if "confirmed" in values:
        fields["confirmed"] = reader.boolean(values["confirmed"], "prizes.confirmed")
    prizes = _lists(reader, values["lists"], categories)
    if prizes is None or any(value is None for value in fields.values()):
        return None
    return PrizeSettings(prizes=prizes, **fields)


def _currency(reader: SettingsReader, node: Node) -> str | None:
    written = reader.text(node, "prizes.currency")
    if written is None:
        return None
    currency = _one_line(written)
    if not currency or len(currency) > MAX_CURRENCY_CHARACTERS:
        reader.error(node, f"'prizes.currency' {quote(currency)} is not a currency",
                     f"a code or sign of at most {MAX_CURRENCY_CHARACTERS} characters, such "
                     "as EUR or €")
        return None
    return currency


def _hort_share(reader: SettingsReader, node: Node) -> Decimal | None:
    share = reader.number(node, "prizes.hort_share")
    if share is not None and not Decimal(0) <= share <= Decimal(100):
        reader.error(node, f"'prizes.hort_share' is {share} per cent", "0 to 100 (per cent)")
        return None
    return share


def _lists(reader: SettingsReader, node: Node, categories: Sequence[str]
           ) -> tuple[Prize, ...] | None:
    expected = "a prize list per ranking, such as '{overall: [1000, 500], Women: [Trophy]}'"
    if not is_mapping(node) or not node.value:
        reader.error(node, f"'prizes.lists' must be a mapping of prize lists, not "
                     f"{describe(node)}", expected)
        return None
    rankings = {OVERALL: OVERALL} | {name.casefold(): name for name in categories}
    seen: dict[str, Node] = {}
    prizes: list[Prize] = []
    complete = True
    for key_node, list_node in node.value:
        ranking = _ranking(reader, key_node, rankings)
        if ranking is None:
            complete = False
            continue
        if ranking in seen:
            reader.error(key_node, f"prize list {quote(ranking)} given twice (first on line "
                         f"{line_of(seen[ranking])})", "each list once")
            complete = False
            continue
        seen[ranking] = key_node
        read = _prize_list(reader, list_node, ranking)
        if read is None:
            complete = False
            continue
        prizes.extend(read)
        if len(prizes) > MAX_PRIZES:
            reader.error(list_node, f"more than {MAX_PRIZES} prizes", f"at most {MAX_PRIZES} "
                         "in all lists together")
            return None
    return tuple(prizes) if complete else None


def _ranking(reader: SettingsReader, node: Node, rankings: Mapping[str, str]) -> str | None:
    """The ranking a prize list is for: 'overall' or a category's name as the category
    writes it (a list may name it in other case)."""
    if not is_scalar(node) or node.tag.endswith((":null", ":bool")):
        reader.error(node, f"{describe(node)} cannot name a prize list",
                     "'overall' or a category's name")
        return None
    written = " ".join(str(node.value).split())
    found = rankings.get(written.casefold())
    if found is not None:
        reader.positions[f"prizes.lists.{found}"] = (line_of(node), column_of(node))
        return found
    names = list(rankings.values())
    reader.error(node, f"prize list {quote(written)} is for no ranking: no category has that "
                 f"name{did_you_mean(written, names)}",
                 "'overall' or a category's name: " + ", ".join(quote(n) for n in names))
    return None


def _prize_list(reader: SettingsReader, node: Node, ranking: str) -> list[Prize] | None:
    key = f"prizes.lists.{ranking}"
    if not is_sequence(node) or not node.value:
        reader.error(node, f"prize list {quote(ranking)} must be a list of prizes, not "
                     f"{describe(node)}", "a list such as '[1000, 500, Trophy]', the prize "
                     "of 1st place first")
        return None
    prizes: list[Prize] = []
    for position, item in enumerate(node.value, start=1):
        prize = _prize(reader, item, ranking, position)
        if prize is None:
            return None
        reader.positions[f"{key}[{position}]"] = (line_of(item), column_of(item))
        prizes.append(prize)
    return prizes


def _prize(reader: SettingsReader, node: Node, ranking: str, position: int) -> Prize | None:
    where = f"prize {position} of {quote(ranking)}"
    if not is_scalar(node) or node.tag.endswith((":null", ":bool")):
        reader.error(node, f"{where} is {describe(node)}", _AMOUNT_EXPECTED)
        return None
    written = str(node.value).strip()
    kind = node.tag.rsplit(":", 1)[-1]
    if kind == "str":
        # Quotes change nothing: '100' is the amount 100 (JSON writers quote numbers), '-5'
        # and '2026-03-14' are refused like -5 and 2026-03-14. Read as a name, an amount
        # would have no currency and stay out of the prize fund without a word.
        if _NUMBER_LIKE.fullmatch(written):
            kind = "float"
        elif parse_date(written) != (None, None):
            kind = "timestamp"
    if kind == "timestamp":
        reader.error(node, f"{where} is a date ({quote(written)})", _AMOUNT_EXPECTED)
        return None
    if kind in ("int", "float"):
        if written.startswith("-"):
            reader.error(node, f"{where} is negative ({quote(written)})", _AMOUNT_EXPECTED)
            return None
        if not _AMOUNT.fullmatch(written.lstrip("+")):
            reader.error(node, f"{where} {quote(written)} is not an amount of money",
                         _AMOUNT_EXPECTED)
            return None
        amount = Decimal(written.lstrip("+"))
        if amount == 0 or amount > MAX_AMOUNT:
            reader.error(node, f"{where} is {quote(written)}, out of range", _AMOUNT_EXPECTED)
            return None
        return Prize(ranking=ranking, position=position, amount=amount)
    text = reader.text(node, f"prizes.lists.{ranking}")
    if text is None:
        return None
    name = _one_line(text)
    if not name or len(name) > MAX_PRIZE_NAME_CHARACTERS:
        reader.error(node, f"{where} {quote(name)} is not a prize's name",
                     f"a name of 1 to {MAX_PRIZE_NAME_CHARACTERS} characters, or an amount")
        return None
    return Prize(ranking=ranking, position=position, name=name)


# --- against the players, once the event is assembled --------------------------------------


def check_categories(categories: Sequence[Category], positions: Mapping[str, Position],
                     path: str, tournament: Tournament,
                     first_day: datetime.date | None) -> list[Diagnostic]:
    """What event.yml's categories ask of the TRF file, at their event.yml positions: every
    start number a player's (an error), national ratings in the file for a band that reads
    them (an error), a federation somebody plays for and a first day to count ages from
    (warnings: a category may wait for its players)."""
    players = {p.start_no: p for p in tournament.players}
    federations = sorted({p.federation.strip().upper() for p in tournament.players
                          if p.federation.strip()})
    has_national = any(p.national_rating is not None for p in tournament.players)
    found: list[Diagnostic] = []

    def report(key: str, message: str, expected: str, *, warning: bool = False) -> None:
        line, column = positions.get(key, (None, None))
        found.append(Diagnostic(path=path, line=line, column=column, message=message,
                                expected=expected,
                                severity=Severity.WARNING if warning else Severity.ERROR))

    for index, category in enumerate(categories, start=1):
        key, named = f"categories[{index}]", f"category {quote(category.name)}"
        for condition in category.conditions:
            if isinstance(condition, StartNumberCondition):
                for number in sorted(condition.start_numbers - players.keys()):
                    report(f"{key}.start_numbers.{number}", f"{named}: start number {number} "
                           "is not a player of the event",
                           f"the starting rank of a player (1 to {max(players)})")
            elif isinstance(condition, RatingCondition) and not has_national \
                    and condition.rating_list is RatingList.NATIONAL:
                report(f"{key}.rating.list", f"{named} reads national ratings, which are not "
                       "available in this file (it has no TRF-26 national rating records)",
                       "'list: fide', or national rating records in the TRF file")
            elif isinstance(condition, FederationCondition):
                for code in sorted(condition.federations - set(federations)):
                    report(f"{key}.federation", f"{named}: no player of the event plays for "
                           f"{quote(code)}{did_you_mean(code, federations)}",
                           "a federation of the event's players: " + ", ".join(federations),
                           warning=True)
            elif isinstance(condition, AgeCondition) and first_day is None:
                report(f"{key}.age", f"{named} counts ages from the event's first day, which "
                       "neither event.yml nor the TRF file (042) gives, so it has no players",
                       "'start_date' in event.yml", warning=True)
    return found


__all__ = ["AGE_KEYS", "CATEGORY_KEYS", "PRIZE_KEYS", "RATING_KEYS", "check_categories",
           "read_categories", "read_prizes"]
