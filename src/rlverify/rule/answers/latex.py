"""Pure-text LaTeX helpers for answer spans: cleaning, brace matching, top-level splitting.

Nothing here evaluates anything; every function is linear-ish in the input length and
works on strings already capped by :mod:`rlverify.runtime.limits`.

Interface::

    clean(text) -> str              canonical spacing/wrappers, \\dfrac -> \\frac, \\left( -> (
    unwrap_text(text) -> str        \\text{abc} / \\mathrm{abc} / \\textbf{abc} -> abc
    matching_brace(text, i) -> int  index of the brace closing the one at i (or -1)
    split_top(text, seps) -> list   split on separators outside any bracket/brace
    strip_outer(text) -> str        drop one pair of braces around the whole text
    plain_key(text) -> str          space/wrapper-free key for textual comparison
"""

from __future__ import annotations

import functools
import html
import html.entities
import re
import unicodedata
from fractions import Fraction
from ...runtime.caches import lru, memo_text

__all__ = [
    "clean",
    "digits_apart",
    "unwrap_text",
    "matching_brace",
    "split_top",
    "strip_outer",
    "plain_key",
    "collapse_digit_groups",
    "short_fracs",
    "balanced",
    "unescaped",
    "numbers_side_by_side",
]

_OPEN = "([{"
_CLOSE = ")]}"

# Commands whose removal never changes a value.
_NOISE = re.compile(
    r"\\(?:displaystyle|textstyle|scriptstyle|limits|nolimits|mathstrut|strut|phantom\{[^{}]*\}"
    r"|hphantom\{[^{}]*\}|vphantom\{[^{}]*\}|big|Big|bigg|Bigg|bigl|bigr|Bigl|Bigr|biggl|biggr)"
    r"(?![a-zA-Z])"
)
# Empty groups that render as nothing: empty scripts (``{}^{}_{}``, ``x^{}``) and an empty font group (``\text{}``).
# A lone ``{}`` stays: ``{}^{14}C`` is a prefix script.
_EMPTY_GROUPS = re.compile(r"(?:\{\s*\})?(?:[\^_]\s*\{\s*\})+|\\(?:text|mathrm|textrm|mathbf|textbf|mbox|mathit)\s*\{\s*\}")
_SPACES = re.compile(r"(?<!\\)\\(?:,|;|:|!|>|\s|quad(?![a-zA-Z])|qquad(?![a-zA-Z])|thinspace|medspace|thickspace"
                     r"|enspace|hspace\*?\{[^{}]*\}|kern\{?-?[\d.]+\w*\}?)|~")
_LEFT_RIGHT = re.compile(r"\\(?:left|right)(?![a-zA-Z])\s*(\\[{}|]|[()[\]|.]|\\[lr]?[vV]ert|\\langle|\\rangle)?")
_FRAC_VARIANTS = re.compile(r"\\[dtc]frac(?![a-zA-Z])")
# a number before a binomial coefficient multiplies it: the grammar reads 2\binom{10}{3} as a mixed number (122)
_DIGITS_GO_ON = re.compile(r"(\d\.\d+)\s*(?:\.{3,}|\u2026)$")
_NUMBER_BINOM = re.compile(r"(\d)\s*\\[dt]?binom(?![a-zA-Z])")
_CHOOSE = re.compile(r"\{([^{}]{1,40}?)\\choose(?![a-zA-Z])([^{}]{1,40}?)\}|^([^{}]{1,40}?)\\choose(?![a-zA-Z])([^{}]{1,40})$")
_SHORT_FRAC = re.compile(r"\\frac\s*(\d)\s*(\d)")
_SHORT_FRAC_BRACE1 = re.compile(r"\\frac\s*(\{[^{}]*\})\s*(\d|[a-zA-Z])(?![a-zA-Z{])")
_SHORT_FRAC_BRACE2 = re.compile(r"\\frac\s*(\d|[a-zA-Z])\s*(\{[^{}]*\})")
# TeX's reading of an unbraced argument: one token, a digit, a letter or a symbol command (``\\frac1x``,
# ``\\frac ab``, ``\\frac\\pi2``); a letter right after ``\\frac`` would be part of the command name, so it needs a space
_TOKEN_ARG = r"(\d|\\(?:pi|alpha|beta|gamma|delta|epsilon|theta|lambda|mu|sigma|tau|phi|omega|ell|infty)(?![a-zA-Z]))"
_SHORT_FRAC_TOKENS = re.compile(r"\\frac(?:\s*" + _TOKEN_ARG + r"|\s+([a-zA-Z]))\s*(?:" + _TOKEN_ARG + r"|([a-zA-Z]))")
_SHORT_SQRT = re.compile(r"\\sqrt\s*(\d+|[a-zA-Z])(?![a-zA-Z])")
_TEXT_CMD = re.compile(r"\\(?:text|textbf|textit|textrm|textnormal|mathrm|mathbf|mathit|mathsf|mathtt|operatorname|mbox|bf|rm|it)\s*\{")
_STRAY_BACKSLASH = re.compile(r"(?<!\\)\\(?=\d)")  # "\15" (a lost "\$") is "15"; "\\2" row breaks stay
_PLAIN_FUNC = re.compile(r"(?<![A-Za-z\\])(sqrt|pi|sin|cos|tan|cot|sec|csc|ln|log|exp|arcsin|arccos|arctan|erfc|erf"
                         r"|alpha|beta|gamma|delta|theta|lambda|sigma|omega|varphi|epsilon|tau|mu|phi|rho|kappa"
                         r"|zeta|psi)(?![A-Za-z])")
