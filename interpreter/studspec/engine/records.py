"""Frozen records built about as fast as plain ones.

A frozen dataclass's generated ``__init__`` stores every field through
``object.__setattr__(self, name, value)``, looked up by name each time: about 1.6 µs for a
record of five fields against 0.24 µs for a plain slotted class (Python 3.11). A simulated
hand builds some sixty such records (its events, the plan of each street's deal, the pots),
so that alone was a tenth of a hand's time. :func:`quick_init` gives a frozen slotted
dataclass an ``__init__`` that stores each field through its slot's own descriptor, which
does not pass through the class's ``__setattr__`` and so needs no name look-up: about three
times faster, and nothing else changes (the record stays frozen, and keeps its fields,
defaults, ``__post_init__`` checks, equality, hash, repr and pickling).
"""

from __future__ import annotations

import dataclasses
from types import MemberDescriptorType
from typing import Any, TypeVar

T = TypeVar("T")


def quick_init(cls: type[T]) -> type[T]:
    """Replace the generated ``__init__`` of a frozen, slotted dataclass with one that sets
    its slots directly. Fields with a default factory, keyword-only fields, fields left out
    of ``__init__`` and init-only variables are refused (:class:`TypeError`): the generated
    ``__init__`` handles those, and none of the records this is for has them."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or not params.init or "__slots__" not in cls.__dict__:
        raise TypeError(f"quick_init is for frozen dataclasses with slots=True and an __init__, not {cls.__qualname__}")
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]  # a dataclass, checked above
    if len(fields) != len(cls.__dataclass_fields__):  # type: ignore[attr-defined]
        raise TypeError(f"{cls.__qualname__} has init-only or class variables: quick_init does not handle them")
    namespace: dict[str, Any] = {}
    parameters, body = ["self"], []
    for field in fields:
        if field.kw_only or not field.init or field.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__qualname__}.{field.name}: quick_init takes positional fields with plain defaults")
        slot = getattr(cls, field.name)
        if not isinstance(slot, MemberDescriptorType):
            raise TypeError(f"{cls.__qualname__}.{field.name} is not a slot")
        namespace[f"_set_{field.name}"] = slot.__set__
        if field.default is dataclasses.MISSING:
            parameters.append(field.name)
        else:
            namespace[f"_default_{field.name}"] = field.default
            parameters.append(f"{field.name}=_default_{field.name}")
        body.append(f"    _set_{field.name}(self, {field.name})")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    source = f"def __init__({', '.join(parameters)}):\n" + "\n".join(body or ["    pass"])
    exec(source, namespace)  # the source is made of the class's own field names, nothing else
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]  # the point: a faster __init__, same signature
    return cls
