"""benchmarks/judge_llamacpp.py without llama.cpp: the sample and the counts against a scripted server."""

from conftest import load_benchmark
from rlverify.hybrid import HybridVerifier
from rlverify.judge.simulated import RecordingJudge
from rlverify.judge.testing import Reply, Script, create_app, serve
from rlverify.verdict import Outcome, Verdict

bench = load_benchmark("judge_llamacpp")


OUTCOMES = {"accept": Outcome.EQUAL, "differ": Outcome.DIFFERENT}


class TableRules:
    """Rules with a fixed verdict per response: accept, reject as 'different', or reject 'unsure'."""

    name = "rule"

    def verify_batch(self, items, workers=None):
        out = []
        for it in items:
            kind, _, answer = it["response"].partition(":")
            ok = kind == "accept"
            out.append(Verdict(ok, float(ok), "rule", answer, (), outcome=OUTCOMES.get(kind, Outcome.UNSURE)))
        return out


ROWS = [
    {"response": "accept:1", "gold": "1", "question": "q1", "label": True},
    {"response": "differ:2", "gold": "3", "question": "q2", "label": False},
    {"response": "unsure:1111", "gold": "4", "question": "q3", "label": True},
    {"response": "unsure:2222", "gold": "5", "question": "q4", "label": False},
    {"response": "unsure:3333", "gold": "6", "question": "q5", "label": True},
    {"response": "unsure:4444", "gold": "7", "question": "q6", "label": False},
]


def _hybrid():
    h = HybridVerifier(judge=RecordingJudge())
    h.rule = TableRules()
    return h


def test_sample_is_what_the_hybrid_sends_to_its_judge():
    sample = bench.judge_sample(ROWS, n=10, seed=0, hybrid=_hybrid())
    assert (sample.rows, sample.rejected, sample.eligible) == (6, 5, 4)
    assert sorted(i.answer for i in sample.items) == ["1111", "2222", "3333", "4444"]
    assert all(dict(zip(("1111", "3333"), (True, True))).get(i.answer, False) == y
               for i, y in zip(sample.items, sample.labels))
    assert len(bench.judge_sample(ROWS, n=2, seed=0, hybrid=_hybrid()).items) == 2


def test_counts_against_a_scripted_server():
    sample = bench.judge_sample(ROWS, n=10, seed=1, hybrid=_hybrid())
    script = Script(rules=[("1111", [Reply("Final Decision: Yes")]), ("2222", [Reply("Final Decision: Yes")]),
                           ("3333", [Reply("Final Decision: No")])],
                    default=(Reply("I cannot tell."),))
    with serve(create_app(script=script, model_name="m")) as url:
        row = bench.score_template(url, "m", "study", sample, max_tokens=16, timeout=5.0)
    assert (row.n, row.positives, row.parsed, row.decided, row.accepted, row.true_accepts) == (4, 2, 3, 3, 2, 1)
    assert row.precision == 0.5 and row.recall == 0.5 and row.per_second > 0
    assert "| study | 4 | 2 | 0.75 | 0.75 | 0.50 (1/2) | 0.50 |" in bench.table([row])
