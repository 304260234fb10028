"""The registry functions behind every option value a rule book may name.

Each table maps an option value of the schema to the function that carries it out. A new
kind of rule is one more schema value and one more function here; the interpreter reads
these tables when it compiles a rule book and never tests which variant it runs. A test
checks that each table's names are exactly the schema's enum for that option. Where an entry
is a fact the checks also reason about (which streets are burned), it is read from the value's
traits in :mod:`studspec.rulebook.options`, so the fact is written once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from studspec.errors import DeckExhaustedError
from studspec.rulebook.model import Face, WildCancel
from studspec.rulebook.options import (
    BURN_TRAITS,
    COMMUNITY_ROUND_TRAITS,
    INDICATOR_TRAITS,
    TRIGGER_EFFECT_TRAITS,
    IndicatorTraits,
)

from .ace_to_five_high import ACE_TO_FIVE_HIGH
from .badugi import BADUGI, BADUGI_ACE_HIGH
from .betting import FixedLimit, NoLimit, PotLimit, Sizing, SpreadLimit
from .cards import CARDS, FIRST_JOKER, JOKERS, RANK_LETTERS, SUIT_LETTERS, Card, Rank, Suit, parse_card
from .decisions import DecisionRule
from .evaluation import (
    ACE_TO_FIVE_LOW,
    ACE_TO_SIX_BOARD,
    DEUCE_TO_SEVEN_BOARD,
    HIGH_BOARD,
    RANKINGS,
    Ranking,
)
from .phases import PhaseKind
from .pots import divide
from .qualifiers import least_value
from .records import quick_init
from .registry import Registry
from .shares import (
    ClassShare,
    DoubleDeckShare,
    Evaluator,
    HoleCardShare,
    NaturalShare,
    OwnAndBoardShare,
    PointsShare,
    RankedShare,
    SetHandShare,
    ShareRule,
    ace_high,
    lowest_ace_high,
    lowest_ace_low,
)
from .soko import SOKO
from .triggers import DealtCardRule, Price, TriggerEffect, ante, big_bet, bring_in, small_bet, the_pot
from .wild_cards import CancelRule, FollowRule, PerPlayer, WildTable, lowest_down_card
from .wild_ranking import FlushWilds, JokerPlay

if TYPE_CHECKING:
    from studspec.rulebook.model import Decision, Share, Variant

# --- Who brings in -------------------------------------------------------------------
# A bring-in card rule gives (rank key, suit key) for a door card; the larger key is the
# seat obliged to bring in.

BRING_IN_CARD: Registry[Callable[[Card], tuple[int, int]]] = Registry("bring_in.card")


@BRING_IN_CARD.register("lowest-ace-high")
def lowest_card_ace_high(card: Card) -> tuple[int, int]:
    """The lowest card brings in, aces high, clubs the lowest suit (WSOP-L 215, 240)."""
    return (-card.rank, -card.suit)


@BRING_IN_CARD.register("highest-ace-low")
def highest_card_ace_low(card: Card) -> tuple[int, int]:
    """The highest card brings in, aces low, the king of spades highest (WSOP-L 235)."""
    return ((card.rank + 1) % 13, card.suit)


@BRING_IN_CARD.register("highest-ace-high")
def highest_card_ace_high(card: Card) -> tuple[int, int]:
    """The highest card brings in, aces high, the ace of spades highest (seed 001: pot limit)."""
    return (int(card.rank), int(card.suit))


@BRING_IN_CARD.register("lowest-ace-low")
def lowest_card_ace_low(card: Card) -> tuple[int, int]:
    """The lowest card brings in, aces low, the ace of clubs the lowest (generic_poker's
    ``low card al``: Razz High, where the ace is the worst card of an ace-to-five high hand)."""
    return (-((card.rank + 1) % 13), -card.suit)


BRING_IN_TIES: Registry[Callable[[tuple[int, int], int], tuple[int, ...]]] = Registry("bring_in.ties")


@BRING_IN_TIES.register("suit")
def bring_in_ties_by_suit(card_key: tuple[int, int], position: int) -> tuple[int, ...]:
    """Equal ranks: the suit decides, clubs < diamonds < hearts < spades (seeds 001, 002)."""
    return card_key


@BRING_IN_TIES.register("seat")
def bring_in_ties_by_seat(card_key: tuple[int, int], position: int) -> tuple[int, ...]:
    """Equal ranks: the first of them left of the dealer brings in (seed 000)."""
    return (card_key[0], -position)


BRING_IN_ALL_IN_FOR_ANTE: Registry[bool] = Registry("bring_in.all_in_for_ante")
"""Whether the seat that must open in place of a low card all-in for the ante may fold."""
BRING_IN_ALL_IN_FOR_ANTE.add("next-seat-opens-or-folds", True)  # WSOP-L 217, TDA RP-10E
BRING_IN_ALL_IN_FOR_ANTE.add("next-seat-brings-in", False)  # pokerkit

OPEN_PAIR: Registry[bool] = Registry("betting.open_pair")
"""Whether an open pair makes the big bet the only opening bet of its street."""
OPEN_PAIR.add("big-bet-optional", False)  # WSOP-L 220: any player may bet the small or the big bet
OPEN_PAIR.add("big-bet-required", True)  # seed 002: "раунд открывают максимальной ставкой"

BRING_IN_COMPLETION: Registry[bool] = Registry("bring_in.completion")
"""Whether the seat that must bring in may complete instead of posting the bring-in."""
BRING_IN_COMPLETION.add("bring-in-may-complete", True)  # WSOP-L 216, RRP 8.3
BRING_IN_COMPLETION.add("next-player-completes", False)  # home games: only the next players complete


# --- Who acts first on later streets -------------------------------------------------

FIRST_TO_ACT_BOARD: Registry[Ranking] = Registry("first_to_act.board")
"""The ranking of the up cards; the best board acts first."""
FIRST_TO_ACT_BOARD.add("best-high-board", HIGH_BOARD)  # no straights or flushes (WSOP-L 215)
FIRST_TO_ACT_BOARD.add("best-low-board", ACE_TO_FIVE_LOW)  # the lowest board acts (WSOP-L 235)
FIRST_TO_ACT_BOARD.add("best-deuce-to-seven-board", DEUCE_TO_SEVEN_BOARD)  # 2-7 razz: the ace is worst
FIRST_TO_ACT_BOARD.add("best-ace-to-six-board", ACE_TO_SIX_BOARD)  # London lowball
FIRST_TO_ACT_BOARD.add("best-ace-to-five-high-board", ACE_TO_FIVE_HIGH)  # Razz High: no pair best, aces low

FIRST_TO_ACT_TIES: Registry[Callable[[Sequence[Card], int, Evaluator], tuple[int, ...]]] = Registry("first_to_act.ties")


@FIRST_TO_ACT_TIES.register("seat")
def first_to_act_ties_by_seat(up_cards: Sequence[Card], position: int, board: Evaluator) -> tuple[int, ...]:
    """Equal boards: the first seat left of the dealer acts (WSOP-L 215, 240)."""
    return (-position,)


@FIRST_TO_ACT_TIES.register("suit")
def first_to_act_ties_by_suit(up_cards: Sequence[Card], position: int, board: Evaluator) -> tuple[int, ...]:
    """Equal boards: the board whose highest card is highest by suit acts (TDA RP-10D)."""
    return max(board.card_order(card) for card in up_cards) if up_cards else (0, 0)


# --- Betting -------------------------------------------------------------------------

STRUCTURES: Registry[Sizing] = Registry("betting.structure")
STRUCTURES.add("fixed-limit", FixedLimit())
STRUCTURES.add("spread-limit", SpreadLimit())
STRUCTURES.add("pot-limit", PotLimit())
STRUCTURES.add("no-limit", NoLimit())

HEADS_UP: Registry[Callable[[int], bool]] = Registry("betting.heads_up")
"""``(seats able to bet when the round begins) -> bool``: is this round uncapped?"""
HEADS_UP.add("capped", lambda seats: False)  # seeds 000, 001; TDA 48
HEADS_UP.add("uncapped-if-round-starts-heads-up", lambda seats: seats == 2)  # WSOP-L 127

COMMUNITY_CARD_ROUND: Registry[bool] = Registry("betting.community_card_round")
"""Whether a street dealt as a community card has a betting round: the value's trait
(:data:`studspec.rulebook.options.COMMUNITY_ROUND_TRAITS`; normal TDA RP-10H, no-betting seed 001)."""
for _name, _round in COMMUNITY_ROUND_TRAITS.items():
    COMMUNITY_CARD_ROUND.add(_name, _round.betting_round)

SHORT_ALL_IN: Registry[Callable[[int, int], bool]] = Registry("betting.short_all_in")


@SHORT_ALL_IN.register("half-bet-reopens")
def half_bet_reopens(increment: int, full_increment: int) -> bool:
    """An all-in of at least half a bet counts as a full bet and reopens (WSOP-L 129)."""
    return 2 * increment >= full_increment


@SHORT_ALL_IN.register("full-bet-reopens")
def full_bet_reopens(increment: int, full_increment: int) -> bool:
    """Only a full bet or raise reopens the betting (pot and no limit)."""
    return increment >= full_increment


# --- The deck ------------------------------------------------------------------------

BURN: Registry[Callable[[int], bool]] = Registry("deck.burn")
"""``(street index) -> bool``: is a card burned before that street? Each entry is its value's
:meth:`~studspec.rulebook.options.BurnTraits.burns_before` (none; before-later-streets: TDA RP-10H,
seed 000), the function the deck checks count burns with, so dealing and checking agree."""
for _name, _burn in BURN_TRAITS.items():
    BURN.add(_name, _burn.burns_before)


@quick_init
@dataclass(frozen=True, slots=True)
class DealPlan:
    """How a street is dealt given what is left in the stub."""

    reshuffle_burns: bool = False
    community: bool = False
    burn: bool = True


EXHAUSTION: Registry[Callable[[int, int, int, bool], DealPlan]] = Registry("deck.exhaustion")


@EXHAUSTION.register("none")
def no_exhaustion_rule(stub: int, burns: int, needed: int, burning: bool) -> DealPlan:
    if stub < needed + burning:
        raise DeckExhaustedError(
            f"the stub holds {stub} cards but the street needs {needed + burning}, "
            "and the rule book has no rule for running out (deck.exhaustion: none)"
        )
    return DealPlan(burn=burning)


@EXHAUSTION.register("burns-then-community")
def burns_then_community(stub: int, burns: int, needed: int, burning: bool) -> DealPlan:
    """Short stub: the burns go back in (seed 000); still short: one community card, face up,
    plays in every hand (seeds 000-002). Cards of folded hands are never used again."""
    if stub >= needed + burning:
        return DealPlan(burn=burning)
    if stub + burns >= needed + burning:
        return DealPlan(reshuffle_burns=True, burn=burning)
    return DealPlan(reshuffle_burns=burns > 0, community=True, burn=burning and stub + burns >= 2)


@EXHAUSTION.register("tda")
def tda_procedure(stub: int, burns: int, needed: int, burning: bool) -> DealPlan:
    """TDA RP-10H, WSOP-L 228: the stub must hold every card, the burn and one spare; if the
    burns make up the difference, scramble them in; else if the stub holds three cards or
    more, burn and deal one community card; else scramble stub and burns, burn, and deal
    the community card. The muck is never used."""
    required = needed + burning + 1
    if stub >= required:
        return DealPlan(burn=burning)
    if stub + burns >= required:
        return DealPlan(reshuffle_burns=True, burn=burning)
    if stub >= 3:
        return DealPlan(community=True, burn=burning)
    return DealPlan(reshuffle_burns=burns > 0, community=True, burn=burning and stub + burns >= 2)


@EXHAUSTION.register("community")
def community_without_reshuffle(stub: int, burns: int, needed: int, burning: bool) -> DealPlan:
    """Short stub: one community card for everyone, the burns stay out (seeds 001, 002)."""
    if stub >= needed + burning:
        return DealPlan(burn=burning)
    return DealPlan(community=True, burn=burning and stub >= 2)


# --- Showdown and pots ---------------------------------------------------------------


@dataclass(frozen=True)
class ShowdownSituation:
    """What a showdown-order rule may look at."""

    last_aggressor: int | None
    """The last bettor or raiser of the final round, if any."""
    first_to_act: int
    """The seat that acted (or would have acted) first on the last street."""
    contestants: tuple[int, ...]
    """Seats still in the hand, in seat order."""
    boards: Mapping[int, Sequence[Card]]
    """Each contestant's up cards."""


