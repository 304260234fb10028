"""The rule book as frozen data: what the loader produces and the interpreter reads.

Option values stay the strings the schema allows (``"lowest-ace-high"``); each one names a
function in :mod:`studspec.engine.rules`, so adding a rule is a schema entry plus a registry
function, and nothing here needs to change.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum, unique
from typing import Any


@unique
class Face(str, Enum):
    """How a card is dealt to a seat."""

    DOWN = "down"
    """Seen only by the seat that holds it (until shown)."""
    UP = "up"
    """Seen by everyone."""


@unique
class BetSize(str, Enum):
    """Which table stake sizes the bets of a fixed-limit street."""

    SMALL = "small"
    """The small bet (``small_bet``)."""
    BIG = "big"
    """The big bet (``big_bet``)."""


@dataclass(frozen=True)
class Stakes:
    """Amounts in the table's smallest unit (cents, chips)."""

    ante: int
    bring_in: int
    small_bet: int
    big_bet: int
    starting_stack: int = 0
    blinds: tuple[int, ...] = ()
    """Blinds posted before the deal, from the dealer's left (``stakes.blinds``); ``()``: none."""

    def bet(self, size: BetSize, times: int = 1) -> int:
        """The amount a bet of this size stands for (``times`` of the stake)."""
        return (self.small_bet if size is BetSize.SMALL else self.big_bet) * times


@dataclass(frozen=True)
class Decision:
    """What players do with their cards on a street, after its deal and before its betting
    (``streets[].decisions[]``): turn cards up, discard, draw, buy, pass, or set two hands.

    Option values stay the schema's strings; the engine resolves them
    (:mod:`studspec.engine.choosing`)."""

    decide: str
    """The kind of decision (``turn-up``, ``discard``, ``draw``, ``buy``, ``pass``, ``set-hands``)."""
    count: int | None = None
    """Exactly this many cards."""
    up_to: int | None = None
    """At most this many cards (from ``at_least``, default 0)."""
    at_least: int | None = None
    """At least this many cards (up to ``up_to``, default every eligible card)."""
    keep: int | None = None
    """Discard down to this many cards."""
    cards: str = "any"
    """Which of the seat's cards it may name: ``down``, ``up`` or ``any``."""
    order: str = "together"
    """``together`` (chosen in secret, carried out at once) or ``in-turn`` (each public at once)."""
    price: str = "free"
    """What each card drawn or bought costs (a stake of the table), paid into the pot."""
    short_of_price: str = "all-in"
    """A seat short of the price pays what it has (``all-in``) or may not buy (``stand-pat``)."""
    replacement: str = "same-face"
    """How a drawn or bought card is dealt: ``same-face`` as the card it replaces, ``down``, ``up``."""
    direction: str = "left"
    """Where passed cards go: ``left``, ``right`` or ``across``."""
    hands: tuple[int, ...] = ()
    """The sizes of the hands a seat sets (``set-hands``), the first named by ``set``."""
    first_outranks: bool = False
    """The first hand set must outrank the second as a high poker hand."""
    down_in_each: int = 0
    """Each hand set must hold at least this many face-down cards."""


@dataclass(frozen=True)
class Street:
    """One deal and the betting round that follows it."""

    id: str
    deal: tuple[Face, ...]
    bet: BetSize | None
    """Fixed and spread limit: the stake that sizes this street (``None`` in pot and no limit)."""
    bet_times: int = 1
    """How many of that stake make the street's bet (a room posting 5/10/20 plays the last
    street at twice the big bet)."""
    bring_in: bool = False
    open_pair_big_bet: bool = False
    decisions: tuple[Decision, ...] = ()
    """What players do with their cards after the deal and before the betting, in order."""
    betting: bool = True
    """Whether the street has a betting round (a step of decisions alone may not)."""
    board: tuple[Face, ...] = ()
    """Community cards dealt to the middle after the seats' cards (``streets[].board``)."""
    indicator: str | None = None
    """A card dealt to the middle last, in no hand, that sets a rule (``streets[].indicator``)."""
    turn_up: int = 0
    """Face-down cards each player still in turns up by rule (``streets[].turn_up``)."""
    turn_until_best: bool = False
    """Players turn cards up one at a time, in turn, until each beats the best hand showing,
    with betting on each new best hand, until one is left (``streets[].turn_until_best``)."""
    down_when_all_up: bool = False
    """Up cards come face down to a player with no face-down card (``streets[].down_when_all_up``)."""
    indicator_dealt_on: str | None = None
    """The earlier street on which the indicator card is dealt face down, to be turned up
    on this one (``streets[].indicator_dealt_on``); ``None``: dealt face up here."""
    board_dealt_on: str | None = None
    """The earlier street on which this street's community cards are dealt face down, to be
    turned up on this one (``streets[].board_dealt_on``); ``None``: dealt face up here."""

    @property
    def to_the_middle(self) -> int:
        """Cards the street deals to the middle, once for the table: its community cards and
        its indicator card, whether dealt face up here or face down on an earlier street (the
        total a hand deals to the middle: :meth:`Variant.middle_cards_on` says on which street)."""
        return len(self.board) + (self.indicator is not None)

    @property
    def open_pair_applies(self) -> bool:
        """The open-pair rule offers the big bet instead of the small one (WSOP-L 220), so it
        means something only on a street that bets the small bet."""
        return self.open_pair_big_bet and self.bet is BetSize.SMALL and self.bet_times == 1


