"""The table as one seat sees it, in a terminal: cards, stacks, the pot, what happened.

Everything shown to the person at the table goes through :meth:`Hand.view` or through
events filtered for that seat, so the terminal can never show another player's down card
before it is shown at the showdown. Suits are symbols, hearts and diamonds red, when the
terminal can show them; plain letters and no colour otherwise (a pipe, a log, a test).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

from studspec.engine.actions import ActionKind, LegalAction, worded
from studspec.engine.blinds import blind_name, blind_round
from studspec.engine.cards import RANK_LETTERS, SUIT_SYMBOLS, Card, Suit
from studspec.engine.choosing import eligible
from studspec.engine.decisions import DecisionRule
from studspec.engine.events import (
    ActionTaken,
    AntePosted,
    BettingSkipped,
    BlindPosted,
    BringInDue,
    BurnsReshuffled,
    CardBurned,
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
from studspec.engine.hand import Hand, TableView
from studspec.engine.indicators import indicator_words
from studspec.engine.passing import receiver
from studspec.engine.phases import PhaseKind
from studspec.engine.shares import Holding
from studspec.engine.wild_cards import wild_words
from studspec.engine.wild_now import spec_for, table_ranks
from studspec.rulebook.model import Face
from studspec.rulebook.options import TRIGGER_EFFECT_TRAITS
from studspec.terminal import printable

from .render import declared_words
from .strength import describe_best

_RED = "\033[31m"
_BOLD = "\033[1m"
_RESET = "\033[0m"


@dataclass(frozen=True)
class Style:
    """How cards and highlights are drawn: suit symbols and colour, each on or off."""

    symbols: bool = False
    color: bool = False

    def card(self, card: Card | None, face: Face | None = None) -> str:
        """A card for people; ``??`` for one the viewer may not see; ``[..]`` when face down."""
        if card is None:
            text = "??"
        elif self.symbols:
            rank = "10" if card.rank == 8 else RANK_LETTERS[card.rank]
            text = rank + SUIT_SYMBOLS[card.suit]
            if self.color and card.suit in (Suit.HEARTS, Suit.DIAMONDS):
                text = f"{_RED}{text}{_RESET}"
        else:
            text = str(card)
        return f"[{text}]" if face is Face.DOWN else text

    def cards(self, cards: Sequence[Card | None], faces: Sequence[Face] | None = None) -> str:
        return " ".join(self.card(c, faces[i] if faces is not None else None) for i, c in enumerate(cards))

    def bold(self, text: str) -> str:
        return f"{_BOLD}{text}{_RESET}" if self.color else text


def detect_style(stream: TextIO, color: str = "auto") -> Style:
    """Symbols when the stream's encoding can write them; colour when ``color`` is
    ``always``, or ``auto`` on a terminal that is not ``TERM=dumb`` without ``NO_COLOR``."""
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        SUIT_SYMBOLS.encode(encoding)
        symbols = True
    except (UnicodeEncodeError, LookupError):
        symbols = False
    if color == "always":
        colored = True
    elif color == "never":
        colored = False
    else:
        isatty = getattr(stream, "isatty", lambda: False)
        colored = bool(isatty()) and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"
    return Style(symbols=symbols, color=colored)


def _count(number: int) -> str:
    return f"{number} card" + ("" if number == 1 else "s")


def seat_name(seat: int, viewer: int | None) -> str:
    return f"p{seat + 1}" + (" (you)" if seat == viewer else "")


def describe_choice(hand: Hand, seat: int, choice: LegalAction) -> str:
    """What a legal choice does, in words: "call 200", "complete to 400", "raise to 800..1600"."""
    stack = hand.stacks[seat]
    all_in = " (all-in)" if choice.cost >= stack and choice.kind is not ActionKind.FOLD else ""
    if choice.kind is ActionKind.FOLD:
        return "fold"
    if choice.kind is ActionKind.CHECK_CALL:
        return (f"call {choice.cost}" if choice.cost else "check") + all_in
    if choice.kind is ActionKind.BRING_IN:
        return f"bring in for {choice.cost}" + all_in
    if choice.kind is ActionKind.SHOW_MUCK:
        return "show or muck"
    if choice.kind is ActionKind.DECLARE and choice.declaration is not None:
        if worded(choice.highs):
            return f"declare {choice.declaration.value}"
        return f"declare {declared_words(hand, choice.declaration)}"  # the shares by name: 1+3 (high and ...)
    if choice.kind is ActionKind.PAY:
        return f"pay {choice.cost} for the card's rule" + all_in
    if choice.kind is ActionKind.DECLINE:
        return "decline: no extra card"
    rnd = hand.round
    if rnd is not None and (rnd.bring_in_seat == seat or (rnd.level > 0 and not rnd.opened)):
        verb = "complete to"
    elif rnd is None or rnd.level == 0:
        verb = "bet"
    else:
        verb = "raise to"
    if choice.minimum == choice.maximum:
        return f"{verb} {choice.minimum}{all_in}"
    return f"{verb} any amount from {choice.minimum} to {choice.maximum} (type cbr AMOUNT)"


def _cards(low: int, high: int) -> str:
    """How many cards, in words: "1 card", "2 cards", "0-1 cards"."""
    count = str(low) if low == high else f"{low}-{high}"
    return f"{count} card" + ("" if count == "1" else "s")


def describe_decision(hand: Hand, seat: int, choice: LegalAction) -> str:
    """What a decision about cards asks of the seat, in words: "discard 2 cards", "turn up 1
    card", "pass 3 cards to p2", "draw 0-1 cards (400 a card)", "buy a card for 800 or decline",
    "set your 5-card hand"."""
    rule: DecisionRule = hand.phase.rule
    low, high = choice.minimum or 0, choice.maximum or 0
    kind = rule.kind
    if kind is PhaseKind.TURN_UP:
        return f"turn up {_cards(low, high)}"
    if kind is PhaseKind.PASS:
        return f"pass {_cards(low, high)} to p{receiver(hand.live, seat, rule.step) + 1}"
    if kind is PhaseKind.DRAW:
        price = f"{choice.cost} a card" if choice.cost else "free"
        return f"draw {_cards(low, high)} ({price}); sd alone stands pat"
    if kind is PhaseKind.BUY:
        what = "a card" if high == 1 else f"{_cards(1, high)} ({choice.cost} each)"
        return f"buy {what} for {choice.cost} or decline" if high == 1 else f"buy {what} or decline"
    if kind is PhaseKind.SET_HANDS:
        return _setting(rule)
    return f"discard {_cards(low, high)}"


def _setting(rule: DecisionRule) -> str:
    """A setting of two hands, with the book's rules for them."""
    first, second = rule.hands
    rules = [f"the other {second} make your {second}-card hand"]
    if rule.first_outranks:
        rules.append(f"the {first}-card hand must outrank the {second}-card hand")
    if rule.down_in_each:
        rules.append(f"each hand holds at least {rule.down_in_each} down card" + "s" * (rule.down_in_each > 1))
    return f"set your {first}-card hand ({'; '.join(rules)})"