SHOWDOWN_ORDER: Registry[Callable[[ShowdownSituation], int]] = Registry("showdown.order")


@SHOWDOWN_ORDER.register("last-aggressor-else-first-to-act")
def last_aggressor_else_first_to_act(situation: ShowdownSituation) -> int:
    """The last bettor or raiser of the final round shows first; if none, the seat that
    acted first on that street (TDA 17A, WSOP-T 72)."""
    if situation.last_aggressor is not None:
        return situation.last_aggressor
    return situation.first_to_act


@SHOWDOWN_ORDER.register("last-aggressor-else-best-high-board")
def last_aggressor_else_best_high_board(situation: ShowdownSituation) -> int:
    """If nobody bet, the best high hand showing shows first (seed 001); equal boards by seat.
    A board none of whose up cards is known (a history that wrote them ``??``) ranks below
    every board that shows a card."""
    if situation.last_aggressor is not None:
        return situation.last_aggressor
    boards = situation.boards
    return max(situation.contestants, key=lambda s: (HIGH_BOARD.value(boards[s]) if boards[s] else -1, -s))


@SHOWDOWN_ORDER.register("last-aggressor-else-first-seat")
def last_aggressor_else_first_seat(situation: ShowdownSituation) -> int:
    """If nobody bet, the earliest seat left of the dealer shows first (seed 002)."""
    if situation.last_aggressor is not None:
        return situation.last_aggressor
    return situation.contestants[0]


