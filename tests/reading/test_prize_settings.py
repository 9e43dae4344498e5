"""event.yml ``categories:`` and ``prizes:``: what they read to, and every refusal with its
whole diagnostic at ``event.yml:LINE:COLUMN``.

Columns are counted by hand from the YAML text of each case (1-based).
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.errors import StandingsError
from generator.model import StartNo
from generator.reading.events import read_event
from generator.reading.prize_settings import AGE_KEYS, RATING_KEYS
from generator.reading.prize_settings import CATEGORY_KEYS as CATEGORY_KEY_NAMES
from generator.reading.prize_settings import PRIZE_KEYS as PRIZE_KEY_NAMES
from generator.reading.settings import TOP_LEVEL_KEYS, parse_settings
from generator.rules.categories import (
    AgeCondition,
    AgeReference,
    Category,
    FederationCondition,
    RatingCondition,
    RatingList,
    Sex,
    SexCondition,
    StartNumberCondition,
    TitleCondition,
)
from generator.rules.prizes import OnePerPlayer, Prize, PrizeSettings, TieSplit, Unclaimed
from tests.reading.test_trf_broken import BASE

CATEGORY_KEYS = "name, rating, age, age_reference, sex, federation, title, start_numbers"
CONDITIONS = "rating, age, sex, federation, title, start_numbers"
PRIZE_KEYS = ("currency, one_per_player, ties, hort_share, min_players, unclaimed, confirmed, "
              "lists")
AMOUNT = ("expected an amount such as 150 or 87.50, quoted or not (at most 1,000,000,000), "
          "or a prize's name such as 'Trophy'")
TITLES = "expected titles such as '[none, CM, FM]' (none, GM, IM, FM, CM, WGM, WIM, WFM, WCM)"

FULL = """\
categories:
  - name: Under 2000
    rating: {below: 2000}
  - name: Seniors 50+
    age: {from: 50}
  - name: U16
    age: {under: 16}
    age_reference: first_day
  - name: Women
    sex: f
  - name: Club members
    start_numbers: [3, 7, 12]
  - name: Nordic titled
    federation: [nor, SWE]
    title: [CM, fm, none]
    rating: {from: 1800, below: 2200, unrated: yes, list: national}
prizes:
  currency: EUR
  one_per_player: first_listed
  ties: hort
  hort_share: 40
  min_players: 3
  unclaimed: next_overall
  confirmed: true
  lists:
    overall: [1000, 500, 250.50]
    under 2000: [150, Book]
    Women: [Trophy]
