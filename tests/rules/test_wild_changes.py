"""Wild cards that change as the up cards fall, and dealt cards that end a hand.

A wild rank that climbs (Sequence, docs/rules.md V5: pokerhouserules "Sequence"), wild cards
cancelled by a second one showing (Woolworth, V5: dealerschoicelab.com), an up three bought
to make it wild or played plain (V6: Wikipedia "Baseball (poker)"), a kill card and a card
that wins the pot (V16). Each test deals chosen cards from outside and reads the rule's
effect where it matters: the wild ranks, the winner, the stacks.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT
from scripted import deal, legal, new_hand, passive, play
from studspec import WildRanksChanged
from studspec.engine.cards import Rank, parse_card
from studspec.engine.wild_now import spec_for, table_ranks
from studspec.errors import IllegalActionError, IllegalDealError
from studspec.rulebook.loader import validate_file

FAMILY = ROOT / "tests" / "data" / "stud-family"
CHANGES = ROOT / "tests" / "data" / "wild-changes"


def refusals(tmp_path: Path, text: str) -> list[str]:
    """What ``validate`` says of a rule book of this text (one file:line:col line each)."""
    book = tmp_path / "book.yaml"
    book.write_text("schema_version: 1\nname: book\n" + text, encoding="utf-8")
    return [str(error) for error in validate_file(book)]


def test_sequence_the_wild_rank_climbs_one_rank_at_a_time() -> None:
    """V5, Sequence: nothing is wild until an up deuce; then deuces; an up three moves it to
    threes; an up five (not the next rank) changes nothing; an up four moves it on. A deuce
    or three in the hole never counts."""
    hand = new_hand(str(FAMILY / "sequence.yaml"))
    deal(hand, p1="2c3cKh", p2="4d5d9c", p3="8s9sJd")  # a hole deuce and a hole three
    assert table_ranks(hand) == frozenset()
    passive(hand)
    deal(hand, p1="5h", p2="2d", p3="Th")  # an up five first: nothing; then the up deuce
    assert table_ranks(hand) == {Rank.TWO}
    passive(hand)
    deal(hand, p1="3h", p2="5c", p3="4h")  # an up three: threes; the up four after it: fours
    assert table_ranks(hand) == {Rank.FOUR}
    changes = [event.ranks for event in hand.events if isinstance(event, WildRanksChanged)]
    assert changes == [(Rank.TWO,), (Rank.THREE,), (Rank.FOUR,)]


def test_sequence_a_rank_skipped_does_not_move_it() -> None:
    """V5, Sequence: after deuces, an up four is not the next rank: deuces stay wild until a
    three shows."""
    hand = new_hand(str(FAMILY / "sequence.yaml"))
    deal(hand, p1="KcKd2h", p2="QdQs4c", p3="8s9sJd")
    passive(hand)
    assert table_ranks(hand) == {Rank.TWO}  # the 4c came after the 2h, but is not a three


def test_woolworth_the_second_up_five_or_ten_ends_every_wild_card() -> None:
    """V5, Woolworth: a hole ten does not count; the first up five leaves fives and tens
    wild; the second up five or ten (a ten here) makes both ranks natural for everyone,
    and nothing makes them wild again."""
    hand = new_hand(str(FAMILY / "woolworth-until-a-second.yaml"))
    deal(hand, p1="TcTdKh", p2="4d6d5c", p3="8s9sJd")  # two hole tens, one up five
    assert table_ranks(hand) == {Rank.FIVE, Rank.TEN}
    passive(hand)
    deal(hand, p1="Qh", p2="Th", p3="5h")  # the second counted up card: the ten
    assert table_ranks(hand) == frozenset()
    p1 = spec_for(hand, 0)
    assert p1 is not None and not p1.ranks and not p1.cards
    assert [event.ranks for event in hand.events if isinstance(event, WildRanksChanged)] == [()]


def test_woolworth_a_natural_hand_wins_once_the_wild_cards_are_cancelled() -> None:
    """V5, Woolworth: p2 holds three tens (two in the hole, one up) and would have five of a
    kind with its two fives; once a second up five shows they are plain: p2's full house,
    tens over fives, loses to p1's four kings. Antes 1 each, checked down: p1 takes 2."""
    hand = new_hand(str(FAMILY / "woolworth-until-a-second.yaml"), stacks=(1000, 1000))
    deal(hand, p1="KcKd2h", p2="TcTd5c")  # p1's deuce door brings in
    passive(hand)
    for p1, p2 in (("Kh", "5d"), ("Ks", "Th"), ("3c", "4c"), ("7d", "8s")):
        deal(hand, p1=p1, p2=p2)
        passive(hand)
    assert hand.is_complete
    assert hand.result is not None
    assert [(award.amounts, award.hand) for award in hand.result.awards] == [(((0, 8),), "four of a kind, kings")]


