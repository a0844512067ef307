"""`rlverify train-verifier`: the thin shell over rlverify.training (tiny model, nothing downloaded)."""

import json

import pytest

pytest.importorskip("trl")

from rlverify.analysis.evaluate import sample_path  # noqa: E402
from rlverify.cli import main  # noqa: E402
from rlverify.judge.tiny_model import build_tiny_model  # noqa: E402


@pytest.fixture(autouse=True)
def restore_torch_threads():
    import torch

    before = torch.get_num_threads()
    yield
    torch.set_num_threads(before)


def test_data_stage_from_the_cli_records_config_and_counts(tmp_path, capsys):
    import torch

    model = build_tiny_model(tmp_path / "tiny", seed=5)
    run = tmp_path / "run"
    argv = ["train-verifier", "data", "--run-dir", str(run), "--model", str(model), "--corpus", str(sample_path()),
            "--prompts", "4", "--k", "2", "--max-new-tokens", "2", "--seed", "3", "--threads", "1", "--quiet"]
    assert main(argv) == 0
    assert "sampled verdicts" in capsys.readouterr().out and torch.get_num_threads() == 1
    config = json.loads((run / "config.json").read_text())
    assert config["student"]["model"] == str(model) and config["data"]["k"] == 2 and config["data"]["seed"] == 3
    counts = json.loads((run / "data" / "counts.json").read_text())
    assert counts["prompts"] == 4 and counts["samples"] == 8
    assert main(argv[:-1] + ["--k", "3", "--quiet"]) == 2            # a different config is refused
    assert "differs" in capsys.readouterr().err


def test_stages_out_of_order_are_a_one_line_error(tmp_path, capsys):
    assert main(["train-verifier", "gate", "--run-dir", str(tmp_path / "empty"), "--quiet"]) == 2
    assert "run the train stage before gate" in capsys.readouterr().err
    assert main(["train-verifier", "data", "--run-dir", str(tmp_path / "x"), "--quiet"]) == 2
    assert "--model" in capsys.readouterr().err
