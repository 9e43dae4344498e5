"""Each rule written once (issue 10): checks on the package's source that fail when a second
coding of a rule reappears somewhere else.

The rules' behaviour is tested where they are used (tests/rules/test_tiebreak_lists.py runs
the list rules and Art. 8 over every source); these tests guard the places where a copy
would look natural to write again.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "generator"


def _trees() -> dict[str, ast.AST]:
    return {str(path.relative_to(PACKAGE.parent)): ast.parse(path.read_text(encoding="utf-8"))
            for path in sorted(PACKAGE.rglob("*.py"))}


def _is_edition_member(node: ast.AST) -> bool:
    return (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            and node.value.id == "Edition" and node.attr.startswith("FIDE_"))


def _is_edition_year(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value in ("2024", "2026")


def test_editions_are_told_apart_by_the_edition_only():
    """``edition.has_2026_rules`` / ``edition.is_at_least(...)``, not ``is FIDE_2026_03``
    here, ``is not FIDE_2024_08`` there and ``since == "2026"`` elsewhere: with a third
    edition they would disagree."""
    found = []
    for name, tree in _trees().items():
        if name == "generator/model.py":
            continue  # where Edition says which of its members has which rules
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare) and any(
                    _is_edition_member(side) or _is_edition_year(side)
                    for side in (node.left, *node.comparators)):
                found.append(f"{name}:{node.lineno}")
    assert found == []


def test_an_alias_is_resolved_in_the_notation_only():
    """``TiebreakInfo.canonical`` (GE is REP) is the one place that reads ``alias_of``."""
    found = [f"{name}:{node.lineno}" for name, tree in _trees().items()
             if name != "generator/rules/notation.py"
             for node in ast.walk(tree)
             if isinstance(node, ast.Attribute) and node.attr == "alias_of"]
    assert found == []
