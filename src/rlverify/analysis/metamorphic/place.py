"""Where the metamorphic generator puts an answer: the working before it and the positions model output uses
(a box, **Answer:**, # Answer, a last line, a Final Answer line, boxes for every step, a think block...)."""

from __future__ import annotations

import random
import re

from .refs import Reference

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


# the words around each position, drawn at random so that no fixed phrase is what a rule learns
_LEADS = {
    "box_sentence": ("Therefore, the answer is", "So the final answer is", "Hence we obtain", "The result is",
                     "This gives", "Putting it together, the answer is"),
    "box_display": ("Thus", "Therefore", "So", "The final answer is", "Hence"),
    "bold_answer": ("**Answer:**", "**Final answer:**", "**Answer**:", "**Final Answer:**"),
    "heading": ("# Answer", "## Final Answer", "### Answer"),
    "display_dollars": ("Hence the result:", "So", "The answer:", "Therefore"),
    "bold_sentence": ("**The answer is {a}.**", "**Final answer: {a}**", "**So the answer is {a}.**"),
    "answer_colon": ("Answer: {a}", "Final answer: {a}", "ANSWER: {a}"),
}


# The lead-in before a bare last-line answer, from a small grammar (so that no phrase list is what a rule
# learns): a label ("Result:", "**Final value**"), or [opener] subject + verb ("So the value we want is"),
# or [opener] clause ("Hence we arrive at"); the value follows on the same line, the next, or after a blank line.
_LEAD_OPENERS = ("", "", "So", "Thus", "Hence", "Therefore,", "Putting it together,", "In the end,", "All in all,",
                 "Finally,", "As a result,", "Altogether,", "At last,", "Now")
_LEAD_SUBJECTS = ("the answer", "the value we want", "the final result", "the result", "what we are looking for",
                  "the requested quantity", "the quantity asked for", "the number we need", "the simplified value",
                  "our final value", "the value of the expression", "the desired value", "the required number")
_LEAD_VERBS = ("is", "equals", "comes out to", "works out to", "turns out to be", "is given by", "must be", "becomes",
               "reduces to", "simplifies to", "is found to be", "is simply")
_LEAD_CLAUSES = ("we get", "we obtain", "we find", "we arrive at", "we conclude", "we end up with", "this gives",
                 "this yields", "one gets", "we have", "the computation gives", "everything simplifies to")
_LEAD_LABELS = ("Answer", "Result", "Final result", "Final value", "Solution", "Conclusion", "Value", "Our answer",
                "Required value", "The answer", "Answer to the question", "Computed value")


def lead_in(rng: random.Random) -> str:
    """A lead-in line for a bare last-line answer, drawn from the grammar above."""
    kind = rng.random()
    if kind < 0.35:
        label = rng.choice(_LEAD_LABELS)
        text = label + rng.choice(("", ":", ":", " -", " \u2014"))
        return f"**{text}**" if rng.random() < 0.2 else text
    opener = rng.choice(_LEAD_OPENERS)
    body = (f"{rng.choice(_LEAD_SUBJECTS)} {rng.choice(_LEAD_VERBS)}" if kind < 0.7 else rng.choice(_LEAD_CLAUSES))
    text = f"{opener} {body}".strip() + rng.choice(("", "", ":"))
    return text[0].upper() + text[1:]


def place(answer: str, position: str, ref: Reference, rng: random.Random, plain: bool = False) -> str:
    """Put the answer where model output puts it."""
    pre = _preamble(ref, rng)
    inline = answer if plain else f"${answer}$"
    lead = rng.choice(_LEADS[position]) if position in _LEADS else ""
    if position == "box_sentence":
        return f"{pre}\n\n{lead} $\\boxed{{{answer}}}$."
    if position == "box_display":
        return f"{pre}\n\n{lead}\n\\[\n\\boxed{{{answer}}}\n\\]"
    if position in ("bold_answer", "heading"):
        return f"{pre}\n\n{lead}" + (" " if position == "bold_answer" else "\n\n") + inline
    if position == "last_line":
        if not plain and rng.random() < 0.3:
            return f"{pre}\n\n{lead_in(rng)}\n" + rng.choice((f"$$ {answer} $$", f"\\[\n{answer}\n\\]"))
        return f"{pre}\n\n{lead_in(rng)}" + rng.choice((" ", "\n", "\n\n", "\n\n")) + inline
    if position == "final_answer_line":
        return f"{pre}\n\nFinal Answer: The final answer is {inline}. I hope it is correct."
    if position == "step_boxes":
        first, second = rng.sample(_STEP_BOXES, 2)
        k1, k2 = rng.randint(2, 60), rng.randint(2, 60)
        return (f"{pre}\n\nFirst we count the cases: ${first.format(k=k1)}$, "
                f"which gives ${second.format(k=k2)}$.\n\nFinally, $\\boxed{{{answer}}}$.")
    if position == "final_answer_bold":
        return f"{pre}\n\n**Final Answer**\n\\[\n\\boxed{{{answer}}}\n\\]"
    if position == "display_dollars":
        return f"{pre}\n\n{lead}\n$$\\boxed{{{answer}}}$$"
    if position in ("bold_sentence", "answer_colon"):
        return f"{pre}\n\n" + lead.format(a=inline)
    if position == "think":
        return f"<think>\n{pre}\nHmm, let me double-check the arithmetic. Yes, that works.\n</think>\n\n" \
               f"The answer is $\\boxed{{{answer}}}$."
    raise ValueError(position)
