"""Community cards by design (issue 25): a street may deal cards to the middle, face up,
shared by every hand (``streets[].board``).

Sources: docs/rules.md V15 (community cards in a stud book); generic_poker's Oxford Stud
(oxford_stud.json: two down and one up, a two-card community flop, one more up card, a
community river; every hand plays the community cards freely, "anyCards": 5); PHH deals a
board as ``d db`` lines (a flop on one line).

The book: tests/data/stud-family/oxford-stud.yaml (hi-lo eight or better, the low card brings
in), at the scripted stakes: ante 1, bring-in 3, bets 10/20.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT
from scripted import deal, legal, new_hand, passive, play
from studspec.authoring.describe import describe
from studspec.authoring.document import Format, render
from studspec.engine.actions import ActionKind, parse_action
from studspec.engine.cards import Rank, parse_cards
from studspec.engine.events import CardBurned, CardsThrownOut, CommunityCardDealt, HandKilled, WildRanksChanged
from studspec.engine.hand import Hand
from studspec.engine.wild_now import table_ranks
from studspec.errors import IllegalActionError, IllegalDealError
from studspec.history.phh import history_actions, parse_history, replay, write_history
from studspec.rulebook import load_variant
from studspec.rulebook.loader import validate_file

OXFORD = str(ROOT / "tests" / "data" / "stud-family" / "oxford-stud.yaml")


def to_the_flop() -> Hand:
    """Third street dealt and called through: the 2♣ is the lowest door, p1 brings in for 3,
    p2 and p3 call (antes 3 + 9 = 12 in the pot)."""
    hand = new_hand(OXFORD, stacks=[1000, 1000, 1000])
    deal(hand, p1="KcKd2c", p2="7h8h9s", p3="AsQd5d")
    passive(hand)
    return hand


def test_the_flop_is_dealt_to_the_middle() -> None:
    """After third street's betting the next deal due is the flop: two cards for the board,
    none for a seat."""
    hand = to_the_flop()
    pending = hand.pending_deal()
    assert pending is not None and pending.seat is None and pending.count == 2
    play(hand, "d db 6dTd")
    assert hand.community == parse_cards("6dTd")
    assert all(len(held) == 3 for held in hand.cards)


def test_the_community_cards_play_in_every_hand() -> None:
    """Every hand plays the board: p1's kings take the river K♥ for three kings, but p2's
    7-8-9-J takes the 6♦ and T♦ for a ten-high straight, the best high hand; p3 has a pair of
    queens. No hand has five cards of eight or lower (p1 2-3-6, p2 6-7-8, p3 A-5-6), so
    nobody qualifies for low and p2 scoops the 12 chips: 1000 - 1 - 3 + 12 = 1008; the others
    996."""
    hand = to_the_flop()
    play(hand, "d db 6dTd")
    passive(hand)
    deal(hand, p1="3s", p2="Jc", p3="Qs")
    passive(hand)
    play(hand, "d db Kh")
    passive(hand)
    assert hand.is_complete
    assert hand.stacks == [996, 1008, 996]


def test_the_board_does_not_decide_who_acts_first() -> None:
    """The community cards are everyone's, so the flop round opens from the seats' own up
    cards: p1 shows 2♣, p2 9♠, p3 5♦; p2's nine is the best board, whatever the flop."""
    hand = to_the_flop()
    play(hand, "d db AhAc")
    assert hand.actor == 1


def test_a_flop_is_written_on_one_line_and_replays_dealt_either_way() -> None:
    """PHH deals a flop as one ``d db`` line; a history that deals its cards one line each
    replays too (the board is dealt in parts, the rest still due)."""
    hand = to_the_flop()
    play(hand, "d db 6dTd")
    assert history_actions(hand)[-1] == "d db 6dTd"
    variant = load_variant(OXFORD)
    text = write_history(hand, variant_ref=OXFORD)
    split = text.replace('"d db 6dTd"', '"d db 6d", "d db Td"')
    assert split != text
    for history in (text, split):
        replayed = replay(parse_history(history), variant, unfinished=True)
        assert replayed.hand.community == hand.community


