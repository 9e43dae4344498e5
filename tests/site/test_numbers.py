"""The one writer of numbers and dates (issue 24): ``generator/site/numbers.py``.

Expected texts are worked by hand: the glyphs chess players write, the decimal separator of
each language (CLDR: a comma in de, fr, es, it, nl), the shipped catalogues' order of an
amount and its currency (Dutch puts the currency first), and for date ranges CLDR's
interval patterns of each language (Babel fits the skeleton yMMMMd to the nearest one the
locale has, yMMMd but in Spanish, and writes its months abbreviated, between thin spaces).

The last tests check that no other module of the site, the preview or the CLI writes a
number or a date itself: no Babel date writing, no strftime, no rounding of a Decimal, no
reading of the decimal separator, no table of month names.
"""

from __future__ import annotations

import ast
from datetime import date, time
from decimal import Decimal as D
from pathlib import Path

import pytest

from generator.rules.notation import parse_tiebreak
from generator.site.language import speaking
from generator.site.numbers import (
    change_text,
    date_range,
    day_text,
    format_points,
    hundredths_text,
    json_number,
    json_number_text,
    money_text,
    percent_text,
    plain_decimal,
    plain_number,
    points_writer,
    shown_value,
    signed_text,
    time_text,
)

TRANSLATED = ("de", "fr", "es", "it", "nl")
THIN = "\N{THIN SPACE}"

# --- points ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("value", "text"), [
    ("0.25", "¼"), ("0.5", "½"), ("0.75", "¾"), ("1.25", "1¼"), ("7.50", "7½"),
    ("10.75", "10¾"), ("3", "3"), ("3.00", "3"), ("-0.5", "-½"), ("-2.75", "-2¾"),
    ("-3", "-3"), ("-0.25", "-¼"), ("12.43", "12.43"), ("-1.3", "-1.3"), ("0.1", "0.1"),
])
def test_points_take_the_quarter_glyphs_and_a_sign(value: str, text: str) -> None:
    assert format_points(D(value)) == text


def test_an_undefined_value_is_a_dash() -> None:
    assert format_points(None) == "–"


@pytest.mark.parametrize("code", TRANSLATED)
def test_points_that_are_no_quarters_take_the_languages_separator(code: str) -> None:
    # Written in English first: the remembered text must not leak into another language.
    assert format_points(D("45.83")) == "45.83"
    with speaking(code):
        assert format_points(D("45.83")) == "45,83"
        assert format_points(D("-1.3")) == "-1,3"
        assert format_points(D("2.5")) == "2½"
    assert format_points(D("45.83")) == "45.83"


@pytest.mark.parametrize("code", ("en", *TRANSLATED))
def test_a_pages_points_writer_writes_as_format_points_in_its_language(code: str) -> None:
    values = [None, *(D(text) for text in ("0", "0.25", "2.50", "-0.75", "45.83", "-1.3", "10"))]
    with speaking(code):
        write = points_writer()
        written = [write(value) for value in values]
        assert written == [format_points(value) for value in values]
    # Looked up once, when the page began: another language later does not change it.
    with speaking("fr" if code == "en" else "en"):
        assert [write(value) for value in values] == written


# --- plain numbers: CSV, JSON, the CLI -------------------------------------------------------


@pytest.mark.parametrize(("value", "text"), [
    ("11.50", "11.5"), ("2120", "2120"), ("2120.000", "2120"), ("-0.50", "-0.5"),
    ("0.000", "0"), ("-0", "0"), ("1E+3", "1000"), ("0.0625", "0.0625"),
])
def test_plain_decimals_have_no_exponent_and_no_trailing_zero(value: str, text: str) -> None:
    assert plain_decimal(D(value)) == text


@pytest.mark.parametrize("code", TRANSLATED)
def test_plain_decimals_stay_with_a_point_in_every_language(code: str) -> None:
    with speaking(code):
        assert plain_decimal(D("11.5")) == "11.5"
        assert plain_number(D("2005.25")) == "2005,25"
    assert plain_number(D("2005.25")) == "2005.25"


def test_json_numbers_are_integers_where_whole_and_null_where_undefined() -> None:
    whole = json_number(D("2120.00"))
    assert whole == 2120 and type(whole) is int
    half = json_number(D("11.50"))
    assert half == 11.5 and type(half) is float
    assert json_number(D("-0.5")) == -0.5
    assert json_number(None) is None
    assert json_number_text(D("45.830")) == "45.83"
    assert json_number_text(D("7.00")) == "7"
    assert json_number_text(None) == "null"


