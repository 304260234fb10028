"""PokerStars text hand histories of stud, read into plain records (``studspec import``).

PokerStars writes each hand as a block of lines: a header (hand number, game, stakes,
time), the table, one line a seat, the antes, then each street (``*** 3rd STREET ***`` to
``*** RIVER ***``) with the cards dealt and the actions, the showdown and a summary. This
module reads 7 Card Stud, 7 Card Stud Hi/Lo and Razz, fixed limit, cash games and
tournaments, into :class:`SiteHand` records; :mod:`.pokerstars_phh` writes them as PHH.

A file from a site is untrusted: it is read within :data:`MAX_FILE_BYTES`, every line within
:data:`MAX_LINE`, and anything this reader does not know is an :class:`ImportFormatError`
naming the file, the line and what it reads there, never a traceback. Names are kept as
written (a printed one is escaped by whoever prints it).
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path

from studspec.errors import ImportFormatError

MAX_FILE_BYTES = 16 * 1024 * 1024
"""Largest file read (16 MiB): a long session of a few thousand hands."""

MAX_LINE = 1000
"""Longest line read, in characters; PokerStars' longest are summary lines of about 150."""

MAX_AMOUNT_DIGITS = 18
"""Most digits an amount may have once in the table's smallest unit (PHH's bound too)."""

GAMES = {"7 card stud": "7 Card Stud", "7 card stud hi/lo": "7 Card Stud Hi/Lo", "razz": "Razz"}
"""The games read, by PokerStars' name (case aside), and how they are written back."""

HAND_START = re.compile(r"^PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #")

HEADER = re.compile(
    r"^PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #(?P<number>\d{1,20}): +"
    r"(?:Tournament #(?P<tournament>\d{1,20}), (?P<buy_in>.{1,80}?) )?"
    r"(?P<game>7 Card Stud Hi/Lo|7 Card Stud|Razz) Limit "
    r"(?:\((?P<cash_small>[^/() ]{1,20})/(?P<cash_big>[^/() ]{1,20})(?: (?P<currency>[A-Z]{3}))?\)"
    r"|- Level (?P<level>[IVXLCDM\d]{1,10}) \((?P<small>[\d,]{1,20})/(?P<big>[\d,]{1,20})\))"
    r" - (?P<year>\d{4})/(?P<month>\d{1,2})/(?P<day>\d{1,2}) (?P<time>\d{1,2}:\d{2}:\d{2}) (?P<zone>[A-Z]{2,5})",
    re.IGNORECASE,
)
"""``PokerStars Hand #N:  7 Card Stud Limit ($0.10/$0.20 USD) - 2024/03/14 21:05:11 ET`` (a
cash game) or ``... Tournament #T, $5+$0.50 USD Razz Limit - Level II (20/40) - ...``."""

GAME_NAME = re.compile(r"(?:\d{1,20}, .*? )?(?P<game>[A-Za-z0-9/' ]{3,40}? (?:Limit|Pot Limit|No Limit))")

TABLE = re.compile(r"^Table '(?P<table>.{1,100})' (?P<seats>\d{1,2})-max")

SEAT = re.compile(
    r"^Seat (?P<seat>\d{1,2}): (?P<name>.{1,64}) \((?P<stack>\S{1,30}) in chips(?:, [^)]*)?\)(?P<rest>.*)$"
)

CURRENCY_SYMBOLS = "$€£"


@dataclass(frozen=True)
class SiteSeat:
    """One seat as the seat line gives it."""

    number: int
    name: str
    stack: int
    """In the table's smallest unit (cents in a cash game, chips in a tournament)."""
    sitting_out: bool
    line: int


@dataclass
class SiteHand:
    """One hand's header, table and seats, and the rest of its lines to be read in order."""

    path: str
    line: int
    """The header's line number in the file."""
    number: int
    game: str
    small_bet: int
    big_bet: int
    unit: int
    """Amounts in the smallest unit per unit of the site's: 100 in a cash game (cents), 1 in
    a tournament (chips)."""
    currency: str | None
    tournament: str | None
    """``Tournament #3712345678, $5+$0.50 USD, Level II`` for a tournament hand."""
    date: tuple[int, int, int]
    time: str
    zone: str
    table: str = ""
    seat_count: int = 0
    seats: list[SiteSeat] = field(default_factory=list)
    body: list[tuple[int, str]] = field(default_factory=list)
    """Every line after the seats, numbered, blank lines left out."""

    def fail(self, line: int, reason: str) -> ImportFormatError:
        return ImportFormatError(self.path, line, f"hand #{self.number}: {reason}")

    def amount(self, text: str, line: int) -> int:
        """``$0.05`` or ``1,500`` in the table's smallest unit; a whole number or refused."""
        return amount_in_units(text, self.unit, self.path, line)


def amount_in_units(text: str, unit: int, path: str, line: int) -> int:
    """``text`` (a site's amount, perhaps with a currency symbol and thousands commas) times
    ``unit``, which must be a whole number of at most :data:`MAX_AMOUNT_DIGITS` digits."""
    digits = text.lstrip(CURRENCY_SYMBOLS).replace(",", "")
    try:
        value = Decimal(digits) * unit if re.fullmatch(r"\d{1,20}(?:\.\d{1,4})?", digits) else None
    except InvalidOperation:
        value = None
    if value is None or value != value.to_integral_value() or len(str(int(value))) > MAX_AMOUNT_DIGITS:
        smallest = "a cent" if unit == 100 else "a chip"
        raise ImportFormatError(path, line, f"{text!r} is no amount in whole units of {smallest}")
    return int(value)


