"""Random-play cases: hands dealt from a seeded deck and played by random players, written
as cases with the reference's finishing stacks and a checkpoint at every decision.

These are not cited rules but volume: thousands of ordinary and odd situations (short
stacks, all-ins, side pots, eight-handed exhaustion) on which a server team's engine must
agree with the reference. Each decision point records whose turn it was and the exact legal
set; some also record an action that must be refused (out of turn, a wrong amount).

Each case is seeded from the run's seed and its own number alone (:func:`case_seed`), so a
case does not depend on the ones before it: the cases are written in chunks, by the workers
themselves, here, on a local pool or on a Ray cluster (:mod:`studspec.play.chunks`), and the
same seed writes the same files whatever ran them.
"""

from __future__ import annotations

import hashlib
import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from studspec.engine.actions import CARD_DECISIONS, Action, ActionKind, LegalAction, bet_to, choose, show
from studspec.engine.events import BettingSkipped
from studspec.engine.hand import Hand
from studspec.files import make_folder, write_atomically
from studspec.history.phh import history_actions, write_history
from studspec.play.chunks import Backend, Spans, run_chunks
from studspec.play.players import RandomPlayer
from studspec.rulebook.model import Stakes, Variant

from .case import is_show_line
from .protocol import protocol_choice

CASE_CHUNK = 20
"""Cases per task by default (``--chunk``): a case costs a few times a simulated hand (it
records every decision), and the files do not depend on it."""


@dataclass(frozen=True)
class GenerationSettings:
    players: int
    short_stacks: float = 0.3
    """Share of seats dealt a random short stack (so that all-ins and side pots occur)."""
    muck: float = 0.2
    """Chance that a losing-order seat mucks at showdown instead of showing."""
    illegal: float = 0.3
    """Chance of recording an action that must be refused at a decision point."""


def _stacks(rng: random.Random, stakes: Stakes, settings: GenerationSettings) -> list[int]:
    full = max(stakes.starting_stack, 1)
    return [rng.randint(1, full) if rng.random() < settings.short_stacks else full for _ in range(settings.players)]


def _refused_candidates(hand: Hand, seat: int, legal: list[LegalAction]) -> list[str]:
    """Actions the rules refuse now, each as a PHH line (checked against ``legal``)."""

    def allowed(action: Action) -> bool:
        return any(option.allows(action) for option in legal)

    words: list[str] = []
    others = [s for s in hand.live_seats() if s != seat]
    if others:
        words.append(f"p{others[0] + 1} cc")  # out of turn
    kinds = {option.kind for option in legal}
    if ActionKind.SHOW_MUCK in kinds:
        return words
    for action in (Action(ActionKind.FOLD), Action(ActionKind.BRING_IN)):
        if not allowed(action):
            words.append(f"p{seat + 1} {action}")
    amounts = [o.maximum for o in legal if o.kind is ActionKind.COMPLETE_BET_RAISE and o.maximum is not None]
    lows = [o.minimum for o in legal if o.kind is ActionKind.COMPLETE_BET_RAISE and o.minimum is not None]
    for amount in [max(amounts) + 1, min(lows) - 1] if amounts else [hand.stakes.small_bet * 7]:
        if amount > 0 and not allowed(bet_to(amount)):
            words.append(f"p{seat + 1} cbr {amount}")
    decision = next((option for option in legal if option.kind in CARD_DECISIONS), None)
    if decision is not None:
        words += [f"p{seat + 1} {action}" for action in _refused_choices(hand, seat, decision) if not allowed(action)]
    return words


def _refused_choices(hand: Hand, seat: int, decision: LegalAction) -> list[Action]:
    """Card decisions the rules refuse: one card too many or too few, and a card another
    seat holds face up (never this seat's)."""
    assert decision.minimum is not None and decision.maximum is not None
    kind, low, high = decision.kind, decision.minimum, decision.maximum
    named = [card for card in decision.cards if card is not None]
    held = [card for card in hand.cards[seat] if card is not None]
    found: list[Action] = []
    if high + 1 <= len(held):
        extra = named + [card for card in held if card not in named]
        found.append(choose(kind, tuple(extra[: high + 1])))
    if low >= 1 and (low >= 2 or kind is ActionKind.DISCARD):
        found.append(choose(kind, tuple(named[: low - 1])))
    foreign = [card for other in hand.live if other != seat for card in hand.boards[other] if card is not None]
    if foreign and max(low, 1) <= high:
        found.append(choose(kind, (*named[: max(low, 1) - 1], foreign[0])))
    return found


