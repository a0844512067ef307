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
_GATE_LETTERS = "abcdefghlmnopqrtuwxy"


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


def _old_prose_hedge(sent: str, value: str | None = None) -> tuple[str, ...]:
    """_spans._prose_hedge before its lower-case gates."""
    last = value.split(", ")[-1].split(" \\text{ or } ")[-1] if value else ""
    cut = sent.rfind(last) if last else -1
    alt = S._ALTERNATIVE_RE.search(sent[cut + len(last):cut + len(last) + 120]) if cut >= 0 else None
    if alt and S._value_key(alt.group(1)) != S._value_key(last):
        return ("hedge",)
    if cut >= 0 and S._words_alternative(sent[cut + len(last):cut + len(last) + 80], last):
        return ("hedge",)
    sent = sent[:cut + len(last) + 12] if cut >= 0 else sent
    if S._HEDGE_PROSE_RE.search(S._RELATIVE_MODAL_RE.sub(" ", sent)):
        return ("hedge",)
    if not re.search("or", sent, re.I):
        return ()
    vals = S._values(sent)
    for a, b in zip(vals, vals[1:]):
        if not S._OR_GAP_RE.fullmatch(sent[a.end:b.start]) or S._RELATION_RE.search(a.value + b.value):
            continue
        if S._value_key(a.value) != S._value_key(b.value):
            return ("hedge",)
    return ()


def test_prose_hedge_gates_change_nothing() -> None:
    rng = random.Random(21)
    pieces = ["4", "5", "$x = 2$", "0.5", " or ", " OR ", " Or ", ", ", " \\text{or} ", "$3$", " and ", "the answer is ",
              "either ", "EITHER ", " possibly ", " POSSIBLY ", " perhaps ", " Maybe ", " could be ", " COULD BE ",
              " might be ", " MIGHT be ", " mıght be ", " one of ", " One Of ", " that could be ", " which might be ",
              " is ", " alternatively ", " ALTERNATIVELY ", " six ", " (six)", "İ", "\u017f", " 7", "-one of ",
              "$\\frac{1}{2}$", "12", " for ", " nor ", "**", " * "]   # (the pieces of the earlier or-gate test too)
    for _ in range(6000):
        sent = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 9)))
        value = rng.choice([None, "4", "5", "$3$", "0.5"])
        assert S._prose_hedge(sent, value) == _old_prose_hedge(sent, value), (sent, value)


def test_set_of_reals_and_bullet_block() -> None:
    assert S._set_of_reals("x < 2 or x > 3") and not S._set_of_reals("x < 2 or x > 3" + " " * 200)
    assert P._bullet_block("intro\n- $a = 1$\n- $b = 2$") is not None
    assert P._bullet_block("intro\n- $a = 1$\n- $b = 2$\nThe end.") is None
    assert P._bullet_block("- 1\n- 2") is None      # nothing above the block


def test_unit_after_box_reads_the_box_only_when_needed() -> None:
    for text, want in [("$\\boxed{12}$ kg.", "12 kg"), ("$\\boxed{12 kg}$ kg.", "12 kg"), ("\\boxed{12}\\,\\mathrm{km/s}", None),
                       ("$\\boxed{30^\\circ}$ below the horizontal", None), ("$\\boxed{x}$ m.", "x"),
                       ("$\\boxed{5}$.\n\nDone", "5"), ("\\boxed{5} m", None), ("\\boxed{7}$ 1/s.", None)]:
        got = extract_answer(text).answer
        assert want is None or got == want, (text, got)


def _old_math_pieces(s: str) -> tuple:
    """_spans._math_pieces before the line breaks left the delimiter pattern."""
    out = []
    opener, at = "", 0
    for m in re.finditer(r"\\\\|\\\$|\$\$|\$|\\\(|\\\)|\\\[|\\\]|\n", s):
        tok = m.group()
        if tok in ("\\\\", "\\$") or (tok == "\n" and opener != "$"):
            continue
        if opener and tok == S._CLOSER[opener]:
            body = s[at:m.start()]
            money = opener == "$" and S._CURRENCY_RE.match(body) and (body[-1:].isspace() or s[m.end():m.end() + 1].isdigit())
            if body.strip() and not money:
                out.append(S._Piece(at - len(opener), m.end(), body.strip(), True))
            opener = ""
        elif tok in S._CLOSER and (not opener or tok != "$"):
            opener, at = tok, m.end()
        elif tok == "\n":
            opener = ""
    return tuple(out)


