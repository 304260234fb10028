"""No-peek play: cards nobody looks at, turned up by rule (docs/rules.md V17).

Blind Baseball as 52pickup.net deals it ("Baseball / Blind Baseball"): seven cards face down
to each player after the antes, and no peeking; each round every player in turn from the
dealer's left flips one card, then the best hand showing opens the betting; once all the
cards are up the best five win. The book: tests/data/stud-family/blind-baseball.yaml, at the
scripted stakes (ante 1, bets 10/20).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from conftest import ROOT
from scripted import deal, legal, new_hand, passive
from studspec import CardsTurned, Hand, load_variant, parse_action
from studspec.engine.cards import Rank, parse_cards
from studspec.errors import IllegalDealError
from studspec.history.phh import history_actions, parse_history, replay, write_history
from studspec.play.players import RuleBasedPlayer, play_out
from studspec.play.table import Narrator, Style
from studspec.rulebook.loader import validate_file
from studspec.rulebook.model import Face

BLIND = str(ROOT / "tests" / "data" / "stud-family" / "blind-baseball.yaml")


def dealt_blind(stacks: tuple[int, ...] = (1000, 1000, 1000)) -> Hand:
    """Three players dealt their seven cards face down (p1's first card the 5d, p2's the
    Kc, p3's the 9h), each turning up its first card at once."""
    hand = new_hand(BLIND, stacks=stacks)
    deal(hand, p1="5d2c3c4c6c7c8c", p2="KcJdTs9d8d7d6d", p3="9hAh2h3h4h5h6h")
    return hand


def test_nobody_sees_a_face_down_card_not_even_its_holder() -> None:
    """V17 ("no peeking"): after the first turn every seat, its holder included, sees each
    player's turned card and nothing else; a spectator sees the same."""
    hand = dealt_blind()
    for viewer in (0, 1, 2, None):
        view = hand.view(viewer)
        for seat, first in enumerate(parse_cards("5dKc9h")):
            assert view.seats[seat].cards == (first, *([None] * 6)), (viewer, seat)


def test_each_round_every_player_turns_its_next_card_and_the_best_board_opens() -> None:
    """52pickup: each player in turn from the dealer's left flips one card, then the player
    with the highest hand showing begins the betting: p2's king opens the first round; on
    the second, p3's A-9 beats p2's K-J and p1's 5-2, so p3 opens."""
    hand = dealt_blind()
    turned = [(event.seat, event.cards) for event in hand.events if isinstance(event, CardsTurned)]
    assert turned == [(0, tuple(parse_cards("5d"))), (1, tuple(parse_cards("Kc"))), (2, tuple(parse_cards("9h")))]
    assert hand.actor == 1 and legal(hand) == ["cc", "cbr 10"]
    for _ in range(3):  # checked round
        hand.act(parse_action("cc"))
    assert [hand.boards[seat] for seat in range(3)] == [
        parse_cards("5d2c"),
        parse_cards("KcJd"),
        parse_cards("9hAh"),
    ]
    assert hand.actor == 2
    assert all(face is Face.DOWN for face in hand.faces[0][2:])


def test_a_folded_player_turns_nothing_more() -> None:
    """Only the players still in turn cards: p1 folds on the first round and its second card
    stays face down (dead in the muck, never shown)."""
    hand = dealt_blind()
    hand.act(parse_action("cbr 10"), 1)
    hand.act(parse_action("cc"), 2)
    hand.act(parse_action("f"), 0)
    turned = [event.seat for event in hand.events if isinstance(event, CardsTurned)]
    assert turned[-2:] == [1, 2] and 0 not in turned[3:]


def test_the_turns_need_no_history_line_and_replay() -> None:
    """Nobody chooses the turned card, so the history writes the deals and the bets only,
    and a replay turns the same cards."""
    hand = dealt_blind()
    for _ in range(3):  # a checked first round; the second street's turns follow
        hand.act(parse_action("cc"))
    lines = history_actions(hand)
    assert not [line for line in lines if " up" in line]
    replayed = replay(parse_history(write_history(hand, variant_ref=BLIND)), load_variant(BLIND), unfinished=True)
    assert replayed.hand.boards == hand.boards and replayed.hand.faces == hand.faces


def test_a_hand_plays_to_the_end_and_the_best_five_of_seven_win() -> None:
    """Checked through seven rounds, every card turned: p3's aces and the 2-3-4-5-6 of hearts
    make a six-high straight flush, above p2's jack-high diamond flush and p1's eight-high
    straight: p3 takes the antes, 3."""
    hand = dealt_blind()
    while not hand.is_complete:
        passive(hand)
    assert all(face is Face.UP for faces in hand.faces for face in faces)
    assert hand.stacks == [999, 999, 1002]


def test_a_deal_is_refused_where_the_turns_are_due() -> None:
    """The turns take no deal: a card dealt after the first street's deal is refused."""
    hand = dealt_blind()
    with pytest.raises(IllegalDealError):
        hand.deal(0, parse_cards("Qs"))


def test_the_built_in_players_play_blind_books() -> None:
    """The rule-based player reasons from what it may see: in a blind book, its up cards."""
    for seed in range(5):
        hand = Hand(load_variant(BLIND), [1000] * 5, seed=seed)
        play_out(hand, [RuleBasedPlayer(random.Random(seed * 10 + seat)) for seat in range(5)])
        assert hand.is_complete and sum(hand.stacks) == 5000


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        (
            "    turn_up: 1\n    bet: small\n    bring_in: false\n",
            "only 0 face-down card(s)",
        ),
        ("  - {id: second, deal: [], turn_up: 1, bet: small}\n", None),
        ("  - {id: second, deal: [], turn_up: 7, bet: small}\n", "only 6 face-down card(s)"),
        (
            "  - {id: second, deal: [], turn_up: 1, bet: small, decisions: [{decide: turn-up}]}\n",
            "nothing to choose them by",
        ),
    ],
)
def test_validate_holds_turn_ups_to_the_cards_dealt_down(patch: str, message: str | None, tmp_path: Path) -> None:
    """turn_up turns cards dealt face down and not turned yet; a blind book asks no decision
    about cards; each refusal points at the street."""
    text = Path(BLIND).read_text(encoding="utf-8")
    if patch.startswith("    turn_up"):  # the first street without its turn: second turns more than dealt
        patched = text.replace(
            "    deal: [down, down, down, down, down, down, down]\n" + patch, "    deal: []\n" + patch
        )
    else:
        patched = text.replace("  - {id: second, deal: [], turn_up: 1, bet: small}\n", patch)
    book = tmp_path / "blind-baseball.yaml"
    book.write_text(patched, encoding="utf-8")
    errors = [str(error) for error in validate_file(book)]
    if message is None:
        assert errors == []
    else:
        assert any(message in error for error in errors), errors