def test_a_bad_board_deal_is_refused_and_changes_nothing() -> None:
    """Three cards for a two-card flop, a card already in a hand, a card to a seat while the
    board is due: each refused with the reason, the hand as it was."""
    hand = to_the_flop()
    before = hand.snapshot()
    for line, reason in (
        ("d db 6dTd4c", "must receive 2 card"),
        ("d db Kc", "already in play"),
        ("d dh p1 6d", "out of turn"),
    ):
        with pytest.raises(IllegalDealError, match=reason):
            play(hand, line)
        assert hand.snapshot() == before


def test_the_hands_own_deck_burns_once_and_deals_the_board_once() -> None:
    """Dealt from the hand's own deck: one burn before the flop, then one community card event
    a card, and the seats' cards untouched."""
    hand = Hand(load_variant(OXFORD), [1000] * 9, seed=5)
    while not hand.community and not hand.is_complete:
        kinds = {choice.kind for choice in hand.legal_actions()}
        hand.act(parse_action("pb" if ActionKind.BRING_IN in kinds else "cc"))
    assert len(hand.community) == 2
    assert len([e for e in hand.events if isinstance(e, CardBurned)]) == 1
    assert len([e for e in hand.events if isinstance(e, CommunityCardDealt)]) == 2
    assert all(len(held) == 3 for held in hand.cards)


def test_describe_says_where_the_community_cards_go() -> None:
    """The rules in plain words say the flop goes to the middle and plays in every hand, and
    the deck's arithmetic counts the community cards once (9 x 4 + 3 burns + 3 = 42)."""
    described = " ".join(render(describe(load_variant(OXFORD)), Format.MARKDOWN).split())
    assert (
        "A burn card, then two community cards face up in the middle: every hand plays them as its own at the "
        "showdown." in described
    )
    assert "needs at most 42 cards (4 each and 3 burns and 3 community cards)" in described


def test_validate_refuses_community_cards_with_a_rule_for_running_short(tmp_path: Path) -> None:
    """A rule for running short deals a community card in place of a street; it is not mixed
    with a board the book deals: ``validate`` points at the street's board."""
    text = Path(OXFORD).read_text(encoding="utf-8").replace("exhaustion: none", "exhaustion: community")
    book = tmp_path / "oxford-stud.yaml"
    book.write_text(text, encoding="utf-8")
    errors = [str(error) for error in validate_file(book)]
    line = text.splitlines().index("    board: [up, up]") + 1
    assert any(f":{line}:" in error and "deals cards to the middle, but deck.exhaustion" in error for error in errors)


STUD_HOLD_EM = str(ROOT / "tests" / "data" / "stud-family" / "stud-hold-em.yaml")


def test_a_share_held_to_two_own_cards_and_three_of_the_board() -> None:
    """Stud Hold'em (generic_poker stud_hold_em.json; docs/rules.md V15): a hand is exactly
    two of the player's cards and three community cards, as Omaha plays. The board 2♥ 5♥ 9♥
    K♥ 3♣ holds four hearts: p1's one heart (A♥) makes no flush, since only two own cards
    play with three of the board; its best is a pair of sevens. p2's queens make a pair of
    queens and win. Heads-up blinds 5 and 10 (p2, the dealer, the small blind), checked
    through: p2 wins the 20: p1 990, p2 1010. Were any cards to play, p1's ace-high flush
    would have won."""
    hand = new_hand(STUD_HOLD_EM, stacks=[1000, 1000], ante=0, blinds=(5, 10))
    deal(hand, p1="Ah7c7d", p2="QsQd4c")
    passive(hand)
    for board in ("2h5h9h", "Kh", "3c"):
        play(hand, f"d db {board}")
        passive(hand)
    assert hand.is_complete
    assert hand.stacks == [990, 1010]


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ("      own: 2\n      board: 3\n", None),
        ("      own: 2\n", "own and board go together"),
        ("      own: 3\n      board: 3\n", "a poker hand is five cards: own + board = 5"),
        ("      own: 0\n      board: 5\n", None),
        ("      own: -1\n      board: 6\n", "board: 6 is above the maximum 5; allowed: 0 to 5"),
    ],
)
def test_validate_holds_own_and_board_to_a_five_card_hand(patch: str, message: str | None, tmp_path: Path) -> None:
    """own and board name the five cards of a poker hand together (own + board = 5), within
    what the streets deal: validate refuses anything else at the share."""
    text = Path(STUD_HOLD_EM).read_text(encoding="utf-8").replace("      own: 2\n      board: 3\n", patch)
    book = tmp_path / "stud-hold-em.yaml"
    book.write_text(text, encoding="utf-8")
    errors = [str(error) for error in validate_file(book)]
    if message is None:
        assert errors == []
    else:
        assert any(message in error for error in errors), errors


