"""Every cache has a named limit that is a setting, and no cache grows past it (issue 28, item 9)."""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rlverify.runtime import caches
from rlverify.runtime.settings import CACHE_LIMITS, cache_limit

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "rlverify"
NAMES = {c.name for c in CACHE_LIMITS}
# modules holding caches that the rule verifier's import does not pull in
MODULES = ("rlverify.rule.verifier", "rlverify.integrations._common", "rlverify.runtime.pool", "rlverify.judge.cache",
           "rlverify.judge.parsing", "rlverify.training.gate", "rlverify.baselines", "rlverify.analysis.metamorphic.cas",
           "rlverify.analysis.metamorphic.families", "rlverify.analysis.metamorphic.units", "rlverify.guard.text")


def _sources() -> list[tuple[Path, str]]:
    # runtime/caches.py is the mechanism (its lru_cache takes the setting's value)
    return [(p, p.read_text("utf-8")) for p in sorted(SRC.rglob("*.py")) if p != SRC / "runtime" / "caches.py"]


def test_every_registered_cache_is_listed_with_a_limit() -> None:
    for m in MODULES:
        importlib.import_module(m)
    # caches that tests make themselves (test_answers_memo's bare @memo_text) live in the same process
    sizes = [d for d in caches.cache_sizes() if not d["name"].startswith("test_")]
    assert len(sizes) >= 40
    for d in sizes:
        assert d["name"] in NAMES, f"cache {d['name']} is not in settings.CACHE_LIMITS"
        assert isinstance(d["limit"], int) and d["limit"] >= 1, d
        assert d["limit"] == cache_limit(d["name"]), d
        assert d["entries"] is not None and d["entries"] <= d["limit"], d
    assert len({d["name"] for d in sizes}) == len(sizes), "a name registered twice"


def test_no_cache_without_a_named_limit_in_the_source() -> None:
    """A literal-size lru_cache (above 2: the load-once ones keep maxsize=1/2), an unnamed memo_text
    or a named cache that settings does not list fails."""
    bad, used = [], set()
    for p, text in _sources():
        for m in re.finditer(r"lru_cache\(\s*maxsize\s*=\s*([^)]*)\)", text):
            if not (m.group(1).strip().isdigit() and int(m.group(1)) <= 2):
                bad.append(f"{p.name}: lru_cache(maxsize={m.group(1)})")
        bad += [f"{p.name}: bare @memo_text" for _ in re.finditer(r"@memo_text\s*(?:#.*)?$", text, re.M)]
        bad += [f"{p.name}: memo_text(maxsize=...)" for _ in re.finditer(r"@memo_text\(\s*maxsize", text)]
        bad += [f"{p.name}: functools.cache" for _ in re.finditer(r"@(?:functools\.)?cache\b(?!d)", text)]
        used |= set(re.findall(r"""(?:@lru|@memo_text|LRU|cache_limit|register_instance\(self,)\(?\s*["']([a-z_.]+)["']""", text))
    assert not bad, bad
    assert used - NAMES == set(), f"not in settings.CACHE_LIMITS: {used - NAMES}"
    assert NAMES - used == set(), f"listed but no cache uses them: {NAMES - used}"


def test_lru_keeps_the_most_recent_entries_up_to_its_limit() -> None:
    c = caches.LRU("rule.outcome", limit=3)
    for k in range(10):
        c[k] = k * k
        assert len(c) <= 3
    assert c.get(9) == 81 and c.get(0) is None
    c.get(7)          # 7 is now the most recent
    c[10] = 100       # drops 8, the least recent
    assert 8 not in c and 7 in c and len(c) == 3
    listed = [d for d in caches.cache_sizes() if d["name"] == "rule.outcome"]
    assert listed and listed[0]["entries"] <= cache_limit("rule.outcome")


_FILL = r"""
import json, sys
import rlverify
from rlverify.analysis.evaluate import load_rows
from rlverify.runtime.caches import cache_sizes
from rlverify.training.gate import MemoJudge
from rlverify.judge.base import JudgeItem, JudgeResult
import rlverify.runtime.pool, rlverify.judge.parsing, rlverify.analysis.metamorphic.units  # noqa: F401

rows = load_rows(sys.argv[1:]).rows
v = rlverify.get_verifier("rule")
for r in rows:
    v.verify(r.response, r.gold, r.question)
for k in range(60):  # distinct polynomials: the CAS caches (inline in this process)
    v.verify(f"\\boxed{{x^2+{2 * k}x+{k * k}}}", f"(x+{k})^2")
    v.verify(f"so \\boxed{{{k}/{k + 7}}}", f"\\frac{{{k}}}{{{k + 7}}}")
for k in range(40):  # verifiers by options
    rlverify.verify("\\boxed{1}", "1", verifier="rule", timeout=1.0 + k / 1000)

class Echo:
    def judge_detailed(self, items):
        return [JudgeResult(True) for _ in items]

memo = MemoJudge(Echo())
items = [JudgeItem(question=str(k), gold="1", answer=str(k)) for k in range(50)]
got = memo.judge_detailed(items + items[:5])
assert len(got) == 55 and all(g.decision is True for g in got)
print(json.dumps(cache_sizes()))
"""


@pytest.mark.timeout(300)
def test_no_cache_exceeds_a_small_limit_after_more_distinct_items() -> None:
    """Every cache at a small limit (RLVERIFY_CACHE_SCALE=0.002, two overrides) after 1,100 corpus
    rows and 120 synthetic items, more distinct inputs than each limit: none holds more."""
    data = [str(ROOT / "data" / "corpora" / f) for f in ("hardverify-dev.jsonl.gz", "math-cot-100.jsonl.gz")]
    env = {**os.environ, "RLVERIFY_CACHE_SCALE": "0.002", "RLVERIFY_CACHE_LIMITS": "rule.memo_compare=7, gate.judge_memo=20",
           "RLVERIFY_BOUNDED_INLINE": "1"}
    out = subprocess.run([sys.executable, "-c", _FILL, *data], env=env, capture_output=True, text=True,
                         timeout=280, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-3000:]
    sizes = {d["name"]: d for d in json.loads(out.stdout.strip().splitlines()[-1])}
    defaults = {c.name: c.default for c in CACHE_LIMITS}
    for name, d in sizes.items():
        expected = {"rule.memo_compare": 7, "gate.judge_memo": 20}.get(name, max(1, int(defaults[name] * 0.002)))
        assert d["limit"] == expected, d
        assert d["entries"] <= d["limit"], f"{name} holds {d['entries']} > its limit {d['limit']}"
    # the ones this workload reads with more distinct inputs than their limit are full, not skipped
    for name in ("rule.memo_compare", "rule.outcome", "rule.gold_info", "rule.latex_clean", "rule.question",
                 "rule.cas_parse", "rule.cas_equal", "api.verifiers", "gate.judge_memo"):
        assert sizes[name]["entries"] == sizes[name]["limit"], sizes[name]