def card_menu(hand: Hand, seat: int, style: Style) -> str:
    """The cards the seat may name, numbered from 1 (``[..]`` when face down)."""
    cards, faces = hand.cards[seat], hand.faces[seat]
    positions = eligible(hand, seat, hand.phase.rule)
    return "  ".join(f"{number} {style.card(cards[p], faces[p])}" for number, p in enumerate(positions, 1))


def render_table(hand: Hand, view: TableView, style: Style) -> str:
    """The table from ``view.viewer``'s seat: the street, the pot, each seat's cards."""
    pots = [p.amount for p in view.pots]
    pot = f"pot {sum(pots)}"
    if len(pots) > 1 and any(s.all_in for s in view.seats):
        # Mid-round, unequal bets also make levels; side pots matter once someone is all-in.
        pot += f" (main {pots[0]}, side {', '.join(map(str, pots[1:]))})"
    street = f"{view.street} street" if view.street else view.phase
    actor = f" · to act: {seat_name(view.actor, view.viewer)}" if view.actor is not None else ""
    lines = [style.bold(f"{printable(hand.variant.title)} · {street} · {pot}{actor}")]
    width = max(len(seat_name(s.seat, view.viewer)) for s in view.seats)
    for s in view.seats:
        mark = "→" if s.seat == view.actor else " "
        name = seat_name(s.seat, view.viewer).ljust(width)
        if s.folded:
            lines.append(f" {mark} {name}  {s.stack:>8}  {'':>6}  folded")
            continue
        bet = str(s.bet) if s.bet else ""
        cards = style.cards(s.cards, s.faces)
        note = " all-in" if s.all_in else ""
        if s.seat == view.viewer:
            holding = Holding.known(s.cards, s.faces, view.community, spec_for(hand, s.seat))
            best = describe_best(hand.variant, holding)
            note += ("   " + " / ".join(best)) if best else ""
        lines.append(f" {mark} {name}  {s.stack:>8}  {bet:>6}  {cards}{note}")
    if view.community:
        down = len(view.community) - len(hand.community)
        later = f"; {down} face down, to be turned" if down else ""
        lines.append(f"   community: {style.cards(view.community)} (plays in every hand{later})")
    if view.indicators:
        lines.append(
            f"   indicator: {style.cards(view.indicators)} (in no hand; {wild_words(sorted(table_ranks(hand)))})"
        )
    return "\n".join(lines)


