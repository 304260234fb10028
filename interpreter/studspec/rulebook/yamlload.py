"""Safe YAML loading that remembers where every key and value was written.

Rule books come from card rooms and home games, so a file is untrusted input: only plain
data (mappings, lists, strings, numbers, booleans, null) is built, through PyYAML's pure-Python
``SafeLoader`` (the C loader gives no per-node marks). Duplicate keys, which YAML would
silently resolve to the last one, are refused; so are files over :data:`MAX_BYTES`,
documents of more than :data:`MAX_NODES` nodes (the parser stops there, so the work is
bounded, not only the bytes) and documents whose aliases expand to more than
:data:`MAX_ALIAS_NODES` nodes (the "billion laughs" attack); anything but a regular file is
refused before it is opened. Every mapping key and every value keeps its ``line:col`` so
that later schema and semantic errors can point at the exact place; each step is linear in
the size of the document.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from studspec.errors import NotARuleBookError, SpecError, StudspecError

from .nodes import NodePath, excerpt, node_label

MAX_BYTES = 1 << 20
"""Largest rule book accepted (1 MiB); the built-in ones are under 2 KiB."""

MAX_ALIAS_NODES = 10_000
"""Most nodes that aliases (``*name``) may expand to in one file, all aliases together."""

MAX_NODES = 10_000
"""Most YAML nodes (keys and values) written in one file; the largest built-in book has 150."""

_TAG = "tag:yaml.org,2002:"
_MAP, _SEQ, _MERGE = _TAG + "map", _TAG + "seq", _TAG + "merge"
_KINDS = {
    "bool": "a boolean",
    "int": "an integer",
    "float": "a number",
    "null": "null",
    "map": "a mapping",
    "seq": "a list",
}
_PLAIN_SCALARS = {_TAG + name for name in ("str", "int", "float", "bool", "null")}


@dataclass(frozen=True)
class Mark:
    """A place in a file, 1-based, as printed in error lines."""

    file: str
    line: int
    col: int

    def error(self, message: str, node: NodePath = (), kind: type[SpecError] = SpecError) -> SpecError:
        """A :class:`SpecError` (or the narrower ``kind``) at this place."""
        return kind(self.file, self.line, self.col, message, node)


@dataclass
class Document:
    """Plain data from one or more files, with the place each key and value came from.

    ``values`` maps a node path to where its value starts; ``keys`` maps the path of a mapping
    entry to where its key is written. After ``extends`` is resolved one document mixes marks
    from several files, each keeping its own file.
    """

    file: str
    data: Any
    values: dict[NodePath, Mark] = field(default_factory=dict)
    keys: dict[NodePath, Mark] = field(default_factory=dict)
    unreadable: set[NodePath] = field(default_factory=set)
    """Nodes whose YAML was refused (an unsupported tag): already reported, not to be re-checked."""

    def is_unreadable(self, node: NodePath) -> bool:
        """Whether ``node`` lies inside a value that was refused when loading."""
        return bool(self.unreadable) and any(node[:size] in self.unreadable for size in range(len(node) + 1))

    def locate(self, node: NodePath, key: bool = False) -> Mark:
        """Where to report a problem about ``node``: its key (if ``key``) or its value.

        A node that was never written (a missing property, say) is reported at its nearest
        written parent, preferring the key that names that parent.
        """
        path = tuple(node)
        if key and path in self.keys:
            return self.keys[path]
        if path in self.values:
            return self.values[path]
        while path:
            path = path[:-1]
            if path in self.keys:
                return self.keys[path]
            if path in self.values:
                return self.values[path]
        return Mark(self.file, 1, 1)

    def error(self, node: NodePath, message: str, key: bool = False, kind: type[SpecError] = SpecError) -> SpecError:
        """A :class:`SpecError` (or ``kind``) about ``node``, its message prefixed with the node's name."""
        return self.locate(node, key).error(f"{node_label(node)}: {message}", node, kind)


class _Fatal(StudspecError):
    """Stops building a document that cannot be read further (alias bomb, bad nesting)."""

    def __init__(self, error: SpecError) -> None:
        super().__init__(str(error))
        self.error = error


class _AliasNode(Node):
    """Stands where an alias (``*name``) was written, so its place is not lost.

    PyYAML's composer returns the anchored node itself for an alias, which would leave the
    alias's own line unknown and make expansion invisible; this wrapper keeps both.
    """

    id = "alias"

    def __init__(self, target: Node, start_mark: yaml.Mark, end_mark: yaml.Mark) -> None:
        super().__init__(target.tag, target, start_mark, end_mark)


