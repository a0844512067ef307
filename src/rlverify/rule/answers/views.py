"""Reductions of a boxed/extracted span to the value it states.

A span often says more than the value: prose (``\\text{so the product is }12``), a chained
equality (``\\text{total}=30+15=45``), an assignment with a qualifier
(``a_n=\\frac{1}{3n}\\text{ for all }n\\ge1``), a derivation in ``aligned`` (last line), an
approximation next to the exact value. ``candidates`` lists the spans worth comparing,
the whole span first; each reduction refuses spans whose wording changes the claim
(``at least 12``, ``for n=1``) so that near-misses stay wrong.

Interface::

    candidates(span) -> tuple[str, ...]     cleaned spans, whole span first
    rhs_of_assignment(gold) -> str | None   ``x = 3`` -> ``3`` when the left side is a name
    bound_side(span) -> str | None          ``\\sum \\frac{a}{b+c} \\ge \\frac34`` -> ``\\frac34`` (the closed side of
                                            one inequality; for "prove ... >= c, find c" questions)
"""

from __future__ import annotations

import re
from decimal import ROUND_DOWN, Decimal, InvalidOperation, localcontext

from ..offers import offers_sign_choice
from .counting import counting_reading
from .latex import clean, matching_brace, split_top, unwrap_text
from .numbers import parse_number
from . import plain_arith
from ...runtime.caches import memo_text

__all__ = ["candidates", "strip_qualifier", "rhs_of_assignment", "is_equation", "is_sum", "bound_side", "offers_sign_choice",
           "only_text", "QUALIFIER_WORDS"]

QUALIFIER_WORDS = re.compile(
    r"\b(?:at\s+least|at\s+most|more|less|fewer|greater|smaller|larger|bigger|not|no|never|approx\w*|about|around"
    r"|roughly|nearly|almost|close|near|nearest|round\w*|estimat\w*|over|under|up\s+to|between|except|or|either|maybe|possibly|perhaps|unless|if"
    r"|bound|exceeds?|below|above|within|than|some|multiple|divisible)\b",
    re.I,
)
_LINK_END = re.compile(r"(?:\bis|\bare|\bequals?|\bbe|\bbeing|\bof|=|:|\bto|\bgives|\bget)\s*$", re.I)
_BARE_PROSE = re.compile(r"^((?:[A-Za-z']+\s+){2,}?(?:[A-Za-z']+\s*)?)([-+\d\\(].*)$")
_ENV = re.compile(r"^\\begin\{(aligned|align\*?|array|gathered|split|cases|eqnarray\*?)\}(\{[^{}]*\})?(.*)\\end\{\1\}$", re.S)
_ROW_SPACING = re.compile(r"\\\\\s*\[[^\]]*\]")
_EXACTLY = re.compile(r"\\text\{\s*(?:exactly|exact(?:\s+value)?:?|i\.e\.,?)\s*\}\s*", re.I)
_GENERAL_QUALIFIER = re.compile(
    r"(?:,|\\quad|\\qquad|\s)*(?:\\text\{\s*(?:for\s+(?:all|every|each|any|some)\b[^{}]*|where\b[^{}]*|with\b[^{}]*"
    r"|for\s*)\}|\\forall|\bfor\s+(?:all|every|each|any)\b)(.*)$",
    re.I | re.S,
)
_MEMBERSHIP_TAIL = re.compile(r"(?:,|\\quad|\\qquad|\s)+\(?\s*[a-zA-Z]\s*\\in\s*\\mathbb\s*\{?\s*[ZNzn]\s*\}?"
                              r"(?:\s*\^\s*\{?\s*[+*]\s*\}?|\s*_\s*\{?[^{}]{0,8}\}?)?\)?\s*$")
# ``a_n = 3n \\quad (n \\ge 1)``, ``f(n) = 2n, n > 0``: where a formula in n holds, a lower bound on n in
# parentheses (or after a comma), not a restriction to one case (``n = 1``) and not a bound on the value
_LOWER_BOUND_TAIL = re.compile(r"\s*\(\s*([a-zA-Z])\s*(?:\\geq|>)\s*[-+]?\d{1,3}\s*\)\s*$"
                               r"|\s*,\s*([a-zA-Z])\s*(?:\\geq|>)\s*[-+]?\d{1,3}\s*$")
