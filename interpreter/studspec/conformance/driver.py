"""Playing one case on one engine, message by message, and checking it as it goes.

The driver sends ``new_hand``, then each deal and action, checks the case's checkpoints
whenever their N actions have been applied, checks that every action moved the chips the
engine itself offered for it (``cc 3`` takes 3), and at the end compares the stacks with
``finishing_stacks``. By default the first disagreement ends the case; with ``keep_going``
every disagreement that leaves the hand in step with the case is recorded and the case goes
on, and after an illegal line the engine accepted the hand is dealt again from the start
(issue 23 item 8).

Where every hand is tabled (``_tabled``) the engine leads: it may ask for a seat's show
whenever it likes, and is sent that seat's cards as dealt so far (issue 23 item 3).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from studspec.errors import EngineFault, LineFormatError, StudspecError
from studspec.history.phh import stakes_of
from studspec.history.variants import Folders

from .case import Case, is_show_line
from .checkpoints import Checkpoint, Illegal, TableState, action_cost, seat_name
from .protocol import QUERY, EngineError, Message, Refusal, Reply, messages_for_line, new_hand_message
from .results import Failure
from .rulebook import is_unchanged_builtin

SHOW_ORDER = "the showing order: docs/rules.md, 'Who shows first'"
"""What a check at a show is about, whatever the case's own rule is."""


class Engine(Protocol):
    """Anything that answers protocol messages: the in-process reference or a process."""

    def send(self, message: Message) -> Reply: ...

    def close(self) -> None: ...


class CaseError(StudspecError):
    """The case cannot be run (a bad ``_illegal`` line, say); reported as the case failing."""


def offered_cost(legal: frozenset[str], action: str) -> int | None:
    """What the engine said ``action`` would move from the stack, if its legal set said so."""
    code = action.split()[0] if action.split() else ""
    if code not in ("f", "cc", "pb", "pay"):
        return None
    offers = [choice for choice in legal if choice.split()[0] == code]
    return action_cost(offers[0]) if len(offers) == 1 else None


def _refusal_text(reply: Refusal | EngineError) -> str:
    if isinstance(reply, Refusal):
        return f"refused: {reply.reason}"
    return f"engine error: {reply.error}"


