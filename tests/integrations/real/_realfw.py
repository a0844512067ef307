"""Shared pieces of the real-framework tests (marker ``real_frameworks``).

The frameworks themselves are real: TRL, Ray and the rlverify server run in the project's venv;
verl and OpenRLHF pin versions that conflict with it (transformers < 5.11, antlr 4.9.3 for
hydra/omegaconf), so they live in a venv of their own (``.venv-frameworks``, made from
``locks/frameworks.txt`` by ``locks/venvs.py``, which `make test` runs) and are driven here through
a subprocess running a scenario script that prints JSON. Nothing is downloaded: the model is a tiny Qwen2 built here.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Sequence

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
SIDE_VENV = Path(os.environ.get("RLVERIFY_FRAMEWORKS_VENV", REPO / ".venv-frameworks"))

# Problems with scripted responses: right answers in other forms, wrong ones, a hack, no answer.
PROBLEMS: list[dict[str, Any]] = [
    {"question": "What is 2+2?", "gold": "4",
     "responses": [r"2+2 is 4. The answer is \boxed{4}", r"The answer is \boxed{5}"]},
    {"question": "What is half of 1?", "gold": r"\frac{1}{2}",
     "responses": [r"Half of 1 is 0.5, so the answer is \boxed{0.5}", r"The answer is \boxed{2}"]},
    {"question": "Which city is the capital of France?", "gold": "Paris",
     "responses": [r"The answer is \boxed{\text{Paris}}", r"\boxed{Final Decision: Yes}"]},
    {"question": "Solve x^2 = 9 for x > 0.", "gold": "3",
     "responses": [r"x = 3, so the answer is \boxed{x=3}", "I am not sure what the question means."]},
]
RESPONSES = [r for p in PROBLEMS for r in p["responses"]]


def need(module: str) -> Any:
    """Import ``module``; skip when it is missing, except in CI (where it must be installed)."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        if os.environ.get("CI"):
            pytest.fail(f"{module} is not installed in CI ({e}); `make test` installs the 'frameworks' extra")
        pytest.skip(f"{module} not installed: pip install -e '.[frameworks]'")


def side_python() -> Path:
    """The side venv's python (verl, OpenRLHF); skipped outside CI when it was not made."""
    py = SIDE_VENV / "bin" / "python"
    if not py.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{py} missing; `make test` makes it (locks/venvs.py install frameworks)")
        pytest.skip(f"{py} missing: python3 locks/venvs.py install frameworks .venv-frameworks --share .venv")
    return py


