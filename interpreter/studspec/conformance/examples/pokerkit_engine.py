"""pokerkit 0.7 behind the conformance protocol: a real engine, as a server team would wrap one.

Run it against the casino folders (``pip install "studspec[pokerkit]"`` first)::

    studspec conform --engine "python -m studspec.conformance.examples.pokerkit_engine" \\
        tests/conformance/{antes,betting,bring-in,exhaustion,first-to-act,flow,hi-lo,open-pair,pots,razz,showdown}

It plays the three casino books exactly as shipped (``builtin`` true in ``new_hand``) with
pokerkit's fixed-limit stud, stud/8 and razz (which have no decisions about cards: a book
with any, like every other book, is answered with an error), and translates, nothing more: every ruling is
pokerkit's, so where pokerkit departs from the cited rules the cases say so
(docs/conformance.md, "What a real engine gets wrong"). The adapter keeps to what the
protocol asks of any engine:

- it deals only the cards the harness sends, each street's cards to one seat at once, in turn,
  and burns placeholder cards (``??``), never cards of a deck of its own;
- a deal or action pokerkit refuses (a ``ValueError``, or one of its warnings that a card or
  a fold is not recommended) is ``{"refused": ...}``; anything else that goes wrong is
  ``{"error": ...}``, never a refusal;
- its legal choices carry their amounts (``cc 7``, ``pb 3``, ``cbr 10``) and it asks for each
  show at the showdown (``to_act`` with ``["sm"]``).

It imports nothing of studspec: a copy is a starting point for an adapter of your own.
"""

from __future__ import annotations

import json
import sys
import traceback
import warnings
from collections.abc import Callable
from typing import Any, TextIO

PROTOCOL = 2

GAMES = {
    "seven-card-stud": "FixedLimitSevenCardStud",
    "seven-card-stud-hi-lo": "FixedLimitSevenCardStudHighLowSplitEightOrBetter",
    "razz": "FixedLimitRazz",
}
"""The books it plays, unchanged, and the pokerkit game that plays each."""

Reply = dict[str, Any]


def _pokerkit() -> Any:
    """pokerkit, imported when a hand begins: studspec runs without it."""
    import pokerkit

    return pokerkit


def attempt(operation: Callable[..., Any], *args: Any) -> str | None:
    """Run one pokerkit operation; pokerkit's objection if it makes one (a ``ValueError``, or
    a warning that the card or the fold is not recommended), else ``None``."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            operation(*args)
    except (ValueError, UserWarning) as objection:
        return str(objection) or type(objection).__name__
    return None


def allowed(check: Callable[[], bool]) -> bool:
    """A ``can_...`` check of pokerkit's with its warnings as objections (a fold with
    nothing to call is only warned about in a cash game: it is not offered)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return bool(check())


