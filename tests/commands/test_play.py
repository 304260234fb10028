"""``studspec play``: a person against built-in players, driven by scripted input.

Scripts are written from the rules, not from recorded output: a seed is chosen by dealing
the same hand through the API and asking who has the bring-in, and the person's answers
are always-legal ones (``cc``) after some that must be refused. The expected result is
the result of the same hand played through the API with the same answers.
"""

from __future__ import annotations

import io
import random
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import BUILTIN_BOOKS, ROOT
from studspec.engine.actions import BRING_IN, CHECK_CALL, Action, ActionKind, LegalAction, bet_to
from studspec.engine.events import BringInDue, CardsDealt, Showed
from studspec.engine.hand import Hand
from studspec.errors import ChoiceError, IllegalActionError
from studspec.play.game import Command, Console, new_session, parse_choice, play_one, run_session
from studspec.play.players import PlayerKind, RuleBasedPlayer
from studspec.play.session import Session
from studspec.play.simulate import bots_for_hand, hand_seed
from studspec.play.table import Style
from studspec.rulebook import load_variant
from studspec.rulebook.model import Face

PLAIN = Style(symbols=False, color=False)
BOOK = "seven-card-stud"


def bring_in_seat(book: str, players: int, seed: int, number: int = 0) -> int:
    variant = load_variant(book)
    hand = Hand(variant, [variant.stakes.starting_stack] * players, seed=hand_seed(seed, number))
    return next(e.seat for e in hand.events if isinstance(e, BringInDue))


def find_seed(book: str, players: int, *, brings_in: bool, hands: int = 1) -> int:
    """A session seed whose first ``hands`` hands give (or do not give) seat 1 the bring-in."""
    for seed in range(500):
        if all((bring_in_seat(book, players, seed, n) == 0) == brings_in for n in range(hands)):
            return seed
    raise AssertionError("no such seed in 500")


def expected_hand(book: str, players: int, seed: int) -> Hand:
    """The first hand of a session played through the API, seat 1 posting or calling."""
    variant = load_variant(book)
    s = hand_seed(seed, 0)
    hand = Hand(variant, [variant.stakes.starting_stack] * players, seed=s)
    bots = bots_for_hand(PlayerKind.RULES, s, players)
    while not hand.is_complete:
        actor = hand.actor
        assert actor is not None
        if actor == 0:
            kinds = {c.kind for c in hand.legal_actions()}
            hand.act(BRING_IN if ActionKind.BRING_IN in kinds else CHECK_CALL, seat=0)
        else:
            hand.act(bots[actor].choose(hand, actor, hand.legal_actions()), seat=actor)
    return hand


def session_output(
    script: str, *, book: str = BOOK, players: int = 4, seed: int = 0, hands: int | None = 1, status: int = 0
) -> str:
    out = io.StringIO()
    session = new_session(load_variant(book), players, 0, seed)
    assert run_session(session, Console(io.StringIO(script), out), PLAIN, max_hands=hands) == status
    return out.getvalue()


# --- reading what the person types -----------------------------------------------------------

FIXED = [
    LegalAction(ActionKind.FOLD),
    LegalAction(ActionKind.CHECK_CALL, 400, 400, 200),
    LegalAction(ActionKind.COMPLETE_BET_RAISE, 800, 800, 600),
]
RANGE = [
    LegalAction(ActionKind.FOLD),
    LegalAction(ActionKind.CHECK_CALL, 400, 400, 400),
    LegalAction(ActionKind.COMPLETE_BET_RAISE, 800, 1600, 800),
]


def test_numbers_words_and_phh_name_the_same_actions() -> None:
    assert parse_choice("1", FIXED) == parse_choice("fold", FIXED) == parse_choice("f", FIXED)
    assert parse_choice("2", FIXED) == parse_choice("call", FIXED) == parse_choice(" CC ", FIXED) == CHECK_CALL
    assert parse_choice("3", FIXED) == parse_choice("raise", FIXED) == parse_choice("cbr 800", FIXED) == bet_to(800)
    assert parse_choice("?", FIXED) is Command.HELP
    assert parse_choice("q", FIXED) is Command.QUIT