def _showdown_action(hand: Hand, seat: int, rng: random.Random, settings: GenerationSettings) -> Action:
    if len(hand.live_seats()) > 1 and rng.random() < settings.muck:  # the last seat in cannot muck
        return Action(ActionKind.SHOW_MUCK)
    return show(tuple(hand.cards[seat]))


@dataclass
class _Record:
    """What a generated case checks, gathered while its hand is played."""

    to_act: list[list[Any]] = field(default_factory=list)
    legal: list[list[Any]] = field(default_factory=list)
    illegal: list[list[Any]] = field(default_factory=list)
    tabled: int | None = None
    """Where every hand was tabled (``_tabled``), once the showdown is reached so."""

    def without_show_order(self, hand: Hand) -> None:
        """Drop the checkpoints that would pin whose show comes next where hands are tabled."""
        if self.tabled is None:
            return
        tabled = self.tabled
        shows = {i for i, line in enumerate(history_actions(hand)) if i >= tabled and is_show_line(line)}
        self.to_act, self.legal, self.illegal = (
            [c for c in found if c[0] not in shows] for found in (self.to_act, self.legal, self.illegal)
        )

    def extra(self, rule: str) -> dict[str, Any]:
        extra: dict[str, Any] = {"_rule": rule, "_to_act": self.to_act, "_legal": self.legal}
        if self.tabled is not None:
            extra["_tabled"] = self.tabled
        if self.illegal:
            extra["_illegal"] = self.illegal
        return extra


def _decide(hand: Hand, seat: int, legal: list[LegalAction], player: RandomPlayer, record: _Record,
            rng: random.Random, settings: GenerationSettings) -> Action:  # fmt: skip
    """The seat's action; at the first show, whether every hand is tabled (none is then mucked)."""
    if not any(option.kind is ActionKind.SHOW_MUCK for option in legal):
        return player.choose(hand, seat, legal)
    if record.tabled is None and not any(line.split()[1:2] == ["sm"] for line in history_actions(hand)):
        record.tabled = tabled_from(hand)
    if record.tabled is not None:
        return show(tuple(hand.cards[seat]))
    return _showdown_action(hand, seat, rng, settings)


def generate_case(
    variant: Variant, variant_ref: str, rng: random.Random, settings: GenerationSettings, rule: str
) -> str:
    """One random hand as case text (PHH with ``finishing_stacks`` and checkpoints)."""
    stakes = variant.stakes
    hand = Hand(variant, _stacks(rng, stakes, settings), stakes=stakes, seed=rng.randrange(2**32), auto_showdown=False)
    players = [RandomPlayer(random.Random(rng.random())) for _ in range(settings.players)]
    record = _Record()
    while not hand.is_complete:
        seat = hand.actor
        if seat is None:
            raise RuntimeError(f"a dealt hand waits for something players cannot give ({hand.state})")
        legal = hand.legal_actions()
        index = len(history_actions(hand))
        # Simultaneous hi-lo declarations are written only once all are made, so several
        # decisions share one history index: the checkpoint is the first one's.
        first_at_index = not record.to_act or record.to_act[-1][0] != index
        if first_at_index:
            record.to_act.append([index, f"p{seat + 1}"])
            record.legal.append([index, [protocol_choice(option) for option in legal]])
        if first_at_index and rng.random() < settings.illegal:
            candidates = _refused_candidates(hand, seat, legal)
            if candidates:
                record.illegal.append([index, rng.choice(candidates)])
        hand.act(_decide(hand, seat, legal, players[seat], record, rng, settings), seat=seat)
    record.without_show_order(hand)
    return write_history(hand, variant_ref=variant_ref, extra=record.extra(rule))