"""


def test_the_whole_contract_reads_to_the_rules_records():
    read = parse_settings(FULL, "event.yml")
    assert read.categories == (
        Category(name="Under 2000", slug="under-2000",
                 conditions=(RatingCondition(below=2000),)),
        Category(name="Seniors 50+", slug="seniors-50",
                 conditions=(AgeCondition(at_least=50),)),
        Category(name="U16", slug="u16",
                 conditions=(AgeCondition(under=16, reference=AgeReference.FIRST_DAY),)),
        Category(name="Women", slug="women", conditions=(SexCondition(sex=Sex.FEMALE),)),
        Category(name="Club members", slug="club-members", conditions=(
            StartNumberCondition(start_numbers=frozenset(map(StartNo, (3, 7, 12)))),)),
        # The conditions in the order written (the first one failed excludes a player).
        Category(name="Nordic titled", slug="nordic-titled", conditions=(
            FederationCondition(federations=frozenset({"NOR", "SWE"})),
            TitleCondition(titles=frozenset({"CM", "FM", ""})),
            RatingCondition(at_least=1800, below=2200, unrated=True,
                            rating_list=RatingList.NATIONAL))),
    )
    assert read.prizes == PrizeSettings(
        prizes=(Prize(ranking="overall", position=1, amount=Decimal(1000)),
                Prize(ranking="overall", position=2, amount=Decimal(500)),
                Prize(ranking="overall", position=3, amount=Decimal("250.50")),
                # The list names the category in other case: the category's own spelling.
                Prize(ranking="Under 2000", position=1, amount=Decimal(150)),
                Prize(ranking="Under 2000", position=2, name="Book"),
                Prize(ranking="Women", position=1, name="Trophy")),
        currency="EUR", one_per_player=OnePerPlayer.FIRST_LISTED, ties=TieSplit.HORT,
        hort_share=Decimal(40), min_players=3, unclaimed=Unclaimed.NEXT_OVERALL,
        confirmed=True)
    # Where each value is written, for the checks made once the TRF file is read.
    assert read.positions["categories[5].start_numbers.12"] == (12, 27)
    assert read.positions["categories[6].rating.list"] == (16, 59)
    assert read.positions["prizes.lists.Under 2000[2]"] == (27, 23)


def test_defaults_without_the_blocks_and_with_only_a_list():
    assert parse_settings("title: Open\n", "event.yml").categories == ()
    assert parse_settings("title: Open\n", "event.yml").prizes is None
    read = parse_settings("prizes:\n  lists:\n    overall: [100]\n", "event.yml")
    assert read.prizes == PrizeSettings(
        prizes=(Prize(ranking="overall", position=1, amount=Decimal(100)),))


BROKEN = {
    "categories-not-a-list": (
        "categories: Under 2000\n",
        "event.yml:1:13: 'categories' must be a list of categories, not text 'Under 2000'; "
        "expected '- name: Under 2000' with a condition such as 'rating: {below: 2000}'"),
    "categories-empty-list": (
        "categories: []\n",
        "event.yml:1:13: 'categories' must be a list of categories, not a list; "
        "expected '- name: Under 2000' with a condition such as 'rating: {below: 2000}'"),
    "category-not-a-mapping": (
        "categories:\n  - Under 2000\n",
        "event.yml:2:5: 'categories[1]' must be a mapping, not text 'Under 2000'; "
        "expected '- name: Under 2000' with a condition such as 'rating: {below: 2000}'"),
    "category-unknown-key": (
        "categories:\n  - name: U16\n    agee: {under: 16}\n    sex: w\n",
        "event.yml:3:5: unknown setting 'categories[1].agee'; did you mean 'age'?; "
        f"expected one of {CATEGORY_KEYS}"),
    "category-without-name": (
        "categories:\n  - sex: w\n",
        "event.yml:2:5: 'categories[1]' has no 'name'; expected 'name: Under 2000', the name "
        "shown"),
    "category-without-condition": (
        "categories:\n  - name: Everybody\n",
        f"event.yml:2:5: category 'Everybody' has no condition; expected one or more of "
        f"{CONDITIONS}"),
    "category-name-not-text": (
        "categories:\n  - name: [a]\n    sex: w\n",
        "event.yml:2:11: 'categories[1].name' must be text, not a list; expected text"),
    "category-name-without-letters": (
        "categories:\n  - name: '!!!'\n    sex: w\n",
        "event.yml:2:11: category name '!!!' has no letter or digit to name its page; "
        "expected a name with letters or digits, such as 'Under 2000'"),
    "category-name-with-a-control-character": (
        'categories:\n  - name: "U\\x0716"\n    sex: w\n',
        "event.yml:2:11: 'categories[1].name' holds the control character '\\x07'; "
        "expected printable text"),
    "prize-name-with-a-control-character": (
        'prizes:\n  lists:\n    overall: ["Tro\\0phy"]\n',
        "event.yml:3:15: 'prizes.lists.overall' holds the control character '\\x00'; "
        "expected printable text"),
    "currency-with-a-control-character": (
        'prizes:\n  currency: "\\x1bEUR"\n  lists: {overall: [100]}\n',
        "event.yml:2:13: 'prizes.currency' holds the control character '\\x1b'; "
        "expected printable text"),
    "category-name-too-long": (
        "categories:\n  - name: " + "x" * 61 + "\n    sex: w\n",
        "event.yml:2:11: category name 'xxxxxxxxxxxxxxxxxxxx...' (61 characters) has 61 "
        "characters; expected at most 60"),
    "category-named-overall": (
        "categories:\n  - name: Overall\n    sex: w\n",
        "event.yml:2:11: a category cannot be named 'Overall': 'prizes.lists' calls the "
        "overall standings so; expected another name"),
    "category-named-twice": (
        "categories:\n  - name: Women\n    sex: w\n  - name: women\n    sex: w\n",
        "event.yml:4:11: category 'women' named twice (first on line 2); expected each "
        "category once"),
    "two-names-one-page": (
        "categories:\n  - name: Under 2000\n    sex: w\n  - name: under-2000\n    sex: w\n",
        "event.yml:4:11: categories 'Under 2000' (line 2) and 'under-2000' would have one "
        "page, 'categories/under-2000.html'; expected names that differ in more than case, "
        "spaces and punctuation"),
    "too-many-categories": (
        "categories:\n" + "".join(f"  - {{name: c{n}, sex: w}}\n" for n in range(51)),
        "event.yml:52:5: more than 50 categories; expected at most 50"),
    "rating-not-a-mapping": (
        "categories:\n  - name: U2000\n    rating: 2000\n",
        "event.yml:3:13: 'categories[1].rating' must be a mapping, not a number '2000'; "
        "expected a band such as '{from: 1800, below: 2000}'"),
    "rating-unknown-key": (
        "categories:\n  - name: U2000\n    rating: {under: 2000, below: 2000}\n",
        "event.yml:3:14: unknown setting 'categories[1].rating.under'; expected one of from, "
        "below, unrated, list"),
    "rating-band-from-above-below": (
        "categories:\n  - name: Mid\n    rating: {from: 2000, below: 1800}\n",
        "event.yml:3:33: 'categories[1].rating' is empty: 'below' (1800) is not above "
        "'from' (2000); expected 'below' greater than 'from'"),
    "rating-without-bound": (
        "categories:\n  - name: All\n    rating: {unrated: yes}\n",
        "event.yml:3:13: 'categories[1].rating' has no bound; expected 'from', 'below' or "
        "'unrated: no' (rated players only), as in a band such as "
        "'{from: 1800, below: 2000}'"),
    "rating-out-of-range": (
        "categories:\n  - name: U\n    rating: {below: 99999999999999999999999}\n",
        "event.yml:3:21: 'categories[1].rating.below' is '99999999999999999999999', out of "
        "range; expected a whole number from 1 to 3500"),
    "rating-negative": (
        "categories:\n  - name: U\n    rating: {from: -5}\n",
        "event.yml:3:20: 'categories[1].rating.from' is -5, out of range; expected a whole "
        "number from 0 to 3500"),
    "rating-unknown-list": (
        "categories:\n  - name: U\n    rating: {below: 2000, list: fida}\n",
        "event.yml:3:33: 'categories[1].rating.list' cannot be 'fida'; did you mean "
        "'fide'?; expected 'fide' or 'national'"),
    "rating-unrated-not-yes-no": (
        "categories:\n  - name: U\n    rating: {below: 2000, unrated: maybe}\n",
        "event.yml:3:36: 'categories[1].rating.unrated' must be true or false, not text "
        "'maybe'; expected true or false"),
    "age-out-of-range": (
        "categories:\n  - name: Old\n    age: {from: 500}\n",
        "event.yml:3:17: 'categories[1].age.from' is 500, out of range; expected a whole "
        "number from 1 to 120"),
    "age-admits-nobody": (
        "categories:\n  - name: Odd\n    age: {under: 16, from: 18}\n",
        "event.yml:3:18: 'categories[1].age' admits nobody: 'under' (16) is not above "
        "'from' (18); expected 'under' greater than 'from'"),
    "age-empty": (
        "categories:\n  - name: Odd\n    age: {}\n",
        "event.yml:3:10: 'categories[1].age' has no limit; expected an age limit such as "
        "'{under: 16}' or '{from: 50}'"),
    "age-reference-unknown": (
        "categories:\n  - name: U16\n    age: {under: 16}\n    age_reference: first-day\n",
        "event.yml:4:20: 'categories[1].age_reference' cannot be 'first-day'; did you mean "
        "'first_day'?; expected 'year' or 'first_day'"),
    "age-reference-without-age": (
        "categories:\n  - name: W\n    sex: w\n    age_reference: year\n",
        "event.yml:4:20: 'age_reference' in category 'W', which has no 'age'; expected "
        "'age_reference' beside an 'age' condition"),
    "sex-unknown": (
        "categories:\n  - name: W\n    sex: female\n",
        "event.yml:3:10: 'categories[1].sex' cannot be 'female'; expected 'm' or 'w' or 'f'"),
    "federation-not-a-code": (
        "categories:\n  - name: N\n    federation: [NOR, Norway]\n",
        "event.yml:3:23: 'categories[1].federation': 'Norway' is not a federation code; "
        "expected FIDE federation codes such as '[NOR, SWE]'"),
    "federation-twice": (
        "categories:\n  - name: N\n    federation: [NOR, nor]\n",
        "event.yml:3:23: 'categories[1].federation' names 'NOR' twice (first on line 3); "
        "expected each once"),
    "federation-empty": (
        "categories:\n  - name: N\n    federation: []\n",
        "event.yml:3:17: 'categories[1].federation' is an empty list; expected FIDE "
        "federation codes such as '[NOR, SWE]'"),
    "title-unknown": (
        "categories:\n  - name: T\n    title: [GM, IMM]\n",
        f"event.yml:3:17: 'categories[1].title': unknown title 'IMM'; did you mean 'IM'?; "
        f"{TITLES}"),
    "title-none-misspelt": (
        "categories:\n  - name: T\n    title: nnone\n",
        f"event.yml:3:12: 'categories[1].title': unknown title 'nnone'; did you mean "
        f"'none'?; {TITLES}"),
    "start-number-not-a-number": (
        "categories:\n  - name: C\n    start_numbers: [3, seven]\n",
        "event.yml:3:24: 'categories[1].start_numbers' must be a whole number, not text "
        "'seven'; expected a whole number from 1 to 9999"),
    "start-number-out-of-range": (
        "categories:\n  - name: C\n    start_numbers: [0]\n",
        "event.yml:3:21: 'categories[1].start_numbers' is 0, out of range; expected a whole "
        "number from 1 to 9999"),
    "start-number-twice": (
        "categories:\n  - name: C\n    start_numbers: [3, 7, 3]\n",
        "event.yml:3:27: 'categories[1].start_numbers' names '3' twice (first on line 3); "
        "expected each once"),
    "prizes-not-a-mapping": (
        "prizes: [100, 50]\n",
        "event.yml:1:9: 'prizes' must be a mapping, not a list; expected lines such as "
        "'lists: {overall: [1000, 500, 250]}'"),
    "prizes-unknown-key": (
        "prizes:\n  list: {overall: [100]}\n  lists: {overall: [100]}\n",
        f"event.yml:2:3: unknown setting 'prizes.list'; did you mean 'lists'?; expected one "
        f"of {PRIZE_KEYS}"),
    "prizes-without-lists": (
        "prizes:\n  currency: EUR\n",
        "event.yml:2:3: 'prizes' has no 'lists'; expected lines such as "
        "'lists: {overall: [1000, 500, 250]}'"),
    "one-per-player-unknown": (
        "prizes:\n  one_per_player: higest\n  lists: {overall: [100]}\n",
        "event.yml:2:19: 'prizes.one_per_player' cannot be 'higest'; did you mean "
        "'highest'?; expected 'highest' or 'first_listed' or 'no'"),
    "ties-unknown": (
        "prizes:\n  ties: split\n  lists: {overall: [100]}\n",
        "event.yml:2:9: 'prizes.ties' cannot be 'split'; expected 'shared' or 'hort' or "
        "'tiebreaks'"),
    "unclaimed-unknown": (
        "prizes:\n  unclaimed: next\n  lists: {overall: [100]}\n",
        "event.yml:2:14: 'prizes.unclaimed' cannot be 'next'; expected 'not_awarded' or "
        "'next_overall'"),
    "hort-share-without-hort": (
        "prizes:\n  ties: shared\n  hort_share: 50\n  lists: {overall: [100]}\n",
        "event.yml:3:15: 'prizes.hort_share' without 'prizes.ties: hort'; expected "
        "'ties: hort' beside it, or no 'hort_share'"),
    "hort-share-out-of-range": (
        "prizes:\n  ties: hort\n  hort_share: 150\n  lists: {overall: [100]}\n",
        "event.yml:3:15: 'prizes.hort_share' is 150 per cent; expected 0 to 100 (per cent)"),
    "min-players-zero": (
        "prizes:\n  min_players: 0\n  lists: {overall: [100]}\n",
        "event.yml:2:16: 'prizes.min_players' is 0, out of range; expected a whole number "
        "from 1 to 10000"),
    "confirmed-not-yes-no": (
        "prizes:\n  confirmed: soon\n  lists: {overall: [100]}\n",
        "event.yml:2:14: 'prizes.confirmed' must be true or false, not text 'soon'; "
        "expected true or false"),
    "currency-too-long": (
        "prizes:\n  currency: Norwegian kroner\n  lists: {overall: [100]}\n",
        "event.yml:2:13: 'prizes.currency' 'Norwegian kroner' is not a currency; expected a "
        "code or sign of at most 12 characters, such as EUR or €"),
    "lists-empty": (
        "prizes:\n  lists: {}\n",
        "event.yml:2:10: 'prizes.lists' must be a mapping of prize lists, not a mapping; "
        "expected a prize list per ranking, such as "
        "'{overall: [1000, 500], Women: [Trophy]}'"),
    "list-for-no-category": (
        "categories:\n  - name: Under 2000\n    rating: {below: 2000}\nprizes:\n  lists:\n"
        "    overall: [100]\n    Under 200: [50]\n",
        "event.yml:7:5: prize list 'Under 200' is for no ranking: no category has that name; "
        "did you mean 'Under 2000'?; expected 'overall' or a category's name: 'overall', "
        "'Under 2000'"),
    "list-overall-misspelt": (
        "prizes:\n  lists:\n    overal: [100]\n",
        "event.yml:3:5: prize list 'overal' is for no ranking: no category has that name; "
        "did you mean 'overall'?; expected 'overall' or a category's name: 'overall'"),
    "list-twice": (
        "prizes:\n  lists:\n    overall: [100]\n    Overall: [50]\n",
        "event.yml:4:5: prize list 'overall' given twice (first on line 3); expected each "
        "list once"),
    "list-empty": (
        "prizes:\n  lists:\n    overall: []\n",
        "event.yml:3:14: prize list 'overall' must be a list of prizes, not a list; expected "
        "a list such as '[1000, 500, Trophy]', the prize of 1st place first"),
    "prize-negative": (
        "prizes:\n  lists:\n    overall: [100, -50]\n",
        f"event.yml:3:20: prize 2 of 'overall' is negative ('-50'); {AMOUNT}"),
    "prize-zero": (
        "prizes:\n  lists:\n    overall: [0]\n",
        f"event.yml:3:15: prize 1 of 'overall' is '0', out of range; {AMOUNT}"),
    "prize-huge": (
        "prizes:\n  lists:\n    overall: [" + "9" * 5000 + "]\n",
        "event.yml:3:15: prize 1 of 'overall' '99999999999999999999...' (5000 characters) is "
        f"not an amount of money; {AMOUNT}"),
    "prize-over-a-billion": (
        "prizes:\n  lists:\n    overall: [2000000000]\n",
        f"event.yml:3:15: prize 1 of 'overall' is '2000000000', out of range; {AMOUNT}"),
    "prize-fractions-of-a-cent": (
        "prizes:\n  lists:\n    overall: [10.125]\n",
        f"event.yml:3:15: prize 1 of 'overall' '10.125' is not an amount of money; {AMOUNT}"),
    "prize-in-floating-notation": (
        "prizes:\n  lists:\n    overall: [1.0e+99]\n",
        f"event.yml:3:15: prize 1 of 'overall' '1.0e+99' is not an amount of money; {AMOUNT}"),
    # Issue 22: each was read as a prize's *name*, with no currency and out of the fund.
    "prize-with-an-exponent": (
        "prizes:\n  lists:\n    overall: [1e3]\n",
        f"event.yml:3:15: prize 1 of 'overall' '1e3' is not an amount of money; {AMOUNT}"),
    "prize-beyond-floating-point": (
        "prizes:\n  lists:\n    overall: [500, 1e309]\n",
        f"event.yml:3:20: prize 2 of 'overall' '1e309' is not an amount of money; {AMOUNT}"),
    "prize-quoted-negative": (
        "prizes:\n  lists:\n    overall: ['-5']\n",
        f"event.yml:3:15: prize 1 of 'overall' is negative ('-5'); {AMOUNT}"),
    "prize-with-a-thousands-comma": (
        "prizes:\n  lists:\n    overall: ['1,000']\n",
        f"event.yml:3:15: prize 1 of 'overall' '1,000' is not an amount of money; {AMOUNT}"),
    "prize-a-date": (
        "prizes:\n  lists:\n    overall: [2026-03-14]\n",
        f"event.yml:3:15: prize 1 of 'overall' is a date ('2026-03-14'); {AMOUNT}"),
    "prize-a-quoted-date": (
        "prizes:\n  lists:\n    overall:\n      - \"14/03/2026\"\n",
        f"event.yml:4:9: prize 1 of 'overall' is a date ('14/03/2026'); {AMOUNT}"),
    "prize-quoted-zero": (
        "prizes:\n  lists:\n    overall: ['0']\n",
        f"event.yml:3:15: prize 1 of 'overall' is '0', out of range; {AMOUNT}"),
    "prize-nothing": (
        "prizes:\n  lists:\n    overall: [100, ~]\n",
        f"event.yml:3:20: prize 2 of 'overall' is nothing; {AMOUNT}"),
    "prize-a-mapping": (
        "prizes:\n  lists:\n    overall: [{amount: 100}]\n",
        f"event.yml:3:15: prize 1 of 'overall' is a mapping; {AMOUNT}"),
}


@pytest.mark.parametrize(("text", "message"), BROKEN.values(), ids=BROKEN.keys())
def test_broken_blocks_give_the_expected_diagnostic(text, message):
    with pytest.raises(StandingsError) as raised:
        parse_settings(text, "event.yml")
    assert [str(d) for d in raised.value.diagnostics] == [message]


@pytest.mark.parametrize(("written", "amount"), [
    ("'100'", "100"), ('"87.50"', "87.50"), ("'+5'", "5"), ("' 150 '", "150"),
])
def test_a_quoted_amount_is_the_amount(written, amount):
    # Issue 22: JSON writers quote numbers; read as a name it had no currency and stayed
    # out of the prize fund.
    settings = parse_settings("prizes:\n  currency: EUR\n  lists:\n    overall: "
                              f"[{written}, Trophy]\n", "event.yml")
    assert settings.prizes is not None
    first, second = settings.prizes.prizes
    assert (first.amount, first.name) == (Decimal(amount), None)
    assert (second.amount, second.name) == (None, "Trophy")


def test_a_prize_list_naming_a_refused_category_is_not_a_second_error():
    text = ("categories:\n  - name: Women\n    sex: x\nprizes:\n  lists:\n"
            "    overall: [100]\n    Women: [Trophy]\n")
    with pytest.raises(StandingsError) as raised:
        parse_settings(text, "event.yml")
    assert [str(d) for d in raised.value.diagnostics] == [
        "event.yml:3:10: 'categories[1].sex' cannot be 'x'; expected 'm' or 'w' or 'f'"]


def test_every_problem_of_the_blocks_is_reported_in_one_run():
    text = ("categories:\n  - name: A\n    sex: x\n  - name: B\n    age: {under: 999}\n"
            "prizes:\n  ties: even\n  lists:\n    overall: [-1]\n")
    with pytest.raises(StandingsError) as raised:
        parse_settings(text, "event.yml")
    assert [(d.line, d.column) for d in raised.value.diagnostics] == [
        (3, 10), (5, 18), (7, 9), (9, 15)]


# --- hostile input: whatever the blocks hold, a diagnostic or settings, never a traceback

_SCALARS = st.one_of(
    st.integers(-10**30, 10**30).map(str), st.sampled_from(
        ["yes", "no", "~", "''", "1e99", "-0", "0.001", ".inf", "overall", "Women", "w", "m",
         "NOR", "none", "GM", "first_day", "hort", "[]", "{}", "!!binary AAAA", "&a x", "*a"]),
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=12).map(repr))
_KEYS = st.sampled_from(["name", "rating", "age", "age_reference", "sex", "federation",
                         "title", "start_numbers", "from", "below", "under", "unrated",
                         "list", "currency", "one_per_player", "ties", "hort_share",
                         "min_players", "unclaimed", "confirmed", "lists", "overall",
                         "Women", "nam"])


def _yaml(depth: int) -> st.SearchStrategy[str]:
    if depth == 0:
        return _SCALARS
    inner = _yaml(depth - 1)
    return st.one_of(
        _SCALARS,
        st.lists(inner, max_size=4).map(lambda items: "[" + ", ".join(items) + "]"),
        st.dictionaries(_KEYS, inner, max_size=4).map(
            lambda mapping: "{" + ", ".join(f"{k}: {v}" for k, v in mapping.items()) + "}"))


@settings(max_examples=300, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(categories=_yaml(3), prizes=_yaml(3))
def test_hostile_blocks_give_diagnostics_never_a_traceback(categories, prizes):
    text = f"categories: {categories}\nprizes: {prizes}\n"
    try:
        parse_settings(text, "event.yml")
    except StandingsError as error:
        assert error.diagnostics
        assert all(d.line is not None and d.column is not None for d in error.diagnostics)


# --- against the TRF file, once the event is assembled -------------------------------------


def _event_diagnostics(folder, settings_text: str, trf_text: str = BASE) -> list[str]:
    (folder / "tournament.trf").write_text(trf_text, encoding="utf-8")
    (folder / "event.yml").write_text(settings_text, encoding="utf-8")
    try:
        event = read_event(folder)
    except StandingsError as error:
        return [str(d) for d in error.diagnostics]
    return [str(d) for d in event.warnings]


def test_a_start_number_no_player_has_is_an_error_at_its_position(tmp_path):
    text = "categories:\n  - name: Club\n    start_numbers: [2, 9, 4, 77]\n"
    path = str(tmp_path / "event.yml")
    assert _event_diagnostics(tmp_path, text) == [
        f"{path}:3:24: category 'Club': start number 9 is not a player of the event; "
        "expected the starting rank of a player (1 to 4)",
        f"{path}:3:30: category 'Club': start number 77 is not a player of the event; "
        "expected the starting rank of a player (1 to 4)"]


def test_national_bands_without_national_ratings_in_the_file_are_an_error(tmp_path):
    text = "categories:\n  - name: U1600\n    rating: {below: 1600, list: national}\n"
    path = str(tmp_path / "event.yml")
    assert _event_diagnostics(tmp_path, text) == [
        f"{path}:3:33: category 'U1600' reads national ratings, which are not available in "
        "this file (it has no TRF-26 national rating records); expected 'list: fide', or "
        "national rating records in the TRF file"]
    # With a national rating record of the federation 172 names, the band is read.
    nrs = "NOR    1      Alpha, Anna                       1500 NOR\n"
    assert _event_diagnostics(tmp_path, text, "172 NOR FIDON\n" + BASE + nrs) == []


def test_a_federation_nobody_plays_for_is_a_warning_with_a_did_you_mean(tmp_path):
    text = "categories:\n  - name: Nordic\n    federation: [NOR, SWD]\n"
    path = str(tmp_path / "event.yml")
    assert _event_diagnostics(tmp_path, text) == [
        f"{path}:3:17: warning: category 'Nordic': no player of the event plays for 'SWD'; "
        "did you mean 'SWE'?; expected a federation of the event's players: FRA, GER, NOR, "
        "SWE"]


def test_ages_without_a_first_day_are_a_warning(tmp_path):
    text = "categories:\n  - name: U16\n    age: {under: 16}\n"
    path = str(tmp_path / "event.yml")
    without_date = BASE.replace("042 2026/03/14\n", "")
    assert _event_diagnostics(tmp_path, text, without_date) == [
        f"{path}:3:10: warning: category 'U16' counts ages from the event's first day, "
        "which neither event.yml nor the TRF file (042) gives, so it has no players; "
        "expected 'start_date' in event.yml"]
    assert _event_diagnostics(tmp_path, text + "start_date: 2026-03-14\n", without_date) == []


def test_every_key_of_the_blocks_is_in_the_readme_settings_reference():
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    reference = readme[readme.index("## Settings reference"):readme.index("### Site settings")]
    keys = {*TOP_LEVEL_KEYS, *CATEGORY_KEY_NAMES, *RATING_KEYS, *AGE_KEYS, *PRIZE_KEY_NAMES}
    assert sorted(key for key in keys if f"`{key}`" not in reference
                  and f"`{key}:" not in reference and f"{{{key}:" not in reference) == []


def test_single_values_stand_for_lists_of_one_and_a_band_may_be_rated_players_only():
    text = ("categories:\n  - name: 2000\n    rating: {unrated: no}\n    federation: nor\n"
            "    title: none\n    start_numbers: 5\n")
    assert parse_settings(text, "event.yml").categories == (
        Category(name="2000", slug="2000", conditions=(
            RatingCondition(unrated=False),
            FederationCondition(federations=frozenset({"NOR"})),
            TitleCondition(titles=frozenset({""})),
            StartNumberCondition(start_numbers=frozenset({StartNo(5)})))),)


def test_categories_and_prizes_in_a_team_event_are_a_warning_not_left_out_unsaid(
        tmp_path: Path) -> None:
    # A team event's site ranks teams; categories and prize lists rank players, so the
    # arbiter is told that the pages will not show them rather than finding them missing.
    source = Path(__file__).resolve().parents[2] / "events" / "crete-friendship-cup-2024"
    folder = tmp_path / "cup"
    folder.mkdir()
    (folder / "tournament.trf").write_bytes((source / "tournament.trf").read_bytes())
    (folder / "event.yml").write_text(
        "categories:\n  - name: Women\n    sex: w\nprizes:\n  lists:\n    overall: [100]\n",
        encoding="utf-8")
    event = read_event(folder)
    said = [(w.line, w.message) for w in event.warnings if "team event" in w.message]
    assert said == [
        (2, "'categories' is not applied to a team event: its site ranks teams"),
        (5, "'prizes' is not applied to a team event: its site ranks teams"),
    ]