def test_the_table_tells_a_blind_player_none_of_its_own_cards() -> None:
    """V17: `studspec play` narrates the deal to a blind player as to everyone else: its own
    face-down cards unnamed (found by review: they were shown to it); a turned card named."""
    hand = new_hand(BLIND, stacks=(1000, 1000))
    narrator = Narrator(hand, 0, Style(symbols=False, color=False))
    deal(hand, p1="5d2c3c4c6c7c8c", p2="KcJdTs9d8d7d6d")
    text = "\n".join(narrator.feed())
    assert "2c" not in text and "8c" not in text, text
    assert "5d" in text  # turned up for everyone


def test_a_blind_player_does_not_know_its_own_hole_wild_rank(tmp_path: Path) -> None:
    """V17 with a player's own wild rank (the lowest card in the hole): a blind player cannot
    see that card, so the built-in player reasons with the table's wild cards alone (found
    by review: it read its hidden cards)."""
    from studspec.play.players import _known_spec

    book = tmp_path / "blind-low-hole.yaml"
    book.write_text(
        Path(BLIND).read_text(encoding="utf-8").replace("name: blind-baseball", "name: blind-low-hole")
        + "wild:\n  ranks: [K]\n  per_player: lowest-down-card\n",
        encoding="utf-8",
    )
    hand = new_hand(str(book), stacks=(1000, 1000))
    deal(hand, p1="5d2c3c4c6c7c8c", p2="KcJdTs9d8d7d6d")
    known = _known_spec(hand, 0)
    assert known is not None and set(known.ranks) == {Rank.KING}  # kings only: no hole deuce
