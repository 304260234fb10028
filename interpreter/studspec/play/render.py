"""A hand's event log as a readable hand history, for people.

The log is the dealer's: it shows every card, down cards in brackets, so a decision about
cards reads with the cards it names (``p1 discards [Kc] [Kd]``, ``p2 passes [7h] [8h] [9h]
to p3``, ``p1 turns up 7h``), each bracketed while nobody else may see it.
"""

from __future__ import annotations

from collections.abc import Sequence

from studspec.engine.actions import ActionKind, Declaration, worded
from studspec.engine.blinds import blind_name, blind_round
from studspec.engine.cards import Card
from studspec.engine.events import (
    ActionTaken,
    BettingSkipped,
    BlindPosted,
    BringInDue,
    BurnsReshuffled,
    CardsChosen,
    CardsDealt,
    CardsThrownOut,
    CardsTurned,
    CommunityCardDealt,
    CommunityCardDealtDown,
    CommunityCardTurned,
    DealVoided,
    Declared,
    EventVisitor,
    HandEnded,
    HandKilled,
    IndicatorDealt,
    IndicatorTurned,
    Mucked,
    PotAwarded,
    RollFellShort,
    Showed,
    StreetBegan,
    TriggerFired,
    WildRanksChanged,
)
from studspec.engine.hand import Hand
from studspec.engine.indicators import indicator_words
from studspec.engine.shares import HoleCardShare
from studspec.engine.wild_cards import wild_words
from studspec.rulebook.model import Face

_VERBS = {ActionKind.FOLD: "folds", ActionKind.CHECK_CALL: "checks", ActionKind.DECLINE: "declines"}
"""Actions whose words need no amount (a call with chips added says how many)."""


def _cards(cards: tuple[Card | None, ...], faces: tuple[Face, ...] | None = None) -> str:
    words = []
    for i, card in enumerate(cards):
        text = "??" if card is None else str(card)
        if faces is not None and faces[i] is Face.DOWN:
            text = f"[{text}]"
        words.append(text)
    return " ".join(words)


def _without(held: Sequence[Card | None], named: Sequence[Card | None]) -> list[Card | None]:
    """``held`` less the ``named`` cards (a card the log did not see stands for one named)."""
    rest = list(held)
    for card in named:
        if card in rest:
            rest.remove(card)
        elif None in rest:
            rest.remove(None)
    return rest


def _seats(stacks: Sequence[int]) -> str:
    return ", ".join(f"p{s + 1} {stack}" for s, stack in enumerate(stacks))


def _header(hand: Hand) -> list[str]:
    """The game, its stakes and the starting stacks."""
    stakes = hand.stakes
    bring_in = f", bring-in {stakes.bring_in}" if any(street.bring_in for street in hand.variant.streets) else ""
    if stakes.blinds:
        bring_in = f", blinds {'/'.join(map(str, stakes.blinds))}"
    return [
        f"{hand.variant.title}: ante {stakes.ante}{bring_in}, bets {stakes.small_bet}/{stakes.big_bet}",
        "Seats: " + _seats(hand.starting_stacks),
    ]


def declared_words(hand: Hand, declaration: Declaration) -> str:
    """A declaration as the table says it. In a high-low book ``high``, ``low`` or ``both``,
    ``low`` naming the book's card share where it has one (High Chicago declared: the high
    hand, the spade in the hole, or both) by the name its rule has (the suit and the cards it
    reads: ``high-heart-in-the-hand``); in any other book the numbers with the shares' names:
    ``1+3 (high and high spade in the hole)`` (docs/rules.md V7)."""
    highs = tuple(rule.high for rule, _ in hand.rules.shares)
    if not worded(highs):
        names = [hand.rules.shares[i][0].name.replace("-", " ") for i in declaration.shares(highs)]
        listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
        return f"{declaration.value} ({listed})"
    card = next((rule.name for rule, _ in hand.rules.shares if isinstance(rule, HoleCardShare)), None)
    if card is None or declaration != Declaration.LOW:
        return declaration.value
    return f"low (the {card.replace('-', ' ')})"


