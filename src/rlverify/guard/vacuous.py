"""Vacuous answers: spans that hold no value a careful reader would accept (private; see :mod:`rlverify.guard`).

The rules cannot read ``\\boxed{p}``, ``\\frac{a}{b}``, ``\\ldots`` or ``v \\approx`` as values, so they
say ``unsure``; the judge must not see them. The family rule reads the span as *atoms*, in the context
of the question and the reference:

* a **value** atom: a digit (outside a subscript), a constant (``\\pi``, ``\\infty``, ``\\emptyset``,
  ``e``, ``i``, ``\\mathbb{R}``), a word that states a value (``none``, ``odd``, ``seven``,
  ``undefined``...), a word of the reference, and any word when the reference itself is words
  (``Sunday`` against ``\\text{Friday}``);
* a **defined** name: a letter, Greek letter or symbol command the question's mathematics or the
  reference uses (``x``, ``\\theta``, the points of ``ABC``), a word of the question, a run of defined
  letters (``xy``); a subscript, prime or decoration belongs to its name (``E_{avg}``, ``m'``,
  ``\\mathbf{k}``), and ``\\Delta`` joins the name after it (``\\Delta \\lambda``);
* an **undefined** name: any other letter, symbol or word (``p``, ``\\alpha``, ``blorp``);
* structure: wrappers, spacing, operators, relations, functions, units, dots, punctuation.

A span is vacuous when it holds no value atom and either no defined name (``\\boxed{p}``,
``\\frac{a}{b}``, ``a+b``, ``\\ldots``, ``{``, ``=``, ``purple monkey``) or only one name, bare (with
a sign, decoration, subscript, ``=``, ``\\approx``, ``?`` or dots: ``v``, ``v = ?``, ``-T``,
``E_{avg}``, ``\\Delta\\lambda \\approx``), where the reference is not itself a name (``\\text{(C)}``,
``b``) and the name is no option label the question lists (``(B)``). An expression in defined names
passes (``x+y``, ``\\sqrt{v}``, ``f(x) = x``; with a digit, ``2x+1``), and so does a word answer the
reference's type allows.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from . import text as gt
from .text import Span

__all__ = ["vacuous", "Atoms", "QuestionNames", "read_atoms", "question_names", "VALUE_WORDS", "CONSTANTS"]

CONSTANTS = frozenset("pi infty infin emptyset varnothing hbar aleph".split())
# words that state a value (an answer in words), whatever the reference
VALUE_WORDS = frozenset("""
zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen
eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million billion trillion
half halves third thirds quarter quarters fifth fifths dozen twice double triple once thrice
none no nothing never always neither both all every infinite infinitely infinity undefined dne exist exists
impossible odd even prime composite real reals integer integers natural naturals rational irrational complex
positive negative nonnegative nonpositive nonzero empty
""".split())
_GREEK = frozenset("""
alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi omicron rho varrho
sigma varsigma tau upsilon phi varphi chi psi omega varpi Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega
""".split())
# commands that wrap, decorate, space or fill: allowed around a bare name
_BARE_OK = frozenset("""
text textbf textit textrm textsf texttt mathrm mathbf mathit mathsf mathtt mathcal mathscr mathfrak boldsymbol bm
mbox hbox emph boxed fbox displaystyle textstyle left right big Big bigg Bigg bigl bigr Bigl Bigr vec hat bar
tilde dot ddot overline underline widehat widetilde overrightarrow prime quad qquad ldots cdots dots vdots ddots
dotsc dotsb approx sim simeq pm mp frac dfrac tfrac
""".split())
# other structure: operators, relations, functions, arrows, delimiters (never atoms)
_STRUCTURE = _BARE_OK | frozenset("""
sqrt cdot times div ast star circ bullet le leq ge geq lt gt ne neq equiv cong propto in notin ni subset subseteq
supset supseteq cup cap setminus mid nmid parallel perp to rightarrow leftarrow Rightarrow Leftarrow
leftrightarrow Leftrightarrow iff implies mapsto longrightarrow uparrow downarrow lvert rvert vert Vert lfloor
rfloor lceil rceil langle rangle lbrace rbrace sum prod int iint oint lim limsup liminf sup inf max min arg
sin cos tan cot sec csc sinh cosh tanh arcsin arccos arctan log ln lg exp det gcd lcm deg dim ker bmod pmod
mod partial nabla forall exists neg land lor wedge vee oplus otimes binom dbinom tbinom cfrac not angle
triangle degree operatorname overbrace underbrace stackrel overset underset limits nolimits
""".split())
_FUNCTION_WORDS = frozenset("sin cos tan cot sec csc sinh cosh tanh arcsin arccos arctan log ln lg exp det gcd lcm "
                            "max min mod arg lim sup inf deg dim".split())
# commands whose brace argument is no content (an environment, a colour, a spacing, a name)
_SKIP_ARG = re.compile(r"\\(?:begin|end|color|textcolor|colorbox|require|hspace|vspace|label|operatorname"
                       r"|mathop)\s*\*?\s*(?:\[[^\]]*\])?\s*\{[^{}]*\}")
_SUBSCRIPT = re.compile(r"_\s*(?:\{(?:[^{}]|\{[^{}]*\})*\}|\\[A-Za-z]+|[A-Za-z0-9])")
# a superscript that marks a name, not a power: x^*, x^{\prime}, x^\dagger
_MARK = re.compile(r"\^\s*(?:\{\s*(?:\*|'+|\\(?:ast|prime|star|dagger|circledast))\s*\}|\*|\\(?:ast|prime|star|dagger)(?![A-Za-z]))")
_MATHBB = re.compile(r"\\mathbb\s*\{?\s*[A-Za-z]\s*\}?")
_TOKEN = re.compile(r"\\[A-Za-z]+|\\.|\d|[A-Za-z]+|'+|\S")
_MATH_SEGMENT = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$|\\\((.+?)\\\)|\\\[(.+?)\\\]", re.S)
_PLAIN_LETTER = re.compile(r"(?<![A-Za-z\\])([B-HJ-Zb-z])(?![A-Za-z'])")
_POINTS = re.compile(r"(?<![A-Za-z\\])([A-Z]{2,4})(?![A-Za-z])")
_OPTION = re.compile(r"\(\s*([A-Z])\s*\)|(?:^|(?<=\s))([A-H])[.):]\s+\S", re.M)
_FILLER_CHARS = frozenset("=?.,;:-+(){}[]|~!'")
_SET_LETTERS = frozenset("ℝℕℤℚℂℙ")
_OPTION_WORDS = frozenset({"option", "choice", "answer"})
_RELATION_MARK = re.compile(r"=|\\approx|\\sim|\?")
# tokens that only wrap a span: \boxed{...}, \text{...}, braces, spacing
_WRAPPING_TOKENS = frozenset({"{", "}", "\\boxed", "\\text", "\\mathrm", "\\displaystyle", "\\left", "\\right",
                              "\\,", "\\;", "\\ ", "\\!", "\\quad", "~"})
_LABEL_RELATIONS = frozenset({"=", ":", "\\approx", "\\sim", "\\simeq", "\\equiv"})
_ESCAPED_DOLLAR = re.compile(r"\\\$")
_TEXT_ARG = re.compile(r"\\(?:text|textit|textbf|textrm|textsf|mbox|emph|operatorname)\s*\{[^{}]*\}")
_PROSE_WORD = re.compile(r"(?<![\\A-Za-z])[A-Za-z][a-z]{2,}(?![A-Za-z])")


@dataclass(frozen=True)
class Atoms:
    """What a span holds: value atoms, names (each a key such as ``x``, ``\\theta``, ``Delta lambda``,
    a lowercase word), and whether it holds structure beyond a bare name's wrappers and fillers."""

    values: tuple[str, ...]
    names: tuple[str, ...]
    operators: bool
    units: tuple[str, ...] = ()      # runs that name a unit (``cm``); a product of defined letters still (``km``)
    applied: bool = False            # the whole span is a name applied to names: f(x), P(A, B)


