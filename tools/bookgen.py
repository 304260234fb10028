#!/usr/bin/env python3
"""Rule-book generator: books drawn from the schema, each refused or played by every command.

    python tools/bookgen.py --books 200 --seed 1 --workers 2             # the figures on one line
    python tools/bookgen.py --books 20000 --seed 7 --workers 2 --progress   # the long run
    python tools/bookgen.py --seed 7 --start 1234 --books 1 --show       # one book, and what it did

The promise it checks (issue 21): a rule book that ``studspec validate`` accepts plays, and
one it refuses is refused with ``file:line:col`` in the user's own file. Each book is drawn
from ``(seed, book number)`` alone by walking ``schema/variant.schema.json``: every option
and value the schema names (so every registry entry, since the registries' names are the
schema's enums), numbers around the schema's bounds, lists of streets of any length and deal,
and ``extends`` of every built-in book in turn (book ``n`` extends the ``n``-th, round the
list, or nothing) with a random part of the book overridden, by a list of streets or by
patches of the parent's streets. Most draws keep the stakes and streets coherent, so that
about half the books validate; the rest, and a few deliberately broken values (an unknown
key, a wrong type, a value out of range), exercise the refusals. About a third of the books
(:data:`DECIDING`) ask decisions about cards (issue 24): they extend a built-in book with
streets whose decisions fit the cards a seat holds (turn up, discard, draw, buy, pass, and
at the end setting two hands that take every card, with shares that read them), players
the deck can deal to, and no card a dealt-card rule would have to watch; most validate.

For a book that validates, each of these must finish without an exception that is not a
``StudspecError`` and with exit status 0: ``run`` (a readable hand and a PHH history, which
``replay`` must then accept), 20 hands played by built-in players at random tables, each
written as PHH, read back and replayed to the same finishing stacks, ``simulate``,
``describe`` (Markdown and HTML), ``diagram``, and ``cases generate`` with the generated
cases then passing ``conform``. For a book that is refused, every problem must be a line
``FILE:LINE:COL: message`` about the book's own file, and ``describe`` must end with that
line, not a traceback.

Exit status 1 when anything was found; each finding prints the book number and the command
that shows the book and what it did. ``tests/commands/test_book_generator.py`` runs a short run in CI.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import multiprocessing
import random
import re
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from studspec import Hand, StudspecError, builtin_names, load_variant, validate_file
from studspec.cli import main as studspec_main
from studspec.history.phh import parse_history, replay, write_history
from studspec.play.players import RandomPlayer, RuleBasedPlayer, play_out
from studspec.rulebook import load_schema
from studspec.rulebook.loader import clear_cache
from studspec.rulebook.model import Variant

Node = dict[str, Any]
HANDS_PER_BOOK = 20
"""Hands each valid book plays through the library, each round-tripped through PHH."""

RANK_LETTERS = "23456789TJQKA"
_ERROR_LINE = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?P<col>\d+): \S")

# ------------------------------------------------------------------------- drawing books


class Drawer:
    """Draws one rule book from the schema with a seeded generator."""

    def __init__(self, rng: random.Random, schema: Node, name: str) -> None:
        self.rng = rng
        self.schema = schema
        self.name = name
        self.deciding: Decisions | None = None
        """The decisions the drawn streets ask, if any."""

    # -- the schema walk ----------------------------------------------------------------

    def resolve(self, node: Node) -> Node:
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            resolved: Node = self.schema["$defs"][ref.removeprefix("#/$defs/")]
            return resolved
        return node

    def value(self, node: Node, path: tuple[str, ...]) -> Any:
        """A value the schema node allows (mostly), by its enum, type and bounds."""
        node = self.resolve(node)
        if "const" in node:
            return node["const"]
        if "enum" in node:
            return self.rng.choice(node["enum"])
        kind = node.get("type")
        if isinstance(kind, list):
            kind = "null" if "null" in kind and self.rng.random() < 0.2 else next(k for k in kind if k != "null")
        if kind == "object" and path == ("streets",):
            kind = "array"
        draw: Callable[[], Any] = {
            "null": lambda: None,
            "boolean": lambda: self.rng.random() < 0.5,
            "integer": lambda: self.integer(node),
            "string": lambda: self.string(node, path),
            "array": lambda: self.array(node, path),
            "object": lambda: self.mapping(node, path, everything=False),
        }[str(kind)]
        return draw()

    def integer(self, node: Node) -> int:
        low = int(node.get("minimum", 0))
        high = int(node.get("maximum", low + 1000))
        edges = [low, low + 1, high, high - 1, self.rng.randint(low, min(high, low + 12))]
        candidates = [n for n in (*edges, 10, 20, 40, 100, 400, 800, 40000) if low <= n <= high]
        return self.rng.choice(candidates)

    def string(self, node: Node, path: tuple[str, ...]) -> str:
        pattern = str(node.get("pattern", ""))
        if pattern == "^[2-9TJQKA]$":
            return self.rng.choice(RANK_LETTERS)
        if "[cdhs]" in pattern:  # a card, or five of them written as one string
            cards = self.rng.sample([rank + suit for rank in RANK_LETTERS for suit in "cdhs"], 5)
            return " ".join(cards) if "{4}" in pattern else cards[0]
        if path[-1:] == ("id",):
            return self.rng.choice(("third", "fourth", "fifth", "s1", "s2", "last", "door"))
        if path == ("name",):
            return self.name
        if path == ("phh_codes",):
            return self.rng.choice(("F7S", "FR", "XSTUD"))
        return self.rng.choice(("A generated game", "Gen", "Stud, as drawn", "x" * 120))

    def array(self, node: Node, path: tuple[str, ...]) -> list[Any]:
        low = int(node.get("minItems", 0))
        high = int(node.get("maxItems", low + 5))
        items = node.get("else", node).get("items", node.get("items", {}))
        size = self.rng.randint(low, min(high, low + 5))
        values = [self.value(items, (*path, "[]")) for _ in range(size)]
        if node.get("uniqueItems"):
            values = list({repr(v): v for v in values}.values())
        return values

    def mapping(self, node: Node, path: tuple[str, ...], *, everything: bool, keep: float = 0.5) -> dict[str, Any]:
        """An object: every property (``everything``), or its required ones and a random part."""
        node = self.resolve(node)
        required = set(node.get("required", ()))
        if path[-1:] == ("at_least",) and "cards" in node.get("properties", {}):  # a class, or five cards
            required = {"hand"} if self.rng.random() < 0.75 else {"cards"}
            keep = 0.5 if "hand" in required else 0.0
        out: dict[str, Any] = {}
        for key, child in node.get("properties", {}).items():
            if everything or key in required or self.rng.random() < keep:
                out[key] = self.value(child, (*path, key))
        named = node.get("propertyNames", {}).get("pattern")
        if named == "^[2-9TJQKA]$" and isinstance(node.get("additionalProperties"), dict):  # keyed by rank
            for letter in self.rng.sample(RANK_LETTERS, self.rng.randint(1, 4)):
                out[letter] = self.value(node["additionalProperties"], (*path, letter))
        return out

    # -- coherent sections: books that mostly validate ----------------------------------

    def stakes(self) -> dict[str, int]:
        small = self.rng.choice((2, 4, 10, 20, 400))
        return {
            "ante": self.rng.choice((0, 1, 5, 10, 40)),
            "bring_in": self.rng.randint(1, small - 1),
            "small_bet": small,
            "big_bet": small * self.rng.choice((2, 2, 3)),
            "starting_stack": self.rng.choice((1, 30, small * 50, small * 500)),
        }

    def streets(self, limit: bool, replacing: bool = True) -> list[dict[str, Any]]:
        """A list of streets that fit together; in about a third of the books, decisions about
        cards too (``replacing``: draws and buys allowed, i.e. the book has no dealt-card rule)."""
        count = self.rng.randint(1, 8)
        deciding = Decisions(self.rng, replacing) if self.rng.random() < 0.35 else None
        self.deciding = deciding
        streets = []
        for index in range(count):
            deal = [self.rng.choice(("down", "up", "up")) for _ in range(self.rng.choice((1, 1, 1, 2, 3)))]
            if deciding is not None and index > 0 and self.rng.random() < 0.3:
                deal = []  # a step of decisions alone
            street: dict[str, Any] = {"id": f"s{index + 1}", "deal": deal}
            decisions = deciding.street(deal, last=index == count - 1) if deciding is not None else []
            if decisions:
                street["decisions"] = decisions
            elif not deal:
                street["deal"] = ["down"]
            no_betting = bool(decisions) and index < count - 1 and self.rng.random() < 0.25
            if no_betting:
                street["betting"] = False
            elif limit:
                street["bet"] = "small" if index < count // 2 else "big"
            up_first = "up" in deal or any(d["decide"] == "turn-up" and d.get("count", 1) >= 1 for d in decisions)
            if index == 0 and up_first and not no_betting and self.rng.random() < 0.6:
                street["bring_in"] = True
            if limit and not no_betting and index > 0 and self.rng.random() < 0.15:
                street["open_pair_big_bet"] = True
            streets.append(street)
        return streets

    def street_patches(self, parent: Variant) -> dict[str, Any]:
        street_node: Node = self.schema["$defs"]["street"]
        patches: dict[str, Any] = {}
        for street in parent.streets:
            if self.rng.random() < 0.4:
                patch = self.mapping(street_node, ("streets", street.id), everything=False, keep=0.3)
                patch.pop("id", None)
                patches[street.id] = patch
        return patches


class Decisions:
    """Decisions about cards that fit the cards a seat holds, street by street: turn up,
    discard, draw, buy, pass, and at the end setting two hands that take every card."""

    def __init__(self, rng: random.Random, replacing: bool) -> None:
        self.rng = rng
        self.replacing = replacing
        self.held: int | None = 0
        """Cards each seat holds (``None``: not known in advance, after a varying discard)."""
        self.down = 0
        """How few face-down cards each seat may hold (every decision taken the worst way)."""
        self.least = 0
        """How few cards each seat may hold: no discard or pass may leave a seat none."""
        self.sets: list[int] | None = None
        """The sizes of the two hands, once a decision sets them."""

    def street(self, deal: list[str], last: bool) -> list[dict[str, Any]]:
        """The decisions of one street (after its deal), maybe none."""
        if self.held is not None:
            self.held += len(deal)
        self.down += deal.count("down")
        self.least += len(deal)
        if self.sets is not None:
            return []
        chosen: list[dict[str, Any]] = []
        wanted = self.rng.choice((0, 1, 1, 1, 2)) if deal else self.rng.choice((1, 1, 2))
        for _ in range(wanted):
            decision = self.one()
            if decision is not None:
                chosen.append(decision)
        if last and self.held is not None and 2 <= self.held <= 14 and self.rng.random() < 0.5:
            chosen.append(self.setting(self.held))
        return chosen

    def one(self) -> dict[str, Any] | None:
        kinds = ["turn-up", "discard", "pass"] + ["draw", "buy"] * self.replacing
        kind = self.rng.choice(kinds)
        decision: dict[str, Any] = {"decide": kind}
        rng = self.rng
        held = self.least  # what every seat surely holds
        if kind in ("discard", "pass") and held < 2:
            return None
        if kind != "turn-up" and rng.random() < 0.5:
            decision["cards"] = rng.choice(("any", "down", "up"))
        if decision.get("cards", "any") != "any" and kind in ("discard", "pass"):
            self.held = None  # a seat with fewer cards of that face throws or passes fewer
        if kind == "turn-up":
            self._turn_up(decision)
        elif kind == "pass":
            decision["count"] = rng.randint(1, min(3, held - 1))
            decision["direction"] = rng.choice(("left", "right", "across"))
            if decision.get("cards") != "up":  # down cards passed on, up cards maybe received
                self.down -= decision["count"]
            if self.held is None:  # seats that hold different numbers may pass more than they get
                self.least -= decision["count"]
        elif kind == "discard":
            thrown = self._discard(decision, held)
            self.down -= thrown
            self.least -= thrown
        else:
            self._replace(decision)
        if kind != "pass" and rng.random() < 0.4:
            decision["order"] = rng.choice(("together", "in-turn"))
        self.down = max(self.down, 0)
        return decision

    def _turn_up(self, decision: dict[str, Any]) -> None:
        if self.rng.random() < 0.7:
            decision["count"] = self.rng.randint(1, 3)
        else:
            decision["up_to"] = self.rng.randint(1, 3)
            decision["at_least"] = self.rng.randint(1, decision["up_to"])
        self.down -= decision.get("count", decision.get("up_to", 0))

    def _discard(self, decision: dict[str, Any], held: int) -> int:
        """Draw a discard's number; return the most cards it may throw."""
        roll = self.rng.random()
        if roll < 0.5:
            decision["count"] = self.rng.randint(1, min(2, held - 1))
            self.held = None if self.held is None else self.held - decision["count"]
            return int(decision["count"])
        if roll < 0.8:
            decision["keep"] = self.rng.randint(1, held - 1)
            self.held = None if self.held is None else min(self.held, decision["keep"])
            return held - int(decision["keep"])
        decision["up_to"] = self.rng.randint(1, min(3, held - 1))
        self.held = None
        return int(decision["up_to"])

    def _replace(self, decision: dict[str, Any]) -> None:
        rng = self.rng
        if decision["decide"] == "buy" or rng.random() < 0.5:
            decision["price"] = rng.choice(("ante", "bring-in", "small-bet", "big-bet"))
        elif rng.random() < 0.5:
            decision["price"] = "free"
        if decision["decide"] == "draw":
            decision["up_to" if rng.random() < 0.7 else "count"] = rng.randint(1, 3)
        if rng.random() < 0.5:
            decision["replacement"] = rng.choice(("same-face", "down", "up"))
        if rng.random() < 0.3:
            decision["short_of_price"] = rng.choice(("all-in", "stand-pat"))
        if decision.get("replacement") == "up":  # a down card replaced face up
            self.down -= decision.get("count", decision.get("up_to", 1))

    def setting(self, held: int) -> dict[str, Any]:
        """Two hands that take every card held, each of at most seven."""
        first = self.rng.randint(max(1, held - 7), min(7, held - 1))
        self.sets = [first, held - first]
        decision: dict[str, Any] = {"decide": "set-hands", "hands": self.sets}
        if first > held - first and self.rng.random() < 0.6:  # equal hands may tie: no setting
            decision["first_outranks"] = True
        if self.down >= 2 and self.rng.random() < 0.5:
            decision["down_in_each"] = 1
        return decision

    def shares(self) -> list[dict[str, Any]]:
        """The shares of a book that sets two hands: each reads one of them."""
        low = self.rng.choice(("high", "ace-to-five-low", "deuce-to-seven-low", "ace-to-six-low"))
        if self.rng.random() < 0.3:
            return [{"hand": "high", "set": self.rng.choice((1, 2))}]
        return [{"hand": "high", "set": 1}, {"hand": low, "set": 2}]