_SPECIALIZATION = re.compile(r"(?<![<>\\])=|\\neq|\\ne\b")
_CONDITION = re.compile(r"\b(?:for|when|if|where|with|at|unless|except)\b", re.I)
_IN = re.compile(r"\\in(?![a-zA-Z])")
_OR_WORD = re.compile(r"\bor\b|\\lor(?![a-zA-Z])|\\vee(?![a-zA-Z])", re.I)
_NAME_LHS = re.compile(r"^[^=<>]*[a-zA-Z][^=<>]*$")
# a product of factors (a power, adjacent brackets, a coordinate letter applied to a bracket): x^2(y+1), (x+1)(y-2), x(y+1)
_PRODUCT_LHS = re.compile(r"\^|\)\s*\(|[}\d]\s*\(|(?<![A-Za-z\\])[xyz]\s*(?:\\left\s*)?\(")
# a multiple of one variable (2y, -y, \frac{1}{2}x, 3a_1): ``2y = 2(x+1)`` states 2y, not y
_SCALED_NAME = re.compile(r"^\s*(?:-\s*|\+\s*)?(?:\d+(?:\.\d+)?|\\[dt]?frac\s*\{\d+\}\s*\{\d+\})?\s*(?:\\cdot\s*)?"
                          r"[a-zA-Z](?:_\{?\w+\}?)?\s*$")


def _scaled_name(side: str) -> bool:
    """A sign or a coefficient times one variable (``2y``, ``-y``); a bare name (``y``) is not scaled."""
    m = _SCALED_NAME.match(side)
    return m is not None and not re.match(r"^\s*[a-zA-Z]", side)


def _last_env_row(s: str) -> str | None:
    m = _ENV.match(s)
    if not m or m.group(1) == "cases":
        return None
    rows = [r.replace("&", " ").strip() for r in _ROW_SPACING.sub(r"\\\\", m.group(3)).split("\\\\")]
    rows = [r for r in rows if r]
    return clean(rows[-1]) if rows else None


def _strip_qualifier(s: str) -> str | None:
    """Drop a trailing general qualifier (``for all n >= 1``, ``n \\in Z``, ``(n \\ge 1)``), never ``for n=1``."""
    m = _MEMBERSHIP_TAIL.search(s)
    if m:
        return clean(s[: m.start()])
    m = _LOWER_BOUND_TAIL.search(s)
    if m and m.start() > 0:
        value = s[: m.start()]
        var = m.group(1) or m.group(2)
        if re.search(rf"(?<![A-Za-z\\]){var}(?![A-Za-z])", value.split("=")[-1]):
            return clean(value)
    m = _GENERAL_QUALIFIER.search(s)
    if not m or m.start() == 0:
        return None
    tail = unwrap_text(s[m.start():])
    if _SPECIALIZATION.search(tail) or QUALIFIER_WORDS.search(re.sub(r"\b(?:for|all|every|each|any|some|where|with)\b", "", tail)):
        return None
    return clean(s[: m.start()])


strip_qualifier = _strip_qualifier   # public: the span without its trailing general qualifier (None: there is none)


def _prose_value(s: str) -> str | None:
    """The value a prose span declares: ``\\text{so the answer is }12`` -> ``12``; a sentence that
    names other numbers declares the one after its (last) link: ``\\text{Using the }5\\text{ and }10
    \\text{ given, the answer is }15`` -> ``15``, ``\\text{So there are }1232\\text{ integers between }1
    \\text{ and }2000`` -> ``1232``. A qualified link (``at least``, ``or``, ``maybe``) declares nothing."""
    if "\\text" not in s:
        return _bare_prose_value(s)
    texts = []
    for m in re.finditer(r"\\text\{", s):
        end = matching_brace(s, m.end() - 1)
        if end < 0:
            return None
        if not texts or m.start() > texts[-1][1]:
            texts.append((m.start(), end))
        if len(texts) > 24:
            return None
    if texts and texts[0][0] > 0:     # "1800\\text{ is the largest value}": the value named first
        first = unwrap_text(s[texts[0][0]:texts[0][1] + 1])
        head = s[:texts[0][0]].strip()
        if _NAMED_FIRST.match(first) and not QUALIFIER_WORDS.search(_CLAUSE_SPLIT.split(first)[0]) and "=" not in head:
            return clean(head)
    counted = _counted_subject(s, texts)
    if counted:
        return counted
    for link in (_STRONG_LINK, _LINK_END):     # "the sum equals 61 counting all 2 rows of 1": "equals", not "of"
        for k in range(len(texts) - 1, -1, -1):
            start, end = texts[k]
            prose, value = unwrap_text(s[start:end + 1]), s[end + 1:].strip()
            if not value or not link.search(prose):
                continue
            if QUALIFIER_WORDS.search(_CLAUSE_SPLIT.split(prose)[-1]) or _several_values(value):
                return None
            declared = _declared_value(value) if "\\text" in value else clean(value)
            if declared:
                return declared
            if k == 0 and not s[:start].strip():   # the whole span after a lead-in ("the answer is 12 or 13")
                return None if QUALIFIER_WORDS.search(prose) else clean(value)
    return None