# --- The deck and wild cards ---------------------------------------------------------

DECKS: Registry[tuple[Card, ...]] = Registry("deck.cards")
"""The cards each deck holds."""
DECKS.add("standard-52", CARDS)
DECKS.add("52-plus-joker", (*CARDS, JOKERS[0]))
DECKS.add("52-plus-two-jokers", (*CARDS, *JOKERS))


def removed_ranks(variant: Variant) -> frozenset[int]:
    """The ranks (deuce 0 .. king 11) the book's stripped deck lacks (``deck.removed_ranks``)."""
    return frozenset(RANK_LETTERS.index(letter) for letter in variant.removed_ranks)


def deck_cards(variant: Variant) -> tuple[Card, ...]:
    """The cards of the book's deck: ``deck.cards`` without the removed ranks (its jokers kept),
    so the shuffle, the stub's size and the cards dealt from outside all count the stripped deck."""
    removed = removed_ranks(variant)
    cards = tuple(card for card in DECKS[variant.deck] if card >= FIRST_JOKER or card >> 2 not in removed)
    return cards * variant.copies  # a double deck: every card twice (docs/rules.md D6)


def for_deck(rule: ShareRule, removed: frozenset[int], copies: int = 1) -> ShareRule:
    """A share's rule on a deck without the ranks ``removed``: a poker ranking whose straights
    skip them and whose wild cards stand only for cards the deck holds (docs/rules.md D5); on a
    double deck (``copies`` 2), valued knowing two identical cards (D6). A share won by one card
    is the same on any deck."""
    if isinstance(rule, RankedShare) and (removed or copies > 1):
        ranking = rule.ranking.without(removed)
        return DoubleDeckShare(ranking) if copies > 1 else RankedShare(ranking)
    if isinstance(rule, HoleCardShare) and copies > 1:
        return rule.on_deck(copies)  # two seats may hold the same spade: a tie reads the double deck
    return rule


