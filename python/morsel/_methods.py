"""Module functions that call a method of their first argument, so that ``f(x, a)`` is
``x.f(a)`` as in Rhai."""

from ._errors import WrongTypeError


def method_of_first_argument(name, doc=None):
    """A module function that calls method `name` of its first argument."""

    def call(obj, *args, **kwargs):
        method = getattr(type(obj), name, None)
        if method is None or not callable(method):
            raise WrongTypeError(
                f"{name}(): the first argument has no `{name}` (got {type(obj).__name__})"
            )
        return method(obj, *args, **kwargs)

    call.__name__ = name
    call.__qualname__ = name
    call.__doc__ = doc
    return call


def method_calling(function, name):
    """A method `name` that calls the module function `function` with the object first, so
    that ``x.f(a)`` is ``f(x, a)`` for functions bound only at module level."""

    def method(self, *args, **kwargs):
        return function(self, *args, **kwargs)

    method.__name__ = name
    method.__qualname__ = name
    method.__doc__ = f"{name}(...) on this object: see morsel.{name}.\n\n{function.__doc__ or ''}"
    return method