def _several_values(value: str) -> bool:
    """``20\\text{ miles}+1, 2(20\\text{ miles}), 20\\text{ miles}`` after "one of": a list of values, not the one
    value a sentence declares (``1,232`` is one number: its parts after the first are 3-digit groups)."""
    parts = [unwrap_text(p).strip() for p in split_top(value, (",", ";"))]
    grouped = re.fullmatch(r"[-+]?\d{1,3}", parts[0]) and all(re.fullmatch(r"\d{3}", p) for p in parts[1:-1]) \
        and re.fullmatch(r"\d{3}(?:\.\d+)?(?:\s+[A-Za-z].*|\s*[.!])?", parts[-1])   # ('1,600 \\text{.}': a full stop)
    return len(parts) > 1 and not grouped


_STRONG_LINK = re.compile(r"(?:\bis|\bare|\bwas|\bwere|\bequals?|\bbe|\bbeing|=|:|\bgives|\bget|\bgot"
                          r"|\b(?:comes|amounts|adds\s+up|totals?)\s+to|\btotals?)\s*$", re.I)


# "18 numbers satisfy ...", "85 pairs work ...": a number that counts the subject of the sentence's verb
_SUBJECT_VERB = re.compile(r"^\s*(?:[A-Za-z][A-Za-z'-]*\s+){1,3}?(?:satisf\w*|remain\w*|work|works|exist\w*|are|is|were|was"
                           r"|meet|meets|fit|fits|lie|lies|occur\w*|appear\w*|can|will|have|has)\b", re.I)


_CONNECTIVE = re.compile(r"(?:so|thus|hence|therefore|then|and|or|but|which|that|since|because|as|if|when|where"
                         r"|while|the|a|an|it|this|these|we|is|are)$", re.I)


def _counted_subject(s: str, texts: list[tuple[int, int]]) -> str | None:
    """The one number that counts the sentence's subject (``\\text{From }1\\text{ to }320\\text{, }761
    \\text{ integers satisfy the condition}`` -> ``761``); never after a qualifier (``at least``)."""
    found = None
    prev_end = -1
    for start, end in texts:
        head = s[prev_end + 1:start].strip()
        words = unwrap_text(s[start:end + 1])
        before = unwrap_text(s[:prev_end + 1]) if prev_end >= 0 else ""
        if head and re.fullmatch(r"[-+]?\d+(?:\.\d+)?", head) and _SUBJECT_VERB.match(words):
            first = words.strip().split(" ", 1)[0]
            lead = _CLAUSE_SPLIT.split(before)[-1] if before else ""
            if (QUALIFIER_WORDS.match(first) or _TAIL_CONJUNCTION.match(words) or _CONNECTIVE.match(first)
                    or QUALIFIER_WORDS.search(lead)):
                return None
            if found is not None:
                return None            # two counted subjects: not one declared value
            found = head
        prev_end = end
    return found


_NAMED_FIRST = re.compile(r"^\s*(?:is|are|was|were)\s+(?:the|our|my|a|an)\b", re.I)
_CLAUSE_SPLIT = re.compile(r"[,;.:]\s+|\bso\b|\bthus\b|\bhence\b|\btherefore\b", re.I)
# A sentence that ends on its declared number: "..., the answer is 15", "... we get 240".
_DECLARED_END = re.compile(r"^(.*(?:\b(?:is|are|was|were|equals?|be|get|gives?|yields?|makes?)|[=:]))\s*"
                           r"([-+]?\d[\d,]*(?:\.\d+)?(?:/\d+)?)\s*[.!]?\s*$", re.I | re.S)


_TWO_WORDS = re.compile(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}")


def _bare_prose_value(s: str) -> str | None:
    """``the number of minutes being 3`` (words, no LaTeX) -> ``3``; ``there are 1232 integers
    between 1 and 2000`` -> ``1232`` (the words after the value name what it counts)."""
    m = _BARE_PROSE.match(s)
    if not m or QUALIFIER_WORDS.search(m.group(1)) or not _LINK_END.search(m.group(1)):
        end = _DECLARED_END.match(s) if len(s) <= 600 and _TWO_WORDS.search(s) else None
        if end is None or QUALIFIER_WORDS.search(_CLAUSE_SPLIT.split(end.group(1))[-1]):
            return None
        return clean(end.group(2))
    value = m.group(2)
    if _several_values(value):
        return None
    lead = _NUMBER_THEN_NOUN.match(value)
    if lead and _describes(lead.group(2)):
        return clean(lead.group(1))
    return clean(value)


