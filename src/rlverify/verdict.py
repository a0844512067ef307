"""The Verdict, the Verifier protocol, and the one check of the reference every verifier shares.

A reference that is missing, empty or blank (:func:`invalid_gold`) gives nothing to compare with:
every :class:`BaseVerifier` subclass answers it with :func:`invalid_gold_verdict` (undecided,
flag :attr:`~rlverify.flags.Flag.INVALID_GOLD`, outcome ``unsure``) before its own code runs, in
``verify`` and in ``verify_batch`` alike (see :meth:`BaseVerifier.__init_subclass__`), so a data
bug is never a silent reward of 0 and no verifier has to remember the check.
"""

from __future__ import annotations

import functools
import math
import unicodedata
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Callable, Iterable, Mapping, Protocol, Sequence, runtime_checkable

__all__ = ["Verdict", "Verifier", "BaseVerifier", "SOURCES", "Outcome", "invalid_gold", "invalid_gold_verdict"]

SOURCES = ("rule", "guard", "judge")


class Outcome(str, Enum):
    """What the rules concluded about an answer (a ``str``: ``Outcome.EQUAL == "equal"``).

    * ``equal``: the answer reads as the reference (the rules accept it).
    * ``different``: both sides were read into comparable typed values (numbers, tuples of the
      same arity, intervals, sets, matrices, option letters, quantities in compatible units,
      expressions in the same symbols) that differ beyond the rounding either side allows.
      Final: a hybrid never asks a judge to overturn it.
    * ``unsure``: the rules could not decide (a side unreadable, types not comparable, free
      text, values equal within rounding but refused, a bound hit). Only these rejections may
      go to a judge. See :mod:`rlverify.rule.outcome`.
    """

    EQUAL = "equal"
    DIFFERENT = "different"
    UNSURE = "unsure"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Verdict:
    """The outcome of verifying one response against one reference answer.

    ``correct`` is the decision, ``score`` the reward (1.0 / 0.0 by default).
    ``undecided`` marks verdicts that could not be decided (judge gave no grade,
    reference unparseable): ``correct`` is then False, and RL integrations may skip
    the sample instead of punishing it. ``status`` folds both into one word.
    ``outcome`` is what the rules concluded (:class:`Outcome`: equal / different / unsure),
    kept on guard and judge verdicts of a hybrid to show why a verdict was final; None for
    verifiers without rules (a judge alone, baselines).
    """

    correct: bool
    score: float
    source: str = "rule"
    extracted: str | None = None
    flags: tuple[str, ...] = ()
    seconds: float = 0.0
    undecided: bool = False
    outcome: Outcome | None = None

    @property
    def status(self) -> str:
        if self.undecided:
            return "undecided"
        return "correct" if self.correct else "incorrect"

    def to_dict(self) -> dict[str, Any]:
        return {
            "correct": self.correct,
            "score": self.score,
            "source": self.source,
            "extracted": self.extracted,
            "flags": list(self.flags),
            "seconds": self.seconds,
            "undecided": self.undecided,
            "status": self.status,
            "outcome": None if self.outcome is None else self.outcome.value,
        }

    def with_(self, **changes: Any) -> "Verdict":
        from dataclasses import replace

        return replace(self, **changes)


@runtime_checkable
class Verifier(Protocol):
    name: str

    def verify(self, response: str, gold: str, question: str | None = None) -> Verdict: ...

    def verify_batch(
        self, items: Sequence[Mapping[str, Any]], workers: int | None = None
    ) -> list[Verdict]: ...


_INVALID_GOLD = "invalid_gold"  # Flag.INVALID_GOLD's value (this module imports nothing of rlverify)
_CHECKED = "__rlverify_checks_gold__"
_NO_GOLD = object()


def _visible_first(text: str) -> bool:
    """The first character is visible: the text is no blank (most references; the cheap test)."""
    return bool(text) and text[0].isprintable() and not text[0].isspace()


def _blank(text: str) -> bool:
    """Only whitespace, control or invisible format characters (zero-width space, BOM...)."""
    return not _visible_first(text) and all(c.isspace() or unicodedata.category(c) in ("Cc", "Cf") for c in text)


def _plain_gold(it: Any) -> bool:
    """An item whose gold needs no check beyond this: a string with a visible first character."""
    g = it.get("gold") if type(it) is dict or isinstance(it, Mapping) else None
    return type(g) is str and _visible_first(g)


def invalid_gold(gold: Any) -> bool:
    """True when a reference gives nothing to compare with: ``None``, a float NaN (a missing cell
    of a pandas frame), a string of only whitespace or invisible characters (``""``, ``"   "``,
    ``"\\u200b"``), or a list/tuple (or array) of acceptable answers that holds no valid one
    (``[]``, ``["", " "]``, ``[None]``). Any other value (``0``, ``"0"``, ``"nan"``) is a reference."""
    if gold is None:
        return True
    if isinstance(gold, str):
        return _blank(gold)
    if isinstance(gold, float):
        return math.isnan(gold)
    if hasattr(gold, "tolist") and not isinstance(gold, (bytes, bytearray)):
        gold = gold.tolist()  # a numpy array or scalar
    if isinstance(gold, (list, tuple)):
        return all(invalid_gold(g) for g in gold)
    return False


