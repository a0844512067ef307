"""Build tests/cases/mathverify_suite.jsonl: every (gold, prediction, expected) case of
Math-Verify's published test suite, with the configuration each case runs under.

Run (deterministic; rewrites the file):
    pip download --no-deps --no-binary :all: math-verify==0.9.0 -d /tmp/mv
    tar xzf /tmp/mv/math_verify-0.9.0.tar.gz -C /tmp/mv
    .venv/bin/python tests/cases/port_mathverify_suite.py /tmp/mv/math_verify-0.9.0

How the cases are read: every test module under ``tests/`` is executed with a stand-in ``pytest``
whose ``mark.parametrize`` records its parameter sets, and with ``compare_strings`` (and, for the
modules that call them directly, ``parse``/``verify``) replaced by a recorder that stops at the first
call and keeps its arguments. Each parameter set of each test function is then run once; the recorded
call gives gold, prediction and the configuration (extraction targets, float rounding, strict,
allow_set_relation_comp); the expected value is the test's ``expected``/``result`` parameter. Unit
tests that check a parser function rather than a (gold, prediction) pair (string extraction,
normalization configs, timeouts, raise_on_error, Gamma parsing) are not pairs and are not ported.
Nothing is edited: the strings are byte for byte those of the published tests.
"""
from __future__ import annotations

import json
import sys
import types
from pathlib import Path
from typing import Any, Callable

__all__ = ["collect", "main"]

OUT = Path(__file__).with_name("mathverify_suite.jsonl")
VERSION = "0.9.0"
# Defaults of the helper every test module goes through (tests/test_all.py: compare_strings).
HELPER_DEFAULTS = {"match_types": ["latex", "expr"], "precision": 6, "strict": True,
                   "allow_set_relation_comp": False}


class _Recorded(Exception):
    def __init__(self, call: dict[str, Any]) -> None:
        super().__init__("recorded")
        self.call = call


def _fake_pytest() -> types.ModuleType:
    mod = types.ModuleType("pytest")

    def parametrize(names: str, values: list[Any]) -> Callable[[Any], Any]:
        def deco(fn: Any) -> Any:
            fn._mv_params = ([n.strip() for n in names.split(",")], list(values))
            return fn
        return deco

    mod.mark = types.SimpleNamespace(parametrize=parametrize)  # type: ignore[attr-defined]
    mod.raises = None  # type: ignore[attr-defined]
    return mod


def _compare_recorder(gold: str, pred: str, match_types: list[str] = HELPER_DEFAULTS["match_types"],
                      precision: int = 6, strict: bool = True, allow_set_relation_comp: bool = False) -> Any:
    raise _Recorded({"gold": gold, "pred": pred, "helper": "compare_strings",
                     "match_types": list(match_types), "precision": precision, "strict": strict,
                     "allow_set_relation_comp": allow_set_relation_comp})


def _parse_recorder(text: str, *args: Any, **kwargs: Any) -> Any:
    if args or kwargs:
        raise _Recorded({"skip": "parse with a custom configuration"})
    return ("parsed", text)


def _verify_recorder(gold: Any, pred: Any, *args: Any, **kwargs: Any) -> Any:
    if not (isinstance(gold, tuple) and isinstance(pred, tuple)) or args or kwargs:
        raise _Recorded({"skip": "verify on objects"})
    # math_verify.parse/verify defaults: LaTeX (boxed priority 55) + expression targets, rounding 6.
    raise _Recorded({"gold": gold[1], "pred": pred[1], "helper": "parse+verify defaults",
                     "match_types": ["latex", "expr"], "precision": 6, "strict": True,
                     "allow_set_relation_comp": False})


def _load(path: Path) -> types.ModuleType:
    mod = types.ModuleType(f"mv_tests_{path.stem}")
    code = path.read_text(encoding="utf-8")
    # the suite imports its helper as tests.test_all; the recorder stands in for it
    code = code.replace("from tests.test_all import compare_strings", "")
    mod.__dict__["compare_strings"] = _compare_recorder
    exec(compile(code, str(path), "exec"), mod.__dict__)  # noqa: S102 - the pinned upstream test file
    mod.__dict__["compare_strings"] = _compare_recorder
    if "verify" in mod.__dict__ and "parse" in mod.__dict__:
        mod.__dict__["parse"] = _parse_recorder
        mod.__dict__["verify"] = _verify_recorder
    return mod


def _run(fn: Any, kwargs: dict[str, Any]) -> dict[str, Any] | None:
    try:
        fn(**kwargs)
    except _Recorded as r:
        return r.call
    except Exception:  # noqa: BLE001 - a unit test of a parser function, not a pair
        return None
    return None


def collect(src: Path) -> list[dict[str, Any]]:
    sys.modules.setdefault("pytest", _fake_pytest())
    rows: list[dict[str, Any]] = []
    for path in sorted((src / "tests").glob("test_*.py")):
        mod = _load(path)
        for name, fn in list(mod.__dict__.items()):
            if not (name.startswith("test_") and callable(fn)):
                continue
            names, values = getattr(fn, "_mv_params", ([], [()]))
            for i, vals in enumerate(values):
                kwargs = dict(zip(names, vals if isinstance(vals, tuple) else (vals,)))
                call = _run(fn, kwargs)
                if not call or "skip" in call:
                    continue
                expected = kwargs.get("expected", kwargs.get("result"))
                if expected is None and name == "test_precision":
                    expected = 1   # the test asserts compare_strings(...) == 1
                if not isinstance(expected, (int, bool)):
                    continue
                rows.append({"id": f"{path.stem}::{name}[{i}]", "gold": call["gold"], "pred": call["pred"],
                             "expected": bool(expected), "helper": call["helper"],
                             "match_types": call["match_types"], "precision": call["precision"],
                             "strict": call["strict"],
                             "allow_set_relation_comp": call["allow_set_relation_comp"]})
    return rows


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    rows = collect(Path(argv[0]))
    with open(OUT, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} cases to {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