# a Python module's name before a function or constant: 'np.arcsin(', 'math.sqrt(', 'np.pi', 'math.asin(' ('a' + sin: arcsin)
_MODULE_FUNC = re.compile(r"(?<![\w.])(?:np|numpy|math|cmath|sympy|sp|scipy)\.(a(?=(?:sin|cos|tan)\s*\())?"
                          r"(?=(?:sqrt|pi|e|sin|cos|tan|cot|sec|csc|ln|log|exp|arcsin|arccos|arctan)(?![A-Za-z0-9_]))")
_PLAIN_SQRT = re.compile(r"(?<![A-Za-z\\])sqrt\s*\(([^()]*)\)")
# a function's name set upright by hand, applied to an argument: ``\\text{sin}(x)``, ``\\mathrm{log} 2``,
# ``\\operatorname{arctan}\\frac12`` -> ``\\sin (x)``; the bare word (``\\text{ln}``) stays text
_WRAPPED_FUNCTION = re.compile(r"\\(?:text|mathrm|operatorname|textrm|rm)\s*\{\s*(sin|cos|tan|cot|sec|csc|ln|log|exp"
                               r"|arcsin|arccos|arctan|sinh|cosh|tanh|lg|max|min|gcd|det|erfc|erf)\s*\}(?=\s*[\w(\[{\\])")
# ISO upright constants: \mathrm{e} is Euler's number, \mathrm{i} the imaginary unit (``\mathrm{e}^{\mathrm{i}\pi}``)
_UPRIGHT_CONSTANT = re.compile(r"\\(?:mathrm|rm|operatorname|mathup|textrm)\s*\{\s*([ei])\s*\}")
# a number in upright type ('\\mathrm{-448/6561}', '\\mathrm{1/2}'): the number (a unit has letters)
_UPRIGHT_NUMBER = re.compile(r"\\(?:mathrm|rm|mathup|textrm)\s*\{\s*(-?\s*\d[\d.,]*(?:\s*/\s*\d[\d.,]*)?)\s*\}")
_CMD_SPACE = re.compile(r"\\(text|textbf|mathrm|mathbf|operatorname|frac|sqrt)\s+\{")
_INNER_DOLLAR = re.compile(r"(?<!\\)\$")  # "$a$,$b$": math delimiters inside the span
_DOLLARS = re.compile(r"^\$+|\$+$")
# A thousands separator in any spelling: ``{,}``, ``,`` or nothing, followed by any run of LaTeX
# spacing (``\!``, ``\,``, ``\ ``, ``\thinspace``) and blanks, thin/no-break spaces included
# (``4,\! 096,\! 000``, ``4\,096``, ``4{,}096``, ``4 096``). A bare comma alone (``1,000``: maybe a
# list) or a bare blank alone (``4 096``: maybe a product) is not a separator here.
_SEP_SPACE = r"(?:\\(?:[,!: ;]|thinspace(?![a-zA-Z]))|[\u2009\u202f\u00a0])"
_SEP = rf"(?:(?:\{{,\}}|,)?[ ]?(?:{_SEP_SPACE}[ ]?)+|\{{,\}}[ ]?)"
_DIGIT_GROUP = re.compile(rf"(?<![\d.])(\d{{1,3}})((?:{_SEP}\d{{3}})+)(?![\d])")
_GROUP_SEP = re.compile(_SEP)


