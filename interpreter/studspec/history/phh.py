"""PHH hand histories (uoftcprg/phh-std): read, replay through the rules, and write.

A history is TOML. The standard fields give the game, stakes, stacks and the actions in
order; fields that begin with ``_`` are ours (``_variant`` names the rule book to play)
and leave the file valid PHH. Replay feeds every deal and action to a hand dealt from
outside, so each is checked against the rule book exactly as a live action would be.

Lines PHH's stud games lack are studspec's own, written only by books that claim no PHH code
(so a PHH reader stops at the unknown variant rather than misreading the hand): ``p2 dcl
both``, ``p3 pay 120`` and ``p3 decline``, and the decisions about cards, ``p1 up 7h``, ``p2
pass 7h8h9h``, ``p1 buy 7h`` and ``p3 set AsKsQdQc7h`` beside PHH's own ``p1 sd 7h2c`` (a
bare ``p1 sd`` stands pat). A draw's or buy's replacement cards are the ``d dh`` lines after
its choice; choices made together are written, in seat order, once the last seat has chosen
(docs/conformance.md, section 2.8).
"""

from __future__ import annotations

import datetime
import json
import os
import re
import stat
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from studspec.engine.actions import MAX_AMOUNT_DIGITS, ActionKind, is_number, parse_action, shown
from studspec.engine.blinds import blind_seats
from studspec.engine.cards import Card, format_cards, parse_cards
from studspec.engine.events import (
    ActionTaken,
    BettingSkipped,
    CardsChosen,
    CardsDealt,
    CommunityCardDealt,
    CommunityCardDealtDown,
    CommunityCardTurned,
    DealVoided,
    Declared,
    EventVisitor,
    IndicatorDealt,
    Mucked,
    PotAwarded,
    Showed,
    StreetBegan,
)
from studspec.engine.hand import Hand
from studspec.engine.stakes import MAX_AMOUNT
from studspec.errors import ActionFormatError, CardFormatError, HandError, HistoryFormatError, ReplayError, StakesError
from studspec.rulebook.catalog import is_builtin_name
from studspec.rulebook.model import Stakes, Variant
from studspec.terminal import printable_json


@dataclass(frozen=True)
class History:
    """The fields of a PHH file that a stud replay needs, plus our ``_`` additions."""

    path: str
    variant_code: str
    antes: tuple[int, ...]
    bring_in: int
    small_bet: int
    big_bet: int
    starting_stacks: tuple[int, ...]
    actions: tuple[str, ...]
    finishing_stacks: tuple[int, ...] | None = None
    blinds_or_straddles: tuple[int, ...] = ()
    """Each seat's blind, as PHH writes them for flop games (``()``: none)."""
    extra: dict[str, Any] = field(default_factory=dict, compare=False)
    """Every other field of the file (``_variant``, ``_rule``, ``event`` ...)."""


MAX_HISTORY_BYTES = 256 * 1024
"""Largest hand history accepted (256 KiB). A real hand is a few KiB (the WSOP hands are under
2 KiB, a generated eight-handed case with a checkpoint at every decision about 5 KiB); the
cap is checked before the file is read, and a file at the cap parses in about a second even
in TOML's slowest shape (a long array of numbers)."""

MAX_NESTING = 32
"""Deepest TOML nesting accepted: arrays and inline tables inside each other, plus the parts
of a dotted key (``a.b.c``). A history nests three levels at most (``_legal``); the bound is
checked before the TOML parser runs, whose time and memory grow with the depth."""

MAX_SHOWN_LINE = 200
"""Longest action line an error quotes whole; a longer one is cut (``...``)."""

MAX_WHOLE_NUMBER = MAX_AMOUNT
"""Largest stack, ante or bet a history may give: the 18 digits an action's amount may have,
the same bound as the tables ``run`` and the engine deal (:data:`~studspec.engine.stakes.MAX_AMOUNT`)."""

_TOKENS = re.compile(
    r'"""(?:[^"\\]|\\[\s\S]|"(?!""))*"""(?:""?)?'  # a multi-line basic string (with up to 2 more quotes)
    r"|'''(?:[^']|'(?!''))*'''(?:''?)?"  # a multi-line literal string
    r'|"(?:[^"\\\n]|\\.)*"'  # a basic string
    r"|'[^'\n]*'"  # a literal string
    r"|#[^\n]*"  # a comment
    r"|[\[\]{}.]"  # what nests: brackets, braces and the dots of a dotted key
    r"|[=,\n]+"  # what ends a key
    r"|[\"']"  # a quote that opens no complete string: the TOML parser stops there
)
"""The pieces of TOML that matter for its nesting; strings and comments are read whole, so
that the brackets and dots inside them are not counted."""


