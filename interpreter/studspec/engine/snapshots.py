"""Save a hand as a small JSON document and restore it, exactly, anywhere.

A hand is a pure function of how it was set up (rule book, stakes, stacks, seed, stacked
deck, whether cards come from outside) and of the commands it accepted, in order; so a saved
hand is that set-up and that log, not the engine's working state. Restoring plays the log
again under the same rule book, which gives the same events, stacks and legal actions.

What a snapshot holds
---------------------
``format`` and ``version``; ``book``: a built-in rule book's name, or any other book
resolved (every option spelled out, checked against the schema and the semantic rules again
when restored); ``stakes``; ``stacks``, as the hand began; ``seed``, the shuffle; ``deck``, a
stacked deck top card first (or null); ``deal_from_outside``; ``auto_showdown``; and ``log``,
every accepted command (``["act", seat, "cbr 400"]``, ``["deal", seat or null, "AsKd7h"]``).

The seed or the stacked deck decides every card, those still to come included: whoever
reads a snapshot knows every hole card of the hand. Show one only to whoever may see the
whole deck (the dealer, the server), never to a player.

A snapshot is trusted input
---------------------------
:func:`restore` refuses a document of the wrong shape with one :class:`SnapshotError` line
(each value of its type, amounts of at most :data:`MAX_AMOUNT_DIGITS` digits, seats 0 to 9,
a book nested at most :data:`MAX_DEPTH` deep), never a traceback, and refuses a log that does
not replay. It cannot refuse a document that was changed but is well formed: another seed or
deck is another deal, other stacks or stakes another table, and nothing in the document can
tell. A snapshot that passes through hands that could change it (a file a player can edit, a
message from a client) must be authenticated by whoever keeps it; ``studspec play --save``
seals its saved games for that reason (:mod:`studspec.play.sealing`).

Pickling a hand goes through the same document (:meth:`Hand.__reduce__` restores its
snapshot). Unpickling is another matter: :func:`pickle.loads` runs whatever code its bytes
name, before any hand is restored, so unpickling bytes that someone else could have written
is unsafe whatever they claim to hold. Send such a hand as its snapshot (JSON) and restore it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

import yaml

from studspec.errors import CardFormatError, SnapshotError, StudspecError
from studspec.rulebook import load_variant
from studspec.rulebook.build import build_variant
from studspec.rulebook.catalog import builtin_names
from studspec.rulebook.checks import semantic_errors
from studspec.rulebook.model import Stakes, Variant
from studspec.rulebook.schema import schema_errors
from studspec.rulebook.yamlload import MAX_NODES, parse_text

from .actions import MAX_AMOUNT_DIGITS, Action, parse_action
from .cards import Card, format_cards, parse_cards
from .core import Setup
from .deck import Deck
from .stakes import MAX_AMOUNT


class Saved(Protocol):
    """What a snapshot reads of a hand: how it was set up, and every command it accepted."""

    variant: Variant
    stakes: Stakes
    setup: Setup
    deck: Deck
    log: list[tuple[str, int | None, Action | tuple[Card | None, ...]]]

    def act(self, action: Action, seat: int | None = None) -> None: ...

    def deal(self, seat: int | None, cards: Sequence[Card | None]) -> None: ...


HandT = TypeVar("HandT", bound=Saved)
MakeHand = Callable[..., HandT]
"""The hand class (:class:`~studspec.engine.hand.Hand`): this module does not import it,
which imports this module."""

FORMAT = "studspec-hand"
VERSION = 1
MAX_LOG = 2_000
"""More commands than any hand can take (sixteen seats, every street capped): a longer log is
not a saved hand."""
"""Largest stack or stake a saved hand may give: the digits an action's amount may have (PHH
histories keep the same bound), far beyond any table's chips."""
MAX_SEED_BITS = 256
"""A seed is any integer a program gave (a hand chooses 63 bits); 256 bits keeps a document
from carrying a number too large to print."""
MAX_SEATS = 16
MAX_DEPTH = 32
"""A resolved rule book is nested 4 deep; a document nested deeper is not one (and a Python
that walked a thousand levels would overflow its stack)."""
_STAKES = ("ante", "bring_in", "small_bet", "big_bet", "starting_stack")

LogEntry = tuple[str, int | None, str]
"""One accepted command: ``("act", seat, "cbr 20")`` or ``("deal", seat or None, "AsKd7h")``."""


def snapshot(hand: Saved) -> dict[str, Any]:
    """The hand as a JSON-able document that :func:`restore` turns back into it."""
    variant = hand.variant
    builtin = variant.source == f"builtin:{variant.name}"
    return {
        "format": FORMAT,
        "version": VERSION,
        "book": variant.name if builtin else _plain(variant.resolved),
        "stakes": _stakes_document(hand.stakes),
        "stacks": list(hand.setup.starting_stacks),
        "seed": hand.setup.seed,
        "deck": None if hand.setup.stacked_deck is None else format_cards(hand.setup.stacked_deck),
        "deal_from_outside": not hand.deck.drawing,
        "auto_showdown": hand.setup.auto_showdown,
        "log": [_logged(kind, seat, command) for kind, seat, command in hand.log],
    }


