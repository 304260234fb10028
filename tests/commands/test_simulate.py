"""``studspec simulate``: many hands, reproducible whatever the number of workers.

Small runs (a few hundred hands) on purpose: CI has two cores. The figures checked are
invariants of the rules (every hand reaches the first street, chips are conserved, a
scoop and a split exclude each other) or counts re-derived from the hands themselves.
"""

from __future__ import annotations

import io
import json
import multiprocessing
import os
import random
import signal
from pathlib import Path
from typing import Any

import pytest

from conftest import BUILTIN_BOOKS
from studspec.cli import main
from studspec.engine.actions import BRING_IN, CHECK_CALL, ActionKind
from studspec.engine.events import CommunityCardDealt, PotAwarded, StreetBegan
from studspec.engine.hand import Hand
from studspec.errors import ChunkLostError
from studspec.history.phh import read_history, replay
from studspec.history.variants import variant_for_history
from studspec.play.chunks import CHUNKS_PER_WORKER, MAX_TRIES, Local, Lost, Spans, chunk_size, retried_line, run_chunks
from studspec.play.players import PlayerKind, RandomPlayer, play_out
from studspec.play.simulate import (
    CHUNK_LEAST,
    CHUNK_MOST,
    ProgressBar,
    Setup,
    default_chunk,
    hand_seed,
    play_chunk,
    play_hand,
    run_simulation,
    simulate,
)
from studspec.play.stats import Totals, format_report, record, report
from studspec.rulebook import load_variant


def setup(book: str = "seven-card-stud", players: int = 8, seed: int = 7, **kw: object) -> Setup:
    variant = load_variant(book)
    return Setup(variant=variant, players=players, stakes=variant.stakes, player=PlayerKind.RULES, seed=seed, **kw)  # type: ignore[arg-type]


def test_same_numbers_with_one_or_two_workers() -> None:
    t = setup("seven-card-stud-hi-lo")
    one = simulate(t, 300, workers=1)
    two = simulate(t, 300, workers=2)
    assert one == two
    assert one.hands == 300


def test_spawned_workers_give_the_same_numbers() -> None:
    """The pool must work with 'spawn' too (macOS and Windows start workers that way)."""
    t = setup("razz", players=6)
    assert simulate(t, 120, workers=2, start_method="spawn") == simulate(t, 120, workers=1)


def test_a_hand_depends_only_on_the_seed_and_its_number() -> None:
    t = setup()
    assert [str(e) for e in play_hand(t, 41).events] == [str(e) for e in play_hand(t, 41).events]
    assert hand_seed(7, 41) != hand_seed(7, 42) != hand_seed(8, 41)
    # A chunk is the sum of its hands, wherever it starts.
    whole = play_chunk(t, 0, 20)
    parts = play_chunk(t, 0, 7)
    parts.merge(play_chunk(t, 7, 20))
    assert whole == parts


def test_totals_are_the_hands_counted() -> None:
    t = setup()
    hands = [play_hand(t, n) for n in range(200)]
    totals = simulate(t, 200, workers=1)
    variant = t.variant
    assert totals.reached[0] == 200
    assert all(a >= b for a, b in zip(totals.reached, totals.reached[1:]))
    for i in range(len(variant.streets)):
        assert totals.reached[i] == sum(
            any(isinstance(e, StreetBegan) and e.index == i for e in h.events) for h in hands
        )
    pots = [sum(a for e in h.events if isinstance(e, PotAwarded) for _, a in e.amounts) for h in hands]
    assert totals.pot_sum == sum(pots) and totals.pot_max == max(pots)
    assert sum(totals.net) == 0  # chips are conserved
    assert totals.showdowns == sum(
        any(isinstance(e, PotAwarded) and e.share != "uncontested" for e in h.events) for h in hands
    )
    assert totals.scoops + totals.splits == totals.showdowns
    # Rule-based players fold some hands early and take others to the end.
    assert 0 < totals.reached[-1] < 200


def _passive(hand: Hand) -> Hand:
    """Post the bring-in, then check or call: everyone sees every card."""
    while not hand.is_complete:
        kinds = {c.kind for c in hand.legal_actions()}
        hand.act(BRING_IN if ActionKind.BRING_IN in kinds else CHECK_CALL)
    return hand


def test_record_counts_a_community_card_and_a_split() -> None:
    """Eight players who all stay to seventh street run the deck out (8 x 7 + 4 burns > 52):
    the hand has a community card, and the rule book's shares decide the main pot."""
    variant = load_variant("seven-card-stud-hi-lo")
    for seed in range(40):
        hand = _passive(Hand(variant, [40000] * 8, seed=seed))
        rec = record(hand)
        assert rec.community == any(isinstance(e, CommunityCardDealt) for e in hand.events) == True  # noqa: E712
        assert rec.showdown and rec.players_at_street == (8,) * 5
        main = [e for e in hand.events if isinstance(e, PotAwarded) and e.pot == 0]
        assert rec.shares_awarded == len({e.share for e in main})
        assert rec.main_pot_winners == len({s for e in main for s, a in e.amounts if a})
        assert not rec.bring_in_completed and not rec.open_pair_taken