def _greek_as_commands(text: str) -> str:
    """Unicode Greek letters as their commands (``θ`` -> ``\\theta``), so both spellings are one name."""
    out = []
    for c in text:
        if "\u0370" <= c <= "\u03ff":
            name = unicodedata.name(c, "")
            parts = name.split(" ")
            if name.startswith("GREEK") and "LETTER" in parts:
                word = parts[-1].lower()
                out.append(" \\" + (word.capitalize() if "CAPITAL" in parts else word) + " ")
                continue
        out.append({"∞": " \\infty ", "∅": " \\emptyset "}.get(c, c))
    return "".join(out)


def _tokens(text: str) -> list[str]:
    text = _greek_as_commands(text)
    text = _SKIP_ARG.sub(" ", text)
    text = _MATHBB.sub(lambda m: " \\mathbbset ", text)
    text = _MARK.sub("", _SUBSCRIPT.sub("", text))
    return _TOKEN.findall(text)


def read_atoms(text: str, *, value_words: frozenset[str], words_are_values: bool) -> Atoms:
    """The atoms of ``text`` (see the module docstring). ``value_words`` count as values (the
    reference's words); with ``words_are_values`` every word of two letters or more does."""
    values: list[str] = []
    names: list[str] = []
    units: list[str] = []
    operators = False
    after_delta = False          # the previous token was \\Delta or \\delta: a name after it joins it
    tokens = _tokens(text[:2000])
    for k, tok in enumerate(tokens):
        name = tok[1:] if tok.startswith("\\") and len(tok) > 2 else ""
        if name in CONSTANTS or name == "mathbbset":
            values.append(name)
        elif name in _GREEK or (name and name not in _STRUCTURE):
            _name("\\" + name, names, after_delta)      # a Greek letter or a symbol command (\\ell)
        elif name:
            operators |= name not in _BARE_OK
        elif tok.isdigit():
            values.append(tok)
        elif tok in ("e", "i") and k + 1 < len(tokens) and tokens[k + 1] in _LABEL_RELATIONS:
            _name(tok, names, after_delta)            # "i = ?", "e \\approx": a name being given a value
        elif tok.lower() in _FUNCTION_WORDS:
            operators = True                          # sin(x), log x written without a backslash
        elif tok.isalpha():
            _letters(tok, names, values, units, value_words, words_are_values, after_delta)
        elif not (tok.startswith("\\") or set(tok) <= _FILLER_CHARS):
            operators = True
        after_delta = name in ("Delta", "delta")
    return Atoms(tuple(values), tuple(names), operators, tuple(units), _applied(tokens))