def matching_brace(text: str, i: int) -> int:
    """Index of the bracket closing ``text[i]`` (one of ``([{``), or -1 when unbalanced."""
    opener = text[i]
    closer = _CLOSE[_OPEN.index(opener)]
    depth = 0
    for k in range(i, len(text)):
        c = text[k]
        if c == "\\" and k + 1 < len(text) and text[k + 1] in "{}":
            continue
        if c == opener and (k == 0 or text[k - 1] != "\\"):
            depth += 1
        elif c == closer and (k == 0 or text[k - 1] != "\\"):
            depth -= 1
            if depth == 0:
                return k
    return -1


def unwrap_text(text: str) -> str:
    """Replace ``\\text{...}``-like wrappers by their content (nested ones too)."""
    for _ in range(50):
        m = _TEXT_CMD.search(text)
        if not m:
            return text
        j = matching_brace(text, m.end() - 1)
        if j < 0:
            return text[: m.start()] + text[m.end():]
        text = text[: m.start()] + text[m.end(): j] + text[j + 1:]
    return text


def collapse_digit_groups(text: str) -> str:
    """``4{,}096{,}000`` / ``4\\,096\\,000`` / ``4,\\!096`` -> ``4096000`` (3-digit groups only).

    Plain ``1,000`` is left alone here (it may be a list); numbers.parse_number accepts it.
    """
    return _DIGIT_GROUP.sub(lambda m: m.group(1) + _GROUP_SEP.sub("", m.group(2)), text)


def strip_outer(text: str) -> str:
    """Remove braces wrapping the whole text: ``{x+1}`` -> ``x+1`` (repeatedly)."""
    text = text.strip()
    while text.startswith("{") and text.endswith("}") and matching_brace(text, 0) == len(text) - 1:
        text = text[1:-1].strip()
    return text


_RUN_OF_SPACE = re.compile(r"\s+")
_END_STOP = re.compile(r"(?:\s|\\ )*[.;]+$")
_KEY_SPACE = re.compile(r"[\s~]+")


_SPACED_DIGITS = re.compile(r"\d(?:\s+\d+)+")
_DIGIT_RUN = re.compile(r"\d+(?:\s+\d+)+")
_THOUSANDS = re.compile(r"\d{1,3}(?:\s\d{3})+")


def _kept_apart(m: re.Match[str]) -> str:
    run = m.group()
    return run if _THOUSANDS.fullmatch(run) else "\x00".join(run.split())


def digits_apart(text: str) -> str:
    """Numbers side by side keep a separator (``\\x00``) where their blanks would be removed: ``1 1`` is not 11. A run
    in thousands groups (``1 000 000``, single blanks) is one number and stays as written."""
    return _DIGIT_RUN.sub(_kept_apart, text) if _SPACED_DIGITS.search(text) else text


# a digit run that is no script (not after ^ or _) followed by blanks and another digit
_SIDE_BY_SIDE = re.compile(r"(?<![\d.^_{])\d+\s+\d")


def numbers_side_by_side(text: str) -> bool:
    """Two numbers written side by side, split by blanks only (``19  9``, ``2 + 1 8``, ``3 1/2``): no value is written
    (the grammar reads their sum, a blank-blind reader their concatenation). Not thousands groups (``12 345``), nor a
    script before its argument (``\\sin^3 2``)."""
    return " " in text and _SIDE_BY_SIDE.search(text) is not None and "\x00" in digits_apart(text)