def test_a_range_takes_any_amount_typed() -> None:
    """A range 'cbr 800..1600' (spread, pot, no limit) is played by typing an amount."""
    assert str(RANGE[2]) == "cbr 800..1600"
    assert parse_choice("cbr 1200", RANGE) == bet_to(1200)
    assert parse_choice("3 1000", RANGE) == bet_to(1000)
    assert parse_choice("raise 900", RANGE) == bet_to(900)
    for text in ("3", "raise"):
        with pytest.raises(ChoiceError, match=r"800\.\.1600"):
            parse_choice(text, RANGE)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "type the number"),
        ("xyz", "unknown action"),
        ("4", "not on the list: choose 1 to 3"),
        ("check", "'check' would call 200"),
        ("cc 400", "takes no amount"),
        ("call 400", "only bet, raise and complete take an amount"),
        ("3 lots", "one whole amount"),
    ],
)
def test_bad_input_is_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(ChoiceError, match=reason):
        parse_choice(text, FIXED)


def test_play_reads_the_words_and_the_hand_judges_them() -> None:
    """Issue 22, one judge of legality: play turns typed words into the action they mean
    and the hand refuses what the rules do not allow, with its reason. A call is no answer
    to one's own bring-in (nothing is owed yet): the hand says so, not play."""
    legal = [LegalAction(ActionKind.BRING_IN, 200, 200, 200), LegalAction(ActionKind.COMPLETE_BET_RAISE, 400, 400, 400)]
    assert parse_choice("call", legal) == parse_choice("cc", legal) == CHECK_CALL
    assert parse_choice("pb", legal) == BRING_IN
    assert parse_choice("bring-in", FIXED) == BRING_IN  # not among FIXED's choices: the hand refuses it
    hand = Hand(load_variant(BOOK), [40000] * 4, seed=hand_seed(find_seed(BOOK, 4, brings_in=True), 0))
    assert hand.actor == 0
    call = parse_choice("call", hand.legal_actions())
    assert isinstance(call, Action)  # an action, not one of play's own commands
    with pytest.raises(IllegalActionError, match="bring-in is due from this seat"):
        hand.act(call)


# --- whole hands through scripted input ------------------------------------------------------


def test_full_hand_with_refused_input_ends_as_the_rules_say() -> None:
    """Bad answers are refused and asked again; the hand then plays to its result, which
    is the API's result for the same hand and answers."""
    seed = find_seed(BOOK, 4, brings_in=False)
    script = "xyz\n99\ncbr 1\n" + "cc\n" * 40
    text = session_output(script, seed=seed)
    assert "not accepted: unknown action 'xyz'" in text
    assert "not accepted: 99 is not on the list" in text
    assert "refused by the rules: the amount must be" in text
    expected = expected_hand(BOOK, 4, seed)
    assert expected.result is not None
    net = expected.result.net[0]
    outcome = f"you won {net}" if net > 0 else (f"you lost {-net}" if net < 0 else "you broke even")
    assert f"Result: {outcome}; your stack is {expected.result.stacks[0]}." in text
    assert "Stacks: " + ", ".join(f"p{s + 1} {v}" for s, v in enumerate(expected.result.stacks)) in text
    assert "Hands played: 1" in text


def test_the_bring_in_must_be_posted_or_completed() -> None:
    seed = find_seed(BOOK, 4, brings_in=True)
    text = session_output("cc\npb\n" + "cc\n" * 40, seed=seed)
    first_prompt = text.index("Your action")
    assert "1  pb" in text[:first_prompt] and "bring in for 200" in text[:first_prompt]
    assert "refused by the rules: the bring-in is due from this seat" in text
    assert "p1 (you) brings in for 200" in text
    expected = expected_hand(BOOK, 4, seed)
    assert expected.result is not None
    assert f"your stack is {expected.result.stacks[0]}." in text


