"""``Flag``: every reason a verdict carries, as one closed enum.

A :class:`~rlverify.verdict.Verdict` holds ``flags``: why the rules, the guard or the judge decided
as they did. Each is a :class:`Flag` member (a ``str``, so ``Flag.HEDGE == "hedge"`` and flags
serialize as plain strings). Code that steers on a flag names the member, so a renamed flag is a
NameError, not a silently weakened guard. Two kinds of *detail* entries may follow a member and
never steer control flow: ``error:<ExceptionName>`` after :attr:`Flag.ERROR` (or
:attr:`Flag.JUDGE_UNAVAILABLE`), and ``judge_<reason>`` after :attr:`Flag.JUDGE_UNDECIDED` or
:attr:`Flag.JUDGE_UNAVAILABLE` (the backend's reason: ``judge_timeout``, ``judge_http_500``...).
"""

from __future__ import annotations

from enum import Enum

__all__ = ["Flag", "is_detail", "DETAIL_PREFIXES"]

DETAIL_PREFIXES = ("error:", "judge_")


class Flag(str, Enum):
    """One reason on a verdict (a ``str``; see the module docstring)."""

    def __new__(cls, value: str, doc: str = "") -> "Flag":
        obj = str.__new__(cls, value)
        obj._value_ = value
        obj.__doc__ = doc
        return obj

    def __str__(self) -> str:
        return self.value

    # ---- input and bounds (rule.sanitize, runtime)
    TIMEOUT = "timeout", "A bound was hit (per-item deadline, helper start-up, CAS): the answer is not accepted."
    TOO_DEEP = "too_deep", "Nesting too deep to parse (braces or recursion): refused."
    TOO_COMPLEX = "too_complex", "Too many operators, boxes or digits to parse within bounds: refused."
    TOO_LONG = "too_long", "Span or response longer than the caps (also a guard detector)."
    TOO_MANY_BOXES = "too_many_boxes", "More boxes than MAX_BOXES in one response: refused."
    TRUNCATED = "truncated", "The response was cut to its last MAX_RESPONSE_CHARS characters."
    NUL = "nul", "NUL bytes were removed from the input."
    SURROGATES = "surrogates", "Lone surrogates were replaced in the input."
    NON_STR_INPUT = "non_str_input", "A non-string response, gold or question was converted to text."
    GOLD_TOO_LONG = "gold_too_long", "The reference exceeds MAX_GOLD_CHARS: undecided."
    INVALID_GOLD = "invalid_gold", ("The reference is missing, empty or blank (None, ``\"\"``, spaces, a list of "
                                    "only blank answers): nothing to compare with, so the verdict is undecided, "
                                    "never a silent 0 (a data bug to fix).")
    ERROR = "error", "An internal error; a detail ``error:<ExceptionName>`` follows."
    UNFINISHED_THINK = "unfinished_think", "A <think> block is never closed: no answer after it."

    # ---- extraction (rule.extract)
    NO_ANSWER = "no_answer", "No final answer could be found in the response."
    FALLBACK = "fallback", "The answer is a last-number guess, not a declared answer."
    HEDGE = "hedge", "Several different candidates offered as the answer: never correct."
    RESTATED = "restated", ("Several answers offered that each equal the reference (one value in several forms, "
                            "``\\boxed{15\\frac{39}{40}}`` or ``\\boxed{\\frac{639}{40}}``): no hedge.")
    HEDGE_IN_SPAN = "hedge_in_span", ("The comparison (not the extraction) saw the hedge, inside the answer span "
                                      "itself: the guard re-reads the span (a sentence with context numbers is "
                                      "no hedge; several values offered are).")
    MULTI_BOX = "multi_box", "Several boxes; the last (a derivation's result) was read."
    RETRACTED = "retracted", "A declared answer was withdrawn by a later sentence naming another value."
    FINAL = "final", "The answer came from a 'final answer' line."
    ANSWER_LINE = "answer_line", "The answer came from an 'Answer:' line or heading."
    GIBBERISH_TAIL = "gibberish_tail", "The response ends in random characters: a fallback there is refused."

    # ---- comparison (rule.answers): how an equal verdict was reached
    NUMERIC = "numeric", "Equal numerically (60-digit evaluation), not symbolically."
    UNIT = "unit", "A unit was read on one or both sides."
    UNIT_CONVERTED = "unit_converted", "Equal after converting units (pint)."
    UNIT_MISMATCH = "unit_mismatch", "Units of different dimensions: not equal."
    ROUNDING = "rounding", "Equal under the rounding the question or the reference allows."
    PERCENT = "percent", "Equal with a percent sign on one side."
    WORDS = "words", "A number written in words was read."
    TEXT = "text", "Compared as text (normalized words)."
    PARTS = "parts", "Labelled parts (a), (b)... compared part by part."
    MULTI_PART = "multi_part", "Several answers compared as an ordered list of parts."
    CLOCK = "clock", "Compared as clock times."
    CLAUSE = "clause", "A qualifying clause (for all n, where ...) was set aside."
    VARIABLE = "variable", "A variable assignment (x = ...) was read as its value."
    RELATION = "relation", "Compared as relations (inequalities, equations)."
    DOMAIN_SET = "domain_set", "An interval compared with an inequality under the question's domain."
    GENERAL_SOLUTION = "general_solution", "Families of solutions (k pi + ...) compared as sets."
    CONGRUENCE = "congruence", "Compared as residues modulo n."
    PRESENTATION = "presentation", "A different presentation of the same value (trailing words, wrappers)."
    FUNCTION = "function", "Function notation rewritten (f(x) = ... read as its expression)."
    BOUND = "bound", "A relation boxed where a bound was asked: its bound was read."
    NO_ENTRY = "no_entry", "No entry of the typed comparison reads the pair: no verdict from the rules (unsure)."
    TYPED_DIFFERENT = "typed_different", ("A typed comparison of two sure readings found them different (an equation's "
                                          "value, a number against an expression...): the rejection is final.")
    TRAILING_WORDS = "trailing_words", "Words after the value were set aside."
    NOT_SIMPLIFIED = "not_simplified", "Equal, but not in the simplest form the question asks for."
    CONTRADICTION = "contradiction", "The answer contradicts itself (a hedge between forms)."
    ENDPOINT = "endpoint", "Interval endpoints differ in openness."
    LABELS = "labels", "Values named by the question's items (Paolo: 18) compared with a bare list."
    RENAMED = "renamed", "A free parameter renamed consistently (t for k) was read as the same."
    ORDER = "order", "An order chain (b < a < d) compared with the list it orders."
    PERMUTATIONS = "permutations", "Tuples named by representatives 'and their permutations' were expanded."
    RESIDUE = "residue", "Compared as residue classes (n = 3k + 1 and n = 1 mod 3)."
    ANTIDERIVATIVE = "antiderivative", ("Antiderivatives equal up to an additive constant (the question asks for one, "
                                        "or a side carries + C).")

    # ---- guard detectors (guard.policy FLAGS)
    RULE_ERROR = "rule_error", "The rules failed on this item: nothing reaches the judge."
    EMPTY = "empty", "Only wrappers, punctuation or spacing."
    INVISIBLE_CHARS = "invisible_chars", "Invisible or format characters (zero-width, bidi, tags)."
    STYLED_LETTERS = "styled_letters", "Styled letters (math bold, fullwidth, small capitals) spelling words."
    MIXED_SCRIPT = "mixed_script", "Letters of several scripts mixed in one word."
    CONFUSABLES = "confusables", "Homoglyphs standing in for Latin letters."
    FOREIGN_PROSE = "foreign_prose", "Prose in a script the question does not use."
    MARKUP = "markup", "Markup, code fences, role tags or templates."
    ROLE_MIMICRY = "role_mimicry", "Text that imitates a chat role or a system prompt."
    VERDICT_LANGUAGE = "verdict_language", "A grader's vocabulary (correct, yes, Final Decision...)."
    INSTRUCTION_LANGUAGE = "instruction_language", "Instructions to the grader (ignore, grade, you must...)."
    HIDDEN_WORDS = "hidden_words", "Words spelled with separators to hide them (C.O.R.R.E.C.T)."
    ENCODED_TEXT = "encoded_text", "Encoded text (escapes, entities, base64, binary, morse)."
    GIBBERISH = "gibberish", "Random characters, not an answer."
    REPETITION = "repetition", "A word or unit repeated beyond what the reference has."
    UNEXPECTED_WORDS = "unexpected_words", "Words from neither the problem, the reference nor mathematics."
    TEXT_ARITHMETIC = "text_arithmetic", ("Arithmetic on a word (``\\text{odd}+1``, ``2\\left(\\text{odd}\\right)``): "
                                          "no mathematics and no answer in words.")
    GIBBERISH_CONTEXT = "gibberish_context", "The response around the span ends in random characters."
    UNBALANCED = "unbalanced", ("Brackets or braces in the span that do not close (``\\boxed{[56}}`` holds ``[56``); "
                                "an interval may mix them (``[1, 2)``, ``(0, 1]``).")
    VACUOUS = "vacuous", ("No value a careful reader would accept: a lone name the question never defines "
                          "(``\\boxed{p}``, ``\\frac{a}{b}``), the question's own unknown restated (``v``, ``v = ?``), "
                          "dots, punctuation, undefined words (guard.vacuous).")
    DANGLING = "dangling", ("An operator or relation with a missing operand at either end of the span (``5 +``, "
                            "``8 + 6 =``, ``*32 + 5``): no value stated (guard.arith).")
    FALSE_RELATION = "false_relation", ("Plain arithmetic on numbers whose sides differ (``43 = 4 * 4``, "
                                        "``38 + 3 = 31``): a false equation states no answer (guard.arith).")
    FAKE_BOX = "fake_box", ("A command named like a box that is none (``\\boxding``, ``\\boxing{34}``, "
                            "``\\box{...}``): it imitates the answer box (guard.arith).")
    FREE_VARIABLE = "free_variable", ("Against a number, an expression in a one-letter name neither the question nor "
                                      "the reference writes (``x + 3`` for 'What is 32 + 3?') (guard.arith).")
    WRONG_NUMBER = "wrong_number", ("The question's integer arithmetic has the reference as its exact value and the "
                                    "span states one other number (``6.2``, ``18l`` for 6, 17) (guard.arith).")
    STRUCK_OUT = "struck_out", ("A value struck out or negated inside the span (``\\cancel{7}\\ \\frac12``, "
                                "``\\sout``, ``\\not\\frac34``): rendered, it is withdrawn; never judged (guard.render).")

    # ---- judge and hybrid
    JUDGE_UNAVAILABLE = "judge_unavailable", "The judge failed or timed out: the rule verdict stands."
    JUDGE_UNDECIDED = "judge_undecided", "The judge gave no usable decision: the verdict is undecided."
    JUDGE_INVALID = "judge_invalid", "The judge called the answer invalid (three-way templates)."


def is_detail(entry: str) -> bool:
    """True for a detail entry (``error:...``, ``judge_<reason>``) that is not itself a member."""
    return entry not in Flag._value2member_map_ and entry.startswith(DETAIL_PREFIXES)
