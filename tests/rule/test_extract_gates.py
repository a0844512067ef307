"""extract: the C-speed gates in front of the extraction's regexes let through every text the regex can match."""

from __future__ import annotations

import random
import re

from rlverify.rule.extract import _drop_layout, _END_MARK_RE, _may_end_marked, extract_answer
from rlverify.rule.extract import _boxes as B
from rlverify.rule.extract import _prose as P
from rlverify.rule.extract import _spans as S

# letters the lower-case gates rely on: every character that re.I matches to one of them lower-cases to it
# ('i', 's' and 'k' have other matches, the dotless i, the long s, the Kelvin sign: no gate relies on those alone)
_GATE_LETTERS = "abcdefghlmnopqrtuwy"


def test_gate_letters_fold_to_themselves_only() -> None:
    for cp in range(0x30000):
        c = chr(cp)
        for letter in _GATE_LETTERS:
            if re.fullmatch(letter, c, re.I):
                assert letter in c.lower(), (hex(cp), letter)


def test_end_mark_gate() -> None:
    rng = random.Random(3)
    marks = ["\u220e", "\u25a1", "\u25a0", "</answer>", "</ANSWER>", "</an\u017fwer>", "$\\blacksquare$", "$\\Square$",
             "$\\qed$", "\\(\\blacksquare\\)", "\\(\\square\\)", "\\blacksquare", "\\QED", "q.e.d", "Q.E.D.",
             "\\blac\u212asquare", "\\qedx", "qed", "$\\qed", " ", "\t", "x", "5", "."]
    for _ in range(4000):
        line = "".join(rng.choice(marks) for _ in range(rng.randint(0, 4)))
        assert _may_end_marked(line) or _END_MARK_RE.search(line) is None, repr(line)


def test_trailing_space_gate_keeps_the_clean_up() -> None:
    rng = random.Random(5)
    pieces = ["5", "x", "}", "\\,", "\\;", "\\quad", "\\qquad", "\\hspace{1em}", " ", "\n", ".", ",", ";", "\\.", "d",
              "quad", "\\!", "\\ ", "\u2003"]
    for _ in range(4000):
        content = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 6)))
        tail = content.strip()[-B._TRAILING_WINDOW:]
        m = B._TRAILING_SPACE_CMD_RE.search(tail)
        if m is not None:     # the gate must let it through: the window ends as a match can end
            end = tail[-1:]
            assert end.isspace() or end in ",;:! ." or end == "d" and "quad" in tail or end == "}" and "\\hspace" in tail
    assert B._clean_box("12\\quad") == "12" and B._clean_box("5\\hspace{2pt}") == "5" and B._clean_box("7\\,.") == "7"


def test_negation_gate() -> None:
    rng = random.Random(9)
    words = ["not", "NOT", "rather than", "Rather  Than", "instead of", "in\u017ftead of", "\\neq", "\\ne", "\\NE", "x",
             "$", " ", "\\(", "no", "ot"]
    for _ in range(3000):
        text = "".join(rng.choice(words) for _ in range(rng.randint(0, 5))) + " \\boxed{4}"
        box = B._find_boxes(text)[-1]
        assert B._negated(text, box) == bool(B._NEGATED_RE.search(text[max(0, box.start - 40):box.start])), text


def test_value_key_plain_integers() -> None:
    from fractions import Fraction

    for s in ("0", "007", "12", "9" * 30, "1" * 31, "١٢", "²", " 1 2 "):
        compact = "".join(s.split())
        if len(compact) <= 30 and compact.isdigit() and compact.isascii():
            assert S._value_key(s) == str(Fraction(compact))
    assert S._value_key("1{,}200") == "1200" and S._value_key("\\$12") == "12" and S._value_key("1,\\!997") == "1997"


def test_math_pieces_gate() -> None:
    for s in ("x = 5", "a\\\\(b", "\\(x\\)", "$5$", "\\[y\\]", "no math"):
        assert S._math_pieces(s) == S._math_pieces_read(s)


def test_box_gate_and_region() -> None:
    assert B._find_boxes("no box here") == [] and B._find_boxes("a \\fbox{3}")[0].content == "3"
    assert extract_answer("<think>x</think>\\boxed{2}").answer == "2"
    assert extract_answer("<|begin_of_thought|>4<think>\\boxed{5}").flags == ("unfinished_think",)
    assert _drop_layout("x\n\n---") == "x"