@dataclass(frozen=True)
class Share:
    """One part of every pot: who wins it is decided by ``hand`` (a ranking's name)."""

    hand: str
    qualifier: int | None = None
    """For a low ranking: the highest rank a qualifying low may hold (8 for eight-or-better)."""
    suit: str = "spades"
    """For a card share: the suit of the card that wins it (``pots.shares[].suit``)."""
    card_face: str = "down"
    """For a card share: ``down``, the card counts in the hole only; ``any``, up or down too."""
    card_rank: str | None = None
    """For a card share: the one rank that counts, so with ``suit`` it names one card
    (``pots.shares[].card_rank``: the queen of spades); ``None``: any rank of the suit."""
    class_ranks: tuple[str, ...] = ()
    """Hand classes: a hand holding a card of these ranks beats every hand holding none
    (``pots.shares[].class_ranks``: Action Razz's face cards)."""
    top_hand: tuple[str, int] | None = None
    """A house top hand: at least this many cards of this rank beat every other hand
    (``pots.shares[].top_hand``: a pair of sevens beats everything)."""
    natural: bool = False
    """Wild cards play as what they are in this share: the best natural hand wins it."""
    at_least: tuple[str, str | None] | None = None
    """For a high ranking: the least hand that qualifies, its class and deciding rank letter
    (``("pair", "J")``: jacks or better; ``pots.shares[].at_least``)."""
    least_cards: tuple[str, ...] = ()
    """For a high ranking: the least hand that qualifies as five cards (``at_least.cards``:
    ``("9s", "9h", "8d", "8c", "5s")``), instead of a class and rank."""
    points: tuple[tuple[str, int], ...] = ()
    """For a most-points share: what each rank letter is worth (``pots.shares[].points``)."""
    set_hand: int | None = None
    """In a book whose players set two hands: which of them (1 or 2) this share reads."""
    own: int | None = None
    """Exactly this many of a seat's own cards play for the share (with ``board``), else any."""
    board: int | None = None
    """Exactly this many community cards play for the share (with ``own``)."""
    own_face: str = "any"
    """Which of a seat's own cards the ``own`` cards come from: ``any``, or ``down`` (hole cards)."""


@dataclass(frozen=True)
class WildCancel:
    """Cards whose showing ends every wild card for the hand (``wild.cancelled_by``)."""

    ranks: tuple[str, ...] = ()
    """Rank letters whose up cards count (Woolworth: ``"5"``, ``"T"``)."""
    cards: tuple[str, ...] = ()
    """Single cards whose showing counts (``"Qs"``)."""
    up: int = 1
    """How many of them must be face up: the wild cards end with that one."""


@dataclass(frozen=True)
class WildRules:
    """Which cards are wild (``wild``); the default is no wild card but jokers, if any."""

    ranks: tuple[str, ...] = ()
    """Rank letters every card of which is wild (``"2"`` for deuces wild)."""
    cards: tuple[str, ...] = ()
    """Single cards that are wild, by their text (``"Qs"``; one-eyed jacks ``"Js"``, ``"Jh"``)."""
    follow: str = "none"
    """A wild rank that changes as the up cards fall (``wild.follow``)."""
    follows: str | None = None
    """The trigger rank of Follow the Queen's rule for any rank (``wild.follows``: ``K``)."""
    moves: str | None = None
    """The rank a wild rank that climbs with the up cards starts at (``wild.moves``: Sequence)."""
    cancelled_by: WildCancel | None = None
    """Cards whose showing ends every wild card for the hand (``wild.cancelled_by``)."""
    jokers: str = "wild"
    """How a joker plays (``wild.jokers``)."""
    per_player: str = "none"
    """A wild card of one player's own (``wild.per_player``)."""
    board: str = "natural"
    """Whether wild cards count on the board for the bring-in and first to act (``wild.board``)."""
    flush: str = "distinct-ranks"
    """What a wild card may stand for in a flush (``wild.flush``)."""


