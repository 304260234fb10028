"""Worked examples of engines behind the conformance protocol (docs/conformance.md).

:mod:`.pokerkit_engine` puts pokerkit 0.7 behind the protocol: a real engine, written the way
a server team would write its adapter. studspec itself never imports these modules; they
need their engine's package (``pip install "studspec[pokerkit]"``).
"""
