"""The script API's vector helpers (``norm``, ``dot``, ``cross``, ``add``, ``sub``, ``scale``,
``round_to``) with NumPy: vectors in (lists, tuples or arrays), float64 arrays out.

``add`` is also the simulation's ``add(sim, arm)``: a vector first argument adds vectors, any
other calls the first argument's ``add`` method, as in Rhai."""

import numpy as np

from ._errors import InvalidValueError, WrongTypeError


def _vector(v, what):
    try:
        a = np.asarray(v, dtype=np.float64)
    except (TypeError, ValueError):
        raise WrongTypeError(f"{what}: expected an array of numbers, got {type(v).__name__}") from None
    if a.ndim != 1:
        raise WrongTypeError(f"{what}: expected an array of numbers, got shape {a.shape}")
    if not np.all(np.isfinite(a)):
        raise InvalidValueError(f"{what}: expected finite numbers")
    return a


def _pair(a, b, function):
    x = _vector(a, f"`a` of {function}()")
    y = _vector(b, f"`b` of {function}()")
    if x.shape != y.shape:
        raise InvalidValueError(
            f"`b` of {function}(): expected an array of {x.size} numbers (as long as `a`), got {y.size}"
        )
    return x, y


def is_vector(v):
    """Whether `v` is a list, tuple or NumPy array (a vector argument of ``add``)."""
    return isinstance(v, (list, tuple, np.ndarray))


def norm(v):
    return float(np.linalg.norm(_vector(v, "`v` of norm()")))


def dot(a, b):
    x, y = _pair(a, b, "dot")
    return float(x @ y)


def cross(a, b):
    x = _vector(a, "`a` of cross()")
    y = _vector(b, "`b` of cross()")
    if x.size != 3 or y.size != 3:
        raise InvalidValueError("cross(): expected two arrays of 3 numbers")
    return np.cross(x, y)


def add_vectors(a, b):
    x, y = _pair(a, b, "add")
    return x + y


def sub(a, b):
    x, y = _pair(a, b, "sub")
    return x - y


def scale(v, s):
    return _vector(v, "`v` of scale()") * float(s)


def round_to(x, digits):
    if isinstance(digits, bool) or not isinstance(digits, (int, np.integer)) or not 0 <= digits <= 15:
        raise InvalidValueError(f"`digits` of round_to(): expected a number of decimals from 0 to 15, got {digits!r}")
    a = np.asarray(x, dtype=np.float64)
    # Half away from zero, as in Rhai (NumPy's round goes half to even), and no negative zero.
    scale_ = 10.0**digits
    r = np.trunc(np.abs(a) * scale_ + 0.5) * np.sign(a) / scale_
    r = np.where(np.isfinite(r), r, a) + 0.0
    return float(r) if r.ndim == 0 else r