def test_an_exact_average_is_shown_to_the_hundredth_half_up_and_others_exactly() -> None:
    # AOB and SSSC: C.07 names no rounding; the pages and `rank` show two decimals.
    assert shown_value(parse_tiebreak("AOB"), D("1850.125")) == D("1850.13")
    assert shown_value(parse_tiebreak("AOB"), D("1850.1249")) == D("1850.12")
    assert shown_value(parse_tiebreak("BH"), D("12.125")) == D("12.125")
    assert shown_value(parse_tiebreak("AOB"), None) is None


# --- money, shares, rating changes -------------------------------------------------------


def test_money_is_whole_or_to_the_cent_cut_not_rounded() -> None:
    assert money_text(D("500"), "EUR") == "500 EUR"
    assert money_text(D("500.00"), "EUR") == "500 EUR"
    assert money_text(D("333.339"), "EUR") == "333.33 EUR"
    assert money_text(D("100.5"), None) == "100.50"
    assert money_text(D("1000"), None) == "1000"


@pytest.mark.parametrize(("code", "whole", "cents"), [
    ("de", "500 EUR", "333,33 EUR"),
    ("fr", "500 EUR", "333,33 EUR"),
    ("es", "500 EUR", "333,33 EUR"),
    ("it", "500 EUR", "333,33 EUR"),
    ("nl", "EUR 500", "EUR 333,33"),
])
def test_money_in_each_language(code: str, whole: str, cents: str) -> None:
    with speaking(code):
        assert money_text(D("500"), "EUR") == whole
        assert money_text(D("333.339"), "EUR") == cents
        assert money_text(D("100.5"), None) == "100,50"


def test_a_share_is_a_percentage_to_one_decimal_half_up() -> None:
    assert percent_text(D("2.5"), D(4)) == "62.5%"
    assert percent_text(D(1), D(3)) == "33.3%"
    assert percent_text(D(2), D(3)) == "66.7%"
    assert percent_text(D("0.5"), D(8)) == "6.3%"  # 6.25
    assert percent_text(D(3), D(3)) == "100.0%"
    assert percent_text(D(0), D(5)) == "0.0%"
    assert percent_text(D(0), D(0)) == "–"
    with speaking("de"):
        assert percent_text(D("2.5"), D(4)) == "62,5%"


def test_rating_changes_carry_their_sign() -> None:
    assert change_text(D("12.8")) == "+12.8"
    assert change_text(D("-3")) == "\N{MINUS SIGN}3.0"
    assert change_text(D("5.55")) == "+5.55"
    assert change_text(D("7.125")) == "+7.13"
    assert change_text(D("0")) == "0.0"
    assert signed_text(120) == "+120"
    assert signed_text(-400) == "\N{MINUS SIGN}400"
    assert signed_text(0) == "0"
    assert hundredths_text(D("0.5")) == "0.50"
    with speaking("fr"):
        assert change_text(D("-3")) == "\N{MINUS SIGN}3,0"
        assert hundredths_text(D("0.36")) == "0,36"


# --- dates -----------------------------------------------------------------------------------

SAME_MONTH = (date(2026, 3, 5), date(2026, 3, 7))
ACROSS_MONTHS = (date(2026, 3, 30), date(2026, 4, 2))
ACROSS_YEARS = (date(2025, 12, 30), date(2026, 1, 2))

RANGES = {
    # English: day, month in full, year, as the site always wrote them.
    "en": ("5 March 2026", "5–7 March 2026", "30 March – 2 April 2026",
           "30 December 2025 – 2 January 2026"),
    "de": ("5. März 2026", "5.–7. März 2026", f"30. März{THIN}–{THIN}2. Apr. 2026",
           f"30. Dez. 2025{THIN}–{THIN}2. Jan. 2026"),
    "fr": ("5 mars 2026", "5–7 mars 2026", f"30 mars{THIN}–{THIN}2 avr. 2026",
           f"30 déc. 2025{THIN}–{THIN}2 janv. 2026"),
    "es": ("5 de marzo de 2026", "5–7 de marzo de 2026",
           f"30 de marzo{THIN}–{THIN}2 de abril de 2026",
           f"30 de diciembre de 2025{THIN}–{THIN}2 de enero de 2026"),
    # Italian's interval patterns write the day with two digits (dd).
    "it": ("5 marzo 2026", "05–07 mar 2026", f"30 mar{THIN}–{THIN}02 apr 2026",
           f"30 dic 2025{THIN}–{THIN}02 gen 2026"),
    "nl": ("5 maart 2026", "5–7 mrt 2026", f"30 mrt{THIN}–{THIN}2 apr 2026",
           f"30 dec 2025{THIN}–{THIN}2 jan 2026"),
}


