"""Developer tools that are not part of the studspec package (the fuzzer: ``tools/fuzz.py``)."""
