"""An error's problem (``koza.core.problems``) said in the language in use.

``say_error(e)`` is ``where: <the problem in words>`` for an ``Explained`` error
(``SaveError``, ``ReplayError``, ``RuleError``, ``CommandError``) and ``str(e)``
for any other; values that are problems or a rule's reasons are said too.
"""

from __future__ import annotations

from koza.core.problems import Problem


def say_value(value: object) -> object:
    """``value`` as a text in the language in use needs it."""
    from koza.core.explain import Reason
    from koza.tui.strings import t

    if isinstance(value, Problem):
        return say_problem(value)
    if isinstance(value, Reason):
        return t(f"illegal.{value.code}", **value.values)
    return value


def say_problem(problem: Problem) -> str:
    """``problem`` in the language in use (the catalogue key is ``error.<key>``)."""
    from koza.storage.savefile import shorten
    from koza.tui.strings import t

    values = {k: say_value(v) for k, v in problem.values.items()}
    values = {k: shorten(v) if isinstance(v, str) else v for k, v in values.items()}
    return t(f"error.{problem.key}", **values)


def say_error(error: BaseException) -> str:
    """``error`` in one line in the language in use (its English when it has no problem)."""
    from koza.tui import strings

    problem = getattr(error, "problem", None)
    if not isinstance(problem, Problem) or strings.LANGUAGE == "en":  # English: the error's own
        return " ".join((str(error) or type(error).__name__).split("\n"))
    where = getattr(error, "where", "")
    text = say_problem(problem)
    line = f"{where}: {text}" if where else text
    return " ".join(line.split("\n"))
