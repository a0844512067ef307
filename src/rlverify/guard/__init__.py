"""The guard: detectors of payloads, and the policy that keeps them from the judge.

The hybrid verifier asks the guard about the span the rules extracted once the rules could not
accept it; only a span the guard passes (sanitized) may reach a judge. ``policy`` holds
:func:`inspect` and the order of detectors; ``shape`` and ``lang`` the detectors (shape of the
text; verdict, instruction and role language); ``vacuous`` the detector of answers that hold no
value (a lone name the question never defines, dots, the question's unknown restated); ``arith`` the detectors of arithmetic that states no answer (an
operator missing an operand, a false equation, numbers side by side, a command imitating a box, a free
variable or a wrong number against an exact reference); ``render``
what a reader sees of the span (strike-out, ``\\not``, phantom and colour resolved) -- the text a
judge may see; ``text`` the views they read (sanitized, plain, collapsed, words) and the
vocabularies.

May import: ``rlverify.rule`` (extraction results and the shared readers in ``rule.offers``),
``rlverify.runtime``, ``rlverify.errors``/``verdict``/``flags``. Never ``judge``, ``hybrid``,
``analysis``, ``integrations`` or ``cli``.
"""

from .policy import (EXTRACTION_BLOCKS, FLAGS, HEDGE_TEXT_CHARS, GuardConfig, GuardReport, gibberish_tail,
                     inspect, offers_several_values)

__all__ = ["GuardReport", "GuardConfig", "inspect", "FLAGS", "EXTRACTION_BLOCKS", "gibberish_tail",
           "offers_several_values", "HEDGE_TEXT_CHARS"]