def _applied(tokens: list[str]) -> bool:
    """``f(x)``, ``g(a, b) = ?``: one letter, then a parenthesis of letters and commas, then fillers only."""
    core = [t for t in tokens if t not in _WRAPPING_TOKENS]
    if len(core) < 4 or not (len(core[0]) == 1 and core[0].isalpha()) or core[1] != "(" or ")" not in core:
        return False
    close = core.index(")")
    inside, rest = core[2:close], core[close + 1:]
    return (bool(inside) and all((len(t) == 1 and t.isalpha()) or t == "," for t in inside)
            and all(t in _LABEL_RELATIONS or t in ("?", ".") or t[1:] in ("ldots", "cdots", "dots") for t in rest))


def _name(key: str, names: list[str], after_delta: bool) -> None:
    if after_delta and names:
        names[-1] = names[-1] + " " + key
    else:
        names.append(key)


def _letters(run: str, names: list[str], values: list[str], units: list[str], value_words: frozenset[str],
             words_are_values: bool, after_delta: bool) -> None:
    if len(run) == 1:
        if run in "ei" and not after_delta:
            values.append(run)
        else:
            _name(run, names, after_delta)
        return
    word = run.lower()
    if word in value_words or word in VALUE_WORDS or words_are_values:
        values.append(word)
    elif word in _FUNCTION_WORDS:
        return
    elif gt.is_unit_word(run) or gt.is_unit_word(word):
        units.append(run)
    else:
        names.append(run)


@dataclass(frozen=True)
class QuestionNames:
    """What a question defines: symbols (letters, case kept; Greek letters and symbol commands), its
    words (lowercase, two letters or more) and the option letters it lists."""

    symbols: frozenset[str]
    words: frozenset[str]
    options: frozenset[str]


def question_names(question: str) -> QuestionNames:
    """The names a question defines: the letters, Greek letters and symbol commands of its
    mathematics (each letter of ``xy`` or ``ABC`` too), the lone letters and point names of its
    prose (not the articles ``a``, ``A``, ``I``), its words, and the option letters it lists
    (``(A)``... ``(E)``, when ``(A)`` is one of them)."""
    q = _ESCAPED_DOLLAR.sub(" ", question[:20_000])     # "$\\$2.00$" is money, not a delimiter
    symbols: set[str] = set()
    prose = _MATH_SEGMENT.sub(" ", q)
    for m in _MATH_SEGMENT.finditer(q):
        math = _TEXT_ARG.sub(" ", next(g for g in m.groups() if g))
        if len(_PROSE_WORD.findall(math)) >= 2:  # "$100. During a series of ... now $": prose between two dollars
            prose += " " + math
            continue
        for n in read_atoms(math, value_words=frozenset(), words_are_values=False).names:
            symbols.update(n.split(" "))
            if not n.startswith("\\"):
                symbols.update(n)                 # xy, ABC: each letter is a name too
    symbols.update(_PLAIN_LETTER.findall(prose))
    for run in _POINTS.findall(prose):
        symbols.update(run)
    symbols.update(re.findall(r"\\[A-Za-z]+", _greek_as_commands(q)))
    words = frozenset(w for w in gt.words(gt.plain(gt.sanitize(q))) if len(w) >= 2)
    options = {a or b for a, b in _OPTION.findall(q)}
    return QuestionNames(frozenset(symbols), words,
                         frozenset(options) if "A" in options and len(options) >= 2 else frozenset())


