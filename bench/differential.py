"""Record what the interpreter does on seeded hands, and check a changed interpreter against it.

Performance work (issue 10) must not change a single event: this script plays a fixed number of
seeded hands of every built-in book with a policy of its own (independent of the built-in
players, which may change), and reduces each block of hands to a digest of every event (type and
fields) and the finishing stacks. ``record`` writes the digests to
``tests/data/differential/BOOK.json``; ``check`` plays the same hands again and names the first
block that differs. ``tests/engine/test_differential.py`` checks the first blocks of every book in CI;
the whole recording (10,000 hands a book) is checked with ``python bench/differential.py check``.

Usage: python bench/differential.py record|check [--hands N] [--books a,b] [--workers W]
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from enum import Enum
from pathlib import Path

from studspec import Action, ActionKind, Card, Declaration, Hand, IllegalActionError, builtin_names, load_variant
from studspec.engine.actions import CARD_DECISIONS, bet_to, declare, show

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "differential"
BLOCK = 100
"""Hands per digest: a difference is found to within a block, and the files stay small."""
HANDS = 10_000


def choose(hand: Hand, seat: int, rng: random.Random) -> Action:
    """The recording's policy: fold a tenth of the time when it may, bet or raise a fifth of the
    time (any amount in range), else bring in, check, call or pay; declare at random; show all;
    a decision about cards names a random number of random eligible cards (a buy is declined
    three times in ten); a set of two hands the book refuses is chosen again."""
    legal = hand.legal_actions()
    kinds = {choice.kind: choice for choice in reversed(legal)}
    if ActionKind.SHOW_MUCK in kinds:
        return show(tuple(hand.cards[seat]))
    if ActionKind.DECLARE in kinds:
        offered = [choice.declaration for choice in legal if choice.declaration is not None]
        return declare(rng.choice(offered))  # high, low, both in a high-low book, as recorded
    cards = [choice for choice in legal if choice.kind in CARD_DECISIONS]
    if cards and ActionKind.DECLINE in kinds and rng.random() < 0.3:
        return Action(ActionKind.DECLINE)
    if cards:
        choice = cards[0]
        assert choice.minimum is not None and choice.maximum is not None
        count = rng.randint(choice.minimum, choice.maximum)
        return Action(choice.kind, cards=tuple(rng.sample(choice.cards, count)) or None)
    roll = rng.random()
    for no in (ActionKind.FOLD, ActionKind.DECLINE):
        if no in kinds and roll < 0.1:
            return Action(no)
    raises = [choice for choice in legal if choice.kind is ActionKind.COMPLETE_BET_RAISE]
    if raises and roll > 0.8:
        choice = rng.choice(raises)
        assert choice.minimum is not None and choice.maximum is not None
        return bet_to(rng.randint(choice.minimum, choice.maximum))
    for kind in (ActionKind.BRING_IN, ActionKind.CHECK_CALL, ActionKind.PAY):
        if kind in kinds:
            return Action(kind)
    first = legal[0]
    return (
        bet_to(first.minimum) if first.kind is ActionKind.COMPLETE_BET_RAISE and first.minimum else Action(first.kind)
    )


def play(book: str, number: int) -> Hand:
    """Hand ``number`` of ``book``: 2 to the book's most players, the book's stakes."""
    variant = load_variant(book)
    players = 2 + number % (variant.max_players - 1)
    hand = Hand(variant, [variant.stakes.starting_stack] * players, seed=number)
    rng = random.Random(number ^ 0xD1FF)
    while not hand.is_complete:
        seat = hand.actor
        assert seat is not None, f"{book} hand {number} waits with nobody to act ({hand.state})"
        action = choose(hand, seat, rng)
        for _ in range(100):  # a set of two hands may break the book's rules: choose again
            try:
                hand.act(action, seat=seat)
                break
            except IllegalActionError:
                if action.kind is not ActionKind.SET:
                    raise
                action = choose(hand, seat, rng)
    return hand


def _plain(value: object) -> object:
    """A field value in a form that does not depend on how the engine stores it: an action or
    a card or a declaration as it is written, an enum as its value, a sequence item by item."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (Action, Card, Declaration)):
        return str(value)
    if isinstance(value, (tuple, list)):
        return tuple(_plain(item) for item in value)
    return value


def canonical(hand: Hand) -> str:
    """Every event as its type and field values, and the finishing stacks: what must not change."""
    lines = [
        f"{type(event).__name__}{tuple(_plain(getattr(event, f.name)) for f in dataclasses.fields(event))}"
        for event in hand.events
    ]
    lines.append(f"stacks {list(hand.stacks)}")
    return "\n".join(lines)


def block_digest(book: str, block: int) -> str:
    digest = hashlib.sha256()
    for number in range(block * BLOCK, (block + 1) * BLOCK):
        digest.update(canonical(play(book, number)).encode())
        digest.update(b"\x00")
    return digest.hexdigest()[:24]


def digests(book: str, blocks: int, workers: int) -> list[str]:
    if workers <= 1:
        return [block_digest(book, b) for b in range(blocks)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(block_digest, [book] * blocks, range(blocks)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("record", "check"))
    parser.add_argument("--hands", type=int, default=HANDS, help=f"hands a book (default {HANDS})")
    parser.add_argument("--books", help="comma-separated books (default: every built-in book)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    books = args.books.split(",") if args.books else builtin_names()
    blocks = args.hands // BLOCK
    failed = 0
    for book in books:
        path = DATA / f"{book}.json"
        found = digests(book, blocks, args.workers)
        if args.mode == "record":
            DATA.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps({"block": BLOCK, "digests": found}, indent=0) + "\n", encoding="utf-8")
            print(f"{book}: {len(found) * BLOCK} hands recorded")
            continue
        recorded = json.loads(path.read_text(encoding="utf-8"))["digests"][:blocks]
        differ = [b for b, (a, r) in enumerate(zip(found, recorded)) if a != r]
        failed += bool(differ)
        first = f"; first differing hands {differ[0] * BLOCK}-{differ[0] * BLOCK + BLOCK - 1}" if differ else ""
        print(f"{book}: {len(recorded) * BLOCK} hands, {len(differ)} block(s) differ{first}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