class _MarkingLoader(yaml.SafeLoader):
    """``SafeLoader`` whose composer wraps every alias in an :class:`_AliasNode`, and stops
    after :data:`MAX_NODES` nodes (PyYAML parses as the composer asks, so the rest is never read)."""

    def __init__(self, text: str, file: str) -> None:
        super().__init__(text)
        self.file = file
        self.composed = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node:
        self.composed += 1
        if self.composed > MAX_NODES:
            mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
            raise _Fatal(
                SpecError(
                    self.file,
                    mark.line + 1,
                    mark.column + 1,
                    f"more than {MAX_NODES:,} YAML keys and values; a rule book has a few hundred "
                    "(is this file a rule book?)",
                )
            )
        if self.check_event(yaml.AliasEvent):
            start = self.peek_event().start_mark  # type: ignore[no-untyped-call]
            target = super().compose_node(parent, index)
            assert target is not None  # an alias always names a node
            return _AliasNode(target, start, start)
        node = super().compose_node(parent, index)
        assert node is not None  # composing inside a document always yields a node
        return node


class _Builder:
    """Turns a composed node tree into plain data, marks and (non-fatal) errors."""

    def __init__(self, loader: _MarkingLoader, file: str) -> None:
        self.loader = loader
        self.file = file
        self.values: dict[NodePath, Mark] = {}
        self.keys: dict[NodePath, Mark] = {}
        self.errors: list[SpecError] = []
        self.alias_nodes = 0
        self.unreadable: set[NodePath] = set()
        self._sizes: dict[int, int] = {}
        self._sizing: set[int] = set()
        self._children: dict[NodePath, dict[NodePath, None]] = {}
        """The marked paths just below each path, so that :meth:`_forget` visits only a subtree."""

    def _note(self, path: NodePath) -> None:
        if path:
            self._children.setdefault(path[:-1], {})[path] = None

    def mark(self, yaml_mark: yaml.Mark) -> Mark:
        return Mark(self.file, yaml_mark.line + 1, yaml_mark.column + 1)

    def build(self, node: Node, path: NodePath, in_alias: bool = False) -> Any:
        """The plain value of ``node``; ``in_alias`` while expanding an alias's target."""
        if isinstance(node, _AliasNode):
            if not in_alias:
                self._count_alias(node)
            value = self.build(node.value, path, in_alias=True)
            self.values[path] = self.mark(node.start_mark)
            return value
        self.values[path] = self.mark(node.start_mark)
        self._note(path)
        if isinstance(node, MappingNode):
            return self._mapping(node, path, in_alias)
        if isinstance(node, SequenceNode):
            if node.tag != _SEQ:
                self._unsupported_tag(node, path)
            return [self.build(item, (*path, i), in_alias) for i, item in enumerate(node.value)]
        return self._scalar(node, path)

    def _count_alias(self, alias: _AliasNode) -> None:
        self.alias_nodes += self._size(alias.value, alias)
        if self.alias_nodes > MAX_ALIAS_NODES:
            raise _Fatal(
                self.mark(alias.start_mark).error(
                    f"YAML aliases expand to more than {MAX_ALIAS_NODES} nodes "
                    f"(a 'billion laughs' document?); aliases may only repeat small parts"
                )
            )

    def _size(self, node: Node, alias: _AliasNode) -> int:
        """How many nodes ``node`` stands for once every alias inside it is expanded."""
        if isinstance(node, _AliasNode):
            return self._size(node.value, node)
        key = id(node)
        if key in self._sizes:
            return self._sizes[key]
        if key in self._sizing:
            raise _Fatal(
                self.mark(alias.start_mark).error(
                    "recursive YAML alias: it refers to a node that contains it; a rule book must be a finite tree"
                )
            )
        self._sizing.add(key)
        size = 1
        if isinstance(node, MappingNode):
            size += sum(self._size(k, alias) + self._size(v, alias) for k, v in node.value)
        elif isinstance(node, SequenceNode):
            size += sum(self._size(item, alias) for item in node.value)
        self._sizing.discard(key)
        self._sizes[key] = size
        return size

    def _unsupported_tag(self, node: Node, path: NodePath) -> None:
        self.unreadable.add(path)
        kind = node.tag.removeprefix(_TAG)
        self.errors.append(
            self.mark(node.start_mark).error(
                f"{node_label(path)}: YAML value of type {excerpt(kind)} is not allowed; rule book values "
                "are mappings, lists, strings, numbers, true/false or null (quote it to make a string)",
                path,
            )
        )

    def _scalar(self, node: Node, path: NodePath) -> Any:
        if node.tag not in _PLAIN_SCALARS:
            self._unsupported_tag(node, path)
            return node.value if isinstance(node.value, str) else None
        try:
            return self.loader.construct_object(node)
        except ValueError:  # an integer of more digits than Python converts (4300)
            self.unreadable.add(path)
            self.errors.append(
                self.mark(node.start_mark).error(
                    f"{node_label(path)}: a number of {len(str(node.value)):,} characters is too long to read; "
                    "rule book numbers are small integers",
                    path,
                )
            )
            return None

    def _mapping(self, node: MappingNode, path: NodePath, in_alias: bool) -> dict[str, Any]:
        if node.tag != _MAP:
            self._unsupported_tag(node, path)
        result: dict[str, Any] = {}
        own_mark = self.values[path]
        # YAML merge keys (<<: *defaults) come first so that explicit keys override them.
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE:
                self._merge_into(result, value_node, path, in_alias)
        self.values[path] = own_mark
        first_seen: dict[str, Mark] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE:
                continue
            key = self._key(key_node, path)
            if key is None:
                continue
            key_mark = self.mark(key_node.start_mark)
            where = (*path, key)
            if key in first_seen:
                self.errors.append(
                    key_mark.error(
                        f"{node_label(where)}: duplicate key {excerpt(key)} (first at line "
                        f"{first_seen[key].line}); a key may appear only once in a mapping",
                        where,
                    )
                )
                continue
            first_seen[key] = key_mark
            if key in result:
                self._forget(where)
            self.keys[where] = key_mark
            self._note(where)
            result[key] = self.build(value_node, where, in_alias)
        return result

    def _merge_into(self, result: dict[str, Any], value_node: Node, path: NodePath, in_alias: bool) -> None:
        """Apply a ``<<`` merge key: earlier sources win, explicit keys (added later) win over all.

        Sources are built last to first so that the winner's value and marks are written last.
        """
        target = value_node.value if isinstance(value_node, _AliasNode) else value_node
        if isinstance(target, SequenceNode):  # <<: [*a, *b], or <<: *list_of_mappings
            if isinstance(value_node, _AliasNode) and not in_alias:
                self._count_alias(value_node)
                in_alias = True
            sources = target.value
        else:
            sources = [value_node]
        for source in reversed(sources):
            merged = self.build(source, path, in_alias)
            if not isinstance(merged, dict):
                self.errors.append(
                    self.mark(source.start_mark).error(
                        f"{node_label(path)}: a YAML merge key (<<) needs a mapping or a list of mappings",
                        path,
                    )
                )
                continue
            result.update(merged)

    def _forget(self, prefix: NodePath) -> None:
        """Drop the marks under ``prefix``, whose value an explicit key replaces.

        Only the subtree is visited (through ``_children``), so overriding every key of a large
        merge costs no more than building it did.
        """
        pending = [prefix]
        while pending:
            path = pending.pop()
            self.values.pop(path, None)
            self.keys.pop(path, None)
            pending.extend(self._children.pop(path, ()))

    def _key(self, key_node: Node, path: NodePath) -> str | None:
        if isinstance(key_node, ScalarNode) and key_node.tag == _TAG + "str":
            return str(self.loader.construct_object(key_node))
        tag = key_node.tag.removeprefix(_TAG)
        if isinstance(key_node, ScalarNode):
            problem = f"key {excerpt(str(key_node.value))} reads as {_KINDS.get(tag, excerpt(tag))}"
        else:
            problem = f"{_KINDS.get(tag, 'a collection')} is used as a key"
        self.errors.append(
            self.mark(key_node.start_mark).error(
                f"{node_label(path)}: {problem}, but keys must be strings (quote it if it is meant as a name)",
                path,
            )
        )
        return None