class Narrator(EventVisitor):
    """Turns a hand's new events into lines for one seat, hiding others' down cards.

    Deals in a row make one ``dealt:`` line (a street's deal reads at a glance); any other
    event ends the run, even one that is not told (an ante, a burn, the end of the hand).
    """

    def __init__(self, hand: Hand, viewer: int | None, style: Style) -> None:
        self.hand = hand
        self.viewer = viewer
        self.style = style
        self.seen = 0
        self.level = 0
        self.opened = False
        self._lines: list[str] = []
        self._dealt: list[str] = []
        self.draws = False
        """The street being told has a draw (``sd`` draws there, else it discards)."""
        self.blinds = blind_round(hand.variant, hand.stakes)

    def feed(self) -> list[str]:
        """Lines for the events since the last call."""
        events = self.hand.events[self.seen :]
        self.seen = len(self.hand.events)
        self._lines = []
        self.visit(events)
        self._flush()
        return self._lines

    def _flush(self) -> None:
        if self._dealt:
            self._lines.append("  dealt: " + " · ".join(self._dealt))
            self._dealt = []

    def _say(self, line: str) -> None:
        self._flush()
        if line:
            self._lines.append(line)

    def _name(self, seat: int) -> str:
        return seat_name(seat, self.viewer)

    def cards_dealt(self, event: CardsDealt) -> None:
        own = event.seat == self.viewer and not self.hand.variant.no_peek  # a blind player sees none of its own
        shown = [c if (own or f is Face.UP) else None for c, f in zip(event.cards, event.faces)]
        who = "you" if event.seat == self.viewer else f"p{event.seat + 1}"
        self._dealt.append(f"{who} {self.style.cards(shown, event.faces)}")

    def ante_posted(self, event: AntePosted) -> None:
        self._flush()

    def blind_posted(self, event: BlindPosted) -> None:
        suffix = " (all-in)" if event.all_in else ""
        name = blind_name(len(self.hand.stakes.blinds), event.blind)
        self._say(f"  {self._name(event.seat)} posts the {name} {event.amount}{suffix}")

    def card_burned(self, event: CardBurned) -> None:
        self._flush()

    def hand_ended(self, event: HandEnded) -> None:
        self._flush()

    def street_began(self, event: StreetBegan) -> None:
        self.level, self.opened = 0, False
        if self.blinds is not None and event.index == self.blinds.street:  # the blinds are its first bets
            self.level, self.opened = self.blinds.level, not self.blinds.completed
        self.draws = any(rule.kind is PhaseKind.DRAW for rule in self.hand.rules.decisions[event.index])
        self._say(self.style.bold(f"*** {event.street} street ***"))

    def bring_in_due(self, event: BringInDue) -> None:
        self._say(f"  {self._name(event.seat)} has the bring-in")

    def deal_voided(self, event: DealVoided) -> None:
        self._say(
            f"  {self._name(event.seat)}'s {self.style.card(event.card)} voids the deal (void {event.count}): "
            "every card is gathered, shuffled and dealt again; the chips stay in the pot"
        )

    def community_card_dealt(self, event: CommunityCardDealt) -> None:
        self._say(f"  community card {self.style.card(event.card)} (plays in every hand)")

    def community_card_dealt_down(self, event: CommunityCardDealtDown) -> None:
        self._say("  a community card face down in the middle, to be turned later")  # seen by nobody yet

    def community_card_turned(self, event: CommunityCardTurned) -> None:
        self._say(f"  community card turned: {self.style.card(event.card)} (plays in every hand)")

    def indicator_dealt(self, event: IndicatorDealt) -> None:
        if event.face is Face.DOWN:  # seen by nobody until it is turned
            self._say("  an indicator card face down in the middle, to be turned later")
        else:
            self._say(f"  indicator card {self.style.card(event.card)} (in no hand: {indicator_words(event.effect)})")

    def indicator_turned(self, event: IndicatorTurned) -> None:
        self._say(f"  indicator card turned: {self.style.card(event.card)} ({indicator_words(event.effect)})")

    def cards_turned(self, event: CardsTurned) -> None:
        self.level, self.opened = 0, False  # a turn until the best is beaten opens a round of its own
        self._say(f"  {self._name(event.seat)} turns up {self.style.cards(event.cards)}")

    def roll_fell_short(self, event: RollFellShort) -> None:
        self._say(
            f"  {self._name(event.seat)} turned every card without beating the best hand showing: its hand is dead"
        )

    def cards_thrown_out(self, event: CardsThrownOut) -> None:
        self._say(f"  {self._name(event.seat)} throws out {self.style.cards(event.cards)}")

    def hand_killed(self, event: HandKilled) -> None:
        self._say(f"  {self._name(event.seat)}'s hand is dead ({self.style.card(event.card)})")

    def burns_reshuffled(self, event: BurnsReshuffled) -> None:
        self._say(f"  the stub is short: {event.count} burn cards are shuffled back in")

    def betting_skipped(self, event: BettingSkipped) -> None:
        self._say("  no betting on this street")

    def wild_ranks_changed(self, event: WildRanksChanged) -> None:
        self._say(f"  now {wild_words(event.ranks)}")

    def trigger_fired(self, event: TriggerFired) -> None:
        no = "fold" if TRIGGER_EFFECT_TRAITS[event.effect].declining_folds else "decline"
        price = "" if event.price is None else f": pay {event.price} or {no}"
        card = self.style.cards((event.card,), (Face.UP,))
        self._say(f"  {self._name(event.seat)}'s {card} sets off {event.effect}{price}")

    def cards_chosen(self, event: CardsChosen) -> None:
        """A decision about cards: the turned-up cards for all; thrown, passed or set cards
        only to the seat (and a pass's receiver), their number to the others."""
        who, action, named = self._name(event.seat), event.action, event.action.cards or ()
        sees = event.seat == self.viewer or (event.to is not None and event.to == self.viewer)
        cards = self.style.cards(named) if sees else _count(len(named))
        kind = action.kind
        if kind is ActionKind.TURN_UP:
            self._say(f"  {who} turns up {self.style.cards(named)}" if named else f"  {who} turns up nothing")
        elif kind is ActionKind.PASS:
            self._say(f"  {who} passes {cards} to {self._name(event.to if event.to is not None else event.seat)}")
        elif kind is ActionKind.SET:
            self._say(f"  {who} sets two hands" + (f": {cards} first" if sees else ""))
        elif kind is ActionKind.DECLINE:
            self._say(f"  {who} declines to buy")
        elif not named:
            self._say(f"  {who} stands pat")
        elif kind is ActionKind.DISCARD and not self.draws:
            self._say(f"  {who} discards {cards}")
        else:  # a draw or a buy: replacements come next, as dealt cards
            thrown = f", throwing {cards}" if sees else ""
            paid = f" (pays {event.paid})" if event.paid else ""
            self._say(f"  {who} {'buys' if kind is ActionKind.BUY else 'draws'} {_count(len(named))}{thrown}{paid}")

    def action_taken(self, event: ActionTaken) -> None:
        self._say(f"  {self._name(event.seat)} {self._verb(event)}" + (" (all-in)" if event.all_in else ""))

    def declared(self, event: Declared) -> None:
        self._say(f"  {self._name(event.seat)} declares {declared_words(self.hand, event.declaration)}")

    def showed(self, event: Showed) -> None:
        holding = Holding.known(
            event.cards, self.hand.faces[event.seat], self.hand.community, spec_for(self.hand, event.seat)
        )
        best = " / ".join(describe_best(self.hand.variant, holding))
        shown = self.style.cards(event.cards, self.hand.faces[event.seat])
        self._say(f"  {self._name(event.seat)} shows {shown}" + (f": {best}" if best else ""))

    def mucked(self, event: Mucked) -> None:
        self._say(f"  {self._name(event.seat)} mucks")

    def pot_awarded(self, event: PotAwarded) -> None:
        pot = "the main pot" if event.pot == 0 else f"side pot {event.pot}"
        share = "" if event.share == "uncontested" or len(self.hand.variant.shares) == 1 else f" ({event.share})"
        how = f" with {event.hand}" if event.hand else ""
        self._say(
            "\n".join(
                f"  {self.style.bold(self._name(seat))} wins {amount} from {pot}{share}{how}"
                for seat, amount in event.amounts
            )
        )

    def _verb(self, event: ActionTaken) -> str:
        """The action in words; a ``cbr`` is a bet, a completion or a raise by the street so far."""
        kind = event.action.kind
        if kind is ActionKind.FOLD:
            return "folds"
        if kind is ActionKind.CHECK_CALL:
            return f"calls {event.added}" if event.added else "checks"
        if kind is ActionKind.BRING_IN:
            self.level = event.street_total
            return f"brings in for {event.added}"
        if kind is ActionKind.PAY:
            return f"pays {event.added}"
        if kind is ActionKind.DECLINE:
            return "declines"
        if kind is ActionKind.COMPLETE_BET_RAISE:
            verb = "bets" if self.level == 0 else ("completes to" if not self.opened else "raises to")
            self.level, self.opened = event.street_total, True
            return f"{verb} {event.street_total}"
        return str(event.action)
