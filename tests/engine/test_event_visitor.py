"""One way to read a hand's event log: the EventVisitor, and the readers built on it.

Every event type must reach a visitor method (found by introspection, so a new event type
without a method fails here), an event type the visitor does not know must raise rather
than be skipped, and the readers must say what the rules say for a hand played here.
"""

from __future__ import annotations

import inspect
import re
from dataclasses import MISSING, dataclass, fields
from typing import Any

import pytest

from studspec import Hand, Stakes, load_variant, parse_action, parse_cards
from studspec.engine import events
from studspec.engine.events import EVENT_METHODS, ActionTaken, Event, EventVisitor, HandEnded, Mucked
from studspec.history.phh import history_actions
from studspec.play.render import render
from studspec.play.stats import record


def _event_classes() -> list[type[Event]]:
    """Every concrete event type defined in engine/events.py."""
    return [
        cls
        for _, cls in inspect.getmembers(events, inspect.isclass)
        if issubclass(cls, Event) and cls is not Event and cls.__module__ == events.__name__
    ]


def _method_name(cls: type) -> str:
    """The visitor method an event type is read by: its name in snake case."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


def _blank(cls: type[Event]) -> Event:
    """An instance of ``cls``; the visitor only dispatches it, so the values do not matter."""
    return cls(**{f.name: None for f in fields(cls) if f.default is MISSING})


def _recorder() -> EventVisitor:
    """A visitor that overrides every method and notes which one each event reached."""

    def method(name: str) -> Any:
        def note(self: Any, event: Event) -> None:
            self.seen.append((name, event))

        return note

    names = {_method_name(cls) for cls in _event_classes()}
    namespace: dict[str, Any] = {name: method(name) for name in names}
    namespace["__init__"] = lambda self: setattr(self, "seen", [])
    return type("Recorder", (EventVisitor,), namespace)()  # type: ignore[no-any-return]


def test_every_event_type_has_its_own_visitor_method() -> None:
    classes = _event_classes()
    assert len(classes) >= 13
    for cls in classes:
        name = _method_name(cls)
        assert EVENT_METHODS.get(cls) == name, f"{cls.__name__} is not dispatched to {name}"
        method = getattr(EventVisitor, name, None)
        assert callable(method), f"EventVisitor has no {name}() for {cls.__name__}"
        assert method.__doc__, f"EventVisitor.{name} says nothing about when it is called"
    assert set(EVENT_METHODS) == set(classes)


def test_visit_calls_the_method_for_each_event_in_order() -> None:
    visitor = _recorder()
    log = [_blank(cls) for cls in _event_classes()]
    visitor.visit(log)
    assert visitor.seen == [(_method_name(type(e)), e) for e in log]  # type: ignore[attr-defined]
    one = _recorder()
    for event in log:
        one.visit_one(event)
    assert one.seen == visitor.seen  # type: ignore[attr-defined]


def test_the_base_visitor_reads_every_known_event_and_does_nothing() -> None:
    EventVisitor().visit(_blank(cls) for cls in _event_classes())


@dataclass(frozen=True)
class _Unknown(Event):
    """An event type engine/events.py does not define."""


@dataclass(frozen=True)
class _LoudAction(ActionTaken):
    """A subclass of a known event: it must not pass for its parent."""


@pytest.mark.parametrize("event", [_Unknown(), _blank(_LoudAction)], ids=["new type", "subclass"])
def test_an_unknown_event_type_raises_naming_it(event: Event) -> None:
    for visitor in (EventVisitor(), _recorder()):
        with pytest.raises(TypeError, match=type(event).__name__):
            visitor.visit_one(event)
        with pytest.raises(TypeError, match=type(event).__name__):
            visitor.visit([Mucked(seat=0), event, HandEnded(stacks=())])


# Seven-card stud, three seats; stakes as in tests/histories/test_phh.py.
STAKES = Stakes(ante=10, bring_in=20, small_bet=100, big_bet=200, starting_stack=1000)
SCRIPT = [
    ("deal", 0, "AsKs2c"),
    ("deal", 1, "QdJd9h"),
    ("deal", 2, "7c7d5s"),
    ("act", 0, "pb"),
    ("act", 1, "cbr 100"),
    ("act", 2, "cc"),
    ("act", 0, "f"),
    ("deal", 1, "Qh"),
    ("deal", 2, "8c"),
    ("act", 1, "cbr 100"),
    ("act", 2, "f"),
]


def _scripted_hand() -> Hand:
    hand = Hand(load_variant("seven-card-stud"), [1000] * 3, stakes=STAKES, deal_from_outside=True)
    for step, seat, text in SCRIPT:
        if step == "deal":
            hand.deal(seat, parse_cards(text))
        else:
            hand.act(parse_action(text), seat=seat)
    assert hand.is_complete
    return hand


def test_phh_lines_of_a_scripted_hand_follow_the_rules() -> None:
    """WSOP-L 215: the lowest door card by rank and suit (p1's 2c) brings in, and on later
    streets the high board acts first (p2's Q-9 over p3's 8-5). Action runs clockwise
    from the bring-in; a seat that folded is dealt nothing more. Each seat's deal is one
    line (down, down, up on third street), and the antes and burns are not PHH actions."""
    assert history_actions(_scripted_hand()) == [
        "d dh p1 AsKs2c",
        "d dh p2 QdJd9h",
        "d dh p3 7c7d5s",
        "p1 pb",
        "p2 cbr 100",
        "p3 cc",
        "p1 f",
        "d dh p2 Qh",
        "d dh p3 8c",
        "p2 cbr 100",
        "p3 f",
    ]


def test_readable_history_of_a_scripted_hand_names_each_wager_by_the_rules() -> None:
    """WSOP-L 219: raising the bring-in to a full bet is a completion, not a raise; the
    first wager of fourth street is a bet. p2 wins the others' antes, the bring-in and
    p3's call (10 + 20 + 10 + 100 = 140), and chips are conserved."""
    text = render(_scripted_hand())
    assert "  p1 brings in for 20" in text
    assert "  p2 completes to 100" in text
    assert "  p3 calls 100" in text
    assert "  p2 bets 100" in text
    assert "  p1 is dealt [As] [Ks] 2c" in text
    assert text.endswith("Final stacks: p1 970, p2 1140, p3 890")


def test_counts_of_a_scripted_hand() -> None:
    """Three seats saw third street and two fourth; the bring-in was completed, not by the
    bring-in's own seat; nobody showed down (p3 folded to the fourth-street bet)."""
    rec = record(_scripted_hand())
    assert rec.players_at_street == (3, 2, 0, 0, 0)
    assert rec.bring_in_completed and not rec.completed_by_bring_in
    assert not rec.showdown
    assert rec.net == (-30, 140, -110)
