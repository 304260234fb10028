"""A live hand: seats, stacks, cards and their faces, the betting, and the event log.

A hand is the model of its rule book's compiled machine (:mod:`.machine`). The machine
says what each phase does and where the hand waits; the phases' work lives in modules of
its own (:mod:`.dealing`, :mod:`.rounds`, :mod:`.opening`, :mod:`.showdown`,
:mod:`.settlement`). This class is the table of contents: the hand's state, what may be
asked of it, and the two commands, :meth:`Hand.act` and :meth:`Hand.deal`. Every request
is checked completely before anything changes, so a refused action or deal leaves the hand
exactly as it was.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from studspec.errors import HandError, IllegalActionError, IllegalDealError, StakesError
from studspec.spec.model import Face, Stakes, Variant

from . import dealing, declare, offers, opening, rounds, showdown, snapshots
from .actions import Action, ActionKind, Declaration, LegalAction
from .betting import BettingRound
from .cards import Card, Rank
from .dealing import PendingDeal
from .deck import Deck
from .events import Event
from .machine import CompiledVariant, compile_variant
from .phases import PhaseKind
from .pots import Pot, build_pots
from .refusals import label, seat_name, waiting_for, why_refused
from .rules import DealPlan, ResolvedRules
from .settlement import HandResult
from .stakes import check_table
from .triggers import Offer
from .views import SeatView, TableView, table_view

_SHARED = frozenset({"compiled", "variant", "stakes", "rules"})
"""Attributes a hand shares with every hand of its rule book; never copied or restored."""

_TAKEN_AS_OFFERED = frozenset({ActionKind.FOLD, ActionKind.CHECK_CALL, ActionKind.BRING_IN})
"""Kinds whose choice carries no amount to check: the kind alone says the action is allowed."""

# Enum members the hot path reads, as module constants: Python 3.11's EnumType defines
# __getattr__, so every ``PhaseKind.BETTING`` is a slow Python-level look-up (about 150 ns,
# four times a global's), paid several times a decision.
_BETTING, _SHOWDOWN, _DECLARING, _DEALING, _COMPLETE = (
    PhaseKind.BETTING,
    PhaseKind.SHOWDOWN,
    PhaseKind.DECLARE,
    PhaseKind.DEAL,
    PhaseKind.COMPLETE,
)
_SHOW_MUCK, _DECLARE = ActionKind.SHOW_MUCK, ActionKind.DECLARE

__all__ = ["Hand", "HandResult", "PendingDeal", "SeatView", "StakesError", "TableView"]


class Hand:
    """One hand of a rule book, from the antes to the settlement.

    The attributes are the engine's working state, read by the phase modules and by
    readers such as :func:`studspec.engine.views.table_view`; change the hand only through
    :meth:`act` and :meth:`deal`.

    They are slots: a hand has more attributes (45) than CPython 3.11 shares among the
    instance dictionaries of a class (30), so with a ``__dict__`` every read of one took
    a dictionary look-up; a slot is read at a fixed offset, and the engine reads the hand's
    attributes at every step.
    """

    __slots__ = (
        "_actor",
        "_legal_cache",
        "auto_showdown",
        "awaiting_follower",
        "boards",
        "candidate_origin",
        "cards",
        "community",
        "community_street",
        "compiled",
        "contributed",
        "dead_money",
        "deal_plan",
        "deal_queue",
        "deck",
        "declarations",
        "declare_queue",
        "events",
        "faces",
        "folded",
        "followed_rank",
        "live",
        "log",
        "muck_order",
        "mucked",
        "offers",
        "open_candidates",
        "openers",
        "pending_declarations",
        "phase",
        "result",
        "round",
        "rounds",
        "rules",
        "seats",
        "seed",
        "show_queue",
        "shown",
        "stacked_deck",
        "stacks",
        "stakes",
        "starting_stacks",
        "state",
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
        self.seats = len(stacks)
        self.starting_stacks = tuple(stacks)
        self.stacks = list(stacks)
        self.seed: int = random.SystemRandom().randrange(1 << 63) if seed is None else seed
        """The deck's shuffle (chosen at random when none is given, so the hand can be saved)."""
        self.stacked_deck: tuple[Card, ...] | None = None if deck is None else tuple(deck)
        self.deck = _deck(self.seed, deck, deal_from_outside, self.rules.deck_cards)
        self.auto_showdown = auto_showdown
        self.log: list[tuple[str, int | None, Action | tuple[Card | None, ...]]] = []
        """Every command the hand accepted, in order: what a saved hand replays."""
        self._seat_state(len(variant.streets))
        self.state = "start"
        """The machine state the hand is in (a phase's name)."""
        self.phase = PhaseKind.START
        """The kind of that phase, kept with the state as the hand walks its edges."""
        self._drive()

    def _seat_state(self, streets: int) -> None:
        seats = self.seats
        self.cards: list[list[Card | None]] = [[] for _ in range(seats)]
        self.faces: list[list[Face]] = [[] for _ in range(seats)]
        self.boards: list[list[Card | None]] = [[] for _ in range(seats)]
        """Each seat's up cards in the order dealt, kept as they fall: the first-to-act and
        open-pair rules read every board every street."""
        self.shown: list[int] = [0] * seats
        """How many of each seat's cards (the first ones dealt) are tabled for all to see."""
        self.folded, self.mucked = [False] * seats, [False] * seats
        self.contributed: list[int] = [0] * seats
        """Each seat's antes and bets this hand (what shapes the main and side pots)."""
        self.dead_money = 0
        """Chips paid for cards (a dealt-card rule's price): in the main pot, nobody's bet."""
        self.live: list[int] = list(range(seats))
        """Seats still holding cards (neither folded nor mucked), in seat order."""
        self.community: list[Card | None] = []
        self.events: list[Event] = []
        self.street: int | None = None
        self.round: BettingRound | None = None
        self.rounds: list[BettingRound | None] = [None] * streets
        self.openers: list[int | None] = [None] * streets
        self.open_candidates: tuple[int, ...] = ()
        """Seats that may open because unseen cards leave it open (a replay); whichever acts does."""
        self.candidate_origin: dict[int, int] = {}
        """For each seat that may open in place of an unseen candidate, that candidate."""
        self.community_street: int | None = None
        self.muck_order: list[int] = []
        self.deal_plan: DealPlan | None = None
        self.deal_queue: list[tuple[int | None, tuple[Face, ...]]] = []
        """What is still to be dealt this street: each seat (``None``: the board) and its faces."""
        self.offers: list[Offer] = []
        """Priced dealt-card rules waiting for their seat's answer; the deal waits meanwhile."""
        self.show_queue: list[int] = []
        self.declare_queue: list[int] = []
        """Seats still to declare (hi-lo declare), in the order they may."""
        self.declarations: dict[int, Declaration] = {}
        """Every declaration known to the table."""
        self.pending_declarations: dict[int, Declaration] = {}
        """Simultaneous declarations made but not yet shown (each known only to its seat)."""
        self.result: HandResult | None = None
        self.followed_rank: Rank | None = None
        """Follow the Queen: the rank of the up card that followed the last up queen."""
        self.awaiting_follower = False
        """Follow the Queen: an up queen fell, and the next up card's rank will be wild."""
        self._actor: int | None = None
        """The seat to act, found once each time the hand comes to rest (:attr:`actor`)."""
        self._legal_cache: tuple[int, list[LegalAction]] | None = None
        """The actor's choices, computed once per turn (players ask, then act checks)."""

    # ------------------------------------------------------------------ queries

    @property
    def rng(self) -> random.Random:
        """The generator the deck reshuffles with (``random.Random(seed)`` after the deal's
        shuffle); made when first asked for."""
        return self.deck.rng

    @property
    def is_complete(self) -> bool:
        return self.phase is _COMPLETE

    @property
    def street_id(self) -> str | None:
        return None if self.street is None else self.variant.streets[self.street].id

    @property
    def actor(self) -> int | None:
        """The seat whose action is awaited, if any (``None`` while dealing or when the
        history leaves it open which of several seats with unseen cards acts). Found once
        each time the hand comes to rest (:meth:`_drive`), not on every question."""
        return self._actor

    def _find_actor(self) -> int | None:
        phase = self.phase
        if phase is _BETTING:
            return self.round.actor if self.round is not None and not self.open_candidates else None
        if phase is _SHOWDOWN and self.show_queue:
            return self.show_queue[0]
        if phase is _DECLARING and self.declare_queue:
            return self.declare_queue[0]
        if phase is _DEALING and self.offers:
            return self.offers[0].seat
        return None

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
        choices = self._legal_actions(seat)
        actor = self._actor
        if actor is not None and (seat is None or seat == actor):
            self._legal_cache = (actor, choices)
        return choices

    def _legal_actions(self, seat: int | None) -> list[LegalAction]:
        if seat is None:
            seat = self._actor
            if seat is None and self.open_candidates:
                seat = self.open_candidates[0]
        if seat is None:
            return []
        phase = self.phase
        if phase is _BETTING:
            rnd = self.round
            if rnd is None:
                return []
            stacks = self.stacks
            # Does any opponent still in hold chips (to call a wager)? With nobody all-in
            # (looked for in C), any other seat in does.
            live = self.live
            if 0 not in stacks:
                callers = len(live) > (seat in live)
            else:
                callers = any(other != seat and stacks[other] > 0 for other in live)
            if self.open_candidates:
                return opening.candidate_choices(self, seat, callers)
            return rnd.legal(seat, stacks[seat], callers) if seat == rnd.actor else []
        if phase is _SHOWDOWN:
            return [LegalAction(_SHOW_MUCK)] if self.show_queue[:1] == [seat] else []
        if phase is _DECLARING:
            return declare.choices(self, seat)
        if phase is _DEALING:
            return offers.choices(self, seat)
        return []

    def view(self, viewer: int | None) -> TableView:
        """The table as ``viewer`` sees it (``None``: a spectator, who sees no down card)."""
        return table_view(self, viewer)

    # ------------------------------------------------------------------ commands

    def act(self, action: Action, seat: int | None = None) -> None:
        """Take ``action`` for ``seat`` (default: the actor); refused actions change nothing."""
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
        phase = self.phase
        if phase is _COMPLETE:
            raise IllegalActionError(str(action), "the hand is over")
        kind = action.kind
        if kind is _SHOW_MUCK:
            showdown.show_or_muck(self, action, seat)
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
            raise IllegalActionError(label(action, seat), reason, now)
        for option in legal:
            if option.kind is kind and (kind in _TAKEN_AS_OFFERED or option.allows(action)):
                break
        else:
            raise IllegalActionError(label(action, seat), why_refused(self, action, legal), tuple(map(str, legal)))
        if kind is _DECLARE:
            declare.take(self, action, seat)
        elif phase is _DEALING:
            offers.answer(self, seat, action)
        else:
            if self.open_candidates:
                opening.fix_opener(self, seat)
            rounds.take_action(self, seat, action)
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
        """The hand as a small JSON-able document: its set-up and every command it accepted.
        :meth:`restore` turns it back into this hand, which then goes on exactly as this one."""
        return snapshots.snapshot(self)

    @staticmethod
    def restore(document: Mapping[str, Any]) -> Hand:
        """The hand a :meth:`snapshot` saved (checked line by line: a bad document raises
        :class:`~studspec.errors.SnapshotError`)."""
        return snapshots.restore(document)

    def __reduce__(self) -> tuple[Callable[[Mapping[str, Any]], Hand], tuple[dict[str, Any]]]:
        """Pickled as its snapshot: the compiled rules hold functions, and need not travel."""
        return snapshots.restore, (self.snapshot(),)

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
        again = Hand(
            self.variant,
            self.starting_stacks,
            stakes=self.stakes,
            seed=self.seed,
            deal_from_outside=True,
            auto_showdown=self.auto_showdown,
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
                for edge in edges[self.state]:
                    for condition in edge[0]:
                        if not condition(self):
                            break
                    else:  # every condition holds: take this edge (unpacked only now)
                        _conditions, before, dest, kind, enter = edge
                        for step in before:
                            step(self)
                        self.state, self.phase = dest, kind
                        for step in enter:
                            step(self)
                        break
                else:
                    return
        finally:  # also when a phase fails midway, so the actor always matches the state
            self._actor = self._find_actor()


def _no_such_seat(seat: object, seats: int) -> str:
    """Why ``seat`` names no seat: seats are the integers 0 to ``seats - 1`` (a bool or a
    float such as ``1.0`` is not one, though Python would compare it equal)."""
    if isinstance(seat, int) and not -(10**9) < seat < 10**9:
        shown = "an integer that large"  # repr of a huge int is refused past 4,300 digits
    else:
        shown = repr(seat)[:40] if isinstance(seat, (int, float)) else f"a {type(seat).__name__}"
    return f"no seat {shown}: seats are the integers 0 to {seats - 1}"


def _deck(seed: int, stacked: Sequence[Card] | None, from_outside: bool, cards: Sequence[Card]) -> Deck:
    """The hand's deck of ``cards``: dealt from outside, stacked (top card first), or
    shuffled by ``random.Random(seed)``."""
    if from_outside:
        return Deck.given(seed, cards)
    if stacked is not None:
        return Deck.stacked(stacked, seed, cards)
    return Deck.shuffled(seed, cards)