def read_site_file(path: str | Path) -> str:
    """The text of a hand-history file: a regular file of UTF-8 (a byte-order mark allowed),
    at most :data:`MAX_FILE_BYTES`; one :class:`ImportFormatError` line otherwise."""
    name = str(path)
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise ImportFormatError(name, 0, "not a regular file (a folder, FIFO or device); give a hand-history file")
        if info.st_size > MAX_FILE_BYTES:
            raise ImportFormatError(name, 0, f"the file is {info.st_size:,} bytes; at most {MAX_FILE_BYTES:,} are read")
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except ImportFormatError:
        raise
    except OSError as error:
        raise ImportFormatError(name, 0, f"cannot read: {error.strerror or error}") from None
    except ValueError:
        raise ImportFormatError(repr(name), 0, "cannot read: not a file name") from None
    if len(raw) > MAX_FILE_BYTES:
        raise ImportFormatError(name, 0, f"the file is over {MAX_FILE_BYTES:,} bytes; at most that is read")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise ImportFormatError(name, line, "not UTF-8 text; PokerStars writes its hand histories in UTF-8") from None


def split_hands(text: str, path: str) -> list[tuple[int, list[tuple[int, str]]]]:
    """The hands of a file: each header's line number and its numbered, non-blank lines."""
    hands: list[tuple[int, list[tuple[int, str]]]] = []
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.rstrip("\r").strip()
        if len(line) > MAX_LINE:
            raise ImportFormatError(path, number, f"a line of {len(line):,} characters; at most {MAX_LINE} are read")
        if not line:
            continue
        if HAND_START.match(line):
            hands.append((number, []))
        elif not hands:
            raise ImportFormatError(
                path, number, f"{line[:60]!r} is not a PokerStars hand: a hand begins 'PokerStars Hand #'"
            )
        hands[-1][1].append((number, line))
    if not hands:
        raise ImportFormatError(path, 1, "no PokerStars hand in the file (a hand begins 'PokerStars Hand #')")
    return hands


def _unit(match: re.Match[str]) -> tuple[int, str | None]:
    """Cents when the stakes are money (a currency symbol, or a currency after them), chips
    otherwise (tournaments, play money)."""
    if match["tournament"] is not None:
        return 1, None
    stakes = match["cash_small"] + match["cash_big"]
    money = match["currency"] is not None or any(symbol in stakes for symbol in CURRENCY_SYMBOLS)
    return (100, match["currency"] or "USD") if money else (1, None)


def parse_header(path: str, number: int, line: str) -> SiteHand:
    """The record of a hand from its header line; the game must be one this reader knows."""
    match = HEADER.match(line)
    if match is None:
        other = GAME_NAME.search(line[line.find(":") + 1 :])
        if other is not None and other["game"].lower().removesuffix(" limit") not in GAMES:
            raise ImportFormatError(
                path, number,
                f"{other['game'].strip()!r}: studspec imports 7 Card Stud, 7 Card Stud Hi/Lo and Razz, fixed limit",
            )  # fmt: skip
        raise ImportFormatError(path, number, f"not a PokerStars stud header: {line[:80]!r}")
    unit, currency = _unit(match)
    small, big = (
        (match["cash_small"], match["cash_big"]) if match["tournament"] is None else (match["small"], match["big"])
    )
    tournament = None
    if match["tournament"] is not None:
        tournament = f"Tournament #{match['tournament']}, {match['buy_in']}, Level {match['level']}"
    return SiteHand(
        path=path, line=number, number=int(match["number"]), game=GAMES[match["game"].lower()],
        small_bet=amount_in_units(small, unit, path, number), big_bet=amount_in_units(big, unit, path, number),
        unit=unit, currency=currency, tournament=tournament,
        date=(int(match["year"]), int(match["month"]), int(match["day"])), time=match["time"], zone=match["zone"],
    )  # fmt: skip


def _seat(hand: SiteHand, number: int, line: str) -> SiteSeat:
    match = SEAT.match(line)
    if match is None:
        raise hand.fail(number, f"not a seat line 'Seat N: NAME (STACK in chips)': {line[:80]!r}")
    rest = match["rest"].strip()
    if rest not in ("", "is sitting out", "out of hand"):
        raise hand.fail(number, f"a seat line ends {rest[:40]!r}; known: 'is sitting out'")
    seat = int(match["seat"])
    if any(other.number == seat or other.name == match["name"] for other in hand.seats):
        raise hand.fail(number, f"seat {seat} ({match['name']!r}) is given twice")
    return SiteSeat(seat, match["name"], hand.amount(match["stack"], number), rest != "", number)


def read_hand(path: str, lines: list[tuple[int, str]]) -> SiteHand:
    """One hand's lines (header first) as a :class:`SiteHand`: header, table, seats, body."""
    number, header = lines[0]
    hand = parse_header(path, number, header)
    rest = iter(lines[1:])
    table_line = next(rest, (number, ""))
    table = TABLE.match(table_line[1])
    if table is None:
        raise hand.fail(table_line[0], f"expected the table, 'Table 'NAME' 8-max', not {table_line[1][:60]!r}")
    hand.table, hand.seat_count = table["table"], int(table["seats"])
    for number, line in rest:
        if line.startswith("Seat ") and not hand.body:
            hand.seats.append(_seat(hand, number, line))
        else:
            hand.body.append((number, line))
    if len(hand.seats) < 2:
        raise hand.fail(lines[0][0], "a hand needs at least two seats")
    return hand