def identical_cards_bring_in(
    ties: Callable[[tuple[int, int], int], tuple[int, ...]],
) -> Callable[[tuple[int, int], int], tuple[int, ...]]:
    """A bring-in tie rule on a double deck: two identical door cards tie even by suit, and the
    seat dealt first (the first left of the dealer) brings in (docs/rules.md D6; Robert's Rules,
    seven-card stud: "the player who received cards first")."""

    def key(card_key: tuple[int, int], position: int) -> tuple[int, ...]:
        return (*ties(card_key, position), -position)

    return key


def identical_boards_act(
    ties: Callable[[Sequence[Card], int, Evaluator], tuple[int, ...]],
) -> Callable[[Sequence[Card], int, Evaluator], tuple[int, ...]]:
    """A first-to-act tie rule on a double deck: of boards alike even by suit, the seat dealt
    first acts (docs/rules.md D6; Robert's Rules: "the player who received cards first")."""

    def key(up_cards: Sequence[Card], position: int, board: Evaluator) -> tuple[int, ...]:
        return (*ties(up_cards, position, board), -position)

    return key


WILD_FOLLOW: Registry[FollowRule] = Registry("wild.follow")
WILD_FOLLOW.add("none", FollowRule())
WILD_FOLLOW.add("follow-the-queen", FollowRule(trigger=Rank.QUEEN))  # docs/rules.md V5, edge case E36


def follow_rank(letter: str) -> FollowRule:
    """Follow the Queen's rule with the rank ``letter`` in the queen's place (``wild.follows``:
    ``K`` is Follow the King): one rule with a rank, not a registry value per rank."""
    return FollowRule(trigger=Rank(RANK_LETTERS.index(letter)))


WILD_JOKERS: Registry[tuple[JokerPlay, JokerPlay]] = Registry("wild.jokers")
"""How a joker plays face down and face up."""
WILD_JOKERS.add("wild", (JokerPlay.WILD, JokerPlay.WILD))
WILD_JOKERS.add("bug", (JokerPlay.BUG, JokerPlay.BUG))  # Robert's Rules: an ace, or to complete a straight or flush
WILD_JOKERS.add("wild-down-bug-up", (JokerPlay.WILD, JokerPlay.BUG))  # Mexican Poker (WSOP-L)

WILD_FLUSH: Registry[FlushWilds] = Registry("wild.flush")
WILD_FLUSH.add("distinct-ranks", FlushWilds.DISTINCT_RANKS)  # a flush is five different ranks
WILD_FLUSH.add("any-rank", FlushWilds.ANY_RANK)  # the double-ace flush (Robert's Rules, a house rule)

WILD_PER_PLAYER: Registry[PerPlayer | None] = Registry("wild.per_player")
WILD_PER_PLAYER.add("none", None)
WILD_PER_PLAYER.add("lowest-down-card", lowest_down_card)

TRIGGER_EFFECTS: Registry[TriggerEffect] = Registry("triggers.effect")
"""What saying no means is the value's trait (:data:`studspec.rulebook.options.TRIGGER_EFFECT_TRAITS`)."""
# Rules matrix section 2, Baseball: an up 4 earns an extra card; an up 3, match the pot or fold.


def _effect(name: str) -> TriggerEffect:
    """An effect as its traits say (what it deals, what saying no means): written once."""
    traits = TRIGGER_EFFECT_TRAITS[name]
    return TriggerEffect(
        extra_card=traits.deals_card,
        declining_folds=traits.declining_folds,
        declining_unwilds=traits.declining_unwilds,
        kills=traits.kills,
        wins=traits.wins,
        voids=traits.voids,
    )


TRIGGER_EFFECTS.add("extra-card", _effect("extra-card"))
TRIGGER_EFFECTS.add("pay-or-fold", _effect("pay-or-fold"))
TRIGGER_EFFECTS.add("pay-or-not-wild", _effect("pay-or-not-wild"))  # Wikipedia, Baseball: buy the up 3 to make it wild
TRIGGER_EFFECTS.add("kill", _effect("kill"))  # a kill card: Baseball's up 3 of 1945 (docs/rules.md V16)
TRIGGER_EFFECTS.add("win-pot", _effect("win-pot"))  # a card that wins the pot outright (docs/rules.md V16)
TRIGGER_EFFECTS.add("void-deal", _effect("void-deal"))  # The Queen's up queen of spades (docs/rules.md V16)

TRIGGER_PRICES: Registry[Price | None] = Registry("triggers.price")
"""What a dealt-card rule costs, from the table's stakes or the pot; ``None``: free."""
TRIGGER_PRICES.add("free", None)
TRIGGER_PRICES.add("ante", ante)
TRIGGER_PRICES.add("bring-in", bring_in)
TRIGGER_PRICES.add("small-bet", small_bet)
TRIGGER_PRICES.add("big-bet", big_bet)
TRIGGER_PRICES.add("pot", the_pot)  # match the pot (docs/rules.md V6, Baseball's up 3)

# --- Decisions about cards --------------------------------------------------------------
# Each streets[].decisions[] option value; a decision is resolved into a DecisionRule that
# its phase carries (studspec.engine.decisions), and its kind names the phase handler.

