"""The comparison pipeline: the question read once, then one ordered table of stages.

Interface::

    compare(answer, gold, question=None) -> Match
    explain(answer, gold, question=None) -> Decision            the Match and the stage that decided it
    STAGES                                                       the table, in order

A verdict is decided here and only here. ``compare`` reads the question once into a frozen
:class:`~.question.Question`, reads an option label off the answer when the options do not decide,
and runs :data:`STAGES` in order (roles in :class:`~.stage.Role`):

* DECIDE stages return a final Match (an acceptance or a veto) or None to pass on;
* the CORE stage is the typed comparison (numbers, expressions, relations, intervals and sets,
  tuples, matrices, choices): its Match is the verdict unless a RESCUE stage finds the pair equal;
* RESCUE stages run only after a decided "not equal" (no hedge, the reference was read).

A stage that compares a rewritten pair again calls ``pair.again`` (the whole comparison under the
same question); no stage calls another stage's module for a verdict.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...flags import Flag
from . import context
from .choice import gold_letter, labelled_value, option_text
from .core import compare_core
from .fast import fast_compare
from .latex import clean, plain_key, split_top
from .match import Match
from .numbers import numbers_equal, parse_number
from .question import Question, as_question
from .quantity import parse_quantity
from .quantity_parts import compare_quantity_parts
from .stage import Pair, Role, Stage
from .views import is_name

__all__ = ["Decision", "compare", "explain", "STAGES"]


def _cheap(p: Pair) -> Match | None:
    return fast_compare(p.answer, p.gold)


def _option_label(p: Pair) -> Match | None:
    """``(C) 72`` where the question's option C is 36: a label and a value that name two different options offer two
    answers (a hedge), whichever of them the reference names. Plain numbers only."""
    if "(" not in p.answer and ")" not in p.answer[:4] or not p.question.text:
        return None
    said = labelled_value(p.answer)
    listed = option_text(p.question.text, said[0]) if said is not None else None
    if said is None or listed is None:
        return None
    return Match(False, ("hedge",)) if _two_options(said[1], listed) else None


def _two_options(value: str, listed: str) -> bool:
    """The value written after a label is a plain number other than the one the question lists for that label."""
    a, b = parse_number(value), parse_number(clean(listed).strip())
    return a is not None and b is not None and not numbers_equal(a, b)


def _quantity_parts(p: Pair) -> Match | None:
    return compare_quantity_parts(p.answer, p.gold, p.text, p.again)


def _core(p: Pair) -> Match:
    return compare_core(p.answer, p.gold, p.question)


STAGES: tuple[Stage, ...] = (
    Stage("option_label", Role.DECIDE, _option_label, context=False),   # cheap: '(C) 72' where option C is 36
    Stage("same_text", Role.DECIDE, _cheap, context=False),    # cheap: identical text, plain numbers
    Stage("several_bounds", Role.DECIDE, context.several_bounds),
    Stage("percent", Role.DECIDE, context.percent),
    Stage("residue_classes", Role.DECIDE, context.residue),   # n = 2m is a class, not 2 metres
    Stage("quantity_parts", Role.DECIDE, _quantity_parts),   # v = 3 m/s, a = 2 m/s^2 against one of them or all
    Stage("quantity", Role.DECIDE, context.quantities),
    Stage("clause", Role.DECIDE, context.clause),
    Stage("approximation", Role.DECIDE, context.approximation),   # a \approx d stating two values
    Stage("number_words", Role.DECIDE, context.number_words),
    Stage("text", Role.DECIDE, context.text),
    Stage("general_solution", Role.DECIDE, context.families),
    Stage("renamed_parameter", Role.DECIDE, context.renamed),
    Stage("relation", Role.DECIDE, context.relation),
    Stage("labelled_parts", Role.DECIDE, context.labelled),
    Stage("labelled_values", Role.DECIDE, context.labelled_values),
    Stage("domain_set", Role.DECIDE, context.domain_set),
    Stage("rounding", Role.DECIDE, context.plain_rounding),
    Stage("core", Role.CORE, _core, context=False),
    Stage("presentation", Role.RESCUE, context.presentation),
    Stage("trailing_words", Role.RESCUE, context.trailing),
    Stage("function", Role.RESCUE, context.function),
    Stage("integer_sequence", Role.RESCUE, context.integer_sequence),   # (-1)^n and \cos(n\pi) for integer n
    Stage("bound", Role.RESCUE, context.bound),
    Stage("congruence", Role.RESCUE, context.congruence),
    Stage("parts", Role.RESCUE, context.structural),
    Stage("order_chain", Role.RESCUE, context.ordering),
    Stage("permutations", Role.RESCUE, context.permuted),
    Stage("solved_equation", Role.RESCUE, context.solved),
)

@dataclass(frozen=True)
class Decision:
    match: Match
    stage: str   # the name of the stage whose Match is the verdict


def compare(answer: str, gold: str, question: Question | str | None = None) -> Match:
    """The verdict on an extracted answer span against the reference."""
    return explain(answer, gold, question).match


def explain(answer: str, gold: str, question: Question | str | None = None) -> Decision:
    """The verdict and the stage of the table that decided it. (The rule verifier compares through
    :mod:`rlverify.rule.compare`, the typed readings, which hands the values it unwraps to this table.)"""
    q = as_question(question)
    named = _named_reference(answer, gold)
    if named is not None:   # 'P \\approx 1.081 W': the value is the reference, read with its unit and the question
        return explain(named[0], named[1], q)
    pair = Pair(_without_label(answer, gold, q), gold, q, lambda a, g: compare(a, g, q))
    use_context = context.enabled()
    core: Decision | None = None
    for stage in STAGES:
        if stage.context and not use_context:
            continue
        if stage.role is Role.RESCUE and (core is None or core.match.undecided):
            break
        m = stage.run(pair)
        if stage.role is Role.DECIDE:
            if m is not None:
                return Decision(m, stage.name)
        elif stage.role is Role.CORE:
            assert m is not None
            core = Decision(m, stage.name)
            if m.equal or Flag.HEDGE in m.flags:
                return core
        elif m is not None:
            return Decision(m, stage.name) if m.equal else core
    assert core is not None
    return core


_NAMED_OPS = ("=", "\\approx")


def _named(text: str) -> tuple[str, str] | None:
    """``NAME = VALUE`` / ``NAME \\approx VALUE`` with one relation at the top and a quantity's name
    (:func:`~.views.is_name`) on the left: (name key, value); else None."""
    if "=" not in text and "\\approx" not in text:
        return None
    s = clean(text) if len(text) <= 300 else ""
    parts = split_top(s, _NAMED_OPS)
    if len(parts) != 2 or not is_name(parts[0]) or not parts[1].strip():
        return None
    return plain_key(parts[0]).lower(), parts[1].strip()


def _named_reference(answer: str, gold: str) -> tuple[str, str] | None:
    """A reference that names its quantity before its value (``W = 73.4\\times10^{3}\\,\\text{J}``,
    ``v \\approx 3.2\\ \\mathrm{m/s}``, ``P_f = 187``), the value a number or a quantity: the pair to
    compare instead, (the answer's value, the reference's value). The answer loses the same name
    (``P \\approx 1.08\\,\\text{W}``) but no other (``Q = 1.081 W`` stays whole: another name is another
    answer). Read whole, the reference's unit and the question's asked unit were lost on the way: a
    wrong SI prefix (``1.081 milliwatts``, ``187 MPa`` where Pa is asked) was accepted."""
    g = _named(gold)
    qty = parse_quantity(g[1]) if g is not None else None
    if qty is None:
        return None
    if qty.unit is not None and qty.unit.short and not qty.wrapped and not re.search(r"[.,]", qty.magnitude):
        return None   # 'n = 11t': a one-letter symbol after an integer is a variable (11 times t), not tonnes
    a = _named(answer)
    if a is not None and a[0] != g[0]:
        return None
    return (a[1] if a is not None else answer), g[1]


def _without_label(answer: str, gold: str, q: Question) -> str:
    """``(b)\\ 10^{-13}\\,\\text{cm}`` against a value reference: the value after the option label is
    the answer's reading, unless the question lists option b (then the option decides, in the core)."""
    got = labelled_value(answer) if "(" in answer[:10] or ")" in answer[:4] else None
    if got is None or gold_letter(gold) is not None or labelled_value(gold) is not None:
        return answer
    listed = option_text(q.text, got[0]) or option_text(q.text, got[0].lower())
    if listed is not None and _two_options(got[1], listed):
        return answer      # '(C) 72' where option C is 36: read whole (the option_label stage calls it a hedge)
    # a part label ('Find (a) the width and (b) the thickness') is no choice: an option holds a value
    choice = listed is not None and q.lists_options and re.search(r"\d", listed) is not None
    return answer if choice else got[1]