DELTA = str(ROOT / "tests" / "data" / "stud-family" / "down-in-the-delta.yaml")


def test_a_share_held_to_two_face_down_cards_and_three_of_the_board() -> None:
    """Down in the Delta (generic_poker down_in_the_delta.json, "cardState": "face down";
    docs/rules.md V15, own_face): the hand is two of the player's hole cards and three
    community cards; its up cards play in no hand. p1 holds 2c 3d down and K♠ K♦ up; p2 holds
    Q♠ Q♦ down and 4c 5d up. Board 7h 8h Jc 9s Ad: p1's best is ace-jack-nine high (the kings
    are up cards), p2's a pair of queens, which wins. Heads-up blinds 5 and 10 (p2, the
    dealer, the small blind, acts first), checked through: p2 wins the 20: p1 990, p2 1010.
    Were any own cards to play, p1's kings would have won."""
    hand = new_hand(DELTA, stacks=[1000, 1000], ante=0, bring_in=0, blinds=(5, 10))
    deal(hand, p1="2c3dKsKd", p2="QsQd4c5d")
    passive(hand)
    for board in ("7h8hJc", "9s", "Ad"):
        play(hand, f"d db {board}")
        passive(hand)
    assert hand.is_complete
    assert hand.stacks == [990, 1010]


def test_validate_holds_face_down_own_cards_to_the_cards_dealt_down(tmp_path: Path) -> None:
    """own_face: down plays own cards from the face-down ones, so a book that deals fewer
    face-down cards than own is refused at own_face, as is own_face without own and board."""
    text = Path(DELTA).read_text(encoding="utf-8")
    for patched, message in (
        (text.replace("deal: [down, down, up, up]", "deal: [down, up, up, up]"), "dealt 1 face down"),
        (text.replace("      own: 2\n      board: 3\n", ""), "it goes with own and board"),
    ):
        book = tmp_path / "down-in-the-delta.yaml"
        book.write_text(patched, encoding="utf-8")
        errors = [str(error) for error in validate_file(book)]
        line = next(n for n, text in enumerate(patched.splitlines(), 1) if "own_face" in text)
        assert any(message in error and f":{line}:" in error for error in errors), errors  # at own_face


KRYKY = str(ROOT / "tests" / "data" / "stud-family" / "kryky.yaml")


def checked_through(hand: Hand) -> None:
    """Post the bring-in or check and call until the hand asks something else (a draw)."""
    while hand.actor is not None and not hand.is_complete:
        kinds = {choice.kind for choice in hand.legal_actions()}
        if ActionKind.BRING_IN in kinds:
            hand.act(parse_action("pb"))
        elif ActionKind.CHECK_CALL in kinds:
            hand.act(parse_action("cc"))
        else:
            return


def to_the_wild_card() -> Hand:
    """Kryky heads-up to its last street, everything checked: p1 A♠ K♠ 2♣ down, 7♥ 7♦ up; p2
    Q♥ Q♦ 4♣ down, 9♠ 3♦ up (the 9♠ is the high card: p2 brings in, p1 calls); the
    community cards 5♣ and J♦; both stand pat."""
    hand = new_hand(KRYKY, stacks=[1000, 1000])
    deal(hand, p1="AsKs2c7h7d", p2="QhQd4c9s3d")
    checked_through(hand)
    play(hand, "d db 5c")
    checked_through(hand)
    play(hand, "p1 sd\np2 sd")
    checked_through(hand)
    play(hand, "d db Jd")
    checked_through(hand)
    return hand


def test_an_indicator_card_names_the_wild_rank_and_plays_in_no_hand() -> None:
    """Kryky (generic_poker kryky.json, the last card a "Wild" subset): the last card goes to
    the middle, in no hand, and every card of its rank is wild from then on. The 2♥ comes:
    deuces are wild, so p1's 2♣ makes its sevens three sevens, which beat p2's queens; the 2♥
    itself pairs nobody. Antes 2, bring-in 3 and its call 3: 8 to p1: 1000 - 4 + 8 = 1004."""
    hand = to_the_wild_card()
    pending = hand.pending_deal()
    assert pending is not None and pending.seat is None and pending.indicator
    assert hand.waiting_for() == "waiting for a deal to the indicator card (in no hand)"
    play(hand, "d db 2h")
    assert hand.indicators == parse_cards("2h") and hand.community == parse_cards("5cJd")
    assert [e.ranks for e in hand.events if isinstance(e, WildRanksChanged)] == [(Rank.TWO,)]
    checked_through(hand)
    assert hand.is_complete
    assert hand.stacks == [1004, 996]
    assert hand.result is not None and "three of a kind, sevens" in hand.result.awards[0].hand


