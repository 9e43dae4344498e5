"""Festivals: one congress of several sections, each its own event (issue 27).

A folder of the events folder that holds ``festival.yml`` is a festival; each of its
sub-folders is a section, a complete event folder as any other (one TRF file, optionally
``event.yml`` and ``notes.md``). A section's address is ``<festival>/<section>``.

``festival.yml`` holds the festival's own words (title, dates, notes: they describe the
festival, not a section) and any ``event.yml`` setting the sections share; a section's
``event.yml`` overrides them key by key (:func:`inherit`). The settings are read by the one
reader of every settings file (``settings.py``, ``settings_reader.py``), so an error in
``festival.yml`` is reported at ``festival.yml:LINE:COLUMN`` with the same words and
"did you mean" as in ``event.yml``, and each setting a section takes from it keeps that file
and position (``EventSettings.sources``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Mapping
from dataclasses import field, replace
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from generator.errors import Diagnostic, DiagnosticSink, did_you_mean, quote
from generator.files import InputFolder, read_input_file, unreadable_input
from generator.reading.event_listing import section_folders
from generator.reading.event_places import FESTIVAL_FILE, festival_of, is_festival_folder
from generator.reading.festival_prize_settings import read_across_sections
from generator.reading.logo_rules import LOGO_FOLDER, logo_name
from generator.reading.notes import notes_problems, settings_position
from generator.reading.settings import (
    MAX_SETTINGS_CHARACTERS,
    TOP_LEVEL_KEYS,
    EventSettings,
    compose_settings,
    settings_from_values,
)
from generator.reading.settings_reader import (
    Position,
    SettingsReader,
    column_of,
    describe,
    is_scalar,
    is_sequence,
    line_of,
)
from generator.rules.cross_section import CrossSectionPrizes
from generator.speed import frozen_record

if TYPE_CHECKING:
    from yaml.nodes import Node  # PyYAML is loaded where a file is read

OWN_KEYS = ("title", "start_date", "end_date", "dates", "notes")
"""Keys of festival.yml that describe the festival itself and that no section takes: a
section keeps its own title and dates (its TRF's, or its event.yml's)."""

FESTIVAL_ONLY_KEYS = ("sections", "people", "across_sections", "logo")
"""Keys that only festival.yml has: the sections' order and names, who is one person, the
prizes that span sections (festival_prize_settings.py), and the festival's logo."""

SHARED_KEYS = tuple(key for key in TOP_LEVEL_KEYS if key not in OWN_KEYS)
"""The event.yml keys a section takes from festival.yml where its own event.yml is silent."""

FESTIVAL_KEYS = (*TOP_LEVEL_KEYS, *FESTIVAL_ONLY_KEYS)

_FIELDS_OF = {"dates": ("start_date", "end_date")}
"""A key that sets other fields than the one of its name."""

MAX_SECTIONS = 100


@frozen_record
class EntryRef:
    """One player of one section, as festival.yml's ``people`` names them:
    ``major/12`` (the section's folder and the start number)."""

    section: str
    start_no: int
    line: int = 0
    column: int = 0
    """Where festival.yml names it."""


