"""Every ``RLVERIFY_*`` environment variable rlverify reads, in one list, and process settings.

A variable read anywhere in the package must be listed in :data:`ENVIRONMENT` (a test greps the
source for ``RLVERIFY_`` names and fails on an unlisted one). Readers call :func:`env`.

Cache limits: every cache of the package has a name and a default size in :data:`CACHE_LIMITS`;
the cache reads its limit with :func:`cache_limit` when it is created (at import), so the
variables ``RLVERIFY_CACHE_SCALE`` (multiplies every default, e.g. ``0.25`` on a small node) and
``RLVERIFY_CACHE_LIMITS`` (``name=entries,...`` for single caches) must be set before rlverify is
imported (the server's helpers inherit them). ``rlverify.runtime.caches.cache_sizes()`` lists
every cache with its entries and limit; docs/reliability.md gives their memory.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass

__all__ = ["Setting", "ENVIRONMENT", "env", "SWITCH_INTERVAL", "CacheLimit", "CACHE_LIMITS", "cache_limit"]

SWITCH_INTERVAL = 0.0005  # seconds; Python's default 0.005 adds up to 5 ms per thread handover (server)


@dataclass(frozen=True)
class Setting:
    name: str
    default: str | None
    doc: str


ENVIRONMENT: tuple[Setting, ...] = (
    Setting("RLVERIFY_SHARED_DATA", None,
            "folder with corpora/ and problems/ (default: the repository's vendored data/)"),
    Setting("RLVERIFY_JUDGE_BASE_URL", None, "OpenAI-compatible judge endpoint for the CLI/server"),
    Setting("RLVERIFY_JUDGE_MODEL", None, "judge model name for the CLI/server"),
    Setting("RLVERIFY_JUDGE_API_KEY", None, "judge API key"),
    Setting("RLVERIFY_JUDGE_TEMPLATE", None, "judge prompt template name"),
    Setting("RLVERIFY_TOKEN", None, "bearer token of `rlverify serve` (same as --token)"),
    Setting("RLVERIFY_VERIFIER", "rule", "verifier of the OpenRLHF file-loaded reward function"),
    Setting("RLVERIFY_WORKERS", None, "worker processes of the OpenRLHF file-loaded reward function"),
    Setting("RLVERIFY_SERVE_APP", None, "internal: app config handed to `rlverify serve --http-workers` children"),
    Setting("RLVERIFY_BOUNDED_INLINE", None, "1: this process's parent already enforces deadlines, run bounded jobs inline"),
    Setting("RLVERIFY_MAX_HELPERS", "4", "most concurrent bounded helper processes per process"),
    Setting("RLVERIFY_RAISE_ON_ERROR", None, "1: RuleVerifier re-raises internal errors (the test suite sets it)"),
    Setting("RLVERIFY_HELPER_PRELOAD", None, "comma-separated modules (module:function) the helper zygote preloads; replaces the default list"),
    Setting("RLVERIFY_CACHE_SCALE", "1", "multiplies every cache's default limit (CACHE_LIMITS), e.g. 0.25 on a small node; read at import"),
    Setting("RLVERIFY_CACHE_LIMITS", None, "name=entries,... sets single caches' limits (names in CACHE_LIMITS); read at import"),
)


@dataclass(frozen=True)
class CacheLimit:
    name: str      # what cache_limit() and cache_sizes() call it
    default: int   # entries kept at RLVERIFY_CACHE_SCALE=1 (least recently used dropped first)
    holds: str     # what one entry is


# Every cache of the package (a test fails on a registered cache missing here). "per instance":
# one such cache per object (a verifier, a judge), the limit applies to each. Memory per entry
# and at the limit: docs/reliability.md.
CACHE_LIMITS: tuple[CacheLimit, ...] = (
    # verifier objects (one per verifier name and options)
    CacheLimit("api.verifiers", 32, "rlverify.verify()'s verifiers, by name and options"),
    CacheLimit("integrations.verifiers", 32, "the integrations' and the server's verifiers, by name and options"),
    CacheLimit("pool.worker_verifiers", 32, "a pool worker's verifiers, by name and options"),
    # the rule verifier: comparisons
    CacheLimit("rule.memo_compare", 32_768, "(answer, gold, question) -> Match of the rule comparison"),
    CacheLimit("rule.outcome", 8192, "(answer, gold, question) -> outcome of a rejection (different/unsure)"),
    CacheLimit("rule.cas_equal", 8192, "(answer, gold) -> symbolic equality decided by the CAS"),
    CacheLimit("rule.cas_parse", 2048, "latex2sympy reading of an expression (in the CAS helpers)"),
    CacheLimit("rule.gold_info", 4096, "a gold's parsed forms"),
    CacheLimit("rule.gold_readings", 4096, "a gold's alternative readings"),
    # the rule verifier: readers of one span
    CacheLimit("rule.latex_clean", 8192, "a span with its LaTeX cleaned"),
    CacheLimit("rule.unwrap", 8192, "a span without its wrappers"),
    CacheLimit("rule.latex_float", 2048, "a LaTeX number's float value"),
    CacheLimit("rule.parse_number", 8192, "a span's number reading"),
    CacheLimit("rule.words_to_number", 8192, "a number written in words"),
    CacheLimit("rule.normalize_text", 8192, "a span's folded text"),
    CacheLimit("rule.renaming_form", 8192, "a span's form under variable renaming"),
    CacheLimit("rule.precision_written", 8192, "a number's written precision"),
    CacheLimit("rule.read_set", 4096, "a span's set/interval reading"),
    CacheLimit("rule.parse_shape", 8192, "a span's shape (tuple, matrix, equation...)"),
    CacheLimit("rule.parse_parts", 8192, "a span's parts (forms)"),
    CacheLimit("rule.view_approx", 8192, "whether a span says it is approximate"),
    CacheLimit("rule.view_candidates", 8192, "a span's candidate answers"),
    CacheLimit("rule.quantity_value", 8192, "a magnitude's value"),
    CacheLimit("rule.parse_quantity", 8192, "a span's quantity (number and unit)"),
    CacheLimit("rule.parse_unit", 4096, "a unit's reading"),
    CacheLimit("rule.unit_dimensionality", 1024, "a unit's dimensionality"),
    CacheLimit("rule.unit_word", 4096, "whether a word is a unit"),
    CacheLimit("rule.split_stops", 64, "a separator set's regular expression"),
    # the rule verifier: readers of the question (shared by its rollouts)
    CacheLimit("rule.question", 1024, "a question's reading"),
    CacheLimit("rule.reading", 8192, "a text's typed Reading (rule.read), gold or answer"),
    CacheLimit("rule.question_key", 1024, "a question's arithmetic key (rule.compare: the question's own expression)"),
    CacheLimit("rule.asks_integers", 1024, "whether a question asks for integers"),
    CacheLimit("rule.asks_form", 4096, "whether a question asks for a form"),
    CacheLimit("rule.asked_units", 2048, "the units a question asks for"),
    CacheLimit("rule.order_direction", 1024, "the order a question asks for"),
    CacheLimit("rule.rounding_requested", 1024, "the rounding a question asks for"),
    CacheLimit("rule.integer_points_declared", 1024, "a variable's declared range in a question"),
    CacheLimit("rule.integer_points_speaks", 1024, "whether a question speaks of integer points"),
    # the rule verifier: extraction
    CacheLimit("rule.extract_math_pieces", 512, "a response span's math pieces"),
    CacheLimit("rule.extract_reduce", 2048, "a reduced answer span"),
    CacheLimit("rule.extract_layout_tail", 64, "a response tail's layout"),
    CacheLimit("rule.extract_markers", 2048, "the answer after a marker in a region"),
    CacheLimit("rule.extract_clean_box", 1024, "a cleaned box content"),
    # judges and baselines (per instance where said)
    CacheLimit("judge.cache", 65_536, "per judge instance (cache=True): a judge's decision per item"),
    CacheLimit("judge.patterns", 64, "a judge template's decision regular expression"),
    CacheLimit("judge.mention_patterns", 64, "a label set's mention regular expression"),
    CacheLimit("gate.judge_memo", 262_144, "per gate run: a judge's result per probe item"),
    CacheLimit("baselines.math_verify_gold", 100_000, "per math-verify verifier: a parsed gold"),
    # generators of analysis/ (benchmarks and training data, not the server)
    CacheLimit("analysis.cas_renderings", 8192, "a generated expression's renderings"),
    CacheLimit("analysis.composing_factor", 1024, "a unit conversion factor of the composing generator (pint)"),
    CacheLimit("analysis.family_render", 65_536, "a generated number in a style"),
    CacheLimit("analysis.units_parse", 4096, "a unit expression (pint)"),
    CacheLimit("analysis.units_reference", 8192, "a reference's unit"),
    CacheLimit("analysis.units_symbols", 4096, "a unit's symbols"),
)

_log = logging.getLogger(__name__)
_DEFAULTS = {c.name: c.default for c in CACHE_LIMITS}


def _overrides() -> dict[str, int]:
    out: dict[str, int] = {}
    for part in (env("RLVERIFY_CACHE_LIMITS") or "").split(","):
        name, _, value = part.strip().partition("=")
        if not name:
            continue
        try:
            out[name.strip()] = int(value)
        except ValueError:
            _log.warning("RLVERIFY_CACHE_LIMITS: %r is not name=entries; ignored", part)
    return out


def cache_limit(name: str, default: int | None = None) -> int:
    """Entries the cache ``name`` keeps (at least 1): its ``RLVERIFY_CACHE_LIMITS`` entry, else its
    :data:`CACHE_LIMITS` default (``default`` for a name not listed there) times
    ``RLVERIFY_CACHE_SCALE``."""
    override = _overrides().get(name)
    if override is not None:
        return max(1, override)
    base = _DEFAULTS.get(name, default)
    if base is None:
        raise KeyError(f"{name} is not a listed cache (settings.CACHE_LIMITS)")
    try:
        scale = float(env("RLVERIFY_CACHE_SCALE") or "1")
    except ValueError:
        _log.warning("RLVERIFY_CACHE_SCALE=%r is not a number; 1 used", env("RLVERIFY_CACHE_SCALE"))
        scale = 1.0
    return max(1, int(base * scale))


def env(name: str) -> str | None:
    """The value of a listed ``RLVERIFY_*`` variable (its default when unset)."""
    for s in ENVIRONMENT:
        if s.name == name:
            return os.environ.get(name, s.default)
    raise KeyError(f"{name} is not a listed rlverify setting")