def test_the_indicator_is_no_card_of_any_hand() -> None:
    """The indicator plays in no hand: the Q♠ makes queens wild, so p2's Q♥ Q♦ are two wild
    cards; with its 3♦ 4♣ and the board's 5♣ they make a seven-high straight, the best hand
    (p1 has a pair of sevens). Were the Q♠ a card of p2's hand, three wild queens and the 9♠
    would be four nines. p2 wins the 8: p1 996, p2 1004."""
    hand = to_the_wild_card()
    play(hand, "d db Qs")
    checked_through(hand)
    assert hand.is_complete
    assert hand.stacks == [996, 1004]
    assert hand.result is not None and hand.result.awards[0].hand == "straight, seven high"


def test_the_indicator_is_written_on_its_own_line_and_replays() -> None:
    """PHH has no indicator card: it is a ``d db`` line of its own after the street's board,
    which the hand knows is the indicator (the deal due says so)."""
    hand = to_the_wild_card()
    play(hand, "d db 2h")
    assert history_actions(hand)[-1] == "d db 2h"
    text = write_history(hand, variant_ref=KRYKY)
    replayed = replay(parse_history(text), load_variant(KRYKY), unfinished=True)
    assert replayed.hand.indicators == hand.indicators


GBU = str(ROOT / "tests" / "data" / "stud-family" / "the-good-the-bad-and-the-ugly.yaml")


def gbu_to_fourth(good: str = "Tc", bad: str = "8s", ugly: str = "Kd") -> Hand:
    """The Good, the Bad and the Ugly heads-up, its three indicators dealt face down on third
    street (p1: 9c 8d up Jh; p2: 2c 3d up 4h, whose 4h brings in), to the fourth street's deal."""
    hand = new_hand(GBU, stacks=[1000, 1000])
    deal(hand, p1="9c8dJh", p2="2c3d4h")
    for card in (good, bad, ugly):
        play(hand, f"d db {card}")
    passive(hand)
    return hand


def test_indicators_dealt_face_down_are_seen_by_nobody_until_turned() -> None:
    """docs/rules.md V15 (mypokerhomegame.com, the Good, the Bad and the Ugly: three down
    cards in the centre, turned one a street): before fourth street's turn every seat's view
    shows three unseen cards in the middle and no rank is wild; after fourth street's cards
    the Good is turned and tens are wild."""
    hand = gbu_to_fourth()
    for viewer in (0, 1, None):
        assert hand.view(viewer).indicators == (None, None, None)
    assert table_ranks(hand) == frozenset()
    deal(hand, p1="Qh", p2="5c")
    assert hand.view(0).indicators == (parse_cards("Tc")[0], None, None)
    assert table_ranks(hand) == {Rank.TEN}


def test_the_bad_throws_its_rank_out_of_every_hand_up_or_down() -> None:
    """V15, the Bad: "Any card in a player's hand (up or down) that matches must be
    discarded": the 8s turned after fifth street's cards takes p1's hole 8d and its new up
    8c into the muck, shown; p2 keeps its five cards."""
    hand = gbu_to_fourth()
    deal(hand, p1="Qh", p2="5c")
    passive(hand)
    deal(hand, p1="8c", p2="6c")
    assert [str(card) for card in hand.cards[0]] == ["9c", "Jh", "Qh"]
    thrown = [event for event in hand.events if isinstance(event, CardsThrownOut)]
    assert [(event.seat, [str(card) for card in event.cards]) for event in thrown] == [(0, ["8d", "8c"])]
    assert len(hand.cards[1]) == 5