# A number followed by words: ``1232 integers between 1 and 2000``.
_NUMBER_THEN_NOUN = re.compile(r"^([-+]?\d+(?:\.\d+)?(?:/\d+)?)\s+([A-Za-z][A-Za-z' ]*.*)$", re.S)
_TAIL_CONJUNCTION = re.compile(r"^\s*(?:and|or|nor|plus|minus|times|to|vs|versus|per|of)\b", re.I)   # "40 out of 100" describes


def _describes(tail: str) -> bool:
    """The words after a declared value name what it counts or where (``integers between 1 and
    2000``, ``ways``, ``between 2 and 10``), not a change of the value (``or 13``, ``more``, ``at
    most``, ``and 5``)."""
    first = tail.strip().split(" ", 1)[0].rstrip(".,;:")
    if not first or not first[0].isalpha() or _TAIL_CONJUNCTION.match(tail):
        return False
    return not _TAIL_QUALIFIER.match(tail.strip())


_TAIL_QUALIFIER = re.compile(r"(?:or|either|more|less|fewer|at\s+least|at\s+most|approx\w*|about|around|roughly"
                             r"|nearly|almost|maybe|possibly|perhaps|not|than|or\s+so|and\s+up|plus|minus|times"
                             r"|percent|round\w*|estimat\w*)\b", re.I)


def _declared_value(value: str) -> str | None:
    """``1232\\text{ integers between }1\\text{ and }2000`` -> ``1232``: the value a sentence declares
    ends where its describing words start."""
    k = value.find("\\text{")
    if k <= 0:
        return None
    end = matching_brace(value, k + 5)
    if end < 0:
        return None
    head = value[:k].strip()
    tail = value[k + 6:end]
    if not head or "\\text" in head or not (_describes(tail) or (not tail.strip(" .!,;") and not value[end + 1:].strip())):
        return None
    return clean(head)


def _members_consistent(members: list[str]) -> bool:
    """The members that read as numbers, or as plain arithmetic on numbers (``14 + 1``, exact, no CAS), have one
    value: ``16 = 14 + 1`` states two (16 and 15), whichever side the reference equals."""
    vals = set()
    for m in members:
        n = parse_number(m)
        if n is not None:
            vals.add(n.value)
            continue
        toks = plain_arith.tokens(m) if len(m) <= 200 else None
        if toks is None or " " in (grouped := plain_arith.groups(toks)) or "=" in grouped:
            continue
        try:
            vals.add(plain_arith.value(grouped))
        except (plain_arith.NotPlain, ValueError, ZeroDivisionError, OverflowError):
            continue
    return len(vals) <= 1


def _restated(s: str) -> bool:
    """``T = a + b, T = 5 + 4 = 9``: comma-separated steps that all restate one quantity."""
    steps = split_top(s)
    heads = {split_top(step, ("=",))[0].strip() for step in steps}
    lasts = [clean(split_top(step, ("=",))[-1]) for step in steps]
    return (len(steps) > 1 and len(heads) == 1 and all("=" in step for step in steps)
            and _members_consistent(lasts)  # "T = 5, T = 9" offers two values: not a restatement
            and any(len(split_top(step, ("=",))) > 2 for step in steps[1:]))  # a later step computes;
    # "a=2, a=-6-4\\sqrt2" (one value per step) lists solutions


def _env_after_name(s: str) -> str | None:
    """``N = \\begin{pmatrix}...\\end{pmatrix}`` -> the environment (no ``=`` inside it)."""
    head, _, env = s.partition("\\begin")
    parts = split_top(head, ("=",))
    if len(parts) < 2 or parts[-1] or not _NAME_LHS.match(parts[0]) or "=" in env:
        return None
    return clean("\\begin" + env)


def _zero_set(lhs: str, rhs: str) -> bool:
    """``lhs = 0`` is an equation: the left side a product with a variable (``x(y+1)``) or a sum with a variable
    and a constant term (``y^2 + 3``); ``a + b = 0`` (the sum asked for) is not."""
    if clean(rhs).strip() != "0" or not re.search(r"[A-Za-z]", lhs):
        return False
    if _PRODUCT_LHS.search(lhs):
        return True
    terms = [t.strip() for t in split_top(lhs.strip(), ("+", "-")) if t.strip()]
    return len(terms) > 1 and any(parse_number(t) is not None for t in terms)


