"""Faster autoescaping for pages rendered by the thousand, and the check that it is exact.

This is the one module that reaches into Jinja's and markupsafe's insides: a subclass of
Jinja's code generator, markupsafe's private ``_escape_inner``, and the environment's
``make_globals`` and ``_parse`` (constant words translated once: :class:`_ConstantWords`).
pyproject.toml pins both libraries to the versions these hooks were checked against;
:func:`require_exact_escaping` runs before every build and serve and refuses to go on,
naming the installed versions, if the hooks are not reached or write anything other than
what Jinja's own escaping writes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from importlib import metadata
from typing import Any

import jinja2
import markupsafe
from jinja2 import nodes
from jinja2.compiler import CodeGenerator, optimizeconst
from jinja2.runtime import new_context
from jinja2.visitor import NodeTransformer
from markupsafe import Markup

from generator.errors import Diagnostic, StandingsError

_escape_text: Callable[[str], str] = getattr(markupsafe, "_escape_inner", markupsafe.escape)
"""markupsafe's own escaping of a str, without wrapping the result in Markup (a private
function of markupsafe 3.0; without it, :func:`escaping_problem` says so)."""


def _escape_for_output(value: Any) -> Any:
    """What Jinja's autoescape writes for ``{{ value }}``: the same text.

    ``markupsafe.escape`` returns a Markup, made by a ``__new__`` written in Python; a page
    of a 2,000-player event has some thousand ``{{ }}`` and the site some two million. A
    value written out goes straight into the page (or into a block's buffer, which Jinja
    marks safe as a whole), so the wrapper is not needed there. For the same reason a
    Markup is written as it is (escape would copy it into a new one), and an int, which
    has no character to escape (a start number, a round, a rating), as its digits.
    """
    kind = type(value)
    if kind is str:
        return _escape_text(value)
    if kind is Markup:
        return value
    if kind is int:
        return str(value)
    return markupsafe.escape(value)


escape_for_output = _escape_for_output
"""The same, for a page's part written in Python (``table_rows.py``)."""


_HOOK_CALL = "environment.escape_output("
"""What :class:`_CodeGenerator` writes into a compiled template instead of ``escape(``."""


_GETATTR_CALL = ":= getattr(("
"""What :meth:`_CodeGenerator.visit_Getattr` writes where Jinja calls ``environment.getattr``."""


class _CodeGenerator(CodeGenerator):
    """Jinja's compiler, writing ``environment.escape_output(...)`` where it writes
    ``escape(...)`` for an autoescaped ``{{ }}`` (only that: a volatile autoescape block,
    or autoescape off, compiles as Jinja does)."""

    def _output_child_pre(self, node: Any, frame: Any, finalize: Any) -> None:
        if frame.eval_ctx.volatile or not frame.eval_ctx.autoescape:
            super()._output_child_pre(node, frame, finalize)
            return
        self.write(_HOOK_CALL)
        if finalize.src is not None:
            self.write(finalize.src)

    @optimizeconst
    def visit_Getattr(self, node: nodes.Getattr, frame: Any) -> None:
        """``obj.attr`` as Python's own ``getattr(obj, "attr", missing)``, and only where
        that finds nothing ``environment.getattr`` (an item ``obj["attr"]``, or undefined).

        ``environment.getattr`` is a function in Python, called for every dot of every
        template: 1,600 times a player page. The builtin finds an attribute without it.
        """
        if self.environment.is_async or self.environment.sandboxed:
            super().visit_Getattr(node, frame)
            return
        held, found = self.temporary_identifier(), self.temporary_identifier()
        self.write(f"({found} if ({found} {_GETATTR_CALL}{held} := ")
        self.visit(node.node, frame)
        self.write(f"), {node.attr!r}, missing)) is not missing"
                   f" else environment.getattr({held}, {node.attr!r}))")


class EscapingEnvironment(jinja2.Environment):
    """Jinja's environment, tuned for pages rendered by the thousand (output unchanged).

    Each template's globals are a plain dict: every render copies them into the page's
    context, and Jinja's ChainMap (which lets later changes to the environment's globals
    show through; ours are all set before the first template loads) is copied key by key
    in Python. ``{{ }}`` is escaped by :func:`_escape_for_output`. Make one only after
    :func:`require_exact_escaping`.
    """

    code_generator_class = _CodeGenerator
    escape_output = staticmethod(_escape_for_output)

    def make_globals(self, d: Mapping[str, Any] | None) -> dict[str, Any]:
        return {**self.globals, **(d or {})}

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        return _ConstantWords.fold(self, super()._parse(source, name, filename))


_WORDS = ("_", "gettext", "pgettext")
"""The gettext callables (jinja2.ext.i18n, new style) whose constant calls are folded."""


