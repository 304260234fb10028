"""Tools for people who write rule books: describe, the option reference, the diagram."""