def test_another_hand_is_offered_and_stacks_carry_over() -> None:
    seed = find_seed(BOOK, 3, brings_in=False, hands=2)
    script = "cc\n" * 40 + "y\n" + "cc\n" * 40 + "n\n"
    text = session_output(script, players=3, seed=seed, hands=None)
    assert "=== Hand 2" in text and "=== Hand 3" not in text
    assert "please answer y or n" in text  # the spare 'cc' lines at the question
    assert "Hands played: 2" in text
    finals = [line for line in text.splitlines() if line.startswith("Stacks: ")]
    assert len(finals) == 2
    assert sum(int(part.split()[1]) for part in finals[-1][8:].split(", ")) == 3 * 40000


def test_quit_asks_first_and_leaves() -> None:
    text = session_output("q\nn\nq\ny\n", seed=find_seed(BOOK, 4, brings_in=False))
    assert text.count("Leave the table and give up this hand?") == 2
    assert "You leave the table" in text and "Hands played: 0" in text


def test_input_that_ends_mid_hand_leaves_cleanly() -> None:
    """A script that stops mid-hand leaves the table cleanly, with exit status 1."""
    text = session_output("cc\n", seed=find_seed(BOOK, 4, brings_in=False), status=1)
    assert "You leave the table" in text


def test_hands_option_plays_that_many_hands_without_asking() -> None:
    """--hands N: only actions in the script; no 'Another hand?' between hands."""
    seed = find_seed(BOOK, 4, brings_in=False, hands=3)
    text = session_output("cc\n" * 200, seed=seed, hands=3)
    assert "Another hand?" not in text
    assert "Hands played: 3" in text


def test_the_table_never_shows_another_players_down_card_early() -> None:
    """Down cards of other seats appear only when shown at the showdown; a folded hand's
    never."""
    variant = load_variant("razz")
    seed = find_seed("razz", 5, brings_in=False)
    out = io.StringIO()
    session = new_session(variant, 5, 0, seed)
    hand = play_one(session, Console(io.StringIO("cc\n" * 40), out), PLAIN)
    text = out.getvalue()
    showdown = text.find(" shows ")
    before = text if showdown < 0 else text[:showdown]
    shown = {e.seat for e in hand.events if isinstance(e, Showed)}
    for event in hand.events:
        if isinstance(event, CardsDealt) and event.seat != 0:
            for card, face in zip(event.cards, event.faces):
                if face is Face.DOWN:
                    assert str(card) not in before
                    if event.seat not in shown:
                        assert str(card) not in text


