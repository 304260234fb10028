"""How the built-in players choose cards: which to turn up, discard, draw, buy or pass, and
how to set two hands, in any rule book.

A choice is made from what the hand offers (the seat's eligible cards, ``LegalAction.cards``,
and how many it may name) and from the seat's own view, and valued with the book's own
rankings, as the rule-based player values a hand (:mod:`.strength`: the percentile of the
cards under each share's ranking, a share of the pot): so a low game keeps its low cards,
a hi-lo game a blend of both, and nothing here names a game.

- Turn up: the cards that show least by the book's board ranking (the bring-in and the
  first to act read it), so the strongest cards stay hidden; in a low game the high ones show.
- Discard and pass: the cards whose loss leaves the best hand; a pass, among equals, hands
  over the weakest cards.
- Draw and buy: the cards that help least are replaced when the expected gain, in chips of
  the pot, beats the price; a made hand stands pat, a hopeless draw is not paid for.
- Set two hands: the setting the book allows (its own check, :func:`studspec.engine.setting.check`)
  with the best expected share of both halves.

Cheap by design (simulate plays thousands of hands): each candidate is valued once, by the
percentile of the cards it keeps; a one-card draw counts every card it may bring, a larger
draw a small sample. The random player names random cards, legal by construction.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations
from math import comb
from typing import cast

from studspec.engine.actions import CARD_DECISIONS, Action, ActionKind, LegalAction, choose
from studspec.engine.boards import reading
from studspec.engine.cards import FIRST_JOKER, Card
from studspec.engine.choosing import eligible
from studspec.engine.core import pot_size
from studspec.engine.decisions import DecisionRule
from studspec.engine.hand import Hand
from studspec.engine.phases import PhaseKind
from studspec.engine.setting import check
from studspec.engine.shares import Holding, SetHandShare
from studspec.engine.wild_now import field_spec, spec_for
from studspec.rulebook.model import Face

from .strength import equity, natural_equity, natural_key, percentile_of_value, share_strengths

MOST_CANDIDATES = 252
"""The most sets of cards valued one by one (ten cards choose five); beyond it, the cards are
chosen one at a time, the weakest first."""

DRAW_AT_LEAST = 0.02
"""A draw must raise the seat's expected share of the pot by this much, whatever its price: a
made hand stands pat rather than throw a card for a sliver of a chance."""

DRAW_SAMPLES = 24
"""Replacement cards sampled for a draw of more than one card (one card: every card it may
be, those alike to the hand valued once)."""

DRAW_SETS = 3
"""A draw of more than one card weighs the sets of cards whose loss leaves the best hands, this
many (a one-card draw weighs every card)."""

_DECLINE = Action(ActionKind.DECLINE)
_STAND_PAT = Action(ActionKind.DISCARD)

BoardValue = Callable[[Sequence[Card]], int]
"""How much a board shows (larger: more)."""

Key = tuple[float, tuple[int, ...]]
"""How good a set of cards is to its seat: its share of the pot, then each share's raw value
(percentiles from a sample tie where the rankings do not)."""


class Judge:
    """What cards are worth to one seat now: its expected share of the pot with them, against
    the players still in (:func:`studspec.play.strength.equity`, the book's shares, its wild
    cards as they are now for the seat)."""

    __slots__ = ("community", "field", "natural", "rivals", "rules", "variant", "wild")

    def __init__(self, hand: Hand, seat: int) -> None:
        self.variant = hand.variant
        self.wild = spec_for(hand, seat) if hand.rules.wild.any else None
        self.field = field_spec(hand)
        self.community = tuple(card for card in hand.community if card is not None)
        self.rivals = max(1, len(hand.live) - 1)
        self.natural = self.wild is None and not self.community and natural_equity(self.variant, (), 1) is not None
        self.rules = [share.rule for share in share_strengths(self.variant)]

    def worth(self, cards: Sequence[Card], faces: Sequence[Face]) -> float:
        """The seat's expected share of the pot holding ``cards`` (dealt ``faces``)."""
        if self.natural:
            value = natural_equity(self.variant, cards, self.rivals)
            assert value is not None  # natural: every share a poker hand
            return value
        holding = Holding(tuple(cards), tuple(faces), self.community, self.wild)
        return equity(self.variant, holding, self.rivals, self.field)

    def key(self, cards: Sequence[Card], faces: Sequence[Face]) -> Key:
        """:meth:`worth`, then each share's own score, for the ties of the percentile tables."""
        if not cards:
            return 0.0, ()
        if self.natural:
            key = natural_key(self.variant, cards, self.rivals)
            assert key is not None  # natural: every share a poker hand
            return key
        holding = Holding(tuple(cards), tuple(faces), self.community, self.wild)
        raw = tuple(-1 if score is None else score for score in (rule.score(holding) for rule in self.rules))
        return self.worth(cards, faces), raw


