"""Where the metamorphic generator puts an answer: the working before it and the positions model output uses
(a box, **Answer:**, # Answer, a last line, a Final Answer line, boxes for every step, a think block...)."""

from __future__ import annotations

import random
import re

from ._mm_refs import Reference

__all__ = ["POSITIONS", "place"]


# ------------------------------------------------------------------ responses

# The working before the answer, from pieces: an opener naming the question's numbers, a middle, and
# sometimes a display equation between those numbers (a distractor a last-number reader would take).
_OPENERS = ("We use the information given: {nums}.", "Let me set up the problem. The quantities involved are {nums}.",
            "First, note the given values {nums}.", "Start from the data ({nums}).", "Let's think step by step.",
            "Step 1: write down what we know ({nums}).")
_MIDDLES = ("Working through the computation step by step and simplifying.",
            "After substituting and simplifying, everything reduces to a single value.",
            "Combining them as described gives the result below.", "We compute each part in turn and check it.",
            "Step 2: compute the requested quantity.\nStep 3: check it.", "Now we put the pieces together.")
_STEP_BOXES = ("\\boxed{{\\text{{Let }}N\\text{{ be the count}}}}", "\\boxed{{N = {k}}}", "\\boxed{{a_1 = {k}}}",
               "\\boxed{{\\text{{Case 1}}}}", "\\boxed{{{k}}}", "\\boxed{{S_1 = {k}}}")

POSITIONS = ("box_sentence", "box_display", "bold_answer", "heading", "final_answer_line", "last_line",
             "step_boxes", "think", "final_answer_bold", "bold_sentence", "answer_colon", "display_dollars")
_BOX_POSITIONS = ("box_sentence", "box_display", "step_boxes", "think", "final_answer_bold", "display_dollars")


def _preamble(ref: Reference, rng: random.Random) -> str:
    found = re.findall(r"(?<![\d.])\d{1,4}(?![\d.])", ref.question)[:3]
    nums = ", ".join(f"${x}$" for x in found)
    opener = rng.choice(_OPENERS if nums else [o for o in _OPENERS if "{nums}" not in o])
    text = opener.format(nums=nums) + rng.choice((" ", "\n")) + rng.choice(_MIDDLES)
    if len(found) >= 2 and rng.random() < 0.4:
        x, y = int(found[0]), int(found[1])
        text += f"\n\n$$ {x} + {y} = {x + y} $$"
    return text


def place(answer: str, position: str, ref: Reference, rng: random.Random, plain: bool = False) -> str:
    """Put the answer where model output puts it."""
    pre = _preamble(ref, rng)
    inline = answer if plain else f"${answer}$"
    if position == "box_sentence":
        return f"{pre}\n\nTherefore, the answer is $\\boxed{{{answer}}}$."
    if position == "box_display":
        return f"{pre}\n\nThus\n\\[\n\\boxed{{{answer}}}\n\\]"
    if position == "bold_answer":
        return f"{pre}\n\n**Answer:** {inline}"
    if position == "heading":
        return f"{pre}\n\n# Answer\n\n{inline}"
    if position == "final_answer_line":
        return f"{pre}\n\nFinal Answer: The final answer is {inline}. I hope it is correct."
    if position == "last_line":
        return f"{pre}\n\nSo the answer is\n\n{inline}"
    if position == "step_boxes":
        first, second = rng.sample(_STEP_BOXES, 2)
        k1, k2 = rng.randint(2, 60), rng.randint(2, 60)
        return (f"{pre}\n\nFirst we count the cases: ${first.format(k=k1)}$, "
                f"which gives ${second.format(k=k2)}$.\n\nFinally, $\\boxed{{{answer}}}$.")
    if position == "final_answer_bold":
        return f"{pre}\n\n**Final Answer**\n\\[\n\\boxed{{{answer}}}\n\\]"
    if position == "display_dollars":
        return f"{pre}\n\nHence the result:\n$$\\boxed{{{answer}}}$$"
    if position == "bold_sentence":
        return f"{pre}\n\n**The answer is {inline}.**"
    if position == "answer_colon":
        return f"{pre}\n\nAnswer: {inline}"
    if position == "think":
        return f"<think>\n{pre}\nHmm, let me double-check the arithmetic. Yes, that works.\n</think>\n\n" \
               f"The answer is $\\boxed{{{answer}}}$."
    raise ValueError(position)