def _last_member(s: str) -> str | None:
    """``total = 30+15 = 45`` -> ``45``; ``f(x) \\in (0,1)`` -> ``(0,1)``."""
    if "\\begin" in s:
        return _env_after_name(s)
    parts = split_top(_IN.sub("\x00", s), ("\x00", "="))
    if len(parts) < 2 or not parts[-1] or any(p.endswith(("<", ">", "!", "\\le", "\\ge")) for p in parts[:-1]):
        return None
    if any(len(split_top(p)) > 1 for p in parts[:-1]) and not _restated(s):
        return None
    if any(_CONDITION.search(unwrap_text(p)) for p in parts[1:-1]):
        return None
    if len(parts) == 2 and _scaled_name(parts[0]):
        return None  # ``2y = 2(x+1)``: the value of 2y, not of y
    if len(parts) == 2 and _zero_set(parts[0], parts[1]):
        return None  # ``x^2(y^2+y-6) = 0``, ``y^2 + 3 = 0``: an equation set to zero, not the value 0
    if len(parts) == 2 and not _members_consistent([clean(p) for p in parts]):
        return None  # "3 = 5" states a contradiction, not a value; a longer chain (x = 5+5+1 = 7 = 11) ends on its value
    if any(_OR_WORD.search(unwrap_text(p)) for p in parts[:-1]):
        return None  # "either x+1=3 or x=1": the chain crosses an "or", its last member is one alternative
    return clean(parts[-1])


last_member = _last_member   # public: the value a chain or an equation ends on (None: it states no one value)


_LETTER = re.compile(r"(?<![A-Za-z])(?!e(?![A-Za-z]))[A-Za-z]")   # a letter other than Euler's e


@memo_text("rule.view_approx")
def _approx_contradicts(s: str) -> bool:
    """``a \\approx d`` where ``a`` has a value (bounded evaluation) and ``d`` is a written decimal (plain or
    scientific) that is not ``a`` rounded or cut at its last digit (``\\frac{32}{9} \\approx 6.4``,
    ``\\frac{\\sqrt3}{2} \\approx 0.577``): the span states two values, neither is its answer. False when either side
    cannot be read (a unit, a name, a variable)."""
    from .precision import written          # noqa: PLC0415 - pure text reader
    from .surface import numeric_value      # noqa: PLC0415 - bounded evaluation, only for a span with \\approx

    parts = split_top(s, ("\\approx",))
    if len(parts) != 2:
        return False
    w = written(clean(parts[1]))
    left = clean(_last_member(parts[0]) or parts[0])
    if w is None or w.percent or not left or _LETTER.search(re.sub(r"\\[A-Za-z]+", "", left)):
        return False
    value = numeric_value(left)
    if value is None:
        return False
    try:
        with localcontext() as ctx:
            ctx.prec = 40
            exact = Decimal(repr(value))
            d = Decimal(w.value.numerator) / Decimal(w.value.denominator)
            q = Decimal(1).scaleb(w.last)
            rounded = abs(exact - d) <= q / 2 * (1 + Decimal("1e-9")) + abs(d) * Decimal("1e-12")
            cut = exact.quantize(q, rounding=ROUND_DOWN) == d.quantize(q)      # cut toward zero at the last digit
    except (InvalidOperation, ValueError, OverflowError):
        return False
    return not (rounded or cut)


def approximation_contradicts(span: str) -> str | None:
    """The exact member ``a`` of a span ``a \\approx d`` whose members are two values (see :func:`_approx_contradicts`),
    else None."""
    if "\\approx" not in span or len(span) > 300:
        return None
    s = clean(span)
    if _EXACTLY.search(s) or not _approx_contradicts(s):
        return None
    left = clean(_last_member(split_top(s, ("\\approx",))[0]) or split_top(s, ("\\approx",))[0])
    return left or None


# A quantity's name: one to three symbols (a Latin letter or a Greek letter's command, \\pi excepted: it
# is a value), each with optional subscripts, digit-free superscripts, primes, accents or a \\mathrm wrapper
# (``v``, ``E_k``, ``\\Delta \\lambda``, ``\\lambda_{\\max}``, ``\\vec{F}_{net}``, ``T'``, ``\\mathrm{KE}``).
_GREEK = (r"(?:alpha|beta|gamma|delta|epsilon|varepsilon|zeta|eta|theta|vartheta|iota|kappa|lambda|mu|nu|xi|rho"
          r"|varrho|sigma|varsigma|tau|upsilon|phi|varphi|chi|psi|omega|Gamma|Delta|Theta|Lambda|Xi|Sigma|Upsilon"
          r"|Phi|Psi|Omega|ell|hbar)(?![A-Za-z])")