@memo_text("rule.latex_clean")
def clean(text: str) -> str:
    """Canonical spelling of a LaTeX answer span (value-preserving rewrites only)."""
    s = _unescaped(text).strip()
    s = _DOLLARS.sub("", s).strip()
    s = _INNER_DOLLAR.sub("", s) if "$" in s else s
    s = s.replace("\\[", "").replace("\\]", "") if s.startswith("\\[") else s
    if s.startswith("\\(") and s.endswith("\\)"):
        s = s[2:-2]
    s = _FRAC_VARIANTS.sub(r"\\frac", s)
    if "\\choose" in s:   # {n \choose k} is \binom{n}{k} (the grammar reads 2{5 \choose 2} as 12)
        s = _CHOOSE.sub(lambda m: "\\binom{%s}{%s}" % ((m.group(1) or m.group(3)).strip(), (m.group(2) or m.group(4)).strip()), s)
    s = _NUMBER_BINOM.sub(r"\1 \\cdot \\binom", s) if "binom" in s else s
    s = _CMD_SPACE.sub(r"\\\1{", s)
    s = _WRAPPED_FUNCTION.sub(r"\\\1 ", s) if "{" in s else s
    s = _UPRIGHT_CONSTANT.sub(r" \1 ", s) if "{" in s else s
    s = _UPRIGHT_NUMBER.sub(r"\1", s) if "rm" in s or "mathup" in s else s
    s = _NOISE.sub("", s)
    s = _EMPTY_GROUPS.sub("", s) if "{" in s else s
    s = _LEFT_RIGHT.sub(lambda m: m.group(1) if m.group(1) and m.group(1) != "." else "", s)
    s = s.replace("\\lbrace", "\\{").replace("\\rbrace", "\\}").replace("\\lvert", "|").replace("\\rvert", "|")
    s = s.replace("\\langle", "(").replace("\\rangle", ")")
    s = s.replace("\u00b1", "\\pm ").replace("\u2213", "\\mp ")
    s = s.replace("\u2212", "-").replace("\u00b7", "\\cdot ").replace("\u00d7", "\\times ")
    s = _math_symbols(s)
    s = s.replace("**", "^").replace("\\varnothing", "\\emptyset").replace("\\{\\}", "\\emptyset")
    s = s.replace("\\dots", "\\ldots").replace("\\cdots", "\\ldots")
    s = _APPROX_SIGNS.sub(r"\\approx", s) if "approx" in s or "simeq" in s else s
    s = collapse_digit_groups(s)
    s = _SPACES.sub(" ", s)
    s = short_fracs(s)
    s = _plain_functions(s)
    s = _SHORT_SQRT.sub(r"\\sqrt{\1}", s)
    s = _RUN_OF_SPACE.sub(" ", s).strip()
    s = _DIGITS_GO_ON.sub(r"\1\\ldots", s)   # 0.3333... is a decimal said to go on, not 0.3333 and a period
    if "equiv" in s or "\u2261" in s:
        s = _identically(s)
    if "mapsto" in s:   # f: x \mapsto 2x is f(x) = 2x
        s = _MAPSTO.sub(lambda m: f"{m.group(1)}({m.group(2)}) = ", s)
    s = _END_STOP.sub("", s).strip()
    s = _strip_stray_closer(s)
    s = _STRAY_BACKSLASH.sub("", s)
    return _unbolded(strip_outer(s))


# a function identically equal to a formula: 'f \\equiv 0', 'f(x) \\equiv x' (no modulus anywhere: that is a congruence)
_IDENTICALLY = re.compile(r"(?<![A-Za-z\\])(?:([fghFGH])|([A-Za-z])\s*\(\s*([A-Za-z])\s*\))\s*(?:\\equiv(?![A-Za-z])|\u2261)\s*")
_MAPSTO = re.compile(r"(?<![A-Za-z\\])([A-Za-z])\s*:\s*([A-Za-z])\s*\\(?:long)?mapsto(?![A-Za-z])\s*")
_MODULUS = re.compile(r"mod|\\pmod|\\bmod|\\pod", re.I)
_CALL = re.compile(r"(?<![A-Za-z\\])[A-Za-z]\s*\(\s*([A-Za-z])\s*\)")


def _identically(s: str) -> str:
    """``f \\equiv 0 \\text{ or } f(x) = x^2`` -> ``f(x) = 0 \\text{ or } f(x) = x^2``: a function identically equal
    to a formula is the function defined by it (a bare name takes the variable another call in the text has, else x)."""
    if _MODULUS.search(s):
        return s
    call = _CALL.search(s)
    var = call.group(1) if call else "x"
    return _IDENTICALLY.sub(lambda m: (f"{m.group(1)}({var}) = " if m.group(1) else f"{m.group(2)}({m.group(3)}) = "), s)


