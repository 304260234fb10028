"""``studspec conform``: check conformance cases against the reference or another engine."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from studspec.cli.commands import MAX_SECONDS, seconds
from studspec.conformance.adapter import InProcessEngine
from studspec.conformance.case import option_names
from studspec.conformance.process import ProcessEngine
from studspec.conformance.report import failure_text, headline, summary, write_junit
from studspec.conformance.runner import CaseResult, Engine, run_cases
from studspec.errors import EngineStartError
from studspec.terminal import printable


def _engine(args: argparse.Namespace) -> Engine:
    """The interpreter, or the engine of ``--engine`` (an empty command is a ``ValueError``)."""
    if args.engine is None:
        return InProcessEngine()
    return ProcessEngine(args.engine, timeout=args.timeout, startup_timeout=args.startup_timeout)


def _start_error(engine: Engine) -> EngineStartError | None:
    """Why the engine's command could not be started (then no case can run), if it could not."""
    return engine.start_error if isinstance(engine, ProcessEngine) else None


def _rulebook_folders(args: argparse.Namespace) -> list[str]:
    """Where a case's ``_variant`` rule book may come from: the ``--rulebooks`` folders, else
    the folders of the cases given and the current directory (a case folder travels with its
    books, and ``cases generate BOOK out/`` names a book where the user works)."""
    if args.rulebooks:
        return list(args.rulebooks)
    folders = [str(Path(path) if Path(path).is_dir() else Path(path).parent) for path in args.paths]
    return [*folders, str(Path.cwd())]


def _unknown_options(asked: list[str]) -> str | None:
    """Why an ``--option`` names nothing a case can cover, if one does: what is allowed."""
    names = option_names()
    sections = {name.split(".")[0] for name in names}
    for option in asked:
        if option not in names and option not in sections:
            return (
                f"--option {printable(option[:60])!r} is no rule-book option; give one as the schema names it "
                "(bring_in.card, streets.open_pair_big_bet, wild.follow) or a section (wild, bring_in)"
            )
    return None


def cmd_conform(args: argparse.Namespace) -> int:
    if args.junit and Path(args.junit).is_dir():
        # Said before the cases run, not after: a long run's report would have nowhere to go.
        print(f"studspec conform: --junit {args.junit} is a folder; give a file name", file=sys.stderr)
        return 2
    unknown = _unknown_options(args.option or [])
    if unknown:
        print(f"studspec conform: {unknown}", file=sys.stderr)
        return 2
    try:
        engine = _engine(args)
    except ValueError as empty:
        print(f"studspec conform: {empty}", file=sys.stderr)
        return 2
    results: list[CaseResult] = []
    try:
        found = run_cases(
            args.paths,
            engine,
            exitfirst=args.exitfirst,
            allowed=_rulebook_folders(args),
            keep_going=args.all_mismatches,
            options=args.option or (),
        )
        for result in found:
            cannot_start = _start_error(engine)
            if cannot_start is not None:
                # Every case would fail the same way: say it once and stop.
                print(f"studspec conform: {printable(str(cannot_start))}", file=sys.stderr)
                return 2
            results.append(result)
            if not result.passed:
                print(failure_text(result), flush=True)
            elif args.verbose:
                print(headline(result), flush=True)
    finally:
        engine.close()
    if not results:
        covering = f" covering {', '.join(args.option)}" if args.option else ""
        print(f"studspec conform: no .phh cases{covering} under {' '.join(args.paths)}", file=sys.stderr)
    print(summary(results), flush=True)  # said before the report is written, which may fail
    if args.junit:
        write_junit(results, args.junit)
    return 0 if results and all(r.passed for r in results) else 1


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    con = sub.add_parser(
        "conform",
        help="run conformance cases (PHH files with expectations) against the interpreter or an engine",
        description=(
            "Run every .phh case under the paths. Each failure is printed with the case file, the "
            "action index, what was expected and what happened, and the hand's state; the last "
            "line is 'N passed, N failed'. Exit status 0 only when no case failed. "
            "See docs/conformance.md."
        ),
    )
    con.add_argument("paths", nargs="+", metavar="PATH", help="case files or directories of them")
    con.add_argument(
        "--rulebooks", action="append", metavar="DIR",
        help="a folder a case's _variant rule book (and any book it extends) may come from; repeat "
        "for more (default: the folders of the PATHs and the current directory; built-in rule books "
        "may always be named)",
    )  # fmt: skip
    con.add_argument(
        "--option", action="append", metavar="OPTION",
        help="run only the cases that cover this rule-book option (their _options), as the schema "
        "names it (wild.follow), or a section (wild); repeat for more",
    )  # fmt: skip
    con.add_argument(
        "--engine", metavar="COMMAND",
        help="check this engine instead of the interpreter: a command speaking the JSON-lines protocol",
    )  # fmt: skip
    con.add_argument(
        "--timeout", type=seconds, default=5.0, metavar="SECONDS",
        help=f"how long the engine may take to answer one message, above 0 and at most {MAX_SECONDS:,.0f} (default 5)",
    )  # fmt: skip
    con.add_argument(
        "--startup-timeout", type=seconds, default=30.0, metavar="SECONDS", dest="startup_timeout",
        help="how long a freshly started engine may take to answer its first message, above 0 and at most "
        f"{MAX_SECONDS:,.0f} (default 30; never less than --timeout)",
    )  # fmt: skip
    con.add_argument("--junit", metavar="FILE", help="also write the results as JUnit XML")
    con.add_argument("-x", "--exitfirst", action="store_true", help="stop at the first failing case")
    con.add_argument(
        "--all-mismatches", action="store_true", dest="all_mismatches",
        help="report every disagreement in a case, not only the first (after an illegal line the engine "
        "accepts, the hand is dealt again and goes on)",
    )  # fmt: skip
    con.add_argument("-v", "--verbose", action="store_true", help="print passing cases too")
    con.set_defaults(handler=cmd_conform)
