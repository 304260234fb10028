"""Who opens a betting round: the bring-in by the door cards, later rounds by the boards.

Both are "the seat with the largest key" under the rule book's registry functions. A card
nobody saw (a replayed history's ``??``) leaves its seat's key unknown; such seats stay
candidates beside the best known one, and whichever of them acts in the history opens.
The machine enters the bring-in and betting phases through :func:`enter_bring_in` and
:func:`enter_betting`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, cast

from .actions import LegalAction
from .cards import FIRST_JOKER, Card
from .events import BringInDue
from .rounds import new_round
from .shares import Evaluator
from .wild import WildSpec, wild_ranking
from .wilds import as_natural, table_ranks

if TYPE_CHECKING:
    from .hand import Hand

Key = tuple[int, ...]


def candidates(keys: Mapping[int, Key | None]) -> tuple[int, ...]:
    """The seat with the largest key, plus every seat whose key is unknown, in seat order."""
    known = [(key, seat) for seat, key in keys.items() if key is not None]
    unknown = {seat for seat, key in keys.items() if key is None}
    best = {max(known)[1]} if known else set()
    return tuple(sorted(unknown | best))


def bring_in_keys(
    doors: Mapping[int, Card | None],
    card_rule: Callable[[Card], tuple[int, int]],
    ties: Callable[[tuple[int, int], int], Key],
) -> dict[int, Key | None]:
    """Each seat's obligation to bring in, from its door card (larger: brings in)."""
    return {seat: None if door is None else ties(card_rule(door), seat) for seat, door in doors.items()}


def board_keys(
    boards: Mapping[int, Sequence[Card | None]],
    ranking: Evaluator,
    ties: Callable[[Sequence[Card], int, Evaluator], Key],
) -> dict[int, Key | None]:
    """Each seat's claim to act first, from its up cards (larger: acts first)."""
    keys: dict[int, Key | None] = {}
    for seat, board in boards.items():
        if None in board:
            keys[seat] = None
        else:
            cards = cast(Sequence[Card], board)
            keys[seat] = (ranking.value(cards), *ties(cards, seat, ranking))
    return keys


def enter_bring_in(hand: Hand) -> None:
    """Open the first street's round with the bring-in due from the door cards' seat."""
    index = hand.compiled.phases[hand.state].street
    assert index is not None
    new_round(hand, index, bring_in=True)
    rules, boards = hand.rules, hand.boards
    if hand.deck.drawing and not rules.wild.any and all(boards[seat] for seat in hand.live):
        # Every door card known and none wild: one seat brings in (candidates' max, directly).
        rule, ties = rules.bring_in_card, rules.bring_in_ties
        known = cast(list[list[Card]], boards)
        set_bring_in(hand, max((ties(rule(known[seat][-1]), seat), seat) for seat in hand.live)[1])
        return
    doors = {seat: (boards[seat] or [None])[-1] for seat in hand.live}
    found = candidates(bring_in_keys(doors, _door_rule(hand), rules.bring_in_ties))
    if len(found) == 1:
        set_bring_in(hand, found[0])
    else:
        offer(hand, found)


def set_bring_in(hand: Hand, seat: int) -> None:
    """The bring-in is due from ``seat``; if it is all-in for the ante, the next seat with
    chips opens instead (WSOP-L 217, TDA RP-10E)."""
    rnd = hand.round
    assert rnd is not None
    obliged = seat
    if hand.stacks[seat] == 0:
        following = [s for s in clockwise_from(hand.seats, seat) if hand.stacks[s] > 0 and s in hand.live]
        obliged = following[0] if following else seat
    rnd.bring_in_seat = obliged if hand.stacks[obliged] > 0 else None
    rnd.bring_in_may_fold = obliged != seat and hand.rules.opener_may_fold
    hand.events.append(BringInDue(obliged))
    hand.openers[hand.street or 0] = obliged
    rnd.start(obliged, hand.seats_with_chips())


def enter_betting(hand: Hand) -> None:
    """Open a later street's round: the best board acts first."""
    index = hand.compiled.phases[hand.state].street
    assert index is not None
    if hand.round is not None and hand.rounds[index] is hand.round:
        return  # the bring-in phase opened this round
    hand.open_candidates = ()
    rnd = new_round(hand, index, bring_in=False)
    found = first_to_act_candidates(hand)
    if len(found) == 1:
        hand.openers[index] = found[0]
        rnd.start(found[0], hand.seats_with_chips())
    else:
        offer(hand, found)