_BOLD = re.compile(r"^\\(?:textbf|mathbf|boldsymbol|bm|pmb)\s*\{")


def _unbolded(s: str) -> str:
    """A whole answer set in bold is the answer: ``\\textbf{(113) }`` -> ``(113)`` (AoPS's AIME boxes)."""
    for _ in range(3):
        m = _BOLD.match(s)
        if not m or matching_brace(s, m.end() - 1) != len(s) - 1:
            return s
        s = strip_outer(s[m.end(): -1])
    return s


# One spelling per relation and set symbol, whether written in LaTeX, unicode or ASCII:
# ``x != 3``, ``x \\ne 3``, ``x≠3`` -> ``x \\neq 3``; ``<=``/``≤``/``\\le``/``\\leqslant`` -> ``\\leq``;
# ``∞`` ``∪`` ``∩`` ``∈`` ``√`` ``π`` -> their commands; ``+\\infty`` as an end point -> ``\\infty``.
_UNICODE_MATH = {"\u2260": " \\neq ", "\u2264": " \\leq ", "\u2a7d": " \\leq ", "\u2265": " \\geq ",
                 "\u2a7e": " \\geq ", "\u221e": "\\infty ", "\u222a": " \\cup ", "\u2229": " \\cap ",
                 "\u2208": " \\in ", "\u2209": " \\notin ", "\u03c0": "\\pi ", "\u211d": "\\mathbb{R}",
                 "\u2124": "\\mathbb{Z}", "\u21d2": " \\Rightarrow ", "\u2192": " \\to ", "\u2205": "\\emptyset ",
                 "\u2200": "\\forall ", "\u2203": "\\exists ", "\u2286": " \\subseteq ", "\u2282": " \\subset ",
                 "\u2248": " \\approx ", "\u2243": " \\approx ", "\u2227": " \\land ", "\u2228": " \\lor "}
_UNICODE_MATH.update({"\u22c5": " \\cdot ", "\u2219": " \\cdot ", "\u2217": "*", "\u00f7": " \\div ", "\u2044": "/",
                      "\u2215": "/", "\u2148": "i", "\u212f": "e"})
# one spelling of "approximately equal": \\simeq, \\thickapprox, \\approxeq (and unicode ≈ ≃ above) -> \\approx
_APPROX_SIGNS = re.compile(r"\\(?:simeq|thickapprox|approxeq)(?![a-zA-Z])")
_UNICODE_RE = re.compile("[" + "".join(_UNICODE_MATH) + "]")
# CJK typesetting: the fullwidth forms of ASCII (（1，2） ＞ －３ １／２; not ＼, which would start a command), the
# ideographic space and enumeration comma (1、2、3)
_FULLWIDTH = {cp: cp - 0xFEE0 for cp in range(0xFF01, 0xFF5F) if cp != 0xFF3C}
_FULLWIDTH.update({0x3000: ord(" "), 0x3001: ord(",")})
# HTML as scraped pages write math: x<sup>2</sup>, a<sub>n</sub>, &lt; &ge; &#8804; &nbsp; (one entity at a time)
_HTML_SCRIPT = re.compile(r"<(sup|sub)>([^<>]{0,200})</\1>", re.I)
_HTML_ENTITY = re.compile(r"&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,8})(;|(?![\w;]))")  # '&pi' ends a span too
_HTML_BREAK = re.compile(r"<br\s*/?>", re.I)
# scripts written with unicode's superscript/subscript letters, one run at a time: ``10⁻⁵`` -> ``10^{-5}``,
# ``x¹²`` -> ``x^{12}``, ``2ⁿ`` -> ``2^{n}``, ``a₁₀`` -> ``a_{10}``
_SUPERSCRIPTS = dict(zip("\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079\u207a\u207b\u207c\u207d\u207e\u207f\u2071",
                         "0123456789+-=()ni"))
_SUBSCRIPTS = dict(zip("\u2080\u2081\u2082\u2083\u2084\u2085\u2086\u2087\u2088\u2089\u208a\u208b\u208c\u208d\u208e",
                       "0123456789+-=()"))