def _nesting_problem(text: str) -> str | None:
    """Where ``text`` nests deeper than :data:`MAX_NESTING`, if it does (one linear scan)."""
    depth = dots = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in ("[", "{"):
            depth, dots = depth + 1, 0
        elif token in ("]", "}"):
            depth, dots = max(depth - 1, 0), 0
        elif token == ".":
            dots += 1
        elif token[0] in "=,\n":
            dots = 0
        elif token in ('"', "'"):
            return None  # an unterminated string: the parser refuses the file there
        if depth + dots > MAX_NESTING:
            line = text.count("\n", 0, match.start()) + 1
            return f"line {line}: nested more than {MAX_NESTING} deep (arrays, inline tables and dotted keys)"
    return None


def _load_toml(text: str, path: str) -> dict[str, Any]:
    """The TOML document ``text``; every way it can be refused is a :class:`HistoryFormatError`."""
    if len(text) > MAX_HISTORY_BYTES:  # text given directly, not read by read_history
        raise HistoryFormatError(
            f"{path}: the history is {len(text):,} characters; a hand history may be at most "
            f"{MAX_HISTORY_BYTES:,} bytes (256 KiB)"
        )
    problem = _nesting_problem(text)
    if problem is not None:
        raise HistoryFormatError(f"{path}: not a usable history: {problem}; a hand history nests a few levels")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise HistoryFormatError(f"{path}: not valid TOML: {error}") from None
    except ValueError:  # an integer past the digits Python converts (4300)
        raise HistoryFormatError(f"{path}: not a usable history: a number has far too many digits") from None
    except RecursionError:  # the scan above bounds the nesting; this is the last guard
        raise HistoryFormatError(f"{path}: not a usable history: nested too deep") from None


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_WHOLE_NUMBER


def _ints(data: dict[str, Any], key: str, path: str) -> tuple[int, ...]:
    value = data.get(key)
    if not isinstance(value, list) or not all(_whole(v) for v in value):
        raise HistoryFormatError(
            f"{path}: '{key}' must be a list of whole numbers of at most {MAX_AMOUNT_DIGITS} digits"
        )
    return tuple(value)


