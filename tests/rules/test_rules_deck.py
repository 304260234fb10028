"""Running out of cards, and folded cards that must never be dealt again.

Sources: seed 000 (8 players who never fold run out of cards; the burns go back into play;
if still short, one community card face up plays in every hand; folded players' cards may
never be used), seeds 001/002 (community card when the deck cannot serve everyone),
WSOP-L 228, docs/rules.md E20-E22.
"""

from __future__ import annotations

import pytest

from scripted import ALL_CARDS, STUD, deal, new_hand, passive, play, shuffled_hand, snapshot, won
from studspec.engine.events import BurnsReshuffled, CardBurned, CardsDealt, CommunityCardDealt
from studspec.engine.hand import Hand
from studspec.errors import IllegalDealError
from studspec.rulebook.model import Face


def deal_six_each(hand: Hand, seats: list[list[str]]) -> None:
    """Deal 3rd to 6th street (six cards a seat), playing each round passively."""
    deal(hand, **{f"p{i + 1}": "".join(cards[:3]) for i, cards in enumerate(seats) if i in hand.live_seats()})
    passive(hand)
    for index in (3, 4, 5):
        deal(hand, **{f"p{i + 1}": cards[index] for i, cards in enumerate(seats) if i in hand.live_seats()})
        passive(hand)


def eight_seats(first: list[str], withheld: set[str]) -> list[list[str]]:
    rest = [c for c in ALL_CARDS if c not in withheld and c not in first]
    return [first] + [rest[6 * i : 6 * i + 6] for i in range(7)]


def test_eight_players_no_fold_burns_reshuffled_then_one_community_card() -> None:
    """Seed 000 ("with eight players who have not folded after the sixth card the cards run
    out ... a common seventh card is dealt face up ... counted in every player's hand";
    "the burned cards are taken into play"), seeds 001/002, edge case 22.

    8 x 3 + 3 x (1 burn + 8) = 51 cards are gone before 7th street: the stub holds 1.
    Eight down cards plus a burn cannot be found even with the 3 burns back, so the burns
    are reshuffled into the stub and one community card is dealt face up. It is A♥ and
    gives p1 (K♥ Q♥ J♥ T♥ among its six cards) a royal flush: p1 wins 8 x (1 + 3) = 32.
    """
    withheld = {"Ah", "2c", "2d", "2h"}  # the community card and the three unseen cards
    seats = eight_seats(["Kh", "Qh", "Jh", "Th", "3c", "4d"], withheld)
    hand = new_hand(STUD, stacks=[1000] * 8)
    deal_six_each(hand, seats)
    pending = hand.pending_deal()
    assert pending is not None
    assert pending.seat is None and pending.count == 1 and pending.faces == (Face.UP,)
    reshuffles = [e for e in hand.events if isinstance(e, BurnsReshuffled)]
    assert [e.count for e in reshuffles] == [3]
    burns = [e for e in hand.events if isinstance(e, CardBurned)]
    assert len(burns) == 4  # before 4th, 5th, 6th and 7th street
    # A down card to a seat is not what the rules call for now.
    before = snapshot(hand)
    with pytest.raises(IllegalDealError):
        play(hand, "d dh p1 2c")
    assert snapshot(hand) == before
    play(hand, "d db Ah")
    community = [e for e in hand.events if isinstance(e, CommunityCardDealt)]
    assert [str(e.card) for e in community] == ["Ah"]
    for seat in range(8):
        assert [str(c) for c in hand.view(seat).community] == ["Ah"]
    passive(hand)  # 7th street is checked around
    assert hand.is_complete
    assert won(hand) == {0: 32}


def test_seven_players_reach_seventh_burns_reshuffled_no_community_card() -> None:
    """Seed 000 (the burns go back into play when the cards run short), WSOP-L 228, edge
    case 20: 7 players never fold; 7 x 3 + 3 x 8 = 45 cards are gone, the stub holds 7,
    fewer than 7 down cards plus a burn. With the 3 burns back there are 10: the burns
    are reshuffled in and every seat gets its own 7th card, face down; no community card."""
    first = ["Kh", "Qh", "Jh", "Th", "3c", "4d"]
    rest = [c for c in ALL_CARDS if c not in first]
    seats = [first] + [rest[6 * i : 6 * i + 6] for i in range(6)]
    unseen = rest[36:]
    assert len(unseen) == 10
    hand = new_hand(STUD, stacks=[1000] * 7)
    deal_six_each(hand, seats)
    assert [e.count for e in hand.events if isinstance(e, BurnsReshuffled)] == [3]
    pending = hand.pending_deal()
    assert pending is not None and pending.seat == 0 and pending.faces == (Face.DOWN,)
    for seat in range(7):
        play(hand, f"d dh p{seat + 1} {unseen[seat]}")
    assert not any(isinstance(e, CommunityCardDealt) for e in hand.events)
    passive(hand)
    assert hand.is_complete