_YAML_MESSAGE_CHARS = 200
"""The most characters of a YAML parser message shown (it quotes at most a token or a name)."""


def _display_error(file: str, problem: yaml.YAMLError) -> SpecError:
    """A YAML parser error as a :class:`SpecError` at the place the parser stopped.

    The parser's message names what it found (a character, a tag handle, an alias), never a
    line of the file; it is cut short all the same, as the file may not be a rule book at all.
    """
    if isinstance(problem, yaml.MarkedYAMLError) and problem.problem_mark is not None:
        mark = problem.problem_mark
        text = problem.problem or "cannot parse"
        context = problem.context or ""
        at = f" at line {problem.context_mark.line + 1}" if problem.context_mark is not None else ""
        if context.startswith("while"):
            text = f"{text} ({context}{at})"
        elif context:
            text = f"{context}{at}; {text} here"
        return SpecError(file, mark.line + 1, mark.column + 1, f"invalid YAML: {_cut(text)}")
    return SpecError(file, 1, 1, f"invalid YAML: {_cut(str(problem))}")


def _cut(text: str) -> str:
    return text if len(text) <= _YAML_MESSAGE_CHARS else text[:_YAML_MESSAGE_CHARS] + "..."


def _control_character(file: str, text: str, problem: yaml.reader.ReaderError) -> SpecError:
    """A character YAML does not allow (a control character), at its line and column."""
    prefix = text[: problem.position]
    line = prefix.count("\n") + 1
    col = problem.position - (prefix.rfind("\n") + 1) + 1
    code = problem.character if isinstance(problem.character, int) else 0
    return SpecError(
        file,
        line,
        col,
        f"the control character U+{code:04X} is not allowed in a YAML file; remove it "
        "(a double-quoted string may write it as an escape, such as \\t)",
    )


