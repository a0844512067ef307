"""A function's definition against a definition of the same function under another variable (issue 29):
``f(n) = n^2 + 1`` for ``f(z) = z^2 + 1``, ``g(t) = \\sin t`` for ``g(x) = \\sin x``.

Interface::

    renamed_body(answer, gold) -> str | None    the answer's right side with its variable renamed to the reference's,
                                                 where both sides define one function of one variable each; "" where
                                                 the answer's body also uses the reference's argument (a second name:
                                                 the two functions differ)

The argument of a defined function is a dummy name, so the two bodies are compared once the answer's variable is
written as the reference's. The rename is a token rename: the variable is one letter, never part of a command
(``\\sin n``) or of a longer name, and it is not done where the reference's letter already occurs in the answer's
body (``f(n) = n + x`` for ``f(x) = 2x``: the rename would merge two names, and the stage table, which renamed after
parsing, called that pair equal).

May import: :mod:`rlverify.rule.read.types`.
"""

from __future__ import annotations

import re

from ..read.types import Labelled

__all__ = ["renamed_body"]

# the name's plain key (lower case): 'f(n)', 'g_1(t)', 'f^{-1}(x)'
_DEFINED = re.compile(r"([a-z](?:_\{?\w+\}?)?(?:\^\{?-1\}?)?)\(([a-z])\)")


def _token(letter: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![A-Za-z\\]){letter}(?![A-Za-z])")


def renamed_body(a: Labelled, g: Labelled) -> str | None:
    """See the module's docstring; None where the two names are not one function under two variables."""
    ma, mg = _DEFINED.fullmatch(a.name.replace(" ", "")), _DEFINED.fullmatch(g.name.replace(" ", ""))
    if ma is None or mg is None or ma.group(1) != mg.group(1) or ma.group(2) == mg.group(2):
        return None
    body, old, new = a.inner.text, ma.group(2), mg.group(2)
    if _token(new).search(body):
        return ""
    return _token(old).sub(new, body)