def test_a_single_card_cancels_on_its_first_showing(tmp_path: Path) -> None:
    """V5: cancelled_by names a card; its first up showing (up 1, the default) ends the wild
    deuces. In the hole it does not count, and other cards of its rank never do."""
    book = tmp_path / "qs.yaml"
    book.write_text(
        "schema_version: 1\nextends: seven-card-stud\nname: qs\n"
        "wild:\n  ranks: ['2']\n  cancelled_by:\n    cards: [Qs]\n",
        encoding="utf-8",
    )
    hand = new_hand(str(book))
    deal(hand, p1="Qs2c3c", p2="4d5d2d", p3="8s9sJd")  # the Qs in the hole: no count
    passive(hand)
    deal(hand, p1="Qh", p2="Qc", p3="Qd")  # other queens change nothing
    assert table_ranks(hand) == {Rank.TWO}
    shown = new_hand(str(book))
    deal(shown, p1="4c2c3c", p2="4d5dQs", p3="8s9sJd")  # the Qs as a door: cancelled at once
    assert table_ranks(shown) == frozenset()


def test_a_cancel_ends_a_players_own_wild_card_too(tmp_path: Path) -> None:
    """V5: once cancelled, every wild card of the book is natural, a player's own wild rank
    (the lowest card in the hole) included (found by review: it stayed wild)."""
    book = tmp_path / "low-hole.yaml"
    book.write_text(
        "schema_version: 1\nextends: seven-card-stud\nname: low-hole\n"
        "wild:\n  per_player: lowest-down-card\n  cancelled_by:\n    cards: [Qs]\n",
        encoding="utf-8",
    )
    assert [str(error) for error in validate_file(book)] == []  # a per-player wild card is something to cancel
    hand = new_hand(str(book))
    deal(hand, p1="5c9dKh", p2="4d8dQs", p3="8s9sJd")
    p1 = spec_for(hand, 0)
    assert p1 is not None and p1.ranks == frozenset()  # the Qs door cancelled the fives before they mattered


def test_a_declined_three_plays_plain_and_the_other_threes_stay_wild() -> None:
    """V6 (Wikipedia, Baseball: buy the up 3 by matching the pot, or it is no wild card): p1
    declines its up 3h, asked for the pot (antes 2, bring-in 3 called: 8); p2's 3c in the
    hole stays wild. p1: A-A-A and the plain three, three aces (bought, four aces); p2: K-K,
    the wild 3c, Q-Q: a full house, kings over queens, which wins the 8: p1 996, p2 1004."""
    hand = new_hand(str(CHANGES / "baseball-buy-the-three.yaml"), stacks=(1000, 1000))
    deal(hand, p1="AcAhAd", p2="3cKhKs")  # a hole 3c; the Ks door is the lower: p2 brings in
    passive(hand)
    deal(hand, p1="3h")
    assert hand.actor == 0 and legal(hand) == ["pay 8", "decline"]
    with pytest.raises(IllegalActionError):
        play(hand, "p1 f")  # no fold: the answers are pay or decline
    play(hand, "p1 decline")
    p1 = spec_for(hand, 0)
    assert p1 is not None and Rank.THREE not in p1.ranks
    assert parse_card("3h") not in p1.cards and parse_card("3c") in p1.cards  # only the declined three is plain
    deal(hand, p2="Qc")
    passive(hand)
    for p1_card, p2_card in (("7c", "Qd"), ("8c", "Jh"), ("6d", "5s")):
        deal(hand, p1=p1_card, p2=p2_card)
        passive(hand)
    assert hand.is_complete and hand.result is not None
    assert hand.stacks == [996, 1004]
    assert [award.hand for award in hand.result.awards] == ["full house, kings full of queens"]


def test_a_kill_card_kills_the_hand_that_would_have_won() -> None:
    """V16 (Baseball of 1945: an up three kills the hand): p1, with aces, is dealt the 3h face
    up on fourth street and its hand is dead at once; p2 is left alone and takes the pot
    with nothing more dealt (a deal to p2 is refused). Antes 1 x 2, bring-in 3 by p2 called
    by p1: pot 8; p1 lost 4, p2 won 4."""
    hand = new_hand(str(CHANGES / "baseball-1945.yaml"), stacks=(1000, 1000))
    deal(hand, p1="AcAdAh", p2="5c6c2d")
    passive(hand)
    deal(hand, p1="3h")
    assert hand.is_complete
    assert hand.stacks == [996, 1004]
    with pytest.raises(IllegalDealError):
        play(hand, "d dh p2 7d")


