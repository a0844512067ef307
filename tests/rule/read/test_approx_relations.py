"""A reference stated as an approximation, by any of the usual signs, names its value and its precision (issue 29).

``P \\simeq 16\\%`` (physics-dev), ``x \\approx 3.5``, ``\\Delta V ≈ 1.2``: the sign is an approximation sign whichever
of ``\\approx``, ``\\simeq``, ``≈``, ``≃``, ``\\thickapprox``, ``\\approxeq`` is written, and a label before it is the
quantity's name. The value is what an answer states; because the reference says it is rounded, an answer one digit
finer that rounds to it agrees (a fraction against a percent as its percent), and one that rounds elsewhere does not.

Seeded over the real decimal references of data/problems (olympiadbench's final answers, math500, deepscaler), each
written under several names and signs, with a near-miss twin (the next value at the written precision).
"""

from __future__ import annotations

import random
import re
from decimal import Decimal

import pytest

from rlverify import verify
from rlverify.analysis.datasets import problem_paths, read_jsonl

_SIGNS = ("\\approx", "\\simeq", "≈", "≃", "\\thickapprox", "\\approxeq")
_NAMES = ("x", "P", "E_k", "\\Delta V", "T_{1/2}", "v_0")
_DECIMAL = re.compile(r"-?\d+\.\d+")


def _references() -> list[str]:
    """Decimal references (>= 2 significant digits, <= 6) of the problem sets, as written."""
    out: set[str] = set()
    for path in problem_paths():
        for row in read_jsonl(path):
            ref = row.get("final_answer") or row.get("answer") or row.get("gold")
            if isinstance(ref, list):
                ref = ref[0] if len(ref) == 1 else None
            if not isinstance(ref, str):
                continue
            ref = ref.strip().strip("$").strip()
            if _DECIMAL.fullmatch(ref):
                digits = len(ref.lstrip("-").replace(".", "").lstrip("0"))
                if 2 <= digits <= 6:
                    out.add(ref)
    return sorted(out)


REFS = _references()


def _ulp(ref: str) -> Decimal:
    return Decimal(1).scaleb(-len(ref.split(".")[1]))


def _cases(seed: int, n: int = 30):
    rng = random.Random(seed)
    for ref in rng.sample(REFS, min(n, len(REFS))):
        sign, name = rng.choice(_SIGNS), rng.choice(_NAMES)
        gold = rng.choice([f"{name} {sign} {ref}", f"{sign} {ref}"])
        v, ulp = Decimal(ref), _ulp(ref)
        step = ulp if v >= 0 else -ulp
        finer_in = v + step * Decimal("0.3")          # rounds to the reference at its written digits
        finer_out = v + step * Decimal("0.7")          # rounds to the next value
        yield gold, ref, str(finer_in), str(finer_out), str(v + step)


@pytest.mark.parametrize("seed", [0, 1])
def test_value_of_an_approximate_reference(seed):
    """The value itself, bare or under the same name and sign, agrees with ``NAME SIGN VALUE``; the next value at the
    written precision does not."""
    assert len(REFS) >= 30
    bad = []
    for gold, ref, _, _, nxt in _cases(seed):
        for a in (ref, gold):
            if verify(a, gold).outcome.value != "equal":
                bad.append((a, gold))
        if verify(nxt, gold).outcome.value == "equal":
            bad.append(("near-miss accepted", nxt, gold))
    assert not bad, bad[:8]


@pytest.mark.parametrize("seed", [0, 1])
def test_finer_answer_rounding_to_an_approximate_reference(seed):
    """One digit finer and rounding to the reference: equal; rounding to the next value, or the next value at the
    written precision: not equal."""
    wrong_rejected, bad = 0, []
    for gold, _, finer_in, finer_out, nxt in _cases(seed):
        if verify(finer_in, gold).outcome.value != "equal":
            bad.append(("finer", finer_in, gold))
        for near in (finer_out, nxt):
            if verify(near, gold).outcome.value == "equal":
                bad.append(("near-miss accepted", near, gold))
            else:
                wrong_rejected += 1
    assert not bad, bad[:8]
    assert wrong_rejected > 0


def test_approximate_percent_reference():
    """``P \\simeq 16\\%`` (the form of a physics-dev reference): a percent one digit finer, or the fraction it
    stands for, agrees; the next percent does not."""
    rng = random.Random(7)
    for _ in range(20):
        p = rng.randint(11, 89)
        sign = rng.choice(_SIGNS)
        gold = rng.choice([f"P {sign} {p}\\%", f"{sign} {p}\\%"])
        tenth = rng.choice([-3, -2, -1, 1, 2, 3])
        finer = f"{p}.{abs(tenth)}" if tenth > 0 else f"{p - 1}.{10 + tenth}"
        assert verify(f"{p}\\%", gold).outcome.value == "equal", gold
        assert verify(f"{finer}\\%", gold).outcome.value == "equal", (finer, gold)
        assert verify(f"{p + 1}\\%", gold).outcome.value != "equal", gold
        assert verify(f"{p + 1}.4\\%", gold).outcome.value != "equal", gold
        assert verify(f"0.{p}{abs(tenth)}" if tenth > 0 else f"0.{p - 1}{10 + tenth}", gold).outcome.value == "equal", gold
        assert verify(f"0.{p + 1}4", gold).outcome.value != "equal", gold