def own_cards(hand: Hand, seat: int) -> list[Card]:
    """The seat's cards, every one known to it: a built-in player plays a hand it was dealt."""
    cards = hand.cards[seat]
    if None in cards:
        raise ValueError(f"p{seat + 1} does not know its own cards: a built-in player cannot choose among them")
    return cast(list[Card], cards)


def decision_of(legal: Iterable[LegalAction]) -> LegalAction | None:
    """The card decision among a turn's choices (a buy comes with ``decline``), if any."""
    return next((choice for choice in legal if choice.kind in CARD_DECISIONS), None)


def sensible_choice(hand: Hand, seat: int, choice: LegalAction, rng: random.Random) -> Action:
    """The rule-based player's answer to a card decision (module docstring)."""
    rule: DecisionRule = hand.phase.rule
    kind = rule.kind
    if kind is PhaseKind.SET_HANDS:
        return _set_hands(hand, seat, choice)
    if kind is PhaseKind.TURN_UP:
        return _turn_up(hand, seat, choice)
    if kind is PhaseKind.DRAW or kind is PhaseKind.BUY:
        return _draw(hand, seat, choice, rule, rng)
    count = _count(choice)
    if count == 0:
        return choose(choice.kind, ())  # keeping every card keeps the best hand
    judge = Judge(hand, seat)
    cards = own_cards(hand, seat)
    out = weakest(judge, cards, hand.faces[seat], eligible(hand, seat, rule), count, kind is PhaseKind.PASS)
    return choose(choice.kind, tuple(cards[p] for p in out))


def _count(choice: LegalAction) -> int:
    """As few cards as the choice allows: more cards never make a worse hand, and a card kept
    down shows nothing (a bare ``sd``, ``up`` or ``pass`` names none where the book allows)."""
    assert choice.minimum is not None
    return choice.minimum


def _candidates(positions: Sequence[int], count: int) -> Iterable[tuple[int, ...]] | None:
    """Every set of ``count`` of ``positions``, or ``None`` when there are too many to value."""
    if comb(len(positions), count) > MOST_CANDIDATES:
        return None
    return combinations(positions, count)


def kept_key(judge: Judge, cards: Sequence[Card], faces: Sequence[Face], out: tuple[int, ...]) -> Key:
    """How good the seat's hand is without the cards at ``out``."""
    kept = [p for p in range(len(cards)) if p not in out]
    return judge.key([cards[p] for p in kept], [faces[p] for p in kept])


def weakest(
    judge: Judge,
    cards: Sequence[Card],
    faces: Sequence[Face],
    positions: Sequence[int],
    count: int,
    gift: bool = False,
) -> tuple[int, ...]:
    """The ``count`` of ``positions`` whose cards help the seat least: those whose loss leaves
    the best hand (:func:`kept_key`); with ``gift`` (a pass), among sets that leave hands of
    equal worth, the one that hands over the weakest cards."""
    ranked = ranked_removals(judge, cards, faces, positions, count, keep=MOST_CANDIDATES if gift else 1)
    if not gift or len(ranked) == 1:
        return ranked[0][1]
    top = ranked[0][0][0]
    equal = [(key, out) for key, out in ranked if key[0] == top]

    def handed_over(entry: tuple[Key, tuple[int, ...]]) -> tuple[float, Key]:
        key, out = entry
        return -judge.worth([cards[p] for p in out], [faces[p] for p in out]), key

    return max(equal, key=handed_over)[1]


def ranked_removals(
    judge: Judge,
    cards: Sequence[Card],
    faces: Sequence[Face],
    positions: Sequence[int],
    count: int,
    keep: int = 1,
) -> list[tuple[Key, tuple[int, ...]]]:
    """The ``keep`` best sets of ``count`` cards to give up, best first, each with the
    :func:`kept_key` of what stays; one card at a time when there are too many sets to value."""
    sets = _candidates(positions, count)
    if sets is not None:
        keyed = [(kept_key(judge, cards, faces, out), out) for out in sets]
        keyed.sort(key=lambda entry: entry[0], reverse=True)  # stable: equal sets in position order
        return keyed[:keep]
    out: tuple[int, ...] = ()
    for _ in range(count):  # too many sets: the card that helps least, then the next
        rest = [p for p in positions if p not in out]
        out = max(((*out, p) for p in rest), key=lambda more: kept_key(judge, cards, faces, more))
    return [(kept_key(judge, cards, faces, out), out)]


