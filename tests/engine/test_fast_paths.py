"""The speed work's shortcuts give exactly what the plain way gives (issue 10).

Each shortcut here replaces a library call or a recomputation with something cheaper that
must not change a single dealt card or decision: the deck's inlined shuffle against
``random.Random.shuffle``, the generator a hand makes only when it reshuffles against the one
it would have kept, dealing a street's cards at once against drawing them one by one, and the
identity-first caches against their value-keyed originals. The end-to-end guard is
``tests/engine/test_differential.py`` (recorded hands, event for event); these name the piece that
broke when it fails.
"""

from __future__ import annotations

import pickle
import random
import sys
import threading
from collections.abc import Callable
from typing import Any

import pytest

from studspec import Hand, load_variant
from studspec.engine.cards import CARDS, JOKERS, Card
from studspec.engine.deck import Deck, shuffle
from studspec.engine.handlers import HANDLERS
from studspec.engine.identity import RECENT, by_identity
from studspec.engine.machine import compile_variant
from studspec.engine.phases import PhaseKind
from studspec.engine.shares import Holding
from studspec.play.players import RandomPlayer
from studspec.rulebook import clear_cache
from studspec.rulebook.model import Face


@pytest.mark.parametrize("length", [0, 1, 2, 3, 17, 52])
def test_the_inlined_shuffle_draws_as_random_shuffle_does(length: int) -> None:
    """Same order and same generator state afterwards, for every seed tried: a seeded deck
    deals the same cards as before the speed work, and a later reshuffle too."""
    for seed in range(60):
        plain, ours = list(CARDS[:length]), list(CARDS[:length])
        mine, theirs = random.Random(seed), random.Random(seed)
        theirs.shuffle(plain)
        shuffle(mine, ours)
        assert ours == plain
        assert mine.getstate() == theirs.getstate()


@pytest.mark.parametrize("deck", [CARDS, (*CARDS, JOKERS[0])], ids=["52", "53"])
def test_a_shuffled_deck_is_random_random_seed_shuffling_the_deck(deck: tuple[Card, ...]) -> None:
    for seed in (0, 1, 12345, 2**63 - 1):
        expected = list(deck)
        generator = random.Random(seed)
        generator.shuffle(expected)
        dealt = Deck.shuffled(seed, deck)
        assert dealt.stub == tuple(expected)
        # the generator a reshuffle would use, made late, stands where the eager one stood
        assert dealt.rng.getstate() == generator.getstate()


def test_a_stacked_deck_shuffles_the_cards_it_does_not_name_as_before() -> None:
    top = (CARDS[51], CARDS[0], CARDS[25])
    rest = [card for card in CARDS if card not in top]
    generator = random.Random(7)
    generator.shuffle(rest)
    deck = Deck.stacked(top, 7, CARDS)
    assert deck.stub == (*top, *rest)
    assert deck.rng.getstate() == generator.getstate()


def test_dealing_a_street_at_once_is_drawing_its_cards_one_by_one() -> None:
    at_once, one_by_one = Deck.shuffled(99), Deck.shuffled(99)
    for count in (3, 1, 1, 2, 4):
        assert at_once.deal(count) == [one_by_one.draw() for _ in range(count)]
        assert at_once.size == one_by_one.size
    for card in CARDS:
        assert at_once.is_unseen(card) == one_by_one.is_unseen(card)


def test_a_reshuffle_draws_from_the_generator_the_deal_left() -> None:
    """Seed 000: burns go back and the stub is shuffled. The late generator must continue the
    deal's stream, so the reshuffled stub is the one an eager generator would give."""
    deck = Deck.shuffled(5)
    for _ in range(4):
        deck.burn()
    kept = list(reversed(deck.stub)) + [card for card in deck.burns if card is not None]
    generator = random.Random(5)
    generator.shuffle(list(CARDS))
    generator.shuffle(kept)
    deck.reshuffle_burns()
    assert deck.stub == tuple(reversed(kept))


def test_a_hand_keeps_no_generator_until_asked() -> None:
    hand = Hand(load_variant("seven-card-stud"), [1000] * 8, seed=3)
    assert hand.deck._rng is None  # the point of the shortcut
    expected = random.Random(3)
    expected.shuffle(list(CARDS))
    assert hand.rng.getstate() == expected.getstate()


def test_the_identity_cache_answers_the_same_object_and_equal_objects_alike() -> None:
    calls: list[object] = []

    def slow(key: tuple[int, ...]) -> int:
        calls.append(key)
        return sum(key)

    fast = by_identity(slow)
    first = (1, 2, 3)
    assert fast(first) == 6 and fast(first) == 6
    assert len(calls) == 1, "the same object is answered without calling through"
    twin = tuple(range(1, 4))  # built at run time: not the constant `first` is
    assert twin is not first and fast(twin) == 6
    assert len(calls) == 2, "an equal but different object goes to the wrapped cache"


