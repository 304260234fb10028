"""``studspec play`` asks the person's decisions about cards (issue 24).

The prompt says what is asked (``discard 2 cards``, ``pass 3 cards to p2``...) and lists the
eligible cards numbered; the person names cards by name (``7h 2c``, ``7h2c``), by number
(``1 3``) or as the action itself (``sd 7h2c``). A bad choice is refused with the rules'
reason and asked again, and changes nothing: the hand then ends exactly as the same hand
played through the API with only the accepted answers.
"""

from __future__ import annotations

import io

import pytest

from dealt_decisions import cards, drive, seven_card_deals
from studspec.engine.actions import Action, ActionKind, LegalAction
from studspec.engine.hand import Hand
from studspec.engine.phases import PhaseKind
from studspec.errors import ChoiceError
from studspec.play.game import Command, Console, new_session, parse_cards_choice, run_session
from studspec.play.players import PlayerKind
from studspec.play.session import Session
from studspec.play.simulate import bots_for_hand, hand_seed
from studspec.play.table import Narrator, Style, card_menu, describe_decision
from studspec.rulebook import load_variant

PLAIN = Style(symbols=False, color=False)

DISCARD_TWO = LegalAction(ActionKind.DISCARD, 2, 2, 0, cards=tuple(cards("7h2cKd9s")))


def discard(text: str) -> Action:
    return Action(ActionKind.DISCARD, cards=tuple(cards(text)))


def test_cards_are_named_by_name_by_number_or_as_the_action() -> None:
    read = [
        parse_cards_choice(text, DISCARD_TWO, [DISCARD_TWO]) for text in ("7h 2c", "7h2c", "7H 2C", "1 2", "sd 7h2c")
    ]
    assert read == [discard("7h2c")] * 5
    assert parse_cards_choice("2 4", DISCARD_TWO, [DISCARD_TWO]) == discard("2c9s")
    assert parse_cards_choice("?", DISCARD_TWO, [DISCARD_TWO]) is Command.HELP
    assert parse_cards_choice("t", DISCARD_TWO, [DISCARD_TWO]) is Command.TABLE


def test_no_card_stands_pat_turns_none_or_declines_a_buy() -> None:
    """``pat`` (or ``none``) names no card: a bare ``sd`` in a draw, ``decline`` for a buy;
    whether the book allows it is the hand's to judge."""
    assert parse_cards_choice("pat", DISCARD_TWO, [DISCARD_TWO]) == Action(ActionKind.DISCARD)
    buy = LegalAction(ActionKind.BUY, 1, 1, 800, cards=tuple(cards("7h2c")))
    legal = [buy, LegalAction(ActionKind.DECLINE)]
    assert (
        parse_cards_choice("none", buy, legal)
        == parse_cards_choice("decline", buy, legal)
        == Action(ActionKind.DECLINE)
    )


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("5", "5 is not on the list: choose cards 1 to 4"),
        ("xyz", "names no cards"),
        ("", "name the cards"),
        ("up 9z", "not a card"),
    ],
)
def test_text_that_names_no_card_is_refused(text: str, reason: str) -> None:
    with pytest.raises(ChoiceError, match=reason):
        parse_cards_choice(text, DISCARD_TWO, [DISCARD_TWO])


def asked(hand: Hand, seat: int = 0) -> str:
    return describe_decision(hand, seat, hand.legal_actions(seat)[0])


def test_the_prompt_says_what_each_kind_of_decision_asks() -> None:
    """Read from the books: Mexican stud turns one card up, Super Stud throws two, the twist
    draws one or none (free in the shipped book), English stud buys one for the big bet,
    Anaconda passes three to the left (p1's left is p2), Cowpie sets a five and a two."""
    assert asked(drive("mexican-stud", ["As7d", "Kc2h"], PhaseKind.TURN_UP)) == "turn up 1 card"
    assert asked(drive("super-stud", ["9h2hQcQs4c", "AdKdJc8h5s"], PhaseKind.DISCARD)) == "discard 2 cards"
    twist = drive("stud-with-a-twist", seven_card_deals("AhKhQhJhTh2c3d", "4s5s9c8d7c6dJs"), PhaseKind.DRAW)
    price = twist.legal_actions(0)[0].cost
    assert asked(twist) == f"draw 0-1 cards ({f'{price} a card' if price else 'free'}); sd alone stands pat"
    english = drive("english-stud", seven_card_deals("AhKhQhJhTh2c3d", "4s5s9c8d7c6dJs"), PhaseKind.BUY)
    assert asked(english) == f"buy a card for {english.stakes.big_bet} or decline"
    assert asked(drive("anaconda", ["As2d3h4cKdKhQs", "5c6c7c8c9cTcJc"], PhaseKind.PASS)) == "pass 3 cards to p2"
    cowpie = drive("cowpie", seven_card_deals("2c3dAhKhQhJh9h", "4s5s9c8d7c6dJs"), PhaseKind.SET_HANDS)
    assert asked(cowpie) == (
        "set your 5-card hand (the other 2 make your 2-card hand; the 5-card hand must outrank the "
        "2-card hand; each hand holds at least 1 down card)"
    )


