"""``studspec play``: one person against built-in players, hand after hand, in a terminal.

The person types an action the way the menu shows it (a number, a PHH action such as
``cbr 400``, or a word such as ``call``), or, when a decision about cards is asked, the
cards (``7h 2c``, their numbers in the list, or the action, ``sd 7h2c``); anything that is
not a legal choice is refused with the reason and asked again, so a hand is never lost to a
typo. The interpreter's own refusals (:class:`IllegalActionError`) are shown as they are: the person reads the
same reasons a conformance test would. Input is read line by line, so the whole game can
be scripted through standard input and tested.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum, unique
from typing import TextIO

from studspec.engine.actions import (
    ACTION_SYNTAX,
    DECLARATION_WORDS,
    MAX_AMOUNT_DIGITS,
    Action,
    ActionKind,
    Declaration,
    LegalAction,
    bet_to,
    choose,
    declare,
    is_number,
    parse_action,
    share_numbers,
)
from studspec.engine.cards import Card, parse_cards
from studspec.engine.hand import Hand
from studspec.errors import ActionFormatError, CardFormatError, ChoiceError, IllegalActionError
from studspec.rulebook.model import Variant
from studspec.terminal import printable

from .card_choices import decision_of
from .players import Player, PlayerKind
from .session import Session
from .simulate import bots_for_hand, hand_seed
from .table import Narrator, Style, card_menu, describe_choice, describe_decision, render_table


@unique
class Command(str, Enum):
    """Things a person may type at the prompt besides an action."""

    HELP = "help"
    """Explain what may be typed."""
    TABLE = "table"
    """Show the table again."""
    QUIT = "quit"
    """Leave the table (asks first when a hand is under way)."""


_COMMANDS = {"?": Command.HELP, "h": Command.HELP, "help": Command.HELP,
             "t": Command.TABLE, "table": Command.TABLE,
             "q": Command.QUIT, "quit": Command.QUIT, "exit": Command.QUIT}  # fmt: skip

_WORDS = {
    "fold": ActionKind.FOLD,
    "check": ActionKind.CHECK_CALL,
    "call": ActionKind.CHECK_CALL,
    "bring-in": ActionKind.BRING_IN,
    "bringin": ActionKind.BRING_IN,
    "post": ActionKind.BRING_IN,
    "bet": ActionKind.COMPLETE_BET_RAISE,
    "raise": ActionKind.COMPLETE_BET_RAISE,
    "complete": ActionKind.COMPLETE_BET_RAISE,
}

_DECLARATIONS = frozenset(DECLARATION_WORDS)
"""Declare: ``high``, ``low``, ``both`` or ``all`` typed alone declares it (so does a set of
share numbers with a ``+``, ``1+3``; a number alone picks from the list: ``dcl 2`` declares
share 2)."""

HELP = f"""Type the number of a choice in the list, or the action itself:
  f          fold                   cc         check, or call what is owed
  pb         post the bring-in      cbr N      complete, bet or raise to N (this street's total)
  or words: fold, check, call, bring-in, bet N, raise N, complete N
  (declare: dcl high, dcl low, dcl both, or just high, low, both; or the shares by number,
   dcl 2, dcl 1+3 or just 1+3, and dcl all or just all)
  (a dealt card's price, such as Baseball's up 3: pay, or decline / f)
  (bet, raise and complete need no amount when there is one size to choose).
  With a range such as 'cbr 400..800', type any amount in it: 'cbr 600' or '3 600'.
  t shows the table again, ? this help, q leaves the table.
PHH syntax: {ACTION_SYNTAX}."""


def _wager(choices: list[LegalAction], amount: int | None) -> Action:
    """A bet said without an amount is the one amount there is; with several, the person is
    asked which (what the words mean, not whether the bet is legal: the hand judges that)."""
    if amount is not None:
        return bet_to(amount)
    if len(choices) == 1 and choices[0].minimum == choices[0].maximum:
        assert choices[0].minimum is not None
        return bet_to(choices[0].minimum)
    if choices:
        amounts = ", ".join(str(c).removeprefix("cbr ") for c in choices)
        raise ChoiceError(f"say how much: the amount may be {amounts} (e.g. 'cbr {choices[0].minimum}')")
    return bet_to(0)  # no wager is open to this seat: the hand refuses it, with the rules' reason


def _numbered(index: int, rest: list[str], legal: list[LegalAction]) -> Action:
    """Choice ``index`` from the menu; a ranged ``cbr`` may be followed by its amount."""
    if not 1 <= index <= len(legal):
        raise ChoiceError(f"{index} is not on the list: choose 1 to {len(legal)}")
    choice = legal[index - 1]
    if choice.kind is ActionKind.COMPLETE_BET_RAISE:
        if rest:
            if len(rest) != 1 or not is_number(rest[0]) or len(rest[0]) > MAX_AMOUNT_DIGITS:
                raise ChoiceError(f"after {index}, give one whole amount, e.g. '{index} {choice.minimum}'")
            return bet_to(int(rest[0]))
        return _wager([choice], None)
    if rest:
        raise ChoiceError(f"{index} ({choice}) takes no amount")
    return Action(choice.kind, declaration=choice.declaration)


def _worded(head: str, kind: ActionKind, rest: list[str], text: str, legal: list[LegalAction]) -> Action:
    """An action said in words (``call``, ``raise 800``), as the action it means; the hand
    judges whether it is legal (one judge: its refusal says why, with the choices)."""
    amount: int | None = None
    if rest:
        if kind is not ActionKind.COMPLETE_BET_RAISE or len(rest) != 1 or not is_number(rest[0]):
            raise ChoiceError(f"{text.strip()!r}: only bet, raise and complete take an amount (a whole number)")
        if len(rest[0]) > MAX_AMOUNT_DIGITS:
            raise ChoiceError(f"{rest[0][:20]}...: an amount has at most {MAX_AMOUNT_DIGITS} digits")
        amount = int(rest[0])
    if head == "check":  # "check" means nothing is owed; cc would call what is (PHH has one word)
        owed = next((c.cost for c in legal if c.kind is ActionKind.CHECK_CALL), 0)
        if owed:
            raise ChoiceError(f"'check' would call {owed}: {owed} is owed to you; type call (cc), raise or fold")
    if kind is ActionKind.COMPLETE_BET_RAISE:
        return _wager([c for c in legal if c.kind is kind], amount)
    return Action(kind)


def _declared_numbers(head: str) -> Action:
    """Share numbers typed alone (``1+3``): the declaration; the hand judges its shares."""
    try:
        return declare(Declaration(share_numbers(head)))
    except ActionFormatError as error:
        raise ChoiceError(f"{error} (? for help)") from None


def parse_choice(text: str, legal: list[LegalAction]) -> Action | Command:
    """What the person means by ``text``, given the legal choices (numbered from 1).

    Raises :class:`ChoiceError` for text that names no choice. An action that reads well
    but breaks the rules (a wrong amount) is returned as typed: the hand refuses it with
    the rules' own reason.
    """
    words = text.strip().lower().split()
    if not words:
        raise ChoiceError("type the number of a choice, or an action such as 'cc' (? for help)")
    head, rest = words[0], words[1:]
    if head in _COMMANDS and not rest:
        return _COMMANDS[head]
    if is_number(head) and len(head) <= MAX_AMOUNT_DIGITS:
        return _numbered(int(head), rest, legal)
    kind = _WORDS.get(head)
    if kind is not None:
        return _worded(head, kind, rest, text, legal)
    if head in _DECLARATIONS and not rest:
        return declare(Declaration(head))
    if "+" in head and not rest:
        return _declared_numbers(head)
    try:
        return parse_action(text.strip())
    except ActionFormatError as error:
        raise ChoiceError(f"{error} (? for help)") from None


CARD_HELP = """Name the cards, by name (7h 2c, or 7h2c) or by their numbers in the list (1 3),
or type the action itself (sd 7h2c, up 7h, pass 7h8h9h, buy 7h, set AsKsQdQc7h).
  A draw: sd alone, or pat, stands pat. A buy: decline buys nothing.
  t shows the table again, ? this help, q leaves the table."""

_PAT = frozenset({"pat", "stand", "none"})
"""Words that name no card: stand pat in a draw, turn up or pass none where the book allows
(the hand judges whether it does), decline a buy."""

_NEED_CARDS = frozenset({ActionKind.BUY, ActionKind.SET})
"""Card decisions written with at least one card (``decline`` buys none)."""


def parse_cards_choice(text: str, decision: LegalAction, legal: list[LegalAction]) -> Action | Command:
    """What the person means by ``text`` when a decision about cards is asked: cards by name
    (``7h 2c``, ``7h2c``), by their numbers in the list of eligible cards (``1 3``), or the
    action itself (``sd 7h2c``, ``decline``). Raises :class:`ChoiceError` for text that names
    no card; whether the cards may be named is the hand's to judge (its refusal says why)."""
    words = text.strip().lower().split()
    if not words:
        raise ChoiceError("name the cards, by name (7h 2c) or by number (1 3) (? for help)")
    head, rest = words[0], words[1:]
    if head in _COMMANDS and not rest:
        return _COMMANDS[head]
    if " ".join(words) in ("stand pat", *_PAT):  # no card: a bare sd, up or pass; a buy declines
        return Action(ActionKind.DECLINE) if decision.kind in _NEED_CARDS else Action(decision.kind)
    if head in _CODES:
        try:
            return parse_action(" ".join(words))
        except ActionFormatError as error:
            raise ChoiceError(f"{error} (? for help)") from None
    if all(is_number(word) for word in words):
        return choose(decision.kind, tuple(_by_number(word, decision) for word in words))
    try:
        return choose(decision.kind, tuple(parse_cards("".join(words))))
    except CardFormatError:
        raise ChoiceError(
            f"{text.strip()[:40]!r} names no cards: type them as 7h 2c, or their numbers (? for help)"
        ) from None


_CODES = frozenset(kind.value for kind in ActionKind)


def _by_number(word: str, decision: LegalAction) -> Card | None:
    """The eligible card numbered ``word`` in the list (from 1)."""
    count = len(decision.cards)
    if len(word) > MAX_AMOUNT_DIGITS or not 1 <= int(word) <= count:
        raise ChoiceError(f"{word[:20]} is not on the list: choose cards 1 to {count}")
    return decision.cards[int(word) - 1]


MAX_LINE = 1024
"""Longest line of input read as an answer, in characters. The longest meaningful answer
(``cbr`` and an 18-digit amount) is a few dozen; reading a longer line whole would let a
100 MB line cost hundreds of MB of memory, so the rest of it is read in pieces, dropped, and
the person told."""

_DISCARD_PIECE = 64 * 1024
"""Characters read at a time while dropping the rest of an overlong line."""


class Console:
    """Prompts and answers over two streams: a terminal, or a script and a log.

    When the input is not a terminal, each answer read is echoed after its prompt, so a
    scripted game's output reads like a game at a terminal; the echo shows control
    characters escaped, as everything read from outside is shown.
    """

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.interactive = stdin.isatty() and stdin is sys.stdin

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def ask(self, prompt: str) -> str | None:
        """The next line typed, or ``None`` when the input has ended."""
        if self.interactive:
            try:
                return input(prompt)
            except EOFError:
                self.say()
                return None
        while True:
            self.stdout.write(prompt)
            self.stdout.flush()  # a program at the other end of a pipe waits for the prompt to answer it
            line = self.stdin.readline(MAX_LINE + 1)
            if not line:
                self.say()
                return None
            if len(line) <= MAX_LINE or line.endswith("\n"):
                self.say(printable(line.rstrip("\n")))
                return line
            self._drop_rest_of_line()
            self.say(f"{printable(line[:20])}...")
            self.say(f"  not accepted: that line is over {MAX_LINE:,} characters; it was dropped")

    def _drop_rest_of_line(self) -> None:
        """Read what is left of an overlong line, in pieces, and keep none of it."""
        while True:
            piece = self.stdin.readline(_DISCARD_PIECE)
            if not piece or piece.endswith("\n"):
                return

    def confirm(self, prompt: str, default: bool) -> bool | None:
        """A yes or no; asked again until it is one. ``None`` when the input has ended."""
        while True:
            answer = self.ask(prompt)
            if answer is None:
                return None
            word = answer.strip().lower()
            if not word:
                return default
            if word in ("y", "yes"):
                return True
            if word in ("n", "no", "q", "quit"):
                return False
            self.say("  please answer y or n")


class _Quit(Exception):
    """The person left the table (or the input ended)."""

    def __init__(self, input_ended: bool = False) -> None:
        super().__init__()
        self.input_ended = input_ended


def _human_turn(hand: Hand, seat: int, console: Console, style: Style, save_to: str | None = None) -> None:
    console.say(render_table(hand, hand.view(seat), style))
    legal = hand.legal_actions()
    decision = decision_of(legal)
    if decision is not None:
        _card_turn(hand, seat, decision, legal, console, style, save_to)
        return
    width = max(len(str(c)) for c in legal)
    for number, option in enumerate(legal, 1):
        console.say(f"  {number}  {str(option).ljust(width)}  {describe_choice(hand, seat, option)}")
    last = legal[-1]
    example = f"cbr {last.minimum}" if last.kind is ActionKind.COMPLETE_BET_RAISE else str(last)
    turn = _Turn(hand, seat, console, style, save_to, HELP, f"your choices: {_choices(hand, legal)}")
    turn.answer(
        f"Your action (1-{len(legal)}, or e.g. {example}; ? for help): ", lambda text: parse_choice(text, legal)
    )


def _card_turn(
    hand: Hand,
    seat: int,
    decision: LegalAction,
    legal: list[LegalAction],
    console: Console,
    style: Style,
    save_to: str | None,
) -> None:
    """A decision about cards: say what is asked and the cards the seat may name, numbered."""
    asked = describe_decision(hand, seat, decision)
    console.say(f"  {asked}, from: {card_menu(hand, seat, style)}")
    turn = _Turn(hand, seat, console, style, save_to, CARD_HELP, f"asked: {asked}")
    first = decision.cards[0] if decision.cards else None
    example = f"{first} or 1" if first is not None else "1"
    turn.answer(f"Your cards (e.g. {example}; ? for help): ", lambda text: parse_cards_choice(text, decision, legal))


@dataclass(frozen=True)
class _Turn:
    """The person's turn: what is read is asked again until the hand takes it."""

    hand: Hand
    seat: int
    console: Console
    style: Style
    save_to: str | None
    help: str
    after_refusal: str
    """What a refusal repeats (the choices, what is asked): a refusal changes nothing."""

    def answer(self, prompt: str, read: Callable[[str], Action | Command]) -> None:
        """Ask until an answer, read by ``read``, is an action the hand takes."""
        console = self.console
        while True:
            answer = console.ask(prompt)
            if answer is None:
                raise _Quit(input_ended=True)
            try:
                choice = read(answer)
            except ChoiceError as error:
                console.say(f"  not accepted: {printable(str(error))}")  # it may quote what was typed
                continue
            if isinstance(choice, Command):
                self._command(choice)
                continue
            try:
                self.hand.act(choice, seat=self.seat)
            except IllegalActionError as error:
                console.say(f"  refused by the rules: {error.reason}; {self.after_refusal}")
                continue
            return

    def _command(self, command: Command) -> None:
        """Help, the table again, or leave (asked first; raises :class:`_Quit`)."""
        if command is Command.HELP:
            self.console.say(self.help)
        elif command is Command.TABLE:
            self.console.say(render_table(self.hand, self.hand.view(self.seat), self.style))
        else:
            leave = (
                f"Leave the table and save the game to {self.save_to}?"
                if self.save_to
                else "Leave the table and give up this hand?"
            )
            sure = self.console.confirm(f"{leave} [y/N] ", default=False)
            if sure is None or sure:
                raise _Quit(input_ended=sure is None)


def _choices(hand: Hand, legal: list[LegalAction]) -> str:
    """The seat's choices, as the menu lists them: a refusal changes nothing, so they stand
    (the error's own list may be empty, as for a show before the showdown)."""
    if legal:
        return ", ".join(str(option) for option in legal)
    return f"none now ({hand.waiting_for()})"


def play_one(session: Session, console: Console, style: Style) -> Hand:
    """Deal and play one hand (or go on with the one a saved game was in); the person's
    stacks carry over to the next."""
    if session.current is None:
        session.current = _deal(session, console, style)
    hand, bots = session.current
    you = session.hand_seat()
    narrator = Narrator(hand, you, style)
    while not hand.is_complete:
        for line in narrator.feed():
            console.say(line)
        actor = hand.actor
        if actor is None:
            raise RuntimeError(f"the hand waits for something no player can give ({hand.state})")
        if actor == you:
            _human_turn(hand, actor, console, style, session.save_to)
        else:
            hand.act(bots[actor].choose(hand, actor, hand.legal_actions()), seat=actor)
    session.current = None
    for line in narrator.feed():
        console.say(line)
    _settle(session, hand, console)
    return hand


def _deal(session: Session, console: Console, style: Style) -> tuple[Hand, list[Player]]:
    """The next hand, after rebuying empty stacks, and its built-in players."""
    number = session.hands
    for s, stack in enumerate(session.stacks):
        if stack == 0:
            session.stacks[s] = session.stakes.starting_stack
            if s == session.seat:
                session.rebuys += 1
            who = "You rebuy" if s == session.seat else f"p{session.hand_seat(s) + 1} rebuys"
            console.say(f"{who} for {session.stakes.starting_stack}.")
    seed = hand_seed(session.seed, number)
    hand = Hand(session.variant, session.hand_stacks(), stakes=session.stakes, seed=seed)
    bots = bots_for_hand(session.bots, seed, session.players)
    title = printable(session.variant.title)
    dealer = f", p{session.players} deals" if session.stakes.blinds else ""  # the button moves: say where
    console.say(style.bold(f"=== Hand {number + 1}: {title}, you are p{session.hand_seat() + 1}{dealer} ==="))
    return hand, bots


def _settle(session: Session, hand: Hand, console: Console) -> None:
    """Carry the finished hand's stacks to the session, and say how it went."""
    assert hand.result is not None
    you = session.hand_seat()
    session.take_stacks(hand.result.stacks)
    session.hands += 1
    net = hand.result.net[you]
    outcome = f"you won {net}" if net > 0 else (f"you lost {-net}" if net < 0 else "you broke even")
    console.say(f"Result: {outcome}; your stack is {hand.result.stacks[you]}.")
    console.say("Stacks: " + ", ".join(f"p{s + 1} {stack}" for s, stack in enumerate(hand.result.stacks)))


def run_session(session: Session, console: Console, style: Style, max_hands: int | None = None) -> int:
    """Play hands until the person stops, the input ends, or ``max_hands`` are played.

    With ``max_hands`` nothing is asked between hands, so a script holds only actions. The
    exit status is 1 when the input ends in the middle of a hand (a script too short).
    """
    status = 0
    try:
        while True:
            play_one(session, console, style)
            if max_hands is not None:
                if session.hands >= max_hands:
                    break
                continue
            again = console.confirm("Another hand? [Y/n] ", default=True)
            if not again:
                break
    except _Quit as quit:
        if session.save_to is not None and session.current is not None and not quit.input_ended:
            from .saved import save_game

            save_game(session, session.save_to)
            console.say(f"Game saved to {session.save_to}; 'studspec play --resume {session.save_to}' goes on.")
            return 0
        console.say("You leave the table; the hand in play is abandoned.")
        status = 1 if quit.input_ended else 0
    net = session.net
    sign = "+" if net > 0 else ""
    console.say(f"Hands played: {session.hands}; your net: {sign}{net}.")
    return status


def new_session(
    variant: Variant,
    players: int,
    seat: int,
    seed: int,
    bots: PlayerKind = PlayerKind.RULES,
    stack: int | None = None,
) -> Session:
    stakes = variant.stakes if stack is None else replace(variant.stakes, starting_stack=stack)
    return Session(variant=variant, players=players, seat=seat, seed=seed, stakes=stakes, bots=bots)
