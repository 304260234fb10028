"""The compiled machine says where a hand waits, and the hand stops nowhere else; and the
edge table the hand walks is the ``transitions`` machine itself.

Every state a hand can rest in between two calls of the public API is one whose handler
waits (for a deal, a player or a show) and whose wait-over condition does not hold yet; the
end state is the only other resting place. Checked over real histories (the WSOP replays,
cards dealt from outside, shows and mucks typed) and over seeded random hands of every book.

The both-ways tests play the same hands by walking the compiled edge table (what every hand
does) and by firing ``transitions``' own ``advance`` event, and find the same hands: seeded
hands of every book, the 36 WSOP histories (cards dealt from outside, shows and mucks typed),
and hands dealt from outside with the other seats' down cards unseen (issue 22).
"""

from __future__ import annotations

import random

import pytest

from conftest import BUILTIN_BOOKS, wsop_hands
from scripted import play
from studspec import Action, Hand, HandError, Showed, Stakes, format_cards, load_variant, parse_action
from studspec.engine import rounds
from studspec.engine.machine import ADVANCE, FINAL_STATE, build_machine, edge_table
from studspec.engine.rules import resolve
from studspec.errors import UnsupportedMachineError
from studspec.history.phh import apply_history_action, new_replay_hand, read_history
from studspec.history.variants import variant_for_history
from studspec.play.players import RandomPlayer


def assert_resting(hand: Hand) -> None:
    """The hand rests only where the machine waits, or at the end."""
    if hand.state == FINAL_STATE:
        return
    handler = hand.phase.handler
    assert handler.waits_for is not None and handler.done is not None, f"{hand.state} waits for nothing"
    assert not handler.done(hand), f"the hand stopped in {hand.state} though its wait is over"


def test_replayed_histories_rest_only_where_the_machine_waits() -> None:
    for path in wsop_hands():
        history = read_history(path)
        hand = new_replay_hand(history, variant_for_history(history))
        assert_resting(hand)
        for line in history.actions:
            apply_history_action(hand, line)
            assert_resting(hand)
        assert hand.is_complete, path.name


@pytest.mark.parametrize("book", BUILTIN_BOOKS)
def test_seeded_hands_rest_only_where_the_machine_waits(book: str) -> None:
    variant = load_variant(book)
    rng = random.Random(book)
    for seed in range(20):
        players = rng.randint(variant.min_players, variant.max_players)
        hand = Hand(variant, [rng.choice((30, 400, 5000))] * players, seed=seed)
        bot = RandomPlayer(random.Random(seed))
        while not hand.is_complete:
            assert_resting(hand)
            seat = hand.actor
            assert seat is not None
            hand.act(bot.choose(hand, seat, hand.legal_actions()), seat=seat)
        assert_resting(hand)


class FiredHand(Hand):
    """A hand moved by firing the machine's ``advance`` event, ``transitions``' own way,
    instead of walking the compiled edge table as :class:`Hand` does."""

    @property
    def state(self) -> str:
        return self._fired_state

    @state.setter
    def state(self, value: str) -> None:
        # transitions sets the model's state before the destination's on_enter callbacks,
        # which read the phase: keep the two together as the edge walk does.
        self._fired_state = value
        self.phase = self.compiled.phases[value]

    def _drive(self) -> None:
        self._legal_cache = None
        if not hasattr(self, "_fired_state"):
            self._fired_state = self.phase.name
        while self.state != FINAL_STATE and self.compiled.advance(self, self):
            pass
        self._actor = self.phase.handler.actor(self)

    def act(self, action: Action, seat: int | None = None) -> None:
        """Also after a take that left its phase waiting on other seats (the hand then looks
        for no edge out): firing the event must find none either."""
        before = self.phase
        super().act(action, seat)
        if self.phase is before and self.state != FINAL_STATE:
            assert not self.compiled.advance(self, self), f"{self.phase.name}: an edge held after {action}"


def _played(cls: type[Hand], variant: object, stacks: list[int], seed: int) -> Hand:
    hand = cls(variant, stacks, seed=seed)  # type: ignore[arg-type]
    bot = RandomPlayer(random.Random(seed))
    while not hand.is_complete:
        seat = hand.actor
        assert seat is not None
        hand.act(bot.choose(hand, seat, hand.legal_actions()), seat=seat)
    return hand


@pytest.mark.parametrize("book", BUILTIN_BOOKS)
def test_walking_the_edge_table_plays_as_firing_the_transitions_event(book: str) -> None:
    """The hand's edge walk (machine.edge_table) is the transitions machine itself: firing
    its advance event instead gives the same events and stacks, hand for hand."""
    variant = load_variant(book)
    rng = random.Random(f"fired {book}")
    for seed in range(15):
        players = rng.randint(variant.min_players, variant.max_players)
        stacks = [rng.choice((30, 400, 5000))] * players
        walked, fired = _played(Hand, variant, stacks, seed), _played(FiredHand, variant, stacks, seed)
        assert walked.events == fired.events, f"seed {seed}"
        assert walked.stacks == fired.stacks
        assert fired.state == FINAL_STATE


def _replayed(cls: type[Hand], path: object) -> Hand:
    history = read_history(path)  # type: ignore[arg-type]
    variant = variant_for_history(history)
    hand = cls(
        variant,
        list(history.starting_stacks),
        stakes=new_replay_hand(history, variant).stakes,
        deal_from_outside=True,
        auto_showdown=False,
    )
    for line in history.actions:
        apply_history_action(hand, line)
    return hand


