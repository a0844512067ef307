"""extract._spans._prose_hedge: the 'or' gate before reading a sentence's values changes no result (every
gap _OR_GAP_RE accepts holds an 'or' under the same flags)."""

from __future__ import annotations

import random

from rlverify.rule.extract import _spans as S


def _old(sent: str, value: str | None = None) -> tuple[str, ...]:
    last = value.split(", ")[-1].split(" \\text{ or } ")[-1] if value else ""
    cut = sent.rfind(last) if last else -1
    alt = S._ALTERNATIVE_RE.search(sent[cut + len(last):cut + len(last) + 120]) if cut >= 0 else None
    if alt and S._value_key(alt.group(1)) != S._value_key(last):
        return ("hedge",)
    sent = sent[:cut + len(last) + 12] if cut >= 0 else sent
    if S._HEDGE_PROSE_RE.search(S._RELATIVE_MODAL_RE.sub(" ", sent)):
        return ("hedge",)
    vals = S._values(sent)
    for a, b in zip(vals, vals[1:]):
        if not S._OR_GAP_RE.fullmatch(sent[a.end:b.start]) or S._RELATION_RE.search(a.value + b.value):
            continue
        if S._value_key(a.value) != S._value_key(b.value):
            return ("hedge",)
    return ()


def test_or_gate_changes_nothing():
    rng = random.Random(14)
    pieces = ["4", "5", "$x = 2$", "$\\frac{1}{2}$", "0.5", " or ", " OR ", " Or ", ", ", " \\text{or} ", "$3$",
              " and ", "the answer is ", "either ", " possibly ", "**", " * ", "12", " for ", " nor "]
    for _ in range(4000):
        sent = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 8)))
        value = rng.choice([None, "4", "5", "$3$"])
        assert S._prose_hedge(sent, value) == _old(sent, value), (sent, value)
