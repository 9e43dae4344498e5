"""Where the templates are: the package's own, and a club's override beside ``events/``;
and the package's other folders that shape pages (the tie-breaks' explanations, the
catalogues).

Folders only, no Jinja: the output folder's guard (staging.py) refuses to build a site into
a templates folder, and a build digests them all before it knows whether anything must be
rendered (up_to_date.py): neither loads the renderer to know where they are.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

__all__ = ["EXPLANATIONS_PACKAGE_DIR", "LOCALES", "club_templates", "package_templates"]

EXPLANATIONS_PACKAGE_DIR = "explanations"
"""The tie-breaks' own pages, below the package (render.py publishes them)."""
LOCALES = Path(__file__).resolve().parents[1] / "locales"
"""``generator/locales``: the template ``standings.pot`` and a folder per language."""


def package_templates() -> Path:
    """The templates shipped with the package (``templates/`` in the source tree)."""
    try:
        located = resources.files("generator.templates")
        path = Path(str(located))
        if (path / "base.html").is_file():
            return path
    except (ModuleNotFoundError, TypeError):
        pass
    # An editable install made before templates/ became a package: read the source tree.
    return Path(__file__).resolve().parents[2] / "templates"


def club_templates(events_dir: Path | None) -> Path | None:
    """A club's own ``templates/`` beside its ``events/`` overrides ours file by file."""
    if events_dir is None:
        return None
    candidate = Path(events_dir).resolve().parent / "templates"
    if candidate.is_dir() and candidate.resolve() != package_templates().resolve():
        return candidate
    return None
