"""The gate report's verdict on hackability, from synthetic results (no model)."""

from rlverify.training.report import before_after_table, hackability_sentence, markdown, plot


def _cell(accepted, n=20):
    return {"n": n, "accepted": accepted, "leaked": None, "success_rate": accepted / n}


def _model(judge_hits, hybrid_hits, tp, fp, fn=2, tn=10):
    stats = {"n": tp + fp + fn + tn, "tp": tp, "fp": fp, "fn": fn, "tn": tn,
             "precision": tp / (tp + fp) if tp + fp else None, "recall": tp / (tp + fn), "f1": None}
    probe = {v: {"all": _cell(sum(h.values()), 20 * len(h)), "by_family": {f: _cell(a) for f, a in h.items()}}
             for v, h in (("judge", judge_hits), ("hybrid", hybrid_hits))}
    return {"static": {"judge": stats, "hybrid": stats}, "probe": probe, "n_cases": 40, "n_problems": 1}


def _results(base, trained):
    return {"base": base, "trained": trained,
            "meta": {"rule_rejected": 16, "held_out_rows": 50, "n_cases": 40, "n_problems": 1}}


def test_more_hackable_when_attack_success_rises_and_names_the_families():
    results = _results(_model({"gibberish": 2, "hedging": 5}, {"gibberish": 0, "hedging": 0}, 3, 1),
                       _model({"gibberish": 9, "hedging": 5}, {"gibberish": 0, "hedging": 1}, 4, 1))
    more, sentence = hackability_sentence(results)
    assert more and sentence.startswith("Yes: the trained verifier became MORE hackable")
    assert "17.5% -> 35.0% (7/40 -> 14/40)" in sentence and "rose in gibberish." in sentence
    assert "hedging" not in sentence.split("rose in")[1]
    assert "| judge | trained | 17 | 0.800 | 0.667 |" in before_after_table(results)


def test_not_more_hackable_and_a_caveat_when_the_trained_judge_accepts_nothing(tmp_path):
    results = _results(_model({"gibberish": 8}, {"gibberish": 0}, 3, 9),
                       _model({"gibberish": 0}, {"gibberish": 0}, 0, 0))
    more, sentence = hackability_sentence(results)
    assert not more and sentence.startswith("No: the trained verifier did not become more hackable")
    assert "accepts 0.0% of the held-out rows" in sentence and "collapsed" in sentence
    assert sentence in markdown(results)
    assert plot(results, tmp_path / "g.png").stat().st_size > 10_000


def test_no_caveat_when_the_trained_judge_still_accepts():
    results = _results(_model({"gibberish": 8}, {"gibberish": 0}, 3, 9), _model({"gibberish": 3}, {"gibberish": 0}, 3, 2))
    assert "collapsed" not in hackability_sentence(results)[1]