def draw_book(seed: int, number: int) -> dict[str, Any]:
    """Book ``number`` of run ``seed``: a standalone book, or one that extends a built-in."""
    rng = random.Random(f"studspec-bookgen/{seed}/{number}")
    parents: list[str | None] = [None, *builtin_names()]
    parent = parents[number % len(parents)]
    drawer = Drawer(rng, load_schema(), f"gen-{number}")
    if rng.random() < DECIDING:
        return _deciding_book(drawer, parent or "seven-card-stud")
    if parent is None:
        book = drawer.mapping(drawer.schema, (), everything=False, keep=0.4)
        book.update(drawer.mapping(_standalone(drawer.schema), (), everything=True))
        book.pop("extends", None)
    else:
        book = {"schema_version": 1, "extends": parent}
        for key, child in drawer.schema["properties"].items():
            if key not in ("schema_version", "extends") and rng.random() < 0.25:
                book[key] = drawer.value(child, (key,))
    _cohere(drawer, book, parent)
    if rng.random() < 0.12:
        _break(rng, book)
    return book


DECIDING = 0.3
"""The share of books drawn to ask decisions about cards: a built-in book with streets of
its own that ask them, and with the players and the deck fitted to the cards they take."""


def _deciding_book(drawer: Drawer, parent: str) -> dict[str, Any]:
    """A book extending ``parent`` whose streets ask decisions about cards, most of the time
    coherent enough to validate (a seat count the deck can deal, shares that read set hands)."""
    rng, variant = drawer.rng, load_variant(parent)
    book: dict[str, Any] = {"schema_version": 1, "extends": parent, "name": drawer.name}
    limit = variant.structure in ("fixed-limit", "spread-limit")
    streets: list[dict[str, Any]] = []
    while not any(street.get("decisions") for street in streets):
        streets = drawer.streets(limit, replacing=not variant.triggers)
    book["streets"] = streets
    deciding = drawer.deciding
    assert deciding is not None
    if deciding.sets is not None:
        book["pots"] = {"shares": deciding.shares()}
    elif any(share.set_hand is not None for share in variant.shares):
        book["pots"] = {"shares": [{"hand": "high"}]}  # the parent's shares read set hands
    cards = sum(len(street["deal"]) for street in streets) + sum(
        decision.get("count", decision.get("up_to", 1))
        for street in streets
        for decision in street.get("decisions", ())
        if decision["decide"] in ("draw", "buy")
    )
    burns = len(streets) - 1 if variant.burn == "before-later-streets" else 0
    fits = max(2, (52 - burns) // max(cards, 1))
    book["players"] = {"min": 2, "max": min(variant.max_players, fits) if rng.random() < 0.9 else 10}
    book["deck"] = {"exhaustion": "none"}
    if rng.random() < 0.1:
        _break(rng, book)
    return book


def _standalone(schema: Node) -> Node:
    """The schema node of a book without ``extends``: every section it requires."""
    top: Node = {"properties": {key: schema["properties"][key] for key in schema["else"]["required"]}}
    return top


def _cohere(drawer: Drawer, book: dict[str, Any], parent: str | None) -> None:
    """Most of the time, stakes and streets that fit each other (or patches of the parent's)."""
    rng = drawer.rng
    if rng.random() < 0.75 and (parent is None or "stakes" in book):
        book["stakes"] = drawer.stakes()
    structure = book.get("betting", {}).get("structure") if isinstance(book.get("betting"), dict) else None
    limit = structure in (None, "fixed-limit", "spread-limit")
    if rng.random() < 0.75 and (parent is None or "streets" in book):
        if parent is not None and rng.random() < 0.5:
            book["streets"] = drawer.street_patches(load_variant(parent))
        else:
            triggers = book["triggers"] if "triggers" in book else load_variant(parent).triggers if parent else ()
            book["streets"] = drawer.streets(limit, replacing=not triggers)
    if drawer.deciding is not None and drawer.deciding.sets is not None:
        book["pots"] = {"shares": drawer.deciding.shares()}  # each share reads one of the two hands
    if parent is None or rng.random() < 0.5:
        book["name"] = drawer.name
        book.setdefault("title", f"Generated book {drawer.name}")


def _break(rng: random.Random, book: dict[str, Any]) -> None:
    """One deliberate mistake: an unknown key, a wrong type or a value out of range."""
    section = rng.choice([key for key, value in book.items() if isinstance(value, dict)] or [""])
    target = book[section] if section else book
    mistake = rng.randrange(3)
    if mistake == 0:
        target["no_such_option"] = 1
    elif mistake == 1 and target:
        target[rng.choice(list(target))] = "not a valid value"
    else:
        target["max" if section == "players" else "ante"] = -1


# ------------------------------------------------------------------------- checking books


@dataclass
class Outcome:
    """What one book did: valid or refused, and what went wrong, if anything."""

    number: int
    valid: bool = False
    findings: list[str] = field(default_factory=list)
    hands: int = 0


def _cli(args: Sequence[str]) -> tuple[int, str, str]:
    """Run ``studspec ARGS`` in this process: its status, standard output and error."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = studspec_main(list(args))
        except SystemExit as stop:
            status = stop.code if isinstance(stop.code, int) else 1
            if isinstance(stop.code, str):
                err.write(stop.code + "\n")
    return status, out.getvalue(), err.getvalue()


def _step(outcome: Outcome, stage: str, check: Callable[[], None]) -> None:
    """Run one stage; anything but a finished check is a finding (with its traceback)."""
    try:
        check()
    except _Finding as finding:
        outcome.findings.append(f"{stage}: {finding}")
    except StudspecError as error:
        outcome.findings.append(f"{stage}: a valid book was refused: {type(error).__name__}: {error}")
    except Exception:  # the point of the tool: any other exception is a bug to report
        outcome.findings.append(f"{stage}: {traceback.format_exc(limit=-6)}")


class _Finding(Exception):
    """A check that did not hold."""


def _expect(status: int, err: str, what: str, out: str = "") -> None:
    if status != 0 or "Traceback" in err:
        raise _Finding(f"{what} exited {status}: {err.strip()[:600]} {out.strip()[-600:]}")


def check_refused(outcome: Outcome, path: Path, errors: list[Any]) -> None:
    """Every problem is ``FILE:LINE:COL: message`` in the book's own file; describe says the
    first one and stops, without a traceback."""
    for error in errors:
        match = _ERROR_LINE.match(str(error))
        if match is None or match["path"] != str(path) or "\n" in str(error):
            outcome.findings.append(f"refused: not a FILE:LINE:COL line about {path}: {str(error)[:300]}")
    status, _out, err = _cli(["describe", str(path)])
    if status == 0 or "Traceback" in err or not err.startswith(f"studspec: {path}:"):
        outcome.findings.append(f"refused: describe exited {status} with {err.strip()[:300]!r}")


def check_valid(outcome: Outcome, path: Path, folder: Path, seed: int) -> None:
    """Every command plays the book."""
    ref = str(path)
    _step(outcome, "run", lambda: _run_and_replay(ref, folder, seed))
    _step(outcome, "hands", lambda: _hands(outcome, load_variant(ref), seed))
    for stage, args in (
        ("simulate", ["simulate", ref, "--hands", "20", "--seed", str(seed), "--workers", "1", "--json"]),
        ("describe", ["describe", ref]),
        ("describe html", ["describe", ref, "--format", "html"]),
        ("diagram", ["diagram", ref]),
    ):
        _step(outcome, stage, lambda args=args, stage=stage: _expect(*_cli(args)[::2], stage))  # type: ignore[misc]
    _step(outcome, "cases", lambda: _cases(ref, folder, seed))


def _run_and_replay(ref: str, folder: Path, seed: int) -> None:
    _expect(*_cli(["run", ref, "--seed", str(seed)])[::2], "run")
    status, out, err = _cli(["run", ref, "--seed", str(seed), "--phh"])
    _expect(status, err, "run --phh")
    history = folder / "run.phh"
    history.write_text(out, encoding="utf-8")
    _expect(*_cli(["replay", str(history)])[::2], "replay of run --phh")


def _hands(outcome: Outcome, variant: Variant, seed: int) -> None:
    """Hands at random tables, each through PHH and back to the same finishing stacks."""
    rng = random.Random(seed)
    for number in range(HANDS_PER_BOOK):
        players = rng.randint(variant.min_players, variant.max_players)
        stack = rng.choice((variant.stakes.starting_stack, max(1, variant.stakes.ante), 7 * variant.stakes.big_bet))
        hand = Hand(variant, [stack] * players, seed=rng.randrange(1 << 30))
        kind = RuleBasedPlayer if number % 2 else RandomPlayer
        play_out(hand, [kind(random.Random(rng.random())) for _ in range(players)])
        if not hand.is_complete:
            raise _Finding(f"hand {number} did not finish: {hand.waiting_for()}")
        text = write_history(hand, variant_ref=variant.source)
        again = replay(parse_history(text), variant)
        if list(again.stacks) != list(hand.stacks) or again.matches is False:
            raise _Finding(f"hand {number} replayed to {again.stacks}, not {hand.stacks}:\n{text}")
        outcome.hands += 1


def _cases(ref: str, folder: Path, seed: int) -> None:
    out = folder / "cases"
    args = ["cases", "generate", ref, str(out), "--count", "3", "--seed", str(seed), "--workers", "1", "--quiet"]
    _expect(*_cli(args)[::2], "cases generate")
    status, printed, err = _cli(["conform", str(out), "--rulebooks", str(folder)])
    _expect(status, err, "conform of the generated cases", printed)


def check_book(seed: int, number: int) -> Outcome:
    """Draw book ``number``, write it, validate it, and refuse or play it."""
    outcome = Outcome(number)
    book = draw_book(seed, number)
    with tempfile.TemporaryDirectory(prefix="studspec-bookgen-") as temporary:
        folder = Path(temporary)
        path = folder / f"gen-{number}.yaml"
        path.write_text(yaml.safe_dump(book, sort_keys=False, allow_unicode=True), encoding="utf-8")
        try:
            errors = validate_file(path)
        except Exception:
            outcome.findings.append(f"validate: {traceback.format_exc(limit=-6)}")
            return outcome
        outcome.valid = not errors
        if errors:
            check_refused(outcome, path, errors)
        else:
            check_valid(outcome, path, folder, seed)
        clear_cache()  # the next book may reuse this file name in another folder
    return outcome


# ------------------------------------------------------------------------- running


@dataclass
class Totals:
    books: int = 0
    valid: int = 0
    hands: int = 0
    findings: list[tuple[int, str]] = field(default_factory=list)

    def add(self, outcome: Outcome) -> None:
        self.books += 1
        self.valid += outcome.valid
        self.hands += outcome.hands
        self.findings.extend((outcome.number, finding) for finding in outcome.findings)


def _check(job: tuple[int, int]) -> Outcome:
    return check_book(*job)


def _outcomes(seed: int, numbers: range, workers: int) -> Iterator[Outcome]:
    jobs = [(seed, number) for number in numbers]
    if workers <= 1:
        yield from map(_check, jobs)
        return
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        yield from pool.imap_unordered(_check, jobs, chunksize=8)


def run(seed: int, start: int, books: int, workers: int, progress: bool = False) -> Totals:
    """Check books ``start`` to ``start + books - 1`` of run ``seed``."""
    totals = Totals()
    began = time.monotonic()
    for outcome in _outcomes(seed, range(start, start + books), workers):
        totals.add(outcome)
        if progress and totals.books % 100 == 0:
            rate = totals.books / (time.monotonic() - began)
            print(f"{totals.books}/{books} books, {rate:.1f}/s, {len(totals.findings)} findings", file=sys.stderr)
    return totals


def _show(seed: int, number: int) -> None:
    print(yaml.safe_dump(draw_book(seed, number), sort_keys=False, allow_unicode=True))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--books", type=int, default=200, help="how many books to draw (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    parser.add_argument("--start", type=int, default=0, help="the first book's number (default 0)")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--progress", action="store_true", help="report every 100 books on stderr")
    parser.add_argument("--show", action="store_true", help="print each book's YAML before checking it")
    args = parser.parse_args(argv)
    if args.show:
        for number in range(args.start, args.start + args.books):
            _show(args.seed, number)
    began = time.monotonic()
    totals = run(args.seed, args.start, args.books, args.workers, args.progress)
    seconds = time.monotonic() - began
    print(
        f"{totals.books} books (seed {args.seed}, from {args.start}): {totals.valid} valid and played "
        f"({totals.hands} hands), {totals.books - totals.valid} refused, {len(totals.findings)} findings "
        f"in {seconds:.1f} s"
    )
    for number, finding in sorted(totals.findings):
        print(f"\nbook {number} (python tools/bookgen.py --seed {args.seed} --start {number} --books 1 --show):")
        print(finding)
    return 1 if totals.findings else 0


if __name__ == "__main__":
    sys.exit(main())
