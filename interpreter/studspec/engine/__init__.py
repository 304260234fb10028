"""The interpreter: plays any rule book, hand by hand. It imports no tool built on it.

A :class:`~studspec.rulebook.model.Variant` is compiled once (:mod:`.machine`, with the option
values resolved through the registries of :mod:`.rules`) into a ``transitions`` machine whose
states are the hand's phases; a :class:`~studspec.engine.hand.Hand` is driven through it, each
kind of phase done by its handler (:mod:`.handlers`: :mod:`.rounds`, :mod:`.dealing`,
:mod:`.betting_phase`, :mod:`.declare`, :mod:`.showdown`, :mod:`.settlement`), which keeps
its own state in a part of the hand (:mod:`.core`), and records what happened as
:mod:`.events`. See ``docs/architecture.md``.
"""
