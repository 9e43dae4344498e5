"""A competitor's tie-breaks, each derived, written as HTML in one pass: the "How each
tie-break was reached" part of a player's or a team's page.

Written by a template (``_standing.html`` was), every section cost some sixty steps of
Jinja's (attribute lookups, filter calls, the escaping hook, a generator resumed for each
piece): the page's largest share of time (issue 25). Here each value is escaped once
where it can hold a character to escape (a name, a translated word, a note) and written
as it is where it cannot (digits, the points ``numbers.py`` writes, our own anchors and
addresses); the page's words are looked up once a build in each language
(:func:`_page_words`). The HTML is the template's, byte for byte.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from decimal import Decimal
from typing import Any, cast

from markupsafe import Markup

from generator.messages import N_, NC_, InContext
from generator.model import RoundKind
from generator.rules.explain import Note, NoteKind
from generator.site import language
from generator.site.escaping import escape_for_output
from generator.site.numbers import format_points
from generator.site.player_view import PartLine, PlayerView, TiebreakSection
from generator.site.table_rows import breakable_name
from generator.site.tie_groups import NamedGroupNote
from generator.site.wording import cut_words, note_words, ordinal, round_kind_words


@dataclass(frozen=True, slots=True, kw_only=True)
class _Words:
    """Every sentence of the sections, as msgids here and translated in :func:`_page_words`.
    A sentence with a link or emphasis holds the page's HTML: it is never escaped, its
    fields are (as the templates' ``_()`` does)."""

    heading: str = N_("How each tie-break was reached")
    no_tiebreaks: str = N_("This event announced no tie-breaks: points alone decide, and "
                           "equal points share the place.")
    name_and_articles: str = N_("%(name)s (C.07 %(articles)s)")
    same_as_cut: str = N_('The same contributions as <a href="%(anchor)s">%(code)s</a>.')
    same_as_nothing_cut: str = N_('The same contributions as <a href="%(anchor)s">%(code)s</a>, '
                                  "nothing cut.")
    what_makes_up: str = N_("What makes up %(code)s")
    round_heading: str = NC_("column heading: round", "Rd")
    opponent_heading: str = NC_("column heading", "Opponent")
    their_score_heading: str = NC_("column heading", "Their score")
    counts_as_heading: str = NC_("column heading", "Counts as")
    rating_heading: str = NC_("column heading", "Rating")
    points_heading: str = NC_("column heading", "Points")
    contribution_heading: str = NC_("column heading", "Contribution")
    why_heading: str = NC_("column heading", "Why")
    dummy_opponent: str = N_("dummy opponent")
    kind_against: str = N_("%(kind)s vs %(name)s")
    round_term: str = N_("(rd %(number)s)")
    nothing_counts: str = N_("nothing counts")
    encounter_place: str = N_("%(sum)s in the games among the tied players: %(place)s among "
                              "them.")
    encounter_equal: str = N_("%(sum)s in the games among the tied players, which leaves them "
                              "equal: no place from direct encounter.")
    giving: str = N_("%(sum)s, giving <strong>%(value)s</strong>.")
    left_out: str = N_("Left out: round %(number)s (%(contribution)s), %(reason)s.")
    cut_round: str = N_("round %(number)s (%(contribution)s)")
    between_cuts: str = NC_("between two rounds cut from a sum", "and")
    less_cuts: str = N_("%(terms)s = %(sum)s, less %(cuts)s")
    no_value: str = N_("No value: C.07 leaves it undefined here.")
    explained_under_but_cut: str = N_('Explained under <a href="%(anchor)s">%(code)s</a>, but '
                                      "for the cut there.")
    explained_under: str = N_('Explained under <a href="%(anchor)s">%(code)s</a>.')
    round_with_dummy: str = N_("Round %(number)s (%(opponent)s): %(reasons)s")
    round_reasons: str = N_("Round %(number)s: %(reasons)s")


_ENGLISH = _Words()

_TRANSLATED: dict[str, _Words] = {}
"""The words in each language, by the language's digest (its catalogue's bytes, so an edited
catalogue is looked up again): looked up once a build."""


def _page_words() -> _Words:
    spoken = language.active()
    found = _TRANSLATED.get(spoken.digest)
    if found is None:
        translated: dict[str, str] = {}
        for field in fields(_Words):
            english = getattr(_ENGLISH, field.name)
            words = (spoken.pgettext(english.context, english)
                     if isinstance(english, InContext) else spoken.gettext(english))
            # As the templates' gettext does, words without fields are formatted all the
            # same (a translation's "%%" is one "%"); the others are, by _fill.
            translated[field.name] = words if "%(" in english else words % {}
        if len(_TRANSLATED) >= 32:  # `standings serve` under a translator's edits
            _TRANSLATED.clear()
        found = _TRANSLATED[spoken.digest] = _Words(**translated)
    return found


def _fill(words: str, **values: Any) -> str:
    """A sentence's fields filled in, each escaped (a Markup or an int as it is)."""
    return words % {name: escape_for_output(value) for name, value in values.items()}


def _escaped(value: Any) -> str:
    return str(escape_for_output(value))


def note_sentence(note: Note | NamedGroupNote) -> str:
    """A note as the page says it: its wording with points as 3½, as a sentence."""
    words = note_words(note, format_points)
    return words[:1].upper() + words[1:]


def tiebreak_sections(view: PlayerView, unplayed_href: str) -> Markup:
    """The part of the page with every tie-break's derivation (its heading, then a section
    each). ``unplayed_href``: the unplayed rounds' explanation, relative to the page."""
    words = _page_words()
    written = [f"<section>\n<h2>{words.heading}</h2>\n"]
    for section in view.sections:
        written.append(_section(section, words, unplayed_href))
    if not view.sections:
        written.append(f"<p>{words.no_tiebreaks}</p>\n")
    written.append("</section>\n")
    return Markup("".join(written))


def tiebreak_links(view: PlayerView) -> Markup:
    """The tie-breaks of the line under the page's heading, each a link to its section,
    or "none" (``_macros.html``'s ``context_line``)."""
    if not view.sections:
        # As the template's pgettext writes it: the words are the page's own HTML.
        return Markup(language.pgettext(_NONE.context, _NONE)) % {"context": _NONE.context}
    return Markup(", ".join([f'<a href="#{s.anchor}">{_escaped(s.spec.written)}</a>'
                             for s in view.sections]))


_NONE = cast(InContext, NC_("no tie-breaks", "none"))
"""Where the line names the tie-breaks and there are none."""


def _section(s: TiebreakSection, words: _Words, unplayed_href: str) -> str:
    rounds_in_notes = s.is_tabular and not s.has_ratings and s.total is not None
    code = _escaped(s.spec.written)
    value_text = f" = {s.value_text}" if s.value_text else ""
    key = (s.label, s.articles_text, words.name_and_articles)
    name = _NAMES.get(key)
    if name is None:  # the same for every player of the event: written once
        if len(_NAMES) >= 1024:
            _NAMES.clear()
        name = _NAMES[key] = _fill(words.name_and_articles, name=s.label,
                                   articles=s.articles_text)
    out = [f'<section class="tiebreak" id="{s.anchor}">\n'
           f'<h3><a href="{s.explanation_href}">{code}</a>{value_text}'
           f" <span>— {name}</span></h3>\n"]
    if s.same_as:
        same = words.same_as_cut if s.cut_lines else words.same_as_nothing_cut
        out.append(f"<p>{_fill(same, anchor='#' + s.same_as.anchor, code=s.same_as.spec.written)}"
                   "</p>\n")
    elif s.lines and s.is_tabular and not rounds_in_notes:
        out.append(_table(s, code, words, unplayed_href))
    if s.total is not None and s.lines and not s.is_tabular:
        out.append(_terms_sum(s, words))
    elif s.total is not None and s.lines:
        out.append(_table_sum(s, words))
    elif s.value is None and not any(note.kind is NoteKind.BOARDS_UNNUMBERED
                                     for note in s.notes):
        # C.07 leaves it undefined only where no note says that the file is what is missing.
        out.append(f"<p>{words.no_value}</p>\n")
    round_notes = _round_notes(s, words, unplayed_href) if rounds_in_notes and not s.same_as \
        else ""
    if s.notes or round_notes:
        # An item's end tag is left out, as HTML allows: the next item or the list's end
        # closes it (issue 26).
        out.append('<ul class="notes">\n' + round_notes)
        for note in s.notes:
            out.append(f"<li>{_escaped(note_sentence(note))}.\n")
        out.append("</ul>\n")
    if s.encounter:
        out.append("<p>" + " ".join(_escaped(sentence.html) for sentence in s.encounter)
                   + "</p>\n")
    out.append("</section>\n")
    return "".join(out)


def _table(s: TiebreakSection, code: str, words: _Words, unplayed_href: str) -> str:
    """A derivation by ratings or without a total: a table of its rounds."""
    out = ['<div class="table-wrap">\n<table class="parts">\n'
           f"<caption>{_fill(words.what_makes_up, code=Markup(code))}</caption>\n"
           "<thead>\n<tr>\n"
           f'<th class="num">{words.round_heading}</th>\n'
           f'<th class="name">{words.opponent_heading}</th>\n']
    if s.has_scores:
        out.append(f'<th class="num">{words.their_score_heading}</th>'
                   f'<th class="num">{words.counts_as_heading}</th>')
    if s.has_ratings:
        out.append(f'<th class="num">{words.rating_heading}</th>')
    if s.is_product:
        out.append(f'<th class="num">{words.points_heading}</th>')
    out.append(f'<th class="num">{words.contribution_heading}</th>\n'
               f"<th>{words.why_heading}</th>\n</tr>\n</thead>\n<tbody>\n")
    for line in s.lines:
        part = line.part
        kind = part.kind
        if part.is_dummy:
            what = (_fill(words.kind_against, kind=round_kind_words(kind),
                          name=line.opponent.name) if line.opponent
                    else _escaped(round_kind_words(kind)))
            who = (f'<a href="{_escaped(unplayed_href)}">{words.dummy_opponent}</a>'
                   f' <span class="muted">({what})</span>')
        elif line.opponent:
            who = (f'<a href="{_escaped(line.opponent_href)}">'
                   f"{breakable_name(line.opponent.name)}</a>")
            if kind is not RoundKind.GAME:
                who += f' <span class="muted">({_escaped(round_kind_words(kind))})</span>'
        else:
            who = _escaped(round_kind_words(kind))
        row = (f'<tr{CUT_CLASS if part.cut else ""}>\n<td>{part.round}</td>\n'
               f'<th scope="row" class="name">{who}</th>\n')
        if s.has_scores:
            row += f"<td>{line.their_score}</td>\n<td>{line.counted}</td>\n"
        if s.has_ratings:
            row += f"<td>{part.rating if part.rating is not None else '—'}</td>"
        if s.is_product:
            row += f"<td>{line.points}</td>"
        contribution = line.contribution
        if part.cut:
            contribution = f"<del>{contribution}</del>"
        why = " ".join(_escaped(reason) for reason in line.reasons)
        out.append(f"{row}<td>{contribution}</td>\n<td>{why}</td>\n</tr>\n")
    out.append("</tbody>\n</table>\n</div>\n")
    return "".join(out)


def _terms_sum(s: TiebreakSection, words: _Words) -> str:
    """A count or a sum without opponents to show (WIN, BPG, DE's points ...): one line of
    terms, each with its round."""
    total = f" = <strong>{format_points(s.total)}</strong>"
    terms = " + ".join([_term(line.contribution, line.part.round, words.round_term)
                        for line in s.counted_lines]) or words.nothing_counts
    sum_ = Markup(terms + total)
    if s.spec.info.acronym == "DE":
        if s.value:
            text = _fill(words.encounter_place, sum=sum_, place=ordinal(int(s.value)))
        else:
            text = _fill(words.encounter_equal, sum=sum_)
    else:
        text = _given(s, sum_, words)
    for line in s.dropped_lines:
        text += " " + _fill(words.left_out, number=line.part.round,
                            contribution=line.contribution,
                            reason=cut_words(line.part.cut, s.spec))  # type: ignore[arg-type]
    if s.not_counted_rounds:
        rounds = s.not_counted_rounds
        plural = language.ngettext("Not counted: round %(rounds)s.",
                                   "Not counted: rounds %(rounds)s.", len(rounds))
        text += " " + _fill(plural, rounds=Markup(", ".join(map(str, rounds))),
                            num=len(rounds))
    return f'<p class="sum">{text}</p>\n'


def _term(contribution: str, round_no: int, round_term: str) -> str:
    """A term of :func:`_terms_sum` with its round: "1 <span>(rd 3)</span>". A count of
    wins or games over eleven rounds has some twenty of them, on every player's page."""
    key = (contribution, round_no, round_term)
    term = _TERMS.get(key)
    if term is None:
        if len(_TERMS) >= 4096:
            _TERMS.clear()
        term = _TERMS[key] = (f"{contribution} "
                              f"<span>{_fill(round_term, number=round_no)}</span>")
    return term


_NAMES: dict[tuple[str, str, str], str] = {}
"""A tie-break's name with its articles in a section's heading, by name, articles and the
words of "%(name)s (C.07 %(articles)s)" (which carry the language)."""
_TERMS: dict[tuple[str, int, str], str] = {}
"""The terms written, by contribution, round and the words of "(rd %(number)s)" (which
carry the language)."""


def _table_sum(s: TiebreakSection, words: _Words) -> str:
    """A sum of opponents' scores (BH, SB ...): its terms, less what is cut."""
    terms = " + ".join(s.terms)
    total = f" = <strong>{format_points(s.total)}</strong>"
    if s.cut_lines:
        between = f" {words.between_cuts} "
        cuts = between.join(_fill(words.cut_round, number=line.part.round,
                                  contribution=line.contribution) for line in s.cut_lines)
        sum_ = Markup(_fill(words.less_cuts, terms=Markup(terms),
                            sum=format_points(s.all_parts_sum), cuts=Markup(cuts)) + total)
    else:
        sum_ = Markup(terms + total)
    return f'<p class="sum">{_given(s, sum_, words)}</p>'"\n"


def _given(s: TiebreakSection, sum_: Markup, words: _Words) -> str:
    """The sum, and the value it gives where that differs (a rounded average ...)."""
    if s.value is not None and s.value != s.total:
        value = s.value if type(s.value) is Decimal else Decimal(s.value)
        return _fill(words.giving, sum=sum_, value=format_points(value))
    return sum_ + "."


def _round_notes(s: TiebreakSection, words: _Words, unplayed_href: str) -> str:
    """Why each round counts as it does, below a sum of opponents' scores; a round whose
    reasons an earlier section of the page gave all of points there rather than say them
    again (issue 26)."""
    out: list[str] = []
    explained_under: Mapping[int, tuple[TiebreakSection, bool]] = s.explained_under or {}
    for line in _with_reasons(s.lines):
        number = line.part.round
        earlier = explained_under.get(number)
        if earlier:
            said = words.explained_under_but_cut if earlier[1] else words.explained_under
            reasons = Markup(_fill(said, anchor="#" + earlier[0].anchor,
                                   code=earlier[0].spec.written))
        else:
            reasons = Markup(" ".join(_escaped(reason) for reason in line.reasons))
        if line.part.is_dummy:
            dummy = Markup(f'<a href="{_escaped(unplayed_href)}">{words.dummy_opponent}</a>')
            out.append("<li>" + _fill(words.round_with_dummy, number=number, opponent=dummy,
                                      reasons=reasons) + "\n")
        else:
            out.append("<li>" + _fill(words.round_reasons, number=number, reasons=reasons)
                       + "\n")
    return "".join(out)


CUT_CLASS = ' class="cut"'


def _with_reasons(lines: Iterable[PartLine]) -> Iterable[PartLine]:
    return (line for line in lines if line.has_reasons)
