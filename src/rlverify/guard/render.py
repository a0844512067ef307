"""What a reader sees of a span once it is rendered (private; see :mod:`rlverify.guard`).

A policy can write the reference and take it back in the same box: ``\\cancel{7}\\ \\frac12``,
``\\not\\frac34``, ``\\sout{7}``, ``\\phantom{7}``, ``\\color{white}{7}``. Rendered, none of these
shows the struck or invisible value as the answer, but a judge reading the LaTeX source sees the
reference in it. :func:`render` resolves the markup before the guard builds the views a judge may
see:

* strike-out (``\\cancel``, ``\\bcancel``, ``\\xcancel``, ``\\sout``, ``\\st``, ``\\xout``,
  ``\\cancelto``) removes its argument, and so does ``\\not`` on a value (``\\not\\frac34``,
  ``\\not{7}``); ``\\not`` on a relation is a negated relation and stays (``\\not=``, ``\\not\\in``
  read as ``\\neq``, ``\\notin``): both set :attr:`Rendering.struck`;
* ``\\phantom``, ``\\hphantom``, ``\\vphantom`` remove their argument; text in a colour a reader
  cannot be sure to see on a white page (white, yellow, light shades, mixes, colour models,
  unknown names; a dark ``\\colorbox``) is removed, in a readable colour it is unwrapped: both of
  the first set :attr:`Rendering.hidden`;
* ``\\require{...}`` (a MathJax extension loader) shows nothing.

The guard stops a struck span (flag ``struck_out``: a value withdrawn inside the answer is a
retraction, never judged) and a hidden one (``markup``); the text a judge may see is always the
rendered one. Pure text processing, linear in the span.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..rule.offers import clean_text

__all__ = ["Rendering", "render", "struck_out", "VISIBLE_COLOURS"]

_STRIKE = frozenset({"cancel", "bcancel", "xcancel", "sout", "st", "xout", "cancelto"})
_PHANTOM = frozenset({"phantom", "hphantom", "vphantom"})
# colours readable on a white page; any other (white, yellow, light..., mixes ``red!10``, models) hides
VISIBLE_COLOURS = frozenset("""
black red blue green magenta purple brown gray grey darkgray darkgrey orange violet teal olive navy maroon
darkblue darkred darkgreen darkorange crimson indigo
""".split())
# what ``\\not`` may negate and stay a relation (rendered as a crossed relation sign)
_RELATION_CMDS = frozenset("""
in ni equiv subset subseteq supset supseteq subsetneq supsetneq le leq ge geq lt gt sim simeq cong approx mid
parallel perp prec succ preceq succeq exists models vdash propto asymp doteq owns leqslant geqslant
""".split())
_RELATION_CHARS = frozenset("=<>|")
# commands whose arguments belong to the value they start (what ``\\not`` strikes with them)
_TWO_ARGS = frozenset({"frac", "dfrac", "tfrac", "cfrac", "binom", "dbinom", "tbinom"})
_ONE_ARG = frozenset("""
sqrt text textbf textit textrm mathrm mathbf mathit mathsf mathtt mathbb mathcal boxed overline underline
hat bar vec dot ddot tilde widehat widetilde operatorname mbox
""".split())
_NAME = re.compile(r"[A-Za-z]+")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


@dataclass(frozen=True)
class Rendering:
    text: str          # what a reader sees (struck-out and invisible parts removed)
    struck: bool       # a strike-out, or a \\not on a value, was removed
    hidden: bool       # phantom or invisibly coloured text was removed


def render(text: str) -> Rendering:
    """The span as a reader sees it rendered (see the module docstring)."""
    if "\\" not in text:
        return Rendering(text, False, False)
    r = _Renderer(text)
    try:
        out, _ = r.run(0, in_group=False)
    except RecursionError:    # groups nested past Python's stack (a span longer than the guard's default cap)
        return Rendering(text, True, False)   # what a reader sees is not known: stopped as struck
    return Rendering(out, r.struck, r.hidden)


def struck_out(text: str) -> bool:
    """A value struck out or negated in ``text`` (``\\cancel{7}``, ``\\sout{7}``, ``\\not\\frac34``), read
    once invisible characters are removed (``\\can\u200bcel`` is ``\\cancel``)."""
    return render(clean_text(text)).struck


def _visible(colour: str, model: str | None) -> bool:
    return model is None and colour.strip().lower() in VISIBLE_COLOURS


class _Renderer:
    def __init__(self, text: str) -> None:
        self.t = text
        self.struck = False
        self.hidden = False
        self.closed = False   # whether the group the last run() rendered ended with its '}'

    # --- scanning helpers -------------------------------------------------------------------------
    def _skip_space(self, i: int) -> int:
        while i < len(self.t) and self.t[i].isspace():
            i += 1
        return i

    def _group_end(self, i: int) -> int:
        """Index after the group opened at ``i`` (``{``), or the end of the text if it never closes."""
        depth, k = 0, i
        while k < len(self.t):
            c = self.t[k]
            if c == "\\":
                k += 2
                continue
            depth += (c == "{") - (c == "}")
            k += 1
            if depth == 0:
                return k
        return len(self.t)

    def _arg(self, i: int) -> tuple[str, int]:
        """One argument at ``i``: a brace group's inside, a command name, or one character."""
        i = self._skip_space(i)
        if i >= len(self.t):
            return "", i
        if self.t[i] == "{":
            end = self._group_end(i)
            return self.t[i + 1:end - 1] if self.t[end - 1:end] == "}" else self.t[i + 1:end], end
        if self.t[i] == "\\":
            m = _NAME.match(self.t, i + 1)
            end = m.end() if m else min(i + 2, len(self.t))
            return self.t[i:end], end
        return self.t[i], i + 1

    def _optional(self, i: int) -> tuple[str | None, int]:
        """An optional ``[...]`` argument at ``i`` (a colour model), else None."""
        j = self._skip_space(i)
        if j < len(self.t) and self.t[j] == "[":
            end = self.t.find("]", j)
            if end != -1:
                return self.t[j + 1:end], end + 1
        return None, i

    def _operand(self, i: int) -> tuple[str, int]:
        """The value a ``\\not`` stands on: a group, a number, a letter, or a command with its arguments."""
        j = self._skip_space(i)
        m = _NUMBER.match(self.t, j)
        if m:
            return m.group(), m.end()
        tok, end = self._arg(j)
        name = tok[1:] if tok.startswith("\\") else ""
        if name == "sqrt":
            _, end = self._optional(end)
        for _ in range(2 if name in _TWO_ARGS else 1 if name in _ONE_ARG else 0):
            _, end = self._arg(end)
        return self.t[j:end], end

    # --- rendering ----------------------------------------------------------------------------------
    def run(self, i: int, in_group: bool) -> tuple[str, int]:
        """Render from ``i`` to the end of the current group (its ``}`` consumed) or of the text."""
        out: list[str] = []
        while i < len(self.t):
            c = self.t[i]
            if c == "}" and in_group:
                self.closed = True
                return "".join(out), i + 1
            if c == "{":
                inner, i = self.run(i + 1, in_group=True)
                out.append("{" + inner + ("}" if self.closed else ""))   # an unclosed group stays unclosed
                continue
            if c != "\\":
                out.append(c)
                i += 1
                continue
            m = _NAME.match(self.t, i + 1)
            if not m:  # an escaped character: \{, \,, \%...
                out.append(self.t[i:i + 2])
                i += 2
                continue
            i = self._command(m.group(), m.end(), out, in_group)
        self.closed = False
        return "".join(out), i

    def _command(self, name: str, i: int, out: list[str], in_group: bool) -> int:
        if name in _STRIKE:
            for _ in range(2 if name == "cancelto" else 1):
                _, i = self._arg(i)
            self.struck = True
            return i
        if name == "not":
            return self._not(i, out)
        if name in _PHANTOM:
            _, i = self._arg(i)
            self.hidden = True
            return i
        if name == "require":
            return self._arg(i)[1]
        if name in ("color", "textcolor", "colorbox", "fcolorbox"):
            return self._colour(name, i, out, in_group)
        out.append("\\" + name)
        return i

    def _not(self, i: int, out: list[str]) -> int:
        j = self._skip_space(i)
        m = _NAME.match(self.t, j + 1) if self.t[j:j + 1] == "\\" else None
        if (j < len(self.t) and self.t[j] in _RELATION_CHARS) or (m and m.group() in _RELATION_CMDS):
            out.append("\\not")   # a negated relation (\\not=, \\not\\in): rendered as such
            return i
        _, end = self._operand(i)
        self.struck = True
        return end

    def _colour(self, name: str, i: int, out: list[str], in_group: bool) -> int:
        model, i = self._optional(i)
        colour, i = self._arg(i)
        if name == "fcolorbox":       # \\fcolorbox{frame}{background}{text}
            colour, i = self._arg(i)
        shown = _visible(colour, model) if name in ("color", "textcolor") else _light(colour, model)
        j = self._skip_space(i)
        if name == "color" and not (j < len(self.t) and self.t[j] == "{"):
            # a switch: it colours the rest of the current group
            if shown:
                return i
            self.hidden = True
            _, end = self.run(i, in_group)
            return end - 1 if in_group and end > i and self.t[end - 1] == "}" else end
        if j < len(self.t) and self.t[j] == "{":
            inner_start = j + 1
            inner, end = self.run(inner_start, in_group=True)
        else:
            inner, end = self._arg(j)
        if shown:
            out.append(inner)
        else:
            self.hidden = True
        return end


# backgrounds on which default (black) text stays readable
_LIGHT = frozenset("white yellow lightgray lightgrey cyan pink lime".split())


def _light(colour: str, model: str | None) -> bool:
    return model is None and colour.strip().lower() in _LIGHT
