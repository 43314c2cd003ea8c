"""Morsel's exception classes.

Every error that Morsel raises derives from :class:`MorselError`; each subclass also derives
from the built-in exception it fits, so ``except ValueError`` catches a NaN joint value and
``except FileNotFoundError`` a missing model file.
"""


class MorselError(Exception):
    """Base of every error raised by Morsel."""


class InvalidValueError(MorselError, ValueError):
    """A value of the right type that cannot be used: NaN, a negative size, a wrong shape."""


class WrongTypeError(MorselError, TypeError):
    """An argument of the wrong type (a string where a number is expected, ...)."""


class MissingFileError(MorselError, FileNotFoundError):
    """A file (model, mesh, include) that does not exist."""


class UnknownNameError(MorselError, KeyError):
    """A name that does not exist: a joint, a body, a frame, an option."""

    def __str__(self) -> str:  # KeyError would show the message's repr
        return str(self.args[0]) if self.args else ""


__all__ = [
    "MorselError",
    "InvalidValueError",
    "WrongTypeError",
    "MissingFileError",
    "UnknownNameError",
]