def test_open_pair_is_never_offered_where_the_book_turns_it_off() -> None:
    assert simulate(setup("seven-card-stud-hi-lo"), 100).open_pair_offered == 0
    assert simulate(setup("seven-card-stud"), 200).open_pair_offered > 0


def test_report_rates() -> None:
    t = setup()
    totals = simulate(t, 100)
    data = report(
        totals, t.variant, big_bet=t.stakes.big_bet, meta={"title": "x", "players": 8, "seed": 7, "player": "rules"}
    )
    assert data["streets"][0]["reached"] == 1.0
    assert data["pot_in_big_bets"]["average"] == pytest.approx(totals.pot_sum / 100 / t.stakes.big_bet, abs=1e-3)
    assert sum(seat["won"] for seat in data["seats"]) >= 1.0 - 1e-9  # every hand has a winner
    assert "showdown" in format_report(data)


def test_simulate_command_json_and_progress(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["simulate", "razz", "--hands", "100", "--players", "6", "--seed", "3", "--workers", "1", "--json"]) == 0
    )
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert data["hands"] == 100 and data["players"] == 6 and data["rulebook"] == "razz"
    assert [s["street"] for s in data["streets"]] == [s.id for s in load_variant("razz").streets]
    # stderr is not a terminal here: plain progress lines, then the rate.
    assert "simulate: 100/100 hands (100%)" in captured.err
    assert "hands/s on 1 worker" in captured.err


def test_simulate_command_quiet_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "seven-card-stud", "--hands", "50", "--workers", "2", "--quiet"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert "street reached" in captured.out and "seat (1 = first left of the dealer)" in captured.out


def test_simulate_command_refuses_too_many_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "seven-card-stud", "--hands", "5", "--players", "9"]) == 1
    assert "2 to 8 players" in capsys.readouterr().err


def test_phh_files_replay(tmp_path: Path) -> None:
    """Every simulated hand is written as PHH that replays to its finishing stacks, a house
    rule's hands included (``_variant`` names its file)."""
    house = tmp_path / "home.yaml"
    house.write_text(
        "schema_version: 1\nextends: seven-card-stud\nname: home\ntitle: Home\n"
        "streets:\n  fourth:\n    bet: big\n    open_pair_big_bet: false\n",
        encoding="utf-8",
    )
    for book in ("seven-card-stud-hi-lo", str(house)):
        out = tmp_path / Path(book).stem
        assert (
            main(["simulate", book, "--hands", "30", "--players", "7", "--workers", "2", "--quiet", "--phh", str(out)])
            == 0
        )
        files = sorted(out.glob("*.phh"))
        assert len(files) == 30
        for path in files:
            history = read_history(path)
            assert replay(history, variant_for_history(history)).matches


def test_progress_bar_on_a_terminal_redraws_in_place() -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Tty()
    bar = ProgressBar(100, stream=stream)
    bar(50)
    bar(100)
    rate = bar.finish(2)
    text = stream.getvalue()
    assert text.startswith("\r[") and "100/100 hands" in text and "on 2 workers" in text
    assert rate > 0


def test_totals_merge_is_exact() -> None:
    a = Totals(streets=5, seats=2)
    b = Totals(streets=5, seats=2)
    rng = random.Random(1)
    variant = load_variant("seven-card-stud")
    for n in range(6):
        hand = play_out(Hand(variant, [40000] * 2, seed=n), [RandomPlayer(rng), RandomPlayer(rng)])
        (a if n % 2 else b).add(record(hand), 1)
    c = Totals(streets=5, seats=2)
    c.merge(a)
    c.merge(b)
    assert c.hands == 6 and sum(c.net) == 0


@pytest.mark.parametrize("book", BUILTIN_BOOKS)
def test_every_builtin_book_simulates(book: str) -> None:
    variant = load_variant(book)
    totals = simulate(setup(book, players=variant.max_players), 40)
    assert totals.hands == 40 and totals.reached[0] == 40 and sum(totals.net) == 0


# --- Chunks: the same numbers however the work is cut and wherever it runs ------------------


def test_chunks_cover_every_number_once_the_last_shorter() -> None:
    chunks = Spans(103, 25)
    assert len(chunks) == 5 and list(chunks) == [(0, 25), (25, 50), (50, 75), (75, 100), (100, 103)]
    assert chunks[-1] == (100, 103) and chunks[1:3] == [(25, 50), (50, 75)]
    assert len(Spans(0, 50)) == 0 and list(Spans(50, 50)) == [(0, 50)]
    with pytest.raises(IndexError):
        chunks[5]


def test_the_numbers_do_not_depend_on_the_chunk_size() -> None:
    t = setup("razz", players=6)
    whole = simulate(t, 130, workers=1)
    assert run_simulation(t, 130, Local(1), chunk=7).totals == whole
    assert run_simulation(t, 130, Local(2), chunk=130).totals == whole