def test_play_command_reads_a_piped_script(tmp_path: Path) -> None:
    """The real command, stdin a pipe: prompts, answers echoed, a whole hand, exit 0."""
    seed = find_seed(BOOK, 4, brings_in=False)
    script = "nonsense\n" + "cc\n" * 40
    result = subprocess.run(
        [sys.executable, "-m", "studspec", "play", BOOK, "--players", "4", "--seed", str(seed), "--hands", "1"],
        input=script,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "Your action" in result.stdout and "nonsense" in result.stdout
    assert "not accepted" in result.stdout
    assert "Result:" in result.stdout and "Hands played: 1" in result.stdout
    assert "\033[" not in result.stdout  # no colour codes into a pipe


def test_play_command_rejects_a_bad_seat(capsys: pytest.CaptureFixture[str]) -> None:
    from studspec.cli import main

    assert main(["play", BOOK, "--players", "3", "--seat", "4"]) == 2
    assert "--seat must be from 1 to 3" in capsys.readouterr().err


# --- the authoring guide works as written ----------------------------------------------------


def test_the_authoring_guide_combination_validates_describes_plays_and_replays(tmp_path: Path) -> None:
    """docs/authoring.md, section 7: five-card stud hi-lo declare, a combination no book
    ships, validates, says in describe that players declare, and plays to the end through
    the public Hand API with declarations that a PHH history replays."""
    from studspec.authoring.describe import describe
    from studspec.authoring.document import Format, render
    from studspec.history.phh import parse_history, replay, write_history
    from studspec.play.players import RuleBasedPlayer, play_out
    from studspec.rulebook import validate_file

    guide = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
    section = guide.split("## 7. Combine home-game options", 1)[1]
    block = section.split("```yaml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "five-card-declare.yaml"
    path.write_text(block, encoding="utf-8")
    assert validate_file(path) == []
    variant = load_variant(str(path))
    text = render(describe(variant), Format.MARKDOWN)
    assert "declares high, low or both, all at once" in text
    declared = 0
    for seed in range(30):
        hand = Hand(variant, [variant.stakes.starting_stack] * 4, seed=seed)
        play_out(hand, [RuleBasedPlayer(random.Random(seed * 10 + s)) for s in range(4)])
        history = write_history(hand, variant_ref=str(path))
        declared += " dcl " in history
        outcome = replay(parse_history(history, str(tmp_path / "h.phh")), variant)
        assert outcome.stacks == tuple(hand.stacks)
    assert declared > 0


def test_the_authoring_guide_house_rule_validates_describes_and_plays(tmp_path: Path) -> None:
    """docs/authoring.md: its YAML validates; its typo gives the error line it quotes; the
    changes it quotes are what describe lists; and the rule book plays a scripted hand."""
    from studspec.authoring.describe import describe
    from studspec.authoring.document import Format, render
    from studspec.rulebook import validate_file

    guide = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
    block = guide.split("```yaml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "home-stud.yaml"
    path.write_text(block, encoding="utf-8")
    assert validate_file(path) == []

    quoted_error = next(line for line in guide.splitlines() if line.startswith("home-stud.yaml:"))
    bad = tmp_path / "typo" / "home-stud.yaml"
    bad.parent.mkdir()
    bad.write_text(block.replace("bet: big ", "bet: huge"), encoding="utf-8")
    errors = validate_file(bad)
    assert [f"home-stud.yaml:{e.line}:{e.col}: {e.message}" for e in errors] == [quoted_error]

    variant = load_variant(str(path))
    text = render(describe(variant), Format.MARKDOWN)
    changes = guide.split("## Changes from", 1)[1].split("```", 1)[0]
    for line in changes.splitlines():
        if line.startswith("- "):
            assert line in text

    out = io.StringIO()
    session = new_session(variant, 4, 0, seed=2)
    assert run_session(session, Console(io.StringIO("cc\n" * 40), out), PLAIN, max_hands=1) == 0
    assert "Result:" in out.getvalue()
    big = f"cbr {variant.stakes.big_bet}"
    assert any(big in line for line in out.getvalue().split("*** fourth street ***", 1)[-1].splitlines()[:12])


class CardConsole(Console):
    """Reads the script for every prompt but the decisions about cards, which it answers as
    the rule-based player would, typed as the action (``sd 9h2h``, ``up 7d``, ``decline``)."""

    def __init__(self, script: str, out: io.StringIO, session: Session) -> None:
        super().__init__(io.StringIO(script), out)
        self.session = session

    def ask(self, prompt: str) -> str | None:
        if not prompt.startswith("Your cards") or self.session.current is None:
            return super().ask(prompt)
        hand = self.session.current[0]
        answer = str(RuleBasedPlayer(random.Random(0)).choose(hand, 0, hand.legal_actions(0)))
        self.say(prompt + answer)
        return answer + "\n"


@pytest.mark.parametrize("book", BUILTIN_BOOKS)
def test_every_builtin_book_plays_a_scripted_hand(book: str) -> None:
    """'pb', 'cc' and (for hi-lo declare) 'both', over and over: one of them is always
    legal, the others refused; a decision about cards is answered with the action text."""
    variant = load_variant(book)
    players = min(5, variant.max_players)
    out = io.StringIO()
    session = new_session(variant, players, 0, 1)
    assert run_session(session, CardConsole("pb\ncc\nboth\n" * 60, out, session), PLAIN, max_hands=1) == 0
    text = out.getvalue()
    assert "Result:" in text and "Hands played: 1" in text
    stacks = next(line for line in text.splitlines() if line.startswith("Stacks: "))
    assert sum(int(part.split()[1]) for part in stacks[8:].split(", ")) == players * variant.stakes.starting_stack


def test_the_authoring_guide_priced_baseball_validates_describes_runs_and_replays(tmp_path: Path) -> None:
    """docs/authoring.md, section 7: Baseball with both dealt-card rules for the small bet
    (docs/rules.md section V: "an extra card (free or paid)", "or pay a fee") validates, reads
    as the guide says, and its quoted run is what seed 5 deals; the history replays."""
    from studspec.authoring.describe import describe
    from studspec.authoring.document import Format, render
    from studspec.cli import main
    from studspec.rulebook import validate_file

    guide = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
    section = guide.split("## 7. Combine home-game options", 1)[1]
    block = section.split("```yaml\n")[2].split("```", 1)[0]
    path = tmp_path / "baseball-for-a-price.yaml"
    path.write_text(block, encoding="utf-8")
    assert validate_file(path) == []
    text = render(describe(load_variant(str(path))), Format.MARKDOWN)
    assert "When a 4 is dealt face up, that player may buy one more card" in text
    assert "that player must pay the small bet (400) into the pot at once or fold" in text
    run = subprocess.run(
        [sys.executable, "-m", "studspec", "run", str(path), "--players", "5", "--seed", "5"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert "p1's 4d sets off extra-card for 400\n  p1 declines" in run.stdout
    phh = subprocess.run(
        [sys.executable, "-m", "studspec", "run", str(path), "--players", "5", "--seed", "5", "--phh"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert '"p1 decline"' in phh.stdout and '"p3 pay 400"' in phh.stdout
    history = tmp_path / "h.phh"
    history.write_text(phh.stdout, encoding="utf-8")
    assert main(["replay", str(history)]) == 0


def test_with_blinds_the_button_moves_a_chair_every_hand() -> None:
    """docs/rules.md F10: the blinds are posted from the dealer's left, and at a table with
    blinds the dealer button moves one chair to the left each hand, so the blinds go round:
    the person (chair 1) is p1, the small blind, in hand 1; the dealer, p3, in hand 2; the
    big blind, p2, in hand 3. The chips stay at the table, whoever sits where."""
    book = str(ROOT / "tests" / "data" / "blinds" / "hole-card-blinds.yaml")
    text = session_output("f\ncc\n" * 60, book=book, players=3, seed=3, hands=3)
    titles = [line for line in text.splitlines() if line.startswith("=== Hand")]
    assert [title.split(", ")[1] for title in titles] == ["you are p1", "you are p3", "you are p2"]
    assert all(title.endswith("p3 deals ===") for title in titles)
    assert "p1 (you) posts the small blind 5" in text
    assert "p2 (you) posts the big blind 10" in text
    finals = [line for line in text.splitlines() if line.startswith("Stacks: ")]
    assert sum(int(part.split()[1]) for part in finals[-1][8:].split(", ")) == 3 * 1000


def test_without_blinds_every_chair_keeps_its_seat() -> None:
    """A book with a bring-in has no button to move: the person is p1 in every hand."""
    seed = find_seed(BOOK, 3, brings_in=False, hands=2)
    text = session_output("cc\n" * 80, players=3, seed=seed, hands=2)
    titles = [line for line in text.splitlines() if line.startswith("=== Hand")]
    assert [title.split(", ")[1].rstrip(" =") for title in titles] == ["you are p1", "you are p1"]
