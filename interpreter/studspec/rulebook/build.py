"""From a merged, valid rule book (plain data) to the frozen :class:`~.model.Variant`.

Kept apart from loading so that the mapping from YAML names to dataclass fields is in one
place: when the schema gains an option, this is where it reaches the interpreter.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from .model import BetSize, Decision, Face, Share, Stakes, Street, Trigger, Variant, WildCancel, WildRules


def _decision(data: Mapping[str, Any]) -> Decision:
    """One ``streets[].decisions[]`` entry, each missing option at its schema default."""

    def number(key: str) -> int | None:
        return None if data.get(key) is None else int(data[key])

    return Decision(
        decide=data["decide"],
        count=number("count"),
        up_to=number("up_to"),
        at_least=number("at_least"),
        keep=number("keep"),
        cards=data.get("cards", "any"),
        order=data.get("order", "together"),
        price=data.get("price", "free"),
        short_of_price=data.get("short_of_price", "all-in"),
        replacement=data.get("replacement", "same-face"),
        direction=data.get("direction", "left"),
        hands=tuple(int(size) for size in data.get("hands", ())),
        first_outranks=bool(data.get("first_outranks", False)),
        down_in_each=int(data.get("down_in_each", 0)),
    )


def _street(data: Mapping[str, Any]) -> Street:
    return Street(
        id=data["id"],
        deal=tuple(Face(face) for face in data["deal"]),
        bet=BetSize(data["bet"]) if "bet" in data else None,
        bet_times=int(data.get("bet_times", 1)),
        bring_in=bool(data.get("bring_in", False)),
        open_pair_big_bet=bool(data.get("open_pair_big_bet", False)),
        decisions=tuple(_decision(decision) for decision in data.get("decisions", ())),
        betting=bool(data.get("betting", True)),
        board=tuple(Face(face) for face in data.get("board", ())),
        indicator=data.get("indicator"),
        indicator_dealt_on=data.get("indicator_dealt_on"),
        board_dealt_on=data.get("board_dealt_on"),
        down_when_all_up=bool(data.get("down_when_all_up", False)),
        turn_up=int(data.get("turn_up", 0)),
        turn_until_best=bool(data.get("turn_until_best", False)),
    )


def _share(data: Mapping[str, Any]) -> Share:
    qualifier = data.get("qualifier")
    set_hand = data.get("set")
    return Share(
        hand=data["hand"],
        qualifier=None if qualifier is None else int(qualifier),
        set_hand=None if set_hand is None else int(set_hand),
        own=None if data.get("own") is None else int(data["own"]),
        board=None if data.get("board") is None else int(data["board"]),
        own_face=data.get("own_face", "any"),
        at_least=_at_least(data.get("at_least")),
        least_cards=_least_cards(data.get("at_least")),
        points=tuple((str(rank), int(worth)) for rank, worth in data.get("points", {}).items()),
        natural=bool(data.get("natural", False)),
        class_ranks=tuple(str(rank) for rank in data.get("class_ranks", ())),
        top_hand=_top_hand(data.get("top_hand")),
        suit=data.get("suit", "spades"),
        card_face=data.get("card_face", "down"),
        card_rank=None if data.get("card_rank") is None else str(data["card_rank"]),
    )


def _top_hand(data: Mapping[str, Any] | None) -> tuple[str, int] | None:
    return None if data is None else (str(data["rank"]), int(data.get("count", 2)))


def _at_least(data: Mapping[str, Any] | None) -> tuple[str, str | None] | None:
    if data is None or "hand" not in data:
        return None
    rank = data.get("rank")
    return str(data["hand"]), None if rank is None else str(rank)


def _least_cards(data: Mapping[str, Any] | None) -> tuple[str, ...]:
    """``at_least.cards`` (five cards separated by spaces) as card texts."""
    return () if data is None else tuple(str(data.get("cards", "")).split())


def _trigger(data: Mapping[str, Any]) -> Trigger:
    return Trigger(
        rank=str(data["rank"]),
        effect=data["effect"],
        face=Face(data.get("face", "up")),
        price=data.get("price", "free"),
        extra_face=Face(data.get("extra_face", "down")),
        suit=data.get("suit"),
        max_voids=int(data.get("max_voids", 3)),
    )


def _wild(data: Mapping[str, Any]) -> WildRules:
    """The ``wild`` section, each missing option at its schema default."""
    return WildRules(
        ranks=tuple(str(rank) for rank in data.get("ranks", ())),
        cards=tuple(str(card) for card in data.get("cards", ())),
        follow=data.get("follow", "none"),
        follows=data.get("follows"),
        moves=data.get("moves"),
        cancelled_by=_wild_cancel(data.get("cancelled_by")),
        jokers=data.get("jokers", "wild"),
        per_player=data.get("per_player", "none"),
        board=data.get("board", "natural"),
        flush=data.get("flush", "distinct-ranks"),
    )


def _wild_cancel(data: Mapping[str, Any] | None) -> WildCancel | None:
    if data is None:
        return None
    ranks = tuple(str(rank) for rank in data.get("ranks", ()))
    return WildCancel(ranks=ranks, cards=tuple(str(card) for card in data.get("cards", ())), up=int(data.get("up", 1)))


def _stakes(stakes: Mapping[str, Any]) -> Stakes:
    return Stakes(
        ante=int(stakes["ante"]),
        bring_in=int(stakes["bring_in"]),
        small_bet=int(stakes["small_bet"]),
        big_bet=int(stakes["big_bet"]),
        starting_stack=int(stakes["starting_stack"]),
        blinds=tuple(int(blind) for blind in stakes.get("blinds", ())),
    )


def build_variant(book: Mapping[str, Any], source: str) -> Variant:
    """The :class:`Variant` for a merged book that passed the schema and semantic checks.

    Integral floats (``8.0``, which JSON Schema counts as integers) become ``int`` here.
    """
    stakes = book["stakes"]
    betting = book["betting"]
    raise_cap = betting["raise_cap"]
    return Variant(
        name=book["name"],
        title=book["title"],
        description=str(book.get("description", "")).strip(),
        phh_codes=tuple(book.get("phh_codes", ())),
        min_players=int(book["players"]["min"]),
        max_players=int(book["players"]["max"]),
        stakes=_stakes(stakes),
        structure=betting["structure"],
        raise_cap=None if raise_cap is None else int(raise_cap),
        short_all_in=betting["short_all_in"],
        bring_in_card=book["bring_in"]["card"],
        bring_in_ties=book["bring_in"]["ties"],
        first_to_act_board=book["first_to_act"]["board"],
        first_to_act_ties=book["first_to_act"]["ties"],
        streets=tuple(_street(street) for street in book["streets"]),
        deck=book["deck"]["cards"],
        burn=book["deck"]["burn"],
        exhaustion=book["deck"]["exhaustion"],
        showdown_order=book["showdown"]["order"],
        shares=tuple(_share(share) for share in book["pots"]["shares"]),
        odd_chip=book["pots"]["odd_chip"],
        nobody_qualifies=book["pots"].get("nobody_qualifies"),
        # Options added after schema_version 1 first shipped are optional: the schema's
        # default is the value a book that does not state them has always had.
        heads_up=betting.get("heads_up", "capped"),
        open_pair=betting.get("open_pair", "big-bet-optional"),
        all_in_for_ante=book["bring_in"].get("all_in_for_ante", "next-seat-opens-or-folds"),
        bring_in_completion=book["bring_in"].get("completion", "bring-in-may-complete"),
        declare=book["showdown"].get("declare", "none"),
        no_peek=bool(book["players"].get("no_peek", False)),
        wild=_wild(book.get("wild", {})),
        triggers=tuple(_trigger(t) for t in book.get("triggers", ())),
        community_card_round=betting.get("community_card_round", "normal"),
        removed_ranks=tuple(str(rank) for rank in book["deck"].get("removed_ranks", ())),
        copies=int(book["deck"].get("copies", 1)),
        source=source,
        resolved=copy.deepcopy(dict(book)),
    )
