"""Who opens a betting round: the bring-in by the door cards, later rounds by the boards.

Both are "the seat with the largest key" under the rule book's registry functions, the up
cards read by :mod:`.boards`. A card nobody saw (a replayed history's ``??``) leaves its
seat's key unknown; such seats stay candidates beside the best known one, and whichever of
them acts in the history opens. Before any up card is dealt there is no board to read, and
the round opens by position. The machine enters the bring-in and betting phases through
:func:`enter_bring_in` and :func:`enter_betting`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import cast

from .actions import LegalAction
from .blinds import open_after_blinds
from .boards import door_rule, reading
from .cards import Card
from .core import HandCore, clockwise_from
from .rounds import BettingPart, betting_of, current_round, new_round, set_bring_in
from .shares import Evaluator

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


def enter_bring_in(hand: HandCore) -> None:
    """Open the first street's round with the bring-in due from the door cards' seat."""
    index = hand.phase.street
    assert index is not None
    new_round(hand, index, bring_in=True)
    rules, boards = hand.rules, hand.boards
    if hand.deck.drawing and not rules.wild.any and all(boards[seat] for seat in hand.live):
        # Every door card known and none wild: one seat brings in (candidates' max, directly).
        rule, ties = rules.bring_in_card, rules.bring_in_ties
        known = cast(list[list[Card]], boards)
        if all(len(known[seat]) == 1 for seat in hand.live):  # one door card each (every casino book)
            set_bring_in(hand, max((ties(rule(known[seat][0]), seat), seat) for seat in hand.live)[1])
        else:
            set_bring_in(hand, max((ties(max(map(rule, known[seat])), seat), seat) for seat in hand.live)[1])
        return
    doors = {seat: _door(boards[seat], door_rule(hand)) for seat in hand.live if boards[seat]}  # no board: no door
    if not doors:  # every up card passed or replaced down: the first seat in opens
        set_bring_in(hand, hand.live[0])
        return
    found = candidates(bring_in_keys(doors, door_rule(hand), rules.bring_in_ties))
    if len(found) == 1:
        set_bring_in(hand, found[0])
    else:
        offer(hand, found)


def _door(board: Sequence[Card | None], rule: Callable[[Card], tuple[int, int]]) -> Card | None:
    """The up card that decides a seat's bring-in: its only one, or, where several show on
    the first street (Seven-Card Flip turns two up), the one the rule names first (the
    lowest, for a lowest-card rule), so the order they were dealt or turned cannot matter;
    ``None`` when one of them is unseen."""
    if len(board) == 1 or None in board:
        return board[-1] if len(board) == 1 else None
    return max(cast(Sequence[Card], board), key=rule)


def enter_betting(hand: HandCore) -> None:
    """Open a later street's round: the best board acts first."""
    index = hand.phase.street
    assert index is not None
    betting = betting_of(hand)
    if index in betting.rounds:
        return  # the bring-in phase opened this round
    betting.candidates = ()
    rnd = new_round(hand, index, bring_in=False)
    posted = betting.blinds
    if posted is not None:  # the first round: the blinds are its first bets, and it opens after them
        betting.blinds = None
        opener = open_after_blinds(hand, rnd, posted)
        betting.openers[index] = opener
        rnd.start(opener, hand.seats_with_chips())
        return
    named, betting.next_opener = betting.next_opener, None
    found = first_to_act_candidates(hand) if named is None else (named,)
    if len(found) == 1:
        betting.openers[index] = found[0]
        rnd.start(found[0], hand.seats_with_chips())
    else:
        offer(hand, found)


def first_to_act_candidates(hand: HandCore) -> tuple[int, ...]:
    """The seat with the best board acts first; several if unseen cards leave it open.

    Before any up card is dealt there is no board to read, and the round opens by position:
    the first seat still in to the dealer's left (seat 0 is the first), as in every game
    without a bring-in or blinds (Robert's Rules, draw poker: the first player to the
    dealer's left acts first). Every seat is dealt the same faces, so one empty board means
    all are, unless a decision about cards left some boards empty (turning up none, passing
    or replacing an up card): an empty board then never acts first."""
    live = hand.live
    if hand.rules.boards_may_differ:
        showing = [seat for seat in live if hand.boards[seat]]
        if not showing:
            return (live[0],)
        live = showing
    elif not hand.boards[live[0]]:
        return (live[0],)
    read = reading(hand)
    if hand.deck.drawing and read is None:
        return (best_board(hand, live),)
    board: Evaluator = hand.rules.board
    boards: dict[int, Sequence[Card | None]] = {seat: hand.boards[seat] for seat in live}
    if read is not None:
        board = read.evaluator(board)
        boards = {seat: read.cards(up) for seat, up in boards.items()}
    return candidates(board_keys(boards, board, hand.rules.board_ties))


def best_board(hand: HandCore, live: Sequence[int] | None = None) -> int:
    """The seat whose board acts first when every card is known and none is wild: what
    :func:`board_keys` and :func:`candidates` find, without a key that may be unknown.
    ``live``: the seats whose boards it reads (default: every seat still in; every board
    among them shows a card)."""
    ranking, ties = hand.rules.board, hand.rules.board_ties
    boards = cast(list[Sequence[Card]], hand.boards)
    if live is None:
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


def final_opener(hand: HandCore) -> int:
    """Who acted, or would have acted, first on the last street (the showdown order when
    nobody bet, TDA 17A)."""
    opener = betting_of(hand).openers.get(len(hand.variant.streets) - 1)
    if opener is not None and opener in hand.live:
        return opener
    return first_to_act_candidates(hand)[0]


def offer(hand: HandCore, found: tuple[int, ...]) -> None:
    """Unseen cards leave open which of ``found`` opens; whichever acts does. A candidate
    that is all-in stands for the next seat with chips, which would act in its place
    (WSOP-L 217, 240)."""
    origin: dict[int, int] = {}
    for candidate in found:
        acting = _first_with_chips(hand, candidate)
        if acting is not None and (acting not in origin or acting == candidate):
            origin[acting] = candidate
    betting = betting_of(hand)
    betting.origin = origin
    betting.candidates = tuple(sorted(origin))


def _first_with_chips(hand: HandCore, seat: int) -> int | None:
    for candidate in [seat, *clockwise_from(hand.seats, seat)]:
        if candidate in hand.live and hand.stacks[candidate] > 0:
            return candidate
    return None


def candidate_choices(hand: HandCore, betting: BettingPart, seat: int, callers: bool) -> list[LegalAction]:
    """What an open candidate may do: which unseen door card brings in is unknown, so
    whichever candidate acts is treated as obliged to open."""
    rnd = current_round(hand)
    assert rnd is not None
    if seat not in betting.candidates:
        return []
    if not rnd.rules.bring_in or rnd.acted:
        return rnd.legal(seat, hand.stacks[seat], callers)
    passed = betting.origin[seat] != seat
    saved = rnd.bring_in_seat, rnd.bring_in_may_fold
    rnd.bring_in_seat, rnd.bring_in_may_fold = seat, passed and hand.rules.opener_may_fold
    try:
        return rnd.legal(seat, hand.stacks[seat], callers)
    finally:
        rnd.bring_in_seat, rnd.bring_in_may_fold = saved
