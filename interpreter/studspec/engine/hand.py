"""A live hand: the core every phase reads, what may be asked of it, and its two commands.

A hand is the model of its rule book's compiled machine (:mod:`.machine`). The machine says
which phases follow which and where the hand waits; what each kind of phase does is its
handler (:mod:`.handlers`), whose module keeps that phase's own state in a part of the hand
(:mod:`.core`). This class keeps the core (seats, stacks, cards and faces, contributions,
the deck, the events, the command log, the phase it is in), answers questions by asking the
phase it is in, and carries out the two commands, :meth:`Hand.act` and :meth:`Hand.deal`.
Every request is checked completely before anything changes, so a refused action or deal
leaves the hand exactly as it was; the one judge of whether an action is legal is
:meth:`Hand.act`, against the choices the phase offers.

    >>> from studspec import Hand, load_variant, parse_action
    >>> hand = Hand(load_variant("razz"), stacks=[1000, 1000, 1000], seed=7)
    >>> hand.actor, [str(choice) for choice in hand.legal_actions()]
    (0, ['pb', 'cbr 400'])
    >>> hand.act(parse_action("pb"))
    >>> hand.actor
    1
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from studspec.errors import HandError, IllegalActionError, IllegalDealError, StakesError
from studspec.rulebook.model import Face, Stakes, Variant

from . import dealing, rounds, snapshots
from .actions import Action, LegalAction
from .betting import BettingRound
from .cards import Card
from .core import PendingDeal, Phase, Setup, new_parts
from .deck import Deck, TwinDeck
from .declare import has_declared
from .events import Event
from .hot import BRING_IN as BRING_IN_KIND
from .hot import CHECK_CALL, COMPLETE_PHASE, DECLARE, FOLD, SHOW_MUCK
from .indicators import in_the_middle
from .machine import CompiledVariant, compile_variant
from .pots import Pot, build_pots
from .refusals import label, seat_name, waiting_for, why_refused
from .rules import ResolvedRules
from .settlement import HandResult, result_of
from .showdown import show_or_muck, showdown_of
from .stakes import check_table
from .views import SeatView, TableView, table_view

_SHARED = frozenset({"compiled", "variant", "stakes", "rules"})
"""Attributes a hand shares with every hand of its rule book; never copied or restored."""

_TAKEN_AS_OFFERED = frozenset({FOLD, CHECK_CALL, BRING_IN_KIND})
"""Kinds whose choice carries no amount to check: the kind alone says the action is allowed."""

__all__ = ["Hand", "HandResult", "PendingDeal", "SeatView", "StakesError", "TableView"]


class Hand:
    """One hand of a rule book, from the antes to the settlement.

    The attributes are the core every phase reads (:class:`~studspec.engine.core.HandCore`);
    change the hand only through :meth:`act` and :meth:`deal`. They are slots: a slot is read
    at a fixed offset, and the engine reads the hand's attributes at every step.
    """

    __slots__ = (
        "_actor",
        "_legal_cache",
        "boards",
        "cards",
        "community",
        "compiled",
        "contributed",
        "dead_money",
        "deck",
        "events",
        "faces",
        "folded",
        "live",
        "log",
        "parts",
        "phase",
        "rules",
        "seats",
        "setup",
        "shown",
        "stacks",
        "stakes",
        "street",
        "variant",
    )

    def __init__(
        self,
        variant: Variant,
        stacks: Sequence[int],
        *,
        stakes: Stakes | None = None,
        seed: int | None = None,
        deck: Sequence[Card] | None = None,
        deal_from_outside: bool = False,
        auto_showdown: bool = True,
    ) -> None:
        """Seat ``len(stacks)`` players (seat 0 first left of the dealer) and start.

        Cards come from a deck shuffled by ``random.Random(seed)``, from ``deck`` (stacked,
        top card first), or, with ``deal_from_outside``, through :meth:`deal`. With
        ``auto_showdown`` every contestant's cards are tabled at showdown (cards speak);
        without it each must show or muck in turn (``sm``), as in a replayed history.
        """
        self.compiled: CompiledVariant = compile_variant(variant)
        self.variant = variant
        self.rules: ResolvedRules = self.compiled.rules
        self.stakes = stakes or variant.stakes
        check_table(self.stakes, variant, stacks)
        shuffle = random.SystemRandom().randrange(1 << 63) if seed is None else seed
        self.setup = Setup(
            tuple(stacks), shuffle, None if deck is None else tuple(deck), deal_from_outside, auto_showdown
        )
        self.seats = len(stacks)
        self.stacks = list(stacks)
        self.deck = _deck(shuffle, deck, deal_from_outside, self.rules.deck_cards, self.rules.copies > 1)
        self.log: list[tuple[str, int | None, Action | tuple[Card | None, ...]]] = []
        """Every command the hand accepted, in order: what a saved hand replays."""
        self._seat_state()
        self.phase: Phase = self.compiled.start
        """The phase the hand is in (its machine state, its handler, its street)."""
        self._drive()

    def _seat_state(self) -> None:
        seats = self.seats
        self.cards: list[list[Card | None]] = [[] for _ in range(seats)]
        self.faces: list[list[Face]] = [[] for _ in range(seats)]
        self.boards: list[list[Card | None]] = [[] for _ in range(seats)]
        self.shown: list[int] = [0] * seats
        self.folded: list[bool] = [False] * seats
        self.contributed: list[int] = [0] * seats
        self.dead_money = 0
        self.live: list[int] = list(range(seats))
        self.community: list[Card | None] = []
        self.events: list[Event] = []
        self.street: int | None = None
        self.parts: list[Any] = new_parts()
        self._actor: int | None = None
        """The seat to act, found once each time the hand comes to rest (:attr:`actor`)."""
        self._legal_cache: tuple[int, list[LegalAction]] | None = None
        """The actor's choices, computed once per turn (players ask, then act checks)."""

    # ------------------------------------------------------------------ queries

    @property
    def state(self) -> str:
        """The machine state the hand is in (its phase's name)."""
        return self.phase.name

    @property
    def rng(self) -> random.Random:
        """The generator the deck reshuffles with (``random.Random(seed)`` after the deal's
        shuffle); made when first asked for."""
        return self.deck.rng

    @property
    def seed(self) -> int:
        """The deck's shuffle (chosen at random when none was given, so the hand can be saved)."""
        return self.setup.seed

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        return self.setup.starting_stacks

    @property
    def indicators(self) -> list[Card | None]:
        """Indicator cards in the middle: in no hand, each sets a rule (``streets[].indicator``);
        those face up first, then those still face down."""
        return in_the_middle(self)

    @property
    def button(self) -> int:
        """The dealer's seat: the last. A hand numbers its seats from the dealer's left (p1
        posts the first blind; PHH lists the players the same way), so a table whose button
        moves deals each hand with its chairs renumbered (``studspec play`` does, where the
        book has blinds)."""
        return self.seats - 1

    @property
    def stacked_deck(self) -> tuple[Card, ...] | None:
        return self.setup.stacked_deck

    @property
    def auto_showdown(self) -> bool:
        return self.setup.auto_showdown

    @property
    def is_complete(self) -> bool:
        return self.phase.kind is COMPLETE_PHASE

    @property
    def result(self) -> HandResult | None:
        """How the hand ended: each seat's stack, its net, and every award (``None`` until then)."""
        return result_of(self)

    @property
    def round(self) -> BettingRound | None:
        """The betting round of the street in play (``None`` while the street is dealt)."""
        return rounds.current_round(self)

    @property
    def mucked(self) -> list[bool]:
        """Which seats mucked at the showdown."""
        mucked = showdown_of(self).mucked
        return [seat in mucked for seat in range(self.seats)]

    @property
    def street_id(self) -> str | None:
        return None if self.street is None else self.variant.streets[self.street].id

    @property
    def actor(self) -> int | None:
        """The seat whose action is awaited, if any (``None`` while dealing or when the
        history leaves it open which of several seats with unseen cards acts). Found once
        each time the hand comes to rest (:meth:`_drive`), not on every question."""
        return self._actor

    def live_seats(self) -> list[int]:
        """Seats still holding cards (neither folded nor mucked), in seat order."""
        return list(self.live)

    def seats_with_chips(self) -> list[int]:
        """Seats still in that can still bet (not all-in), in seat order."""
        stacks = self.stacks
        if 0 not in stacks:  # nobody is all-in (the usual case, looked for in C): every seat in
            return list(self.live)
        return [s for s in self.live if stacks[s] > 0]

    def up_cards(self, seat: int) -> list[Card | None]:
        return list(self.boards[seat])

    def pending_deal(self) -> PendingDeal | None:
        """What must be dealt next from outside, or ``None`` when no deal is awaited."""
        return dealing.pending_deal(self)

    def pots(self) -> list[Pot]:
        """Main pot and side pots now. A hand mucked at showdown still shapes them (its
        uncalled excess comes back to it) but can no longer win them."""
        return build_pots(self.contributed, [not f for f in self.folded], self.dead_money)

    def waiting_for(self) -> str:
        """What the hand waits for, in words (``waiting for p3``, ``the hand is over``)."""
        return waiting_for(self)

    def legal_actions(self, seat: int | None = None) -> list[LegalAction]:
        """What ``seat`` (default: the actor) may do now, with exact amounts."""
        return list(self._choices(seat))

    def _choices(self, seat: int | None) -> list[LegalAction]:
        """:meth:`legal_actions` without the copy: the actor's are computed once a turn
        (players ask, then :meth:`act` checks), and callers inside the hand never change them."""
        cache = self._legal_cache
        if cache is not None and (seat is None or seat == cache[0]):
            return cache[1]
        handler = self.phase.handler
        if seat is None:
            seat = self._actor if handler.asked is None or self._actor is not None else handler.asked(self)
        if seat is None:
            return []
        choices = handler.choices(self, seat)
        actor = self._actor
        if actor is not None and seat == actor:
            self._legal_cache = (actor, choices)
        return choices

    def view(self, viewer: int | None) -> TableView:
        """The table as ``viewer`` sees it (``None``: a spectator, who sees no down card)."""
        return table_view(self, viewer)

    # ------------------------------------------------------------------ commands

    def act(self, action: Action, seat: int | None = None) -> None:
        """Take ``action`` for ``seat`` (default: the actor); refused actions change nothing."""
        if type(action) is not Action:  # else it is logged, and the snapshot breaks later
            legal = tuple(str(choice) for choice in self._choices(None))
            raise IllegalActionError(f"a {type(action).__name__}", _not_an_action(action), legal)
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.seats):
            legal = tuple(str(choice) for choice in self._choices(None))
            raise IllegalActionError(str(action), _no_such_seat(seat, self.seats), legal)
        who = self._actor if seat is None else seat
        if self.deck.drawing:  # nothing unseen: nothing can fail late (see _guarded)
            self._act(action, seat)
        else:
            self._guarded(lambda: self._act(action, seat))
        self.log.append(("act", who, action))

    def _act(self, action: Action, seat: int | None) -> None:
        """The one judge of an action: the phase's choices for the seat; ``sm`` (show or
        muck) is the one action a hand takes in any phase (tabling an all-in hand before
        the showdown, TDA 16), and the showdown module judges it."""
        phase = self.phase
        if phase.kind is COMPLETE_PHASE:
            raise IllegalActionError(str(action), "the hand is over")
        kind = action.kind
        if kind is SHOW_MUCK:
            show_or_muck(self, seat, action)
            self._drive()
            return
        if seat is None:
            seat = self._actor
        cache = self._legal_cache  # the choices the player was just given, as _choices keeps them
        if cache is not None and cache[0] == seat:
            legal = cache[1]
        else:
            legal = self._choices(seat) if seat is not None else []
        if seat is None or not legal:
            now = tuple(str(a) for a in self._choices(None))
            reason = f"it is not {seat_name(seat)}'s turn ({self.waiting_for()})"
            if seat is not None and self.folded[seat]:
                reason = f"{seat_name(seat)} has folded ({self.waiting_for()})"
            elif seat is not None and kind is DECLARE and has_declared(self, seat):
                reason = f"{seat_name(seat)} has declared already: one declaration each ({self.waiting_for()})"
            raise IllegalActionError(label(action, seat), reason, now)
        for option in legal:
            if option.kind is kind and (kind in _TAKEN_AS_OFFERED or option.allows(action)):
                break
        else:
            raise IllegalActionError(label(action, seat), why_refused(self, action, legal), tuple(map(str, legal)))
        handler = phase.handler
        if handler.take(self, seat, action) and handler.waits_on_seats:  # seats still to act: no edge out can hold
            self._legal_cache = None
            self._actor = handler.actor(self)
            return
        self._drive()

    def deal(self, seat: int | None, cards: Sequence[Card | None]) -> None:
        """Deal given cards: to ``seat``, or ``seat=None`` for a community card.

        Checks that it is that seat's turn to receive cards, the number of cards, and that
        no card is already in play or in the muck; ``None`` stands for an unseen card.
        """
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.seats):
            raise IllegalDealError(_no_such_seat(seat, self.seats))
        self._guarded(lambda: self._deal(seat, cards))
        self.log.append(("deal", seat, tuple(cards)))

    def _deal(self, seat: int | None, cards: Sequence[Card | None]) -> None:
        dealing.deal_given(self, seat, cards)
        self._drive()

    # ------------------------------------------------------------------ saving

    def snapshot(self) -> dict[str, Any]:
        """The hand as a small JSON document: its set-up and every command it accepted.
        :meth:`restore` turns it back into this hand, which then goes on exactly as this one.
        It holds the shuffle's seed (or the stacked deck), so it reveals every card: see
        :mod:`studspec.engine.snapshots` for what it holds and why it is trusted input."""
        return snapshots.snapshot(self)

    @staticmethod
    def restore(document: Mapping[str, Any]) -> Hand:
        """The hand a :meth:`snapshot` saved (checked line by line: a bad document raises
        :class:`~studspec.errors.SnapshotError`)."""
        return snapshots.restore(document, Hand)

    def __reduce__(self) -> tuple[Callable[[Mapping[str, Any]], Hand], tuple[dict[str, Any]]]:
        """Pickled as its snapshot: the compiled rules hold functions, and need not travel.
        (Unpickling runs code: never unpickle bytes from someone you do not trust.)"""
        return restore_hand, (self.snapshot(),)

    # ------------------------------------------------------------------ driving

    def _guarded(self, command: Callable[[], None]) -> None:
        """Run a command; if settling the hand fails for want of unseen cards (a replayed
        history with ``??``), put everything back as it was and re-raise.

        Only hands dealt from outside with unseen cards in play can fail that late. Such a
        failure deals and plays the hand's log again (every command it accepted), so a command
        that succeeds costs nothing extra: no copy of the hand is taken in advance.
        """
        if self.deck.drawing or not (None in self.community or any(None in self.cards[s] for s in self.live)):
            command()
            return
        try:
            command()
        except HandError:
            self._rebuild()
            raise

    def _rebuild(self) -> None:
        """The hand as it was after its last accepted command, from its set-up and its log."""
        setup = self.setup
        again = Hand(
            self.variant,
            setup.starting_stacks,
            stakes=self.stakes,
            seed=setup.seed,
            deal_from_outside=True,
            auto_showdown=setup.auto_showdown,
        )
        for _kind, seat, command in self.log:
            if isinstance(command, Action):
                again.act(command, seat)
            else:
                again.deal(seat, command)
        for name in Hand.__slots__:
            if name not in _SHARED:
                setattr(self, name, getattr(again, name))

    def _drive(self) -> None:
        """Advance while the machine has an edge to take: it stops where the hand waits
        (for a deal, a player or a show) and at the end, which has no edge out.

        Each step takes the state's first edge whose conditions all hold, as the machine's
        ``advance`` event would (:func:`~studspec.engine.machine.edge_table`)."""
        self._legal_cache = None
        edges = self.compiled.edges
        try:
            while True:
                for edge in edges[self.phase.name]:
                    for condition in edge[0]:
                        if not condition(self):
                            break
                    else:  # every condition holds: take this edge (unpacked only now)
                        _conditions, before, dest, enter = edge
                        for step in before:
                            step(self)
                        self.phase = dest
                        for step in enter:
                            step(self)
                        break
                else:
                    return
        finally:  # also when a phase fails midway, so the actor always matches the phase
            self._actor = self.phase.handler.actor(self)


