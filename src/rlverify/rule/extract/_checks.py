"""A closing check that confirms the stated answer (issue 14, frontier endings).

Frontier models often end with a moment of doubt that they resolve in favour of the answer they stated:
"Wait, I should double-check the case $n = 3$. It gives $2$ solutions, consistent with the formula.",
"Hold on, is the case $m = 2$ counted correctly? This checks out.", "Actually, wait. Let me sanity-check with $5$ and
$9$. Both give $14$ as expected." The numbers such a check names are the check's, not a new answer.

Interface::

    confirming_check(text) -> bool     ``text`` (from the doubt cue to the end) sets out to check the answer
                                       and ends confirming it, with no word of correction

A check that corrects (``wrong``, ``error``, ``instead``, ``should``, ``actually it is``, ``counted twice``,
``fails``, a negation), states an answer, or leaves its question open (a ``?`` after the last confirming
phrase) is not one: the caller keeps treating it as a retraction.
"""

from __future__ import annotations

import re

__all__ = ["confirming_check"]

_MAX_CHECK = 400

# the doubt sets out to check, not to correct ('let me double-check', 'is the case ... counted correctly?')
_CHECKING_RE = re.compile(
    r"\b(?:let\s+me|let's|let\s+us|i\s+should|i'll|i\s+will|we\s+should|we\s+can|to\s+be\s+safe,?\s+i)\s+"
    r"(?:quickly\s+|also\s+|just\s+)?(?:double[- ]?check|re-?check|check|verify|re-?examine|re-?verify|sanity[- ]check|re-?confirm|confirm|"
    r"make\s+sure|test|cross-check|validate|re-?count)\b"
    r"|\b(?:re-?checking|double[- ]?checking|cross-checking|sanity[- ]checking|verifying)\b"
    r"|\b(?:is|are|was|does|did)\s+(?:(?:the|this|that|it|each|every)\b|\$|\\\()[^?!\n]{0,80}\?", re.I)
# it ends confirming what was stated
_CONFIRM_RE = re.compile(
    r"\b(?:consistent|matches|match(?:es|ed)?|checks?\s+out|as\s+expected|as\s+(?:counted|computed|found|claimed|"
    r"stated|required|before|used|assumed)|agrees?|confirm(?:s|ed|ing)?|verified|holds|stands|good|indeed|fine|yes|right|correct"
    r"|works)\b"
    r"|[\u2713\u2714\u2705]", re.I)
# any word of correction, negation or a new answer: not a confirmation
_CORRECTION_RE = re.compile(
    r"\b(?:wrong|incorrect|error|errors|mistake|mistaken|slip|instead|should|fail(?:s|ed)?|not|no|never|but|however|"
    r"although|though|except|over-?count\w*|under-?count\w*|mis-?count\w*|twice|missed|forgot|forgotten|off\s+by|"
    r"correct(?:ed|ion|ing)|recomput\w*|redo\w*|actually\s+(?:the|it|is|be)|oops|hmm,?\s+no|rather|"
    r"doesn't|don't|isn't|aren't|wasn't|can't|cannot|won't|fix\w*|revis\w*|amend\w*|discrepanc\w*|contradict\w*)\b"
    r"|[\u2717\u2718\u274c]", re.I)


def confirming_check(text: str) -> bool:
    """True when ``text`` checks the stated answer and confirms it (see the module docstring)."""
    if len(text) > _MAX_CHECK or _CHECKING_RE.search(text) is None:
        return False
    confirms = list(_CONFIRM_RE.finditer(text))
    if not confirms or "?" in text[confirms[-1].end():]:
        return False
    return _CORRECTION_RE.search(_CHECKING_RE.sub(" ", text)) is None   # 'I should double-check' is no correction
