"""rlverify.rule.answers.warm: the generated spread that warms the grammar in the zygote."""

from __future__ import annotations

from rlverify.rule.answers import symbolic, warm


def test_warm_texts_are_distinct_constructs_that_mostly_parse() -> None:
    texts = warm.warm_texts()
    assert len(texts) >= 80 and len(set(texts)) == len(texts)
    parsed = [symbolic.parse_grammar(t) for t in texts]
    assert sum(p is not None for p in parsed) >= 0.9 * len(texts)


def test_idle_steps_parse_one_text_per_step(monkeypatch) -> None:
    seen: list[str] = []
    monkeypatch.setattr(symbolic, "parse_grammar", lambda t: seen.append(t))
    steps = warm.idle_steps()
    next(steps)
    assert seen == warm.warm_texts()[:1]
    assert sum(1 for _ in steps) == len(warm.warm_texts()) - 1
    assert seen == warm.warm_texts()


def test_zygote_preloads_the_idle_warm_up() -> None:
    from rlverify.runtime import bounded
    assert "rlverify.rule.answers.warm:idle_steps" in bounded._PRELOAD