DECISION_KINDS: Registry[PhaseKind] = Registry("streets.decisions.decide")
"""Which phase handler carries out each kind of decision."""
DECISION_KINDS.add("turn-up", PhaseKind.TURN_UP)  # roll your own, Seven-Card Flip
DECISION_KINDS.add("discard", PhaseKind.DISCARD)  # Super Stud, pineapple stud
DECISION_KINDS.add("draw", PhaseKind.DRAW)  # stud with a twist, Pig Poker
DECISION_KINDS.add("buy", PhaseKind.BUY)  # English stud
DECISION_KINDS.add("pass", PhaseKind.PASS)  # Anaconda
DECISION_KINDS.add("set-hands", PhaseKind.SET_HANDS)  # Cowpie, Outhouse

DECISION_CARDS: Registry[tuple[Face, ...]] = Registry("streets.decisions.cards")
"""The faces of the cards a decision may name."""
DECISION_CARDS.add("any", (Face.DOWN, Face.UP))
DECISION_CARDS.add("down", (Face.DOWN,))
DECISION_CARDS.add("up", (Face.UP,))

DECISION_ORDER: Registry[bool] = Registry("streets.decisions.order")
"""Whether seats choose together (in secret, carried out at once) or one after another."""
DECISION_ORDER.add("together", True)
DECISION_ORDER.add("in-turn", False)

DECISION_PRICES: Registry[Price | None] = Registry("streets.decisions.price")
"""What each replacement card costs, from the table's stakes; ``None``: free: the dealt-card
rules' prices (one function each, written once), all but the pot's."""
for _name in ("free", "ante", "bring-in", "small-bet", "big-bet"):
    DECISION_PRICES.add(_name, TRIGGER_PRICES[_name])

DECISION_SHORT: Registry[bool] = Registry("streets.decisions.short_of_price")
"""Whether a seat short of a card's price may take it for all it has."""
DECISION_SHORT.add("all-in", True)
DECISION_SHORT.add("stand-pat", False)

DECISION_REPLACEMENT: Registry[Face | None] = Registry("streets.decisions.replacement")
"""How a replacement card is dealt; ``None``: with the face of the card it replaces."""
DECISION_REPLACEMENT.add("same-face", None)
DECISION_REPLACEMENT.add("down", Face.DOWN)
DECISION_REPLACEMENT.add("up", Face.UP)

DECISION_DIRECTION: Registry[int] = Registry("streets.decisions.direction")
"""Where passed cards go among the seats still in: 1 left (the order of play), -1 right, 0 across."""
DECISION_DIRECTION.add("left", 1)
DECISION_DIRECTION.add("right", -1)
DECISION_DIRECTION.add("across", 0)

_ONE_CARD = frozenset({PhaseKind.TURN_UP, PhaseKind.PASS, PhaseKind.BUY})
"""Kinds that name one card when the book gives no number."""


def decision_rule(decision: Decision) -> DecisionRule:
    """One ``streets[].decisions[]`` entry looked up in the registries."""
    kind = DECISION_KINDS[decision.decide]
    count = decision.count
    if count is None and kind in _ONE_CARD and decision.up_to is None and decision.at_least is None:
        count = 1
    return DecisionRule(
        kind=kind,
        count=count,
        least=decision.at_least or 0,
        most=decision.up_to,
        keep=decision.keep,
        faces=(Face.DOWN,) if kind is PhaseKind.TURN_UP else DECISION_CARDS[decision.cards],
        together=DECISION_ORDER[decision.order] or kind is PhaseKind.PASS,
        price=DECISION_PRICES[decision.price],
        short_pays_all=DECISION_SHORT[decision.short_of_price],
        replacement=DECISION_REPLACEMENT[decision.replacement],
        step=DECISION_DIRECTION[decision.direction],
        hands=decision.hands,
        first_outranks=decision.first_outranks,
        down_in_each=decision.down_in_each,
    )


STREET_INDICATORS: Registry[IndicatorTraits] = Registry("streets.indicator")
"""What an indicator card's rank does to the hands once it shows: its traits
(:data:`studspec.rulebook.options.INDICATOR_TRAITS`), which :mod:`.indicators` carries out."""
STREET_INDICATORS.add("wild-rank", INDICATOR_TRAITS["wild-rank"])  # Kryky's last card (generic_poker); the Good
STREET_INDICATORS.add("discard-rank", INDICATOR_TRAITS["discard-rank"])  # the Bad (mypokerhomegame.com)
STREET_INDICATORS.add("fold-rank", INDICATOR_TRAITS["fold-rank"])  # the Ugly (mypokerhomegame.com)

WILD_BOARD: Registry[bool] = Registry("wild.board")
"""Whether wild cards count as wild for the bring-in and first to act."""
WILD_BOARD.add("natural", False)  # docs/rules.md V5: the bring-in goes by natural cards
WILD_BOARD.add("wild", True)


def _cancel_rule(cancel: WildCancel | None) -> CancelRule | None:
    """The book's ``wild.cancelled_by`` with its ranks and cards resolved."""
    if cancel is None:
        return None
    ranks = frozenset(Rank(RANK_LETTERS.index(letter)) for letter in cancel.ranks)
    return CancelRule(ranks=ranks, cards=frozenset(parse_card(text) for text in cancel.cards), up=cancel.up)