def restore_hand(document: Mapping[str, Any]) -> Hand:
    """The hand a :meth:`Hand.snapshot` saved (what a pickled hand unpickles through)."""
    return snapshots.restore(document, Hand)


def _not_an_action(given: object) -> str:
    """Why ``given`` is no action: :meth:`Hand.act` takes an :class:`Action`; the
    :class:`LegalAction` choices say what is allowed, not what was chosen."""
    hint = (
        " (a LegalAction says what is allowed: build the Action that takes it)"
        if isinstance(given, LegalAction)
        else ""
    )
    return f"not an action: Hand.act takes an Action, such as Action(ActionKind.CHECK_CALL){hint}"


def _no_such_seat(seat: object, seats: int) -> str:
    """Why ``seat`` names no seat: seats are the integers 0 to ``seats - 1`` (a bool or a
    float such as ``1.0`` is not one, though Python would compare it equal)."""
    if isinstance(seat, int) and not -(10**9) < seat < 10**9:
        shown = "an integer that large"  # repr of a huge int is refused past 4,300 digits
    else:
        shown = repr(seat)[:40] if isinstance(seat, (int, float)) else f"a {type(seat).__name__}"
    return f"no seat {shown}: seats are the integers 0 to {seats - 1}"


def _deck(seed: int, stacked: Sequence[Card] | None, from_outside: bool, cards: Sequence[Card], twins: bool) -> Deck:
    """The hand's deck of ``cards``: dealt from outside, stacked (top card first), or
    shuffled by ``random.Random(seed)``; ``twins``: a double deck, every card twice."""
    kind = TwinDeck if twins else Deck
    if from_outside:
        return kind.given(seed, cards)
    if stacked is not None:
        return kind.stacked(stacked, seed, cards)
    return kind.shuffled(seed, cards)