class Table:
    """One pokerkit state, driven by protocol messages."""

    def __init__(self, state: Any) -> None:
        self.state = state
        self.burn()

    @classmethod
    def start(cls, message: dict[str, Any]) -> Table:
        """A new hand, or ``ValueError`` saying why this engine cannot deal it."""
        if message.get("protocol") != PROTOCOL:
            raise ValueError(f"this engine speaks protocol {PROTOCOL}, not {message.get('protocol')!r}")
        name = message["rulebook"]["name"]
        if name not in GAMES or message.get("builtin") is not True:
            raise ValueError(f"pokerkit plays {', '.join(GAMES)} as studspec ships them, not this {name!r}")
        pokerkit = _pokerkit()
        automations = tuple(
            getattr(pokerkit.Automation, name)
            for name in ("ANTE_POSTING", "BET_COLLECTION", "HAND_KILLING", "CHIPS_PUSHING", "CHIPS_PULLING")
        )
        stakes, stacks = message["stakes"], message["stacks"]
        if stakes.get("blinds"):
            raise ValueError("pokerkit's stud games post antes and a bring-in, never blinds")
        game = getattr(pokerkit, GAMES[name])
        state = game.create_state(
            automations, True, stakes["ante"], stakes["bring_in"], stakes["small_bet"], stakes["big_bet"],
            stacks, len(stacks), mode=pokerkit.Mode.CASH_GAME,
        )  # fmt: skip
        return cls(state)

    def burn(self) -> None:
        """Burn a placeholder wherever pokerkit burns: the harness deals every real card."""
        while self.state.status and self.state.can_burn_card("??"):
            self.state.burn_card("??")

    def deal(self, seat: int | None, cards: list[str]) -> str | None:
        """Deal these cards; why not, if they cannot be dealt now."""
        state = self.state
        if seat is None:
            if not allowed(lambda: state.can_deal_board("".join(cards))):
                return "no community card is due"
            objection = attempt(state.deal_board, "".join(cards))
        else:
            due = state.hole_dealee_index
            if due != seat:
                return f"the next deal is to seat {due}" if due is not None else "no card is due now"
            count = len(state.hole_dealing_statuses[seat])
            if len(cards) != count:
                return f"seat {seat} is dealt {count} card(s) on this street, not {len(cards)}"
            objection = attempt(state.deal_hole, "".join(cards))
        self.burn()
        return objection

    def act(self, seat: int, action: str) -> str | None:
        """Take a player's action; why not, if the rules refuse it."""
        state = self.state
        words = action.split()
        code = words[0] if words else ""
        if code == "sm":
            if state.showdown_index != seat:
                return f"seat {seat} does not show now"
            objection = attempt(state.show_or_muck_hole_cards, words[1] if len(words) > 1 else False)
        else:
            if state.actor_index != seat:
                return f"it is not seat {seat}'s turn"
            operation = {"f": state.fold, "cc": state.check_or_call, "pb": state.post_bring_in}.get(code)
            if code == "cbr" and len(words) == 2 and words[1].isdigit():
                objection = attempt(state.complete_bet_or_raise_to, int(words[1]))
            elif operation is not None and len(words) == 1:
                objection = attempt(operation)
            else:
                return f"{action!r} is none of f, cc, pb, cbr AMOUNT, sm CARDS"
        self.burn()
        return objection

    def legal(self) -> tuple[int | None, list[str]]:
        """Whose turn it is and what they may do, with the chips each choice moves."""
        state = self.state
        actor = state.actor_index
        if actor is None:
            shows = state.showdown_index
            return (shows, ["sm"]) if shows is not None else (None, [])
        choices = []
        if allowed(state.can_fold):
            choices.append("f")
        if allowed(state.can_check_or_call):
            owed = state.checking_or_calling_amount
            choices.append(f"cc {owed}" if owed else "cc")
        if allowed(state.can_post_bring_in):
            choices.append(f"pb {state.effective_bring_in_amount}")
        if allowed(state.can_complete_bet_or_raise_to):
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            choices.append(f"cbr {low}" if low == high else f"cbr {low}..{high}")
        return actor, choices

    def reply(self, detail: bool = False) -> Reply:
        to_act, legal = self.legal()
        reply: Reply = {
            "to_act": to_act,
            "legal": legal,
            "complete": not self.state.status,
            "stacks": list(self.state.stacks),
        }
        if detail:
            reply["detail"] = self.describe()
        return reply

    def describe(self) -> str:
        """Each seat's cards (down cards in brackets), stack and bet, and the pots."""
        state = self.state
        lines = []
        for seat in range(len(state.stacks)):
            cards = " ".join(
                str(card) if up else f"[{card}]"
                for card, up in zip(state.hole_cards[seat], state.hole_card_statuses[seat])
            )
            lines.append(f"p{seat + 1}: stack {state.stacks[seat]}, bet {state.bets[seat]}; cards {cards or '-'}")
        board = "".join(str(card) for row in state.board_cards for card in row)
        if board:
            lines.append(f"community: {board}")
        lines.append(f"pots: {' '.join(str(pot.amount) for pot in state.pots) or '-'}")
        return "\n".join(lines)


NO_HAND: Reply = {"to_act": None, "legal": [], "complete": False, "stacks": []}


class Adapter:
    """The protocol: one message in, one reply out."""

    def __init__(self) -> None:
        self.table: Table | None = None

    def handle(self, message: dict[str, Any]) -> Reply:
        kind = message["type"]
        if kind == "new_hand":
            self.table = None
            try:
                self.table = Table.start(message)
            except ValueError as why:  # a book or stakes this engine cannot deal: a failure, not a refusal
                return {"error": str(why)}
            return self.table.reply()
        if kind == "query":
            return self.table.reply(detail=True) if self.table is not None else NO_HAND
        if self.table is None:
            return {"error": f"a {kind} message before any new_hand"}
        if kind == "deal":
            objection = self.table.deal(message["seat"], message["cards"])
        elif kind == "action":
            objection = self.table.act(message["seat"], message["action"])
        else:
            return {"error": f"unknown message type {kind!r}"}
        return {"refused": objection} if objection is not None else self.table.reply()


def serve(stdin: TextIO, stdout: TextIO) -> int:
    """Answer every line of ``stdin`` with one line on ``stdout`` until end of input."""
    adapter = Adapter()
    for line in stdin:
        if not line.strip():
            continue
        try:
            reply = adapter.handle(json.loads(line))
        except Exception as error:  # a bug of the adapter or of pokerkit: a fault, never a refusal
            traceback.print_exc(file=sys.stderr)
            adapter.table = None
            reply = {"error": f"engine error: {type(error).__name__}: {error}"}
        stdout.write(json.dumps(reply) + "\n")
        stdout.flush()
    return 0


def main() -> int:
    try:
        _pokerkit()
    except ImportError:
        print('pokerkit is not installed: pip install "studspec[pokerkit]"', file=sys.stderr)
        return 2
    return serve(sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