def test_the_identity_cache_stays_bounded() -> None:
    def first_item(key: tuple[int]) -> int:
        return key[0]

    fast = by_identity(first_item)
    keys = [(number,) for number in range(RECENT * 3)]
    assert [fast(key) for key in keys] == list(range(RECENT * 3))
    assert [fast(key) for key in keys[:5]] == list(range(5))


def test_a_rule_book_loaded_twice_compiles_once() -> None:
    """The identity front must not break the value cache behind it: equal books share one
    compiled machine, however they were loaded."""
    first = load_variant("razz")
    clear_cache()
    again = load_variant("razz")
    assert again is not first and again == first
    assert compile_variant(again) is compile_variant(first)


def test_hands_built_in_several_threads_at_once_are_dealt_as_alone() -> None:
    """The deal's generator is reseeded per hand; one per thread, so threads building hands
    at the same moment never draw from one stream (found in review: a shared one did)."""
    variant = load_variant("razz")
    seeds = range(400)
    alone = {seed: Hand(variant, [1000] * 8, seed=seed).deck.stub for seed in seeds}
    together: dict[int, tuple[Card, ...]] = {}

    def build(part: range) -> None:
        for seed in part:
            together[seed] = Hand(variant, [1000] * 8, seed=seed).deck.stub

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible, inside a shuffle too
    try:
        threads = [threading.Thread(target=build, args=(seeds[k::4],)) for k in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert together == alone


def test_the_identity_cached_functions_pickle_by_name() -> None:
    """A process pool may be handed ``compile_variant`` or the players' tables: they travel
    by name, as the plain cached functions did."""
    from studspec.play.strength import share_strengths

    for function in (compile_variant, share_strengths):
        assert pickle.loads(pickle.dumps(function)) is function
    assert compile_variant.cache_info() is not None


def test_dealing_no_card_leaves_the_stub_alone() -> None:
    deck = Deck.shuffled(1)
    assert deck.deal(0) == [] and deck.size == 52


@pytest.mark.parametrize("book", ["seven-card-stud", "seven-card-stud-tournament", "razz", "london-lowball"])
def test_the_best_board_found_directly_is_the_one_the_keys_find(book: str) -> None:
    """WSOP-L 215, 235 and TDA RP-10D: the best board acts first, ties broken by the book's
    rule. The direct search asks for a tie-break only between equal boards; it must name the
    seat the keys of every board name, street after street."""
    from studspec.engine.opening import best_board, board_keys, candidates
    from studspec.play.players import RandomPlayer

    variant = load_variant(book)
    rules = compile_variant(variant).rules
    checked = 0
    for seed in range(120):
        hand = Hand(variant, [variant.stakes.starting_stack] * 8, seed=seed)
        players = [RandomPlayer(random.Random(seed * 8 + seat)) for seat in range(8)]
        while not hand.is_complete:
            if hand.street is not None and hand.street > 0 and len(hand.live) > 1:
                boards = {seat: hand.boards[seat] for seat in hand.live}
                expected = candidates(board_keys(boards, rules.board, rules.board_ties))
                assert (best_board(hand),) == expected
                checked += 1
            seat = hand.actor
            assert seat is not None
            hand.act(players[seat].choose(hand, seat, hand.legal_actions()), seat=seat)
    assert checked > 500


@pytest.mark.parametrize("book", ["seven-card-stud", "razz", "seven-card-stud-hi-lo", "razz-deuce-to-seven"])
def test_natural_equity_is_the_equity_of_the_seats_holding(book: str) -> None:
    """The rule-based player's shortcut (no Holding when nothing is wild and every card is
    known) must give the very number :func:`equity` gives, low qualifiers included."""
    from studspec.engine.shares import Holding
    from studspec.play.strength import equity, natural_equity

    variant = load_variant(book)
    rng = random.Random(book)
    for _ in range(400):
        count = rng.randint(1, 7)
        cards = rng.sample(CARDS, count)
        faces = [Face.DOWN, Face.DOWN, *[Face.UP] * 4, Face.DOWN][:count]
        opponents = rng.randint(1, 7)
        assert natural_equity(variant, cards, opponents) == equity(variant, Holding.known(cards, faces), opponents)
    assert natural_equity(load_variant("high-chicago"), CARDS[:3], 2) is None  # a hole-card share needs the holding


def test_round_rules_are_shared_by_hands_at_one_table_and_not_across_tables() -> None:
    """A street's rules are made once per book, stakes and bet sizes; a table with other
    stakes, even one equal in every amount but the bring-in, gets its own (WSOP-L 215: the
    bring-in is the table's)."""
    from studspec.rulebook.model import Stakes

    variant = load_variant("seven-card-stud")
    first = Hand(variant, [1000] * 4, stakes=Stakes(5, 10, 20, 40), seed=1)
    again = Hand(variant, [1000] * 4, stakes=first.stakes, seed=2)
    other = Hand(variant, [1000] * 4, stakes=Stakes(5, 15, 20, 40), seed=1)
    assert first.round is not None and again.round is not None and other.round is not None
    assert first.round.rules is again.round.rules
    assert first.round.rules.bring_in == 10 and other.round.rules.bring_in == 15
    assert first.round.pot_at_start == 20 and other.round.pot_at_start == 20  # the antes, each hand its own


def test_a_quick_init_record_is_the_record_the_dataclass_init_makes() -> None:
    """quick_init only changes how fields are stored: the same values, defaults and
    __post_init__ checks, still frozen, equal to (and hashed as) one built by the dataclass's
    own __init__, and pickled alike."""
    from dataclasses import FrozenInstanceError, dataclass, fields

    from studspec.engine.actions import Action, ActionKind
    from studspec.engine.events import ActionTaken, PotAwarded
    from studspec.engine.records import quick_init
    from studspec.errors import ActionFormatError

    @dataclass(frozen=True, slots=True)
    class Plain:
        seat: int
        cards: tuple[int, ...]
        note: str = "none"

    @quick_init
    @dataclass(frozen=True, slots=True)
    class Quick:
        seat: int
        cards: tuple[int, ...]
        note: str = "none"

    quick, plain = Quick(3, (1, 2)), Plain(3, (1, 2))
    assert [getattr(quick, f.name) for f in fields(quick)] == [3, (1, 2), "none"]
    assert Quick(3, (1, 2), note="x").note == "x"
    assert repr(quick).split("(", 1)[1] == repr(plain).split("(", 1)[1]
    with pytest.raises(FrozenInstanceError):
        quick.seat = 4  # type: ignore[misc]
    with pytest.raises(TypeError):
        Quick(3)  # type: ignore[call-arg]  # a field without a default is required, as before
    taken = ActionTaken(2, Action(ActionKind.FOLD), 0, 10, False)
    assert taken == ActionTaken(seat=2, action=Action(ActionKind.FOLD), added=0, street_total=10, all_in=False)
    assert hash(taken) == hash(pickle.loads(pickle.dumps(taken)))
    assert PotAwarded(0, "high", ((1, 5),)).hand == ""  # the default
    with pytest.raises(ActionFormatError):  # Action's __post_init__ still checks
        Action(ActionKind.COMPLETE_BET_RAISE)


def test_quick_init_refuses_what_it_does_not_handle() -> None:
    from dataclasses import dataclass, field

    from studspec.engine.records import quick_init

    @dataclass(frozen=True)
    class NoSlots:
        seat: int

    @dataclass(frozen=True, slots=True)
    class Factory:
        seen: list[int] = field(default_factory=list)

    @dataclass(slots=True)
    class Mutable:
        seat: int

    @dataclass(frozen=True, slots=True, init=False)
    class NoInit:
        seat: int

    for cls in (NoSlots, Factory, Mutable, NoInit):
        with pytest.raises(TypeError):
            quick_init(cls)


def test_every_event_is_built_by_quick_init() -> None:
    """Some sixty events a hand: an event type left with the dataclass's own __init__ costs
    three times as much (the speed, not the result, is what this guards)."""
    from studspec.engine.events import EVENT_METHODS

    for kind in EVENT_METHODS:
        assert kind.__init__.__code__.co_filename == "<string>" and "_set_" in " ".join(
            kind.__init__.__code__.co_names
        ), kind.__qualname__


def test_bits_summed_over_the_table_are_the_bits_or_ed_one_by_one() -> None:
    """as_bits sums powers of two, which is their union only for distinct numbers: every
    seat list and card set it is given. Numbers past the table still work (shifted one by
    one) and a negative one is refused, as a shift refuses it."""
    from studspec.engine.bits import as_bits

    rng = random.Random(7)
    for _ in range(200):
        numbers = rng.sample(range(64), rng.randrange(0, 20))
        expected = 0
        for number in numbers:
            expected |= 1 << number
        assert as_bits(numbers) == expected
    assert as_bits([3, 70, 200]) == (1 << 3) | (1 << 70) | (1 << 200)
    with pytest.raises(ValueError):
        as_bits([1, -1])


def test_seats_with_chips_leaves_out_the_all_in_seats_and_only_them() -> None:
    """The shortcut for a table where nobody is all-in must agree with the seat-by-seat look:
    a stack no bigger than the ante is all-in after the antes (WSOP-L 217) and cannot bet."""
    variant = load_variant("seven-card-stud")
    ante = variant.stakes.ante
    full = [1000] * 5
    assert Hand(variant, full, seed=3).seats_with_chips() == [0, 1, 2, 3, 4]
    short = Hand(variant, [1000, ante, 1000, ante, 1000], seed=3)
    assert short.seats_with_chips() == [0, 2, 4]
    assert short.live == [0, 1, 2, 3, 4]


@pytest.mark.parametrize("book", ["seven-card-stud", "baseball", "seven-card-stud-hi-lo-declare"])
def test_a_hand_is_slotted_and_sets_every_slot_it_declares(book: str) -> None:
    """A hand keeps its state in slots (no ``__dict__``), and a new hand has set every one:
    a hand that must undo a command rebuilds itself by copying slot after slot from a hand
    replayed from its log, so a slot left unset would fail there, and only there."""
    variant = load_variant(book)
    hand = Hand(variant, [variant.stakes.starting_stack] * variant.max_players, seed=3)
    assert not hasattr(hand, "__dict__")
    unset = [name for name in Hand.__slots__ if not hasattr(hand, name)]
    assert unset == []


def test_a_holding_built_quickly_is_the_holding_the_dataclass_makes() -> None:
    """Settlement builds a Holding per contender through ``quick_init``; it must be the
    same record, defaults included."""
    cards, faces = (CARDS[0], CARDS[5]), (Face.DOWN, Face.UP)
    quick = Holding(cards, faces)
    assert (quick.cards, quick.faces, quick.community, quick.wild) == (cards, faces, (), None)
    assert quick == Holding(cards=cards, faces=faces, community=(), wild=None)
    with pytest.raises(AttributeError):
        quick.cards = ()  # type: ignore[misc]


def _played(book: str, seeds: range) -> tuple[list[object], set[str]]:
    """Every step of seeded hands of ``book`` played by the random player (after each action:
    the state, the next seat and what it may do; at each hand's end, its events), and every
    state an action was taken in."""
    variant = load_variant(book)
    steps: list[object] = []
    states: set[str] = set()
    for seed in seeds:
        hand = Hand(variant, [variant.stakes.starting_stack] * variant.max_players, seed=seed)
        player = RandomPlayer(random.Random(seed))
        while not hand.is_complete:
            seat = hand.actor
            assert seat is not None
            states.add(hand.state)
            hand.act(player.choose(hand, seat, hand.legal_actions()), seat)
            steps.append((hand.state, hand.actor, [str(a) for a in hand.legal_actions()]))
        steps.append([str(event) for event in hand.events])
    return steps, states


@pytest.mark.parametrize(
    ("book", "waiting"),
    [
        ("anaconda", "pass-three_pass"),
        ("english-stud", "buy_buy"),
        ("cowpie", "set_set_hands"),
        ("seven-card-stud-hi-lo-declare", "declare"),
    ],
)
def test_a_take_that_leaves_its_phase_waiting_skips_the_edge_search_to_the_same_end(book: str, waiting: str) -> None:
    """A decision or declaration taken while other seats are still to choose returns ``True``
    and the hand skips looking for an edge out (none can hold: every edge out of the phase
    needs its ``done``). Played again with every take made to return ``None``, so the hand
    searches the edges after each one, the same seeded hands give the same actors, the same
    choices after every action, and the same events."""
    handlers = [h for h in HANDLERS.values() if h.waits_on_seats]
    assert {h.kind for h in handlers} == _WAITING_KINDS
    takes = {h.kind: h.take for h in handlers}
    answers: list[bool | None] = []
    try:
        for handler in handlers:
            object.__setattr__(handler, "take", _counting(takes[handler.kind], answers))
        shortcut, states = _played(book, range(40))
        for handler in handlers:
            object.__setattr__(handler, "take", _searching(takes[handler.kind]))
        searched, _ = _played(book, range(40))
    finally:
        for handler in handlers:
            object.__setattr__(handler, "take", takes[handler.kind])
    assert waiting in states  # the hands did take actions in a phase that waits on several seats
    assert True in answers and False in answers  # the shortcut was taken, and not after the last seat
    assert shortcut == searched


_WAITING_KINDS = {
    PhaseKind.TURN_UP,
    PhaseKind.DISCARD,
    PhaseKind.DRAW,
    PhaseKind.BUY,
    PhaseKind.PASS,
    PhaseKind.SET_HANDS,
    PhaseKind.DECLARE,
}


def _counting(
    take: Callable[[Any, int, Any], bool | None], answers: list[bool | None]
) -> Callable[[Any, int, Any], bool | None]:
    def counted(hand: Any, seat: int, action: Any) -> bool | None:
        answer = take(hand, seat, action)
        answers.append(answer)
        return answer

    return counted


def _searching(take: Callable[[Any, int, Any], bool | None]) -> Callable[[Any, int, Any], None]:
    def plain(hand: Any, seat: int, action: Any) -> None:
        take(hand, seat, action)

    return plain