@pytest.mark.parametrize("code", list(RANGES))
def test_days_and_ranges_in_each_language(code: str) -> None:
    one_day, same_month, across_months, across_years = RANGES[code]
    with speaking(code):
        assert day_text(SAME_MONTH[0]) == one_day
        assert date_range(SAME_MONTH[0]) == one_day
        assert date_range(SAME_MONTH[0], SAME_MONTH[0]) == one_day
        assert date_range(None, SAME_MONTH[0]) == one_day
        assert date_range(*SAME_MONTH) == same_month
        assert date_range(*ACROSS_MONTHS) == across_months
        assert date_range(*ACROSS_YEARS) == across_years


def test_a_time_is_on_the_24_hour_clock_in_every_language() -> None:
    assert time_text(time(14, 0)) == "14:00"
    assert time_text(time(9, 5)) == "09:05"
    with speaking("fr"):
        assert time_text(time(21, 30)) == "21:30"


def test_no_date_is_no_text() -> None:
    assert date_range(None) == ""
    assert date_range(None, None) == ""


# --- one writer ------------------------------------------------------------------------------

GENERATOR = Path(__file__).resolve().parents[2] / "generator"
WRITERS = (GENERATOR / "site" / "numbers.py", GENERATOR / "site" / "plain_numbers.py")
"""The one writer: in the page's language, and its plain part (which loads no Babel)."""
MONTHS = frozenset({"January", "February", "March", "April", "June", "July", "August",
                    "September", "October", "November", "December"})
"""An English month's name as a string of its own (May is also a word)."""


def number_writing(source: str) -> list[str]:
    """Where ``source`` writes a number or a date itself: imports Babel's date or number
    writers, rounds a Decimal (``quantize``), writes one with ``format(value, "...f")``,
    reads a language's decimal separator (``.decimal``), writes a date or a time with
    ``strftime`` or an f-string's ``%`` codes, or holds a month's name."""
    found = []
    for node in ast.walk(ast.parse(source)):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.ImportFrom) and node.module in ("babel.dates", "babel.numbers"):
            found.append(f"line {line}: imports {node.module}")
        elif isinstance(node, ast.Import) and any(
                a.name in ("babel.dates", "babel.numbers") for a in node.names):
            found.append(f"line {line}: imports babel.dates or babel.numbers")
        elif isinstance(node, ast.Attribute) and node.attr in ("quantize", "decimal"):
            found.append(f"line {line}: .{node.attr}")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "format" and len(node.args) == 2
              and isinstance(node.args[1], ast.Constant)
              and isinstance(node.args[1].value, str) and node.args[1].value.endswith("f")):
            found.append(f"line {line}: format(..., {node.args[1].value!r})")
        elif isinstance(node, ast.Attribute) and node.attr == "strftime":
            found.append(f"line {line}: .strftime")
        elif (isinstance(node, ast.FormattedValue) and node.format_spec is not None
              and "%" in ast.unparse(node.format_spec)):
            found.append(f"line {line}: a date written by an f-string")
        elif isinstance(node, ast.Constant) and node.value in MONTHS:
            found.append(f"line {line}: the month {node.value!r}")
    return found


def _writers_above_the_rules() -> list[Path]:
    """The modules that show numbers: the site's, the preview's and the CLI (the rules
    round where an article says so; that is a value, not a text)."""
    return [*sorted((GENERATOR / "site").glob("*.py")),
            *sorted((GENERATOR / "preview").glob("*.py")), GENERATOR / "cli.py"]


@pytest.mark.parametrize("path", [p for p in _writers_above_the_rules() if p not in WRITERS],
                         ids=lambda p: p.relative_to(GENERATOR).as_posix())
def test_only_the_numbers_module_writes_numbers_and_dates(path: Path) -> None:
    assert number_writing(path.read_text(encoding="utf-8")) == [], (
        f"{path.name} writes a number or a date itself: use generator/site/numbers.py")


def test_the_check_sees_a_second_writer() -> None:
    assert number_writing("from babel.dates import format_interval\n")
    assert number_writing("import babel.numbers\n")
    assert number_writing("text = value.quantize(Decimal('0.1'))\n")
    assert number_writing("text = format(value, '.2f')\n")
    assert number_writing("separator = active().decimal\n")
    assert number_writing("MONTHS = ('January', 'February')\n")
    assert number_writing("text = format(value, 'f')\n")
    assert number_writing("text = day.strftime('%d %B %Y')\n")
    assert number_writing("text = f'{clock:%H:%M}'\n")
    assert not number_writing("text = f'{elapsed:.2f} s'\n")
    assert not number_writing("from babel import Locale\nname = format(value)\n")
    # The writer itself holds every one of them but the month names.
    assert len([found for writer in WRITERS
                for found in number_writing(writer.read_text(encoding="utf-8"))]) >= 4
