"""A live hand: seats, stacks, cards and their faces, the betting, and the event log.

A hand is the model of its rule book's compiled machine. Each phase's work happens when
the machine enters it (``_enter_*``); the hand then advances by itself until it needs
something from outside: a player's action, or cards when they are dealt from outside (a
replay). Every request is checked completely before anything changes, so a refused action
or deal leaves the hand exactly as it was.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from studspec.errors import HandError, IllegalActionError, IllegalDealError, StakesError
from studspec.spec.model import Face, Stakes, Variant

from . import opening
from .actions import Action, ActionKind, LegalAction
from .betting import BettingRound, RoundRules
from .cards import Card, format_cards
from .deck import Deck
from .events import (
    ActionTaken,
    AntePosted,
    BettingSkipped,
    BringInDue,
    BurnsReshuffled,
    CardBurned,
    CardsDealt,
    CommunityCardDealt,
    Event,
    HandEnded,
    Mucked,
    PotAwarded,
    Showed,
    StreetBegan,
)
from .machine import CompiledVariant, PhaseKind, compile_variant
from .pots import Pot, build_pots
from .rules import DealPlan, ResolvedRules, ShowdownSituation
from .settlement import award_pot
from .views import SeatView, TableView, table_view

_SHARED = frozenset({"compiled", "variant", "stakes", "rules"})
"""Attributes a hand shares with every hand of its rule book; never copied or restored."""

__all__ = ["Hand", "HandResult", "PendingDeal", "SeatView", "StakesError", "TableView"]


@dataclass(frozen=True)
class PendingDeal:
    """What the dealer must deal next when cards come from outside."""

    seat: int | None
    """The seat to deal to, or ``None`` for a community card."""
    count: int
    faces: tuple[Face, ...]


@dataclass(frozen=True)
class HandResult:
    stacks: tuple[int, ...]
    net: tuple[int, ...]
    awards: tuple[PotAwarded, ...]


class Hand:
    """One hand of a rule book, from the antes to the settlement."""

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
        self.stakes = stakes or variant.stakes
        _check_stakes(self.stakes, variant, stacks)
        self.seats = len(stacks)
        self.starting_stacks = tuple(stacks)
        self.stacks = list(stacks)
        self.rng = random.Random(seed)
        if deal_from_outside:
            self.deck = Deck.given(self.rng)
        elif deck is not None:
            self.deck = Deck.stacked(deck, self.rng)
        else:
            self.deck = Deck.shuffled(self.rng)
        self.auto_showdown = auto_showdown
        self.cards: list[list[Card | None]] = [[] for _ in range(self.seats)]
        self.faces: list[list[Face]] = [[] for _ in range(self.seats)]
        self.shown: list[bool] = [False] * self.seats
        self.folded: list[bool] = [False] * self.seats
        self.mucked: list[bool] = [False] * self.seats
        self.contributed: list[int] = [0] * self.seats
        self._live: list[int] = list(range(self.seats))
        self._legal_cache: tuple[int, list[LegalAction]] | None = None
        """The actor's choices, computed once per turn (players ask, then act checks)."""
        self.community: list[Card | None] = []
        self.events: list[Event] = []
        self.street: int | None = None
        self.round: BettingRound | None = None
        self.rounds: list[BettingRound | None] = [None] * len(variant.streets)
        self.openers: list[int | None] = [None] * len(variant.streets)
        self._open_candidates: tuple[int, ...] = ()
        self._candidate_origin: dict[int, int] = {}
        """For each seat that may open in place of an unseen candidate, that candidate."""
        self._community_street: int | None = None
        self._muck_order: list[int] = []
        self._deal_plan: DealPlan | None = None
        self._deal_queue: list[int | None] = []
        self._show_queue: list[int] = []
        self.result: HandResult | None = None
        self.state = "start"
        self.rules: ResolvedRules = self.compiled.rules
        self._drive()

    # ------------------------------------------------------------------ queries

    @property
    def phase(self) -> PhaseKind:
        return self.compiled.phases[self.state].kind

    @property
    def is_complete(self) -> bool:
        return self.phase is PhaseKind.COMPLETE

    @property
    def street_id(self) -> str | None:
        return None if self.street is None else self.variant.streets[self.street].id

    @property
    def actor(self) -> int | None:
        """The seat whose action is awaited, if any (``None`` while dealing or when the
        history leaves it open which of several seats with unseen cards acts)."""
        if self.phase is PhaseKind.SHOWDOWN and self._show_queue:
            return self._show_queue[0]
        if self.phase is PhaseKind.BETTING and self.round is not None and not self._open_candidates:
            return self.round.actor
        return None

    def live_seats(self) -> list[int]:
        """Seats still holding cards (neither folded nor mucked), in seat order."""
        return list(self._live)

    def seats_with_chips(self) -> list[int]:
        return [s for s in self.live_seats() if self.stacks[s] > 0]

    def pending_deal(self) -> PendingDeal | None:
        """What must be dealt next from outside, or ``None`` when no deal is awaited."""
        if self.phase is not PhaseKind.DEAL or not self._deal_queue or self.deck.drawing:
            return None
        assert self.street is not None
        street = self.variant.streets[self.street]
        seat = self._deal_queue[0]
        if seat is None:
            return PendingDeal(None, 1, (Face.UP,))
        return PendingDeal(seat, len(street.deal), street.deal)

    def pots(self) -> list[Pot]:
        """Main pot and side pots now. A hand mucked at showdown still shapes them (its
        uncalled excess comes back to it) but can no longer win them."""
        return build_pots(self.contributed, [not f for f in self.folded])

    def _claimants(self, pot: Pot) -> list[int]:
        """Who can still win ``pot``: its eligible seats that have not mucked; if all of them
        mucked, the last to muck (nobody else could claim it)."""
        claimants = [s for s in pot.eligible if not self.mucked[s]]
        if not claimants:
            mucked = [s for s in self._muck_order if s in pot.eligible]
            claimants = mucked[-1:]
        return claimants

    def _contested(self, seat: int) -> bool:
        """Whether ``seat`` still has an opponent for some pot it could win."""
        return any(
            seat in pot.eligible and len([s for s in pot.eligible if not self.mucked[s]]) > 1 for pot in self.pots()
        )

    def up_cards(self, seat: int) -> list[Card | None]:
        return [c for c, f in zip(self.cards[seat], self.faces[seat]) if f is Face.UP]

    def legal_actions(self, seat: int | None = None) -> list[LegalAction]:
        """What ``seat`` (default: the actor) may do now, with exact amounts."""
        cache = self._legal_cache
        if cache is not None and (seat is None or seat == cache[0]):
            return list(cache[1])
        choices = self._legal_actions(seat)
        if seat is None or seat == self.actor:
            actor = self.actor
            if actor is not None:
                self._legal_cache = (actor, choices)
        return list(choices)

    def _legal_actions(self, seat: int | None) -> list[LegalAction]:
        if seat is None:
            seat = self.actor
            if seat is None and self._open_candidates:
                seat = self._open_candidates[0]
        if seat is None:
            return []
        if self.phase is PhaseKind.SHOWDOWN:
            if self._show_queue and self._show_queue[0] == seat:
                return [LegalAction(ActionKind.SHOW_MUCK)]
            return []
        if self.phase is not PhaseKind.BETTING or self.round is None:
            return []
        others = sum(1 for s in self.seats_with_chips() if s != seat)
        if self._open_candidates:
            if seat not in self._open_candidates:
                return []
            rnd = self.round
            if rnd.rules.bring_in and not rnd.acted:
                # Which unseen door card brings in is unknown: whichever candidate acts.
                passed = self._candidate_origin[seat] != seat
                saved = rnd.bring_in_seat, rnd.bring_in_may_fold
                rnd.bring_in_seat, rnd.bring_in_may_fold = seat, passed and self.rules.opener_may_fold
                try:
                    return rnd.legal(seat, self.stacks[seat], others)
                finally:
                    rnd.bring_in_seat, rnd.bring_in_may_fold = saved
        elif seat != self.round.actor:
            return []
        return self.round.legal(seat, self.stacks[seat], others)

    def view(self, viewer: int | None) -> TableView:
        """The table as ``viewer`` sees it (``None``: a spectator, who sees no down card)."""
        return table_view(self, viewer)

    # ------------------------------------------------------------------ commands

    def act(self, action: Action, seat: int | None = None) -> None:
        """Take ``action`` for ``seat`` (default: the actor); refused actions change nothing."""
        self._guarded(lambda: self._act(action, seat))

    def _act(self, action: Action, seat: int | None) -> None:
        if self.is_complete:
            raise IllegalActionError(str(action), "the hand is over")
        if action.kind is ActionKind.SHOW_MUCK:
            self._show_or_muck(action, seat)
            self._drive()
            return
        if seat is None:
            seat = self.actor
        legal = self.legal_actions(seat) if seat is not None else []
        if seat is None or not legal:
            waiting = self._waiting_for()
            raise IllegalActionError(
                _label(action, seat),
                f"it is not {_seat(seat)}'s turn ({waiting})",
                tuple(str(a) for a in self.legal_actions()),
            )
        choice = next((option for option in legal if option.allows(action)), None)
        if choice is None:
            raise IllegalActionError(_label(action, seat), self._why_refused(action, legal), tuple(map(str, legal)))
        assert self.round is not None
        if self._open_candidates:
            self._fix_opener(seat)
        obliged = self.round.bring_in_seat
        stack = self.stacks[seat]
        added = self.round.apply(seat, action, stack, self.seats_with_chips())
        self.stacks[seat] -= added
        self.contributed[seat] += added
        if action.kind is ActionKind.FOLD:
            self.folded[seat] = True
            self._live.remove(seat)
            self.deck.to_muck(self.cards[seat])
        self.events.append(ActionTaken(seat, action, added, self.round.bets.get(seat, 0), self.stacks[seat] == 0))
        if obliged == seat and self.round.bring_in_seat not in (None, seat):
            # The seat that had to open folded; the obligation moved on (TDA RP-10E).
            self.events.append(BringInDue(self.round.bring_in_seat))
        self._drive()

    def deal(self, seat: int | None, cards: Sequence[Card | None]) -> None:
        """Deal given cards: to ``seat``, or ``seat=None`` for a community card.

        Checks that it is that seat's turn to receive cards, the number of cards, and that
        no card is already in play or in the muck; ``None`` stands for an unseen card.
        """
        self._guarded(lambda: self._deal(seat, cards))

    def _deal(self, seat: int | None, cards: Sequence[Card | None]) -> None:
        expected = self.pending_deal()
        if expected is None:
            raise IllegalDealError(f"no deal is due now ({self._waiting_for()})")
        who = "a community card" if seat is None else f"p{seat + 1}"
        if seat != expected.seat:
            want = "a community card" if expected.seat is None else f"p{expected.seat + 1}"
            raise IllegalDealError(f"dealing to {who} is out of turn: the next deal is to {want}")
        if len(cards) != expected.count:
            raise IllegalDealError(f"{who} must receive {expected.count} card(s) on this street, not {len(cards)}")
        known = [c for c in cards if c is not None]
        if len(set(known)) != len(known):
            raise IllegalDealError(f"{format_cards(cards)} names a card twice")
        for card in known:
            if not self.deck.drawing and not self.deck.is_unseen(card):
                raise IllegalDealError(
                    f"{card} cannot be dealt to {who}: it is already "
                    + ("in the muck (a folded hand)" if card in self.deck.muck else "in play")
                )
        if self.deck.size < len(cards):
            raise IllegalDealError(f"the stub holds {self.deck.size} cards, fewer than {len(cards)}")
        for dealt in cards:
            self.deck.take(dealt)
        self._deal_queue.pop(0)
        self._place(seat, list(cards), list(expected.faces))
        self._drive()

    # ------------------------------------------------------------------ driving

    def _guarded(self, command: Callable[[], None]) -> None:
        """Run a command; if settling the hand fails for want of unseen cards (a replayed
        history with ``??``), put everything back as it was and re-raise.

        Only hands dealt from outside with unseen cards in play can fail that late, so only
        they pay for the snapshot.
        """
        risky = not self.deck.drawing and any(None in self.cards[s] for s in self._live)
        if not risky:
            command()
            return
        keep = {k: v for k, v in self.__dict__.items() if k not in _SHARED}
        saved = copy.deepcopy(keep)
        try:
            command()
        except HandError:
            self.__dict__.update(saved)
            raise

    def _drive(self) -> None:
        """Advance through phases until the hand needs something from outside."""
        self._legal_cache = None
        advance = self.compiled.advance
        while not self._waiting():
            advance(self)

    def _waiting(self) -> bool:
        kind = self.phase
        if kind is PhaseKind.COMPLETE:
            return True
        if kind is PhaseKind.DEAL:
            return bool(self._deal_queue)
        if kind is PhaseKind.BETTING:
            if len(self.live_seats()) <= 1 or self.round is None:
                return False
            return bool(self._open_candidates) or not self.round.over
        if kind is PhaseKind.SHOWDOWN:
            return bool(self._show_queue)
        return False

    def _waiting_for(self) -> str:
        if self.is_complete:
            return "the hand is over"
        pending = self.pending_deal()
        if pending is not None:
            return "waiting for a deal to " + ("the board" if pending.seat is None else f"p{pending.seat + 1}")
        if self._open_candidates:
            return "waiting for one of " + ", ".join(f"p{s + 1}" for s in self._open_candidates)
        actor = self.actor
        return f"waiting for p{actor + 1}" if actor is not None else f"in phase {self.state}"

    # Conditions on the machine's edges.
    def one_seat_left(self) -> bool:
        return len(self.live_seats()) <= 1

    def betting_closed(self) -> bool:
        """No betting when one seat is left, fewer than two seats can still bet, or the
        street was one community card and the rules allow no betting on it (seed 001)."""
        if len(self.live_seats()) <= 1 or len(self.seats_with_chips()) <= 1:
            return True
        return self._community_street == self.street and not self.rules.community_betting

    # ------------------------------------------------------------------ phases

    def _betting_skipped(self) -> None:
        if self.street is not None and len(self.live_seats()) > 1:
            self.events.append(BettingSkipped(self.variant.streets[self.street].id))

    def _enter_start(self) -> None:
        pass

    def _enter_antes(self) -> None:
        ante = self.stakes.ante
        if ante <= 0:
            return
        for seat in range(self.seats):
            amount = min(ante, self.stacks[seat])
            self.stacks[seat] -= amount
            self.contributed[seat] += amount
            self.events.append(AntePosted(seat, amount, self.stacks[seat] == 0))

    def _begin_street(self, index: int) -> None:
        if self.street != index:
            self.street = index
            self.round = None
            self.events.append(StreetBegan(self.variant.streets[index].id, index))

    def _enter_burn(self) -> None:
        index = self.compiled.phases[self.state].street
        assert index is not None
        self._begin_street(index)
        self._deal_plan = self._plan(index)
        if self._deal_plan.reshuffle_burns:
            count = self.deck.reshuffle_burns()
            self.events.append(BurnsReshuffled(count))
        if self._deal_plan.burn and self.deck.size > 0:
            self.events.append(CardBurned(self.deck.burn()))

    def _plan(self, index: int) -> DealPlan:
        street = self.variant.streets[index]
        needed = len(street.deal) * len(self.live_seats())
        burning = self.rules.burn(index)
        return self.rules.exhaustion(self.deck.size, len(self.deck.burns), needed, burning)

    def _enter_deal(self) -> None:
        index = self.compiled.phases[self.state].street
        assert index is not None
        self._begin_street(index)
        plan = self._deal_plan if self._deal_plan is not None else self._plan(index)
        if self._deal_plan is None and plan.reshuffle_burns:
            self.events.append(BurnsReshuffled(self.deck.reshuffle_burns()))
        self._deal_plan = None
        if plan.community:
            self._community_street = index
            self._deal_queue = [None]
        else:
            self._deal_queue = list(self.live_seats())
        if self.deck.drawing:
            street = self.variant.streets[index]
            while self._deal_queue:
                seat = self._deal_queue.pop(0)
                count = 1 if seat is None else len(street.deal)
                faces = [Face.UP] if seat is None else list(street.deal)
                if self.deck.size < count:
                    raise HandError(f"the stub is empty on {street.id} street")
                self._place(seat, [self.deck.draw() for _ in range(count)], faces)

    def _place(self, seat: int | None, cards: list[Card | None], faces: list[Face]) -> None:
        if seat is None:
            self.community.extend(cards)
            for card in cards:
                self.events.append(CommunityCardDealt(card))
            return
        self.cards[seat].extend(cards)
        self.faces[seat].extend(faces)
        self.events.append(CardsDealt(seat, tuple(cards), tuple(faces)))

    def _round_rules(self, index: int, bring_in: bool) -> RoundRules:
        street = self.variant.streets[index]
        stakes = self.stakes
        if street.bet is None:  # pot and no limit: the small bet is the least bet
            units: tuple[int, ...] = (stakes.small_bet,)
        else:
            units = (stakes.bet(street.bet, street.bet_times),)
            if street.open_pair_applies and self._open_pair_showing():
                units = (stakes.small_bet, stakes.big_bet)  # WSOP-L 220
        return RoundRules(
            units=units,
            minimum=min(stakes.small_bet, *units),
            raise_cap=self.variant.raise_cap,
            counts_as_full=self.rules.counts_as_full,
            bring_in=stakes.bring_in if bring_in else 0,
            pot_at_start=sum(self.contributed),
        )

    def _open_pair_showing(self) -> bool:
        """Any live board shows a pair (WSOP-L 220: the big bet is open to every player)."""
        for seat in self.live_seats():
            ranks = [c.rank for c in self.up_cards(seat) if c is not None]
            if len(ranks) != len(set(ranks)):
                return True
        return False

    def _new_round(self, index: int, bring_in: bool) -> BettingRound:
        rnd = BettingRound(
            order=tuple(range(self.seats)),
            rules=self._round_rules(index, bring_in),
            sizing=self.rules.sizing,
            uncapped=self.rules.uncapped(len(self.seats_with_chips())),
        )
        self.rounds[index] = rnd
        return rnd

    def _enter_bring_in(self) -> None:
        index = self.compiled.phases[self.state].street
        assert index is not None
        rnd = self._new_round(index, bring_in=True)
        self.round = rnd
        doors = {seat: (self.up_cards(seat) or [None])[-1] for seat in self.live_seats()}
        candidates = opening.candidates(
            opening.bring_in_keys(doors, self.rules.bring_in_card, self.rules.bring_in_ties)
        )
        if len(candidates) == 1:
            self._set_bring_in(candidates[0])
        else:
            self._offer(candidates)

    def _set_bring_in(self, seat: int) -> None:
        assert self.round is not None
        obliged = seat
        if self.stacks[seat] == 0:
            # All-in for the ante: the next seat with chips opens (WSOP-L 217, TDA RP-10E).
            following = [s for s in self._clockwise_from(seat) if self.stacks[s] > 0 and s in self.live_seats()]
            obliged = following[0] if following else seat
        self.round.bring_in_seat = obliged if self.stacks[obliged] > 0 else None
        self.round.bring_in_may_fold = obliged != seat and self.rules.opener_may_fold
        self.events.append(BringInDue(obliged))
        self.openers[self.street or 0] = obliged
        self.round.start(obliged, self.seats_with_chips())

    def _clockwise_from(self, seat: int) -> list[int]:
        return [(seat + step) % self.seats for step in range(1, self.seats)]

    def _offer(self, candidates: tuple[int, ...]) -> None:
        """Unseen cards leave open which of ``candidates`` opens; whichever acts does. A
        candidate that is all-in stands for the next seat with chips, which would act in
        its place (WSOP-L 217, 240)."""
        origin: dict[int, int] = {}
        for candidate in candidates:
            acting = self._first_with_chips(candidate)
            if acting is not None and (acting not in origin or acting == candidate):
                origin[acting] = candidate
        self._candidate_origin = origin
        self._open_candidates = tuple(sorted(origin))

    def _first_with_chips(self, seat: int) -> int | None:
        for candidate in [seat, *self._clockwise_from(seat)]:
            if candidate in self._live and self.stacks[candidate] > 0:
                return candidate
        return None

    def _fix_opener(self, seat: int) -> None:
        origin = self._candidate_origin.get(seat, seat)
        self._open_candidates = ()
        assert self.round is not None
        if (
            self.phase is PhaseKind.BETTING
            and self.round.bring_in_seat is None
            and self.round.rules.bring_in
            and not self.round.acted
        ):
            self._set_bring_in(origin)
        else:
            self.openers[self.street or 0] = origin
            self.round.start(origin, self.seats_with_chips())

    def _enter_betting(self) -> None:
        index = self.compiled.phases[self.state].street
        assert index is not None
        if self.round is not None and self.rounds[index] is self.round:
            return  # the bring-in phase opened this round
        self._open_candidates = ()
        rnd = self._new_round(index, bring_in=False)
        self.round = rnd
        candidates = self._first_to_act_candidates()
        if len(candidates) == 1:
            self.openers[index] = candidates[0]
            rnd.start(candidates[0], self.seats_with_chips())
        else:
            self._offer(candidates)

    def _first_to_act_candidates(self) -> tuple[int, ...]:
        """The seat with the best board acts first; several if unseen cards leave it open."""
        boards = {seat: self.up_cards(seat) for seat in self.live_seats()}
        return opening.candidates(opening.board_keys(boards, self.rules.board, self.rules.board_ties))

    def _final_opener(self) -> int:
        """Who would act first on the last street (showdown order when nobody bet)."""
        last = len(self.variant.streets) - 1
        opener = self.openers[last]
        if opener is not None and opener in self.live_seats():
            return opener
        candidates = self._first_to_act_candidates()
        return candidates[0]

    def _enter_showdown(self) -> None:
        live = self.live_seats()
        final_round = self.rounds[len(self.variant.streets) - 1]
        aggressor = final_round.last_aggressor if final_round is not None else None
        if aggressor is not None and aggressor not in live:
            aggressor = None
        situation = ShowdownSituation(
            last_aggressor=aggressor,
            first_to_act=self._final_opener(),
            contestants=tuple(live),
            boards={s: [c for c in self.up_cards(s) if c is not None] for s in live},
        )
        first = self.rules.showdown_order(situation)
        order = [first, *list(self._clockwise_from(first))]
        self._show_queue = [s for s in order if s in live]
        if self.auto_showdown:
            while self._show_queue:
                seat = self._show_queue.pop(0)
                self._table(seat, None)
        self._skip_uncontested()

    def _skip_uncontested(self) -> None:
        """A seat with no opponent left for any pot it could win need not show."""
        while self._show_queue and not self._contested(self._show_queue[0]):
            self._show_queue.pop(0)

    def _table(self, seat: int, cards: Sequence[Card | None] | None) -> None:
        """Show ``seat``'s cards (``cards`` as written in a history, checked and used to
        fill in cards that were dealt unseen)."""
        if cards is not None:
            self._check_shown(seat, cards)
            for i, card in enumerate(cards):
                if self.cards[seat][i] is None and card is not None:
                    self.deck.reveal(card)
                    self.cards[seat][i] = card
        self.shown[seat] = True
        self.events.append(Showed(seat, tuple(self.cards[seat])))

    def _check_shown(self, seat: int, cards: Sequence[Card | None]) -> None:
        own = self.cards[seat]
        if len(cards) != len(own):
            raise IllegalActionError(
                f"p{seat + 1} sm {format_cards(cards)}",
                f"p{seat + 1} holds {len(own)} cards; show all of them in the order dealt",
            )
        fresh = []
        for card, held in zip(cards, own):
            if held is not None and card is not None and card != held:
                raise IllegalActionError(
                    f"p{seat + 1} sm {format_cards(cards)}",
                    f"p{seat + 1} holds {format_cards(own)}, not {format_cards(cards)}",
                )
            if held is None and card is not None:
                fresh.append(card)
        for card in fresh:
            if not self.deck.is_unseen(card) or fresh.count(card) > 1:
                raise IllegalActionError(
                    f"p{seat + 1} sm {format_cards(cards)}", f"{card} is already elsewhere in this hand"
                )

    def _show_or_muck(self, action: Action, seat: int | None) -> None:
        if seat is None:
            seat = self.actor
        label = _label(action, seat)
        if seat is None or seat not in self.live_seats():
            raise IllegalActionError(label, f"{_seat(seat)} is not in the hand")
        if self.phase is PhaseKind.SHOWDOWN:
            if not self._show_queue or self._show_queue[0] != seat:
                raise IllegalActionError(label, f"out of turn at showdown ({self._waiting_for()})", ("sm",))
            if action.cards is None and len(self.live_seats()) <= 1:
                raise IllegalActionError(label, "the last seat in the hand cannot muck")
            if action.cards is not None and None in action.cards:
                raise IllegalActionError(label, "a hand is shown in full: name every card, not '??'")
            if action.cards is None:
                self.mucked[seat] = True
                self._muck_order.append(seat)
                self._live.remove(seat)
                self.deck.to_muck(self.cards[seat])
                self.events.append(Mucked(seat))
            else:
                self._table(seat, action.cards)
            self._show_queue.pop(0)
            self._skip_uncontested()
            return
        # All-in before the last street: once no more betting can happen, hands may be
        # tabled (TDA 16), but not mucked.
        in_round = self.phase is PhaseKind.BETTING and (
            bool(self._open_candidates) or not self.round or not self.round.over
        )
        if in_round or not self.betting_closed() or self.phase in (PhaseKind.COMPLETE, PhaseKind.SETTLEMENT):
            raise IllegalActionError(
                label, "cards are shown only at showdown, or once an all-in has closed the betting for the hand"
            )
        if action.cards is None:
            raise IllegalActionError(label, "a hand cannot be mucked before the showdown")
        if None in action.cards:
            raise IllegalActionError(label, "a tabled hand is shown in full: name every card, not '??'")
        self._table(seat, action.cards)

    def _enter_settlement(self) -> None:
        awards: list[PotAwarded] = []
        for index, pot in enumerate(self.pots()):
            claimants = pot.eligible if len(pot.eligible) == 1 else self._claimants(pot)
            if len(claimants) == 1:
                awards.append(PotAwarded(index, "uncontested", ((claimants[0], pot.amount),)))
            elif claimants:
                awards.extend(
                    award_pot(index, pot.amount, claimants, self.rules.shares, self._cards_for, self.rules.odd_chip)
                )
        for award in awards:
            for seat, amount in award.amounts:
                self.stacks[seat] += amount
        self.contributed = [0] * self.seats  # paid out: the pots are empty now
        self.events.extend(awards)
        self.result = HandResult(
            stacks=tuple(self.stacks),
            net=tuple(s - t for s, t in zip(self.stacks, self.starting_stacks)),
            awards=tuple(awards),
        )
        self.events.append(HandEnded(tuple(self.stacks)))

    def _cards_for(self, seat: int) -> list[Card]:
        cards = self.cards[seat] + self.community
        if any(c is None for c in cards):
            raise HandError(f"p{seat + 1}'s cards are not all known, so the pot cannot be settled")
        return [c for c in cards if c is not None]

    def _enter_complete(self) -> None:
        pass

    def _why_refused(self, action: Action, legal: list[LegalAction]) -> str:
        kinds = {option.kind for option in legal}
        if action.kind not in kinds:
            if action.kind is ActionKind.FOLD and ActionKind.CHECK_CALL in kinds:
                return "there is nothing to call, so check instead of folding"
            if action.kind is ActionKind.COMPLETE_BET_RAISE:
                rnd = self.round
                if (
                    rnd is not None
                    and rnd.opened
                    and rnd.rules.raise_cap is not None
                    and rnd.raises >= rnd.rules.raise_cap
                ):
                    return f"the betting is capped ({rnd.rules.raise_cap} raises after the bet)"
                return "this seat may not bet or raise now"
            if action.kind is ActionKind.BRING_IN:
                return "the bring-in is not due from this seat"
            return f"{action.kind.value} is not allowed now"
        amounts = [str(o) for o in legal if o.kind is action.kind]
        return f"the amount must be one of: {', '.join(amounts)}"