def test_the_ugly_kills_a_hand_that_shows_its_rank() -> None:
    """V15, the Ugly: "If this card matches any up card in a player's hand the player must
    fold": p2 shows the Kc when the Kd is turned after sixth street's cards; its hand is dead
    (its chips stay in the pot) and p1, alone, takes it (antes 1 x 2, the bring-in 3 called:
    8): p1 1004, p2 996, with no seventh card dealt."""
    hand = gbu_to_fourth()
    for p1, p2 in (("Qh", "5c"), ("7d", "6c")):
        deal(hand, p1=p1, p2=p2)
        passive(hand)
    deal(hand, p1="3s", p2="Kc")
    assert hand.is_complete
    assert hand.stacks == [1004, 996]
    assert [(event.seat, str(event.card)) for event in hand.events if isinstance(event, HandKilled)] == [(1, "Kd")]


def test_every_hand_showing_the_ugly_kills_none() -> None:
    """V15 (studspec's reading): when every hand still in shows the Ugly's rank, none is
    killed; the hand goes on to seventh street."""
    hand = gbu_to_fourth()
    for p1, p2 in (("Qh", "5c"), ("7d", "6c")):
        deal(hand, p1=p1, p2=p2)
        passive(hand)
    deal(hand, p1="Ks", p2="Kc")
    assert hand.live == [0, 1] and not hand.is_complete
    assert not [event for event in hand.events if isinstance(event, HandKilled)]


def test_no_wild_card_stands_for_the_bad_rank() -> None:
    """V15 ("if 10's are 'bad' then you cannot have a 9-T-J-Q-K straight"): sevens are good
    and tens bad; p1's 9-J-Q-K with a wild seven is no straight but a pair of kings (the
    seven a king), and p2's natural pair of aces wins (were the wild seven a ten, p1's
    straight would). Checked through: p2 takes the 8: p1 996, p2 1004."""
    hand = gbu_to_fourth(good="7s", bad="Ts", ugly="2d")
    deal(hand, p1="Qh", p2="Ac")
    passive(hand)
    deal(hand, p1="Kc", p2="Ad")
    passive(hand)
    deal(hand, p1="7c", p2="9s")
    passive(hand)
    deal(hand, p1="4c", p2="Jd")
    passive(hand)
    assert hand.is_complete
    assert hand.stacks == [996, 1004]


def test_a_face_down_indicator_replays_from_its_history() -> None:
    """The history deals each face-down indicator on a ``d db`` line of its own and needs no
    line for its turn: a replay makes the same hand (the same cards thrown out)."""
    hand = gbu_to_fourth()
    deal(hand, p1="Qh", p2="5c")
    passive(hand)
    deal(hand, p1="8c", p2="6c")
    lines = history_actions(hand)
    assert lines[2:5] == ["d db Tc", "d db 8s", "d db Kd"]
    replayed = replay(parse_history(write_history(hand, variant_ref=GBU)), load_variant(GBU), unfinished=True)
    assert replayed.hand.cards == hand.cards and replayed.hand.indicators == hand.indicators


def test_validate_holds_a_face_down_indicator_to_an_earlier_street(tmp_path: Path) -> None:
    """indicator_dealt_on names an earlier street, and goes with an indicator: refused at
    the key otherwise, with the streets allowed."""
    text = Path(GBU).read_text(encoding="utf-8")
    for patched, message in (
        (
            text.replace("indicator_dealt_on: third\n  fifth", "indicator_dealt_on: sixth\n  fifth"),
            "not a street before",
        ),
        (text.replace("    indicator: wild-rank\n", ""), "the street names no indicator"),
    ):
        book = tmp_path / "gbu.yaml"
        book.write_text(patched, encoding="utf-8")
        errors = [str(error) for error in validate_file(book)]
        assert any(message in error and ":" in error for error in errors), errors


def test_a_board_the_bad_empties_never_acts_first() -> None:
    """V15 and O1: the Bad (9s) throws out all three of p1's up nines, leaving it no board;
    the best board showing still opens (p2's K-Q-Q), and nothing is valued on an empty
    board (found by review: an empty board raised a ValueError or opened by position)."""
    hand = new_hand(GBU, stacks=[1000, 1000, 1000])
    deal(hand, p1="2c3d9h", p2="4c5dKh", p3="6c7dJh")
    for card in ("Tc", "9s", "2d"):
        play(hand, f"d db {card}")
    passive(hand)
    deal(hand, p1="9d", p2="Qh", p3="8s")
    passive(hand)
    deal(hand, p1="9c", p2="Qs", p3="5h")
    assert hand.boards[0] == [] and hand.actor == 1


