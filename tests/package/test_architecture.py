"""The package's shape, checked so that it cannot drift (issue 8, docs/architecture.md).

- the layers: a module imports only its own layer and the layers below it (the engine never
  imports a tool), read from the source with ``ast`` so that imports inside functions and
  under ``TYPE_CHECKING`` count too;
- no function or method is over 50 lines, so every one can be read in one sitting;
- every exception the package defines is a :class:`~studspec.errors.StudspecError`, so one
  ``except`` catches whatever studspec refuses;
- the front door: ``from studspec import ...`` gives the whole public API, and every public
  name is documented in docs/architecture.md.
"""

from __future__ import annotations

import ast
import builtins
import importlib
import inspect
import pkgutil
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

import studspec
from conftest import ROOT
from studspec.engine.phases import PhaseKind
from studspec.errors import IllegalActionError, SpecError, StudspecError

PACKAGE = ROOT / "interpreter" / "studspec"

# --- The layers ---------------------------------------------------------------------------

FRONT_DOOR = "front door"
"""``studspec/__init__.py`` and ``studspec/__main__.py``: they may import every layer."""

LAYERS = ("errors", "files", "terminal", "rulebook", "engine", "history", "authoring", "play", "conformance", "cli")
"""Every part of the package below the front door; a new subpackage must be added here."""

ALLOWED: dict[str, frozenset[str]] = {
    "errors": frozenset(),
    "files": frozenset({"errors"}),
    "terminal": frozenset({"errors"}),
    "rulebook": frozenset({"errors", "files", "terminal"}),
    "engine": frozenset({"errors", "files", "terminal", "rulebook"}),
    "history": frozenset({"errors", "files", "terminal", "rulebook", "engine"}),
    "authoring": frozenset({"errors", "files", "terminal", "rulebook", "engine"}),
    "play": frozenset({"errors", "files", "terminal", "rulebook", "engine", "history"}),
    "conformance": frozenset({"errors", "files", "terminal", "rulebook", "engine", "history", "play"}),
    "cli": frozenset({*LAYERS, FRONT_DOOR}),
    FRONT_DOOR: frozenset({*LAYERS, FRONT_DOOR}),
}
"""Which layers each layer may import besides itself: the table in docs/architecture.md."""


def layer_of(module: str) -> str | None:
    """The layer of a dotted module name, or ``None`` if it is not part of studspec.

    ``studspec`` itself (``from studspec import __version__``) is the front door: a layer
    below the CLI importing it would import every layer, itself included.
    """
    parts = module.split(".")
    if parts[0] != "studspec":
        return None
    if len(parts) > 1 and parts[1] in LAYERS:
        return parts[1]
    if len(parts) > 1 and parts[1] not in ("__init__", "__main__") and _is_submodule(parts[1]):
        return f"<unknown layer {parts[1]!r}>"
    return FRONT_DOOR


def _is_submodule(name: str) -> bool:
    """Whether ``studspec.<name>`` is a module or subpackage (not a name defined in the root)."""
    return (PACKAGE / name).is_dir() or (PACKAGE / f"{name}.py").is_file()


@dataclass(frozen=True)
class Violation:
    """One import a module may not make."""

    module: str
    line: int
    imported: str
    from_layer: str
    to_layer: str

    def __str__(self) -> str:
        return f"{self.module}:{self.line}: imports {self.imported} ({self.from_layer} may not import {self.to_layer})"


def _resolve_relative(module: str, is_package: bool, level: int, target: str | None) -> str:
    """The absolute name of ``from <level dots><target> import ...`` written in ``module``."""
    base = module.split(".") if is_package else module.split(".")[:-1]
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join([*base, target] if target else base)


def imported_modules(module: str, source: str, is_package: bool = False) -> Iterator[tuple[int, str]]:
    """Every ``(line, module)`` that ``source`` imports: top level, inside functions, under
    ``TYPE_CHECKING``, relative imports resolved, and ``importlib.import_module("...")``
    with a literal name. ``from studspec import engine`` names ``studspec.engine``."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            target = node.module or ""
            if node.level:
                target = _resolve_relative(module, is_package, node.level, node.module)
            if target == "studspec":
                for alias in node.names:
                    yield node.lineno, f"studspec.{alias.name}"
            else:
                yield node.lineno, target
        elif isinstance(node, ast.Call) and _is_import_module(node.func) and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                yield node.lineno, first.value


def _is_import_module(func: ast.expr) -> bool:
    return (isinstance(func, ast.Name) and func.id == "import_module") or (
        isinstance(func, ast.Attribute) and func.attr == "import_module"
    )


def forbidden_imports(module: str, source: str, is_package: bool = False) -> list[Violation]:
    """The imports of ``module`` (given its source) that its layer may not make."""
    own = layer_of(module)
    assert own is not None, f"{module} is not a studspec module"
    allowed = ALLOWED.get(own, frozenset())
    found = []
    for line, imported in imported_modules(module, source, is_package):
        layer = layer_of(imported)
        if layer is not None and layer != own and layer not in allowed:
            found.append(Violation(module, line, imported, own, layer))
    return found


def package_modules() -> Iterator[tuple[str, Path, bool]]:
    """``(dotted name, file, is_package)`` for every module of the package's source."""
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = ["studspec", *path.relative_to(PACKAGE).with_suffix("").parts]
        is_package = parts[-1] == "__init__"
        if is_package:
            parts = parts[:-1]
        yield ".".join(parts), path, is_package


