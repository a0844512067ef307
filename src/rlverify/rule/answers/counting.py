"""Counting notations as another reading of a span: binomial coefficients and permutations in the
spellings textbooks and datasets use, rewritten to ``\\binom`` and factorials (which the readers know).

Interface::

    counting_reading(text) -> str | None    the span with every counting notation rewritten, None if none

* combinations (``{n \\choose k}`` is read by :func:`.latex.clean`): ``C(n,k)``, ``\\mathrm{C}(n, k)``, ``C_{n}^{k}`` / ``C^{k}_{n}`` (the
  notation of Chinese and Russian textbooks), ``{}^{n}C_{k}`` / ``^nC_k``, ``{}_{n}C_{k}`` / ``_nC_k``;
* permutations: ``A_{n}^{k}`` / ``A^{k}_{n}``, ``P(n,k)``, ``{}^{n}P_{k}``, ``{}_{n}P_{k}`` -> ``\\frac{n!}{(n-k)!}``.

The rewritten span is one more reading (a candidate beside the span as written): ``C(10,3)`` may be a
point named C, and the reading that matches decides. Arguments are small integer or one-letter
expressions (``2n``, ``n-1``), never a nested notation.
"""

from __future__ import annotations

import re

__all__ = ["counting_reading"]

_ARG = r"\s*\{?\s*([0-9]{1,4}|[0-9]{0,3}[a-z](?:\s*[-+]\s*[0-9]{1,3})?)\s*\}?\s*"
_NAME_C = r"(?:\\(?:mathrm|text|operatorname|rm)\s*\{\s*C\s*\}|C)"
_NAME_A = r"(?:\\(?:mathrm|text|operatorname|rm)\s*\{\s*[AP]\s*\}|[AP])"
_C_CALL = re.compile(r"(?<![A-Za-z\\])" + _NAME_C + r"\s*\(" + _ARG + "," + _ARG + r"\)")
_P_CALL = re.compile(r"(?<![A-Za-z\\])(?:\\(?:mathrm|text|operatorname|rm)\s*\{\s*P\s*\}|P)\s*\(" + _ARG + ","
                     + _ARG + r"\)")
_C_SUB_SUP = re.compile(r"(?<![A-Za-z\\])" + _NAME_C + r"\s*_" + _ARG + r"\^" + _ARG + r"(?![\w{])")
_C_SUP_SUB = re.compile(r"(?<![A-Za-z\\])" + _NAME_C + r"\s*\^" + _ARG + r"_" + _ARG + r"(?![\w{])")
_A_SUB_SUP = re.compile(r"(?<![A-Za-z\\])" + _NAME_A + r"\s*_" + _ARG + r"\^" + _ARG + r"(?![\w{])")
_A_SUP_SUB = re.compile(r"(?<![A-Za-z\\])" + _NAME_A + r"\s*\^" + _ARG + r"_" + _ARG + r"(?![\w{])")
_PRE_C = re.compile(r"(?:\{\s*\}\s*)?[\^_]" + _ARG + r"C\s*_" + _ARG + r"(?![\w{])")
_PRE_P = re.compile(r"(?:\{\s*\}\s*)?[\^_]" + _ARG + r"P\s*_" + _ARG + r"(?![\w{])")
_HINT = re.compile(r"[CAP]")


def _binom(n: str, k: str) -> str:
    return "\\binom{%s}{%s}" % (n.strip(), k.strip())


def _perm(n: str, k: str) -> str:
    return "\\frac{(%s)!}{(%s-(%s))!}" % (n.strip(), n.strip(), k.strip())


def counting_reading(text: str) -> str | None:
    if len(text) > 400 or not _HINT.search(text):
        return None
    s = _C_CALL.sub(lambda m: _binom(m.group(1), m.group(2)), text)
    s = _P_CALL.sub(lambda m: _perm(m.group(1), m.group(2)), s)
    s = _C_SUB_SUP.sub(lambda m: _binom(m.group(1), m.group(2)), s)
    s = _C_SUP_SUB.sub(lambda m: _binom(m.group(2), m.group(1)), s)
    s = _A_SUB_SUP.sub(lambda m: _perm(m.group(1), m.group(2)), s)
    s = _A_SUP_SUB.sub(lambda m: _perm(m.group(2), m.group(1)), s)
    s = _PRE_C.sub(lambda m: _binom(m.group(1), m.group(2)), s)
    s = _PRE_P.sub(lambda m: _perm(m.group(1), m.group(2)), s)
    return s if s != text else None