def test_folded_cards_are_never_dealt_again_outside_deal() -> None:
    """Seed 000 ("Aiemmin luovuttaneiden pelaajien kortteja ei saa enää missään tapauksessa
    ottaa mukaan peliin": cards of players who folded may in no case come back into play):
    p3 folds Q♠ Q♦ J♣ on 3rd street; dealing Q♠ to p1 on 4th is refused and changes
    nothing; an unseen card is accepted."""
    hand = new_hand(STUD)
    play(hand, "d dh p1 AsKs2c\nd dh p2 AhKh9d\nd dh p3 QsQdJc\np1 pb\np2 cc\np3 f")
    before = snapshot(hand)
    with pytest.raises(IllegalDealError) as refused:
        play(hand, "d dh p1 Qs")
    assert "Qs" in str(refused.value)
    assert snapshot(hand) == before
    play(hand, "d dh p1 3d")
    pending = hand.pending_deal()
    assert pending is not None and pending.seat == 1


def test_folded_cards_are_not_the_community_card() -> None:
    """Seed 000 (folded cards never come back), edge case 21: 8 dealt, p8 folds on 3rd, 7
    reach 7th with a stub of 4 (4 + 3 burns < 7 + 1): a community card is dealt, and it
    may not be one of p8's folded cards."""
    withheld = {"Ah", "2c", "2d", "2h"}
    seats = eight_seats(["Kh", "Qh", "Jh", "Th", "3c", "4d"], withheld)
    hand = new_hand(STUD, stacks=[1000] * 8)
    deal(hand, **{f"p{i + 1}": "".join(cards[:3]) for i, cards in enumerate(seats)})
    # Everyone calls the bring-in except p8, who folds when its turn comes.
    while hand.actor is not None:
        seat = hand.actor
        choices = [str(a) for a in hand.legal_actions()]
        play(hand, f"p{seat + 1} " + ("pb" if "pb" in choices else "f" if seat == 7 else "cc"))
    assert hand.folded[7]
    for index in (3, 4, 5):
        deal(hand, **{f"p{i + 1}": cards[index] for i, cards in enumerate(seats) if i != 7})
        passive(hand)
    pending = hand.pending_deal()
    assert pending is not None and pending.seat is None
    before = snapshot(hand)
    for folded_card in seats[7][:3]:
        with pytest.raises(IllegalDealError):
            play(hand, f"d db {folded_card}")
        assert snapshot(hand) == before
    play(hand, "d db Ah")
    passive(hand)
    assert hand.is_complete
    assert won(hand) == {0: 7 * 4 + 1}


@pytest.mark.parametrize("seed", range(12))
def test_shuffled_deck_eight_players_never_reuses_a_card(seed: int) -> None:
    """Seed 000: with a shuffled deck and 8 players, p8 folding on 3rd street, no card is
    ever dealt twice and p8's folded cards never reappear; with nobody folding, exactly one
    community card is dealt and the hand completes with chips conserved."""
    for fold in (True, False):
        hand = shuffled_hand(STUD, [1000] * 8, seed)
        while not hand.is_complete:
            seat = hand.actor
            assert seat is not None, "a shuffled deck never waits for a deal"
            choices = [str(a) for a in hand.legal_actions()]
            move = "pb" if "pb" in choices else ("f" if fold and seat == 7 and "f" in choices else "cc")
            play(hand, f"p{seat + 1} {move}")
        dealt = [c for e in hand.events if isinstance(e, CardsDealt) for c in e.cards]
        dealt += [e.card for e in hand.events if isinstance(e, CommunityCardDealt)]
        assert len(dealt) == len(set(dealt))
        community = [e for e in hand.events if isinstance(e, CommunityCardDealt)]
        if fold:
            folded = set(hand.cards[7])
            later = [c for e in hand.events if isinstance(e, CardsDealt) and e.seat != 7 for c in e.cards]
            assert not folded & set(later) and not folded & {e.card for e in community}
        else:
            assert len(community) == 1
        assert hand.result is not None and sum(hand.result.stacks) == 8000


def test_community_card_does_not_change_who_opens_seventh_street() -> None:
    """TDA RP-10H-D (after a community card the 6th-street opener acts first), WSOP-L 230
    (same after an exposed 7th card), edge cases 21 and 23: 8 players never fold; p6's
    board 9-9 opens 4th to 6th street. The community K♦ would pair the kings showing at
    p5, p7 and p8 if it counted as their board, but it is nobody's up card: p6 still
    opens 7th street."""
    boards = [
        "AdTc3h7s", "Ac4d6h8s", "Ah5c7dTs", "As6c8dJh",
        "KcQcJd5h", "9c9d2s3s", "KsQd4c2h", "KhQh8c6d",
    ]  # fmt: skip
    community = "Kd"
    used = {b[i : i + 2] for b in boards for i in range(0, 8, 2)} | {community}
    holes = [c for c in ALL_CARDS if c not in used][:16]
    seats = [[holes[2 * i], holes[2 * i + 1]] + [b[j : j + 2] for j in range(0, 8, 2)] for i, b in enumerate(boards)]
    hand = new_hand(STUD, stacks=[1000] * 8)
    deal(hand, **{f"p{i + 1}": "".join(cards[:3]) for i, cards in enumerate(seats)})
    passive(hand)
    openers = []
    for index in (3, 4, 5):
        deal(hand, **{f"p{i + 1}": cards[index] for i, cards in enumerate(seats)})
        openers.append(hand.actor)
        passive(hand)
    assert openers == [5, 5, 5]
    pending = hand.pending_deal()
    assert pending is not None and pending.seat is None
    play(hand, f"d db {community}")
    assert hand.actor == 5
    passive(hand)
    assert hand.is_complete