_SUPER_RUN = re.compile("[" + "".join(_SUPERSCRIPTS) + "]+")
_SUB_RUN = re.compile("[" + "".join(_SUBSCRIPTS) + "]+")
# ``½`` -> ``\frac{1}{2}`` (``1½`` -> ``1\frac{1}{2}``, a mixed number); ``∛x`` / ``∜x`` -> ``\sqrt[3]{x}``
_VULGAR = {c: "\\frac{%d}{%d}" % (f.numerator, f.denominator) for c, f in (
    (c, Fraction(unicodedata.numeric(c)).limit_denominator(10)) for c in "\u00bc\u00bd\u00be\u2150\u2151\u2152"
    "\u2153\u2154\u2155\u2156\u2157\u2158\u2159\u215a\u215b\u215c\u215d\u215e")}
_VULGAR_RE = re.compile("[" + "".join(_VULGAR) + "]")
_UNICODE_ROOT = re.compile(r"([\u221b\u221c])\s*(?:\(([^()]{1,80})\)|\{([^{}]{1,80})\}|(\d+(?:\.\d+)?|[A-Za-z]))")
_UNICODE_SQRT = re.compile(r"\u221a\s*(?:\(([^()]{1,80})\)|\{([^{}]{1,80})\}|(\d+(?:\.\d+)?|[A-Za-z]))")
_REL_SPELLINGS = re.compile(r"\\(?:leqslant|leq|le|geqslant|geq|ge|neq|ne|lt|gt)(?![a-zA-Z])|<=|>=|(?<![\d)}\]!\\])!=")
_REL_CANON = {"\\leqslant": "\\leq", "\\le": "\\leq", "<=": "\\leq", "\\geqslant": "\\geq", "\\ge": "\\geq",
              ">=": "\\geq", "\\ne": "\\neq", "!=": "\\neq", "\\lt": "<", "\\gt": ">"}
# sympy's ``oo`` as the end of an interval: ``(5, oo)``, ``(-oo, 0]``
_ASCII_INFINITY = re.compile(r"(?<=[(\[,])(\s*[+-]?\s*)oo(?=\s*[)\],])")
_PLUS_INFINITY = re.compile(r"(^|[(\[,]\s*)\+\s*\\infty(?![a-zA-Z])")


# A reference that went through a string escape: ``\\f`` of ``\\frac`` became a form feed, ``\\b`` of
# ``\\boxed`` a backspace, or the backslash was doubled (``\\\\frac``). Only before a command's name.
_COMMANDS = (r"(?:frac|dfrac|tfrac|sqrt|pi|text|times|cdot|infty|left|right|alpha|beta|theta|lambda|leq?|geq?|neq?"
             r"|sin|cos|tan|ln|log|boxed|mathrm|cup|cap|pm|mu|omega|sigma|rho|nu|bigg?)(?![a-zA-Z])")
_CONTROL_OF = {"\x07": "\\a", "\x08": "\\b", "\x0b": "\\v", "\x0c": "\\f", "\t": "\\t", "\r": "\\r", "\n": "\\n"}
_DOUBLED_BACKSLASH = re.compile(r"\\\\(?=" + _COMMANDS + ")")
_PAREN_EXPONENT = re.compile(r"\^\s*\(([^()]{1,40})\)")


def _unescaped(s: str) -> str:
    """Undo a string escape applied to LaTeX (a control character or a doubled backslash before a
    command's name); ``10^(-10)`` -> ``10^{-10}``."""
    if any(c in s for c in "\x07\x08\x0b\x0c\t\r\n"):
        s = re.sub(r"[\x07\x08\x0b\x0c\t\r\n](?=[a-z]{1,8})", lambda m: _restore(s, m), s)
    if "\\\\" in s:
        s = _DOUBLED_BACKSLASH.sub(r"\\", s)
    if "^(" in s or "^ (" in s:
        s = _PAREN_EXPONENT.sub(r"^{\1}", s)
    return s


unescaped = _unescaped   # public: a reference read outside clean() (the text comparisons) repairs the same escapes