def test_the_eligible_cards_are_listed_with_their_numbers() -> None:
    hand = drive("super-stud", ["9h2hQcQs4c", "AdKdJc8h5s"], PhaseKind.DISCARD)
    assert card_menu(hand, 0, PLAIN) == "1 [9h]  2 [2h]  3 [Qc]  4 [Qs]"  # the up four is not a down card


def test_the_narrator_tells_each_seat_only_what_it_may_see() -> None:
    """p1's own discards are named to it; p2's are a number of cards. Turned-up cards are
    named to everyone; a pass names its cards to the giver and the receiver alone."""
    hand = drive("super-stud", ["9h2hQcQs4c", "AdKdJc8h5s"], PhaseKind.DISCARD)
    narrator = Narrator(hand, 0, PLAIN)
    narrator.feed()
    hand.act(discard("9h2h"), 0)
    hand.act(discard("JcAd"), 1)
    lines = narrator.feed()
    assert "  p1 (you) discards 9h 2h" in lines and "  p2 discards 2 cards" in lines
    hand = drive("anaconda", ["As2d3h4cKdKhQs", "5c6c7c8c9cTcJc", "2c3c4d5d6d7d8d"], PhaseKind.PASS, seats=3)
    viewer = Narrator(hand, 1, PLAIN)
    viewer.feed()
    for seat, passed in enumerate(("KdKhQs", "5c6c7c", "2c3c4d")):
        hand.act(Action(ActionKind.PASS, cards=tuple(cards(passed))), seat)
    lines = viewer.feed()
    assert lines[:3] == [
        "  p1 passes Kd Kh Qs to p2 (you)",
        "  p2 (you) passes 5c 6c 7c to p3",
        "  p3 passes 3 cards to p1",
    ]


class AnsweringConsole(Console):
    """Answers card prompts from a list, in order, and betting prompts by posting the
    bring-in when due, else checking or calling; writes a transcript."""

    def __init__(self, answers: list[str], session: Session) -> None:
        super().__init__(io.StringIO(), io.StringIO())
        self.answers = answers
        self.session = session

    def ask(self, prompt: str) -> str | None:
        if prompt.startswith("Your cards"):
            answer = self.answers.pop(0) if self.answers else "1"
        else:
            assert self.session.current is not None
            kinds = {choice.kind for choice in self.session.current[0].legal_actions()}
            answer = "pb" if ActionKind.BRING_IN in kinds else "cc"
        self.say(prompt + answer)
        return answer + "\n"


def expected(book: str, players: int, seed: int, first: int) -> Hand:
    """The session's first hand through the API: p1 turns up its card numbered ``first`` on
    the first street, the first card listed after that, and posts the bring-in or calls."""
    variant = load_variant(book)
    hand = Hand(variant, [variant.stakes.starting_stack] * players, seed=hand_seed(seed, 0))
    bots = bots_for_hand(PlayerKind.RULES, hand_seed(seed, 0), players)
    turned = 0
    while not hand.is_complete:
        actor = hand.actor
        assert actor is not None
        legal = hand.legal_actions()
        if actor != 0:
            hand.act(bots[actor].choose(hand, actor, legal), actor)
        elif legal[0].kind is ActionKind.TURN_UP:
            hand.act(Action(ActionKind.TURN_UP, cards=(legal[0].cards[first if turned == 0 else 0],)), 0)
            turned += 1
        else:
            kinds = {choice.kind for choice in legal}
            hand.act(Action(ActionKind.BRING_IN if ActionKind.BRING_IN in kinds else ActionKind.CHECK_CALL), 0)
    return hand


def test_a_refused_choice_changes_nothing_and_a_card_is_named_by_name_or_number() -> None:
    """Mexican stud, p1 first to choose which of its two down cards to turn up: ``3`` is on no
    list, ``1 2`` is two cards where one is asked (the rules refuse it); its second card by
    name (in capitals) is taken; later turn-ups answer ``1``. The hand ends as the API's."""
    book, players, seed = "mexican-stud", 3, 11
    first_hand = Hand(load_variant(book), [40000] * players, seed=hand_seed(seed, 0))
    second = str(first_hand.legal_actions(0)[0].cards[1])
    session = new_session(load_variant(book), players, 0, seed)
    console = AnsweringConsole(["3", "1 2", second.upper()], session)
    assert run_session(session, console, PLAIN, max_hands=1) == 0
    text = console.stdout.getvalue()  # type: ignore[attr-defined]  # the StringIO given
    assert "turn up 1 card, from: 1 [" in text
    assert "not accepted: 3 is not on the list: choose cards 1 to 2" in text
    assert "refused by the rules:" in text and "asked: turn up 1 card" in text
    assert f"p1 (you) turns up {second}" in text
    result = expected(book, players, seed, first=1).result
    assert result is not None
    assert f"Stacks: {', '.join(f'p{s + 1} {v}' for s, v in enumerate(result.stacks))}" in text