def _wild_table(variant: Variant) -> WildTable:
    wild = variant.wild
    return WildTable(
        ranks=frozenset(Rank(RANK_LETTERS.index(letter)) for letter in wild.ranks),
        cards=frozenset(parse_card(text) for text in wild.cards),
        follow=WILD_FOLLOW[wild.follow] if wild.follows is None else follow_rank(wild.follows),
        moves_from=None if wild.moves is None else Rank(RANK_LETTERS.index(wild.moves)),
        cancel=_cancel_rule(wild.cancelled_by),
        jokers=WILD_JOKERS[wild.jokers][0],
        jokers_up=WILD_JOKERS[wild.jokers][1],
        flush=WILD_FLUSH[wild.flush],
        per_player=WILD_PER_PLAYER[wild.per_player],
        board_wild=WILD_BOARD[wild.board],
        deck_has_jokers=any(card >= FIRST_JOKER for card in DECKS[variant.deck]),
        indicated=any(STREET_INDICATORS[street.indicator].wild for street in variant.streets if street.indicator),
        indicated_bars=any(STREET_INDICATORS[st.indicator].bars_wild for st in variant.streets if st.indicator),
        unwild_possible=any(TRIGGER_EFFECTS[trigger.effect].declining_unwilds for trigger in variant.triggers),
    )


@dataclass(frozen=True)
class DeclareRule:
    """Whether seats declare high, low or both before the showdown, and how."""

    declares: bool
    in_turn: bool = False
    """Each declaration public at once, in turn from the last aggressor; else all at once."""


SHOWDOWN_DECLARE: Registry[DeclareRule] = Registry("showdown.declare")
SHOWDOWN_DECLARE.add("none", DeclareRule(declares=False))  # cards speak (WSOP-L 237-244)
SHOWDOWN_DECLARE.add("simultaneous", DeclareRule(declares=True))  # chips in the fist (home games)
SHOWDOWN_DECLARE.add("in-turn-from-last-aggressor", DeclareRule(declares=True, in_turn=True))

SHARE_RULES: Registry[ShareRule] = Registry("pots.shares.hand")
"""What wins each share of a pot: a poker hand, or one card in the hole."""
for _name in ("high", "ace-to-five-low", "deuce-to-seven-low", "ace-to-six-low", "high-flush-over-full-house"):
    SHARE_RULES.add(_name, RankedShare(RANKINGS[_name]))
SHARE_RULES.add("badugi", RankedShare(BADUGI))  # docs/rules.md V18
SHARE_RULES.add("badugi-ace-high", RankedShare(BADUGI_ACE_HIGH))  # docs/rules.md V18: generic_poker's badugi_ah
SHARE_RULES.add("ace-to-five-high", RankedShare(ACE_TO_FIVE_HIGH))  # docs/rules.md V19
SHARE_RULES.add("soko", RankedShare(SOKO))  # docs/rules.md V20
SHARE_RULES.add("most-points", PointsShare("most-points"))  # docs/rules.md V22: the football hand
SHARE_RULES.add("high-spade-in-the-hole", HoleCardShare("high-spade-in-the-hole", Suit.SPADES, ace_high))
SHARE_RULES.add("low-spade-in-the-hole", HoleCardShare("low-spade-in-the-hole", Suit.SPADES, lowest_ace_low))
SHARE_RULES.add(
    "low-spade-in-the-hole-ace-high", HoleCardShare("low-spade-in-the-hole-ace-high", Suit.SPADES, lowest_ace_high)
)

UnwonPot = Callable[[int, Sequence[int], Callable[[int], Any]], dict[int, int]]
"""``(amount, claimants, odd-chip key) -> chips of each seat``: a pot no share is won in."""

NOBODY_QUALIFIES: Registry[UnwonPot] = Registry("pots.nobody_qualifies")
"""What becomes of a pot when no hand qualifies for any share (``pots.nobody_qualifies``)."""
NOBODY_QUALIFIES.add("split-evenly", divide)  # every contesting hand an equal part (generic_poker: split_pot)

ODD_CHIP: Registry[Callable[[Evaluator, Sequence[Card], int], tuple[int, ...]]] = Registry("pots.odd_chip")
"""``(ranking, cards, seat) -> key``: among tied winners the largest key takes an odd chip."""


@ODD_CHIP.register("highest-card-by-suit")
def odd_chip_highest_card_by_suit(ranking: Evaluator, cards: Sequence[Card], position: int) -> tuple[int, ...]:
    """The odd chip goes to the highest card by suit among the five cards that make the
    hand, in a high or a low half alike (WSOP-L 149, 244)."""
    return tuple(ranking.odd_chip_key(cards))


@ODD_CHIP.register("high-highest-low-lowest-suit")
def odd_chip_high_highest_low_lowest(ranking: Evaluator, cards: Sequence[Card], position: int) -> tuple[int, ...]:
    """High: the highest card by suit; low: the lowest card by suit, among the five cards
    (Robert's Rules, "Ties")."""
    if not ranking.low:
        return tuple(ranking.odd_chip_key(cards))
    rank, suit = min(ranking.card_order(card) for card in ranking.best_five(cards))
    return (-rank, -suit)


@ODD_CHIP.register("first-seat-left-of-dealer")
def odd_chip_first_seat(ranking: Evaluator, cards: Sequence[Card], position: int) -> tuple[int, ...]:
    """The odd chip goes to the tied player nearest the dealer's left (seed 001)."""
    return (-position,)


