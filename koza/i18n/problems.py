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
    from koza.i18n.strings import t

    if isinstance(value, Problem):
        return say_problem(value)
    if isinstance(value, Reason):
        return t(f"illegal.{value.code}", **value.values)
    return value


def say_problem(problem: Problem) -> str:
    """``problem`` in the language in use (the catalogue key is ``error.<key>``)."""
    from koza.core.text import shorten
    from koza.i18n.strings import t

    values = {k: say_value(v) for k, v in problem.values.items()}
    values = {k: shorten(v) if isinstance(v, str) else v for k, v in values.items()}
    return t(f"error.{problem.key}", **values)


def say_error(error: BaseException) -> str:
    """``error`` in one line in the language in use (its English when it has no problem)."""
    from koza.i18n import strings

    problem = getattr(error, "problem", None)
    if not isinstance(problem, Problem) or strings.LANGUAGE == "en":  # English: the error's own
        return " ".join((str(error) or type(error).__name__).split("\n"))
    where = getattr(error, "where", "")
    text = say_problem(problem)
    line = f"{where}: {text}" if where else text
    return " ".join(line.split("\n"))


def cannot_open(path: object, error: str | BaseException) -> str:
    """Why a save cannot be opened, naming its file once (a ``SaveError`` names it already).

    An error given as itself is said in the language in use (``say_error``).
    """
    if isinstance(error, BaseException):
        error = say_error(error)
    if str(path) not in error:
        error = f"{path}: {error}"
    from koza.i18n.strings import t

    return t("saves.cannot_open", error=error)