def _restore(s: str, m: re.Match) -> str:
    """The command a control character stands for, when the letters after it complete a command name."""
    cmd = _CONTROL_OF[m.group()]
    return cmd if re.match(_COMMANDS, cmd[1:] + s[m.end():m.end() + 8]) else m.group()


_RADICAL_INDEX = {"\u221a": "", "\u221b": "[3]", "\u221c": "[4]"}
_RADICAL_PAREN = re.compile(r"([\u221a\u221b\u221c])\s*\(")


def _radicals_in_parens(s: str) -> str:
    """``√(12/(n(n−1)))`` -> ``\\sqrt{12/(n(n−1))}``: a radical over a bracketed group, nested brackets too."""
    for _ in range(16):
        m = _RADICAL_PAREN.search(s)
        if not m:
            return s
        j = matching_brace(s, m.end() - 1)
        if j < 0:
            return s
        s = s[: m.start()] + "\\sqrt" + _RADICAL_INDEX[m.group(1)] + "{" + s[m.end(): j] + "}" + s[j + 1:]
    return s


def _html(s: str) -> str:
    """Scripts and entities of scraped HTML as LaTeX (``3<sup>x</sup>`` -> ``3^{x}``, ``&le;`` -> ``≤``)."""
    if "<" in s:
        s = _HTML_SCRIPT.sub(lambda m: ("^{" if m.group(1).lower() == "sup" else "_{") + m.group(2) + "}", s)
        s = _HTML_BREAK.sub(" ", s)
    if "&" in s:
        s = _HTML_ENTITY.sub(_entity, s)
    return s


def _entity(m: re.Match) -> str:
    name = m.group(1)
    if name.startswith("#"):
        return html.unescape("&" + name + ";")
    return html.entities.html5.get(name + ";", m.group())


def _math_symbols(s: str) -> str:
    if "<" in s or "&" in s:
        s = _html(s)
    if not s.isascii():
        s = s.translate(_FULLWIDTH)
        s = _radicals_in_parens(s)
        s = _UNICODE_SQRT.sub(lambda m: "\\sqrt{" + (m.group(1) or m.group(2) or m.group(3)) + "}", s)
        s = _UNICODE_ROOT.sub(lambda m: "\\sqrt[%d]{%s}" % (3 if m.group(1) == "\u221b" else 4,
                                                          m.group(2) or m.group(3) or m.group(4)), s)
        s = _UNICODE_RE.sub(lambda m: _UNICODE_MATH[m.group()], s)
        s = _SUPER_RUN.sub(lambda m: "^{" + "".join(_SUPERSCRIPTS[c] for c in m.group()) + "}", s)
        s = _SUB_RUN.sub(lambda m: "_{" + "".join(_SUBSCRIPTS[c] for c in m.group()) + "}", s)
        s = _VULGAR_RE.sub(lambda m: _VULGAR[m.group()], s)
    if "=" in s or "\\" in s:
        s = _REL_SPELLINGS.sub(lambda m: " " + _REL_CANON.get(m.group(), m.group()) + " ", s)
    if "oo" in s:
        s = _ASCII_INFINITY.sub(r"\1\\infty", s)
    if "infty" in s:
        s = _PLUS_INFINITY.sub(r"\1\\infty", s)
    return s


def short_fracs(s: str) -> str:
    """``\\frac12`` / ``\\frac{270}7`` / ``\\frac1{x}`` / ``\\frac1x`` / ``\\frac ab`` / ``\\frac\\pi2`` -> braced ``\\frac{..}{..}``."""
    if "\\frac" not in s:
        return s
    s = _SHORT_FRAC.sub(r"\\frac{\1}{\2}", s)
    s = _SHORT_FRAC_BRACE1.sub(r"\\frac\1{\2}", s)
    s = _SHORT_FRAC_BRACE2.sub(r"\\frac{\1}\2", s)
    return _SHORT_FRAC_TOKENS.sub(lambda m: "\\frac{%s}{%s}" % (m.group(1) or m.group(2), m.group(3) or m.group(4)), s)