@frozen_record
class Festival:
    """A festival as festival.yml and its folder give it; each section's Event points to it."""

    slug: str
    """The festival folder's name: its address on the site."""
    display_path: str
    """The folder as the user named it (``events/bunratty-2011``)."""
    settings: EventSettings
    """festival.yml: the festival's own words and what its sections share."""
    sections: tuple[str, ...]
    """The sections' folder names, in festival.yml's ``sections`` order, else by name."""
    labels: Mapping[str, str]
    """Section folder -> its name on the switcher: festival.yml's, else the folder's words."""
    joins: tuple[tuple[EntryRef, ...], ...] = ()
    """Entries of several sections that are one person, though their names differ."""
    splits: tuple[EntryRef, ...] = ()
    """Entries that are their own person, though their name and federation match another's."""
    notes: str | None = None
    across_sections: tuple[CrossSectionPrizes, ...] = ()
    """festival.yml's prizes that span sections, in its order."""
    logo: str | None = None
    """festival.yml's ``logo``: a file name beside it (its name checked here as site.yml's
    is; the file read and an SVG cleaned by ``site_files.read_festival_logo``, which the
    build, ``serve`` and ``standings check`` call: reading a section for ``rank`` loads no
    SVG parser)."""
    folder: str = ""
    """The festival folder, where its logo is read from."""
    path: str = ""
    """festival.yml as the user named it."""
    positions: Mapping[str, Position] = field(default_factory=lambda: MappingProxyType({}))

    def section_slug(self, section: str) -> str:
        return f"{self.slug}/{section}"

    @property
    def logo_page(self) -> str | None:
        """The logo's path from the site root: in the festival's own folder, which no
        section can take (``static`` is the site's)."""
        return f"{self.slug}/{LOGO_FOLDER}/{self.logo}" if self.logo is not None else None

    @property
    def title(self) -> str:
        """festival.yml's title, else the folder's name in words."""
        title = self.settings.title
        return title.strip() if title is not None and title.strip() else label_of(self.slug)


def label_of(section: str) -> str:
    """A section's name from its folder's: "u-12" -> "U 12", "major" -> "Major"."""
    words = section.replace("_", " ").replace("-", " ").strip()
    return words[:1].upper() + words[1:]


def no_trf_in_section(given: str) -> Diagnostic:
    return Diagnostic(path=given, message="no .trf file in this festival section",
                      expected="the section's TRF file in its folder (each section of a "
                               "festival is an event folder)")


def read_festival(folder: Path, display: str, within: InputFolder | None
                  ) -> tuple[Festival | None, tuple[Diagnostic, ...]]:
    """The festival of ``folder`` (holding festival.yml), and every problem of its file."""
    diagnostics: list[Diagnostic] = []
    settings_display = os.path.join(display, FESTIVAL_FILE)
    within = within or InputFolder.of(folder, name="the festival folder")
    text = _read_text(folder / FESTIVAL_FILE, settings_display, diagnostics, within)
    names = [p.name for p in section_folders(folder)]
    slug = Path(os.path.abspath(folder)).name
    if text is None:
        return None, tuple(diagnostics)
    sink = DiagnosticSink(settings_display)
    festival = parse_festival(text, settings_display, sink, slug=slug, display=display,
                              folders=names)
    if festival is not None:
        festival = replace(festival, folder=os.path.abspath(folder))
    diagnostics.extend(sink.collected())
    if festival is not None and festival.notes is None and (folder / "notes.md").is_file():
        notes_display = os.path.join(display, "notes.md")
        notes = _read_text(folder / "notes.md", notes_display, diagnostics, within)
        festival = replace(festival, notes=notes)
        where: Callable[[int, int], tuple[int, int]] = _as_written
    elif festival is not None and festival.notes is not None:
        notes_display = settings_display
        where = settings_position(text, *festival.positions.get("notes", (1, 1)))
    if festival is not None and festival.notes is not None:
        # Notes Markdown cannot render in reasonable time are refused, as an event's.
        for problem in notes_problems(festival.notes):
            line, column = where(problem.line, problem.column)
            diagnostics.append(Diagnostic(path=notes_display, line=line, column=column,
                                          message=problem.message, expected=problem.expected))
    if any(d.is_error for d in diagnostics):
        return None, tuple(diagnostics)
    return festival, tuple(diagnostics)


def _as_written(line: int, column: int) -> tuple[int, int]:
    return line, column


def _read_text(path: Path, display: str, diagnostics: list[Diagnostic],
               within: InputFolder) -> str | None:
    try:
        data = read_input_file(path, within, limit=4 * MAX_SETTINGS_CHARACTERS + 4)
    except OSError as error:
        diagnostics.append(unreadable_input(display, error))
        return None
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as error:
        diagnostics.append(Diagnostic(path=display, message=f"byte 0x{data[error.start]:02X} "
                                      "is not UTF-8", expected="a file saved as UTF-8"))
        return None


