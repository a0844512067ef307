"""rlverify.rule.answers.order: the question's ordering request."""

from __future__ import annotations


def test_direction_word_is_necessary_for_an_ordering_request():
    """The cheap pre-check of question_direction never hides a request the two patterns would find."""
    import random

    from rlverify.rule.answers import order as O

    rng = random.Random(7)
    verbs = ["Order", "Arrange", "Rank", "Sort", "Enter", "Put", "Write", "Give", "Then list", "please list"]
    ups = ["least to greatest", "smallest through the largest", "most to least", "increasing order",
           "order of decreasing", "descending", "lowest\\, to highest", "earliest to latest", "fewest $to$ most"]
    fill = ["the numbers", "a, b, c", "$f(1)$, $f(2)$", "the values below", ""]
    for _ in range(500):
        q = f"{rng.choice(['', 'Let x = 3. ', 'Given the list. '])}{rng.choice(verbs)} {rng.choice(fill)} from " \
            f"{rng.choice(ups)}{rng.choice(['.', '', ' please.'])}"
        s = O._SPACING.sub(" ", q.replace("$", " "))
        if O._ASK_UP.search(s) or O._ASK_DOWN.search(s):
            assert O._DIRECTION_WORD.search(s), q
            assert O.question_direction(q) is not None or (O._ASK_UP.search(s) and O._ASK_DOWN.search(s)), q