class _ConstantWords(NodeTransformer):
    """``{{ _("Round by round") }}``, translated when the template is compiled.

    A player page says some seventy fixed words, each through three of Jinja's
    ``context.call`` and a Markup format at every render: 2,000 players made 140,000
    such calls. An environment speaks one language for its whole life (render.py makes
    one per language), so a call whose arguments are all constants is made once, here,
    with the callable the page would call, and its Markup result becomes constant text
    that Jinja writes into the compiled page as it writes the HTML around it. A template
    that binds one of the names itself (a set, a loop, a macro's parameter) is left as it
    is, and so is a call that fails (it fails when the page renders, as before).
    """

    def __init__(self, context: Any) -> None:
        self.context = context

    @classmethod
    def fold(cls, env: jinja2.Environment, template: nodes.Template) -> nodes.Template:
        if env.autoescape is not True or any(env.globals.get(word) is None for word in _WORDS):
            return template
        if any(name.name in _WORDS and name.ctx != "load"
               for name in template.find_all(nodes.Name)):
            return template
        context = new_context(env, None, {}, globals=env.globals)
        folded = cls(context).visit(template)
        assert isinstance(folded, nodes.Template)
        return folded

    def visit_Call(self, node: nodes.Call) -> nodes.Node:
        args = [arg.value for arg in node.args if isinstance(arg, nodes.Const)]
        kwargs = {kw.key: kw.value.value for kw in node.kwargs
                  if isinstance(kw.value, nodes.Const)}
        if not (isinstance(node.node, nodes.Name) and node.node.name in _WORDS
                and node.dyn_args is None and node.dyn_kwargs is None
                and len(args) == len(node.args) and len(kwargs) == len(node.kwargs)):
            return self.generic_visit(node)
        try:
            words = self.context.call(self.context.resolve(node.node.name), *args, **kwargs)
        except Exception:  # the page's render raises it, with its line
            return node
        if type(words) is not Markup:
            return node
        return nodes.MarkSafe(nodes.Const(str(words)), lineno=node.lineno)


class _Html:
    """A value that brings its own HTML (``__html__``), as Markup-aware objects do."""

    def __html__(self) -> str:
        return "<b>&amp;</b>"

    def __str__(self) -> str:
        return "<not this>"


class _Text(str):
    """A str subclass: markupsafe.escape takes it, the str-only shortcut must not."""

    __slots__ = ()


_CHECK_SOURCE = (
    "{{ a }}|{{ b }}|{{ c }}|{{ d }}|{{ e }}|{{ n }}|{{ g }}|{{ t }}|{{ a ~ b }}"
    "|{% filter string %}{{ a }}{% endfilter %}"
    "|{% autoescape false %}{{ a }}{% endautoescape %}"
    "|{% set x %}{{ a }}{% endset %}{{ x }}"
    "|{% macro m(v) %}{{ v }}{% endmacro %}{{ m(a) }}"
    "|{{ c.real }}|{{ k.a }}|{{ f }}"
)
_CHECK_VALUES: dict[str, Any] = {
    "a": "<a href='x'>&\"</a>", "b": Markup("<i>"), "c": 5, "d": _Html(),
    "e": _Text("<e'>"), "n": None, "k": {"a": "<item>"},
    "f": True,
}
_CHECK_GLOBALS = {"g": "<g>"}
_CHECK_TEMPLATE_GLOBALS = {"t": "<t>", "g": "<template's own g>"}


def escaping_problem() -> str | None:
    """What is wrong with the hooks under the installed Jinja and markupsafe, or None.

    Renders one template with every kind of value and block that reaches the hooks, by
    ours and by a plain ``jinja2.Environment``, and compares the bytes; and checks that
    our code generator is used at all (a renamed Jinja method would silently bypass it).
    """
    if _escape_text is markupsafe.escape:
        return "markupsafe has no _escape_inner"
    ours = EscapingEnvironment(autoescape=True)
    theirs = jinja2.Environment(autoescape=True)
    for env in (ours, theirs):
        env.globals.update(_CHECK_GLOBALS)
    if _HOOK_CALL not in str(ours.compile(_CHECK_SOURCE, raw=True)):
        return "jinja2's code generator no longer calls the escaping hook"
    if _GETATTR_CALL not in str(ours.compile("{{ c.real }}", raw=True)):
        return "jinja2's code generator no longer looks attributes up through the hook"
    written = ours.from_string(_CHECK_SOURCE, _CHECK_TEMPLATE_GLOBALS).render(_CHECK_VALUES)
    expected = theirs.from_string(_CHECK_SOURCE, _CHECK_TEMPLATE_GLOBALS).render(_CHECK_VALUES)
    for ours_piece, theirs_piece in zip(written.split("|"), expected.split("|"), strict=False):
        if ours_piece != theirs_piece:
            return f"the escaping hooks write {ours_piece!r} where jinja2 writes {theirs_piece!r}"
    if written != expected:
        return f"the escaping hooks write {written!r} where jinja2 writes {expected!r}"
    return None


@functools.cache
def _checked_problem() -> str | None:
    # Once per process: the libraries cannot change under a running build.
    return escaping_problem()


def require_exact_escaping() -> None:
    """Raise a StandingsError when the escaping hooks are not exact (see the module)."""
    problem = _checked_problem()
    if problem is None:
        return
    installed = ", ".join(f"{name} {_installed_version(name)}" for name in ("jinja2", "markupsafe"))
    raise StandingsError([Diagnostic(
        path="generator/site/escaping.py",
        message=f"{problem} (installed: {installed})",
        expected="the jinja2 and markupsafe versions pinned in pyproject.toml",
    )])


def _installed_version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "unknown"
