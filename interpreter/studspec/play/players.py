"""Built-in players: simple automata that choose among the legal actions.

They exist so that a rule book can be played and simulated without people: every choice
comes from ``legal_actions()``, so whatever they do is legal by construction, and all
randomness comes from the ``random.Random`` they are given.
"""

from __future__ import annotations

import random
from enum import Enum, unique
from typing import Protocol

from studspec.engine import hot
from studspec.engine.actions import (
    CARD_DECISIONS,
    Action,
    ActionKind,
    Declaration,
    LegalAction,
    bet_to,
    declare,
    show,
    spelled,
)
from studspec.engine.core import pot_size
from studspec.engine.hand import Hand
from studspec.engine.shares import Holding
from studspec.engine.views import own_known
from studspec.engine.wild_now import field_spec, spec_for
from studspec.engine.wild_ranking import WildSpec

from .card_choices import decision_of, random_choice, sensible_choice
from .strength import equity, natural_equity, share_chances

# Read at every decision: the hot path's enum constants (why: studspec.engine.hot).
_CBR, _CALL, _FOLD, _BRING_IN = hot.COMPLETE_BET_RAISE, hot.CHECK_CALL, hot.FOLD, hot.BRING_IN
_PAY, _DECLINE, _DECLARE, _SHOW_MUCK = hot.PAY, hot.DECLINE, hot.DECLARE, hot.SHOW_MUCK
_PLAIN: dict[ActionKind, Action] = {
    kind: Action(kind)
    for kind in ActionKind
    if kind is not ActionKind.COMPLETE_BET_RAISE and (kind not in CARD_DECISIONS or kind is ActionKind.DISCARD)
}
"""The action of each kind that carries nothing but its kind (actions are immutable: shared)."""


def as_action(choice: LegalAction, amount: int | None = None) -> Action:
    """Turn a legal choice into the action that takes it (``cbr`` at ``amount`` or its minimum;
    a card decision naming the first cards it must, the least it can be: the players choose
    their cards in :mod:`.card_choices`)."""
    kind = choice.kind
    if kind is _CBR:
        assert choice.minimum is not None
        return bet_to(choice.minimum if amount is None else amount)
    if kind in CARD_DECISIONS:
        assert choice.minimum is not None
        return Action(kind, cards=tuple(choice.cards[: choice.minimum]) or None)
    if choice.declaration is None:
        return _PLAIN[kind]
    return Action(kind, declaration=choice.declaration)


class Player(Protocol):
    def choose(self, hand: Hand, seat: int, legal: list[LegalAction]) -> Action: ...


class RandomPlayer:
    """Picks a legal action at random, with weights that keep hands going: folds when
    facing a bet now and then, bets or raises sometimes, otherwise checks or calls."""

    def __init__(self, rng: random.Random, fold: float = 0.15, aggression: float = 0.2) -> None:
        self.rng = rng
        self.fold = fold
        self.aggression = aggression

    def choose(self, hand: Hand, seat: int, legal: list[LegalAction]) -> Action:
        by_kind: dict[ActionKind, list[LegalAction]] = {}
        for choice in legal:
            by_kind.setdefault(choice.kind, []).append(choice)
        roll = self.rng.random()
        for no in (ActionKind.FOLD, ActionKind.DECLINE):
            if no in by_kind and roll < self.fold:
                return as_action(by_kind[no][0])
        raises = by_kind.get(ActionKind.COMPLETE_BET_RAISE)
        if raises and self.rng.random() < self.aggression:
            choice = self.rng.choice(raises)
            assert choice.minimum is not None and choice.maximum is not None
            return as_action(choice, self.rng.randint(choice.minimum, choice.maximum))
        for kind in (ActionKind.BRING_IN, ActionKind.CHECK_CALL, ActionKind.PAY):
            if kind in by_kind:
                return as_action(by_kind[kind][0])
        if decision_of(legal) is not None:  # a card decision: random cards, legal by construction
            return random_choice(hand, seat, legal, self.rng)
        return as_action(self.rng.choice(legal))