@dataclass(frozen=True)
class ResolvedRules:
    """A rule book's options looked up in the registries: the functions a hand calls.

    Resolved once per rule book, when it is compiled, so an unknown option fails there and
    dealing a hand costs no look-ups.
    """

    bring_in_card: Callable[[Card], tuple[int, int]]
    bring_in_ties: Callable[[tuple[int, int], int], tuple[int, ...]]
    opener_may_fold: bool
    bring_in_may_complete: bool
    open_pair_requires_big_bet: bool
    board: Ranking
    board_ties: Callable[[Sequence[Card], int, Evaluator], tuple[int, ...]]
    uncapped: Callable[[int], bool]
    community_betting: bool
    sizing: Sizing
    counts_as_full: Callable[[int, int], bool]
    burn: Callable[[int], bool]
    exhaustion: Callable[[int, int, int, bool], DealPlan]
    showdown_order: Callable[[ShowdownSituation], int]
    declares: bool
    declare_in_turn: bool
    deck_cards: tuple[Card, ...]
    """Every card of the deck, each as often as it is in it (twice in a double deck)."""
    wild: WildTable
    triggers: tuple[DealtCardRule, ...]
    """Each dealt-card rule, in the book's order."""
    shares: tuple[tuple[ShareRule, int | None], ...]
    odd_chip: Callable[[Evaluator, Sequence[Card], int], tuple[int, ...]]
    nobody_qualifies: UnwonPot | None = None
    """How a pot no share is won in is divided (``None``: a book where one share always is)."""
    decisions: tuple[tuple[DecisionRule, ...], ...] = ()
    """Each street's decisions about cards, in order (none in most books)."""
    indicators: tuple[IndicatorTraits | None, ...] = ()
    """Each street's indicator card's rule (``None``: the street deals none)."""
    indicators_down: tuple[tuple[int, ...], ...] = ()
    """Each street's face-down indicator cards: the later streets that turn them, in order
    (``streets[].indicator_dealt_on`` naming this street)."""
    boards_down: tuple[tuple[int, ...], ...] = ()
    """Each street's face-down community cards: for each card, the later street that turns it,
    in order (``streets[].board_dealt_on`` naming this street; one entry a card)."""
    middle_cards: tuple[int, ...] = ()
    """Cards each street deals to the middle from the stub (:meth:`Variant.middle_cards_on`),
    looked up once: the deal plan reads it every street of every hand."""
    copies: int = 1
    """Copies of every card in the deck (``deck.copies``; 2: a double deck, docs/rules.md D6)."""

    rolls: bool = False
    """Some street is played turn by turn until the best hand showing is beaten
    (``streets[].turn_until_best``): its turns read the cards, so every card must be known."""

    watches_cards: bool = field(init=False)
    """Some rule must see each card as it is dealt to a seat (a dealt-card rule, or a rank
    that follows an up card); without one, a deal skips the per-card look."""

    indicators_throw: bool = field(init=False)
    """An indicator throws a rank out of the hands (``discard-rank``: the Bad)."""

    boards_may_differ: bool = field(init=False)
    """A decision about cards may leave seats with boards of different sizes, some empty
    (turning up none, passing or replacing an up card; an indicator throwing a rank out):
    the first to act skips empty boards."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "watches_cards", bool(self.triggers) or self.wild.changes)
        extra_up = any(rule.effect.extra_card and rule.extra_face is Face.UP for rule in self.triggers)
        thrown = any(effect is not None and effect.discards for effect in self.indicators)  # the Bad
        differ = any(self.decisions) or extra_up or thrown or self.rolls
        object.__setattr__(self, "boards_may_differ", differ)
        object.__setattr__(self, "indicators_throw", thrown)

    @property
    def deal_may_void(self) -> bool:
        """A dealt-card rule can void the deal, sending the hand back to its first street."""
        return any(rule.effect.voids for rule in self.triggers)

    @property
    def deal_may_fold(self) -> bool:
        """A dealt-card rule can fold a seat in the middle of a deal (pay or fold, a kill
        card, a card that wins the pot)."""
        kills = any(rule.effect.declining_folds or rule.effect.kills or rule.effect.wins for rule in self.triggers)
        return kills or any(effect is not None and effect.folds_showing for effect in self.indicators)


def _indicators_down(variant: Variant) -> tuple[tuple[int, ...], ...]:
    """For each street, the later streets whose indicator card it deals face down."""
    ids = [street.id for street in variant.streets]
    return tuple(
        tuple(later for later, street in enumerate(variant.streets) if street.indicator_dealt_on == ids[index])
        for index in range(len(ids))
    )


def _boards_down(variant: Variant) -> tuple[tuple[int, ...], ...]:
    """For each street, the later street of each community card it deals face down."""
    return tuple(
        tuple(
            later
            for later, street in enumerate(variant.streets)
            if street.board_dealt_on == here.id
            for _ in street.board
        )
        for here in variant.streets
    )


def resolve(variant: Variant) -> ResolvedRules:
    """Look up every option of ``variant`` in its registry."""
    return ResolvedRules(
        bring_in_card=BRING_IN_CARD[variant.bring_in_card],
        bring_in_ties=_copies(BRING_IN_TIES[variant.bring_in_ties], identical_cards_bring_in, variant.copies),
        opener_may_fold=BRING_IN_ALL_IN_FOR_ANTE[variant.all_in_for_ante],
        bring_in_may_complete=BRING_IN_COMPLETION[variant.bring_in_completion],
        open_pair_requires_big_bet=OPEN_PAIR[variant.open_pair],
        board=FIRST_TO_ACT_BOARD[variant.first_to_act_board],
        board_ties=_copies(FIRST_TO_ACT_TIES[variant.first_to_act_ties], identical_boards_act, variant.copies),
        uncapped=HEADS_UP[variant.heads_up],
        community_betting=COMMUNITY_CARD_ROUND[variant.community_card_round],
        sizing=STRUCTURES[variant.structure],
        counts_as_full=SHORT_ALL_IN[variant.short_all_in],
        burn=BURN[variant.burn],
        exhaustion=EXHAUSTION[variant.exhaustion],
        showdown_order=SHOWDOWN_ORDER[variant.showdown_order],
        declares=SHOWDOWN_DECLARE[variant.declare].declares,
        declare_in_turn=SHOWDOWN_DECLARE[variant.declare].in_turn,
        deck_cards=deck_cards(variant),
        wild=_wild_table(variant),
        triggers=tuple(
            DealtCardRule(
                RANK_LETTERS.index(t.rank),
                t.face,
                t.effect,
                TRIGGER_EFFECTS[t.effect],
                TRIGGER_PRICES[t.price],
                t.extra_face,
                None if t.suit is None else SUIT_LETTERS.index(t.suit),
                t.max_voids,
            )
            for t in variant.triggers
        ),
        shares=tuple(_share(share, removed_ranks(variant), variant.copies) for share in variant.shares),
        odd_chip=ODD_CHIP[variant.odd_chip],
        nobody_qualifies=None if variant.nobody_qualifies is None else NOBODY_QUALIFIES[variant.nobody_qualifies],
        decisions=tuple(tuple(decision_rule(d) for d in street.decisions) for street in variant.streets),
        indicators=tuple(None if st.indicator is None else STREET_INDICATORS[st.indicator] for st in variant.streets),
        indicators_down=_indicators_down(variant),
        boards_down=_boards_down(variant),
        middle_cards=tuple(variant.middle_cards_on(index) for index in range(len(variant.streets))),
        rolls=any(street.turn_until_best for street in variant.streets),
        copies=variant.copies,
    )


_T = TypeVar("_T")


def _copies(rule: _T, on_double_deck: Callable[[_T], _T], copies: int) -> _T:
    """A tie rule as the deck needs it: unchanged on one deck, where two cards are never
    identical; on a double deck with the seat dealt first breaking what is left."""
    return on_double_deck(rule) if copies > 1 else rule


def _share(share: Share, removed: frozenset[int], copies: int = 1) -> tuple[ShareRule, int | None]:
    """A share's rule and its qualifier: a low's highest rank, or for a high share the
    value of the least hand that qualifies (``at_least``: what the rule's check compares)."""
    rule = _share_rule(share, removed, copies)
    if share.natural:
        assert not isinstance(rule, (HoleCardShare, NaturalShare, ClassShare, PointsShare))  # poker shares only
        rule = NaturalShare(rule)
    if share.class_ranks:
        assert not isinstance(
            rule, (HoleCardShare, ClassShare, PointsShare)
        )  # the checks allow classes on poker shares
        rule = ClassShare(rule, frozenset(RANK_LETTERS.index(letter) for letter in share.class_ranks))
    elif share.top_hand is not None:
        assert not isinstance(
            rule, (HoleCardShare, ClassShare, PointsShare)
        )  # the checks allow a top hand on poker shares
        letter, count = share.top_hand
        rule = ClassShare(rule, frozenset({RANK_LETTERS.index(letter)}), count)
    if share.least_cards:
        assert isinstance(rule, (RankedShare, SetHandShare, OwnAndBoardShare, NaturalShare, ClassShare))  # poker shares
        return rule, rule.ranking.value([parse_card(text) for text in share.least_cards])
    if share.at_least is None:
        return rule, share.qualifier
    hand, rank = share.at_least
    assert isinstance(rule, (RankedShare, SetHandShare, OwnAndBoardShare, NaturalShare, ClassShare))  # poker shares
    return rule, least_value(rule.ranking.value, hand, None if rank is None else RANK_LETTERS.index(rank))


def _share_rule(share: Share, removed: frozenset[int], copies: int = 1) -> ShareRule:
    """A share's rule: its ranking on the book's deck, reading one of the two hands a seat set
    if it names one."""
    rule = for_deck(SHARE_RULES[share.hand], removed, copies)
    if isinstance(rule, HoleCardShare):
        only = None if share.card_rank is None else RANK_LETTERS.index(share.card_rank)
        return rule.of(Suit[share.suit.upper()], share.card_face == "any", only)
    if isinstance(rule, PointsShare):
        return rule.scoring(dict(share.points))
    if share.own is not None and share.board is not None:
        assert isinstance(rule, RankedShare)  # the checks allow own and board on poker rankings only
        return OwnAndBoardShare(rule, share.own, share.board, down_only=share.own_face == "down")
    if share.set_hand is None:
        return rule
    assert isinstance(rule, RankedShare)  # the checks allow `set` on poker rankings only
    return SetHandShare(rule, share.set_hand - 1)
