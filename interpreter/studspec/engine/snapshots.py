"""Save a hand as a small JSON document and restore it, exactly, anywhere.

A hand is a pure function of how it was set up (rule book, stakes, stacks, seed, stacked
deck, whether cards come from outside) and of the commands it accepted, in order; so a saved
hand is that set-up and that log, not the engine's working state. Restoring plays the log
again under the same rule book, which gives the same events, stacks and legal actions, and
checks every line as a live hand would: a tampered document is refused, never trusted.

A built-in rule book is saved by name; any other by its resolved book (every option spelled
out), which is checked against the schema and the semantic rules again when restored.
Pickling a hand goes through the same document (:meth:`Hand.__reduce__`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import yaml

from studspec.errors import CardFormatError, SnapshotError, StudspecError
from studspec.spec import load_variant
from studspec.spec.build import build_variant
from studspec.spec.catalog import builtin_names
from studspec.spec.checks import semantic_errors
from studspec.spec.model import Stakes, Variant
from studspec.spec.schema import schema_errors
from studspec.spec.yamlload import parse_text

from .actions import Action, parse_action
from .cards import Card, format_cards, parse_cards

if TYPE_CHECKING:
    from .hand import Hand

FORMAT = "studspec-hand"
VERSION = 1
MAX_LOG = 2_000
"""More commands than any hand can take (ten seats, every street capped): a longer log is
not a saved hand."""
_STAKES = ("ante", "bring_in", "small_bet", "big_bet", "starting_stack")

LogEntry = tuple[str, int | None, str]
"""One accepted command: ``("act", seat, "cbr 20")`` or ``("deal", seat or None, "AsKd7h")``."""


def snapshot(hand: Hand) -> dict[str, Any]:
    """The hand as a JSON-able document that :func:`restore` turns back into it."""
    variant = hand.variant
    builtin = variant.source == f"builtin:{variant.name}"
    return {
        "format": FORMAT,
        "version": VERSION,
        "book": variant.name if builtin else _plain(variant.resolved),
        "stakes": {name: getattr(hand.stakes, name) for name in _STAKES},
        "stacks": list(hand.starting_stacks),
        "seed": hand.seed,
        "deck": None if hand.stacked_deck is None else format_cards(hand.stacked_deck),
        "deal_from_outside": not hand.deck.drawing,
        "auto_showdown": hand.auto_showdown,
        "log": [_logged(kind, seat, command) for kind, seat, command in hand.log],
    }


def restore(document: Mapping[str, Any]) -> Hand:
    """The hand ``document`` saved, replayed command by command; :class:`SnapshotError` says
    what is wrong with a document that is not a saved hand or does not replay."""
    from .hand import Hand

    if not isinstance(document, Mapping) or document.get("format") != FORMAT:
        raise SnapshotError(f"not a saved hand: a document with format {FORMAT!r} is expected")
    if document.get("version") != VERSION:
        raise SnapshotError(f"saved hand version {document.get('version')!r}; this studspec reads version {VERSION}")
    variant = _variant(document.get("book"))
    try:
        hand = Hand(
            variant,
            _ints(document.get("stacks"), "stacks"),
            stakes=_stakes(document.get("stakes")),
            seed=_int(document.get("seed"), "seed"),
            deck=_deck(document.get("deck")),
            deal_from_outside=_bool(document.get("deal_from_outside"), "deal_from_outside"),
            auto_showdown=_bool(document.get("auto_showdown"), "auto_showdown"),
        )
    except SnapshotError:
        raise
    except StudspecError as error:
        raise SnapshotError(f"the saved set-up is refused: {error}") from None
    for number, entry in enumerate(read_log(document.get("log"))):
        try:
            replay_entry(hand, entry)
        except StudspecError as error:
            raise SnapshotError(f"log entry {number} {list(entry)} does not replay: {error}") from None
    return hand


def _logged(kind: str, seat: int | None, command: Action | tuple[Card | None, ...]) -> list[Any]:
    text = str(command) if isinstance(command, Action) else format_cards(command)
    return [kind, seat, text]


def replay_entry(hand: Hand, entry: LogEntry) -> None:
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
            raise SnapshotError(f"book {book!r} is no built-in rule book (a saved hand names one, or embeds its book)")
        return load_variant(book)
    if not isinstance(book, Mapping):
        raise SnapshotError("book must be a built-in rule book's name or a resolved rule book")
    text = yaml.safe_dump(_plain(book), sort_keys=False)
    doc, errors = parse_text(text, "<saved book>")
    if doc is None or errors:
        raise SnapshotError(f"the saved rule book is not readable: {errors[0] if errors else 'empty'}")
    if "extends" in doc.data:
        raise SnapshotError("a saved rule book is resolved: it extends nothing")
    problems = schema_errors(doc) or semantic_errors(doc)
    if problems:
        raise SnapshotError(f"the saved rule book is not valid: {problems[0].message}")
    return build_variant(doc.data, f"saved:{doc.data.get('name', '?')}")


def _int(value: Any, name: str) -> int:
    if type(value) is not int:
        raise SnapshotError(f"{name} must be an integer, not {value!r}")
    return value


def _bool(value: Any, name: str) -> bool:
    if type(value) is not bool:
        raise SnapshotError(f"{name} must be true or false, not {value!r}")
    return value


def _ints(value: Any, name: str) -> list[int]:
    if not isinstance(value, list) or not 2 <= len(value) <= 10:
        raise SnapshotError(f"{name} must be a list of 2 to 10 integers")
    return [_int(item, name) for item in value]


def _stakes(value: Any) -> Stakes:
    if not isinstance(value, Mapping) or set(value) != set(_STAKES):
        raise SnapshotError(f"stakes must give exactly {', '.join(_STAKES)}")
    return Stakes(**{name: _int(value[name], f"stakes.{name}") for name in _STAKES})


def _deck(value: Any) -> list[Any] | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 2 * 54:
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
        raise SnapshotError(f"{shape}, not {item!r}"[:200])
    kind, seat, text = item
    if not (seat is None or type(seat) is int) or (kind == "act" and seat is None) or len(text) > 64:
        raise SnapshotError(f"{shape}, not {item!r}"[:200])
    return kind, seat, text
