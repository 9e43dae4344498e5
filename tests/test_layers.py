"""The house's plan (ARCHITECTURE.md), checked: every import among generator modules points
down the wings, no module imports itself round a circle, and no module outside the CLI hides
a generator import inside a function.

Every import counts, also those inside functions and under ``if TYPE_CHECKING:``: a circle
held together by a hidden import is still a circle.
"""

from __future__ import annotations

import ast
import functools
from collections import UserDict
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "generator"

WINGS = ("ground", "rules", "reading", "site", "preview", "face")
"""Lowest first; a module may import its own wing and the wings below it."""
FACE = frozenset({"generator.cli", "generator.__main__"})
LAZY_IMPORTS_ALLOWED = FACE
"""The CLI imports what a command needs when the command runs, for start-up time."""


def wing_of(module: str) -> str:
    if module in FACE:
        return "face"
    parts = module.split(".")
    if len(parts) > 2 and parts[1] in WINGS:
        return parts[1]
    return "ground"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


MODULES = _modules()


@functools.cache
def syntax_tree(module: str) -> ast.Module:
    """The module's parse, once a run: every check below reads the same source."""
    return ast.parse(MODULES[module].read_text(encoding="utf-8"))


def _target(module: str, node: ast.ImportFrom | ast.Import) -> list[str]:
    """The generator modules an import statement loads (``from generator.site import pages``
    loads generator.site.pages)."""
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        if node.level:
            base = module.split(".")
            package = base if MODULES[module].name == "__init__.py" else base[:-1]
            stem = ".".join(package[: len(package) - node.level + 1])
            origin = f"{stem}.{node.module}" if node.module else stem
        else:
            origin = node.module or ""
        names = [f"{origin}.{a.name}" if f"{origin}.{a.name}" in MODULES else origin
                 for a in node.names]
    return [n for n in names if n == "generator" or n.startswith("generator.")]


@functools.cache
def imports(module: str) -> tuple[tuple[str, int, bool], ...]:
    """(imported module, line, inside a function) for every generator import of ``module``
    (worked out once a run: three checks and the import graph read it)."""
    tree = syntax_tree(module)
    found: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                found.extend((t, child.lineno, in_function) for t in _target(module, child)
                             if t != "generator")
            inner = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            visit(child, inner)
    visit(tree, False)
    return tuple(found)


class _ImportGraph(UserDict[str, list[str]]):
    """Module: the generator modules it imports. Worked out on first use: every test
    process imports this file to collect its tests, only the one that runs them needs it."""

    def __init__(self) -> None:  # no empty ``data``: the property below fills it
        pass

    @functools.cached_property
    def data(self) -> dict[str, list[str]]:  # type: ignore[override]
        return {m: sorted({t for t, _, _ in imports(m)}) for m in MODULES}


GRAPH = _ImportGraph()


def test_every_import_points_down_the_wings() -> None:
    upward = [f"{m}:{line} imports {t} ({wing_of(m)} -> {wing_of(t)})"
              for m in MODULES for t, line, _ in imports(m)
              if WINGS.index(wing_of(t)) > WINGS.index(wing_of(m))]
    assert upward == []


def test_no_import_inside_a_function_outside_the_cli() -> None:
    hidden = [f"{m}:{line} imports {t} inside a function"
              for m in MODULES if m not in LAZY_IMPORTS_ALLOWED
              for t, line, in_function in imports(m) if in_function]
    assert hidden == []


def _circle_through(start: str) -> list[str] | None:
    """A path start -> ... -> start through the import graph, if there is one."""
    stack = [(start, [start])]
    seen: set[str] = set()
    while stack:
        module, path = stack.pop()
        for target in GRAPH.get(module, ()):
            if target == start:
                return [*path, start]
            if target not in seen:
                seen.add(target)
                stack.append((target, [*path, target]))
    return None


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_import_circle(module: str) -> None:
    assert _circle_through(module) is None


def test_the_check_sees_a_circle_and_an_upward_import() -> None:
    # The checks above pass only if they can fail: a reader importing the site is upward,
    # and two modules importing each other are a circle.
    assert WINGS.index(wing_of("generator.site.build")) > WINGS.index(
        wing_of("generator.reading.events"))
    GRAPH["generator.__probe_a"] = ["generator.__probe_b"]
    GRAPH["generator.__probe_b"] = ["generator.__probe_a"]
    try:
        assert _circle_through("generator.__probe_a") is not None
    finally:
        del GRAPH["generator.__probe_a"], GRAPH["generator.__probe_b"]


