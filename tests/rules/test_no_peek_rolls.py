"""Seven Card No Peek: turning cards until the best hand showing is beaten (docs/rules.md V17).

PokerNews, "Fun Home Poker Game Rules - Seven Card No Peek" (2007): seven cards face down to
each player, unseen; the player to the dealer's left turns up one card and a round of betting
begins with him; then each player in turn turns over cards until his hand is higher than the
highest hand yet exposed, and a round of betting follows; a player that turns over all his
cards and still cannot beat it has a dead hand, and the next player turns. Dave Gustafson's
"Blind Poker": a ten does not beat a jack; a jack-ten does. The book:
tests/data/no-peek/seven-card-no-peek.yaml (``streets[].turn_until_best``), at the scripted
stakes (ante 1, bets 10/20).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from conftest import ROOT
from scripted import act, deal, legal, new_hand
from studspec import BettingSkipped, CardsTurned, Hand, RollFellShort, load_variant
from studspec.errors import IllegalDealError
from studspec.history.phh import history_actions, parse_history, replay, write_history
from studspec.play.players import RuleBasedPlayer, play_out
from studspec.rulebook.loader import validate_file

NO_PEEK = str(ROOT / "tests" / "data" / "no-peek" / "seven-card-no-peek.yaml")


def three_dealt(stacks: tuple[int, ...] = (1000, 1000, 1000)) -> Hand:
    """p1 5d 2c 3c 4c 6c 7c 8c, p2 Kc Jd Ts 9d 8d 7d 6d, p3 9h Ah 2h 3h 4h 5h 6h, in the
    order each will turn them; p1 has turned its 5d at once."""
    hand = new_hand(NO_PEEK, stacks=stacks)
    deal(hand, p1="5d2c3c4c6c7c8c", p2="KcJdTs9d8d7d6d", p3="9hAh2h3h4h5h6h")
    return hand


def turns(hand: Hand) -> list[tuple[int, str]]:
    return [(e.seat, "".join(map(str, e.cards))) for e in hand.events if isinstance(e, CardsTurned)]


def check_round(hand: Hand) -> None:
    """Check (or call) until the next player turns, or the hand ends."""
    before = len(turns(hand))
    while len(turns(hand)) == before and not hand.is_complete:
        act(hand, "cc")


def test_each_player_turns_until_it_beats_the_best_hand_showing_and_opens_the_betting() -> None:
    """PokerNews: p1 turns one card (5d) and bets first. p2's king beats a five: one card,
    and p2 opens. p3's 9 does not beat a king, its ace-nine does: p3 opens. p1 must beat
    ace-nine: 2c, 3c, 4c, then 6c makes a six-high straight; it opens."""
    hand = three_dealt()
    assert turns(hand) == [(0, "5d")] and hand.actor == 0 and legal(hand) == ["cc", "cbr 10"]
    expected = [(1, "Kc"), (2, "9hAh"), (0, "2c3c4c6c")]
    for count, (seat, cards) in enumerate(expected, start=2):
        check_round(hand)
        assert turns(hand)[-1] == (seat, cards) and len(turns(hand)) == count
        assert hand.actor == seat  # the new best hand opens its round


def test_a_player_that_turns_every_card_without_beating_it_is_dead_and_the_last_one_wins() -> None:
    """Checked throughout. p2 needs to beat the six-high straight: K-J-T-9-8, then the 7d
    makes a jack-high straight. p3 needs to beat that: 2h, 3h, then 4h makes five hearts, an
    ace-high flush. p1 turns 7c (a seven-high club flush) and 8c (eight-high): neither beats
    the ace-high flush and it has no card left, so its hand is dead. p2's last card, the 6d,
    makes a jack-high diamond flush, below the ace-high one: dead too. p3 wins the antes."""
    hand = three_dealt()
    while not hand.is_complete:
        check_round(hand)
    assert turns(hand)[4:] == [(1, "JdTs9d8d7d"), (2, "2h3h4h"), (0, "7c8c"), (1, "6d")]
    dead = [event.seat for event in hand.events if isinstance(event, RollFellShort)]
    assert dead == [0, 1]
    assert hand.stacks == [999, 999, 1002]


def test_a_tie_does_not_beat_the_best_hand() -> None:
    """Gustafson: a hand must be higher. p2's king ties p1's king (suits do not count), so p2
    turns on: king-queen beats it."""
    hand = new_hand(NO_PEEK, stacks=(1000, 1000))
    deal(hand, p1="Kd2c3c4c6c7c8c", p2="KhQs9d8d7d5h2h")
    check_round(hand)
    assert turns(hand) == [(0, "Kd"), (1, "KhQs")] and hand.actor == 1


def test_every_new_best_hand_is_a_betting_round_of_its_own() -> None:
    """Each round starts from nothing, as each street's does: after p1 bets 10 and is raised
    on its five, p2's king round again offers the bet of 10 (not a call of the last round);
    every chip bet stays in the pot, which p3 wins when the others are dead."""
    hand = three_dealt()
    act(hand, "cbr 10")
    act(hand, "cbr 20")  # p2 raises
    act(hand, "cc")  # p3 calls
    act(hand, "cc")  # p1 calls
    assert turns(hand)[-1] == (1, "Kc") and hand.actor == 1 and legal(hand) == ["cc", "cbr 10"]
    while not hand.is_complete:
        check_round(hand)
    assert hand.stacks == [979, 979, 1042]  # 3 antes + 3 x 20


def test_a_folded_player_turns_nothing_more() -> None:
    """p2 bets on its king and p3 folds before its turn: p3 turns nothing; p1 is next to
    turn against the king."""
    hand = three_dealt()
    check_round(hand)
    act(hand, "cbr 10")  # p2 on its king
    act(hand, "f")  # p3
    act(hand, "cc")  # p1
    assert turns(hand)[-1] == (0, "2c3c4c6c")  # p1 passes K... only with the straight: 5-2, 5-3-2, 5-4-3-2 do not
    assert all(seat != 2 for seat, _ in turns(hand))


def test_the_turns_need_no_history_line_and_replay() -> None:
    """Nobody chooses: the history writes the deals and the bets, and a replay turns the same cards."""
    hand = three_dealt()
    act(hand, "cbr 10")
    check_round(hand)
    check_round(hand)
    assert not [line for line in history_actions(hand) if " up" in line or " sd" in line]
    replayed = replay(parse_history(write_history(hand, variant_ref=NO_PEEK)), load_variant(NO_PEEK), unfinished=True)
    assert replayed.hand.boards == hand.boards and replayed.hand.stacks == hand.stacks


def test_a_card_dealt_from_outside_must_be_named() -> None:
    """How many cards a player turns follows from their ranks, so a dealer from outside names
    every card; ``??`` is refused with the reason, and the hand is as it was."""
    hand = new_hand(NO_PEEK, stacks=(1000, 1000))
    with pytest.raises(IllegalDealError, match="turn_until_best"):
        hand.deal(0, [None] * 7)
    assert hand.cards[0] == [] and hand.pending_deal() is not None


def test_the_built_in_players_play_it_to_the_end() -> None:
    """Random hands with the rule-based players end with one hand left and every chip kept."""
    for seed in range(20):
        hand = Hand(load_variant(NO_PEEK), [1000] * 6, seed=seed)
        play_out(hand, [RuleBasedPlayer(random.Random(seed * 10 + seat)) for seat in range(6)])
        assert hand.is_complete and sum(hand.stacks) == 6000
        assert len(hand.live) == 1


def test_an_all_in_player_keeps_turning_and_no_round_is_played_with_one_player_to_bet() -> None:
    """Heads-up, p2 bets its last 10 on its king and p1 calls. Then only p1 can bet, so no
    round follows a new best hand (WSOP: no betting with fewer than two), and the turns go
    on: p1's six-high straight, p2's jack-high straight, p1's seven-high club flush, p2's
    jack-high diamond flush; p1's 8c makes only an eight-high flush and it has no card left:
    dead. p2 wins 2 antes and 20."""
    hand = new_hand(NO_PEEK, stacks=(1000, 11))
    deal(hand, p1="5d2c3c4c6c7c8c", p2="KcJdTs9d8d7d6d")
    check_round(hand)
    act(hand, "cbr 10")  # p2, all-in
    act(hand, "cc")
    assert hand.is_complete
    assert turns(hand)[2:] == [(0, "2c3c4c6c"), (1, "JdTs9d8d7d"), (0, "7c"), (1, "6d"), (0, "8c")]
    assert sum(isinstance(event, BettingSkipped) for event in hand.events) == 4
    assert hand.stacks == [989, 22]


def test_a_turned_card_that_changes_the_wild_cards_is_read_at_once(tmp_path: Path) -> None:
    """V17 with Woolworth's wild cards (V5: fives and tens wild until the second one shows):
    p1's 5c is wild, an ace alone. p2's first card, the Tc, is the second five-or-ten face up:
    every wild card is cancelled, p1 shows a plain five, and p2's ten beats it, so p2 stops at
    one card (found by review: the best hand was read before the ten cancelled the fives)."""
    book = tmp_path / "no-peek-woolworth.yaml"
    book.write_text(
        Path(NO_PEEK).read_text(encoding="utf-8").replace("name: seven-card-no-peek", "name: no-peek-woolworth")
        + "wild:\n  ranks: ['5', T]\n  cancelled_by: {ranks: ['5', T], up: 2}\n",
        encoding="utf-8",
    )
    hand = new_hand(str(book), stacks=(1000, 1000))
    deal(hand, p1="5cKsQsJs9s8s7s", p2="Tc2h3d4c6h7d8c")
    check_round(hand)
    assert turns(hand) == [(0, "5c"), (1, "Tc")] and hand.actor == 1 and hand.live == [0, 1]


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("  no_peek: true\n", "", "set players.no_peek: true"),
        ("    bring_in: false\n", "    bring_in: false\n  - {id: more, deal: [up], bet: small}\n", "last street"),
        ("    deal: [down, down, down, down, down, down, down]\n", "    deal: [up]\n", "no face-down card"),
        ("    bring_in: false\n", "    bring_in: true\n", "no bring-in"),
        (
            "name: seven-card-no-peek\n",
            "name: x\npots:\n  shares: [{hand: high}, {hand: ace-to-five-low}]\n",
            "one share",
        ),
        ("name: seven-card-no-peek\n", "name: x\nwild:\n  per_player: lowest-down-card\n", "per_player: none"),
        ("name: seven-card-no-peek\n", "name: x\npots:\n  shares: [{hand: ace-to-five-low}]\n", "a high poker hand"),
        ("name: seven-card-no-peek\n", "name: x\npots:\n  shares: [{hand: soko}]\n", "a high poker hand"),
        ("name: seven-card-no-peek\n", "name: x\ntriggers: [{rank: '3', effect: kill}]\n", "would not see it"),
        ("    bring_in: false\n", "    bring_in: false\n    indicator: fold-rank\n", "a fold-rank indicator"),
    ],
)
def test_validate_refuses_what_the_turns_cannot_read(old: str, new: str, message: str, tmp_path: Path) -> None:
    """turn_until_best plays blind, last, with cards face down to turn, one poker hand to say
    what beats what, and nothing that opens a round or asks a choice before the turns."""
    text = Path(NO_PEEK).read_text(encoding="utf-8")
    assert old in text
    book = tmp_path / "no-peek.yaml"
    book.write_text(text.replace(old, new, 1), encoding="utf-8")
    errors = [str(error) for error in validate_file(book)]
    assert any(message in error for error in errors), errors
    assert all(str(book) in error for error in errors)