@dataclass(frozen=True)
class Trigger:
    """A dealt-card rule (``triggers[]``): a card of ``rank`` dealt ``face`` sets off ``effect``."""

    rank: str
    """The rank letter that sets it off (``"4"``)."""
    effect: str
    face: Face = Face.UP
    price: str = "free"
    """What the rule costs the seat (``triggers[].price``): ``free`` asks nothing."""
    extra_face: Face = Face.DOWN
    """How an extra card the rule deals comes (``triggers[].extra_face``)."""
    suit: str | None = None
    """With ``rank``, the one card that sets it off (``triggers[].suit``: the queen of spades)."""
    max_voids: int = 3
    """For ``void-deal``: the most times one hand's deal is voided (``triggers[].max_voids``)."""


@dataclass(frozen=True, slots=True)
class Variant:
    """A resolved, validated rule book (``extends`` already merged).

    Slotted: with more fields (31) than CPython 3.11 shares among the instance dictionaries
    of a class (30), every read of a field went through a dictionary look-up, and hands read
    their book's fields at every street."""

    name: str
    title: str
    description: str
    phh_codes: tuple[str, ...]
    min_players: int
    max_players: int
    stakes: Stakes
    structure: str
    raise_cap: int | None
    short_all_in: str
    bring_in_card: str
    bring_in_ties: str
    first_to_act_board: str
    first_to_act_ties: str
    streets: tuple[Street, ...]
    deck: str
    burn: str
    exhaustion: str
    showdown_order: str
    shares: tuple[Share, ...]
    odd_chip: str
    nobody_qualifies: str | None = None
    """What becomes of a pot no share is won in (``pots.nobody_qualifies``); ``None``: one
    share is always won."""
    heads_up: str = "capped"
    """Whether the raise cap holds in a round that begins heads-up (``betting.heads_up``)."""
    open_pair: str = "big-bet-optional"
    """Whether an open pair makes the big bet optional or required (``betting.open_pair``)."""
    all_in_for_ante: str = "next-seat-opens-or-folds"
    """What happens when the bring-in card is all-in for the ante (``bring_in.all_in_for_ante``)."""
    wild: WildRules = WildRules()
    """Which cards are wild (``wild``)."""
    triggers: tuple[Trigger, ...] = ()
    """Dealt-card rules (``triggers``)."""
    declare: str = "none"
    """Whether and how seats declare high, low or both before the showdown (``showdown.declare``)."""
    bring_in_completion: str = "bring-in-may-complete"
    """Whether the player who brings in may complete, or only the players after (``bring_in.completion``)."""
    community_card_round: str = "normal"
    """Whether a street dealt as a community card has a betting round (``betting.community_card_round``)."""
    removed_ranks: tuple[str, ...] = ()
    """Rank letters taken out of the deck (``deck.removed_ranks``: a stripped deck); ``()``: none."""
    copies: int = 1
    """Copies of every card in the deck (``deck.copies``): 2 is a double deck."""
    no_peek: bool = False
    """Nobody looks at their own face-down cards (``players.no_peek``: Blind Baseball)."""
    source: str = ""
    """Where the rule book was read from (a path, or ``builtin:NAME``)."""

    def middle_cards_on(self, index: int) -> int:
        """Cards street ``index`` itself deals to the middle from the stub: its community
        cards dealt face up, its indicator dealt face up, and the face-down indicators and
        community cards of later streets (a card turned on it was dealt before)."""
        street = self.streets[index]
        face_up = street.indicator is not None and street.indicator_dealt_on is None
        later = sum(
            (other.indicator_dealt_on == street.id) + len(other.board) * (other.board_dealt_on == street.id)
            for other in self.streets[index + 1 :]
        )
        return len(street.board) * (street.board_dealt_on is None) + face_up + later

    resolved: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)
    """The merged document as plain data, for JSON export and describing."""