class Driver:
    """Plays one case on one engine, remembering how far it got and what it found."""

    def __init__(self, case: Case, engine: Engine, allowed: Folders = None, keep_going: bool = False) -> None:
        self.case = case
        self.engine = engine
        self.allowed = allowed
        """The folders the case's ``_variant`` rule book may come from (``None``: anywhere)."""
        self.keep_going = keep_going
        self.index = 0
        self.state: TableState | None = None
        self._queried: Reply | None = None
        """The last query's reply, while nothing has been played since (refusals change nothing)."""
        self.started = False
        """Whether the engine has answered ``new_hand``."""
        self.failures: list[Failure] = []
        self.transcript: list[Message] = []
        """Every message of the hand the engine accepted, to deal the hand again."""
        self.dealt: dict[int, list[str]] = {}
        """The cards the harness has dealt each seat so far."""
        self.seen: set[str] = set()
        self.shows: dict[int, str] = {}
        """Where hands are tabled: each seat's show line, sent when the engine asks."""
        self.sent: set[int] = set()
        self.start: Message = {}

    # ------------------------------------------------------------------ talking

    def line(self, index: int) -> str | None:
        actions = self.case.history.actions
        return actions[index] if index < len(actions) else None

    def send(self, message: Message) -> Reply:
        self._queried = None
        return self.engine.send(message)

    def query(self) -> Reply:
        if self._queried is None:
            self._queried = self.engine.send(QUERY)
        return self._queried

    def describe(self) -> str:
        """The engine's state (with its detail, if it gives one), best effort."""
        try:
            reply = self.query()
        except EngineFault as fault:
            last = self.state.summary() if self.state is not None else "no state reported"
            return f"{last}\n(the engine could not be queried: {str(fault).splitlines()[0]})"
        if not isinstance(reply, TableState):
            return f"(the engine did not answer the query with a state: {_refusal_text(reply)})"
        return reply.summary() + ("\n" + reply.detail if reply.detail else "")

    def fail(self, expected: str, got: str, check: str, index: int | None = None) -> Failure:
        at = self.index if index is None else index
        stage = "" if self.started else "starting the hand (new_hand)"
        return Failure(at, self.line(at), expected, got, self.describe(), stage, check)

    def record(self, failure: Failure) -> bool:
        """Note a disagreement; whether to go on (only when keeping going)."""
        self.failures.append(failure)
        return self.keep_going

    # ------------------------------------------------------------------ the hand

    def run(self, messages: Sequence[list[Message]]) -> list[Failure]:
        """Play the case; every disagreement found (none: it passed)."""
        if not self.begin():
            return self.failures
        checkpoints = list(self.case.checkpoints)
        tabled = self.case.tabled
        for self.index in range(len(messages) + 1):
            if tabled is not None and self.index >= tabled and not self.answer_shows():
                return self.failures
            while checkpoints and checkpoints[0].after == self.index:
                if not self.check(checkpoints.pop(0)):
                    return self.failures
            line = self.line(self.index)
            if line is None:
                break
            if tabled is not None and self.index >= tabled and is_show_line(line):
                continue  # every hand is tabled: shown when the engine asks, in its order
            if not self.play(messages[self.index], line):
                return self.failures
        self.finish()
        return self.failures

    def begin(self) -> bool:
        history = self.case.history
        variant = self.case.variant(self.allowed)
        self.start = new_hand_message(
            variant.resolved, stakes_of(history), history.starting_stacks, self.case.path, is_unchanged_builtin(variant)
        )
        tabled = self.case.tabled
        if tabled is not None:
            for line in history.actions[tabled:]:
                if is_show_line(line):
                    self.shows[int(line.split()[0][1:]) - 1] = line
        reply = self.send(self.start)
        if not isinstance(reply, TableState):
            self.record(
                self.fail("the new hand accepted", _refusal_text(reply), "new_hand (the rule book and the table)")
            )
            return False
        self.state = reply
        self.started = True
        return True

    def play(self, messages: Sequence[Message], line: str) -> bool:
        """Send the messages of one line; whether the case goes on."""
        for message in messages:
            before = self.state
            reply = self.send(message)
            if not isinstance(reply, TableState):
                self.record(self.refused(message, reply, line))
                return False
            self.accept(message, reply)
            if (
                message["type"] == "action"
                and before is not None
                and not self.moved_what_it_offered(message, before, reply, line)
            ):
                return False
        return True

    def accept(self, message: Message, reply: TableState) -> None:
        self.state = reply
        self.transcript.append(message)
        if message["type"] == "deal":
            cards = [card for card in message["cards"] if card != "??"]
            self.seen.update(cards)
            if message["seat"] is not None:
                self.dealt.setdefault(message["seat"], []).extend(message["cards"])

    def refused(self, message: Message, reply: Refusal | EngineError, line: str) -> Failure:
        """The case's own line was refused (or the engine failed on it)."""
        got = _refusal_text(reply)
        if message["type"] == "deal":
            fresh = [card for card in message["cards"] if card not in self.seen and card != "??"]
            if fresh:
                got += (
                    f" (the harness dealt {' '.join(fresh)}, which it had not dealt before in this hand: if your "
                    "engine burned or dealt it from a deck of its own, burn placeholder cards and deal only the "
                    "cards the harness sends: docs/conformance.md, 'Cards the harness deals')"
                )
        show = is_show_line(line)
        check = f"action {self.index} is legal" + (f" ({SHOW_ORDER})" if show and line == self.line(self.index) else "")
        return replace(self.fail(f"action {self.index} {line!r} accepted", got, check), line=line)

    def moved_what_it_offered(self, message: Message, before: TableState, reply: TableState, line: str) -> bool:
        """The actor's stack fell by exactly what the engine's legal set said the action moves."""
        seat = message["seat"]
        cost = offered_cost(before.legal, message["action"])
        if cost is None or reply.complete or not (seat < len(before.stacks) and seat < len(reply.stacks)):
            return True
        want = before.stacks[seat] - cost
        if reply.stacks[seat] == want:
            return True
        expected = f"{seat_name(seat)}'s stack {want} after {line!r}, which the engine offered for {cost} chips"
        return self.record(
            self.fail(expected, f"stack {reply.stacks[seat]}", f"the chips action {self.index} moves (as offered)")
        )

    # ------------------------------------------------------------------ checks

    def check(self, checkpoint: Checkpoint) -> bool:
        """Check one checkpoint; whether the case goes on."""
        assert self.state is not None
        if isinstance(checkpoint, Illegal):
            return self.check_refused(checkpoint)
        mismatch = checkpoint.mismatch(self.state)
        if mismatch is None:
            return True
        line = self.line(self.index)
        about = f"; {SHOW_ORDER}" if line is not None and is_show_line(line) else ""
        return self.record(self.fail(*mismatch, f"{checkpoint.check}{about}"))

    def check_refused(self, checkpoint: Illegal) -> bool:
        line = checkpoint.line
        try:
            messages = messages_for_line(line)
        except LineFormatError as error:
            raise CaseError(f"_illegal: {error}") from None
        if len(messages) != 1:
            raise CaseError(f"_illegal: {line!r} must be one deal or one action")
        before = self.query()
        reply = self.send(messages[0])
        if isinstance(reply, EngineError):
            got = f"engine error, not a refusal by the rules: {reply.error}"
            return self.record(self.probe(checkpoint, f"{line!r} refused by the rules", got)) and self.again()
        if isinstance(reply, TableState):
            label = f"state after the engine accepted {line!r} (the case expects it refused: the hand has changed)"
            failure = self.probe(checkpoint, f"{line!r} refused", f"{line!r} accepted", label)
            return self.record(failure) and self.again()
        after = self.query()
        changed = isinstance(after, TableState) and (before != after or before.detail != after.detail)
        if isinstance(before, TableState) and changed:
            got = f"refused ({reply.reason}) but the hand changed: was {before.summary()}"
            failure = self.probe(checkpoint, f"{line!r} refused, leaving the hand unchanged", got)
            return self.record(failure) and self.again()
        return True

    def probe(self, checkpoint: Illegal, expected: str, got: str, label: str = "state") -> Failure:
        """A failure of an ``_illegal`` line: it names that line, not the case's next action."""
        failure = self.fail(expected, got, checkpoint.check)
        return replace(failure, line=checkpoint.line, state_label=label, probe=True)

    def again(self) -> bool:
        """Deal the hand again from the start, to go on after a line that changed it."""
        reply = self.send(self.start)
        for message in self.transcript:
            if not isinstance(reply, TableState):
                break
            reply = self.send(message)
        if not isinstance(reply, TableState):
            check = "dealing the hand again to go on (--all-mismatches)"
            self.record(self.fail("the hand dealt again as before", _refusal_text(reply), check))
            return False
        self.state = reply
        return True

    # ------------------------------------------------------------------ tabled hands

    def show_for(self, seat: int) -> tuple[Message, str] | None:
        """The show to send when the engine asks ``seat`` to show: its cards as dealt so far."""
        full = self.shows.get(seat)
        if full is None or seat in self.sent:
            return None
        cards = full.split()[2]
        held = 2 * len(self.dealt.get(seat, []))
        if held >= len(cards):
            self.sent.add(seat)
            held = len(cards)
        text = f"{seat_name(seat)} sm {cards[:held]}"
        return {"type": "action", "seat": seat, "action": f"sm {cards[:held]}"}, text

    def answer_shows(self) -> bool:
        """Send every show the engine asks for now (a tabled hand may be asked at any time)."""
        for _ in range(2 * len(self.case.history.starting_stacks) + 2):
            state = self.state
            if state is None or state.complete or state.to_act is None or state.legal != {"sm"}:
                return True
            show = self.show_for(state.to_act)
            if show is None:
                expected = "shows only of the seats the case tables, each once"
                got = f"the engine asks {seat_name(state.to_act)} to show"
                return self.record(self.fail(expected, got, f"the tabled showdown ({SHOW_ORDER})"))
            if not self.play([show[0]], show[1]):
                return False
        return True

    def finish_tabled(self) -> bool:
        """After the last line: the shows the engine asked for, then any it did not ask for."""
        while True:
            if not self.answer_shows():
                return False
            assert self.state is not None
            pending = [seat for seat in self.shows if seat not in self.sent]
            if self.state.complete or not pending:
                return True
            show = self.show_for(pending[0])
            assert show is not None
            if not self.play([show[0]], show[1]):
                return False

    def finish(self) -> None:
        if self.case.tabled is not None and not self.finish_tabled():
            return
        assert self.state is not None
        end = len(self.case.history.actions)
        want = self.case.finishing_stacks
        if want is None:  # a partial case: the hand need not be over
            return
        if not self.state.complete:
            self.record(self.fail("the hand over after the last action", "the hand is not over", "the hand over", end))
        elif self.state.stacks != want:
            shown = " ".join(str(s) for s in want)
            got = " ".join(str(s) for s in self.state.stacks)
            self.record(self.fail(f"finishing stacks {shown}", f"stacks {got}", "finishing_stacks", end))