_SCRIPT = (r"(?:_(?:\{(?:[^{}]|\{[^{}]*\})*\}|\\[A-Za-z]+|\w)"      # any subscript
           r"|\^(?:\{[^{}\d]*\}|\\[A-Za-z]+|[A-Za-z*])|')")          # a superscript without a digit (not e^{2})
_ATOM = (rf"(?:\\(?:mathrm|mathit|mathbf|boldsymbol|text|vec|hat|bar|tilde|dot|ddot|overline)\s*"
         rf"\{{(?:[^{{}}]|\{{(?:[^{{}}]|\{{[^{{}}]*\}})*\}})*\}}"          # braces nest twice: \\vec{V_{\\max}}
         rf"|\\{_GREEK}|[A-Za-z])")
_NAME_RE = re.compile(rf"\s*(?:{_ATOM}\s*{_SCRIPT}*\s*){{1,3}}")


def is_name(s: str) -> bool:
    """A span that names a quantity and states no value (see :data:`_NAME_RE`)."""
    return len(s) <= 80 and _NAME_RE.fullmatch(s) is not None


def _approx_exact(s: str) -> str | None:
    """``N \\approx 9.88e7 (\\text{exactly } 98{,}765{,}432)`` -> the exact value; else the
    member left of ``\\approx`` when it is not a name (``\\Delta \\lambda \\approx 1.4\\times10^{-2}``: the
    name is no exact value; read as one, any answer that repeated the name matched)."""
    m = _EXACTLY.search(s)
    if m:
        tail = s[m.end():].strip().rstrip(")").strip()
        return clean(tail) if tail else None
    if "\\approx" not in s:
        return None
    left = split_top(s, ("\\approx",))[0]
    left = clean(_last_member(left) or left)
    return left if left and not is_name(left) else None


def _approx_value(s: str) -> str | None:
    """``\\frac{\\sqrt2}{2} \\approx 0.707`` -> ``0.707``: matches only a reference that is
    itself that approximation (numbers compare exactly), so ``N \\approx 9.88e7`` stays wrong
    against ``98765432``."""
    if "\\approx" not in s or _EXACTLY.search(s) or _approx_contradicts(s):
        return None
    right = split_top(s, ("\\approx",))[-1]
    return clean(right) if right.strip() else None


# Steps joined by an implication or a "so": the span's conclusion is its last step.
_STEP_SEP = ("\\Rightarrow", "\\Longrightarrow", "\\implies", "\\therefore", "\\text{so}", "\\text{ so }",
             "\\text{so }", "\\text{ so}", "\\text{thus }", "\\text{ thus }", "\\text{hence }", "\\text{ hence }",
             "\\text{therefore }", "\\text{ therefore }")


def _last_step(s: str) -> str | None:
    """``3-5+7=5, \\text{so }5=6-x\\Rightarrow x=1`` -> ``x=1``: what the last implication concludes."""
    if not any(sep in s for sep in _STEP_SEP):
        return None
    parts = split_top(s, _STEP_SEP)
    last = parts[-1].strip().lstrip(",;:").strip() if len(parts) > 1 else ""
    if not last or _OR_WORD.search(unwrap_text(last)) or QUALIFIER_WORDS.match(unwrap_text(last).strip()):
        return None
    return clean(last)


def _counting(s: str) -> str | None:
    """``C(10,3)``, ``C_{10}^{3}``, ``{10 \\choose 3}``, ``A_5^2``: the counting notation read as \\binom / factorials
    (one more reading: the span as written stays a candidate)."""
    got = counting_reading(s)
    return clean(got) if got else None


# 'a (or b)', 'a or equivalently b': a value and its restatement in another form (\\frac{1}{2} \\text{ (or } 0.5))
_OR_RESTATED = re.compile(r"^(?P<a>[^()]+?)[\s,]*(?:\(\s*or\s+(?:equivalently\s+)?(?P<b>[^()]+?)\s*\)|\sor\s+"
                          r"(?:equivalently\s+)?(?P<c>[^()]+?))[\s.]*$")