class _Story(EventVisitor):
    """The history line by line. Antes and burns are not told: they happen every hand.

    A ``cbr`` reads as "bets", "completes to" or "raises to" by what came before it on the
    street (nothing, the bring-in, or a bet), so the street's level is followed here.
    """

    def __init__(self, hand: Hand) -> None:
        self.lines = _header(hand)
        self.hand = hand
        self.variant = hand.variant
        self.split_pot = len(hand.variant.shares) > 1
        self.level = 0
        self.brought_in = False
        self.street = 0
        self.held: list[list[Card | None]] = [[] for _ in range(hand.seats)]
        """Each seat's cards as the log has told them (a decision names some of them)."""
        self.up: set[Card] = set()
        """The cards dealt or turned face up."""
        self.blind_count = len(hand.stakes.blinds)
        self.blinds = blind_round(hand.variant, hand.stakes)

    def street_began(self, event: StreetBegan) -> None:
        self.level, self.brought_in, self.street = 0, False, event.index
        if self.blinds is not None and event.index == self.blinds.street:  # the blinds are its first bets
            self.level, self.brought_in = self.blinds.level, self.blinds.completed
        self.lines.append(f"*** {event.street} street ***")

    def blind_posted(self, event: BlindPosted) -> None:
        name = blind_name(self.blind_count, event.blind)
        suffix = " (all-in)" if event.all_in else ""
        self.lines.append(f"  p{event.seat + 1} posts the {name} {event.amount}{suffix}")

    def cards_dealt(self, event: CardsDealt) -> None:
        self.held[event.seat].extend(event.cards)
        self.up.update(card for card, face in zip(event.cards, event.faces) if card is not None and face is Face.UP)
        self.lines.append(f"  p{event.seat + 1} is dealt {_cards(event.cards, event.faces)}")

    def _named(self, cards: Sequence[Card | None]) -> str:
        """Cards a decision names, each in brackets while it is face down."""
        return _cards(tuple(cards), tuple(Face.UP if card in self.up else Face.DOWN for card in cards))

    def cards_chosen(self, event: CardsChosen) -> None:
        """A decision about cards, as a person at the table would tell it."""
        seat, action = event.seat, event.action
        named = action.cards or ()
        kind = action.kind
        if kind is ActionKind.TURN_UP:
            self.up.update(card for card in named if card is not None)
            words = f"turns up {self._named(named)}" if named else "turns up nothing"
        elif kind is ActionKind.SET:
            words = f"sets {self._named(named)} / {self._named(_without(self.held[seat], named))}"
        else:
            words = self._gives_up(event)
        self.lines.append(f"  p{seat + 1} {words}")

    def _gives_up(self, event: CardsChosen) -> str:
        """A discard, draw, buy or pass: the cards leave the seat's hand."""
        seat, action = event.seat, event.action
        named = action.cards or ()
        shown = self._named(named)
        self.held[seat] = _without(self.held[seat], named)
        many = f"{len(named)} card" + ("" if len(named) == 1 else "s")
        if action.kind is ActionKind.DECLINE:
            return "declines to buy"
        if action.kind is ActionKind.PASS:
            assert event.to is not None
            self.held[event.to].extend(named)
            return f"passes {shown} to p{event.to + 1}"
        if action.kind is ActionKind.BUY:
            price = f" for {event.paid}" if event.paid else ""
            return f"buys {'a card' if len(named) == 1 else many}{price}, giving up {shown}"
        if not named:
            return "stands pat"
        decisions = {decision.decide for decision in self.variant.streets[self.street].decisions}
        if "draw" in decisions and ("discard" not in decisions or event.paid):
            paid = f" (pays {event.paid})" if event.paid else ""
            return f"discards {shown} and draws {many}{paid}"
        return f"discards {shown}"

    def indicator_dealt(self, event: IndicatorDealt) -> None:
        if event.face is Face.DOWN:
            self.lines.append(f"  indicator card [{_cards((event.card,))}] face down in the middle, to be turned later")
        else:
            self.lines.append(f"  indicator card {_cards((event.card,))} (in no hand: {indicator_words(event.effect)})")

    def indicator_turned(self, event: IndicatorTurned) -> None:
        self.lines.append(f"  indicator card turned: {_cards((event.card,))} ({indicator_words(event.effect)})")

    def cards_turned(self, event: CardsTurned) -> None:
        self.level, self.brought_in = 0, False  # a turn until the best is beaten opens a round of its own
        self.lines.append(f"  p{event.seat + 1} turns up {_cards(event.cards)}")

    def roll_fell_short(self, event: RollFellShort) -> None:
        self.lines.append(
            f"  p{event.seat + 1} turned every card without beating the best hand showing: its hand is dead"
        )

    def cards_thrown_out(self, event: CardsThrownOut) -> None:
        self.lines.append(f"  p{event.seat + 1} throws out {_cards(event.cards)}")

    def hand_killed(self, event: HandKilled) -> None:
        self.lines.append(f"  p{event.seat + 1}'s hand is dead ({_cards((event.card,))})")

    def deal_voided(self, event: DealVoided) -> None:
        self.lines.append(
            f"  p{event.seat + 1}'s {_cards((event.card,))} voids the deal (void {event.count}): every card is "
            "gathered, shuffled and dealt again; the chips stay in the pot"
        )

    def community_card_dealt(self, event: CommunityCardDealt) -> None:
        self.lines.append(f"  community card {_cards((event.card,))} (plays in every hand)")

    def community_card_dealt_down(self, event: CommunityCardDealtDown) -> None:
        self.lines.append(f"  community card [{_cards((event.card,))}] face down in the middle, to be turned later")

    def community_card_turned(self, event: CommunityCardTurned) -> None:
        self.lines.append(f"  community card turned: {_cards((event.card,))} (plays in every hand)")

    def burns_reshuffled(self, event: BurnsReshuffled) -> None:
        self.lines.append(f"  the stub is short: {event.count} burn cards are shuffled back in")

    def bring_in_due(self, event: BringInDue) -> None:
        self.lines.append(f"  p{event.seat + 1} has the bring-in")

    def betting_skipped(self, event: BettingSkipped) -> None:
        self.lines.append("  no betting: fewer than two players can bet")

    def wild_ranks_changed(self, event: WildRanksChanged) -> None:
        self.lines.append(f"  now {wild_words(event.ranks)}")

    def trigger_fired(self, event: TriggerFired) -> None:
        price = "" if event.price is None else f" for {event.price}"
        self.lines.append(f"  p{event.seat + 1}'s {event.card} sets off {event.effect}{price}")

    def action_taken(self, event: ActionTaken) -> None:
        suffix = " (all-in)" if event.all_in else ""
        self.lines.append(f"  p{event.seat + 1} {self._words(event)}{suffix}")

    def _words(self, event: ActionTaken) -> str:
        kind = event.action.kind
        if kind is ActionKind.CHECK_CALL and event.added:
            return f"calls {event.added}"
        if kind is ActionKind.COMPLETE_BET_RAISE:
            verb = "completes to" if self.brought_in else ("raises to" if self.level else "bets")
            self.level, self.brought_in = event.street_total, False
            return f"{verb} {event.street_total}"
        if kind is ActionKind.BRING_IN:
            self.level, self.brought_in = event.street_total, True
            return f"brings in for {event.added}"
        if kind is ActionKind.PAY:
            return f"pays {event.added}"
        return _VERBS.get(kind, str(event.action))

    def declared(self, event: Declared) -> None:
        self.lines.append(f"  p{event.seat + 1} declares {declared_words(self.hand, event.declaration)}")

    def showed(self, event: Showed) -> None:
        self.lines.append(f"  p{event.seat + 1} shows {_cards(event.cards)}")

    def mucked(self, event: Mucked) -> None:
        self.lines.append(f"  p{event.seat + 1} mucks")

    def pot_awarded(self, event: PotAwarded) -> None:
        pot = "main pot" if event.pot == 0 else f"side pot {event.pot}"
        share = f" ({event.share})" if self.split_pot else ""
        how = f" with {event.hand}" if event.hand else ""
        for seat, amount in event.amounts:
            self.lines.append(f"  p{seat + 1} wins {amount} from the {pot}{share}{how}")

    def hand_ended(self, event: HandEnded) -> None:
        self.lines.append("Final stacks: " + _seats(event.stacks))


def render(hand: Hand) -> str:
    """Every deal, action, show and award, street by street; down cards in brackets."""
    story = _Story(hand)
    story.visit(hand.events)
    return "\n".join(story.lines)
