"""``studspec diagram``: the compiled machine as Mermaid, and SVG/PNG through Graphviz.

Expected states and edges are read from the machine the interpreter plays with
(``compile_variant``), so the test checks that the drawing is that machine.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from conftest import BUILTIN_BOOKS
from studspec.authoring import diagram
from studspec.authoring.diagram import DiagramFormat, graphviz_available, image, mermaid
from studspec.cli import main
from studspec.engine.machine import ADVANCE, compile_variant
from studspec.errors import GraphvizMissingError
from studspec.rulebook import load_variant
from studspec.rulebook.model import Variant


def edges(variant: Variant) -> set[tuple[str, str, tuple[str, ...]]]:
    """(source, dest, conditions) of every edge of the machine that plays ``variant``."""
    machine = compile_variant(variant).machine
    found: set[tuple[str, str, tuple[str, ...]]] = set()
    for source, transitions in machine.events[ADVANCE].transitions.items():
        for t in transitions:
            assert t.dest is not None  # no internal transition: every edge leads to a state
            found.add((source, t.dest, tuple(condition_name(c.func) for c in t.conditions)))
    return found


def condition_name(func: str | Callable[..., bool | None]) -> str:
    """The name of an edge's condition: the compiled machine gives functions, not the names
    of model methods that ``transitions`` also accepts."""
    assert callable(func), func
    return func.__name__


MERMAID_ID = re.compile(r"[^:\s\-{]+")
"""A state id as Mermaid's state-diagram grammar reads one (its lexer's ID token: no colon,
space, dash or brace): ``pass-one_pass`` would read as ``pass`` and a stray dash."""


def named_states(text: str) -> dict[str, str]:
    """Each drawn state's id and the phase its label names (``"third_deal (waits for a
    deal)" as third_deal``): a state is read by its label, whatever id Mermaid needs."""
    found = re.findall(r'^\s*state "([^"( ]+)(?: \(waits for [^)]*\))?" as (\S+)$', text, re.M)
    return {state_id: name for name, state_id in found}


@pytest.mark.parametrize("book", BUILTIN_BOOKS)
def test_mermaid_is_the_machine(book: str) -> None:
    variant = load_variant(book)
    text = mermaid(variant)
    assert text.startswith(f'---\ntitle: "{variant.title}"\n---\nstateDiagram-v2\n')
    names = named_states(text)
    assert set(names.values()) == set(compile_variant(variant).phases)
    assert all(MERMAID_ID.fullmatch(state_id) and re.fullmatch(r"\w+", state_id) for state_id in names)
    drawn = {
        (names[m[0]], names[m[1]], tuple(filter(None, m[2].split(" & "))))
        for m in re.findall(r"^\s*(\S+) --> (\S+): advance(?: \[([^\]]*)\])?$", text, re.M)
    }
    assert drawn == edges(variant)
    assert "[*] --> start" in text


def test_conditions_are_on_the_edges() -> None:
    text = mermaid(load_variant("seven-card-stud"))
    assert "third_betting --> settlement: advance [one_seat_left]" in text
    assert re.search(r"_deal --> \S+: advance \[cards_dealt & betting_closed\]", text)


def test_the_diagram_shows_where_the_hand_waits(capsys: pytest.CaptureFixture[str]) -> None:
    """`studspec diagram seven-card-stud` marks the states where a hand stops: each street's
    deal (cards dealt from outside), each betting round (a player's action) and the showdown
    (a show or muck); every edge out of them carries the condition that the wait is over."""
    assert main(["diagram", "seven-card-stud"]) == 0
    text = capsys.readouterr().out
    for street in ("third", "fourth", "fifth", "sixth", "seventh"):
        assert f'state "{street}_deal (waits for a deal)" as {street}_deal' in text
        assert f'state "{street}_betting (waits for a player)" as {street}_betting' in text
        assert re.search(rf"{street}_betting --> \S+: advance \[round_over\]", text)
    assert 'state "showdown (waits for a show)" as showdown' in text
    assert "showdown --> settlement: advance [all_shown]" in text
    assert 'state "antes" as antes' in text and 'state "fourth_burn" as fourth_burn' in text
    for line in re.findall(r"^\s*\S+_deal --> .*$", text, re.M):
        assert "cards_dealt" in line