def _known_spec(hand: Hand, seat: int) -> WildSpec | None:
    """What the seat may know is wild in its hand: all of it, but in a blind book a wild rank
    of its own (read from its face-down cards) is unknown, so only the table's wild cards."""
    if hand.variant.no_peek and hand.rules.wild.per_player is not None:
        return field_spec(hand)
    return spec_for(hand, seat)


class RuleBasedPlayer:
    """Plays by hand strength, for any rule book, so that simulated hands look like poker.

    Strength is the seat's expected share of the pot against the players still in
    (:func:`studspec.play.strength.equity`: percentiles of the rule book's own rankings, hi and
    lo alike). It bets or raises strong hands, checks or calls when the price is right
    (the pot odds), folds weak hands facing a bet, and now and then bluffs or calls light
    (``looseness``) so that it cannot be read perfectly. It looks only at what its seat may
    see: its own cards, the community card, how many players are in, the pot.
    """

    def __init__(
        self,
        rng: random.Random,
        *,
        bet_at: float = 0.45,
        raise_at: float = 0.6,
        looseness: float = 0.05,
        price_margin: float = 1.25,
    ) -> None:
        self.rng = rng
        self.bet_at = bet_at
        self.raise_at = raise_at
        self.looseness = looseness
        self.price_margin = price_margin
        """Calls when equity beats the pot odds by this factor (a call is not the last bet)."""
        self.swing_at = 0.7
        """Hi-lo declare: declares both only with at least this chance of winning each share."""

    def strength(self, hand: Hand, seat: int) -> float:
        """The seat's equity now: its own cards and the community card, against those in.

        Players who stay hold better than random hands, so the field counts one opponent
        more than there are; without that the player calls down far too often.
        """
        cards = own_known(hand, seat)  # a blind player knows its up cards only
        wild = _known_spec(hand, seat) if hand.rules.wild.any else None  # spec_for's own test, first
        if wild is None and not hand.community and None not in cards:
            plain = natural_equity(hand.variant, cards, len(hand.live))  # type: ignore[arg-type]  # no None
            if plain is not None:
                return plain
        holding = Holding.known(cards, hand.faces[seat], hand.community, wild)
        return equity(hand.variant, holding, len(hand.live), field_spec(hand))

    def declaration(self, hand: Hand, seat: int) -> Declaration:
        """Declare (docs/rules.md V7): every share the hand is a favourite for when there are
        two or more of them (a swing: a failed one wins nothing), else the one share it is
        likeliest to win (a tie: the high poker share)."""
        holding = Holding.known(own_known(hand, seat), hand.faces[seat], hand.community, _known_spec(hand, seat))
        chances = share_chances(hand.variant, holding, len(hand.live) - 1, field_spec(hand))
        highs = tuple(rule.high for rule, _ in hand.rules.shares)
        strong = [index for index, (_, chance) in enumerate(chances) if chance >= self.swing_at]
        if len(strong) >= 2:
            return spelled(strong, highs)
        best = max(range(len(chances)), key=lambda i: (chances[i][1], chances[i][0].rule.high, -i))
        return spelled((best,), highs)

    def choose(self, hand: Hand, seat: int, legal: list[LegalAction]) -> Action:
        fold = call = bring_in = None
        raises: list[LegalAction] = []
        other = False
        for choice in legal:  # the first of each kind, and every wager: sorted in locals
            kind = choice.kind
            if kind is _CBR:
                raises.append(choice)  # fixed limit's open pair offers two sizes
            elif kind is _CALL:
                call = call or choice
            elif kind is _FOLD:
                fold = fold or choice
            elif kind is _BRING_IN:
                bring_in = bring_in or choice
            else:
                other = True
        if other:
            return self._choose_other(hand, seat, legal, fold, call, bring_in, raises)
        return self._bet(hand, seat, legal, fold, call, bring_in, raises)

    def _choose_other(  # a turn's choices, passed as choose sorted them
        self,
        hand: Hand,
        seat: int,
        legal: list[LegalAction],
        fold: LegalAction | None,
        call: LegalAction | None,
        bring_in: LegalAction | None,
        raises: list[LegalAction],
    ) -> Action:
        """A turn that is not only betting: the showdown, a declaration, a dealt card's price,
        a decision about cards."""
        decision = decision_of(legal)
        if decision is not None:
            return sensible_choice(hand, seat, decision, self.rng)
        kinds = [choice.kind for choice in legal]
        if all(kind is _SHOW_MUCK for kind in kinds):
            return show(tuple(hand.cards[seat]))
        if _DECLARE in kinds:
            return declare(self.declaration(hand, seat))
        pay = next((choice for choice in legal if choice.kind is _PAY), None)
        if pay is not None:
            decline = next((choice for choice in legal if choice.kind is _DECLINE), None)
            return self._answer_price(pay, fold, decline, self.strength(hand, seat), pot_size(hand))
        return self._bet(hand, seat, legal, fold, call, bring_in, raises)

    def _bet(
        self,
        hand: Hand,
        seat: int,
        legal: list[LegalAction],
        fold: LegalAction | None,
        call: LegalAction | None,
        bring_in: LegalAction | None,
        raises: list[LegalAction],
    ) -> Action:
        """Bring in, complete, bet, raise, check, call or fold, by the seat's equity."""
        e = self.strength(hand, seat)
        pot = pot_size(hand)
        loose = self.rng.random() < self.looseness
        if bring_in is not None:
            if raises and (e >= self.bet_at or loose):
                return self._wager(raises, e, pot)
            return as_action(bring_in)
        owed = call.cost if call is not None else 0
        if raises and (e >= (self.raise_at if owed else self.bet_at) or (loose and not owed)):
            return self._wager(raises, e, pot)
        if call is not None and (owed == 0 or e >= self.price_margin * owed / (pot + owed) or loose):
            return as_action(call)
        if fold is not None:
            return as_action(fold)
        return as_action(legal[0])

    def _answer_price(
        self, pay: LegalAction, fold: LegalAction | None, decline: LegalAction | None, e: float, pot: int
    ) -> Action:
        """A dealt card's price: pay to stay in (pay or fold) when the equity beats the pot
        odds, as a call would; buy an extra card when it costs at most half the pot or the
        hand is worth a bet already."""
        if fold is not None:
            worth = e >= self.price_margin * pay.cost / (pot + pay.cost) or self.rng.random() < self.looseness
            return as_action(pay if worth else fold)
        worth = 2 * pay.cost <= pot or e >= self.bet_at
        assert decline is not None, "a price without fold is answered pay or decline"
        return as_action(pay if worth else decline)

    def _wager(self, raises: list[LegalAction], e: float, pot: int) -> Action:
        """Bet or raise: in fixed limit the one size (the big one when strong enough to take
        the open-pair option); with a range, more of the pot the stronger the hand."""
        if len(raises) > 1:
            choice = raises[-1] if e >= self.raise_at else raises[0]
        else:
            choice = raises[0]
        assert choice.minimum is not None and choice.maximum is not None
        if choice.minimum == choice.maximum:
            return as_action(choice)
        fraction = 0.5 + min(0.5, max(0.0, e - self.bet_at))
        amount = choice.minimum + int(pot * fraction)
        return as_action(choice, max(choice.minimum, min(choice.maximum, amount)))


@unique
class PlayerKind(str, Enum):
    """The built-in players, by the name the command line uses."""

    RULES = "rules"
    """Plays by hand strength (:class:`RuleBasedPlayer`)."""
    RANDOM = "random"
    """Any legal action, at random with weights (:class:`RandomPlayer`)."""


def make_player(kind: PlayerKind, rng: random.Random) -> Player:
    """A built-in player of ``kind`` whose every random choice comes from ``rng``."""
    if kind is PlayerKind.RANDOM:
        return RandomPlayer(rng)
    return RuleBasedPlayer(rng)


def play_out(hand: Hand, players: list[Player]) -> Hand:
    """Let ``players`` (one per seat) act until the hand is over."""
    while not hand.is_complete:
        seat = hand.actor
        if seat is None:
            raise RuntimeError(f"the hand waits for something players cannot give ({hand.state})")
        hand.act(players[seat].choose(hand, seat, hand.legal_actions()), seat)
    return hand