def _plain_functions(s: str) -> str:
    """``2*sqrt(3)``, ``pi/4``, ``sin(x)`` written without backslashes -> LaTeX commands; Python's spelling too
    (``np.arcsin(10/13)``, ``math.asin(x)``, ``np.pi/4``: the module prefix dropped, ``asin`` read as ``arcsin``)."""
    if "." in s and "\\text" not in s:
        s = _MODULE_FUNC.sub(lambda m: "arc" if m.group(1) else "", s)
    if "\\text" in s or not _PLAIN_FUNC.search(s):
        return s
    s = _PLAIN_SQRT.sub(r"\\sqrt{\1}", s)
    return _PLAIN_FUNC.sub(r"\\\1", s)


def _strip_stray_closer(s: str) -> str:
    """``) 81`` (a span cut after an option label) -> ``81``: only an unbalanced leading closer."""
    if s and s[0] in ")]" and s.count(s[0]) > s.count("(" if s[0] == ")" else "["):
        return s[1:].strip()
    return s


@lru("rule.split_stops")
def _split_stops(seps: tuple[str, ...]) -> re.Pattern:
    """The characters where :func:`split_top` has something to do: a backslash, a bracket, a separator's first."""
    return re.compile("[" + re.escape("\\" + _OPEN + _CLOSE + "".join(sorted({s[0] for s in seps if s}))) + "]")


def split_top(text: str, seps: tuple[str, ...] = (",",)) -> list[str]:
    """Split ``text`` on any of ``seps`` where no bracket/brace is open."""
    if not any(s in text for s in seps):
        return [text.strip()]   # C-speed check: nothing to split at
    stops = _split_stops(seps)
    parts: list[str] = []
    depth = 0
    start = 0
    k = 0
    n = len(text)
    while k < n:
        m = stops.search(text, k)   # the characters in between change nothing
        if m is None:
            break
        k = m.start()
        c = text[k]
        if c == "\\" and k + 1 < n and text[k + 1] in "{}":
            depth += 1 if text[k + 1] == "{" else -1
            k += 2
            continue
        if c in _OPEN:
            depth += 1
        elif c in _CLOSE:
            depth -= 1
        elif depth == 0:
            hit = next((s for s in seps if text.startswith(s, k)), None)
            if hit is not None:
                parts.append(text[start:k])
                k += len(hit)
                start = k
                continue
        k += 1
    parts.append(text[start:])
    return [p.strip() for p in parts]


def plain_key(text: str) -> str:
    """Wrapper-free, space-free key used for textual equality (case kept: ``N`` is not
    ``n``; callers lowercase it for prose). Braces stay: ``\\frac{1}{23}`` is not
    ``\\frac{12}{3}``."""
    s = strip_outer(unwrap_text(clean(text)))
    s = _EXPLICIT_PRODUCT.sub("", s) if "\\" in s or "*" in s else s
    s = _KEY_SPACE.sub("", digits_apart(s))
    if "{" in s and ("^" in s or "_" in s):
        s = _ONE_CHAR_SCRIPT.sub(r"\1\2", s)   # x^{2} is x^2, a_{1} is a_1 (one character: 10^{12} stays)
    return s.rstrip(".").removeprefix("+")    # a unary plus on the whole span: +2 is 2


_ONE_CHAR_SCRIPT = re.compile(r"([\^_])\{([A-Za-z0-9])\}")


# ``\\cdot``, ``\\times`` and ``*`` between two factors are juxtaposition written out (``(2n)!\\cdot 2^{n^2}``
# is ``(2n)!\\,2^{n^2}``, ``M*R`` is ``MR``); kept between two digits (``2\\cdot 3`` is not ``23``) and where a factor is
# missing (``11 \\times``, ``\\cdot 11`` are no product: dropping the operator read them as 11).
_EXPLICIT_PRODUCT = re.compile(r"(?<=[^\d\s*])\s*(?:\\cdot|\\times)(?![a-zA-Z])\s*(?=\S)|(?<=\S)\s*(?:\\cdot|\\times)(?![a-zA-Z])\s*(?=[^\d\s])"
                               r"|(?<=[A-Za-z)}])\s*\*\s*(?=[A-Za-z(\\])")


def balanced(s: str) -> bool:
    """Brackets of every kind (``( [ {``) never close before they open and are all closed at the end."""
    depth = 0
    for c in s:
        depth += 1 if c in "([{" else -1 if c in ")]}" else 0
        if depth < 0:
            return False
    return depth == 0
