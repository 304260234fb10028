"""studspec: stud poker rules as declarative YAML, and one interpreter that plays them."""

__version__ = "0.1.0"