def first_to_act_candidates(hand: Hand) -> tuple[int, ...]:
    """The seat with the best board acts first; several if unseen cards leave it open.

    Before any up card is dealt there is no board to read, and the round opens by position:
    the first seat still in to the dealer's left (seat 0 is the first), as in every game
    without a bring-in or blinds (Robert's Rules, draw poker: the first player to the
    dealer's left acts first). Every seat is dealt the same faces, so one empty board means
    all are."""
    live = hand.live
    if not hand.boards[live[0]]:
        return (live[0],)
    table = hand.rules.wild
    if hand.deck.drawing and not table.any:
        return (best_board(hand),)
    boards: dict[int, Sequence[Card | None]] = {seat: hand.boards[seat] for seat in hand.live}
    board: Evaluator = hand.rules.board
    if table.any and table.board_wild:
        board = wild_ranking(
            hand.rules.board, WildSpec(ranks=table_ranks(hand), jokers=table.jokers, flush=table.flush)
        )
    elif table.any:
        boards = {seat: [None if card is None else as_natural(card) for card in up] for seat, up in boards.items()}
    return candidates(board_keys(boards, board, hand.rules.board_ties))


def best_board(hand: Hand) -> int:
    """The seat whose board acts first when every card is known and none is wild: what
    :func:`board_keys` and :func:`candidates` find, without a key that may be unknown."""
    ranking, ties = hand.rules.board, hand.rules.board_ties
    boards = cast(list[Sequence[Card]], hand.boards)
    live = hand.live
    best = live[0]
    best_value = ranking.value(boards[best])
    best_ties: tuple[int, ...] | None = None  # asked for only when two boards are equal
    for seat in live[1:]:
        value = ranking.value(boards[seat])
        if value > best_value:
            best, best_value, best_ties = seat, value, None
        elif value == best_value:
            if best_ties is None:
                best_ties = ties(boards[best], best, ranking)
            mine = ties(boards[seat], seat, ranking)
            if mine >= best_ties:  # equal keys: the later seat, as candidates' max over (key, seat)
                best, best_ties = seat, mine
    return best


_NEVER_BRINGS_IN = (-99, -99)
"""The key of a door card that never brings in (a wild card, when wild cards count)."""


def _door_rule(hand: Hand) -> Callable[[Card], tuple[int, int]]:
    """The bring-in rule over door cards, wild cards read as the book says: naturally (a
    joker as an ace), or as cards that never bring in."""
    rule, table = hand.rules.bring_in_card, hand.rules.wild
    if not table.any:
        return rule
    wild = table_ranks(hand) if table.board_wild else frozenset()

    def key(card: Card) -> tuple[int, int]:
        if table.board_wild and (card >= FIRST_JOKER or card.rank in wild):
            return _NEVER_BRINGS_IN
        return rule(as_natural(card))

    return key


def final_opener(hand: Hand) -> int:
    """Who acted, or would have acted, first on the last street (the showdown order when
    nobody bet, TDA 17A)."""
    opener = hand.openers[len(hand.variant.streets) - 1]
    if opener is not None and opener in hand.live:
        return opener
    return first_to_act_candidates(hand)[0]


def clockwise_from(seats: int, seat: int) -> list[int]:
    """The other seats in turn after ``seat``."""
    return [(seat + step) % seats for step in range(1, seats)]


def offer(hand: Hand, found: tuple[int, ...]) -> None:
    """Unseen cards leave open which of ``found`` opens; whichever acts does. A candidate
    that is all-in stands for the next seat with chips, which would act in its place
    (WSOP-L 217, 240)."""
    origin: dict[int, int] = {}
    for candidate in found:
        acting = _first_with_chips(hand, candidate)
        if acting is not None and (acting not in origin or acting == candidate):
            origin[acting] = candidate
    hand.candidate_origin = origin
    hand.open_candidates = tuple(sorted(origin))


def _first_with_chips(hand: Hand, seat: int) -> int | None:
    for candidate in [seat, *clockwise_from(hand.seats, seat)]:
        if candidate in hand.live and hand.stacks[candidate] > 0:
            return candidate
    return None


def fix_opener(hand: Hand, seat: int) -> None:
    """``seat``, one of the open candidates, acted: it (or the candidate it stands for) opens."""
    origin = hand.candidate_origin.get(seat, seat)
    hand.open_candidates = ()
    rnd = hand.round
    assert rnd is not None
    if rnd.bring_in_seat is None and rnd.rules.bring_in and not rnd.acted:
        set_bring_in(hand, origin)
    else:
        hand.openers[hand.street or 0] = origin
        rnd.start(origin, hand.seats_with_chips())


def candidate_choices(hand: Hand, seat: int, callers: bool) -> list[LegalAction]:
    """What an open candidate may do: which unseen door card brings in is unknown, so
    whichever candidate acts is treated as obliged to open."""
    rnd = hand.round
    assert rnd is not None
    if seat not in hand.open_candidates:
        return []
    if not rnd.rules.bring_in or rnd.acted:
        return rnd.legal(seat, hand.stacks[seat], callers)
    passed = hand.candidate_origin[seat] != seat
    saved = rnd.bring_in_seat, rnd.bring_in_may_fold
    rnd.bring_in_seat, rnd.bring_in_may_fold = seat, passed and hand.rules.opener_may_fold
    try:
        return rnd.legal(seat, hand.stacks[seat], callers)
    finally:
        rnd.bring_in_seat, rnd.bring_in_may_fold = saved
