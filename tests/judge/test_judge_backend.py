"""TemplatedJudge's shared half (prompt, cache, parse) with a fake text backend."""

from rlverify.judge.backend import Completion, TemplatedJudge
from rlverify.judge.base import JudgeItem
from rlverify.judge.cache import JudgeCache


class Canned(TemplatedJudge):
    """Replies by looking up a marker of the answer in ``replies``; records every prompt sent."""

    def __init__(self, replies, **kw):
        super().__init__("canned-model", **kw)
        self.replies, self.sent = replies, []

    def _complete(self, prompts):
        self.sent.append(list(prompts))
        out = []
        for p in prompts:
            key = next(k for k in self.replies if f"\n{k}\n" in p)
            reply = self.replies[key]
            out.append(Completion(None, reply[1:]) if reply.startswith("!") else Completion(reply, None, 0.01))
        return out


def test_order_dedupe_and_parse():
    j = Canned({"a1": "Final Decision: Yes", "a2": "Final Decision: No", "a3": "hmm", "a4": "!timeout"})
    items = [JudgeItem(None, "g", a) for a in ("a1", "a2", "a1", "a3", "a4")]
    res = j.judge_detailed(items)
    assert [r.decision for r in res] == [True, False, True, None, None]
    assert [r.error for r in res] == [None, None, None, "missing", "timeout"]
    assert res[3].output == "hmm" and res[4].output is None
    assert len(j.sent) == 1 and len(j.sent[0]) == 4  # the repeated item is sent once


def test_cache_keeps_decided_results_only():
    cache = JudgeCache()
    j = Canned({"a1": "Final Decision: Yes", "a3": "hmm"}, cache=cache)
    j.judge([JudgeItem("q", "g", "a1"), JudgeItem("q", "g", "a3")])
    second = j.judge_detailed([JudgeItem("q", "g", "a1"), JudgeItem("q", "g", "a3")])
    assert [r.cached for r in second] == [True, False] and second[0].seconds == 0.0
    assert j.sent[1] and len(j.sent[1]) == 1 and len(cache) == 1


def test_cache_key_has_question_gold_template_and_model():
    cache = JudgeCache()
    Canned({"a1": "Final Decision: Yes"}, cache=cache).judge([JudgeItem("q", "g", "a1")])
    for item, template in [(JudgeItem("q2", "g", "a1"), "study"), (JudgeItem("q", "g2", "a1"), "study"),
                           (JudgeItem("q", "g", "a1"), "study-question")]:
        j = Canned({"a1": "Final Decision: Yes"}, cache=cache, template=template)
        j.judge([item])
        assert len(j.sent) == 1, (item, template)
    other = Canned({"a1": "Final Decision: Yes"}, cache=cache)
    other.model = "another-model"
    other.judge([JudgeItem("q", "g", "a1")])
    assert len(other.sent) == 1


def test_no_cache_and_empty_batch():
    j = Canned({"a1": "Final Decision: Yes"}, cache=False)
    assert j.cache is None and j.judge([]) == [] and j.sent == []
    j.judge([JudgeItem(None, "g", "a1")])
    j.judge([JudgeItem(None, "g", "a1")])
    assert len(j.sent) == 2
