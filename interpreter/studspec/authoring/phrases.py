"""Plain-English phrases for every named option value, for ``studspec describe``.

The wording of the rules lives here as data, keyed by ``(option, value)`` exactly as the
schema names them (``("bring_in.card", "lowest-ace-high")``), the same way the rule
registry (:mod:`studspec.engine.rules`) keys the functions behind them. ``describe`` composes these
phrases; it never holds wording for one variant. When the schema gains a value, a test
fails until the value has a phrase here, so a rule book can never describe itself with a
hole in it.

Phrases may name the rule book's own numbers as ``str.format`` fields into the merged rule
book (``{stakes[small_bet]}``), so "the small bet (400)" follows the book's stakes.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from studspec.engine.cards import Rank
from studspec.engine.wild_cards import SINGULARS, plural
from studspec.errors import MissingPhraseError
from studspec.rulebook.schema import options


@dataclass(frozen=True)
class Phrase:
    """How one option value reads in the rules.

    ``text`` is a sentence (or, for the card faces and bet sizes, a fragment) that states
    the rule; an empty text means the value needs no mention (a rule that is off).
    ``noun`` is the short name other sentences use for it ("the high hand", "the best
    board"), for values that other rules refer to. ``street`` is, for a betting structure
    whose streets have their own size (``streets[].bet``), how one street's bets read, with
    ``{size}`` standing for that street's bet ("the big bet (800)"); empty for structures
    that size every street alike (pot limit, no limit). ``priced`` is, for a dealt-card
    rule's effect, how it reads when the rule has a price, with ``{price}`` standing for the
    price's noun ("the small bet (20)"); ``text`` is how it reads free.
    """

    text: str
    noun: str = ""
    street: str = ""
    priced: str = ""
    choice: str = ""
    """For a kind of decision about cards, how one decision of it reads on its street, with
    ``{what}`` (the cards named: "two face-down cards"), ``{order}`` (together or in turn),
    ``{price}`` (", for the small bet (400) a card", or nothing when free), ``{replacement}``
    (how a replacement is dealt) and ``{to}`` (where passed cards go) filled in; empty for
    the other options."""
    optional: str = ""
    """The same when a player may name no card at all (a draw of up to one may stand pat)."""


_SUITS = "clubs lowest, then diamonds, hearts, and spades highest"
_NO_REUSE = "Cards of folded hands are never used again."


def follow_phrase(rank: Rank) -> Phrase:
    """Follow the Queen's rule in words, for any rank (``wild.follows: K`` is Follow the King)."""
    name, ranks = SINGULARS[rank], plural(rank)
    a = "an" if name[0] in "aeiou" else "a"
    return Phrase(
        f"Follow the {name.capitalize()}: {ranks} are wild, and so is the rank of the next up card dealt after an "
        f"up {name}. A later up {name} replaces that rank with the rank of the up card after it; {a} "
        f"{name} that is the last up card dealt leaves {ranks} alone wild. Down cards never count."
    )


PHRASES: dict[tuple[str, str], Phrase] = {
    # --- betting -------------------------------------------------------------------------
    ("betting.structure", "fixed-limit"): Phrase(
        "Fixed limit: every bet and raise is exactly the street's bet size (given with each street).",
        noun="fixed limit",
        street="bets and raises are {size}",
    ),
    ("betting.structure", "spread-limit"): Phrase(
        "Spread limit: a bet may be any amount from the small bet ({stakes[small_bet]}) up to the "
        "street's limit (given with each street); a raise must be at least the previous bet or "
        "raise of the round.",
        noun="spread limit",
        street="bets and raises from the small bet ({stakes[small_bet]}) up to {size}",
    ),
    ("betting.structure", "pot-limit"): Phrase(
        "Pot limit: a bet or raise is at least the small bet ({stakes[small_bet]}), or the last bet "
        "or raise of the round if that was larger, and at most the size of the pot after calling "
        "(the antes, the bring-in and the calls all count).",
        noun="pot limit",
    ),
    ("betting.structure", "no-limit"): Phrase(
        "No limit: a bet or raise is at least the small bet ({stakes[small_bet]}), or the last bet "
        "or raise of the round if that was larger, and at most all of a player's chips.",
        noun="no limit",
    ),
    ("betting.heads_up", "capped"): Phrase("The raise cap holds even when only two players are betting."),
    ("betting.heads_up", "uncapped-if-round-starts-heads-up"): Phrase(
        "A betting round that begins with only two players able to bet has no raise cap; a "
        "round that begins with three or more keeps the cap even when it comes down to two."
    ),
    ("betting.short_all_in", "half-bet-reopens"): Phrase(
        "A player all-in for less than a full bet or raise: if it is at least half of one, it "
        "counts as a full bet and reopens the betting; if it is less, players who have already "
        "acted may only call or fold, and those yet to act may fold, call or complete it."
    ),
    ("betting.short_all_in", "full-bet-reopens"): Phrase(
        "A player all-in for less than a full bet or raise does not reopen the betting: players "
        "who have already acted may only call or fold."
    ),
    ("betting.community_card_round", "normal"): Phrase(
        "After a community card there is a betting round as usual, opened by the player who opened the street before."
    ),
    ("betting.community_card_round", "no-betting"): Phrase(
        "After a community card there is no betting: the hand goes straight to the showdown."
    ),
    # --- the bring-in --------------------------------------------------------------------
    ("bring_in.card", "lowest-ace-high"): Phrase(
        "The player whose up card is the lowest must bring in; aces count high, so a deuce is the lowest card.",
        noun="the lowest up card",
    ),
    ("bring_in.card", "highest-ace-low"): Phrase(
        "The player whose up card is the highest must bring in; aces count low, so a king is the highest card.",
        noun="the highest up card",
    ),
    ("bring_in.card", "highest-ace-high"): Phrase(
        "The player whose up card is the highest must bring in; aces count high, so an ace is the highest card.",
        noun="the highest up card",
    ),
    ("bring_in.card", "lowest-ace-low"): Phrase(
        "The player whose up card is the lowest must bring in; aces count low, so an ace is the lowest card.",
        noun="the lowest up card",
    ),
    ("bring_in.ties", "suit"): Phrase(f"Equal ranks are broken by suit: {_SUITS}."),
    ("bring_in.ties", "seat"): Phrase(
        "Equal ranks are broken by seat: of the tied players, the one nearest the dealer's left brings in."
    ),
    ("bring_in.all_in_for_ante", "next-seat-opens-or-folds"): Phrase(
        "If that player is all-in for the ante, the next player to the left must open for at "
        "least the bring-in or fold, and so on round the table."
    ),
    ("bring_in.all_in_for_ante", "next-seat-brings-in"): Phrase(
        "If that player is all-in for the ante, the next player to the left must post the "
        "bring-in or complete, and may not fold."
    ),
    ("bring_in.completion", "bring-in-may-complete"): Phrase(
        "That player may complete instead of posting the bring-in."
    ),
    ("bring_in.completion", "next-player-completes"): Phrase(
        "That player may not complete: only the players after may complete the bring-in."
    ),
    # --- who acts first ------------------------------------------------------------------
    ("first_to_act.board", "best-high-board"): Phrase(
        "The best high hand showing acts first: four of a kind, then three of a kind, two pair, "
        "one pair, then the highest cards; straights and flushes do not count.",
        noun="the best high hand showing",
    ),
    ("first_to_act.board", "best-low-board"): Phrase(
        "The lowest hand showing acts first, counted ace-to-five: aces are low, a pair counts "
        "against a hand, and straights and flushes do not count.",
        noun="the lowest hand showing",
    ),
    ("first_to_act.board", "best-deuce-to-seven-board"): Phrase(
        "The lowest hand showing acts first, counted deuce-to-seven: aces are high, so an ace is "
        "the worst card, and a pair counts against a hand.",
        noun="the lowest deuce-to-seven hand showing",
    ),
    ("first_to_act.board", "best-ace-to-six-board"): Phrase(
        "The lowest hand showing acts first, counted ace-to-six: aces are low and a pair counts against a hand.",
        noun="the lowest ace-to-six hand showing",
    ),
    ("first_to_act.board", "best-ace-to-five-high-board"): Phrase(
        "The best hand showing acts first, counted ace-to-five high: a board without a pair beats "
        "any paired board, then the highest cards win, aces low; straights and flushes do not count.",
        noun="the best ace-to-five high hand showing",
    ),
    ("first_to_act.ties", "seat"): Phrase(
        "Between equal boards, the tied player nearest the dealer's left acts first."
    ),
    ("first_to_act.ties", "suit"): Phrase(
        f"Between equal boards, the board whose highest card has the highest suit acts first ({_SUITS})."
    ),
    # --- streets -------------------------------------------------------------------------
    ("streets.deal", "down"): Phrase("face down"),
    ("streets.deal", "up"): Phrase("face up"),
    ("streets.board", "up"): Phrase("face up in the middle"),
    ("streets.indicator", "wild-rank"): Phrase("every card of its rank is wild from then on, in every hand"),
    ("streets.indicator", "discard-rank"): Phrase(
        "every card of its rank, up or down, is thrown out of every hand into the muck, shown as it goes, and no "
        "wild card may stand for that rank"
    ),
    ("streets.indicator", "fold-rank"): Phrase(
        "a hand that shows a card of its rank face up is dead, its chips staying in the pot (when every hand "
        "still in shows one, none is), and no wild card may stand for that rank"
    ),
    ("streets.bet", "small"): Phrase("the small bet", noun="the small bet"),
    ("streets.bet", "big"): Phrase("the big bet", noun="the big bet"),
    ("streets.bring_in", "true"): Phrase("The bring-in opens the betting.", noun="the bring-in"),
    ("streets.bring_in", "false"): Phrase(""),
    ("streets.open_pair_big_bet", "true"): Phrase(
        "While any board shows a pair, any player may bet or raise the big bet "
        "({stakes[big_bet]}) instead; once someone does, every raise that round is the big bet."
    ),
    ("streets.open_pair_big_bet", "false"): Phrase(""),
    ("players.no_peek", "true"): Phrase(
        "Played blind: nobody looks at their own face-down cards, which stay unseen by everyone, their holder "
        "included, until they are turned up."
    ),
    ("players.no_peek", "false"): Phrase(""),
    ("streets.down_when_all_up", "true"): Phrase(
        "face down instead to a player none of whose cards is face down: a new hole card"
    ),
    ("streets.down_when_all_up", "false"): Phrase(""),
    ("streets.turn_until_best", "true"): Phrase(
        "The player to the dealer's left turns up one card; then each player in turn, from the left of the last "
        "to turn, turns up its face-down cards one at a time until its up cards beat the best hand showing (a tie "
        "does not). A player that turns every card without beating it is dead, its chips staying in the pot. Play "
        "goes round until one player is left, who wins the pot."
    ),
    ("streets.turn_until_best", "false"): Phrase(""),
    ("pots.shares.suit", "clubs"): Phrase("club", noun="club"),
    ("pots.shares.suit", "diamonds"): Phrase("diamond", noun="diamond"),
    ("pots.shares.suit", "hearts"): Phrase("heart", noun="heart"),
    ("pots.shares.suit", "spades"): Phrase("spade", noun="spade"),
    ("pots.shares.card_face", "down"): Phrase("among a player's face-down cards", noun="in the hole"),
    ("pots.shares.card_face", "any"): Phrase("among all of a player's cards, up or down", noun="in the hand"),
    ("pots.shares.natural", "true"): Phrase("every card played as what it is, wild cards too"),
    ("pots.shares.natural", "false"): Phrase(""),
    ("pots.shares.at_least.hand", "pair"): Phrase("at least a pair", noun="a pair"),
    ("pots.shares.at_least.hand", "two-pair"): Phrase("at least two pair", noun="two pair"),
    ("pots.shares.at_least.hand", "three-of-a-kind"): Phrase("at least three of a kind", noun="three of a kind"),
    ("pots.shares.at_least.hand", "straight"): Phrase("at least a straight", noun="a straight"),
    ("pots.shares.at_least.hand", "flush"): Phrase("at least a flush", noun="a flush"),
    ("pots.shares.at_least.hand", "full-house"): Phrase("at least a full house", noun="a full house"),
    ("pots.shares.at_least.hand", "four-of-a-kind"): Phrase("at least four of a kind", noun="four of a kind"),
    ("pots.shares.at_least.hand", "straight-flush"): Phrase("at least a straight flush", noun="a straight flush"),
    ("streets.betting", "true"): Phrase(""),
    ("streets.betting", "false"): Phrase("There is no betting on this street."),
    # --- decisions about cards -----------------------------------------------------------
    # A kind's text says what everyone sees of it (said once, in "Decisions about cards");
    # its choice says one decision at its place in the street order.
    ("streets.decisions.decide", "turn-up"): Phrase(
        "A card turned up is an up card from then on: everyone sees it, and it counts on the "
        "board for the bring-in and for who acts first.",
        noun="turning cards up",
        choice="Each player turns {what} face up, {order}",
        optional="Each player may turn {what} face up, {order}",
    ),
    ("streets.decisions.decide", "discard"): Phrase(
        "Discarded cards go out of play face down, not replaced: everyone sees how many cards "
        "a player discards, nobody sees which.",
        noun="discarding",
        choice="Each player discards {what}, {order}",
        optional="Each player may discard {what}, {order}",
    ),
    ("streets.decisions.decide", "draw"): Phrase(
        "A player who draws discards the cards face down and is dealt as many replacements from "
        "the stub: everyone sees how many cards a player draws, nobody sees the discards, and a "
        "replacement dealt face down is seen only by its holder.",
        noun="drawing",
        choice="Each player draws {what}, {order}{price}; {replacement}",
        optional="Each player may draw {what}, {order}{price}; {replacement}",
    ),
    ("streets.decisions.decide", "buy"): Phrase(
        "A player who buys names the card to replace, which goes out of play face down, pays "
        "the price into the pot (dead money: nobody calls it) and is dealt the replacement; a "
        "player may decline and buy nothing.",
        noun="buying",
        choice="Each player may buy a replacement for {what}, {order}{price}; {replacement}",
        optional="Each player may buy a replacement for {what}, {order}{price}; {replacement}",
    ),
    ("streets.decisions.decide", "pass"): Phrase(
        "Passed cards keep their face and are seen only by the player who receives them; "
        "everyone sees how many cards are passed.",
        noun="passing",
        choice="Each player passes {what} {to}; all passes are made together and seen only by their receivers",
        optional="Each player may pass {what} {to}; all passes are made together and seen only by their receivers",
    ),
    ("streets.decisions.decide", "set-hands"): Phrase(
        "A player sets the two hands from all of their cards, in secret; they are shown at the "
        "showdown. A setting that breaks the rules for the hands is refused; where one hand "
        "must outrank the other, the two are compared as high poker hands.",
        noun="setting two hands",
        choice="Each player sets {what}, {order}",
        optional="Each player sets {what}, {order}",
    ),
    ("streets.decisions.cards", "any"): Phrase("", noun="card"),
    ("streets.decisions.cards", "down"): Phrase("", noun="face-down card"),
    ("streets.decisions.cards", "up"): Phrase("", noun="face-up card"),
    ("streets.decisions.order", "together"): Phrase(
        "Together: every player chooses in secret, and the choices are carried out at once when "
        "the last player has chosen, so no choice can depend on another's.",
        noun="together, in secret",
    ),
    ("streets.decisions.order", "in-turn"): Phrase(
        "In turn: one player after another from the dealer's left, each choice carried out, and "
        "seen by everyone (how many cards, or the card turned up), before the next player chooses.",
        noun="in turn from the dealer's left",
    ),
    ("streets.decisions.price", "free"): Phrase("", noun=""),
    ("streets.decisions.price", "ante"): Phrase("", noun="the ante ({stakes[ante]})"),
    ("streets.decisions.price", "bring-in"): Phrase("", noun="the bring-in ({stakes[bring_in]})"),
    ("streets.decisions.price", "small-bet"): Phrase("", noun="the small bet ({stakes[small_bet]})"),
    ("streets.decisions.price", "big-bet"): Phrase("", noun="the big bet ({stakes[big_bet]})"),
    ("streets.decisions.short_of_price", "all-in"): Phrase(
        "A player with less than the price of a card may still take it and pays all they have "
        "(all-in); a player already all-in takes no card that has a price."
    ),
    ("streets.decisions.short_of_price", "stand-pat"): Phrase(
        "A player who cannot pay the full price of a card may not take it; a player already "
        "all-in takes no card that has a price."
    ),
    ("streets.decisions.replacement", "same-face"): Phrase(
        "a replacement comes face up for an up card and face down for a down card"
    ),
    ("streets.decisions.replacement", "down"): Phrase("each replacement is dealt face down"),
    ("streets.decisions.replacement", "up"): Phrase("each replacement is dealt face up"),
    ("streets.decisions.direction", "left"): Phrase("to the next player still in on the left"),
    ("streets.decisions.direction", "right"): Phrase("to the next player still in on the right"),
    ("streets.decisions.direction", "across"): Phrase(
        "to the player across the table (counting to the left among the players still in, half "
        "their number away, rounded down: with five still in, the second to the left)"
    ),
    ("streets.decisions.first_outranks", "true"): Phrase("", choice="the {first} must outrank the {second}"),
    ("streets.decisions.first_outranks", "false"): Phrase(""),
    ("betting.open_pair", "big-bet-optional"): Phrase(""),
    ("betting.open_pair", "big-bet-required"): Phrase(
        "While any board shows a pair, the round opens with the big bet ({stakes[big_bet]}), "
        "and every raise is the big bet (seed 002)."
    ),
    # --- the deck ------------------------------------------------------------------------
    ("deck.cards", "standard-52"): Phrase("One standard deck of 52 cards, no jokers."),
    ("deck.cards", "52-plus-joker"): Phrase("One standard deck of 52 cards and one joker."),
    ("deck.cards", "52-plus-two-jokers"): Phrase("One standard deck of 52 cards and two jokers."),
    # --- wild cards ----------------------------------------------------------------------
    ("wild.follow", "none"): Phrase(""),
    ("wild.follow", "follow-the-queen"): follow_phrase(Rank.QUEEN),
    ("wild.jokers", "wild"): Phrase("A joker is wild: it stands for any card."),
    ("wild.jokers", "wild-down-bug-up"): Phrase(
        "A joker is wild while it is face down: it stands for any card. Face up it is the bug: in a "
        "high hand it counts only as an ace, or as a card that completes a straight, a flush or a "
        "straight flush; in a low hand it is the best card it can be."
    ),
    ("wild.jokers", "bug"): Phrase(
        "A joker is the bug: in a high hand it counts only as an ace, or as a card that completes "
        "a straight, a flush or a straight flush; in a low hand it is the best card it can be."
    ),
    ("wild.flush", "distinct-ranks"): Phrase(
        "In a flush a wild card is a rank the suit lacks: a flush is five different ranks, so "
        "there is no double-ace flush."
    ),
    ("wild.flush", "any-rank"): Phrase(
        "In a flush a wild card may copy a rank the suit holds, so it plays as an ace: a "
        "double-ace flush (A-A-8-5-4 of a suit) beats an ace-king flush."
    ),
    ("wild.per_player", "none"): Phrase(""),
    ("wild.per_player", "lowest-down-card"): Phrase(
        "Each player's lowest face-down card (aces high), and every card of its rank that player "
        "holds, are wild for that player alone."
    ),
    ("triggers.extra_face", "down"): Phrase("face down"),
    ("triggers.extra_face", "up"): Phrase("face up (seen by everyone)"),
    ("triggers.effect", "extra-card"): Phrase(
        "that player is dealt one more card, face down, at once and free; a hand of more than "
        "seven cards plays its best five",
        priced="that player may buy one more card, face down, at once, for {price}, or decline it; "
        "a hand of more than seven cards plays its best five",
    ),
    ("triggers.effect", "pay-or-fold"): Phrase(
        "that player must pay at once or fold",
        priced="that player must pay {price} into the pot at once or fold",
    ),
    ("triggers.effect", "pay-or-not-wild"): Phrase(
        "that player's card is wild",
        priced="that player may pay {price} into the pot at once to make the card wild, or decline and play it "
        "as what it is (the rank stays wild for every other card)",
    ),
    ("triggers.effect", "kill"): Phrase(
        "that player's hand is dead at once, its chips staying in the pot; when one player is left, "
        "that player wins and nothing more is dealt"
    ),
    ("triggers.effect", "win-pot"): Phrase(
        "that player wins the pot at once: every other hand is dead and nothing more is dealt"
    ),
    ("triggers.effect", "void-deal"): Phrase(
        "the deal is void at once: every card is gathered, the deck is shuffled again and the hand is dealt "
        "again from its first street to the players still in (one who folded stays out); the chips stay in "
        "the pot and no ante is posted again, but the first street's bring-in is"
    ),
    ("triggers.suit", "c"): Phrase("of clubs"),
    ("triggers.suit", "d"): Phrase("of diamonds"),
    ("triggers.suit", "h"): Phrase("of hearts"),
    ("triggers.suit", "s"): Phrase("of spades"),
    ("triggers.price", "free"): Phrase("", noun="nothing"),
    ("triggers.price", "ante"): Phrase("", noun="the ante ({stakes[ante]})"),
    ("triggers.price", "bring-in"): Phrase("", noun="the bring-in ({stakes[bring_in]})"),
    ("triggers.price", "small-bet"): Phrase("", noun="the small bet ({stakes[small_bet]})"),
    ("triggers.price", "big-bet"): Phrase("", noun="the big bet ({stakes[big_bet]})"),
    ("triggers.price", "pot"): Phrase("", noun="as much as the pot holds (match the pot)"),
    ("triggers.face", "up"): Phrase("dealt face up"),
    ("triggers.face", "down"): Phrase("dealt face down"),
    ("wild.board", "natural"): Phrase(
        "Wild cards count as what they are for who brings in and who acts first (a joker as an ace)."
    ),
    ("wild.board", "wild"): Phrase(
        "Wild cards count as wild on the board too: a wild door card never brings in, and a "
        "board with wild cards acts first by the best hand it makes."
    ),
    ("deck.burn", "none"): Phrase("No cards are burned."),
    ("deck.burn", "before-later-streets"): Phrase("The dealer burns one card before each street after the first."),
    ("deck.exhaustion", "none"): Phrase(
        "The cards never run out: the table is never so large that a street cannot be dealt to everyone."
    ),
    ("deck.exhaustion", "burns-then-community"): Phrase(
        "If the stub cannot give a card to every player still in, the burned cards are shuffled "
        "back into it; if it is still short, one card is dealt face up in the middle as a "
        f"community card that plays in every hand. {_NO_REUSE}"
    ),
    ("deck.exhaustion", "tda"): Phrase(
        "If the stub does not hold a card for every player still in plus the burn and one spare, "
        "the burns are scrambled into it when that is enough; otherwise, with three or more cards "
        "left, the dealer burns and deals one community card face up that plays in every hand; "
        "with fewer, the stub and the burns are scrambled together, a card is burned and the "
        f"community card dealt (TDA). {_NO_REUSE}"
    ),
    ("deck.exhaustion", "community"): Phrase(
        "If the stub cannot give a card to every player still in, one card is dealt face up in the "
        "middle as a community card that plays in every hand (after a burn, if a card can be "
        f"spared); the burns are not reshuffled. {_NO_REUSE}"
    ),
    # --- showdown and pots ---------------------------------------------------------------
    ("showdown.order", "last-aggressor-else-first-to-act"): Phrase(
        "The last player to bet or raise on the last street shows first; if nobody bet, the "
        "player who acted first on that street does. The others follow clockwise."
    ),
    ("showdown.order", "last-aggressor-else-best-high-board"): Phrase(
        "The last player to bet or raise on the last street shows first; if nobody bet, the "
        "player with the best high hand showing does. The others follow clockwise."
    ),
    ("showdown.order", "last-aggressor-else-first-seat"): Phrase(
        "The last player to bet or raise on the last street shows first; if nobody bet, the "
        "player nearest the dealer's left does. The others follow clockwise."
    ),
    ("showdown.declare", "none"): Phrase("Cards speak: every hand at the showdown contends for every share."),
    ("showdown.declare", "simultaneous"): Phrase(
        "Before the showdown every player still in declares high, low or both, all at once: no "
        "declaration is known until every player has made one. A share goes only to a player "
        "who declared for it; a player who declares both must win or tie both shares of a pot, "
        "or wins nothing from it."
    ),
    ("showdown.declare", "in-turn-from-last-aggressor"): Phrase(
        "Before the showdown every player still in declares high, low or both, one after "
        "another, starting with the last player to bet or raise on the last street (if nobody "
        "bet, the player who acted first on it). A share goes only to a player who declared for "
        "it; a player who declares both must win or tie both shares of a pot, or wins nothing "
        "from it."
    ),
    ("pots.shares.own_face", "any"): Phrase("any of the player's own cards, up or down"),
    ("pots.shares.own_face", "down"): Phrase("the player's face-down cards only"),
    ("pots.shares.hand", "high"): Phrase("the best five-card poker hand", noun="high hand"),
    ("pots.shares.hand", "high-flush-over-full-house"): Phrase(
        "the best five-card poker hand, except that a flush beats a full house (as Mexican Poker "
        "ranks its 40-card deck)",
        noun="high hand",
    ),
    ("pots.shares.hand", "ace-to-five-low"): Phrase(
        "the lowest five cards, counted ace-to-five (aces are low, straights and flushes do not "
        "count, and a hand without a pair beats any hand with one), so 5-4-3-2-A is the best",
        noun="low hand",
    ),
    ("pots.shares.hand", "deuce-to-seven-low"): Phrase(
        "the lowest five cards counted deuce-to-seven: aces are high, straights and flushes count "
        "against the hand and A-2-3-4-5 is no straight, so 7-5-4-3-2 of mixed suits is the best",
        noun="deuce-to-seven low",
    ),
    ("pots.shares.hand", "ace-to-six-low"): Phrase(
        "the lowest five cards counted ace-to-six: aces are low, straights and flushes count "
        "against the hand, so A-2-3-4-6 of mixed suits is the best",
        noun="ace-to-six low",
    ),
    ("pots.shares.hand", "badugi"): Phrase(
        "the best badugi: the most cards, up to four, of different suits and different ranks; more "
        "cards beat fewer, and between badugis of as many cards the lower highest card wins, then "
        "the next, aces low, so 4-3-2-A of four suits is the best",
        noun="badugi",
    ),
    ("pots.shares.hand", "badugi-ace-high"): Phrase(
        "the best badugi counted with the ace high: the most cards, up to four, of different suits "
        "and different ranks; more cards beat fewer, and between badugis of as many cards the lower "
        "highest card wins, then the next, so 5-4-3-2 of four suits is the best",
        noun="badugi",
    ),
    ("pots.shares.hand", "ace-to-five-high"): Phrase(
        "the highest five cards counted ace-to-five: aces are low, straights and flushes do not "
        "count, a hand without a pair beats any hand with one (and a pair beats two pair), and "
        "within each the highest cards win, so K-Q-J-T-9 is the best",
        noun="ace-to-five high hand",
    ),
    ("pots.shares.hand", "soko"): Phrase(
        "the best five-card poker hand with two more hands between a pair and two pair: a "
        "four-flush (four cards of one suit) above a four-straight (four ranks in a row)",
        noun="soko hand",
    ),
    ("pots.shares.hand", "most-points"): Phrase(
        "the most points, counted over every card the player holds, up or down, and any community "
        "cards, each card worth what its rank is worth",
        noun="points hand",
    ),
    ("pots.shares.hand", "high-spade-in-the-hole"): Phrase(
        "the highest spade among a player's face-down cards, the ace highest; a folded hand has "
        "no claim to it, and when no player still in holds a spade in the hole its share goes to "
        "the first other share somebody wins (of two shares, the poker hand takes the whole pot)",
        noun="spade in the hole",
    ),
    ("pots.shares.hand", "low-spade-in-the-hole"): Phrase(
        "the lowest spade among a player's face-down cards, the ace lowest; a folded hand has no "
        "claim to it, and when no player still in holds a spade in the hole its share goes to the "
        "first other share somebody wins (of two shares, the poker hand takes the whole pot)",
        noun="low spade in the hole",
    ),
    ("pots.shares.hand", "low-spade-in-the-hole-ace-high"): Phrase(
        "the lowest spade among a player's face-down cards, the ace counting high so the deuce is "
        "lowest; a folded hand has no claim to it, and when no player still in holds a spade in "
        "the hole its share goes to the first other share somebody wins (of two shares, the poker "
        "hand takes the whole pot)",
        noun="low spade in the hole",
    ),
    ("pots.nobody_qualifies", "split-evenly"): Phrase(
        "When no hand qualifies for any share of a pot, that pot is split as evenly as possible "
        "among every hand still in it, an odd chip going as the odd-chip rule says for the first share."
    ),
    ("pots.odd_chip", "highest-card-by-suit"): Phrase(
        "An odd chip that cannot be split between tied hands goes to the hand whose highest card "
        "(of the five it plays) is highest by suit."
    ),
    ("pots.odd_chip", "high-highest-low-lowest-suit"): Phrase(
        "An odd chip that cannot be split between tied hands goes, in a high share, to the hand "
        "with the highest card by suit, and in a low share to the hand with the lowest card by "
        "suit (of the five cards each plays)."
    ),
    ("pots.odd_chip", "first-seat-left-of-dealer"): Phrase(
        "An odd chip that cannot be split between tied hands goes to the tied player nearest the dealer's left."
    ),
}


def value_key(value: Any) -> str:
    """An option value as a phrase key: YAML's spelling (``true``, ``null``) for non-strings."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    return str(value)


def phrase(option: str, value: Any) -> Phrase:
    """The phrase for ``option`` set to ``value``."""
    try:
        return PHRASES[(option, value_key(value))]
    except KeyError:
        raise MissingPhraseError(
            f"no phrase for {option}: {value_key(value)}; add one to studspec.authoring.phrases.PHRASES"
        ) from None


def fill(text: str, book: Mapping[str, Any], **extra: Any) -> str:
    """``text`` with its ``{stakes[small_bet]}``-style fields taken from the rule book."""
    return text.format(**{**book, **extra}) if "{" in text else text


def schema_options() -> Iterator[tuple[str, dict[str, Any]]]:
    """Every option leaf of the schema as ``(dotted name, schema node)``
    (:func:`studspec.rulebook.schema.options`)."""
    return options()


def named_values(node: Mapping[str, Any]) -> list[str]:
    """The values of an option that need a phrase: an enum's values, or a boolean's two."""
    target = node
    if "enum" not in target and isinstance(target.get("items"), dict):
        target = target["items"]
    if "enum" in target:
        return [value_key(v) for v in target["enum"]]
    if target.get("type") == "boolean":
        return ["true", "false"]
    return []


@lru_cache(maxsize=1)
def _defaults() -> dict[str, Any]:
    return {name: node["default"] for name, node in schema_options() if "default" in node}


def schema_default(option: str) -> Any:
    """The schema's ``default`` for an optional option (``None`` if it states none)."""
    return _defaults().get(option)