def run_side(script: str, *args: str, timeout: float = 300, env: dict[str, str] | None = None) -> Any:
    """Run ``tests/integrations/real/<script>`` in the side venv; its last stdout line is JSON."""
    cmd = [str(side_python()), str(HERE / script), *args]
    full_env = {**os.environ, "PYTHONPATH": str(HERE), "TOKENIZERS_PARALLELISM": "false", **(env or {})}
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=full_env, cwd=str(REPO))
    if proc.returncode != 0:
        raise AssertionError(f"{script} failed (rc={proc.returncode}):\n{proc.stdout[-4000:]}\n{proc.stderr[-6000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


# ---------------------------------------------------------------- a tiny Qwen2 chat model

CHAT_TEMPLATE = (
    "{% for m in messages %}<|im_start|>{{ m['role'] }}\n{{ m['content'] }}<|im_end|>\n{% endfor %}"
    "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)
SPECIALS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]


def _tokenizer(transformers: Any, texts: Sequence[str], chat_template: str) -> Any:
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=400, special_tokens=SPECIALS, show_progress=False,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tok.train_from_iterator(list(texts) * 4, trainer=trainer)
    fast = transformers.PreTrainedTokenizerFast(tokenizer_object=tok, pad_token="<|endoftext|>",
                                                eos_token="<|im_end|>", bos_token=None)
    fast.chat_template = chat_template
    fast.add_tokens([transformers.AddedToken(r, normalized=False, special=False) for r in RESPONSES])
    return fast


def build_tiny_qwen(directory: str | Path, steps: int = 80, seed: int = 0,
                    chat_template: str = CHAT_TEMPLATE, answer: str | None = None) -> Path:
    """A 2-layer Qwen2 (hidden size 32) with a byte-level BPE tokenizer and a Qwen-style chat
    template whose vocabulary holds each scripted response as one token. It is fitted for a few
    steps to answer each PROBLEMS question (plain or chat prompt) with one of its responses, so
    sampled completions mix right, wrong and hacking answers. ``answer`` (one of the scripted
    responses): no fitting; the weights are set so that every prompt is answered with that reply and
    the turn ends after it, whatever the question, padding, seed or sampling (see
    :func:`_one_reply`). Saved under ``directory``."""
    import torch
    import transformers

    torch.manual_seed(seed)
    path = Path(directory)
    # the tokenizer as the frameworks load it: a saved and reloaded BPE tokenizer can split a prompt
    # otherwise than the one in memory (seen: ' 1' one token before saving, two after)
    _tokenizer(transformers, [p["question"] for p in PROBLEMS], chat_template).save_pretrained(path)
    tokenizer = transformers.AutoTokenizer.from_pretrained(path)
    config = transformers.Qwen2Config(
        vocab_size=len(tokenizer), hidden_size=32, intermediate_size=64, num_hidden_layers=2,
        num_attention_heads=2, num_key_value_heads=1, max_position_embeddings=512,
        tie_word_embeddings=answer is None, eos_token_id=tokenizer.eos_token_id,
        pad_token_id=tokenizer.pad_token_id, bos_token_id=None)
    model = transformers.Qwen2ForCausalLM(config)
    if answer is not None:
        assert answer in RESPONSES, answer
        _one_reply(model, tokenizer.convert_tokens_to_ids(answer), tokenizer.eos_token_id)
    else:
        rows = []
        for p in PROBLEMS:
            for reply in p["responses"]:
                target = [tokenizer.convert_tokens_to_ids(reply), tokenizer.eos_token_id]
                chat = tokenizer.apply_chat_template([{"role": "user", "content": p["question"]}],
                                                     tokenize=False, add_generation_prompt=True)
                for context in (chat, p["question"]):  # chat and plain prompts (TRL passes a plain prompt as is)
                    ids = tokenizer(context, add_special_tokens=False)["input_ids"]
                    rows.append((torch.tensor([ids + target]), torch.tensor([[-100] * len(ids) + target])))
        optimiser = torch.optim.Adam(model.parameters(), lr=2e-2)
        model.train()
        for step in range(steps):
            ids, labels = rows[step % len(rows)]
            loss = model(input_ids=ids, labels=labels).loss
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
    model.generation_config.pad_token_id = tokenizer.pad_token_id
    model.generation_config.eos_token_id = tokenizer.eos_token_id
    model.eval().save_pretrained(path)
    return path


def _one_reply(model: Any, reply: int, eos: int, scale: float = 200.0) -> None:
    """Set the weights of an untied Qwen2 so that its next token depends on the current token only:
    the attention and MLP outputs are zero (the residual stream is the token's embedding), every
    token but ``reply`` embeds to one vector ``u`` and ``reply`` to an orthogonal ``v``, and the head
    scores ``reply`` by ``u`` and ``eos`` by ``v``. After any prompt the logit of ``reply`` leads by
    ``scale`` (every other probability is exactly 0 in float32), and after ``reply`` that of ``eos``."""
    import torch

    with torch.no_grad():
        for layer in model.model.layers:
            layer.self_attn.o_proj.weight.zero_()
            layer.mlp.down_proj.weight.zero_()
        d = model.config.hidden_size
        u, v = torch.zeros(d), torch.zeros(d)
        u[: d // 2], v[d // 2:] = 1.0, 1.0
        model.model.norm.weight.fill_(1.0)
        emb = model.model.embed_tokens.weight
        emb.copy_(u.expand_as(emb))
        emb[reply] = v
        head = model.lm_head.weight
        head.zero_()
        rms = (u.pow(2).mean() + model.config.rms_norm_eps).sqrt()  # both u and v have this RMS
        head[reply] = u / rms * (scale / d * 2)
        head[eos] = v / rms * (scale / d * 2)


def expected(response: str, gold: str, question: str | None, verifier: str = "rule",
             **options: Any) -> dict[str, Any]:
    """What ``rlverify.verify`` says, as the fields the frameworks log (in a warmed-up process,
    so that a cold start's item timeout cannot make both sides agree on a meaningless 0)."""
    import rlverify
    from rlverify.integrations._common import warm_process

    warm_process()
    v = rlverify.verify(response, gold, question, verifier=verifier, **options)
    assert "timeout" not in v.flags, (response, gold, v)
    return {"score": None if v.undecided else float(v.score), "source": v.source,
            "extracted": v.extracted, "flags": list(v.flags)}


if __name__ == "__main__":  # build a model by hand: python _realfw.py DIR
    print(build_tiny_qwen(sys.argv[1]))