def _turn_up(hand: Hand, seat: int, choice: LegalAction) -> Action:
    """The cards whose showing shows least by the book's board ranking; among equal boards,
    the ones that leave the strongest cards hidden (valued only when boards tie)."""
    count = _count(choice)
    if count == 0:
        return choose(ActionKind.TURN_UP, ())
    positions = eligible(hand, seat, hand.phase.rule)
    cards, faces = own_cards(hand, seat), hand.faces[seat]
    board = [card for card in hand.boards[seat] if card is not None]
    show = board_value(hand)
    sets = _candidates(positions, count)
    if sets is None:  # too many to value: the cards that show least, one by one
        up = sorted(positions, key=lambda p: show([cards[p]]))[:count]
        return choose(ActionKind.TURN_UP, tuple(cards[p] for p in up))
    shows = [(show(board + [cards[p] for p in up]), up) for up in sets]
    least = min(value for value, _ in shows)
    ties = [up for value, up in shows if value == least]
    if len(ties) > 1:
        judge = Judge(hand, seat)

        def hidden(up: tuple[int, ...]) -> Key:
            kept = [p for p in positions if p not in up]
            return judge.key([cards[p] for p in kept], [faces[p] for p in kept])

        ties = [max(ties, key=hidden)]
    return choose(ActionKind.TURN_UP, tuple(cards[p] for p in ties[0]))


def board_value(hand: Hand) -> BoardValue:
    """How the book ranks a board now (its first-to-act ranking, wild cards read as the book
    reads them on the board): larger shows more."""
    ranking = hand.rules.board
    read = reading(hand)
    if read is None:
        return ranking.value
    evaluator = read.evaluator(ranking)

    def value(board: Sequence[Card]) -> int:
        return evaluator.value([card for card in read.cards(board) if card is not None])

    return value


def unseen(hand: Hand, seat: int) -> list[Card]:
    """The cards the seat has not seen: the deck but its own cards, every up card, the
    community cards (a replacement may be any of them, as far as the seat knows). On a
    double deck a card seen once still has its other copy unseen."""
    seen = [card for card in hand.cards[seat] if card is not None]
    seen.extend(card for board in hand.boards for card in board if card is not None)
    seen.extend(card for card in hand.community if card is not None)
    if hand.rules.copies == 1:
        known = set(seen)
        return [card for card in hand.rules.deck_cards if card not in known]
    left = list(hand.rules.deck_cards)
    for card in seen:
        if card in left:
            left.remove(card)
    return left


def _draw(hand: Hand, seat: int, choice: LegalAction, rule: DecisionRule, rng: random.Random) -> Action:
    """Draw or buy: the replacement that gains most, in chips of the pot (and a bet to come),
    over its price; standing pat (or declining) when none gains."""
    assert choice.minimum is not None and choice.maximum is not None
    judge = Judge(hand, seat)
    cards, faces = own_cards(hand, seat), hand.faces[seat]
    positions = eligible(hand, seat, rule)
    stake = pot_size(hand) + hand.stakes.big_bet
    stand = judge.worth(cards, faces)
    buying = choice.kind is ActionKind.BUY
    least = 0 if buying else choice.minimum
    pool = unseen(hand, seat)
    best: tuple[float, tuple[int, ...]] | None = (0.0, ()) if least == 0 else None
    for count in range(max(least, 1), min(choice.maximum, len(pool)) + 1):
        for out in _draw_candidates(judge, cards, faces, positions, count):
            expected = _expected(judge, cards, faces, out, rule, pool, rng)
            gain = (expected - stand) * stake - choice.cost * count
            if expected - stand < DRAW_AT_LEAST and least == 0:
                continue  # a made hand: standing pat is as good
            if best is None or gain > best[0]:
                best = (gain, out)
    out = () if best is None else best[1]
    if not out:
        return _DECLINE if buying else _STAND_PAT
    return choose(choice.kind, tuple(cards[p] for p in out))


def _draw_candidates(
    judge: Judge, cards: Sequence[Card], faces: Sequence[Face], positions: Sequence[int], count: int
) -> list[tuple[int, ...]]:
    """The cards a draw of ``count`` may throw: any one card (a one-card draw may keep a
    straight or flush draw rather than a high card), or the sets that leave the best hands."""
    if count == 1:
        return [(p,) for p in positions]
    return [out for _, out in ranked_removals(judge, cards, faces, positions, count, keep=DRAW_SETS)]


