"""Rule books: load, merge (``extends``), validate and freeze them into a :class:`Variant`.

Pipeline (one module each): :mod:`.yamlload` reads YAML safely and keeps ``line:col`` of every
node; :mod:`.merge` resolves ``extends``; :mod:`.schema` and :mod:`.checks` find problems;
:mod:`.build` makes the frozen :mod:`.model` objects; :mod:`.loader` runs it all and caches;
:mod:`.catalog` finds the built-in books and the schema. Every problem is a
:class:`SpecError` printed as ``file:line:col: message``.

Where rule books come from: a bare name is a built-in book, anything else a path. Paths may
be anywhere unless the caller confines them: ``load_variant(path, allowed=(folder, ...))``
(also :func:`validate_file`, :func:`validate_paths`, :func:`resolve`) refuses the book, or
any book it extends, outside those folders with a :class:`RuleBookOutsideError`;
:func:`confine` checks one path the same way without reading it. Built-in books are always
allowed.
"""

from studspec.errors import NotARuleBookError, RuleBookOutsideError, SpecError, SpecErrors, UnknownVariantError

from .catalog import allowed_folders, builtin_names, builtin_path, confine, schema_path
from .loader import Allowed, clear_cache, load_variant, resolve, validate_file, validate_paths
from .model import BetSize, Face, Share, Stakes, Street, Variant
from .schema import load_schema, option_values

__all__ = [
    "Allowed",
    "BetSize",
    "Face",
    "NotARuleBookError",
    "RuleBookOutsideError",
    "Share",
    "SpecError",
    "SpecErrors",
    "Stakes",
    "Street",
    "UnknownVariantError",
    "Variant",
    "allowed_folders",
    "builtin_names",
    "builtin_path",
    "clear_cache",
    "confine",
    "load_schema",
    "load_variant",
    "option_values",
    "resolve",
    "schema_path",
    "validate_file",
    "validate_paths",
]