def test_the_diagram_follows_the_rule_book(tmp_path: Path) -> None:
    """No burns, and four streets named by the book: the states say so."""
    path = tmp_path / "short.yaml"
    doc = {
        "schema_version": 1,
        "extends": "seven-card-stud",
        "name": "short",
        "title": "Short stud",
        "players": {"max": 6},
        "deck": {"burn": "none", "exhaustion": "none"},
        "streets": [
            {"id": "second", "deal": ["down", "up"], "bet": "small", "bring_in": True},
            {"id": "third", "deal": ["up"], "bet": "small"},
            {"id": "fourth", "deal": ["up"], "bet": "big"},
            {"id": "fifth", "deal": ["up"], "bet": "big"},
        ],
    }
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    text = mermaid(load_variant(str(path)))
    assert "_burn" not in text
    for street in ("second", "third", "fourth", "fifth"):
        assert f'state "{street}_deal (waits for a deal)" as {street}_deal' in text
    assert "seventh" not in text and "second_bring_in" in text


def test_diagram_command_prints_mermaid(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diagram", "razz"]) == 0
    assert "stateDiagram-v2" in capsys.readouterr().out


def test_svg_without_graphviz_says_how_to_get_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(diagram, "graphviz_available", lambda: False)
    out = tmp_path / "stud.svg"
    assert main(["diagram", "seven-card-stud", "--format", "svg", "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "Graphviz" in err and "apt install graphviz" in err and "pip install graphviz" in err
    assert not out.exists()
    with pytest.raises(GraphvizMissingError):
        image(load_variant("razz"), DiagramFormat.PNG)


@pytest.mark.skipif(not graphviz_available(), reason="Graphviz (dot and the graphviz package) not installed")
def test_svg_and_png_with_graphviz(tmp_path: Path) -> None:
    variant = load_variant("seven-card-stud")
    svg = image(variant, DiagramFormat.SVG).decode()
    assert "<svg" in svg
    for phase in compile_variant(variant).phases:
        assert phase in svg
    png = tmp_path / "stud.png"
    assert main(["diagram", "seven-card-stud", "--format", "png", "-o", str(png)]) == 0
    assert png.read_bytes().startswith(b"\x89PNG")


def test_decision_phases_are_drawn_with_their_wait() -> None:
    """Super Stud (issue 24): after third street's betting every player discards two down
    cards, a step with no cards and no betting. The discard is a state that waits for a
    choice of cards; it is reached when third street's betting is over or skipped, and it
    goes on to fourth street's burn once every player has chosen (no betting between)."""
    text = mermaid(load_variant("super-stud"))
    assert 'state "discard_discard (waits for a choice of cards)" as discard_discard' in text
    assert "third_betting --> discard_discard: advance [round_over]" in text
    assert "third_deal --> discard_discard: advance [cards_dealt & betting_closed]" in text
    assert "discard_discard --> fourth_burn: advance [done]" in text
    assert "discard_betting" not in text and "discard_burn" not in text and "discard_deal" not in text
    legend = "\n".join(line for line in text.splitlines() if line.lstrip().startswith("%%"))
    assert "choice of cards" in legend and "done:" in legend  # the legend says what it waits for


def test_a_street_of_decisions_with_betting_may_skip_it() -> None:
    """Anaconda: each pass is followed by a betting round, skipped (straight to the next
    street's pass) when fewer than two players can bet; the first roll discards, then turns
    a card up. Street ids with dashes are drawn under ids Mermaid reads, labelled with the
    phase's own name."""
    variant = load_variant("anaconda")
    text = mermaid(variant)
    names = {name: state_id for state_id, name in named_states(text).items()}
    for phase in ("pass-three_pass", "pass-two_pass", "first-roll_discard", "first-roll_turn_up"):
        assert f'state "{phase} (waits for a choice of cards)" as {names[phase]}' in text
    three, two, betting = names["pass-three_pass"], names["pass-two_pass"], names["pass-three_betting"]
    assert f"{three} --> {two}: advance [done & betting_closed]" in text
    assert f"{three} --> {betting}: advance [done]" in text
    assert f"{names['first-roll_discard']} --> {names['first-roll_turn_up']}: advance [done]" in text


def test_books_without_decisions_have_no_word_of_them() -> None:
    assert "choice of cards" not in mermaid(load_variant("seven-card-stud"))


def test_a_split_pot_diagram_says_what_each_pot_is_split_into() -> None:
    """Issue 26: the diagram names each share (WSOP-L 238: high, and a low of eight or better;
    docs/rules.md S9: a third for the spade in the hole); a book of one share says nothing."""
    from studspec import load_variant

    assert "%% settlement: each pot split equally into 2 shares: high; ace-to-five-low, 8 or better.\n" in mermaid(
        load_variant("seven-card-stud-hi-lo")
    )
    chicago = mermaid(load_variant("high-low-chicago"))
    assert "3 shares: high; ace-to-five-low, 8 or better; high-spade-in-the-hole." in chicago
    assert "%% settlement" not in mermaid(load_variant("seven-card-stud"))
