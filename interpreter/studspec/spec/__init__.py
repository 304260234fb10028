"""Rule books: load, merge (``extends``), validate and freeze them into a :class:`Variant`.

Pipeline (one module each): :mod:`.yamlload` reads YAML safely and keeps ``line:col`` of every
node; :mod:`.merge` resolves ``extends``; :mod:`.schema` and :mod:`.checks` find problems;
:mod:`.build` makes the frozen :mod:`.model` objects; :mod:`.loader` runs it all and caches;
:mod:`.catalog` finds the built-in books and the schema. Every problem is a
:class:`SpecError` printed as ``file:line:col: message``.
"""

from studspec.errors import SpecError, SpecErrors, UnknownVariantError

from .catalog import builtin_names, builtin_path, schema_path
from .loader import clear_cache, load_variant, resolve, validate_file, validate_paths
from .model import BetSize, Face, Share, Stakes, Street, Variant
from .schema import load_schema, option_values

__all__ = [
    "BetSize",
    "Face",
    "Share",
    "SpecError",
    "SpecErrors",
    "Stakes",
    "Street",
    "UnknownVariantError",
    "Variant",
    "builtin_names",
    "builtin_path",
    "clear_cache",
    "load_schema",
    "load_variant",
    "option_values",
    "resolve",
    "schema_path",
    "validate_file",
    "validate_paths",
]