def _label(action: Action, seat: int | None) -> str:
    return f"p{seat + 1} {action}" if seat is not None else str(action)


def _seat(seat: int | None) -> str:
    return "nobody" if seat is None else f"p{seat + 1}"


def _check_stakes(stakes: Stakes, variant: Variant, stacks: Sequence[int]) -> None:
    if not variant.min_players <= len(stacks) <= variant.max_players:
        raise StakesError(
            f"{variant.name} seats {variant.min_players} to {variant.max_players} players, not {len(stacks)}"
        )
    if any(not isinstance(s, int) or s <= 0 for s in stacks):
        raise StakesError(
            "every stack must be a whole number of the smallest unit above 0 (a seat with no chips is not dealt in)"
        )
    if stakes.ante < 0 or stakes.bring_in < 0:
        raise StakesError("the ante and the bring-in must not be negative")
    if not 0 < stakes.small_bet < stakes.big_bet:
        raise StakesError(
            f"the small bet ({stakes.small_bet}) must be positive and below the big bet ({stakes.big_bet})"
        )
    if any(street.bring_in for street in variant.streets) and not 0 < stakes.bring_in < stakes.small_bet:
        raise StakesError(
            f"the bring-in ({stakes.bring_in}) must be more than 0 and less than the small bet ({stakes.small_bet})"
        )
