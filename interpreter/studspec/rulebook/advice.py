"""Warnings: what a valid rule book says that its author probably did not mean.

A warning never stops a book from loading (the book is valid and plays as written); it is
printed by ``studspec validate`` as ``file:line:col: warning: message`` at the line to
change. Each advice is one small function in :data:`ADVICE`, given the book's own file and
the chain of books it extends:

- a book that changes how the cards are dealt but keeps the description of the book it
  extends describes another game ("Two down cards and one up card..." above an eight-card
  deal);
- a book whose ``name`` is not its file's stem, or that states no name and so is called
  by the name of the book it extends (a house book calling itself ``seven-card-stud``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .merge import merge
from .nodes import excerpt
from .yamlload import Document


@dataclass(frozen=True)
class SpecWarning:
    """One piece of advice about a valid rule book, at ``path:line:col`` (1-based)."""

    path: str
    line: int
    col: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: warning: {self.message}"


@dataclass(frozen=True)
class Chain:
    """A valid book's documents along ``extends``, child first, and where its file is."""

    docs: Sequence[Document]
    path: Path


Advice = Callable[[Chain], Iterator[SpecWarning]]
_NAME = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
"""A rule book's name (the schema's ``name`` pattern)."""
ADVICE: list[Advice] = []


def advice(function: Advice) -> Advice:
    """Register a piece of advice (run on every valid book that ``validate`` checks)."""
    ADVICE.append(function)
    return function


def warnings_for(docs: Sequence[Document], path: Path) -> list[SpecWarning]:
    """Every warning about the valid book read from ``docs`` (child first) at ``path``."""
    chain = Chain(docs, path)
    return [warning for function in ADVICE for warning in function(chain)]


def _warning(doc: Document, node: tuple[str, ...], message: str, key: bool = True) -> SpecWarning:
    mark = doc.locate(node, key)
    return SpecWarning(mark.file, mark.line, mark.col, message)


def _deals(data: Any) -> list[tuple[str, ...]]:
    """The faces each street deals, in order: what a description of the deal describes."""
    streets = data.get("streets", []) if isinstance(data, dict) else []
    if not isinstance(streets, list):
        return []
    return [tuple(street.get("deal", ())) for street in streets if isinstance(street, dict)]


def _merged(docs: Sequence[Document]) -> Document:
    """``docs`` (child first) merged into one book, as the loader merges them."""
    book = docs[-1]
    for child in reversed(docs[:-1]):
        book, _problems = merge(book, child)
    return book


@advice
def description_follows_the_deal(chain: Chain) -> Iterator[SpecWarning]:
    """A book that deals differently from the book whose description it inherits is
    described as that other game: say so at the book's ``streets``."""
    docs = chain.docs
    own = docs[0]
    if len(docs) < 2 or not isinstance(own.data, dict) or "streets" not in own.data:
        return
    writer = next((i for i, doc in enumerate(docs) if isinstance(doc.data, dict) and "description" in doc.data), None)
    if writer is None or writer == 0:
        return  # nothing to inherit, or the book describes itself
    if _deals(_merged(docs).data) == _deals(_merged(docs[writer:]).data):
        return
    yield _warning(
        own,
        ("streets",),
        f"these streets deal the cards differently from {docs[writer].data.get('name', docs[writer].file)!r}, "
        f"whose description this book inherits ({excerpt(str(docs[writer].data['description']))}); write a "
        "description of this game (or description: '' for none)",
    )


@advice
def name_is_the_file_stem(chain: Chain) -> Iterator[SpecWarning]:
    """A built-in book is found by its name, which is its file's stem; a house book keeps
    the same habit, and never takes the name of the book it extends."""
    own = chain.docs[0]
    if not isinstance(own.data, dict) or chain.path.suffix not in (".yaml", ".yml"):
        return
    stem = chain.path.stem
    name = own.data.get("name")
    if name is None and len(chain.docs) > 1:
        inherited = _merged(chain.docs).data.get("name")
        suggested = f"name: {stem} (its file's stem)" if _NAME.fullmatch(stem) else "a name of its own"
        yield _warning(
            own,
            ("extends",),
            f"this book sets no name, so it is called {inherited!r} like the book it extends; "
            f"add {suggested} so that histories and cases tell the two apart",
            key=False,
        )
    elif isinstance(name, str) and name != stem:
        yield _warning(
            own,
            ("name",),
            f"name {excerpt(name)} is not the file's stem {excerpt(stem)}; a rule book is named "
            "as its file (built-in books are found by it): rename the file or set the name",
            key=False,
        )
