"""The course package's version (one place: the package, its build and its files read it)."""

__version__ = "0.2.0"
