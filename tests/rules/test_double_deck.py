"""The double deck (docs/rules.md D6; ``deck.copies: 2``).

Two decks shuffled together hold every card twice. The hands a single deck cannot deal rank
as the poker categories already say: two identical cards are a pair; five cards of a rank are
five of a kind, above a straight flush (Wikipedia, "List of poker hands": five of a kind is
possible "with two or more decks" and ranks above a straight flush; docs/rules.md V5 ranks it
so for wild cards); five cards of a suit are a flush even with a rank repeated, compared card
by card ("all ties are handled in the same way they would be in normal poker", the two-deck
analysis cited in D6); a straight is five different ranks in a row. Of identical up cards
the seat dealt first brings in or acts (Robert's Rules, seven-card stud: "a tie is broken by
position, with the player who received cards first acting first"). Expected values are
reasoned from those rules; the brute-force section compares the evaluator with
tools/double_deck_brute_force.py (its long run: 100,000 hands a case, in tools/README.md).
"""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from conftest import ROOT
from studspec import Action, ActionKind, Hand, load_variant, parse_cards, parse_history
from studspec.authoring.describe import describe
from studspec.authoring.document import to_markdown
from studspec.engine.cards import Card, Rank
from studspec.engine.double_deck import DoubleDeck, double_deck
from studspec.engine.evaluation import ACE_TO_FIVE_LOW, DEUCE_TO_SEVEN_LOW, HIGH, RANKINGS
from studspec.engine.rules import SHARE_RULES, for_deck
from studspec.engine.shares import Holding, HoleCardShare
from studspec.engine.wild_ranking import FlushWilds, WildSpec, wild_ranking
from studspec.errors import IllegalDealError
from studspec.history.phh import replay, write_history
from studspec.rulebook.loader import validate_file
from studspec.rulebook.model import Face
from tools.double_deck_brute_force import CASES, Case, disagreements, random_hands

BOOKS = ROOT / "tests" / "conformance" / "decks" / "books"
STUD = BOOKS / "double-deck-stud.yaml"
DOUBLE = double_deck(HIGH)


def cards(text: str) -> list[Card]:
    parsed = parse_cards(text.replace(" ", ""))
    assert all(card is not None for card in parsed)
    return parsed  # type: ignore[return-value]


def words(evaluator: DoubleDeck, text: str) -> str:
    return evaluator.describe(evaluator.value(cards(text)))


def test_two_identical_cards_are_a_pair() -> None:
    """D6: As As is a pair of aces; with Ks Ks beside it, two pair."""
    assert words(DOUBLE, "As As") == "pair of aces"
    assert words(DOUBLE, "As As Kd 7c 3h") == "pair of aces"
    assert words(DOUBLE, "As As Ks Ks 9h 2c") == "two pair, aces and kings"
    assert DOUBLE.value(cards("As As Kd 7c 3h")) == HIGH.value(cards("As Ah Kd 7c 3h"))


def test_five_of_a_rank_is_five_of_a_kind_above_a_straight_flush() -> None:
    """D6, V5: 7c 7c 7d 7d 7h is five of a kind, above a royal flush; more than five of a rank
    (a Baseball hand of nine cards) still plays five of them."""
    assert words(DOUBLE, "7c 7c 7d 7d 7h Kc 2s") == "five of a kind, sevens"
    assert DOUBLE.value(cards("7c 7c 7d 7d 7h")) > DOUBLE.value(cards("Ah Kh Qh Jh Th"))
    assert words(DOUBLE, "9s 9s 9h 9h 9d 9d 9c 9c 2s") == "five of a kind, nines"


def test_a_flush_may_repeat_a_rank_and_is_ranked_card_by_card() -> None:
    """D6: As As Ks 9s 4s is a flush (not a pair of aces), so it beats a straight; its second
    card, an ace, beats the king of A-K-Q-J-9 of a suit; and a straight flush still needs five
    different ranks in a row."""
    assert words(DOUBLE, "As As Ks 9s 4s") == "flush, ace high"
    assert DOUBLE.value(cards("As As Ks 9s 4s")) > DOUBLE.value(cards("9d Th Jc Qd Kh"))
    assert DOUBLE.value(cards("As As Ks 9s 4s")) > DOUBLE.value(cards("Ah Kh Qh Jh 9h"))
    assert DOUBLE.value(cards("As As Ks 9s 4s")) < DOUBLE.value(cards("As Ks Ks 9s 4s Ad Ac"))  # aces full
    assert words(DOUBLE, "9s Ts Js Qs Ks Ks") == "straight flush, king high"
    assert words(DOUBLE, "9s Ts Ts Js Qs") == "flush, queen high"