def parse_festival(text: str, path: str, sink: DiagnosticSink, *, slug: str, display: str,
                   folders: list[str]) -> Festival | None:
    """festival.yml's text as a Festival, every problem reported into ``sink``."""
    root = compose_settings(text, sink, file_name=FESTIVAL_FILE,
                            too_long="the festival's settings, and long notes in notes.md",
                            example="'title: Spring Congress'")
    reader = SettingsReader(sink)
    values: dict[str, Node] = {} if root is None else reader.mapping(root, "", FESTIVAL_KEYS)
    settings = settings_from_values(
        {key: node for key, node in values.items() if key not in FESTIVAL_ONLY_KEYS},
        reader, path)
    sections, labels = _sections(reader, values.get("sections"), folders)
    joins, splits = _people(reader, values.get("people"), sections)
    across = (read_across_sections(reader, values["across_sections"], sections)
              if "across_sections" in values else ())
    logo = logo_name(reader, values["logo"], FESTIVAL_FILE) if "logo" in values else None
    return Festival(slug=slug, display_path=display, settings=settings, sections=sections,
                    labels=MappingProxyType(labels), joins=joins, splits=splits,
                    notes=settings.notes, across_sections=across, logo=logo, path=path,
                    positions=MappingProxyType(dict(reader.positions)))


def _sections(reader: SettingsReader, node: Node | None, folders: list[str]
              ) -> tuple[tuple[str, ...], dict[str, str]]:
    """``sections:``: the sections in the order the pages list them, each a folder name or
    ``folder: Its Name``; without it, every section folder by name."""
    labels = {name: label_of(name) for name in folders}
    if node is None:
        return tuple(folders), labels
    if not is_sequence(node) or not node.value:
        reader.error(node, f"'sections' must be a list of section folders, not "
                     f"{describe(node)}", "'sections: [masters, major, minor]'")
        return tuple(folders), labels
    order: list[str] = []
    for item in node.value[:MAX_SECTIONS]:
        name_node, label_node = item, None
        if not is_scalar(item):
            pairs = getattr(item, "value", None)
            if isinstance(pairs, list) and len(pairs) == 1 and isinstance(pairs[0], tuple):
                name_node, label_node = pairs[0]
        if not is_scalar(name_node):
            reader.error(item, f"a section must be a folder name, not {describe(item)}",
                         "'masters' or 'masters: Masters'")
            continue
        name = str(name_node.value)
        if name not in folders:
            reader.error(name_node, f"no section folder {quote(name)}"
                         f"{did_you_mean(name, tuple(folders))}",
                         "one of " + ", ".join(folders) if folders else "a section folder")
            continue
        if name in order:
            reader.error(name_node, f"section {quote(name)} listed twice", "each section once")
            continue
        order.append(name)
        if label_node is not None:
            label = reader.text(label_node, f"sections.{name}")
            if label is not None and label.strip():
                labels[name] = label.strip()
    missing = [name for name in folders if name not in order]
    if missing and order:
        reader.error(node, f"section folder {quote(missing[0])} is not listed in 'sections'",
                     "every section folder listed (or no 'sections' at all)")
    return tuple(order) if order else tuple(folders), labels


