"""The faster autoescaping (generator/site/escaping.py) and the check that guards it.

The hooks reach into Jinja's code generator and markupsafe's private escaping; the check
must notice each way a library change could make them wrong or unused, and a build must
then stop with a diagnostic rather than write pages.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import jinja2
import markupsafe
import pytest
from jinja2.compiler import CodeGenerator
from kit.sitekit import make_seed_events, read_tree

from generator.errors import StandingsError
from generator.site import escaping
from generator.site.language import language
from generator.site.render import make_environment

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def fresh_check() -> Iterator[None]:
    """Forget the once-per-process result, before and after the test changes the hooks."""
    escaping._checked_problem.cache_clear()
    yield
    escaping._checked_problem.cache_clear()


def _leaves_quotes_alone(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def test_the_hooks_are_exact_with_the_installed_libraries() -> None:
    assert escaping.escaping_problem() is None


def test_the_environment_a_build_uses_compiles_through_the_hook() -> None:
    env = make_environment()
    assert isinstance(env, escaping.EscapingEnvironment)
    assert "environment.escape_output(" in str(env.compile("{{ name }}", raw=True))
    assert env.from_string("{{ name }}").render(name="<O'Neil & \"Co\">") == (
        "&lt;O&#39;Neil &amp; &#34;Co&#34;&gt;")


def test_the_check_notices_a_shortcut_that_escapes_differently(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(escaping, "_escape_text", _leaves_quotes_alone)
    problem = escaping.escaping_problem()
    assert problem is not None
    assert "where jinja2 writes" in problem and "&#39;" in problem


def test_the_check_notices_when_jinja_no_longer_calls_the_hook(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # As if Jinja renamed the method we override: ours would silently never run.
    monkeypatch.setattr(escaping._CodeGenerator, "_output_child_pre",
                        CodeGenerator._output_child_pre)
    assert escaping.escaping_problem() == (
        "jinja2's code generator no longer calls the escaping hook")


def test_the_check_notices_when_jinja_no_longer_looks_attributes_up_through_the_hook(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(escaping._CodeGenerator, "visit_Getattr", CodeGenerator.visit_Getattr)
    assert escaping.escaping_problem() == (
        "jinja2's code generator no longer looks attributes up through the hook")


def test_the_check_notices_an_attribute_lookup_without_jinjas_fallback(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A lookup that never falls back to Jinja's (an item of a dict, ``k.a``, is found there).
    monkeypatch.setattr(escaping, "_GETATTR_CALL", ":= (lambda o, a, d: None)((")
    problem = escaping.escaping_problem()
    assert problem is not None


def test_the_check_notices_markupsafe_without_its_private_escape(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(escaping, "_escape_text", markupsafe.escape)
    assert escaping.escaping_problem() == "markupsafe has no _escape_inner"


def test_the_check_notices_globals_that_no_longer_overlay(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(escaping.EscapingEnvironment, "make_globals",
                        lambda self, d: {**(d or {}), **self.globals})
    problem = escaping.escaping_problem()
    assert problem is not None and "own g" in problem


def test_a_build_with_inexact_escaping_stops_and_keeps_the_site(
        run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_check: None) -> None:
    make_seed_events(tmp_path / "events")
    assert run("build", "events", "--out", "site").exit_code == 0
    before = read_tree(tmp_path / "site")
    monkeypatch.setattr(escaping, "_escape_text", _leaves_quotes_alone)
    escaping._checked_problem.cache_clear()  # the first build found the hooks exact
    with pytest.raises(StandingsError):
        make_environment()
    # --clean: with nothing changed a build writes nothing and needs no environment.
    result = run("build", "events", "--out", "site", "--clean")
    assert result.exit_code == 1
    assert "generator/site/escaping.py: the escaping hooks write" in result.output
    assert "installed: jinja2 " in result.output and "pyproject.toml" in result.output
    assert "Traceback" not in result.output
    assert read_tree(tmp_path / "site") == before


@pytest.mark.parametrize("name", ["jinja2", "markupsafe"])
def test_pyproject_pins_the_versions_the_hooks_were_checked_against(name: str) -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pins = [dep for dep in project["project"]["dependencies"]
            if dep.lower().startswith(name + "==")]
    assert pins == [f"{name}=={metadata.version(name)}"]


_WORDS_SOURCE = (
    '{{ _("Round by round") }}|{{ pgettext("column heading: round", "Rd") }}'
    '|{{ gettext("About") }}|{{ _("No. %(number)s", number=7) }}|{{ _("100%% <sure>") }}'
    '|{{ _("No. %(number)s", number=n) }}|{{ _(word) }}'
    '|{{ pgettext("column heading", "Counts in %(code)s as", code=n) }}'
    '|{% trans %}Board {{ n }}: Black{% endtrans %}'
)


@pytest.mark.parametrize("code", ["en", "de"])
def test_constant_words_are_translated_once_and_write_what_a_call_writes(code: str) -> None:
    ours = make_environment(language=code)
    theirs = jinja2.Environment(autoescape=True, extensions=["jinja2.ext.i18n"])
    speaks = language(code)
    theirs.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=speaks.gettext, ngettext=speaks.translations.ngettext,
        pgettext=speaks.pgettext, npgettext=speaks.translations.npgettext, newstyle=True)
    compiled = str(ours.compile(_WORDS_SOURCE, raw=True))
    # Only the four calls with a variable are left to the render.
    assert compiled.count("context.call(") == 4
    values = {"n": "<3>", "word": "About"}
    assert (ours.from_string(_WORDS_SOURCE).render(values)
            == theirs.from_string(_WORDS_SOURCE).render(values))


def test_a_template_that_binds_a_word_function_keeps_its_calls() -> None:
    source = '{% set _ = gettext %}{{ _("About") }}|{% for pgettext in [1] %}{% endfor %}'
    assert "context.call(" in str(make_environment().compile(source, raw=True))


def test_the_check_notices_a_shortcut_that_writes_a_number_differently(
        monkeypatch: pytest.MonkeyPatch) -> None:
    original = escaping._escape_for_output
    monkeypatch.setattr(escaping.EscapingEnvironment, "escape_output", staticmethod(
        lambda value: f"{value:04d}" if type(value) is int else original(value)))
    problem = escaping.escaping_problem()
    assert problem is not None and "0005" in problem
