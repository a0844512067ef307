"""The oracle judge: answers with the gold label of the labelled row being evaluated (issue 30).

A measuring instrument, never a reward: with ``--option hybrid.judge=oracle``, ``rlverify eval``
reports the hybrid's *ceiling* recall (every correct answer shown to the judge is accepted, every
wrong one rejected) and, through the judge-eligibility line, the share of the correct answers the
rules reject that the judge is shown::

    rlverify eval data/corpora/*.jsonl.gz --verifier hybrid --option hybrid.judge=oracle

How the label reaches it: the judge protocol carries (question, gold, span) only, and a span does
not name its row (two responses to one question can share a span and differ in label). So the
labelled evaluation (:func:`rlverify.analysis.evaluate.evaluate`) verifies a verifier whose judge
is an oracle one row at a time and binds that row's label to the judge for the call
(:meth:`OracleJudge.bound`); the judge then answers at most one item, with that label. Nothing
is guessed from the text.

It cannot be used outside a labelled evaluation: building it outside :func:`labelled_evaluation`
raises :class:`OracleUnavailableError` (so ``rlverify verify``, ``serve`` and training refuse it),
and a call with no bound label, or with more items than the one bound row, raises too.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Iterator

from ..errors import BadInputError
from .base import JudgeItem

__all__ = ["OracleJudge", "OracleUnavailableError", "labelled_evaluation", "is_oracle"]

_LABELLED: ContextVar[bool] = ContextVar("rlverify_labelled_evaluation", default=False)


class OracleUnavailableError(BadInputError):
    """The oracle judge was built or asked where no gold label is available."""


@contextmanager
def labelled_evaluation() -> Iterator[None]:
    """Marks the code inside as a labelled evaluation: only there can an :class:`OracleJudge` be built."""
    token = _LABELLED.set(True)
    try:
        yield
    finally:
        _LABELLED.reset(token)


def is_oracle(judge: object) -> bool:
    """True for a judge that needs each row's label bound (see :meth:`OracleJudge.bound`)."""
    return isinstance(judge, OracleJudge)


@dataclass
class OracleJudge:
    """Says the bound row's gold label (True = correct) for the one item of that row."""

    name: str = "oracle"
    calls: int = 0
    _label: bool | None = field(default=None, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def __post_init__(self) -> None:
        if not _LABELLED.get():
            raise OracleUnavailableError(
                "the oracle judge answers from the gold label of a labelled row: it works only inside a labelled "
                "evaluation (rlverify eval / rlverify.analysis.evaluate.evaluate), never for verify, serve or "
                "training")

    @contextmanager
    def bound(self, label: bool) -> Iterator[None]:
        """Within the block the judge answers ``label`` (a row's gold label) for that row's item.

        An attribute, not a context variable: the hybrid may call the judge in another thread."""
        if not isinstance(label, bool):
            raise BadInputError(f"an oracle label must be true or false, got {label!r}")
        with self._lock:
            if self._label is not None:
                raise OracleUnavailableError("the oracle judge is already bound to another row")
            self._label = label
        try:
            yield
        finally:
            with self._lock:
                self._label = None

    def judge(self, items: list[JudgeItem]) -> list[bool | None]:
        items = list(items)
        with self._lock:
            label = self._label
        if items and label is None:
            raise OracleUnavailableError("the oracle judge was asked with no row label bound (it answers only for "
                                         "the row a labelled evaluation is verifying)")
        if len(items) > 1:
            raise OracleUnavailableError(f"the oracle judge was asked {len(items)} items for one bound row")
        self.calls += bool(items)
        return [label for _ in items]