def test_a_run_not_told_its_chunk_cuts_about_sixteen_a_worker_within_bounds() -> None:
    # Short runs keep the least chunk (a chunk must be worth sending), long runs the most
    # (progress moves, a lost chunk costs little), and in between each worker gets 16.
    assert CHUNKS_PER_WORKER == 16
    assert default_chunk(1000, 2) == CHUNK_LEAST == 50
    assert default_chunk(1_000_000, 2) == CHUNK_MOST == 1000
    assert default_chunk(64_000, 2) == 1000  # 32 chunks would hold 2,000 each: capped at the most
    assert default_chunk(16_000, 2) == 500 and default_chunk(16_000, 1) == 1000 and default_chunk(16_000, 4) == 250
    assert chunk_size(0, 2, 20, 400) == 20 and chunk_size(10**9, 0, 20, 400) == 400  # no worker counts as one


def test_a_run_left_to_choose_its_chunk_gives_the_same_numbers() -> None:
    t = setup("razz", players=6)
    assert run_simulation(t, 130, Local(2)).totals == simulate(t, 130, workers=1)


def test_simulate_command_chunk_option_changes_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "razz", "--hands", "90", "--players", "5", "--seed", "2", "--json", "--quiet"]
    assert main([*args, "--workers", "1"]) == 0
    first = capsys.readouterr().out
    assert main([*args, "--workers", "2", "--chunk", "11"]) == 0
    assert capsys.readouterr().out == first


class Flaky:
    """A backend that runs chunks in this process but loses each chunk's first ``losses``
    tries, as if its worker had died."""

    workers = 2

    def __init__(self, losses: int) -> None:
        self.losses = losses
        self.tries: dict[tuple[int, int], int] = {}

    def start(self, work: Any, shared: Any, chunks: int) -> Any:
        flaky = self

        class Dispatcher:
            workers, label = 2, "flaky"

            def __init__(self) -> None:
                self.outcomes: dict[int, Any] = {}

            def submit(self, span: tuple[int, int]) -> int:
                flaky.tries[span] = flaky.tries.get(span, 0) + 1
                lost = flaky.tries[span] <= flaky.losses
                self.outcomes[len(self.outcomes)] = Lost("killed") if lost else work(shared, *span)
                return len(self.outcomes) - 1

            def wait(self, handles: Any) -> Any:
                return list(handles)[::-1]  # out of order, as a cluster answers

            def outcome(self, handle: int) -> Any:
                return self.outcomes[handle]

            def stop(self) -> None: ...
            def close(self) -> None: ...

        return Dispatcher()


def test_a_lost_chunk_is_played_again_and_counted_once() -> None:
    t = setup("razz", players=6)
    run = run_simulation(t, 120, Flaky(losses=1), chunk=25)
    assert run.totals == simulate(t, 120, workers=1)
    assert run.retried == 5 and run.label == "flaky"
    assert retried_line("simulate", run.retried) == "simulate: 5 chunks retried after a worker was lost"
    assert retried_line("simulate", 1) == "simulate: 1 chunk retried after a worker was lost"
    assert retried_line("simulate", 0) is None


def test_a_chunk_lost_on_every_try_ends_the_run_saying_which() -> None:
    with pytest.raises(
        ChunkLostError, match=rf"^chunk (0-24|25-49) was lost with its worker on all {MAX_TRIES} tries \(killed\)$"
    ):
        run_simulation(setup("razz", players=6), 50, Flaky(losses=MAX_TRIES), chunk=25)


def _sigterm_in_worker(shared: None, start: int, stop: int) -> str:
    return str(signal.getsignal(signal.SIGTERM))


def test_pool_workers_die_on_sigterm_whatever_the_parent_catches() -> None:
    """A broken pool stops its workers with SIGTERM; a handler inherited from the parent
    (tools/fuzz.py installs one) would leave a worker blocked on a dead sibling's lock alive
    for ever, and the run with it."""
    previous = signal.signal(signal.SIGTERM, lambda *_: None)
    try:
        seen: list[str] = []
        run_chunks(Local(2), _sigterm_in_worker, None, Spans(6, 1), seen.append)
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert seen == [str(signal.SIG_DFL)] * 6


def test_a_pool_worker_killed_mid_run_changes_nothing() -> None:
    """SIGKILL one worker of the local pool after the first chunk: the pool breaks, a new one
    plays the chunks it lost, and the totals are those of one worker."""
    t = setup("razz", players=6)
    killed: list[int] = []

    def kill_one(done: int) -> None:
        if not killed:
            victim = multiprocessing.active_children()[0]
            os.kill(victim.pid or 0, signal.SIGKILL)
            killed.append(victim.pid or 0)

    run = run_simulation(t, 400, Local(2), progress=kill_one, chunk=25)
    assert killed and run.retried >= 1
    assert run.totals == simulate(t, 400, workers=1)
