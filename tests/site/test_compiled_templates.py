"""The templates a build compiled are kept for the next one (render.compiled_templates_cache),
in a folder of the user's cache: never in the published site, and never one language's
compiled page read by another."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest

from generator.site import render
from generator.site.render import COMPILED_TEMPLATES_DIR, make_environment


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An events folder with a club template saying a sentence the catalogues translate,
    and the compiled templates kept in a folder of the test's own."""
    (tmp_path / "events").mkdir()
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "probe.html").write_text('{{ _("Round by round") }}',
                                                       encoding="utf-8")
    monkeypatch.setenv(COMPILED_TEMPLATES_DIR, str(tmp_path / "compiled"))
    return tmp_path / "events"


def _probe(events: Path, language: str) -> str:
    return make_environment(events, language=language).get_template("probe.html").render()


def test_a_second_environment_reads_the_template_compiled_by_the_first(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = _probe(project, "de")
    assert list((project.parent / "compiled").rglob("*.cache"))

    def refused(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("compiled again")

    monkeypatch.setattr(render.EscapingEnvironment, "compile", refused)
    assert _probe(project, "de") == first


def test_each_language_reads_its_own_compiled_pages(project: Path) -> None:
    # The environment folds a constant sentence into the compiled page in its language.
    assert _probe(project, "de") == "Runde für Runde"
    assert _probe(project, "en") == "Round by round"
    assert _probe(project, "de") == "Runde für Runde"


def test_a_changed_template_is_compiled_again(project: Path) -> None:
    _probe(project, "en")
    (project.parent / "templates" / "probe.html").write_text("changed", encoding="utf-8")
    assert _probe(project, "en") == "changed"


def test_an_empty_setting_keeps_no_compiled_template(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(COMPILED_TEMPLATES_DIR, "")
    env = make_environment(project, language="en")
    assert env.bytecode_cache is None
    assert env.get_template("probe.html").render() == "Round by round"


def test_a_cache_folder_that_cannot_be_made_compiles_as_before(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = project.parent / "a-file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv(COMPILED_TEMPLATES_DIR, str(blocker / "below"))
    env = make_environment(project, language="en")
    assert env.bytecode_cache is None
    assert isinstance(env, jinja2.Environment)
    assert env.get_template("probe.html").render() == "Round by round"


def test_a_changed_catalogue_is_not_read_from_pages_compiled_with_the_old_one(
        project: Path, tmp_path: Path) -> None:
    # A translator editing de's .po (standings serve shows the change on the next refresh):
    # the sentence folded into the compiled page must be the new catalogue's.
    from kit import languagekit

    assert _probe(project, "de") == "Runde für Runde"
    edited = languagekit.language.catalogue_path("de").read_bytes().replace(
        b'msgstr "Runde f\xc3\xbcr Runde"', b'msgstr "Zug um Zug"')
    with languagekit.catalogues(tmp_path / "locales", {"de": edited}):
        assert _probe(project, "de") == "Zug um Zug"