def test_layer_checker_catches_a_planted_violation() -> None:
    """The checker itself: each way of writing an import is seen, so the layering test below
    cannot pass because it read nothing."""
    planted = (
        "from typing import TYPE_CHECKING\n"
        "from studspec.errors import HandError\n"  # allowed: errors is below the engine
        "from .cards import Card\n"  # allowed: its own layer
        "from studspec.play.table import render_table\n"  # line 4: a tool
        "if TYPE_CHECKING:\n"
        "    from ..authoring import describe\n"  # line 6: relative, type-only
        "def later():\n"
        "    import studspec.history.phh\n"  # line 8: inside a function
        "    from studspec import conformance\n"  # line 9: a subpackage through the root
        "    from studspec import __version__\n"  # line 10: the front door
        "    importlib.import_module('studspec.cli')\n"  # line 11: by name
    )
    found = forbidden_imports("studspec.engine.planted", planted)
    assert [(v.line, v.imported, v.to_layer) for v in found] == [
        (4, "studspec.play.table", "play"),
        (6, "studspec.authoring", "authoring"),
        (8, "studspec.history.phh", "history"),
        (9, "studspec.conformance", "conformance"),
        (10, "studspec.__version__", FRONT_DOOR),
        (11, "studspec.cli", "cli"),
    ]
    assert str(found[0]) == ("studspec.engine.planted:4: imports studspec.play.table (engine may not import play)")


def test_layer_checker_resolves_relative_imports_from_a_package() -> None:
    """``from . import x`` in an ``__init__.py`` is the package's own layer, and two dots
    from ``studspec/rulebook/model.py`` reach the root."""
    assert forbidden_imports("studspec.rulebook", "from . import model\n", is_package=True) == []
    found = forbidden_imports("studspec.rulebook.model", "from ..engine import cards\n")
    assert [v.imported for v in found] == ["studspec.engine"]


def test_every_module_belongs_to_a_layer() -> None:
    """A new subpackage must say where it sits: add it to LAYERS and ALLOWED (and the table
    in docs/architecture.md)."""
    unknown = [name for name, _, _ in package_modules() if layer_of(name) not in ALLOWED]
    assert unknown == []


def test_no_module_imports_a_layer_it_may_not() -> None:
    """The engine imports no tool; no tool imports one above it (docs/architecture.md)."""
    modules = list(package_modules())
    assert len(modules) > 50, "the source tree was not found"
    violations = [
        str(violation)
        for name, path, is_package in modules
        for violation in forbidden_imports(name, path.read_text(encoding="utf-8"), is_package)
    ]
    assert violations == [], "imports across the layers:\n" + "\n".join(violations)


def _documented_layers() -> dict[str, frozenset[str]]:
    """The "may import" table of docs/architecture.md, as ``{layer: layers}``."""
    page = _section((ROOT / "docs" / "architecture.md").read_text(encoding="utf-8"), "The layers")
    table: dict[str, frozenset[str]] = {}
    for left, right in re.findall(r"^\| `((?:errors|files|terminal)\.py|[a-z]+/)` \| ([^|]+) \|$", page, re.M):
        names = {"everything": {*LAYERS, FRONT_DOOR}, "nothing of studspec": set()}.get(right.strip())
        table[left.rstrip("/").removesuffix(".py")] = frozenset(
            names if names is not None else (n.strip() for n in right.split(","))
        )
    return table


def test_the_documented_layers_are_the_enforced_ones() -> None:
    """docs/architecture.md's table and ALLOWED say the same, so the page cannot drift."""
    assert _documented_layers() == {layer: ALLOWED[layer] for layer in LAYERS}


# --- No import circle ---------------------------------------------------------------------


