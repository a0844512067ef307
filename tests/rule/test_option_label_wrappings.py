"""An option label in any of the wrappings models write it in (``\\text{b) 1 MeV}``, ``{(b)}~1MeV``,
``b).~\\(10^{-13}\\)``, ``\\text{b) } 10^{-13}\\,cm``, ``\\textbf{b)} ...``, ``(b): ...``), then the option's value, is
the option: seeded over real physics-dev references used as the listed values of a lower-case option question. Near-miss
twins stay rejected: another option's letter with its own value, and the right letter with another option's value (two
answers). Empty groups that render as nothing (``{}^{}_{}``, ``\\text{}``) before a value are no text either."""

from __future__ import annotations

import random

import pytest

from rlverify.rule import RuleVerifier

from physics_refs import changed, references

_WRAPS = (
    lambda l, v: f"\\text{{{l}) {v}}}",
    lambda l, v: f"{{({l})}}~{v}",
    lambda l, v: f"{l}).~\\({v}\\)",
    lambda l, v: f"\\text{{{l}) }} {v}",
    lambda l, v: f"\\textbf{{{l})}} {v}",
    lambda l, v: f"({l}): {v}",
    lambda l, v: f"\\text{{}}({l})\\; {v}",
)


def _plain(v: str) -> bool:
    """A value the font groups above can hold as it is (no braces of its own inside ``\\text{}``)."""
    return "{" not in v and "\\" not in v


def _cases(seed: int):
    rng = random.Random(seed)
    pool = [g for _, g in references(60, seed) if not g.startswith("\\text")]
    for _ in range(25):
        values = rng.sample(pool, 3)
        q = "Which is closest?\n\n" + "\n".join(f"({c}) ${v}$." for c, v in zip("abc", values))
        k, j = rng.sample(range(3), 2)
        wrap = rng.choice(_WRAPS)
        if wrap is _WRAPS[0] and not (_plain(values[k]) and _plain(values[j])):
            wrap = _WRAPS[1]
        yield q, values[k], wrap("abc"[k], values[k]), wrap("abc"[j], values[j]), wrap("abc"[k], values[j])


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_wrapped_option_label_names_its_option(seed):
    v = RuleVerifier()
    for q, gold, right, other, mixed in _cases(seed):
        assert v.verify(f"The answer is $\\boxed{{{right}}}$", gold, q).correct, (right, gold, q)
        assert not v.verify(f"The answer is $\\boxed{{{other}}}$", gold, q).correct, (other, gold, q)
        assert not v.verify(f"The answer is $\\boxed{{{mixed}}}$", gold, q).correct, (mixed, gold, q)


@pytest.mark.parametrize("seed", [0, 1])
def test_empty_groups_are_no_text(seed):
    v = RuleVerifier()
    rng = random.Random(seed)
    for q, gold in references(20, seed):
        lead = rng.choice(["{}^{}_{} ", "\\text{} ", "{}_{}", "\\mathrm{}"])
        assert v.verify(f"$\\boxed{{{lead}{gold}}}$", gold, q).correct, (lead, gold)
        wrong = changed(gold, rng)
        assert not v.verify(f"$\\boxed{{{lead}{wrong}}}$", gold, q).correct, (lead, wrong, gold)