def test_the_ground_floor_stays_small() -> None:
    top_level = [m for m in MODULES if m.count(".") == 1 and wing_of(m) != "face"
                 and m.split(".")[1] not in WINGS]
    assert len(top_level) + len(FACE) <= 8, top_level


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_is_over_700_lines(module: str) -> None:
    lines = MODULES[module].read_text(encoding="utf-8").count("\n")
    assert lines <= 700, f"{module} has {lines} lines"


# --- the site wing's floor: the plan ------------------------------------------------------

PLAN = "generator.site.plan"
"""Everything the rules decide for an event, worked out once (ARCHITECTURE.md)."""
DRAWING = frozenset({"jinja2", "markupsafe", "markdown", "babel", "nh3", "segno"})
"""What writes pages: templates, escaping, Markdown, the languages, the QR codes."""


def loaded_packages(module: str) -> set[str]:
    """The top-level packages outside ``generator`` that importing ``module`` loads: its
    imports outside functions and outside ``if TYPE_CHECKING:``."""
    found: set[str] = set()

    def visit(statements: list[ast.stmt]) -> None:
        for node in statements:
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                found.add(node.module.split(".")[0])
            elif isinstance(node, ast.If):
                if not (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"):
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                for block in (node.body, *(h.body for h in node.handlers), node.orelse,
                              node.finalbody):
                    visit(block)
    visit(syntax_tree(module).body)
    return found - {"generator"}


def reached(module: str) -> set[str]:
    """Every generator module that importing ``module`` loads, ``module`` included."""
    seen = {module}
    stack = [module]
    while stack:
        for target in GRAPH.get(stack.pop(), ()):
            if target not in seen:
                seen.add(target)
                stack.append(target)
    return seen


def test_the_reader_does_not_run_the_engine() -> None:
    # The reader turns files into an Event; ranking it with the event's settings is the
    # plan's (site/plan.py standings_for_event).
    engine = [f"{m} imports generator.rules.ranking" for m in MODULES
              if wing_of(m) == "reading" and "generator.rules.ranking" in GRAPH[m]]
    assert engine == []


def test_the_plan_is_the_bottom_of_the_site_wing() -> None:
    # Every page and ``standings rank`` read the plan: it reaches no page record, no words
    # and nothing that draws, and the site modules under it import no other site module.
    below = reached(PLAN) - {PLAN}
    site = sorted(m for m in below if wing_of(m) == "site" and m != "generator.site")
    assert [m for m in site if any(wing_of(t) == "site" and t != "generator.site"
                                   for t in GRAPH[m])] == []
    drawing = {m: sorted(loaded_packages(m) & DRAWING) for m in reached(PLAN)}
    assert {m: found for m, found in drawing.items() if found} == {}


def test_no_identity_memo_carries_an_event() -> None:
    # What is worked out once per event lives on its plan (locked, and gone with it), not in
    # a process-wide memo keyed by id() that threads evict under each other.
    memos = [m for m, path in MODULES.items()
             if "by_identity" in path.read_text(encoding="utf-8")]
    assert memos == []


def test_the_floor_checks_see_a_drawing_import() -> None:
    assert loaded_packages("generator.site.render") & DRAWING
    assert "generator.site.views" in reached("generator.site.render")


def test_the_output_folder_knows_files_not_templates() -> None:
    # staging.py guards the output folder (what may be replaced, the swap): it needs to
    # know where the templates are, never to load them. Issue 24.
    loaded = reached("generator.site.staging")
    assert "generator.site.render" not in loaded
    assert {m: sorted(loaded_packages(m) & DRAWING) for m in loaded
            if loaded_packages(m) & DRAWING} == {}


def test_the_page_kinds_name_their_templates_and_never_load_them() -> None:
    # site/pages.py declares every page (issue 24); rendering is render.py's alone, so the
    # list can be read (by the build's jobs, serve, the tests) without Jinja.
    loaded = reached("generator.site.pages")
    assert "generator.site.render" not in loaded
    assert sorted(m for m in loaded if "jinja2" in loaded_packages(m)) == []
