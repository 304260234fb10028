"""A small structured document (sections of points) and its Markdown and HTML renderings.

``describe`` builds the rules as data first, each point knowing which options it states,
so that the marking of changed points, the Markdown for a terminal and the HTML page for
a browser all come from one description and cannot say different things.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from enum import Enum, unique

from studspec.terminal import printable

CHANGED = "[changed]"
"""How Markdown marks a point that differs from the book a house rule extends."""


@dataclass(frozen=True)
class Point:
    """One statement of the rules."""

    text: str
    options: tuple[str, ...] = ()
    """The options (dotted, ``streets.fourth.bet``) this point states."""
    lead: str = ""
    """A short bold heading for the point (a street's name), or empty."""
    changed: bool = False


@dataclass(frozen=True)
class Section:
    title: str
    points: tuple[Point, ...]
    numbered: bool = False
    """Points in order (the streets), rendered as a numbered list."""


@dataclass(frozen=True)
class Document:
    title: str
    paragraphs: tuple[str, ...]
    sections: tuple[Section, ...]


@unique
class Format(str, Enum):
    """Output formats of ``studspec describe``."""

    MARKDOWN = "markdown"
    """Readable as it stands in a terminal, and renders on GitHub."""
    HTML = "html"
    """One standalone page, no external files."""


def to_markdown(doc: Document) -> str:
    """Markdown for a terminal: a book's title and description are the author's text, so
    every control character in the page is shown escaped (:func:`printable`), never sent."""
    lines = [f"# {doc.title}", ""]
    for paragraph in doc.paragraphs:
        lines += [paragraph, ""]
    for section in doc.sections:
        lines += [f"## {section.title}", ""]
        for number, point in enumerate(section.points, 1):
            bullet = f"{number}." if section.numbered else "-"
            mark = f"**{CHANGED}** " if point.changed else ""
            lead = f"**{point.lead}**: " if point.lead else ""
            lines.append(f"{bullet} {mark}{lead}{point.text}")
        lines.append("")
    return printable("\n".join(lines).rstrip() + "\n", newlines=True)


_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem;
       line-height: 1.5; color: #1b1b1b; }
h1 { border-bottom: 2px solid #444; }
li { margin: 0.3rem 0; }
.changed { background: #fff3b0; }
.badge { font-size: 0.75rem; font-weight: bold; background: #c77c00; color: white;
         border-radius: 0.25rem; padding: 0 0.35rem; margin-right: 0.35rem; }
""".strip()


def _html_text(text: str) -> str:
    """``text`` as HTML text: markup escaped, and control characters (which HTML does not
    allow, and which a page saved and printed with cat would send) shown escaped."""
    return html.escape(printable(text, newlines=True))


def to_html(doc: Document) -> str:
    e = _html_text
    out = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f"<title>{e(doc.title)}</title>",
        f"<style>\n{_STYLE}\n</style>",
        "</head>",
        "<body>",
        f"<h1>{e(doc.title)}</h1>",
    ]
    out += [f"<p>{e(p)}</p>" for p in doc.paragraphs]
    for section in doc.sections:
        tag = "ol" if section.numbered else "ul"
        out += ["<section>", f"<h2>{e(section.title)}</h2>", f"<{tag}>"]
        for point in section.points:
            attrs = ' class="changed"' if point.changed else ""
            badge = '<span class="badge">changed</span>' if point.changed else ""
            lead = f"<strong>{e(point.lead)}</strong>: " if point.lead else ""
            out.append(f"<li{attrs}>{badge}{lead}{e(point.text)}</li>")
        out += [f"</{tag}>", "</section>"]
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


def render(doc: Document, fmt: Format) -> str:
    return to_html(doc) if fmt is Format.HTML else to_markdown(doc)