def test_the_wsop_histories_play_the_same_both_ways() -> None:
    """Real hands, dealt from outside, shown and mucked as typed (issue 22)."""
    hands = wsop_hands()
    assert hands, "the WSOP histories were not found"
    for path in hands:
        walked, fired = _replayed(Hand, path), _replayed(FiredHand, path)
        assert walked.events == fired.events, path.name
        assert walked.stacks == fired.stacks and fired.is_complete, path.name


def _dealt_unseen(cls: type[Hand], book: str, seed: int) -> Hand:
    """A hand dealt from outside as seat 0 sees it: every other seat's down card unseen
    (``??``), shows and mucks typed; the same random choices whichever way it is driven."""
    variant = load_variant(book)
    rng = random.Random(f"unseen {book} {seed}")
    players = rng.randint(variant.min_players, min(variant.max_players, 5))
    source = Hand(variant, [rng.choice((30, 400, 5000))] * players, seed=seed)  # only to draw cards
    deck = [card for seat in range(players) for card in source.cards[seat]]
    hand = cls(variant, list(source.starting_stacks), deal_from_outside=True, auto_showdown=False)
    while not hand.is_complete:
        pending = hand.pending_deal()
        if pending is not None:
            cards = [deck.pop(0) if deck else None for _ in range(pending.count)]
            unseen = [None if pending.seat not in (0, None) and face.value == "down" else card
                      for card, face in zip(cards, pending.faces)]  # fmt: skip
            hand.deal(pending.seat, unseen)
            continue
        seat = hand.actor
        choices = hand.legal_actions(seat)
        if seat is None or not choices:  # several seats may open (unseen doors): the first acts
            seat = next(s for s in hand.live if hand.legal_actions(s))
            choices = hand.legal_actions(seat)
        choice = choices[rng.randrange(len(choices))]
        if choice.kind.value == "sm":
            hand.act(show_or_muck_of(hand, seat, rng), seat)
        else:
            hand.act(RandomPlayer(random.Random(rng.random())).choose(hand, seat, [choice]), seat)
    return hand


def show_or_muck_of(hand: Hand, seat: int, rng: random.Random) -> Action:
    """Muck now and then; show only a hand whose every card is known (seat 0's)."""
    if None in hand.cards[seat] or (len(hand.live) > 1 and rng.random() < 0.3):
        return parse_action("sm") if len(hand.live) > 1 else parse_action("sm " + format_cards(hand.cards[seat]))
    return parse_action("sm " + format_cards(hand.cards[seat]))


@pytest.mark.parametrize("book", ["seven-card-stud", "seven-card-stud-hi-lo", "razz", "follow-the-queen"])
def test_hands_dealt_from_outside_with_unseen_cards_play_the_same_both_ways(book: str) -> None:
    """Down cards unseen, who opens left open by unseen doors, shows and mucks typed."""
    for seed in range(12):
        try:
            walked = _dealt_unseen(Hand, book, seed)
        except HandError:  # a pot whose winner the unseen cards hide cannot be settled
            with pytest.raises(HandError):
                _dealt_unseen(FiredHand, book, seed)
            continue
        fired = _dealt_unseen(FiredHand, book, seed)
        assert walked.events == fired.events, f"seed {seed}"
        assert walked.stacks == fired.stacks


HEADS_UP = """
d dh p1 AsKs7h
d dh p2 QdJd2c
p2 pb
p1 cc
d dh p1 9h
d dh p2 8c
p1 cc
p2 cc
d dh p1 Tc
d dh p2 3d
p1 cc
p2 cc
d dh p1 4s
d dh p2 5h
p1 cc
p2 cc
d dh p1 6c
d dh p2 9c
p1 cbr 20
p2 cc
"""


def test_a_hand_whose_opponents_all_mucked_wins_without_showing() -> None:
    """Show order, TDA 17A: the last aggressor (p1, who bet seventh street) shows first. p1
    concedes by mucking; p2 then has no opponent left for any pot, so it wins without showing
    and the hand ends, its down cards still hidden. Pot: antes 2, bring-in and call 6, the
    seventh-street bet and call 40 = 48."""
    hand = Hand(
        load_variant("seven-card-stud"),
        [1000, 1000],
        stakes=Stakes(ante=1, bring_in=3, small_bet=10, big_bet=20),
        deal_from_outside=True,
        auto_showdown=False,
    )
    play(hand, HEADS_UP)
    assert hand.actor == 0 and [str(a) for a in hand.legal_actions()] == ["sm"]
    play(hand, "p1 sm")
    assert hand.is_complete
    assert not any(isinstance(e, Showed) for e in hand.events)
    assert hand.stacks == [976, 1024]
    assert hand.view(None).seats[1].cards[:2] == (None, None)


def test_an_edge_out_of_a_phase_that_waits_on_seats_must_begin_with_its_done() -> None:
    """A decision's take that leaves its phase waiting on other seats has the hand look for no
    edge out; that is sound only while every edge out of such a phase needs the phase's
    ``done`` first. A machine with an edge that does not is refused when the edge table is read."""
    variant = load_variant("anaconda")
    machine, phases = build_machine(variant, resolve(variant))
    by_name = {phase.name: phase for phase in phases}
    assert edge_table(machine, by_name)  # as built: every such edge begins with done
    machine.add_transition(ADVANCE, "pass-three_pass", "settlement", conditions=[rounds.one_seat_left])
    with pytest.raises(UnsupportedMachineError, match="pass-three_pass does not begin with its phase's done"):
        edge_table(machine, by_name)