def tabled_from(hand: Hand) -> int | None:
    """Where every hand is tabled, when the showdown is reached so (``_tabled``): nobody could
    bet on the last street, every seat still in but at most one being all-in (TDA 16). Then it
    is the line after the last bet, call, fold or bring-in; the shows after it have no order."""
    last = hand.variant.streets[-1].id
    if not any(isinstance(event, BettingSkipped) and event.street == last for event in hand.events):
        return None
    if len([seat for seat in hand.live if hand.stacks[seat] > 0]) > 1:
        return None
    lines = history_actions(hand)
    bets = [i for i, line in enumerate(lines) if line.split()[1] in ("f", "cc", "pb", "cbr")]
    return bets[-1] + 1 if bets else 0


def variant_reference(ref: str, out_dir: Path) -> str:
    """How a case in ``out_dir`` names its rule book: a built-in name as is, a YAML file by
    its path relative to the case (``_variant`` paths are read relative to the case file)."""
    if Path(ref).suffix in (".yaml", ".yml"):
        return os.path.relpath(Path(ref).resolve(), out_dir.resolve())
    return ref


def case_seed(seed: int, number: int) -> int:
    """The seed of case ``number`` of a run seeded ``seed`` (a hash of both, stable across
    processes and Python versions; distinct from a simulated hand's)."""
    digest = hashlib.blake2b(f"studspec-case/{seed}/{number}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def case_path(out_dir: Path, variant: Variant, seed: int, number: int) -> Path:
    """Where case ``number`` is written."""
    return out_dir / f"{variant.name}-seed{seed}-{number:04d}.phh"


@dataclass(frozen=True)
class Generation:
    """Everything that decides a run's cases except their numbers, sent once to each worker."""

    variant: Variant
    ref: str
    """The rule book as the command line named it (quoted in each case's ``_rule``)."""
    variant_ref: str
    """The rule book as the cases name it (:func:`variant_reference`)."""
    out_dir: str
    """Absolute: a worker (on a cluster, on another machine) does not run in this folder."""
    seed: int
    settings: GenerationSettings


def write_chunk(job: Generation, start: int, stop: int) -> int:
    """Write cases ``start`` to ``stop - 1`` (runs in a worker); how many were written."""
    out_dir = Path(job.out_dir)
    for number in range(start, stop):
        rule = (
            f"random play: studspec cases generate {job.ref} --seed {job.seed} --players {job.settings.players}, "
            f"hand {number}; expectations from the reference interpreter"
        )
        rng = random.Random(case_seed(job.seed, number))
        text = generate_case(job.variant, job.variant_ref, rng, job.settings, rule)
        write_atomically(case_path(out_dir, job.variant, job.seed, number), text, durable=False)
    return stop - start


@dataclass(frozen=True)
class Generated:
    """A finished run: how many cases, where they were written from, chunks retried."""

    written: int
    label: str
    retried: int


def run_generation(
    job: Generation,
    count: int,
    backend: Backend,
    progress: Callable[[int], None] | None = None,
    chunk: int = CASE_CHUNK,
) -> Generated:
    """Write ``count`` cases of ``job`` in chunks of ``chunk`` on ``backend`` (on a cluster,
    ``job.out_dir`` must be a folder every node shares); ``progress(done)`` after each chunk."""
    make_folder(job.out_dir)  # a file in its place is one line before any case is written
    written = 0

    def add(part: int) -> None:
        nonlocal written
        written += part

    ran = run_chunks(backend, write_chunk, job, Spans(count, chunk), add, progress)
    return Generated(written, ran.label, ran.retried)


def generation(variant: Variant, ref: str, out_dir: Path, seed: int, settings: GenerationSettings) -> Generation:
    """The :class:`Generation` of ``variant`` (named ``ref`` on the command line) into ``out_dir``."""
    return Generation(variant, ref, variant_reference(ref, out_dir), str(out_dir.resolve()), seed, settings)