def test_lows_count_the_copies_as_a_pair() -> None:
    """D6, L1: in ace-to-five the two copies pair; in deuce-to-seven a five of one suit is a
    flush against the hand even with a pair in it, the worse of its two readings."""
    razz = double_deck(ACE_TO_FIVE_LOW)
    assert words(razz, "7c 7c 5d 5d 3h 3h Ks") == ACE_TO_FIVE_LOW.describe(
        ACE_TO_FIVE_LOW.value(cards("Kc 7c 5d 3h 3d"))
    )
    assert razz.value(cards("Kd Qd Jc Tc 9s 8s 2c")) > razz.value(cards("7c 7c 5d 5d 3h 3h Ks"))
    deuce = double_deck(DEUCE_TO_SEVEN_LOW)
    assert words(deuce, "7s 7s 5s 3s 2s") == "flush, seven high"
    assert words(deuce, "7s 7s 5s 3s 2s 8d") == "8-7-5-3-2"


def test_wild_cards_on_a_double_deck() -> None:
    """D6, V5: a wild card in a flush beside a repeated natural rank is, under distinct-ranks,
    the highest rank the suit lacks (A-A-K-8-5 with As As 8s 5s), under any-rank an ace."""
    baseball = double_deck(wild_ranking(HIGH, WildSpec(frozenset({Rank.THREE, Rank.NINE}))))
    flush = baseball.value(cards("As As 8s 5s 3d 6c Td"))
    assert baseball.describe(flush) == "flush, ace high"
    assert flush > baseball.value(cards("Ah Kh Qh Jh 8h 2c 6d"))
    copies = double_deck(wild_ranking(HIGH, WildSpec(frozenset({Rank.TWO}), flush=FlushWilds.ANY_RANK)))
    assert copies.value(cards("As As 8s 5s 2d")) > baseball.value(cards("As As 8s 5s 3d"))


def test_evaluators_are_shared_and_pickle() -> None:
    assert double_deck(HIGH) is DOUBLE
    assert pickle.loads(pickle.dumps(DOUBLE)) is DOUBLE
    assert DOUBLE.best_five(cards("As As Ks 9s 4s 2d 7h")) == tuple(cards("As As Ks 9s 4s"))


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_double_deck_values_agree_with_brute_force(case: Case) -> None:
    """Every five cards, every wild substitution (tools/double_deck_brute_force.py): the same
    order of 3,000 random hands a case as the evaluator's (100,000 a case in the tool's run)."""
    assert disagreements(case, random_hands(case, 3000, f"test/{case.name}")) == []


class _DistinctFlushes(DoubleDeck):
    """A wrong rule: a flush of five different ranks only (a single deck's)."""

    def _flush(self, ranks: object, free: int) -> int:
        distinct = sorted(set(ranks))  # type: ignore[call-overload]
        return super()._flush(distinct, free) if len(distinct) + free >= 5 else -1


def test_the_brute_force_finds_a_wrong_flush_rule() -> None:
    """The check has teeth: an evaluator that wants five different ranks in a flush disagrees."""
    case = Case("high")
    assert disagreements(case, random_hands(case, 3000, "test/teeth"), _DistinctFlushes(HIGH))


def test_the_deck_holds_every_card_twice_and_refuses_a_third() -> None:
    """D6: 104 cards, each twice; a card dealt from outside twice is accepted, a third time
    refused with the hand unchanged; a stacked deck may name a card twice, not three times."""
    variant = load_variant(str(STUD))
    hand = Hand(variant, stacks=[1000] * 14, seed=5)
    dealt = [card for seat in hand.cards for card in seat]
    assert hand.deck.size + len(dealt) == 104
    every = [*dealt, *hand.deck.stub]
    assert all(every.count(card) == 2 for card in set(every)) and len(set(every)) == 52
    given = Hand(variant, stacks=[1000] * 3, seed=5, deal_from_outside=True)
    given.deal(0, cards("As As 7d"))
    before = given.snapshot()
    with pytest.raises(IllegalDealError, match="both copies the double deck holds are already in play"):
        given.deal(1, cards("As Kc 2c"))
    with pytest.raises(IllegalDealError, match="Kc is named 3 times for p2, but only 2 of its copies are unseen"):
        given.deal(1, cards("Kc Kc Kc"))
    assert given.snapshot() == before
    with pytest.raises(IllegalDealError, match="more often than this deck holds 2 of it"):
        Hand(variant, stacks=[1000] * 2, seed=1, deck=cards("As As As"))
    stacked = Hand(variant, stacks=[1000] * 2, seed=1, deck=cards("As As Kd Kd 2c 3c"))
    assert stacked.cards == [cards("As As Kd"), cards("Kd 2c 3c")]


def test_identical_door_cards_bring_in_by_the_seat_dealt_first() -> None:
    """D6: two deuces of clubs, the lowest door, tie even by suit; the first of them left of
    the dealer brings in, whichever seats hold them."""
    variant = load_variant(str(STUD))
    for doors, expected in ((("5h", "2c", "2c"), 1), (("2c", "5h", "2c"), 0), (("Kd", "Qd", "Qd"), 1)):
        downs = ("Ac Ad", "Kc Kd", "Jc Jd")
        hand = Hand(variant, stacks=[1000] * 3, seed=1, deck=cards(" ".join(f"{h} {d}" for h, d in zip(downs, doors))))
        assert hand.actor == expected, doors


