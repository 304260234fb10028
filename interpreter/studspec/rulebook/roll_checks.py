"""Semantic checks of a street played until the best hand showing is beaten
(``streets[].turn_until_best``: Seven Card No Peek, docs/rules.md V17).

Such a street turns each player's cards by rule and goes round until one player is left, so
the book must be one the turns can be read in: played blind (``players.no_peek``), its last
street (nothing is left to deal or show after it), with face-down cards to turn, one poker
hand to say what beats what, and nothing the turns would have to wait on or could not read:
no bring-in or blinds to open the first round (the first player to turn opens it), no
decision about cards on the street, no declarations, and no wild card read from a player's
face-down cards. Registered with :func:`.checks.check` (the loader imports this module).
"""

from __future__ import annotations

from collections.abc import Iterator

from .checks import Book, Finding, check
from .options import HAND_TRAITS

_WHY = "a street with turn_until_best is played until one player is left"


def _rolling(book: Book) -> list[int]:
    return [index for index, street in enumerate(book["streets"]) if street.get("turn_until_best")]


@check(("streets",), ("players",))
def turns_until_best_are_blind_and_last(book: Book) -> Iterator[Finding]:
    """The street is played blind, last, with face-down cards dealt by then, and nothing of
    its own that opens the betting or asks a choice before the turns."""
    streets = book["streets"]
    for index in _rolling(book):
        where = ("streets", index, "turn_until_best")
        street = streets[index]
        if not book["players"].get("no_peek"):
            yield Finding(where, "players turn cards until they beat the best hand showing only in a blind game: "
                          "set players.no_peek: true (nobody looks at their own face-down cards)")  # fmt: skip
        if index != len(streets) - 1:
            yield Finding(where, f"{_WHY}, so it must be the last street; {streets[-1]['id']!r} comes after it")
        if not any(face == "down" for earlier in streets[: index + 1] for face in earlier["deal"]):
            yield Finding(where, "no face-down card is dealt by this street, so there is nothing to turn")
        for key, what in (("bring_in", "bring-in"), ("decisions", "decision about cards"), ("turn_up", "turn_up")):
            if street.get(key):
                yield Finding(("streets", index, key), f"{_WHY}, its cards turned by rule, so it has no {what}: "
                              "the player that turns opens each round, and nothing is chosen")  # fmt: skip


@check(("streets",), ("pots",), ("showdown",), ("stakes",), ("wild",))
def turns_until_best_read_one_hand(book: Book) -> Iterator[Finding]:
    """What beats the best hand showing is the book's one poker hand, read from the up cards."""
    rolling = _rolling(book)
    if not rolling:
        return
    shares = book["pots"]["shares"]
    traits = HAND_TRAITS[shares[0]["hand"]]
    plain = all(key in ("hand",) for key in shares[0]) and not traits.card and not traits.low and traits.classes
    if len(shares) != 1 or not plain:
        yield Finding(("pots", "shares"), "a street with turn_until_best needs one share, a high poker hand with "
                      "no qualifier, own, board or set: it says what beats the best hand showing, and a few up "
                      "cards are a hand to beat only as a high hand (a lone seven is no low)")  # fmt: skip
    if book["showdown"].get("declare", "none") != "none":
        yield Finding(("showdown", "declare"), f"{_WHY}: nobody declares (declare: none)")
    if book["stakes"].get("blinds"):
        yield Finding(("stakes", "blinds"), f"{_WHY}; its first round is opened by the first player to turn, "
                      "so the book posts no blinds (antes only)")  # fmt: skip
    if book.get("wild", {}).get("per_player", "none") != "none":
        yield Finding(("wild", "per_player"), "a wild card read from a player's face-down cards cannot say "
                      "what its up cards beat in a game played blind (turn_until_best): per_player: none")  # fmt: skip