def module_imports(module: str, source: str, is_package: bool, known: set[str]) -> set[str]:
    """The package's modules that ``source`` imports (``from . import x`` names the module
    ``x`` when it is one), TYPE_CHECKING imports and imports inside functions included."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            target = node.module or ""
            if node.level:
                target = _resolve_relative(module, is_package, node.level, node.module)
            for alias in node.names:
                full = f"{target}.{alias.name}"
                found.add(full if full in known else target)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name in known and name != module}


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every set of modules that import one another round a circle (Tarjan's strongly
    connected components of more than one module), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == module:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return circles


def test_the_circle_finder_finds_a_planted_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert import_circles(graph) == [["a", "b", "c"]]
    assert module_imports(
        "studspec.engine.x", "if TYPE_CHECKING:\n    from .hand import Hand\n", False, {"studspec.engine.hand"}
    ) == {"studspec.engine.hand"}


def test_no_module_imports_itself_round_a_circle() -> None:
    """Issue 22: phase modules type against the hand's core protocol (engine/core.py), never
    the hand, so nothing in the package imports a module that imports it back, not even
    for types (a circle makes every module of it load, and change, with every other)."""
    modules = {name: (path, is_package) for name, path, is_package in package_modules()}
    known = set(modules)
    graph = {
        name: module_imports(name, path.read_text(encoding="utf-8"), is_package, known)
        for name, (path, is_package) in modules.items()
    }
    assert import_circles(graph) == []


# --- Function size ------------------------------------------------------------------------

MAX_FUNCTION_LINES = 50


def long_functions(source: str, limit: int = MAX_FUNCTION_LINES) -> Iterator[tuple[int, str, int]]:
    """``(line, qualified name, length)`` of every function longer than ``limit`` lines,
    counted from its ``def`` line to its last line (decorators not counted)."""

    def visit(node: ast.AST, prefix: str) -> Iterator[tuple[int, str, int]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                name = prefix + child.name
                length = (child.end_lineno or child.lineno) - child.lineno + 1
                if length > limit:
                    yield child.lineno, name, length
                yield from visit(child, name + ".<locals>.")
            elif isinstance(child, ast.ClassDef):
                yield from visit(child, prefix + child.name + ".")
            else:
                yield from visit(child, prefix)

    yield from visit(ast.parse(source), "")


def test_long_function_finder_counts_from_def_to_last_line() -> None:
    body = "".join(f"    x{i} = {i}\n" for i in range(50))
    source = f"@decorated\ndef long():\n{body}\nclass C:\n    def short(self):\n        pass\n"
    assert list(long_functions(source)) == [(2, "long", 51)]
    assert list(long_functions(source, limit=51)) == []


def test_no_function_is_over_50_lines() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: {name} ({length} lines)"
        for _, path, _ in package_modules()
        for line, name, length in long_functions(path.read_text(encoding="utf-8"))
    ]
    assert offenders == [], f"functions over {MAX_FUNCTION_LINES} lines:\n" + "\n".join(offenders)


# --- Errors -------------------------------------------------------------------------------

NOT_ERRORS: dict[str, str] = {
    "studspec.play.game._Quit": (
        "a control-flow signal, not an error: it unwinds the prompt loop when the person "
        "quits or input ends, and is always caught inside play/game.py"
    ),
}
"""Exception classes that are not errors of studspec, each with the reason."""


def imported_package() -> list[ModuleType]:
    """Every module of the package, imported (``__main__`` modules are skipped: importing
    one runs the command)."""
    modules = [studspec]
    for info in pkgutil.walk_packages(studspec.__path__, "studspec."):
        if info.name.rsplit(".", 1)[-1] != "__main__":
            modules.append(importlib.import_module(info.name))
    return modules


def exception_classes(module: ModuleType) -> Iterator[type[BaseException]]:
    """The exception classes defined in ``module``, including ones nested in classes."""
    pending = [value for value in vars(module).values() if inspect.isclass(value)]
    while pending:
        cls = pending.pop()
        if cls.__module__ != module.__name__:
            continue
        if issubclass(cls, BaseException):
            yield cls
        pending.extend(value for value in vars(cls).values() if inspect.isclass(value))


def test_every_exception_is_a_studspec_error() -> None:
    modules = imported_package()
    assert len(modules) > 50, "the package's modules were not found"
    classes = {f"{cls.__module__}.{cls.__qualname__}": cls for m in modules for cls in exception_classes(m)}
    assert "studspec.errors.IllegalActionError" in classes, "the search found nothing"
    strays = sorted(
        name for name, cls in classes.items() if not issubclass(cls, StudspecError) and name not in NOT_ERRORS
    )
    assert strays == [], "derive these from studspec.errors.StudspecError (or list them in NOT_ERRORS): " + ", ".join(
        strays
    )


def test_every_listed_non_error_still_exists() -> None:
    """An exception to the rule that no longer exists must leave the list."""
    classes = {f"{cls.__module__}.{cls.__qualname__}" for m in imported_package() for cls in exception_classes(m)}
    assert set(NOT_ERRORS) <= classes


# --- The front door -----------------------------------------------------------------------


def test_the_documented_imports_work() -> None:
    from studspec import Hand, IllegalActionError, StudspecError, load_variant, parse_action

    hand = Hand(load_variant("seven-card-stud"), stacks=[40000] * 4, seed=1)
    hand.act(parse_action("pb"))
    with pytest.raises(StudspecError):
        hand.act(parse_action("pb"))
    assert issubclass(IllegalActionError, StudspecError)


def test_every_name_in_all_imports_from_the_package() -> None:
    namespace: dict[str, object] = {}
    exec("from studspec import *", namespace)
    missing = [name for name in studspec.__all__ if name not in namespace]
    assert missing == []
    assert len(set(studspec.__all__)) == len(studspec.__all__), "a name is listed twice in __all__"


def test_narrow_errors_are_still_value_errors() -> None:
    """Code that caught ``ValueError`` before the errors had a common root still works."""
    assert issubclass(IllegalActionError, ValueError)
    assert issubclass(SpecError, ValueError)
    assert issubclass(IllegalActionError, StudspecError)
    assert issubclass(SpecError, StudspecError)


def _section(markdown: str, heading: str) -> str:
    """The text under ``heading`` up to the next heading of the same or a higher level."""
    match = re.search(rf"^(#+) {re.escape(heading)}$", markdown, re.M)
    assert match, f"no section {heading!r}"
    rest = markdown[match.end() :]
    end = re.search(rf"^#{{1,{len(match.group(1))}}} ", rest, re.M)
    return rest[: end.start()] if end else rest


PUBLIC_API_HEADING = "The public API"
"""The section of docs/architecture.md that lists every public name of ``studspec``."""


def _documented_api() -> set[str]:
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    return set(re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)`", _section(page, PUBLIC_API_HEADING)))


def test_every_public_name_is_documented() -> None:
    """The rule: every public name in ``studspec.__all__`` is named in the "The public API"
    section of docs/architecture.md (the README's "From Python" shows how to use the main
    ones and links there)."""
    public = {name for name in studspec.__all__ if not name.startswith("_")}
    undocumented = sorted(public - _documented_api())
    assert undocumented == [], "add to docs/architecture.md, The public API: " + ", ".join(undocumented)


def test_documented_api_names_are_exported() -> None:
    """The other way round: a name the page lists as public that ``studspec`` does not export
    is stale (Python's own names, such as ``ValueError``, may be mentioned)."""
    stale = sorted(_documented_api() - set(studspec.__all__) - set(dir(builtins)))
    assert stale == [], "not in studspec.__all__: " + ", ".join(stale)


def test_readme_from_python_uses_the_front_door() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = _section(readme, "From Python")
    assert "from studspec import Hand, load_variant, parse_action" in section
    for name in ("StudspecError", "IllegalActionError", "docs/architecture.md"):
        assert name in section
    assert not re.search(r"from studspec\.\w+", section), "the README imports from behind the front door"


# --- The hand keeps the core; each phase its own -------------------------------------------


def test_the_hand_keeps_at_most_twenty_fields_of_its_own() -> None:
    """Issue 22: the hand keeps the core every phase reads (seats, stacks, cards and faces,
    contributions, the deck, events, the command log, the phase); what only one phase needs
    is that phase's part (engine/core.py). Fields shared with every hand of the book (the
    compiled book, its rules, the stakes) are not the hand's own."""
    from studspec.engine.hand import _SHARED, Hand

    own = sorted(set(Hand.__slots__) - _SHARED)
    assert len(own) <= 20, own


def test_the_hand_branches_on_no_kind_of_phase() -> None:
    """Issue 22: hand.py asks the phase it is in (its handler) and names no kind of phase
    but the end, which no handler can be asked about (the hand is over)."""
    tree = ast.parse((PACKAGE / "engine" / "hand.py").read_text(encoding="utf-8"))
    assert not any(isinstance(node, ast.Name) and node.id == "PhaseKind" for node in ast.walk(tree))
    imported = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module in ("hot", "phases")
        for alias in node.names
    }
    phase_constants = {f"{name}_PHASE" for name in PhaseKind.__members__}  # engine/hot.py's names
    assert imported & phase_constants <= {"COMPLETE_PHASE"}, imported


def test_every_module_is_listed_in_the_architecture_page() -> None:
    """Issue 22: docs/architecture.md lists every module of the package with a line on what
    it holds, so a new module cannot go unmentioned."""
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| `([a-z_/]+\.py)` \|", _section(page, "Every module"), re.M))
    modules = {str(path.relative_to(PACKAGE)) for _, path, _ in package_modules()}
    assert modules - listed == set(), "modules missing from docs/architecture.md"
    assert listed - modules == set(), "docs/architecture.md lists modules that do not exist"