_FILE_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def not_regular(mode: int) -> str | None:
    """Why a file of this ``st_mode`` cannot be read as a rule book, or ``None`` for a regular file.

    A FIFO or a device would block or never end, a directory is no file: such a path is
    refused from its ``stat``, before anything opens it for reading.
    """
    if stat.S_ISREG(mode):
        return None
    kind = next((name for test, name in _FILE_KINDS if test(mode)), "a special file")
    return f"not a regular file ({kind}); a rule book must be a regular .yaml file"


def _open_regular(path: Path, file: str) -> int:
    """A descriptor open for reading on the regular file ``path``; refuses anything else.

    ``stat`` first, so that a FIFO or a device is never opened; the open itself does not
    block (``O_NONBLOCK``) and is checked again with ``fstat``, in case the path was swapped.
    """
    why = not_regular(path.stat().st_mode)
    if why is not None:
        raise NotARuleBookError(file, 1, 1, why)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    descriptor = os.open(path, flags)
    why = not_regular(os.fstat(descriptor).st_mode)
    if why is not None:
        os.close(descriptor)
        raise NotARuleBookError(file, 1, 1, why)
    return descriptor


def read_text(path: Path, file: str) -> str:
    """The file's text, refusing files over :data:`MAX_BYTES` before reading them whole, and
    anything but a regular file (a FIFO, a device, a directory) without reading it at all."""
    try:
        descriptor = _open_regular(path, file)
        with os.fdopen(descriptor, "rb") as handle:
            size = os.fstat(descriptor).st_size
            if size > MAX_BYTES:
                raise SpecError(
                    file,
                    1,
                    1,
                    f"file is {size:,} bytes; a rule book may be at most {MAX_BYTES:,} bytes (1 MiB)",
                )
            raw = handle.read(MAX_BYTES + 1)
    except OSError as problem:
        raise SpecError(file, 1, 1, f"cannot read the file: {problem.strerror or problem}") from None
    if len(raw) > MAX_BYTES:
        raise SpecError(file, 1, 1, f"file is over {MAX_BYTES:,} bytes; a rule book may be at most 1 MiB")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as problem:
        prefix = raw[: problem.start]
        line = prefix.count(b"\n") + 1
        col = problem.start - (prefix.rfind(b"\n") + 1) + 1
        raise SpecError(file, line, col, "the file is not UTF-8 text; rule books must be UTF-8") from None


def parse_text(text: str, file: str) -> tuple[Document | None, list[SpecError]]:
    """Parse YAML text into a :class:`Document`; ``None`` when it cannot be read at all.

    Non-fatal problems (duplicate keys, non-string keys, unsupported tags) are returned with a
    document built from the rest, so that they can be reported together with later ones.
    """
    try:
        loader = _MarkingLoader(text, file)  # reads the text at once: refuses control characters here
    except yaml.reader.ReaderError as problem:
        return None, [_control_character(file, text, problem)]
    try:
        root = loader.get_single_node()
        if root is None:
            return Document(file, None, {(): Mark(file, 1, 1)}), []
        builder = _Builder(loader, file)
        data = builder.build(root, ())
    except yaml.reader.ReaderError as problem:
        return None, [_control_character(file, text, problem)]
    except yaml.YAMLError as problem:
        return None, [_display_error(file, problem)]
    except _Fatal as fatal:
        return None, [fatal.error]
    except RecursionError:
        return None, [SpecError(file, 1, 1, "the YAML is nested too deeply to be a rule book")]
    finally:
        loader.dispose()
    return Document(file, data, builder.values, builder.keys, builder.unreadable), builder.errors


def load_document(path: str | os.PathLike[str], file: str | None = None) -> tuple[Document | None, list[SpecError]]:
    """Read and parse one rule book file; ``file`` is how errors name it (default: ``path``)."""
    shown = file if file is not None else str(path)
    try:
        text = read_text(Path(path), shown)
    except SpecError as error:
        return None, [error]
    return parse_text(text, shown)
