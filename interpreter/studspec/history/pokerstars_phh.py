"""A PokerStars stud hand (:mod:`.pokerstars`) written as a PHH history that ``replay`` checks.

The conversion translates and never judges: the seats dealt in, the antes, every card the
history shows (a card nobody saw is ``??``; a down card shown at the showdown or mucked in the
summary is filled in where it was dealt), each action in PHH's words (``brings in`` is
``pb``, ``bets``/``raises ... to`` are ``cbr`` to the street total, ``calls``/``checks`` are
``cc``, ``folds`` is ``f``, ``shows``/``mucks`` are ``sm``) and the stacks the site says each
seat ended with. Whether the hand followed the rules is for ``replay`` to say, action by
action. What it cannot read is an :class:`~studspec.errors.ImportFormatError` at its line.

The site's rake is written as ``_rake``: ``replay`` then expects the rules' stacks to exceed
the site's by exactly the rake, taken from the winners only. Amounts are in the table's
smallest unit: cents (``_units_per_currency = 100``) in a cash game, chips in a tournament.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from typing import Any

from .phh import history_fields
from .pokerstars import SiteHand, SiteSeat

CODES = {"7 Card Stud": "F7S", "7 Card Stud Hi/Lo": "F7S/8", "Razz": "FR"}
"""The PHH code of each game; the built-in books ``seven-card-stud``, ``seven-card-stud-hi-lo``
and ``razz`` play them."""

STREETS = {"3rd STREET": 3, "4th STREET": 4, "5th STREET": 5, "6th STREET": 6, "RIVER": 7, "7th STREET": 7}

MARKER = re.compile(r"^\*\*\* (?P<name>[^*]+?) \*\*\*(?: \[(?P<card>[^\]]*)\])?$")
CARD = re.compile(r"[2-9TJQKA][cdhs]")
AMOUNT = r"(\S{1,30})"
ALL_IN = r"(?P<all_in> and is all-in)?"

SPOKEN = [
    ("ante", re.compile(rf"^posts the ante {AMOUNT}{ALL_IN}$")),
    ("bring_in", re.compile(rf"^brings in for {AMOUNT}{ALL_IN}$")),
    ("bet", re.compile(rf"^bets {AMOUNT}{ALL_IN}$")),
    ("call", re.compile(rf"^calls {AMOUNT}{ALL_IN}$")),
    ("raise", re.compile(rf"^raises {AMOUNT} to {AMOUNT}{ALL_IN}$")),
    ("raise", re.compile(rf"^completes it to ()?{AMOUNT}{ALL_IN}$")),
    ("check", re.compile(r"^checks$")),
    ("fold", re.compile(r"^folds(?: \[[^\]]*\])?$")),
    ("show", re.compile(r"^shows \[(?P<cards>[^\]]*)\](?: \(.*\))?$")),
    ("muck", re.compile(r"^mucks hand$")),
    ("quiet", re.compile(r"^(?:doesn't show hand|sits out|is sitting out|is disconnected|is connected|has returned)$")),
]
"""What a seat does, written ``NAME: ...``."""

TOLD = [
    ("collect", re.compile(rf"^collected {AMOUNT} from (?:the )?(?:pot|main pot|side pot(?:-\d+)?)$")),
    ("quiet", re.compile(r"^(?:is sitting out|has timed out(?: while (?:being )?disconnected)?|is disconnected"
                         r"|is connected|has returned|leaves the table|joins the table at seat #\d+"
                         r"|will be allowed to play after the button|was removed from the table.*|said, \".*\")$")),
]  # fmt: skip
"""What is said of a seat, written ``NAME ...``."""

RETURNED = re.compile(rf"^Uncalled bet \({AMOUNT}\) returned to (?P<name>.+)$")
DEALT = re.compile(r"^Dealt to (?P<rest>.+)$")
RAKE = re.compile(rf"\| Rake {AMOUNT}")


def _cards(text: str, hand: SiteHand, line: int) -> list[str]:
    cards = text.split()
    for card in cards:
        if not CARD.fullmatch(card):
            raise hand.fail(line, f"{card!r} is no card: a rank 23456789TJQKA and a suit cdhs, as 'Ah'")
    return cards


@dataclass
class Conversion:
    """The state of one hand while its lines are read in order."""

    hand: SiteHand
    players: list[SiteSeat]
    known: dict[int, list[str]]
    bring_in: int | None
    actions: list[str] = field(default_factory=list)
    antes: dict[int, int] = field(default_factory=dict)
    committed: list[int] = field(default_factory=list)
    back: list[int] = field(default_factory=list)
    bets: list[int] = field(default_factory=list)
    folded: set[int] = field(default_factory=set)
    street: int = 0
    dealt: dict[int, tuple[list[str], int]] = field(default_factory=dict)
    """The street's ``Dealt to`` lines not yet written: each player's cards and line."""
    community: str | None = None
    section: str = "antes"
    rake: int = 0

    def __post_init__(self) -> None:
        count = len(self.players)
        self.committed, self.back, self.bets = [0] * count, [0] * count, [0] * count

    # ------------------------------------------------------------------ who

    def player(self, name: str, line: int) -> int:
        for index, seat in enumerate(self.players):
            if seat.name == name:
                return index
        raise self.hand.fail(line, f"{name!r} is not dealt in this hand")

    def speaker(self, text: str) -> tuple[str, str, str] | None:
        """``(name, separator, rest)`` for a line that begins with a seated player's name, the
        longest name first (a name may contain another, or a colon)."""
        for seat in sorted(self.hand.seats, key=lambda s: -len(s.name)):
            for separator in (": ", " "):
                if text.startswith(seat.name + separator):
                    return seat.name, separator, text[len(seat.name) + len(separator) :]
        return None

    def pn(self, index: int) -> str:
        return f"p{index + 1}"


def dealt_in(hand: SiteHand) -> list[SiteSeat]:
    """The seats in the hand: those that post an ante or are dealt a card (a cash-game seat
    sitting out is neither; a tournament's is dealt in and folds when its turn comes)."""
    names = set()
    for _, text in hand.body:
        for seat in hand.seats:
            if text.startswith((f"{seat.name}: posts the ante ", f"Dealt to {seat.name} [")):
                names.add(seat.name)
    return [seat for seat in hand.seats if seat.name in names]


def known_cards(hand: SiteHand, players: list[SiteSeat]) -> dict[int, list[str]]:
    """Every player's seven cards where the history shows them all: at the showdown
    (``NAME: shows [...]``) or in the summary (``Seat N: NAME showed [...]``, ``mucked``)."""
    known: dict[int, list[str]] = {}
    for number, text in hand.body:
        for index, seat in enumerate(players):
            shown = _shown_cards(text, seat.name)
            if shown is not None:
                cards = _cards(shown, hand, number)
                if len(cards) == 7:
                    known[index] = cards
    return known


def _shown_cards(text: str, name: str) -> str | None:
    """The cards ``text`` shows of ``name``, if it is a line that shows them."""
    if text.startswith(f"{name}: shows ["):
        return text[len(name) + len(": shows [") :].split("]", 1)[0]
    if text.startswith("Seat "):
        for verb in ("showed", "mucked"):
            at = text.find(f": {name} {verb} [")
            if at >= 0:
                return text[at + len(f": {name} {verb} [") :].split("]", 1)[0]
    return None


# ---------------------------------------------------------------------- the deals


def _street_cards(state: Conversion, index: int, street: int) -> str:
    """The cards a player is dealt on ``street`` as a PHH deal writes them."""
    seen = state.dealt.get(index)
    known = state.known.get(index)
    if street == 3:
        if seen is not None and len(seen[0]) == 3:
            return "".join(seen[0])  # the hero's own three cards
        if seen is None or len(seen[0]) != 1:
            where = seen[1] if seen is not None else state.hand.line
            raise state.hand.fail(where, f"3rd street shows no up card of {state.players[index].name!r}")
        return "".join(known[:2] if known else ["??", "??"]) + seen[0][0]
    if seen is not None:
        return seen[0][-1]
    if street < 7:
        raise state.hand.fail(state.hand.line, f"{street}th street deals no card to {state.players[index].name!r}")
    return known[6] if known else "??"


def flush_deals(state: Conversion) -> None:
    """Write the street's deals, one line a player still in, in seat order (the order the
    rule books deal), once the street's ``Dealt to`` lines are all read."""
    if state.street == 0 or state.section != "deals":
        return
    state.section = "actions"
    if state.community is not None:
        state.actions.append(f"d db {state.community}")
    else:
        for index in range(len(state.players)):
            if index not in state.folded:
                state.actions.append(f"d dh {state.pn(index)} {_street_cards(state, index, state.street)}")
    state.dealt = {}


def on_marker(state: Conversion, name: str, card: str | None, line: int) -> None:
    flush_deals(state)
    if name in STREETS:
        street = STREETS[name]
        if street != state.street + 1 and not (street == 3 and state.street == 0):
            raise state.hand.fail(line, f"*** {name} *** out of order")
        state.street, state.section, state.bets = street, "deals", [0] * len(state.players)
        state.community = _cards(card, state.hand, line)[0] if card else None
    elif name in ("SHOW DOWN", "SHOWDOWN"):
        state.section = "showdown"
    elif name == "SUMMARY":
        state.section = "summary"
    else:
        raise state.hand.fail(line, f"*** {name} *** is no stud street: known are 3rd to 6th STREET, RIVER, SHOW DOWN")


def on_dealt(state: Conversion, rest: str, line: int) -> None:
    if state.section != "deals":
        raise state.hand.fail(line, "a card dealt after the street's actions began")
    spoken = state.speaker(rest)
    if spoken is None or spoken[1] != " ":
        raise state.hand.fail(line, f"'Dealt to' names nobody seated: {rest[:60]!r}")
    groups = re.findall(r"\[([^\]]*)\]", spoken[2])
    if not groups or len(groups) > 2:
        raise state.hand.fail(line, f"expected 'Dealt to NAME [CARDS]' or '... [CARDS] [CARD]', not {rest[:60]!r}")
    state.dealt[state.player(spoken[0], line)] = (_cards(groups[-1], state.hand, line), line)


# ---------------------------------------------------------------------- the actions


def _chips(state: Conversion, index: int, amount: int) -> None:
    state.committed[index] += amount
    state.bets[index] += amount


def on_spoken(state: Conversion, index: int, kind: str, match: re.Match[str], line: int) -> None:
    """A seat's own line, translated; chips counted as the site moved them."""
    hand, who = state.hand, state.pn(index)
    if kind == "ante":
        if state.street:
            raise hand.fail(line, "an ante after the cards are dealt")
        state.antes[index] = hand.amount(match[1], line)
        state.committed[index] += state.antes[index]
        return
    if kind in ("show", "muck"):
        cards = "".join(_cards(match["cards"], hand, line)) if kind == "show" else ""
        state.actions.append(f"{who} sm {cards}".rstrip())
        return
    if kind == "quiet":
        return
    flush_deals(state)
    if state.section != "actions":
        raise hand.fail(line, f"a {kind} outside a betting round")
    _bet(state, index, kind, match, line)


def _bet(state: Conversion, index: int, kind: str, match: re.Match[str], line: int) -> None:
    hand, who = state.hand, state.pn(index)
    if kind == "bring_in":
        amount = hand.amount(match[1], line)
        if state.bring_in is None and not match["all_in"]:
            state.bring_in = amount
        _chips(state, index, amount)
        state.actions.append(f"{who} pb")
    elif kind == "bet":
        _chips(state, index, hand.amount(match[1], line))
        state.actions.append(f"{who} cbr {state.bets[index]}")
    elif kind == "raise":
        total = hand.amount(match[2], line)
        if total <= state.bets[index]:
            raise hand.fail(line, f"raises to {total}, no more than its {state.bets[index]} in already")
        _chips(state, index, total - state.bets[index])
        state.actions.append(f"{who} cbr {total}")
    elif kind == "call":
        _chips(state, index, hand.amount(match[1], line))
        state.actions.append(f"{who} cc")
    elif kind == "check":
        state.actions.append(f"{who} cc")
    else:
        state.folded.add(index)
        state.actions.append(f"{who} f")


def on_line(state: Conversion, line: int, text: str, collected: list[int]) -> None:
    """One line of the hand's body, wherever it belongs."""
    marker = MARKER.match(text)
    if marker is not None:
        on_marker(state, marker["name"], marker["card"], line)
        return
    if state.section == "summary":
        rake = RAKE.search(text) if text.startswith("Total pot ") else None
        if rake is not None:
            state.rake = state.hand.amount(rake[1], line)
        return
    dealt = DEALT.match(text)
    if dealt is not None:
        on_dealt(state, dealt["rest"], line)
        return
    returned = RETURNED.match(text)
    if returned is not None:
        state.back[state.player(returned["name"], line)] += state.hand.amount(returned[1], line)
        return
    if text == "Betting is capped":
        return
    _on_seat_line(state, line, text, collected)


def _on_seat_line(state: Conversion, line: int, text: str, collected: list[int]) -> None:
    spoken = state.speaker(text)
    patterns = SPOKEN if spoken is not None and spoken[1] == ": " else TOLD
    if spoken is not None:
        for kind, pattern in patterns:
            match = pattern.match(spoken[2])
            if match is None:
                continue
            if kind == "quiet":
                return
            index = state.player(spoken[0], line)
            if kind == "collect":
                collected[index] += state.hand.amount(match[1], line)
            else:
                on_spoken(state, index, kind, match, line)
            return
    raise state.hand.fail(
        line,
        f"cannot read {text[:70]!r}: expected a street, a card dealt, or a seat that posts, brings in, bets, "
        "calls, raises, checks, folds, shows, mucks or collects",
    )


# ---------------------------------------------------------------------- the history


def _table_ante(state: Conversion) -> int:
    """The table's one ante: what every seat posts, but a seat all-in for less."""
    ante = max(state.antes.values(), default=0)
    for index, seat in enumerate(state.players):
        posted = state.antes.get(index, 0)
        if posted != ante and posted != seat.stack:
            raise state.hand.fail(seat.line, f"{seat.name!r} posts an ante of {posted}, the others {ante}")
    return ante


def _when(hand: SiteHand) -> list[tuple[str, Any]]:
    """PHH's date and time fields, checked to be a real date and time."""
    try:
        datetime.date(*hand.date)
        hour, minute, second = (int(part) for part in hand.time.split(":"))
        clock = datetime.time(hour, minute, second)
    except ValueError:
        raise hand.fail(hand.line, f"{hand.date} {hand.time} is no date and time") from None
    year, month, day = hand.date
    return [("year", year), ("month", month), ("day", day), ("time", clock), ("time_zone_abbreviation", hand.zone)]


def _site_fields(hand: SiteHand, players: list[SiteSeat], rake: int) -> list[tuple[str, Any]]:
    """What the site's history says besides the play: where, when, who, the money."""
    fields: list[tuple[str, Any]] = [
        ("venue", "PokerStars"), ("hand", hand.number), ("table", hand.table), ("seat_count", hand.seat_count),
        ("seats", [seat.number for seat in players]), ("players", [seat.name for seat in players]),
        *_when(hand),
    ]  # fmt: skip
    if hand.currency is not None:
        fields.append(("currency", hand.currency))
    if hand.tournament is not None:
        fields.append(("event", f"PokerStars {hand.tournament}"))
    if hand.unit != 1:
        fields.append(("_units_per_currency", hand.unit))
    if rake:
        fields.append(("_rake", rake))
    return fields


def _finishing(state: Conversion, collected: list[int]) -> list[int]:
    """Each seat's stack after the hand, as the site paid it; the chips must add up."""
    finishing = [seat.stack - state.committed[i] + state.back[i] + collected[i] for i, seat in enumerate(state.players)]
    if any(stack < 0 for stack in finishing) or sum(finishing) + state.rake != sum(s.stack for s in state.players):
        raise state.hand.fail(
            state.hand.line,
            f"the chips do not add up: {sum(s.stack for s in state.players)} at the start, "
            f"{sum(finishing)} after the hand and {state.rake} of rake",
        )
    return finishing


def convert(hand: SiteHand, *, rulebook: str | None = None, bring_in: int | None = None) -> str:
    """``hand`` as PHH text. ``rulebook`` names the book to replay it under (``_variant``;
    by default the built-in book of its PHH code); ``bring_in`` states the table's bring-in
    where the history does not (its bring-in was all-in for less)."""
    players = dealt_in(hand)
    if not 2 <= len(players) <= 8:
        raise hand.fail(hand.line, f"{len(players)} seat(s) dealt in: a stud hand deals 2 to 8")
    state = Conversion(hand, players, known_cards(hand, players), bring_in)
    collected = [0] * len(players)
    for line, text in hand.body:
        on_line(state, line, text, collected)
    flush_deals(state)
    if state.bring_in is None:
        raise hand.fail(
            hand.line,
            "the history never shows the table's bring-in in full (no bring-in, or one all-in for less): "
            "give it with --bring-in",
        )
    ante = _table_ante(state)
    play: list[tuple[str, Any]] = [
        ("variant", CODES[hand.game]), *([("_variant", rulebook)] if rulebook else []),
        ("ante_trimming_status", True), ("antes", [ante] * len(players)), ("bring_in", state.bring_in),
        ("small_bet", hand.small_bet), ("big_bet", hand.big_bet),
        ("starting_stacks", [seat.stack for seat in players]), ("actions", state.actions),
        ("finishing_stacks", _finishing(state, collected)),
    ]  # fmt: skip
    imported = [("_imported_from", f"PokerStars hand history {hand.path}, line {hand.line}")]
    return history_fields(play + _site_fields(hand, players, state.rake) + imported)
