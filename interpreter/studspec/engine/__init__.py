"""The interpreter: plays any rule book, hand by hand. It imports no tool built on it.

A :class:`~studspec.rulebook.model.Variant` is compiled once (:mod:`.machine`, with the option
values resolved through the registries of :mod:`.rules`) into a ``transitions`` machine; a
:class:`~studspec.engine.hand.Hand` is driven through it, each phase's work done by
:mod:`.dealing`, :mod:`.rounds`, :mod:`.opening`, :mod:`.showdown` and :mod:`.settlement`,
and records what happened as :mod:`.events`. See ``docs/architecture.md``.
"""