def test_math_pieces_line_breaks() -> None:
    rng = random.Random(33)
    pieces = ["$", "$$", "\\(", "\\)", "\\[", "\\]", "\\\\", "\\$", "\n", "\n\n", "x", "5 ", "5 apples", " ", "a\nb"]
    for _ in range(6000):
        s = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        assert S._math_pieces_read(s) == _old_math_pieces(s), repr(s)


def test_box_tokens_are_the_pattern_matches() -> None:
    rng = random.Random(41)
    pieces = ["\\boxed", "\\fbox", "\\framebox", "\\boxedx", "box", "\\\\boxed", "\\f", "rame", "\\", "{5}", " ", "x",
              "\\fboxed", "\\framebox{", "boxbox"]
    for _ in range(5000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 10)))
        for base in (0, 1, 3, len(text) // 2):
            want = [(m.start(), m.end()) for m in B._BOX_RE.finditer(text, base)]
            assert B._box_tokens_from(text, base) == want, (text, base)


def test_memoized_readers_are_cleared_with_the_caches() -> None:
    from rlverify.runtime.caches import clear_caches

    assert S._reduce(" 84") == S._reduce(" 84") and P._from_markers("x\nA: 26")[0].answer == "26"
    assert B._clean_box("{5}") == "5" and B._clean_box("7\\,") == "7"
    clear_caches()
    assert P._from_markers.cache_info().currsize == 0 and S._reduce.cache_info().currsize == 0
    assert B._clean_box.cache_info().currsize == 0


def test_retraction_cue_search_starts_at_the_first_word() -> None:
    import rlverify.rule.extract as X

    rng = random.Random(52)
    pieces = ["wait", "Oops", "hold on", "correction", "correcting", "I made a mistake", "i made an arithmetic slip",
              "that's wrong", "This was incorrect", "that is not right", "Actually, the", "actually it should be",
              "hmm, no", "no, that", "no that", "sign error", "computation error", "arithmetic error", "counting error",
              "redoing", "re-check", "rechecking", "recompute", "reconsidering", "on second thought", "scratch that",
              "overcounted", "miscount", "undercounts", "x", " ", "  ", ". ", "12", "\n", "the answer", "so", "that",
              "is", "I made", "computation", "arithmetic", "re-", "on second", "a"]
    for _ in range(5000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 14)))
        low = text.lower()
        hits = [low.find(w) for w in X._RETRACTION_WORDS if w in low]
        every = list(X._RETRACTION_RE.finditer(text))
        if not hits:
            assert not every, text
            continue
        scan = max(0, min(hits) - X._CUE_REACH)
        later = list(X._RETRACTION_RE.finditer(text, scan))
        assert [m.span() for m in later] == [m.span() for m in every], text


def test_retraction_word_pattern_finds_the_first_word() -> None:
    import rlverify.rule.extract as X

    rng = random.Random(61)
    pieces = list(X._RETRACTION_WORDS) + ["x", " ", "w", "wai", "no", "re", "c", "h", "hol", "made", ",", "\n"]
    for _ in range(5000):
        low = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        hits = [low.find(w) for w in X._RETRACTION_WORDS if w in low]
        m = X._RETRACTION_WORD_RE.search(low)
        assert (m.start() if m else None) == (min(hits) if hits else None), low


