"""extract._prose: the lead-in reader's tail clean-up (the 'hope' gate, _strip_trailing) is exactly the two
regex substitutions it replaces."""

from __future__ import annotations

import random

from rlverify.rule.extract import _prose as P

_CHARS = [" ", "\t", "\n", "\r", "\v", "\f", "\u00a0", "\u2003", "\u3000", "\x1c", "\x85", "\u200b", ".", ";", ",",
          "\u3002", "a", "7", "!", "$"]
_TAILS = ["", "x = 5", "I hope it is correct.", "i HOPE this is correct", "I hope it is correct.\n\n ", "hope",
          "I hoPE It Is correct\u00a0", "The answer is 12. I hope it is correct", "I hope this is wrong."]


def _old(t: str) -> str:
    return P._TRAILING_RE.sub("", P._HOPE_TAIL_RE.sub("", t))


def _new(t: str) -> str:
    return P._strip_trailing(P._without_hope_tail(t))


def test_tail_clean_up_is_the_regex_substitutions():
    rng = random.Random(14)
    for _ in range(3000):
        text = (rng.choice(_TAILS) + "".join(rng.choice(_CHARS) for _ in range(rng.randint(0, 10)))
                + rng.choice(_TAILS) + "".join(rng.choice(_CHARS) for _ in range(rng.randint(0, 6))))
        assert _new(text) == _old(text), repr(text)


def test_whitespace_is_the_regex_class():
    import re

    assert all(bool(re.match(r"\s", c)) == c.isspace() for c in map(chr, range(0x3100)))