def _or_restated(s: str) -> str | None:
    """``\\frac{1}{2} \\text{ (or } 0.5)`` -> ``\\frac{1}{2}``: two written numbers of one exact value joined by "or"
    are one answer; two values are not (None: the span stays whole, an alternative the reference cannot match)."""
    if "or" not in s or len(s) > 200:
        return None
    m = _OR_RESTATED.match(unwrap_text(s).strip())
    if m is None:
        return None
    a, b = m.group("a").strip(" ,"), (m.group("b") or m.group("c") or "").strip(" ,")
    na, nb = parse_number(a), parse_number(b)
    if na is None or nb is None or na.value != nb.value or na.percent != nb.percent:
        return None
    return clean(a)


# 'v (i.e., 6 \\times 7)', 'v (= 0.5)', 'v (namely 6 + 6)', 'v (because 8 + 2 = 10)': a value and a parenthetical that
# restates it in another form or computes it (issue 14, frontier boxes)
_REMARK_TAIL = re.compile(r"^(?P<v>(?:[^()]|\([^()]{0,40}\)){1,80}?)(?:\s|\\[,;: ]|\\q?quad|~)*\(\s*(?P<lead>i\.\s?e\.|that\s+is|namely|equivalently"
                          r"|which\s+(?:is|equals)|\\approx(?![A-Za-z])|\u2248|approx(?:imately|\.)?|about|roughly"
                          r"|since|because|as(?=\s)|=)\s*,?\s*(?P<x>(?:[^()]|\([^()]{0,60}\)){1,120}?)\s*\)\s*\.?$", re.I)
_JUSTIFIES = ("since", "because", "as")
_APPROXIMATES = ("\\approx", "\u2248", "about", "roughly")


def _same_value(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))


_PERCENT = re.compile(r"^(.+?)\s*\\?%$")


def _remark_value(text: str) -> float | None:
    """The value of one side of a restatement; a percent is its proportion (``50\\%`` restates ``\\frac12``)."""
    from .surface import numeric_value      # noqa: PLC0415 - bounded evaluation, only for a span with such a remark

    m = _PERCENT.match(text.strip())
    if m is None:
        return numeric_value(text)
    v = numeric_value(m.group(1))
    return None if v is None else v / 100


def _remark_restated(s: str) -> str | None:
    """``42\\text{ (i.e., } 6 \\times 7)`` -> ``42``: the value before a remark that restates it (i.e., that is, namely,
    equivalently, =) or computes it (since, because, as: the remark's equation ends on the value). Every value the
    remark names must be the value itself; a remark that bounds, doubts or offers another value (``(or 13)``,
    ``(i.e., 6 \\times 8)``, ``(at least)``) keeps the span whole."""
    if "(" not in s or len(s) > 240:
        return None
    m = _REMARK_TAIL.match(unwrap_text(s).strip())
    if m is None:
        return None
    from .words import words_to_number      # noqa: PLC0415 - pure text reader

    head, lead, x = clean(m.group("v").strip().rstrip(",")), m.group("lead").lower(), m.group("x").strip().rstrip(".")
    if not head or not x or QUALIFIER_WORDS.search(x) or "=" in head:
        return None
    target = _remark_value(head)
    if target is None:
        return None
    if lead in _APPROXIMATES or lead.startswith("approx"):
        # '2\\sqrt{3}\\ (\\approx 3.464)': the exact value and its decimal, rounded or cut at its last digit
        from .precision import written     # noqa: PLC0415 - pure text reader
        w = written(clean(x))
        return head if w is not None and not w.percent and not _approx_contradicts(clean(f"{head} \\approx {x}")) else None
    members = [p.strip() for p in x.split("=")]
    if lead in _JUSTIFIES and len(members) < 2:
        # a justification in words ('because there are 3 rows of 4'): no value of its own (no qualifier: checked above);
        # 'as' alone is too loose ('as a fraction')
        return head if lead != "as" and re.search(r"[A-Za-z]{3,}\s+[A-Za-z]{2,}", x) else None
    values = []
    for k, member in enumerate(members):
        if not member:
            return None
        w = words_to_number(member) if re.fullmatch(r"[A-Za-z -]+", member) else None
        v = float(w) if w is not None else _remark_value(clean(member))
        if v is None and (k == len(members) - 1 or lead not in _JUSTIFIES):
            return None                      # the value the remark ends on (or restates) must be read
        if v is not None:
            values.append(v)
    return head if values and all(_same_value(v, target) for v in values) else None


remark_restated = _remark_restated   # public: the value before a remark that restates or computes it (None: none)
or_restated = _or_restated           # public: 'a (or b)' of one exact value -> a (None: no such restatement)