def test_histories_write_either_copy_as_its_card(tmp_path: Path) -> None:
    """D6: a history writes As for either copy and reads it back (the first copy not in play)."""
    variant = load_variant(str(STUD))
    hand = Hand(variant, stacks=[1000] * 2, seed=1, deck=cards("As As 4s Ah Kh Jh"))
    text = write_history(hand, variant_ref=str(STUD))
    assert "AsAs4s" in text
    outcome = replay(parse_history(text), variant, unfinished=True)
    assert outcome.hand.cards == hand.cards


def refusals(tmp_path: Path, text: str) -> list[str]:
    book = tmp_path / "book.yaml"
    book.write_text("schema_version: 1\nname: book\n" + text, encoding="utf-8")
    return [str(error) for error in validate_file(book)]


def test_the_deck_check_counts_two_decks(tmp_path: Path) -> None:
    """D6: without a rule for running out, 104 cards serve 14 seven-card hands and 4 burns, not
    15; Baseball's eight fours may each earn an extra card, so 13 seats; one deck serves no
    table of 11 (the schema allows 16 seats, the deck decides)."""
    whole = "extends: seven-card-stud\nplayers:\n  max: {}\ndeck:\n  copies: 2\n  exhaustion: none\n"
    assert refusals(tmp_path, whole.format(14)) == []
    stud = refusals(tmp_path, whole.format(15))
    assert any("standard-52 twice (deck.copies 2) deck has 104" in error for error in stud), stud
    ball = refusals(tmp_path, "extends: baseball\nplayers:\n  max: 14\ndeck:\n  copies: 2\n")
    assert any("8 possible extra cards" in error and "set players.max to 13" in error for error in ball), ball
    single = refusals(tmp_path, "extends: seven-card-stud\nplayers:\n  max: 11\n")
    assert any("players.max" in error for error in single), single


def test_wild_down_bug_up_needs_one_joker(tmp_path: Path) -> None:
    """D6: wild-down-bug-up plays the joker by its face, so the deck holds one; a double deck
    holds it twice, refused at wild.jokers with the place."""
    text = (
        "extends: seven-card-stud\nplayers:\n  max: 8\ndeck:\n  cards: 52-plus-joker\n  copies: 2\n"
        "wild:\n  jokers: wild-down-bug-up\n"
    )
    errors = refusals(tmp_path, text)
    assert any(e.startswith(f"{tmp_path / 'book.yaml'}:10:") and "twice (deck.copies 2) has 2" in e for e in errors)


def test_describe_says_what_the_double_deck_deals() -> None:
    text = to_markdown(describe(load_variant(str(STUD))))
    assert "The deck is doubled: two of every card, 104 cards" in text
    assert "A full table of 14 needs at most 102 cards" in text


def test_the_evaluator_of_a_single_deck_is_untouched() -> None:
    """A book without deck.copies never wraps its rankings (the hot path stays the single deck's)."""
    compiled = load_variant("seven-card-stud")
    hand = Hand(compiled, stacks=[1000] * 2, seed=1)
    rule, _ = hand.rules.shares[0]
    assert type(rule).__name__ == "RankedShare" and rule.ranking is RANKINGS["high"]
    assert hand.rules.copies == 1 and type(hand.deck).__name__ == "Deck"


def test_a_big_double_deck_table_saves_pickles_and_views() -> None:
    """D6: fourteen seats on a double deck play, save and resume (a snapshot carries up to 16
    seats), pickle, and a seat's view shows its own two identical cards and no one else's."""
    variant = load_variant(str(STUD))
    hand = Hand(variant, stacks=[1000] * 14, seed=9, deck=cards("As As 4s"))
    hand.act(Action(ActionKind.BRING_IN))
    resumed = Hand.restore(hand.snapshot())
    assert resumed.cards == hand.cards and resumed.deck.stub == hand.deck.stub
    copy = pickle.loads(pickle.dumps(hand))
    assert copy.cards == hand.cards and copy.deck.unseen_copies(cards("As")[0]) == 0
    view = hand.view(0)
    assert [str(card) for card in view.seats[0].cards] == ["As", "As", "4s"]
    assert all(card is None for card in view.seats[1].cards[:2])


def test_two_seats_may_hold_the_same_spade_in_the_hole() -> None:
    """D6, V4: on a double deck High Chicago's spade in the hole can tie (both seats hold As
    down); the tied seats share it, and the odd chip reads the double-deck evaluator."""
    rule = for_deck(SHARE_RULES["high-spade-in-the-hole"], frozenset(), 2)
    assert isinstance(rule, HoleCardShare)
    faces = (Face.DOWN, Face.DOWN, Face.UP)
    mine, yours = Holding(tuple(cards("As As Kd")), faces), Holding(tuple(cards("As 2c Kd")), faces)
    assert rule.score(mine) == rule.score(yours) is not None
    assert rule.ranking_for(mine).odd_chip_key(mine.playing) == (12, 3)
