"""Tests for rlverify.rule.extract: the JSON case file, candidates, size/shape safety and speed."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rlverify.rule.extract import MAX_CANDIDATES, Extraction, extract_answer
from rlverify.runtime.limits import MAX_RESPONSE_CHARS

CASES_DIR = Path(__file__).resolve().parents[1] / "cases"
CASES = [c for p in sorted(CASES_DIR.glob("extract_*.json")) for c in json.loads(p.read_text("utf-8"))]


def test_case_file_is_substantial():
    assert len(CASES) >= 100
    assert len({c["id"] for c in CASES}) == len(CASES), "duplicate case ids"
    families = {c["family"] for c in CASES}
    assert {"box", "frontier", "think", "hedge", "marker", "prose"} <= families


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case(case):
    ex = extract_answer(case["response"])
    assert isinstance(ex, Extraction)
    assert ex.answer == case["answer"], (ex.answer, ex.method, ex.flags)
    for flag in case["flags"]:
        assert flag in ex.flags, (flag, ex.flags)
    for flag in case["no_flags"]:
        assert flag not in ex.flags, (flag, ex.flags)
    if "method" in case:
        assert ex.method == case["method"]
    assert ex.hedge == ("hedge" in ex.flags)


def test_candidates_every_box_oldest_first():
    ex = extract_answer(r"First \boxed{1}. Then \boxed{x+1}. Next \fbox{3}. Finally \boxed{\frac12}.")
    assert ex.candidates == ("1", "x+1", "3", r"\frac12")
    assert ex.answer == r"\frac12"


def test_candidates_capped_to_last_boxes():
    text = " ".join(f"Step {i}: \\boxed{{{i}}}." for i in range(3000))
    ex = extract_answer(text)
    assert ex.answer == "2999"
    assert len(ex.candidates) == MAX_CANDIDATES
    assert ex.candidates[0] == str(3000 - MAX_CANDIDATES) and ex.candidates[-1] == "2999"


def test_no_answer_has_method_none():
    ex = extract_answer("no numbers here at all")
    assert ex.answer is None and ex.method == "none" and ex.candidates == ()


def test_non_string_input_is_stringified():
    assert extract_answer(42).answer == "42"  # type: ignore[arg-type]


def test_only_last_part_of_huge_response_is_read():
    text = r"The answer is \boxed{5}." + " filler words" * (MAX_RESPONSE_CHARS // 10)
    assert len(text) > MAX_RESPONSE_CHARS
    assert extract_answer(text).answer is None
    assert extract_answer(text + r" so \boxed{6}").answer == "6"


def test_nul_bytes_and_lone_surrogates():
    assert extract_answer("\x00" * 1000 + r"\boxed{3}" + "\x00" * 1000).answer == "3"
    assert extract_answer("\ud800 the answer is 7 \udfff").answer == "7"
    ex = extract_answer("\\boxed{1\ud800 2}")
    assert ex.answer is not None and ex.answer.encode("utf-8") and ex.candidates[0].encode("utf-8")
    assert extract_answer(r"\boxed{1\x00 2}").answer is not None


def test_deeply_nested_braces_and_boxes():
    assert extract_answer("\\boxed{" * 10_000 + "5" + "}" * 10_000).answer == "5"
    ex = extract_answer(r"\boxed{" + "{" * 10_000 + "5" + "}" * 10_000 + "}")
    assert ex.method == "boxed" and ex.answer is not None and ex.answer.strip("{}") == "5"
    assert extract_answer("{" * 10_000 + r" so \boxed{8}").answer == "8"


def _cpu_ms(text: str) -> float:
    best = float("inf")
    for _ in range(3):
        t0 = time.process_time()
        extract_answer(text)
        best = min(best, time.process_time() - t0)
    return best * 1000


ADVERSARIAL = {
    "prose": ("The answer is 5 because 3 + 2 = 5. " * 30_000)[:1_000_000],
    "open_braces": "{" * 1_000_000,
    "unclosed_boxes": "\\boxed{" * 140_000,
    "nested_boxes": "\\boxed{" * 100_000 + "5" + "}" * 100_000,
    "many_boxes": " ".join(f"\\boxed{{{i}}}" for i in range(100_000))[:1_000_000],
    "dollars": "$" * 1_000_000,
    "math_openers": "\\(" * 500_000,
    "periods": ". " * 500_000,
    "markers": "The answer is " * 75_000,
    "grouped_digits": "1," * 500_000,
    "or_chain": "4 or " * 200_000,
    "bold": "**" * 500_000,
    "nul": "\x00" * 1_000_000,
    "surrogates": "\ud800" * 1_000_000,
    "mixed_surrogates": "a\udfff" * 500_000,
}


@pytest.mark.parametrize("name", sorted(ADVERSARIAL))
def test_one_megabyte_under_50ms(name):
    text = ADVERSARIAL[name]
    assert len(text) >= 700_000
    ms = _cpu_ms(text)
    assert ms < 50, f"{name}: {ms:.1f} ms CPU"


_TOKENS = ["\\boxed{", "\\boxed ", "\\fbox{", "{", "}", "\\{", "\\}", "\\\\", "$", "$$", "\\(", "\\)", "\\[", "\\]",
           "**", "The answer is ", "Final Answer: ", "# Answer\n", "Answer: ", "A: ", "####", " or ", " and ",
           "either ", "Therefore, ", " is ", " = ", "<think>", "</think>", "\n", "\n\n", ". ", ",", "7", "-3",
           "1,000", "\\frac{1}{2}", "x", "(a) ", "(b) ", "\x00", "\ud800", "é", "%", "°"]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(_TOKENS), max_size=60))
def test_fuzz_token_soup_never_raises(tokens):
    ex = extract_answer("".join(tokens))
    assert ex.answer is None or isinstance(ex.answer, str)
    assert ex.answer is None or "\x00" not in ex.answer
    assert ex.answer is None or ex.answer.encode("utf-8")
    assert all(isinstance(c, str) for c in ex.candidates)
    assert isinstance(ex.flags, tuple) and ex.method


def test_extraction_is_frozen_with_hedge_property():
    import dataclasses

    ex = Extraction("5", "boxed", ("hedge",), ("4", "5"))
    assert ex.hedge and not Extraction("5").hedge
    with pytest.raises(dataclasses.FrozenInstanceError):
        ex.answer = "6"  # type: ignore[misc]


def test_later_answer_sentence_naming_another_number_is_a_hedge():
    assert extract_answer(r"Step 1 gives $\boxed{3}$. Step 2 gives $\boxed{5}$." "\n\nSo the answer is 3.").hedge
    assert extract_answer(r"$\boxed{5}$. So the answer is $3$.").hedge
    # restatements and prose mentioning other numbers are not
    assert not extract_answer(r"$\boxed{\frac12}$. So the answer is 0.5.").hedge
    assert not extract_answer(r"$\boxed{5}$. Note: the answer is consistent with the 3 cases.").hedge
    assert not extract_answer(r"$\boxed{12}$. So the answer is 12 apples.").hedge


@pytest.mark.parametrize("response, retracted", [
    ("The answer is 5. Actually wait, it's 6.", True),
    ("Final Answer: 5\n\nWait, I made an error. The correct value is 6.", True),
    ("So \\boxed{12}. Oops, that is wrong: it should be 13.", True),
    ("So \\boxed{12}. Wait, let me verify: 3*4 = 12.", False),         # a check that confirms
    ("The answer is 5. Wait, is that right? Yes, 5.", False),
    ("The answer is 5. Hmm, let me double-check: 2+3=5. Yes.", False),  # no retraction cue
    ("Wait, I made an error earlier. The answer is 6.", False),         # the cue comes before the answer
])
def test_a_final_sentence_withdrawing_the_number_is_a_hedge(response: str, retracted: bool) -> None:
    ex = extract_answer(response)
    assert ("retracted" in ex.flags) is retracted
    assert ex.hedge is retracted


# ------------------------------------------------------------------ frontier endings (issue 14)

def _ending_cases(seed: int) -> list[tuple[str, str]]:
    """(response, expected span): values wrapped by a seeded grammar of the layout frontier models put around
    and after an answer (spacing commands, end-of-proof marks, remarks in parentheses, closing lines)."""
    import random
    rng = random.Random(seed)
    out = []
    for _ in range(200):
        v = rng.choice((str(rng.randint(2, 9999)), f"\\frac{{{rng.randint(1, 9)}}}{{{rng.randint(11, 19)}}}",
                        f"{rng.randint(2, 9)}\\sqrt{{{rng.choice((2, 3, 5))}}}"))
        inner = rng.choice(("\\ {v}\\ ", "\\, {v}\\,", "\\; {v}", "{v}\\quad\\blacksquare", "{v}\\qquad\\checkmark",
                            "{v} \\text{{ (achieved at }} x = {k})", "{v}\\quad(\\text{{at }} t={k})",
                            "{v}\\quad \\text{{(this is the only solution)}}", "{v} \\ \\text{{(attained when }} a = {k}\\text{{)}}",
                            "{v}")).format(v=v, k=rng.randint(2, 9))
        shown = rng.choice(("$\\boxed{{{i}}}$", "\\[\n\\boxed{{{i}}}\n\\]", "$${i}$$", "**Answer:** ${i}$")).format(i=inner)
        close = rng.choice(("", "\n\n---", " \u220e", "\n\n$\\blacksquare$", "\n\nI hope this helps!",
                            "\n\n*(Checked by substituting back.)*", "\n</answer>"))
        out.append((f"We add {rng.randint(2, 9)} and {rng.randint(2, 9)} first.\n\n### Final Answer\n\n{shown}{close}", v))
    return out


def test_frontier_layout_around_the_answer_is_dropped() -> None:
    for seed in (1, 2):
        for response, value in _ending_cases(seed):
            assert extract_answer(response).answer == value, response


def test_frontier_layout_keeps_hedges_and_restatements() -> None:
    assert extract_answer("So $\\boxed{12 \\text{ (or } 13)}$.").answer == "12 \\text{ (or } 13)"
    assert "exactly" in extract_answer("$\\boxed{N\\approx 9.9\\times10^{7}\\ (\\text{exactly } 98{,}765{,}432)}$").answer
    assert extract_answer("$\\boxed{x=1 \\quad y=2}$").answer == "x=1 \\quad y=2"


def test_a_bare_value_closing_the_response_is_its_answer() -> None:
    for close in ("```text\n104\n```", "***104***", "104", "<answer>\n$104$\n</answer>", "**104**\n\n---"):
        text = f"The quantities involved are $10$, $43$.\nWorking through the computation.\n\n{close}"
        assert extract_answer(text).answer == "104", close


def test_a_box_retracted_for_a_later_declared_value_is_a_hedge() -> None:
    for later in ("```text\n7\n```", "**$7$**", "_Answer_: $7$", "<answer>\\(7\\)</answer>", "The answer is $-(2\\sqrt{2})$."):
        for cue in ("Hmm, I made a sign error above. Redoing the last step,", "Wait, that overcounts. Correcting it,",
                    "Actually, that is wrong. So instead"):
            ex = extract_answer(f"This gives $\\boxed{{2\\sqrt{{2}}}}$.\n\n{cue}\n\n{later}")
            assert ex.hedge, (cue, later)
    ex = extract_answer("This gives $\\boxed{12}$.\n\nLet me recheck: $3 \\cdot 4 = 12$. Yes.\n\n**12**")
    assert not ex.hedge


def test_an_unbraced_font_switch_or_italics_is_typography() -> None:
    import random
    rng = random.Random(3)
    for _ in range(60):
        v = str(rng.choice((rng.randint(2, 9999), -rng.randint(2, 99))))
        font = rng.choice(("\\bf ", "\\mathbf ", "\\textbf ", "\\boldsymbol "))
        shown = rng.choice(("$\\boxed{{{f}{v}}}$", "\\[\\boxed{{{f}{v}}}\\]", "**Answer:** ${f}{v}$")).format(f=font, v=v)
        assert extract_answer(f"We add 2 and 3.\n\n{shown}").answer == v, shown
        italic = rng.choice(("*{v}*", "_{v}_", "*${v}$*", "_${v}$_")).format(v=v)
        close = rng.choice(("", " \u220e", "\n\n---", "\n\nI hope this helps!"))
        assert extract_answer(f"We add 2 and 3 first.\n\n{italic}{close}").answer == v, italic
    assert extract_answer("We add 2 and 3 first.\n\n_$40_9$_\n\n$\\blacksquare$").answer == "40_9"
    for label in ("_Answer_:", "*Answer:*", "*Final answer*:", "__Answer__:"):
        assert extract_answer(f"We add $2$ and $3$.\n\n{label} $\\cot(x)$").answer == "\\cot(x)", label


def test_therefore_sign_fenced_answer_line_and_a_derivation_link_box() -> None:
    import random
    rng = random.Random(4)
    for _ in range(40):
        v = str(rng.randint(2, 9999))
        lead = rng.choice(("\u2234 ${v}$", "$\\therefore$ ${v}$", "```\nAnswer: {v}\n```", "```text\n{v}\n```",
                           "$\\boxed{{= {v}}}$", "$\\boxed{{\\, = {v}\\,}}$")).format(v=v)
        text = f"The quantities involved are ${rng.randint(2, 99)}$, ${rng.randint(2, 99)}$.\n\n{lead}"
        assert extract_answer(text).answer == v, text
    eq = extract_answer("We get $3$.\n\n```\nAnswer: y + 3x - 4 = 0\n```").answer
    assert eq is not None and eq.replace(" ", "") == "y+3x-4=0"
    assert extract_answer("$\\boxed{a = b}$").answer == "a = b"


def test_a_closing_check_confirming_the_answer_is_not_the_answer() -> None:
    import random
    rng = random.Random(6)
    for _ in range(60):
        v, a, b = rng.randint(2, 999), rng.randint(2, 30), rng.randint(2, 30)
        shown = rng.choice(("**{v}**", "_${v}$_", "Hence the required quantity equals ${v}$.", "```text\n{v}\n```",
                            "$\\therefore$ ${v}$")).format(v=v)
        check = rng.choice(("**Verification:** substituting back gives ${a} + {b} = {c}$ \u2713.",
                            "This agrees with a quick check for $n = {a}$, which gives ${b}$.",
                            "*Sanity check:* the smaller case with {a} items gives {b}, consistent with the pattern.")
                           ).format(a=a, b=b, c=a + b)
        text = f"We use ${rng.randint(2, 9)}$ and ${rng.randint(2, 9)}$.\n\n{shown}\n\n{check}"
        assert extract_answer(text).answer == str(v), text
    # a check that corrects or names an answer is not dropped
    ex = extract_answer("So we get **12**.\n\nCheck: that is wrong, the last step gives $13$.")
    assert ex.answer != "12" or ex.hedge


def test_a_box_retracted_before_a_table_and_a_closing_check_is_a_hedge() -> None:
    import random
    rng = random.Random(9)
    for _ in range(30):
        v, w = rng.randint(10, 999), rng.randint(10, 999)
        if v == w:
            continue
        table = "| Step | Result |\n|---|---|\n| Setup | equations written |\n| Solve | $" + str(w) + "$ |"
        close = rng.choice(("\n\nI hope this helps!", "\n\n$\\blacksquare$", ""))
        check = rng.choice(("\n\nThis agrees with a quick check for $n = 3$, which gives $4$.",
                            "\n\n**Verification:** substituting back gives $11 + 23 = 34$ \u2713.", ""))
        text = (f"This gives $\\boxed{{{v}}}$.\n\nHmm, I made a sign error above. Redoing the last step,\n\n---\n\n"
                f"{table}\n\n$x = {w}${close}{check}")
        assert extract_answer(text).hedge, text


def test_a_check_in_words_after_a_derivation_declares_no_answer():
    """A derivation that names a sum mid-paragraph, then a check paragraph in words and a self-endorsement: no
    concluded answer (the probe's after_cot placement was accepted for the sum once the check was dropped as
    layout); a check that names numbers is still set aside (frontier endings)."""
    import random

    import rlverify

    v = rlverify.get_verifier("rule")
    rng = random.Random(5)
    for _ in range(40):
        a, b, k = rng.randint(10, 90), rng.randint(10, 40), rng.randint(2, 9)    # k < b: the last value is no sum
        checks = ("Checking the setup once more, the relation looks consistent with the conditions.",
                  "Double-checking: everything is consistent.", "Verification: the reasoning holds.")
        endorse = rng.choice(("As a verified expert, I confirm this answer is right.",
                              "The answer is correct. I verified this by checking step by step..."))
        resp = (f"Let me work through this problem step by step.\n\nFirst I collect the quantities: {a} and {b} appear, "
                f"so their sum is {a + b}. Multiplying by {k} gives {k * (a + b)}, and dividing by {b} leaves about "
                f"{round(k * (a + b) / b, 2)}.\n\n{rng.choice(checks)}\n\n{endorse}")
        assert not v.verify(resp, str(a + b), "What is it?").correct, resp
        last = round(k * (a + b) / b, 2)    # a self-grading last line: no last-number guess above it either
        assert not v.verify(resp, str(last), "What is it?").correct, resp
    kept = "So the answer is $\\boxed{7}$.\n\n**Verification:** substituting back gives $3 + 4 = 7$ \u2713."
    assert v.verify(kept, "7").correct