def _people(reader: SettingsReader, node: Node | None, sections: tuple[str, ...]
            ) -> tuple[tuple[tuple[EntryRef, ...], ...], tuple[EntryRef, ...]]:
    """``people:``, with ``join:`` (lists of entries that are one person) and ``split:``
    (entries that are their own person)."""
    if node is None:
        return (), ()
    found = reader.section(node, "people", ("join", "split"),
                           "'people:' with 'join: [[major/12, minor/30]]' or 'split: [minor/7]'")
    if not found:
        return (), ()
    joins: list[tuple[EntryRef, ...]] = []
    if "join" in found:
        groups = found["join"]
        if not is_sequence(groups):
            reader.error(groups, f"'people.join' must be a list of lists, not "
                         f"{describe(groups)}", "'join: [[major/12, minor/30]]'")
        else:
            for group in groups.value:
                if not is_sequence(group) or len(group.value) < 2:
                    reader.error(group, f"a join must list two entries or more, not "
                                 f"{describe(group)}", "'[major/12, minor/30]'")
                    continue
                refs = [_entry(reader, item, sections) for item in group.value]
                if all(ref is not None for ref in refs):
                    joins.append(tuple(ref for ref in refs if ref is not None))
    splits: list[EntryRef] = []
    if "split" in found:
        listed = found["split"]
        if not is_sequence(listed):
            reader.error(listed, f"'people.split' must be a list of entries, not "
                         f"{describe(listed)}", "'split: [minor/7]'")
        else:
            splits = [ref for ref in (_entry(reader, item, sections) for item in listed.value)
                      if ref is not None]
    return tuple(joins), tuple(splits)


def _entry(reader: SettingsReader, node: Node, sections: tuple[str, ...]) -> EntryRef | None:
    text = str(node.value) if is_scalar(node) else ""
    section, _, number = text.partition("/")
    if not is_scalar(node) or not number.isdigit() or int(number) < 1:
        reader.error(node, f"an entry must be 'section/start number', not {describe(node)}",
                     "such as 'major/12'")
        return None
    if section not in sections:
        reader.error(node, f"no section {quote(section)}{did_you_mean(section, sections)}",
                     "one of " + ", ".join(sections))
        return None
    return EntryRef(section=section, start_no=int(number), line=line_of(node),
                    column=column_of(node))


def entry_problems(festival: Festival, section: str, start_numbers: Collection[int]
                   ) -> list[Diagnostic]:
    """festival.yml's ``people`` entries of ``section`` that name no player of its file."""
    refs = [*(ref for group in festival.joins for ref in group), *festival.splits]
    return [Diagnostic(path=festival.path, line=ref.line, column=ref.column,
                       message=f"{section}/{ref.start_no}: the section has no player "
                               f"{ref.start_no}",
                       expected="the start number of a player of that section's file")
            for ref in refs if ref.section == section and ref.start_no not in start_numbers]


def inherit(festival: EventSettings, section: EventSettings) -> EventSettings:
    """The section's settings: its own event.yml's, and festival.yml's for every shared key
    event.yml leaves out, each kept with the file and position it was written at."""
    fields: dict[str, Any] = {}
    positions = dict(section.positions)
    sources: dict[str, str] = {}
    for key in SHARED_KEYS:
        if key in section.positions or key not in festival.positions:
            continue
        for name in _FIELDS_OF.get(key, (key,)):
            fields[name] = getattr(festival, name)
        sources[key] = festival.path
        positions.update((path, where) for path, where in festival.positions.items()
                         if path == key or path.startswith((f"{key}.", f"{key}[")))
    if not sources:
        return section
    return replace(section, **fields, path=section.path, positions=MappingProxyType(positions),
                   sources=MappingProxyType(sources))


def setting_sources(settings: EventSettings) -> list[tuple[str, str, int, int]]:
    """(key, file, line, column) of every top-level setting in effect, in the settings
    reference's order: what ``standings check --sources`` prints."""
    found = []
    for key in TOP_LEVEL_KEYS:
        if key in settings.positions:
            line, column = settings.positions[key]
            found.append((key, settings.file_of(key), line, column))
    return found


__all__ = ["FESTIVAL_FILE", "SHARED_KEYS", "EntryRef", "Festival", "entry_problems",
           "festival_of", "inherit",
           "is_festival_folder", "label_of", "no_trf_in_section", "parse_festival",
           "read_festival", "setting_sources"]