def only_text(s: str) -> bool:
    """A span that is one ``\\text{...}`` wrapper around plain words/numbers (read cleaned)."""
    c = clean(s)
    return c.startswith("\\text{") and matching_brace(c, 5) == len(c) - 1 and c.count("\\text") == 1


def _text_wrapped(s: str) -> str | None:
    """``\\text{2,220}`` (the right side of ``x = \\text{2,220}``, a reduced span) -> ``2,220``: one ``\\text`` wrapper
    around the whole span is typography, as it is around a whole answer (``compare_core`` unwraps that one)."""
    return (clean(unwrap_text(s)) or None) if only_text(s) else None


_REDUCERS = (_last_env_row, _approx_exact, _approx_value, _strip_qualifier, _prose_value, _last_step, _last_member,
             _counting, _or_restated, _remark_restated, _text_wrapped)


@memo_text("rule.view_candidates")
def candidates(span: str) -> tuple[str, ...]:
    """The whole cleaned span, then every reduction of it (breadth-first, deduplicated)."""
    first = clean(span)
    out = [first]
    frontier = [first]
    while frontier and len(out) < 12:
        nxt = []
        for s in frontier:
            for red in _REDUCERS:
                r = red(s)
                if r and r not in out:
                    out.append(r)
                    nxt.append(r)
        frontier = nxt
    return tuple(out)


def rhs_of_assignment(gold: str) -> str | None:
    """``x = 3`` / ``f(2)=5`` -> the right side when the left side is a name, not a value."""
    parts = split_top(gold, ("=",))
    if len(parts) != 2 or not parts[1] or parts[0].endswith(("<", ">", "!")):
        return None
    lhs = parts[0]
    if parse_number(lhs) is not None or not _NAME_LHS.match(lhs) or is_sum(lhs) or offers_sign_choice(lhs):
        return None  # ``\pm n = 2`` names two values (n = 2 or n = -2), not the name n
    if _scaled_name(lhs):
        return None  # ``2y = 2(x+1)`` or ``-y = 3`` states a multiple of y, not y
    rhs = clean(parts[1])
    if rhs.strip() == "0" and _PRODUCT_LHS.search(lhs):
        return None  # ``x^2(y^2+y-6) = 0``, ``x(y+1) = 0``: a product set to zero is an equation (a curve), not a name
    return rhs


def is_sum(side: str) -> bool:
    """``y+3x-4`` is a sum of terms, not a name: ``y+3x-4=0`` is an equation (a line), and its
    right side ``0`` is not the answer it names. A leading sign and operators inside brackets
    (``a_{n+1}``, ``f(x-1)``) do not count."""
    terms = split_top(side.strip(), ("+", "-"))
    return sum(1 for t in terms if t.strip()) > 1


def is_equation(text: str) -> bool:
    """Two sides, the left a sum with a variable: a relation such as ``y+3x-4=0``; a product with a variable set
    to zero (``x(y+1)=0``); or a constant on the left and variables on the right (``7 = 11a+c``): a condition on
    the variables, not a value."""
    parts = split_top(text, ("=",))
    if len(parts) != 2:
        return False
    if parse_number(parts[0]) is not None and parts[1]:
        return bool(re.search(r"[A-Za-z]", _CONSTANT_COMMANDS.sub("", parts[1]))) and "\\text" not in parts[1]
    if clean(parts[1]).strip() == "0" and _PRODUCT_LHS.search(parts[0]) and re.search(r"[A-Za-z]", parts[0]):
        return True   # a product set to zero (x^2(y^2+y-6)=0, (x+1)(y-2)=0): the union of curves, not the value 0
    return bool(_NAME_LHS.match(parts[0])) and is_sum(parts[0])


_RELATION = re.compile(r"\\geq?(?![a-zA-Z])|\\leq?(?![a-zA-Z])|\\geqslant|\\leqslant|[<>]=?")
_CONSTANT_COMMANDS = re.compile(r"\\(?:frac|dfrac|sqrt|pi|cdot|times|left|right)(?![a-zA-Z])")


def bound_side(span: str) -> str | None:
    """The constant side of a single inequality whose other side has variables."""
    s = clean(span)
    ops = list(_RELATION.finditer(s))
    if len(ops) != 1:
        return None
    left, right = s[: ops[0].start()].strip(), s[ops[0].end():].strip()
    closed = [side for side in (left, right) if side and not re.search(r"[A-Za-z]", _CONSTANT_COMMANDS.sub("", side))]
    return clean(closed[0]) if len(closed) == 1 else None