def test_an_indicator_turned_on_the_last_street_needs_no_card_of_the_stub(tmp_path: Path) -> None:
    """The face-down indicators are dealt on third street and take nothing from the stub when
    turned: seven players, 49 cards and three indicators fill the deck exactly, and a hand
    played to the end never runs out (found by review: a street that turned one was planned
    as if it dealt it)."""
    text = (
        Path(GBU)
        .read_text(encoding="utf-8")
        .replace(
            "  sixth:\n    indicator: fold-rank\n    indicator_dealt_on: third\n",
            "  seventh:\n    indicator: fold-rank\n    indicator_dealt_on: third\n",
        )
    )
    book = tmp_path / "gbu-seventh.yaml"
    book.write_text(text, encoding="utf-8")
    assert [str(error) for error in validate_file(book)] == []
    for seed in range(3):
        hand = Hand(load_variant(str(book)), [1000] * 7, seed=seed)
        while not hand.is_complete:
            kinds = {choice.kind for choice in hand.legal_actions()}
            hand.act(parse_action("pb" if ActionKind.BRING_IN in kinds else "cc"))
        assert len(hand.indicators) == 3


STUDAHA = str(ROOT / "tests" / "data" / "stud-family" / "studaha.yaml")


def test_two_high_shares_of_different_cards_split_the_pot() -> None:
    """Studaha (generic_poker studaha.json; docs/rules.md V15): half the pot to the best five
    of the player's own cards, half to the best of two own cards and three community cards.
    p1's own seven (Kc Kd 2s Ks 7c 2d 4s: kings full of twos) take the stud half over p2's
    eight-high straight; with the board 9h Th Jh 2c 3d, p2's Qh 8h make a queen-high straight
    flush and take the Omaha half, where p1 has a pair of kings. Antes 1 x 2, the bring-in
    3 called, checked through: the 8 splits 4 and 4, each back to 1000."""
    hand = new_hand(STUDAHA, stacks=[1000, 1000])
    deal(hand, p1="KcKd2s", p2="Qh8h4c")
    play(hand, "p1 up Kc")
    play(hand, "p2 up 4c")
    passive(hand)  # the 4c is the lower door: p2 brings in, p1 calls
    deal(hand, p1="Ks7c", p2="5d6s")
    play(hand, "d db 9hThJh")
    passive(hand)
    deal(hand, p1="2d", p2="3s")
    play(hand, "d db 2c")
    passive(hand)
    deal(hand, p1="4s", p2="7d")
    play(hand, "d db 3d")
    passive(hand)
    assert hand.is_complete and hand.result is not None
    assert hand.stacks == [1000, 1000]
    assert [(award.amounts, award.hand) for award in hand.result.awards] == [
        (((0, 4),), "full house, kings full of twos"),
        (((1, 4),), "straight flush, queen high"),
    ]


def test_a_card_the_bad_would_have_thrown_out_cannot_be_shown_later() -> None:
    """V15, the Bad: every card of its rank held when it is turned goes to the muck. A hole
    card dealt unseen (``??``, a replayed history) cannot be thrown out then, so at the
    showdown it may not turn out to be of that rank: p1 showing the 9c in the hole, held
    when the 9s was turned, is refused with the reason, and the hand is as it was (found by
    review); its real cards are accepted."""
    hand = Hand(
        load_variant(GBU), [1000, 1000], stakes=new_hand(GBU).stakes, deal_from_outside=True, auto_showdown=False
    )
    play(hand, "d dh p1 ????Kh")
    deal(hand, p2="4c5dQh")
    for card in ("Tc", "9s", "2d"):
        play(hand, f"d db {card}")
    for p1, p2 in (("Qs", "Jc"), ("7d", "6c"), ("3s", "8c"), ("Ad", "Js")):
        passive(hand)
        deal(hand, p1=p1, p2=p2)
    while "cc" in legal(hand):  # the last round checked through: the showdown asks p1 to show
        hand.act(parse_action("cc"))
    before = hand.snapshot()
    with pytest.raises(IllegalActionError, match="thrown out"):
        play(hand, "p1 sm 9c2cKhQs7d3sAd")
    assert hand.snapshot() == before
    play(hand, "p1 sm 5c2cKhQs7d3sAd")