def restore(document: Mapping[str, Any], make: MakeHand[HandT]) -> HandT:
    """The hand ``document`` saved, replayed command by command.

    Any document that is not a saved hand, or whose log does not replay, is one
    :class:`SnapshotError` saying what is wrong, whatever JSON-like values it holds. A well
    formed document is trusted: see the module's documentation.
    """
    if not isinstance(document, Mapping) or document.get("format") != FORMAT:
        raise SnapshotError(f"not a saved hand: a document with format {FORMAT!r} is expected")
    version = document.get("version")
    if type(version) is not int or version != VERSION:
        raise SnapshotError(f"saved hand version {_shown(version)}; this studspec reads version {VERSION}")
    hand = _set_up(_variant(document.get("book")), document, make)
    for number, entry in enumerate(read_log(document.get("log"))):
        try:
            replay_entry(hand, entry)
        except StudspecError as error:
            raise SnapshotError(f"log entry {number} {list(entry)} does not replay: {error}") from None
    return hand


def _set_up(variant: Variant, document: Mapping[str, Any], make: MakeHand[HandT]) -> HandT:
    """The hand as it was dealt, before its first command."""
    try:
        return make(
            variant,
            _amounts(document.get("stacks"), "stacks"),
            stakes=_stakes(document.get("stakes")),
            seed=_seed(document.get("seed")),
            deck=_deck(document.get("deck")),
            deal_from_outside=_bool(document.get("deal_from_outside"), "deal_from_outside"),
            auto_showdown=_bool(document.get("auto_showdown"), "auto_showdown"),
        )
    except SnapshotError:
        raise
    except StudspecError as error:
        raise SnapshotError(f"the saved set-up is refused: {error}") from None


def _logged(kind: str, seat: int | None, command: Action | tuple[Card | None, ...]) -> list[Any]:
    """One log entry as JSON, in the form :func:`read_log` reads (a hand takes only integer
    seats, so the seat is written as it is)."""
    text = str(command) if isinstance(command, Action) else format_cards(command)
    return [kind, seat, text]


def replay_entry(hand: Saved, entry: LogEntry) -> None:
    """Carry out one logged command again."""
    kind, seat, text = entry
    if kind == "deal":
        hand.deal(seat, parse_cards(text, allow_unknown=True))
    else:
        hand.act(parse_action(text), seat=seat)