def _gold_profile(gold: str) -> tuple[Atoms, bool]:
    """The reference's atoms, and whether it is words (a word of two letters or more that is no unit
    and no function name: ``\\text{Friday}``, ``Petya will receive...``)."""
    words = [w for w in re.findall(r"[A-Za-z]{2,}", _SKIP_ARG.sub(" ", re.sub(r"\\[A-Za-z]+", " ", gold)))
             if w.lower() not in _FUNCTION_WORDS and not (gt.is_unit_word(w) or gt.is_unit_word(w.lower()))]
    return read_atoms(gold, value_words=frozenset(), words_are_values=False), bool(words)


def _defined(name: str, q: QuestionNames, gold_names: frozenset[str], gold_words: frozenset[str]) -> bool:
    known = q.symbols | gold_names
    if name in known:
        return True
    if " " in name:                          # \\Delta \\lambda: defined when its parts are
        return all(p in known for p in name.split(" "))
    if name.startswith("\\") or len(name) == 1:
        return False
    # a run of letters: a word of the question or reference, or a product of defined letters (xy, ABC)
    return name.lower() in q.words or name.lower() in gold_words or all(c in known for c in name)


def vacuous(s: Span) -> bool:
    """The span holds no value a careful reader would accept (see the module docstring)."""
    gold_atoms, gold_is_words = _gold_profile(s.gold_text)
    gold_words = frozenset(w for w in s.gold_words if len(w) >= 2)
    atoms = read_atoms(s.text, value_words=gold_words, words_are_values=gold_is_words)
    if atoms.values or any(c in _SET_LETTERS for c in s.raw):   # NFKC made 'R' of a written 'ℝ'
        return False
    q = question_names(s.question)
    gold_names = frozenset(p for g in gold_atoms.names for p in [g, *g.split(" ")])
    known = q.symbols | gold_names
    # a unit-like run is a product of names when its letters are defined (``km`` for k m), else a unit
    names = atoms.names + tuple(u for u in atoms.units if all(c in known for c in u))
    if atoms.applied and gold_atoms.values:
        return True                               # f(x), g(a, b): the unknown restated, against a value
    letters = [n for n in names if n.lower() not in _OPTION_WORDS]
    if len(letters) == 1 and not atoms.operators and not _RELATION_MARK.search(s.text) \
            and _option(letters[0], q, s.question, s.gold_text):
        return False                              # B, (b), Option~B: a letter the question lists as an option
    count = sum(len(n) if _product(n, q, gold_words, known) else 1 for n in names)
    if count == 1 and not atoms.operators:
        # a bare name: a value only where the reference is a name itself (a letter, ``\\text{(C)}``)
        return not (not gold_atoms.values and len(gold_atoms.names) == 1 and not gold_atoms.operators)
    return not any(_defined(n, q, gold_names, gold_words) for n in names)


def _option(name: str, q: QuestionNames, question: str, gold: str = "") -> bool:
    """``name`` is a letter the question lists as an option (in either case: ``B`` answers ``(b)``):
    ``A. 5  B. 6`` here, or the rules' reading of the question's options (``(a) $385$ \\quad (b) $387$``,
    ``\\textbf{(B)}``, ``B) v``). Asked only of a span that is one bare letter (or ``Option~B``). Labels whose every
    text is a relation are conditions (``(a) a_1 + ... = n; (b) ...``), no options, unless the reference is one of
    those texts."""
    if len(name) != 1 or not name.isalpha() or name.upper() > "E":
        return False
    if name in q.options:
        return True
    from ..rule.answers.question import read_question   # lazy: the guard's import stays light

    read = read_question(question)
    if read.option(name.upper()) is None:
        return False
    listed = [t for t in read._options.values() if t]
    if not listed or not all(_CONDITION.search(t) for t in listed):
        return True
    key = _plain_key(gold)     # options that are equations ('(A) y = 2x + 1') where the reference is one of them
    return bool(key) and any(_plain_key(t) == key for t in listed)


def _plain_key(text: str) -> str:
    return re.sub(r"[\s$]|\\[()\[\]]|\\[,;:! ]", "", text).rstrip(".;,")


# '(a) a_1 + ... + b_n = n; (b) a_1 \cdots a_n + ... = \frac{1}{2}': labelled conditions, each a relation, are no
# options to answer with (a letter there names a condition, not a value)
_CONDITION = re.compile(r"=|<|>|\\(?:le|ge|leq|geq|leqslant|geqslant|neq|ne|lt|gt)(?![a-zA-Z])|≤|≥|≠")


def _product(name: str, q: QuestionNames, gold_words: frozenset[str], known: frozenset[str]) -> bool:
    """A run of defined letters that is no word of the question or reference: a product (``Im``, ``xy``)."""
    return (len(name) > 1 and not name.startswith("\\") and name.lower() not in q.words
            and name.lower() not in gold_words and all(c in known for c in name))
