"""Generator families for a reference written as an implicit equation in the variable the answer gives.

``implicit_equation`` (EQUIVALENT): a reference that is an expression in one variable x (``-4x^2+4x-2``)
restated as an equation linear in y (``y + 3 = -4x^2+4x-2 + 3``, ``2y = 2(...)``, ``y - (...) = 0``), on the
reference side with the expression as the answer, or the other way round. ``near_implicit_equation``
(NEAR_MISS): the same equation against the expression plus a constant or times a factor. Registered by
:mod:`.families`.
"""

from __future__ import annotations

import random
import re
from typing import Any

from . import forms as F
from .table import Families
from .refs import Reference

__all__ = ["register"]

_T = Families()
register = _T.register


def _names(n: Any) -> set[str]:
    if isinstance(n, F.Sym):
        return set() if n.name in ("pi", "e", "inf") else {n.name}
    out: set[str] = set()
    for c in F.children(n):
        out |= _names(c)
    return out


def _expression(ref: Reference) -> str | None:
    """The reference as LaTeX when it is a scalar expression in exactly the variable x."""
    n = ref.node
    if n is None or isinstance(n, (F.Seq, F.Sym)) or _names(n) != {"x"} or len(ref.gold) > 80:
        return None
    try:
        e = F.render(n)
    except Exception:  # noqa: BLE001 - a node the renderer cannot write is skipped
        return None
    # an expression, not a relation, a list or a function definition
    return None if re.search(r"[=<>,;]|\\[lg]eq?|\\neq|\\in\b|\(x\)", e) else e


def _implicit(e: str, rng: random.Random) -> str:
    k = rng.randint(2, 9)
    c = rng.randint(1, 9)
    return rng.choice((
        f"y + {c} = {e} + {c}",
        f"y - {c} = {e} - {c}",
        f"{k}y = {k}\\left({e}\\right)",
        f"y - \\left({e}\\right) = 0",
        f"{c} + y = {c} + {e}",
    ))


@_T.equivalent("implicit_equation")
def _implicit_equation(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    e = _expression(ref)
    if e is None:
        return None
    eq = _implicit(e, rng)
    return _T.draft(e, gold=eq) if rng.random() < 0.6 else _T.draft(eq, gold=e)


@_T.near_miss("near_implicit_equation")
def _near_implicit_equation(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    e = _expression(ref)
    if e is None:
        return None
    wrong = rng.choice((f"{e} + {rng.randint(1, 5)}", f"{rng.randint(2, 5)}\\left({e}\\right)", f"{e} - 1"))
    return _T.draft(wrong, gold=_implicit(e, rng))