def _plain(value: Any) -> Any:
    """A resolved book's read-only mappings as plain dicts and lists (for JSON)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _variant(book: Any) -> Variant:
    if isinstance(book, str):
        if book not in builtin_names():
            raise SnapshotError(
                f"book {_shown(book)} is no built-in rule book (a saved hand names one, or embeds its book)"
            )
        return load_variant(book)
    if not isinstance(book, Mapping):
        raise SnapshotError("book must be a built-in rule book's name or a resolved rule book")
    text = yaml.safe_dump(_checked(book, 1, [MAX_NODES]), sort_keys=False)
    doc, errors = parse_text(text, "<saved book>")
    if doc is None or errors:
        raise SnapshotError(f"the saved rule book is not readable: {errors[0] if errors else 'empty'}")
    if "extends" in doc.data:
        raise SnapshotError("a saved rule book is resolved: it extends nothing")
    problems = schema_errors(doc) or semantic_errors(doc)
    if problems:
        raise SnapshotError(f"the saved rule book is not valid: {problems[0].message}")
    try:
        return build_variant(doc.data, f"saved:{doc.data.get('name', '?')}")
    except StudspecError as error:
        raise SnapshotError(f"the saved rule book is not valid: {error}") from None


def _checked(value: Any, depth: int, budget: list[int]) -> Any:
    """A saved book as plain dicts and lists, refused (one line) unless it is the shape of a
    rule book: at most :data:`MAX_DEPTH` deep, :data:`MAX_NODES` values, string keys and
    amounts of at most :data:`MAX_AMOUNT_DIGITS` digits. The depth is checked before going
    down, so a book nested a thousand deep costs 32 calls, not a stack overflow."""
    budget[0] -= 1
    if budget[0] < 0:
        raise SnapshotError(f"the saved rule book has more than {MAX_NODES:,} values; a rule book has about a hundred")
    if isinstance(value, Mapping | list | tuple) and depth > MAX_DEPTH:
        raise SnapshotError(f"the saved rule book is nested more than {MAX_DEPTH} deep; a rule book is nested 4 deep")
    if isinstance(value, Mapping):
        if not all(isinstance(key, str) for key in value):
            raise SnapshotError("the saved rule book's keys must be strings")
        return {key: _checked(item, depth + 1, budget) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_checked(item, depth + 1, budget) for item in value]
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_AMOUNT:
        raise SnapshotError(f"the saved rule book holds a number of more than {MAX_AMOUNT_DIGITS} digits")
    if value is not None and not isinstance(value, str | int | float):
        raise SnapshotError(f"the saved rule book holds {_shown(value)}; a rule book holds JSON values")
    return value


def _amount(value: Any, name: str) -> int:
    if type(value) is not int or abs(value) > MAX_AMOUNT:
        raise SnapshotError(f"{name} must be an integer of at most {MAX_AMOUNT_DIGITS} digits, not {_shown(value)}")
    return value


def _seed(value: Any) -> int:
    if type(value) is not int or abs(value).bit_length() > MAX_SEED_BITS:
        raise SnapshotError(f"seed must be an integer of at most {MAX_SEED_BITS} bits, not {_shown(value)}")
    return value


def _bool(value: Any, name: str) -> bool:
    if type(value) is not bool:
        raise SnapshotError(f"{name} must be true or false, not {_shown(value)}")
    return value


def _amounts(value: Any, name: str) -> list[int]:
    if not isinstance(value, list) or not 2 <= len(value) <= MAX_SEATS:
        raise SnapshotError(f"{name} must be a list of 2 to {MAX_SEATS} integers")
    return [_amount(item, name) for item in value]


def _stakes_document(stakes: Stakes) -> dict[str, Any]:
    """The stakes as a saved hand writes them; ``blinds`` only at a table with blinds."""
    document: dict[str, Any] = {name: getattr(stakes, name) for name in _STAKES}
    if stakes.blinds:
        document["blinds"] = list(stakes.blinds)
    return document


def _stakes(value: Any) -> Stakes:
    if not isinstance(value, Mapping) or not set(_STAKES) <= set(value) <= {*_STAKES, "blinds"}:
        raise SnapshotError(f"stakes must give exactly {', '.join(_STAKES)} (and blinds, at a table with blinds)")
    posted: tuple[int, ...] = ()
    if "blinds" in value:
        blinds = value["blinds"]
        if not isinstance(blinds, list) or not 1 <= len(blinds) <= MAX_SEATS:
            raise SnapshotError(f"stakes.blinds must be a list of 1 to {MAX_SEATS} amounts")
        posted = tuple(_amount(blind, "stakes.blinds") for blind in blinds)
    return Stakes(**{name: _amount(value[name], f"stakes.{name}") for name in _STAKES}, blinds=posted)


def _deck(value: Any) -> list[Any] | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 2 * 54 or not value.isprintable():
        raise SnapshotError("deck must be the stacked cards as one string (e.g. 'AsKd7h'), or null")
    try:
        return list(parse_cards(value))
    except CardFormatError as error:
        raise SnapshotError(f"deck: {error}") from None


def read_log(value: Any) -> list[LogEntry]:
    """A saved log, checked entry by entry (:class:`SnapshotError` names what is wrong)."""
    if not isinstance(value, list) or len(value) > MAX_LOG:
        raise SnapshotError(f"log must be a list of at most {MAX_LOG} commands")
    return [_entry(item) for item in value]


def _entry(item: Any) -> LogEntry:
    shape = "each log entry is ['act', seat, 'ACTION'] or ['deal', seat or null, 'CARDS']"
    if not isinstance(item, list) or len(item) != 3 or item[0] not in ("act", "deal") or not isinstance(item[2], str):
        raise SnapshotError(f"{shape}, not {_shown(item)}")
    kind, seat, text = item
    if seat is None:
        if kind == "act" or len(text) > 64 or not text.isprintable():
            raise SnapshotError(f"{shape}, not {_shown(item)}")
        return kind, seat, text
    if type(seat) is not int or not 0 <= seat < MAX_SEATS or len(text) > 64 or not text.isprintable():
        raise SnapshotError(f"{shape}, not {_shown(item)}")
    return kind, seat, text


def _shown(value: Any, depth: int = 2) -> str:
    """``value`` as a short JSON-like text for an error line, whatever it holds: a huge
    integer or a deep list is described, never converted (``str()`` of an integer over 4,300
    digits raises, and ``repr()`` of a list nested a thousand deep overflows the stack)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_AMOUNT:
        return f"an integer of more than {MAX_AMOUNT_DIGITS} digits"
    if isinstance(value, list | tuple):
        if depth == 0 or len(value) > 4:
            return f"a list of {len(value)} values"
        return "[" + ", ".join(_shown(item, depth - 1) for item in value) + "]"
    if isinstance(value, Mapping):
        return f"a mapping of {len(value)} keys"
    if value is None or isinstance(value, str | int | float):
        text = json.dumps(value)
        return text if len(text) <= 40 else f"{text[:37]}..."
    return f"a {type(value).__name__}"