def test_a_hole_ace_wins_the_pot_on_the_spot() -> None:
    """V16: five-card stud where a hole ace wins outright: p2's hole ace makes p1's hand
    dead before p1's door is even seen to matter; p2 takes the antes (2 x 1)."""
    hand = new_hand(str(CHANGES / "hole-ace-wins.yaml"), stacks=(1000, 1000))
    play(hand, "d dh p1 Kc9d")
    play(hand, "d dh p2 As7c")
    assert hand.is_complete
    assert hand.stacks == [999, 1001]


def test_the_checks_refuse_what_cannot_play(tmp_path: Path) -> None:
    """validate (a book that validates plays): a climbing rank beside a followed one; a
    cancel with nothing wild, with jokers, naming nothing, or waiting for more cards than
    exist; a bought wild card of a rank that is not wild; a kill with a price; a
    pay-or-not-wild with none."""
    stud = "extends: seven-card-stud\n"
    cases = {
        "moves": (stud + "wild:\n  moves: '2'\n  follows: K\n", "wild.moves makes the up cards move"),
        "nothing": (stud + "wild:\n  cancelled_by:\n    ranks: ['5']\n", "no card is wild in this book"),
        "jokers": (
            stud + "deck:\n  cards: 52-plus-joker\nwild:\n  ranks: ['5']\n  cancelled_by:\n    ranks: ['5']\n",
            "a joker has no natural value",
        ),
        "empty": (stud + "wild:\n  ranks: ['5']\n  cancelled_by:\n    up: 2\n", "names no card that cancels"),
        "many": (stud + "wild:\n  ranks: ['5']\n  cancelled_by:\n    ranks: ['5']\n    up: 5\n", "at most 4"),
        "unwild": (
            stud + "wild:\n  ranks: ['9']\ntriggers:\n  - {rank: '3', effect: pay-or-not-wild, price: pot}\n",
            "is not in wild.ranks",
        ),
        "priced kill": (stud + "triggers:\n  - {rank: '3', effect: kill, price: ante}\n", "its price is free"),
        "turned": (
            stud + "streets:\n  fourth:\n    turn_up: 1\ntriggers:\n  - {rank: '4', effect: extra-card}\n",
            "a turned card is no dealt card",
        ),
        "free buy": (
            stud + "wild:\n  ranks: ['3']\ntriggers:\n  - {rank: '3', effect: pay-or-not-wild}\n",
            "so it needs a price",
        ),
    }
    for name, (text, said) in cases.items():
        errors = refusals(tmp_path, text)
        assert any(said in error and ":" in error.split(" ")[0] for error in errors), (name, errors)


def test_the_guides_table_rules_example_validates_reads_as_quoted_plays_and_replays(tmp_path: Path) -> None:
    """docs/authoring.md section 10: its book validates clean, ``describe`` says what the
    guide quotes, and seeded hands play to the end and replay from their histories."""
    import random
    import re

    from studspec.authoring.describe import describe
    from studspec.authoring.document import Format, render
    from studspec.engine.hand import Hand
    from studspec.history.phh import parse_history, replay, write_history
    from studspec.play.players import RandomPlayer, play_out
    from studspec.rulebook import load_variant

    guide = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
    section = guide.split("## 10. Table rules", 1)[1].split("\n## ", 1)[0]
    block = section.split("```yaml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "woolworth-house.yaml"
    path.write_text(block, encoding="utf-8")
    assert validate_file(path) == []
    variant = load_variant(str(path))
    described = " ".join(render(describe(variant), Format.MARKDOWN).split())
    quotes = re.findall(r'`studspec describe` says "([^"]+)"', " ".join(section.split()))
    assert len(quotes) == 1 and quotes[0] in described
    for seed in range(6):
        players = 2 + seed % 6
        hand = Hand(variant, [variant.stakes.starting_stack] * players, seed=seed)
        play_out(hand, [RandomPlayer(random.Random(seed * 10 + s)) for s in range(players)])
        history = write_history(hand, variant_ref=str(path))
        assert list(replay(parse_history(history), variant).stacks) == hand.stacks