def test_value_classes_stay_frozen_dataclasses() -> None:
    import dataclasses
    import pickle

    from rlverify.rule.extract import Extraction
    from rlverify.rule.outcome import _Num
    from rlverify.rule.sanitize import Sanitized

    for obj, kwargs in [(Extraction("5", "boxed", ("hedge",)), {"answer": "5", "method": "boxed", "flags": ("hedge",)}),
                        (Extraction(None), {"answer": None}), (Sanitized("r", "g", None), {"response": "r", "gold": "g",
                                                                                          "question": None}),
                        (S._Piece(1, 2, "x", True), {"start": 1, "end": 2, "value": "x", "math": True}),
                        (_Num(0.5, 0.1), {"value": 0.5, "tol": 0.1})]:
        again = type(obj)(**kwargs)
        assert again == obj and hash(again) == hash(obj) and repr(again) == repr(obj)
        assert pickle.loads(pickle.dumps(obj)) == obj
        assert dataclasses.replace(obj) == obj and [f.name for f in dataclasses.fields(obj)]
        try:
            setattr(obj, dataclasses.fields(obj)[0].name, 1)
        except dataclasses.FrozenInstanceError:
            pass
        else:
            raise AssertionError("not frozen")
    assert Extraction("5").method == "none" and Extraction("5").flags == () and Sanitized("r", "g", "q").reject == ()


def test_trim_value_gates() -> None:
    import rlverify.rule.extract as X

    rng = random.Random(71)
    pieces = ["12", "\\,", "\\;", "\\quad", "\\qquad", "~", " ", "\\", "\\blacksquare", "\\square", "\\Box",
              "\\checkmark", "\\qed", "\\text{ (achieved at } x = 3)", "\\TEXT{(for x > 0)}", "\\text{ (exact value)}",
              "(\\text{at } t=7)", "\\text{(this is the only solution)}", "x", "=", "\\therefore", "\\bf 6", "(or 13)"]
    for _ in range(4000):
        s = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 6)))
        t = s
        assert X._drop_end_space(t) == X._END_SPACE_RE.sub("", t), t
        if X._END_PROOF_RE.search(t):
            assert t.rstrip().endswith(X._END_PROOF_NAMES), t
        if X._REMARK_RE.search(t) or X._WORDS_REMARK_RE.search(t):
            assert "\\text{" in t.lower(), t


def test_final_answer_matches_found_at_the_word() -> None:
    rng = random.Random(83)
    pieces = ["final answer", "Final Answer:", "FINAL  ANSWERS is", "final", " answer", "finalanswer", "semifinal answer",
              "final answer **", "**", ":", "=", "\n", " ", "x", "is", "12", "final answer\n", "the final answers are"]
    rx = P._FINAL_ANSWER_RE
    for _ in range(5000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 10)))
        low = text.lower()
        first = low.find("final")
        if first < 0:
            continue
        want = [m.span() for m in rx.finditer(text, max(0, first - P._MARKER_REACH))]
        assert [m.span() for m in P._matches_at_word(rx, text, low, "final", first)] == want, text


def test_fast_compare_integers_and_blanks() -> None:
    from decimal import Decimal

    from rlverify.rule.answers import fast as F

    def apart(text: str) -> str:
        # blanks go, except between numbers side by side: '1 1' is not 11 (thousands groups '12 345' are one number)
        return re.sub(r"\d+(?:\s+\d+)+", lambda m: m.group() if re.fullmatch(r"\d{1,3}(?:\s\d{3})+", m.group())
                      else "\x00".join(m.group().split()), text)

    def old(answer: str, gold: str):
        def norm(text: str) -> str:
            t = re.sub(r"\s+", "", apart(text)).strip("$")
            if t.endswith(".") and not t.endswith(".."):
                t = t[:-1].strip("$")
            return t
        a, g = norm(answer), norm(gold)
        if not a or not g:
            return None
        if a == g:
            return True
        da = Decimal(a) if F._DEC.fullmatch(a) else None
        dg = Decimal(g) if F._DEC.fullmatch(g) else None
        if da is None or dg is None:
            return None
        if da == dg:
            return True
        if F._INT.fullmatch(a) and F._INT.fullmatch(g):
            return False
        return None

    rng = random.Random(91)
    pieces = ["0", "7", "12", "-", "+", ".", "5", "$", " ", "\u2003", "\n", "١", "x", "00", "9" * 41]
    for _ in range(6000):
        a = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 5)))
        g = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 5)))
        got = F.fast_compare(a, g)
        assert (None if got is None else got.equal) == old(a, g), (a, g)
        t = re.sub(r"\s+", "", apart(a)).strip("$")
        assert F.normalize(a) == (t[:-1].strip("$") if t.endswith(".") and not t.endswith("..") else t), a