def _expected(
    judge: Judge,
    cards: Sequence[Card],
    faces: Sequence[Face],
    out: tuple[int, ...],
    rule: DecisionRule,
    pool: list[Card],
    rng: random.Random,
) -> float:
    """The seat's worth after replacing the cards at ``out``, on average over what it may draw:
    for one card, every card it may be (cards alike to the hand valued once); for more, a sample."""
    kept = [cards[p] for p in range(len(cards)) if p not in out]
    kept_faces = [faces[p] for p in range(len(cards)) if p not in out]
    new_faces = kept_faces + [rule.replacement or faces[p] for p in out]
    worth = judge.worth
    if len(out) == 1:
        trial = [*kept, pool[0]]
        total = 0.0
        for card, alike in _alike(kept, pool) if judge.natural else ((card, 1) for card in pool):
            trial[-1] = card
            total += alike * worth(trial, new_faces)
        return total / len(pool)
    draws = [rng.sample(pool, len(out)) for _ in range(DRAW_SAMPLES)]
    return sum(worth(kept + drawn, new_faces) for drawn in draws) / len(draws)


def _alike(kept: Sequence[Card], pool: Sequence[Card]) -> list[tuple[Card, int]]:
    """The cards of ``pool`` in classes that value alike beside ``kept``, one card and the
    class's size each: with no wild card, a card's suit counts only in a suit ``kept`` holds
    four of (a flush needs five), so the others are alike by rank."""
    held = [0, 0, 0, 0]
    for card in kept:
        if card < FIRST_JOKER:
            held[card & 3] += 1
    classes: dict[int, list[Card]] = {}
    for card in pool:
        suit = card & 3
        key = card if card >= FIRST_JOKER or held[suit] >= 4 else -1 - (card >> 2)
        classes.setdefault(key, []).append(card)
    return [(alike[0], len(alike)) for alike in classes.values()]


def _set_hands(hand: Hand, seat: int, choice: LegalAction) -> Action:
    """The setting the book allows whose two hands make the best expected share of the pot."""
    assert choice.minimum is not None
    cards = own_cards(hand, seat)
    best: tuple[tuple[float, tuple[int, ...]], tuple[int, ...]] | None = None
    for first in combinations(eligible(hand, seat, hand.phase.rule), choice.minimum):
        if check(hand, seat, first) is not None:
            continue  # the book's own check: the first hand must outrank, down cards in each
        key = _set_key(hand, seat, first)
        if best is None or key > best[0]:
            best = (key, first)
    first = best[1] if best is not None else tuple(range(choice.minimum))  # none legal: the hand says why
    return choose(ActionKind.SET, tuple(cards[p] for p in first))


def _set_key(hand: Hand, seat: int, first: tuple[int, ...]) -> tuple[float, tuple[int, ...]]:
    """Each share that reads a set hand: its chance (a percentile to the power of the rivals,
    none for a low that cannot qualify), weighted; then the raw values.

    The larger hand is measured against hands of all the cards a seat holds (a rival's big
    hand is about the best five of its seven), the smaller against hands of its own size (a
    rival's small hand is what is left): against random five-card hands a flush and a
    deuce-trey would look no better than ace-high and king-nine."""
    cards = own_cards(hand, seat)
    parts = ([cards[p] for p in first], [card for p, card in enumerate(cards) if p not in first])
    community = [card for card in hand.community if card is not None]
    wild = Holding((), (), (), spec_for(hand, seat)) if hand.rules.wild.any else Holding((), ())
    rivals = max(1, len(hand.live) - 1)
    shares = hand.rules.shares
    total, raw = 0.0, []
    for rule, qualifier in shares:
        if not isinstance(rule, SetHandShare):
            continue  # a share of the whole hand: the same whatever the setting
        played = parts[rule.index] + community
        against = len(cards) + len(community) if len(parts[rule.index]) == max(map(len, parts)) else len(played)
        evaluator = rule.ranking_for(wild)
        value = evaluator.value(played)
        raw.append(value)
        if qualifier is not None and len(played) >= 5 and not rule.qualifies(value, qualifier):
            continue
        total += percentile_of_value(evaluator, value, min(against, 7)) ** rivals / len(shares)
    return total, tuple(raw)


def random_choice(hand: Hand, seat: int, legal: list[LegalAction], rng: random.Random) -> Action:
    """The random player's answer: a random legal set of cards (a buy: half the time none);
    a setting of two hands at random among those the book allows."""
    choice = decision_of(legal)
    assert choice is not None and choice.minimum is not None and choice.maximum is not None
    if choice.kind is ActionKind.SET:
        settings = list(combinations(eligible(hand, seat, hand.phase.rule), choice.minimum))
        rng.shuffle(settings)
        first = next((s for s in settings if check(hand, seat, s) is None), settings[0])
        return choose(ActionKind.SET, tuple(hand.cards[seat][p] for p in first))
    if any(option.kind is ActionKind.DECLINE for option in legal) and rng.random() < 0.5:
        return _DECLINE
    least = max(choice.minimum, 1) if choice.kind is ActionKind.BUY else choice.minimum  # no card: decline
    count = rng.randint(min(least, choice.maximum), choice.maximum)
    return choose(choice.kind, tuple(rng.sample(choice.cards, count)))