def _valid_golds(gold: Any) -> Any:
    """A list/tuple of references without its invalid members (the same value when none is
    invalid): a blank entry of a list is no acceptable answer, and must not decide the verdict."""
    if isinstance(gold, (list, tuple)) and any(invalid_gold(g) for g in gold):
        return type(gold)(g for g in gold if not invalid_gold(g))
    return gold


def invalid_gold_verdict(verifier: Any = None) -> Verdict:
    """The verdict on a missing, empty or blank reference: undecided (RL integrations skip it),
    flagged :attr:`Flag.INVALID_GOLD`, outcome ``unsure``, score the verifier's ``score_incorrect``
    (0.0 by default) for integrations that cannot skip."""
    score = getattr(verifier, "score_incorrect", 0.0)
    return Verdict(correct=False, score=float(score) if isinstance(score, (int, float)) else 0.0,
                   source="rule", extracted=None, flags=(_INVALID_GOLD,), undecided=True,
                   outcome=Outcome.UNSURE)


def _checking_verify(fn: Callable[..., Verdict]) -> Callable[..., Verdict]:
    """``verify`` that answers an invalid reference itself and drops a list's blank members."""

    @functools.wraps(fn)
    def verify(self: Any, *args: Any, **kwargs: Any) -> Verdict:
        in_args = len(args) > 1
        gold = args[1] if in_args else kwargs.get("gold", _NO_GOLD)
        if gold is _NO_GOLD:  # a signature of its own: nothing to check
            return fn(self, *args, **kwargs)
        if invalid_gold(gold):
            return invalid_gold_verdict(self)
        kept = _valid_golds(gold)
        if kept is not gold:
            if in_args:
                args = (args[0], kept) + args[2:]
            else:
                kwargs["gold"] = kept
        return fn(self, *args, **kwargs)

    setattr(verify, _CHECKED, True)
    return verify


def _checking_batch(fn: Callable[..., list[Verdict]]) -> Callable[..., list[Verdict]]:
    """``verify_batch`` that answers the items with an invalid reference itself (in place) and
    passes only the others (in order, blank members of a gold list dropped) to ``fn``."""

    @functools.wraps(fn)
    def verify_batch(self: Any, items: Sequence[Mapping[str, Any]], *args: Any, **kwargs: Any) -> list[Verdict]:
        if not isinstance(items, Sequence):  # a generator is read once, here
            items = list(items)
        if all(map(_plain_gold, items)):  # the common case, without building anything
            return fn(self, items, *args, **kwargs)
        bad: set[int] = set()
        passed: list[Any] = []
        for i, it in enumerate(items):
            if not isinstance(it, Mapping):
                passed.append(it)
            elif invalid_gold(it.get("gold")):
                bad.add(i)
            else:
                kept = _valid_golds(it.get("gold"))
                passed.append(it if kept is it.get("gold") else {**it, "gold": kept})
        if not bad and all(p is it for p, it in zip(passed, items)):
            return fn(self, items, *args, **kwargs)
        decided = list(fn(self, passed, *args, **kwargs)) if passed else []
        if len(decided) != len(passed):
            raise RuntimeError(f"{type(self).__name__}.verify_batch returned {len(decided)} verdicts "
                               f"for {len(passed)} items")
        rest = iter(decided)
        return [invalid_gold_verdict(self) if i in bad else next(rest) for i in range(len(items))]

    setattr(verify_batch, _CHECKED, True)
    return verify_batch


class BaseVerifier:
    """Convenience base: ``verify_batch`` maps ``verify`` over dict items in order.

    Subclasses with a faster or parallel batch path override ``verify_batch``. Every subclass's
    ``verify`` and ``verify_batch`` answer a missing, empty or blank reference (:func:`invalid_gold`)
    with :func:`invalid_gold_verdict` before their own code runs (wrapped once, at class
    creation): the one place the check lives, for built-in and user verifiers alike.
    """

    name: str = "base"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for attr, wrap in (("verify", _checking_verify), ("verify_batch", _checking_batch)):
            fn = cls.__dict__.get(attr)
            if callable(fn) and not isinstance(fn, (staticmethod, classmethod)) \
                    and not getattr(fn, _CHECKED, False):
                setattr(cls, attr, wrap(fn))

    def verify(self, response: str, gold: str, question: str | None = None) -> Verdict:
        raise NotImplementedError

    def verify_batch(
        self, items: Sequence[Mapping[str, Any]], workers: int | None = None
    ) -> list[Verdict]:
        return [
            self.verify(str(it.get("response", "")), str(it.get("gold", "")), it.get("question"))
            for it in items
        ]


# The base's own batch path answers an item with no reference before ``str(None)`` makes it "None".
BaseVerifier.verify_batch = _checking_batch(BaseVerifier.verify_batch)  # type: ignore[method-assign]


def items_from(
    responses: Iterable[str], golds: Iterable[str], questions: Iterable[str | None] | None = None
) -> list[dict[str, Any]]:
    """Zip parallel lists into batch items."""
    rs, gs = list(responses), list(golds)
    qs = list(questions) if questions is not None else [None] * len(rs)
    return [{"response": r, "gold": g, "question": q} for r, g, q in zip(rs, gs, qs)]
