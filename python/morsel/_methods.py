"""Methods and module functions derived from the shared API description's method table.

``morsel._morsel._api_methods()`` gives, for each Morsel object type, the functions whose first
parameter is that type (read from ``lab/src/api/script_api.txt`` when the extension was built).
For every such pair ``x.f(a)`` and ``morsel.f(x, a)`` are one call: a function that a class
holds natively becomes a module function dispatching on its first argument, and a module
function becomes a method of each class the table names. Nothing here lists names by hand, so
the two forms cannot drift from the description (``tests/test_api_methods.py`` checks that
every pair of the table resolves)."""

import inspect

from ._errors import WrongTypeError


def method_of_first_argument(name, doc=None):
    """A module function that calls method `name` of its first argument."""

    def call(obj, /, *args, **kwargs):
        method = getattr(type(obj), name, None)
        if method is None or not callable(method):
            raise WrongTypeError(
                f"{name}(): the first argument has no `{name}` (got {type(obj).__name__})"
            )
        return method(obj, *args, **kwargs)

    call.__name__ = call.__qualname__ = name
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
    method.__morsel_generated__ = True
    signature = _as_method(function)
    if signature is not None:
        method.__signature__ = signature
    return method


def _as_method(function):
    """The signature of `function` with its first parameter as `self` (what the method takes),
    or None when the function's parameters are not known (a function dispatching on its first
    argument takes any)."""
    try:
        parameters = list(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):
        return None
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    if not parameters or parameters[0].kind not in positional:
        return None
    first = parameters[0].replace(name="self", default=inspect.Parameter.empty, annotation=inspect.Parameter.empty)
    return inspect.Signature([first] + parameters[1:])


def dispatching(name, holders, fallback, doc):
    """A module function `name`: the first argument's own method when its class is one of
    `holders` (classes that hold `name` natively), else `fallback` (the native or Python
    module function of that name), else a WrongTypeError naming the argument."""
    methods = {cls: cls.__dict__[name] for cls in holders}

    def call(*args, **kwargs):
        if args:
            method = methods.get(type(args[0]))
            if method is not None:
                return method(*args, **kwargs)
        if fallback is not None:
            return fallback(*args, **kwargs)
        got = type(args[0]).__name__ if args else "no argument"
        owners = ", ".join(sorted(c.__name__ for c in holders))
        raise WrongTypeError(f"{name}(): the first argument must be a {owners}, got {got}")

    call.__name__ = call.__qualname__ = name
    call.__module__ = "morsel"
    call.__doc__ = doc
    call.__wrapped__ = fallback
    # Its own signature, not the fallback's: it takes every overload of `name` (the stubs,
    # morsel/__init__.pyi, list them; tests/test_stubs.py generates them from the holders).
    call.__signature__ = _ANY_ARGUMENTS
    call.__morsel_holders__ = tuple(holders)
    return call


_ANY_ARGUMENTS = inspect.Signature(
    [
        inspect.Parameter("args", inspect.Parameter.VAR_POSITIONAL),
        inspect.Parameter("kwargs", inspect.Parameter.VAR_KEYWORD),
    ]
)


def install(namespace, native, docstrings):
    """Applies the method table of `native` to the classes and to the module `namespace`
    (the package's globals): returns the names of the module functions it made or wrapped."""
    table = native._api_methods()
    classes = {ty: getattr(native, ty) for ty in table if isinstance(getattr(native, ty, None), type)}
    made = []
    for name in sorted({n for names in table.values() for n in names}):
        holders = [
            cls
            for ty, cls in classes.items()
            if name in table[ty] and callable(cls.__dict__.get(name))
        ]
        fallback = namespace.get(name)
        if holders:
            doc = docstrings.get(name) or (fallback.__doc__ if fallback else None)
            namespace[name] = dispatching(name, holders, fallback, doc)
            made.append(name)
        function = namespace.get(name)
        if function is None:
            continue
        for ty, cls in classes.items():
            if name in table[ty] and not hasattr(cls, name):
                setattr(cls, name, method_calling(function, name))
    return made