def _int(data: dict[str, Any], key: str, path: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or not _whole(value):
        raise HistoryFormatError(f"{path}: '{key}' must be a whole number of at most {MAX_AMOUNT_DIGITS} digits")
    return value


def parse_history(text: str, path: str = "<history>") -> History:
    """A history from its TOML text; ``path`` names it in errors (:class:`HistoryFormatError`)."""
    data = _load_toml(text, path)
    code = data.get("variant")
    if not isinstance(code, str):
        raise HistoryFormatError(f"{path}: 'variant' must name the game (F7S, F7S/8, FR, ...)")
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise HistoryFormatError(f"{path}: 'actions' must be a list of strings")
    stacks = _ints(data, "starting_stacks", path)
    antes = _ints(data, "antes", path) if "antes" in data else (0,) * len(stacks)
    finishing = _ints(data, "finishing_stacks", path) if "finishing_stacks" in data else None
    blinds = _ints(data, "blinds_or_straddles", path) if "blinds_or_straddles" in data else ()
    known = {"variant", "actions", "starting_stacks", "antes", "finishing_stacks", "bring_in", "small_bet", "big_bet"}
    known.add("blinds_or_straddles")
    return History(
        path=path,
        variant_code=code,
        antes=antes,
        bring_in=_int(data, "bring_in", path) if "bring_in" in data or not any(blinds) else 0,
        small_bet=_int(data, "small_bet", path),
        big_bet=_int(data, "big_bet", path),
        starting_stacks=stacks,
        actions=tuple(actions),
        finishing_stacks=finishing,
        blinds_or_straddles=blinds,
        extra={k: v for k, v in data.items() if k not in known},
    )


def _check_file(info: os.stat_result, name: str) -> None:
    """Refuse what is not a regular file (a FIFO would block, a device never end) or is too big."""
    if not stat.S_ISREG(info.st_mode):
        raise HistoryFormatError(f"{name}: not a regular file (a folder, FIFO or device); a history is a .phh file")
    if info.st_size > MAX_HISTORY_BYTES:
        raise HistoryFormatError(
            f"{name}: the file is {info.st_size:,} bytes; a hand history may be at most "
            f"{MAX_HISTORY_BYTES:,} bytes (256 KiB)"
        )


def _read_bytes(path: Path, name: str) -> bytes:
    """At most :data:`MAX_HISTORY_BYTES` + 1 bytes of a regular file, checked before opening it
    (opening a FIFO blocks) and again once open (the file checked is the file read)."""
    try:
        _check_file(path.stat(), name)
        with os.fdopen(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as handle:
            _check_file(os.fstat(handle.fileno()), name)
            raw = handle.read(MAX_HISTORY_BYTES + 1)
    except HistoryFormatError:
        raise
    except OSError as error:
        raise HistoryFormatError(f"{name}: cannot read: {error.strerror or error}") from None
    except ValueError:  # a path with a NUL character
        raise HistoryFormatError(f"{name!r}: cannot read: not a file name") from None
    if len(raw) > MAX_HISTORY_BYTES:
        raise HistoryFormatError(
            f"{name}: the file is over {MAX_HISTORY_BYTES:,} bytes; a hand history may be at most 256 KiB"
        )
    return raw


def read_history(path: str | Path) -> History:
    """The history in the file ``path``: a regular file of UTF-8 TOML, at most 256 KiB."""
    name = str(path)
    raw = _read_bytes(Path(path), name)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        before = raw[: error.start]
        line, col = before.count(b"\n") + 1, error.start - (before.rfind(b"\n") + 1) + 1
        raise HistoryFormatError(
            f"{name}: line {line}, column {col}: not UTF-8 text; a PHH history is UTF-8 TOML"
        ) from None
    return parse_history(text, name)


def stakes_of(history: History) -> Stakes:
    antes = set(history.antes)
    if len(antes) > 1:
        raise HistoryFormatError(
            f"{history.path}: antes differ by seat ({sorted(antes)}); one ante per table is supported"
        )
    return Stakes(
        ante=antes.pop() if antes else 0,
        bring_in=history.bring_in,
        small_bet=history.small_bet,
        big_bet=history.big_bet,
        starting_stack=max(history.starting_stacks, default=0),
        blinds=blinds_of(history),
    )


def blinds_of(history: History) -> tuple[int, ...]:
    """The table's blinds in blind order, from the history's blind of each seat: the seats
    from the first on post them (heads-up, the dealer, the last seat, the small blind)."""
    per_seat = history.blinds_or_straddles
    if len(per_seat) > len(history.starting_stacks):
        raise HistoryFormatError(
            f"{history.path}: 'blinds_or_straddles' names {len(per_seat)} seats; the hand has "
            f"{len(history.starting_stacks)}"
        )
    count = max((seat + 1 for seat, blind in enumerate(per_seat) if blind), default=0)
    seats = blind_seats(len(history.starting_stacks), count)
    blinds = tuple(per_seat[seat] for seat in seats)
    if 0 in blinds or (len(blinds) == 2 and blinds[0] > blinds[1] and seats == (1, 0)):
        posting = ", ".join(f"p{seat + 1}" for seat in seats)
        raise HistoryFormatError(
            f"{history.path}: 'blinds_or_straddles' {list(per_seat)}: blinds are posted by the seats from p1 on"
            f", each its own ({posting} here, in blind order); heads-up the dealer, p2, posts the small blind"
        )
    return blinds


def new_replay_hand(history: History, variant: Variant) -> Hand:
    try:
        return Hand(
            variant,
            history.starting_stacks,
            stakes=stakes_of(history),
            deal_from_outside=True,
            auto_showdown=False,
        )
    except StakesError as error:
        raise HistoryFormatError(f"{history.path}: {error}") from None


def _seat(hand: Hand, text: str, word: str, problem: str) -> int:
    """The 0-based seat that ``word`` (``pN``, N in digits 0-9) names at ``hand``'s table."""
    digits = word[1:]
    if not word.startswith("p") or not is_number(digits) or len(digits) > MAX_AMOUNT_DIGITS:
        raise ActionFormatError(f"{shown(text)}: {problem}")
    seat = int(digits) - 1
    if not 0 <= seat < hand.seats:
        raise ActionFormatError(f"{shown(text)}: there is no seat {shown(word)} at a {hand.seats}-handed table")
    return seat


def _apply_deal(hand: Hand, text: str, words: list[str]) -> None:
    dealing = "a dealing action is 'd dh pN CARDS' or 'd db CARDS'"
    if len(words) == 4 and words[1] == "dh":
        hand.deal(_seat(hand, text, words[2], dealing), parse_cards(words[3], allow_unknown=True))
        return
    if len(words) == 3 and words[1] == "db":  # one line, one deal: refused whole or taken whole
        hand.deal(None, parse_cards(words[2], allow_unknown=True))
        return
    raise ActionFormatError(f"{shown(text)}: {dealing}")


def apply_history_action(hand: Hand, text: str) -> None:
    """Play one PHH action line on ``hand``; raises with the reason when refused."""
    words = text.split("#", 1)[0].split()
    if not words:
        raise ActionFormatError("empty action")
    if words[0] == "d":
        _apply_deal(hand, text, words)
        return
    seat = _seat(hand, text, words[0], "an action starts with the seat (p1, p2, ...) or 'd'")
    hand.act(parse_action(" ".join(words[1:])), seat=seat)


@dataclass(frozen=True)
class ReplayOutcome:
    history: History
    hand: Hand
    stacks: tuple[int, ...]

    @property
    def matches(self) -> bool | None:
        """Whether the stacks equal ``finishing_stacks`` (``None`` when the file has none).

        A site's history may say it kept a rake (``_rake``, written by ``studspec import``):
        then the rules' stacks must exceed the site's by exactly the rake, and only at seats
        the rules paid from a pot (the rake comes out of the pot, so out of its winners)."""
        want = self.history.finishing_stacks
        if want is None:
            return None
        rake = site_rake(self.history)
        if not rake:
            return self.stacks == want
        paid = {seat for event in self.hand.events if isinstance(event, PotAwarded) for seat, _ in event.amounts}
        kept = [ours - theirs for ours, theirs in zip(self.stacks, want)]
        return sum(kept) == rake and all(k == 0 or (k > 0 and seat in paid) for seat, k in enumerate(kept))


def site_rake(history: History) -> int:
    """The rake a site's history says it kept (``_rake``), 0 when it says none."""
    rake = history.extra.get("_rake", 0)
    if not _whole(rake) or rake < 0:
        raise HistoryFormatError(f"{history.path}: '_rake' must be a whole number of chips, 0 or more")
    return int(rake)


def _shower(text: str) -> int | None:
    """The seat of a ``pN sm CARDS`` line (a show), else ``None``."""
    words = text.split("#", 1)[0].split()
    if len(words) == 3 and words[1] == "sm" and words[0].startswith("p") and is_number(words[0][1:4]):
        return int(words[0][1:4]) - 1
    return None


def _tabled(hand: Hand) -> bool:
    """Every hand still in is tabled (TDA 16; docs/rules.md S1): the showdown, reached with
    no betting on the last street because at most one seat still in has chips. No order of
    showing applies then, so a history may give the shows in any order."""
    if hand.is_complete or not any(choice.kind is ActionKind.SHOW_MUCK for choice in hand.legal_actions()):
        return False
    last = hand.variant.streets[-1].id
    if not any(isinstance(event, BettingSkipped) and event.street == last for event in hand.events):
        return False
    return len([seat for seat in hand.live_seats() if hand.stacks[seat] > 0]) <= 1


def _apply(hand: Hand, history: History, index: int) -> None:
    text = history.actions[index]
    try:
        apply_history_action(hand, text)
    except (HandError, ActionFormatError, CardFormatError) as error:
        line = text if len(text) <= MAX_SHOWN_LINE else f"{text[:MAX_SHOWN_LINE]}..."
        raise ReplayError(history.path, index, line, str(error)) from None


def _tabled_shows(hand: Hand, history: History, start: int) -> int:
    """Play the run of show lines from ``start`` in the order the hand asks for them (every
    hand is tabled, so the history's order is no rule's); the index after the run."""
    end = start
    while end < len(history.actions) and _shower(history.actions[end]) is not None:
        end += 1
    waiting = list(range(start, end))
    while waiting and not hand.is_complete:
        seat = hand.actor
        index = next((i for i in waiting if _shower(history.actions[i]) == seat), waiting[0])
        waiting.remove(index)
        _apply(hand, history, index)
    for index in waiting:  # the hand was settled without them: each is refused as it would be
        _apply(hand, history, index)
    return end


def replay(history: History, variant: Variant, *, unfinished: bool = False) -> ReplayOutcome:
    """Play every line of ``history``; a history that stops before the hand is over is an
    error unless ``unfinished`` (then the outcome's hand waits where the history stopped).
    Where every hand is tabled the shows may come in any order (:func:`_tabled`).

    The bring-in (200) and a fold: p2 takes both antes (40 each) and its own bring-in back,
    1000 - 40 - 200 + 280 = 1040.

    >>> from studspec import Hand, load_variant, parse_action
    >>> hand = Hand(load_variant("razz"), [1000, 1000], seed=3)
    >>> for action in ("pb", "f"):
    ...     hand.act(parse_action(action))
    >>> history = parse_history(write_history(hand))
    >>> history.actions[-2:], replay(history, load_variant("razz")).stacks
    (('p2 pb', 'p1 f'), (960, 1040))
    """
    hand = new_replay_hand(history, variant)
    index = 0
    while index < len(history.actions):
        if _shower(history.actions[index]) is not None and _tabled(hand):
            index = _tabled_shows(hand, history, index)
            continue
        _apply(hand, history, index)
        index += 1
    if not hand.is_complete and not unfinished:
        raise ReplayError(
            history.path,
            len(history.actions),
            "(end of history)",
            f"the history ends before the hand is over ({hand.waiting_for()})",
        )
    return ReplayOutcome(history, hand, tuple(hand.stacks))


class _ActionLines(EventVisitor):
    """PHH action lines: the dealer's deals and each seat's actions, shows and mucks."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.board: list[Card | None] | None = None
        """The community cards of the street being written, while its ``d db`` line is the last."""

    def street_began(self, event: StreetBegan) -> None:
        self.board = None

    def cards_dealt(self, event: CardsDealt) -> None:
        self.board = None
        self.lines.append(f"d dh p{event.seat + 1} {format_cards(event.cards)}")

    def indicator_dealt(self, event: IndicatorDealt) -> None:
        """An indicator card, on a ``d db`` line of its own (it is dealt after the board)."""
        self.board = None
        self.lines.append(f"d db {format_cards([event.card])}")

    def community_card_dealt_down(self, event: CommunityCardDealtDown) -> None:
        """A community card dealt face down, on a ``d db`` line of its own (its turn needs no line)."""
        self.board = None
        self.lines.append(f"d db {format_cards([event.card])}")

    def community_card_dealt(self, event: CommunityCardDealt) -> None:
        """A street's community cards on one line, as PHH deals a flop: ``d db 6dTd``."""
        if self.board is not None and self.lines and self.lines[-1].startswith("d db "):
            self.board.append(event.card)
            self.lines[-1] = f"d db {format_cards(self.board)}"
        else:
            self.board = [event.card]
            self.lines.append(f"d db {format_cards(self.board)}")

    def community_card_turned(self, event: CommunityCardTurned) -> None:
        """A face-down community card dealt unseen (``d db ??``) is named as it is turned, on a
        ``d db`` line of its own; one dealt seen is turned with no line."""
        if event.named:
            self.board = None
            self.lines.append(f"d db {format_cards([event.card])}")

    def deal_voided(self, event: DealVoided) -> None:
        """The deal line of the card that voided the deal says so in a comment (the card says
        it: a replay voids the deal itself): ``d dh p3 Qs # void 1: every card gathered,
        shuffled and dealt again``; the new deal's lines follow."""
        self.board = None
        if self.lines:
            self.lines[-1] += f" # void {event.count}: every card gathered, shuffled and dealt again"

    def action_taken(self, event: ActionTaken) -> None:
        self.lines.append(f"p{event.seat + 1} {event.action}")

    def declared(self, event: Declared) -> None:
        """studspec's own line (PHH has no declare action): ``p2 dcl both``."""
        self.lines.append(f"p{event.seat + 1} dcl {event.declaration.value}")

    def cards_chosen(self, event: CardsChosen) -> None:
        """A decision about cards, as the seat named it: PHH's ``p1 sd 7h2c`` (a bare ``sd``
        stands pat), studspec's own ``up``, ``pass``, ``buy``, ``set`` and ``decline``. The
        replacement cards it brings follow as ordinary ``d dh`` lines."""
        self.lines.append(f"p{event.seat + 1} {event.action}")

    def showed(self, event: Showed) -> None:
        self.lines.append(f"p{event.seat + 1} sm {format_cards(event.cards)}")

    def mucked(self, event: Mucked) -> None:
        self.lines.append(f"p{event.seat + 1} sm")


def history_actions(hand: Hand) -> list[str]:
    """The hand's deals and actions as PHH action lines."""
    reader = _ActionLines()
    reader.visit(hand.events)
    return reader.lines


PHH_STUD_CODES = ("F7S", "F7S/8", "FR")
"""The PHH standard's codes for stud games (phh-std 0.0.1): fixed-limit seven-card stud, stud
hi/lo eight or better, and razz. Its other codes are hold'em, Omaha, draw and badugi games."""


def history_variant(variant: Variant) -> str:
    """What a history's ``variant`` field says: the first PHH code the book itself lists, else
    the book's name, which is no PHH code (docs/conformance.md, "Which variant a history names")."""
    return next((code for code in variant.phh_codes if code in PHH_STUD_CODES), variant.name)


def rulebook_reference(ref: str, folder: str | Path = ".") -> str:
    """How a history saved in ``folder`` names the rule book ``ref`` (a built-in name or a file)
    in ``_variant``: a built-in book by its name; a book from a file by its path relative to
    ``folder`` (``_variant`` is read relative to the history's file), never absolute, so that
    the history and the book can be moved or shared together."""
    if is_builtin_name(ref):
        return ref
    try:
        relative = os.path.relpath(Path(ref).resolve(), Path(folder).resolve())
    except ValueError:  # on another drive (Windows): there is no relative path
        return Path(ref).as_posix()
    return Path(relative).as_posix()


def _default_reference(variant: Variant) -> str:
    """``_variant`` when the caller names no rule book: a built-in book's name, a file's path
    relative to the current directory (a book that came from no file, as the one a protocol
    message carries, by its name)."""
    source = variant.source
    if not source or source.startswith(("builtin:", "<")):
        return variant.name
    return rulebook_reference(source)


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, str):
        # TOML refuses a raw DEL; C1 controls and bidi overrides would reach the terminal
        # of whoever prints the history: all are written as \uXXXX escapes, the same value.
        return printable_json(json.dumps(value, ensure_ascii=False))
    if isinstance(value, datetime.time):
        return value.isoformat()  # a TOML local time, as PHH's ``time`` field is
    return str(value)


def history_fields(fields: list[tuple[str, Any]]) -> str:
    """PHH text of ``(key, value)`` pairs, one ``key = value`` line each: strings, numbers,
    booleans, times and lists of them, every string escaped so that no control character
    reaches the file (and the terminal of whoever prints it)."""
    return "".join(f"{key} = {_toml(value)}\n" for key, value in fields)


def _blind_fields(hand: Hand) -> list[tuple[str, Any]]:
    """PHH's ``blinds_or_straddles``, each seat's blind, for a table with blinds."""
    blinds = hand.stakes.blinds
    if not blinds:
        return []
    per_seat = [0] * hand.seats
    for number, seat in enumerate(blind_seats(hand.seats, len(blinds))):
        per_seat[seat] = blinds[number]
    return [("blinds_or_straddles", per_seat)]


def write_history(hand: Hand, *, variant_ref: str | None = None, extra: dict[str, Any] | None = None) -> str:
    """The hand as PHH text; ``replay`` accepts it back unchanged.

    ``variant`` is the PHH code the rule book lists, or its name when it lists none (see
    :func:`history_variant`); ``_variant`` names the rule book so that a house rule replays
    under its own rules: ``variant_ref`` (see :func:`rulebook_reference`), by default the
    built-in book's name or the book file's path relative to the current directory.
    """
    variant = hand.variant
    fields: list[tuple[str, Any]] = [
        ("variant", history_variant(variant)),
        ("_variant", variant_ref or _default_reference(variant)),
        ("ante_trimming_status", True),
        ("antes", [hand.stakes.ante] * hand.seats),
        *_blind_fields(hand),
        ("bring_in", hand.stakes.bring_in),
        ("small_bet", hand.stakes.small_bet),
        ("big_bet", hand.stakes.big_bet),
        ("starting_stacks", list(hand.starting_stacks)),
        ("actions", history_actions(hand)),
    ]
    if hand.is_complete:
        fields.append(("finishing_stacks", list(hand.stacks)))
    for key, value in (extra or {}).items():
        fields.append((key, value))
    return history_fields(fields)
