"""rlverify.training on the bundled sample corpus and tiny models built here (nothing downloaded).

The student of the data stage is a scripted judge with known replies (a random tiny model almost
never writes a decision line), so that the keep/drop rules and the later stages see real data; the
train and gate stages run the tiny model itself.
"""

import json
import random
from collections import Counter

import pytest

pytest.importorskip("trl")
pytest.importorskip("peft")
pytest.importorskip("datasets")

from rlverify.analysis.evaluate import sample_path  # noqa: E402
from rlverify.errors import BadInputError  # noqa: E402
from rlverify.judge import JudgeItem, make_judge  # noqa: E402
from rlverify.judge.base import JudgeResult  # noqa: E402
from rlverify.judge.parsing import parse_decision  # noqa: E402
from rlverify.judge.prompts import load_template  # noqa: E402
from rlverify.judge.tiny_model import build_tiny_model  # noqa: E402
from rlverify.registry import get_verifier  # noqa: E402
from rlverify.training import (DataConfig, GateConfig, RunDir, StudentConfig, TrainConfig,  # noqa: E402
                               run_data, run_gate, run_train)
from rlverify.training.data import build_prompts, filter_samples, load_labelled, problem_key, split_by_problem  # noqa: E402

REPLIES = ("Final Decision: Yes", "Final Decision: No", "The answer looks fine.",
           "Final Decision: Yes\nFinal Decision: No", "**Final Decision:** No")


class ScriptedStudent:
    """Replies drawn from REPLIES with a seeded RNG: a sampling student with raw outputs, no cache."""

    cache = None

    def __init__(self, seed=0):
        self.rng = random.Random(seed)
        self.calls = []

    def judge_detailed(self, items):
        self.calls.append(len(items))
        return [JudgeResult(None, output=self.rng.choice(REPLIES)) for _ in items]

    def judge(self, items):
        return [None for _ in items]


pytestmark = pytest.mark.usefixtures("one_torch_thread")


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    return build_tiny_model(tmp_path_factory.mktemp("tiny") / "student", seed=4)


@pytest.fixture(scope="module")
def rows():
    return load_labelled([sample_path()])


def test_split_is_by_problem_seeded_and_keeps_every_row(rows):
    train, held = split_by_problem(rows, 0.3, seed=1)
    assert len(train) + len(held) == len(rows) and held and train
    assert not {problem_key(r.row) for r in train} & {problem_key(r.row) for r in held}
    again, _ = split_by_problem(rows, 0.3, seed=1)
    other, _ = split_by_problem(rows, 0.3, seed=2)
    assert [r.row.id for r in again] == [r.row.id for r in train]
    assert [r.row.id for r in other] != [r.row.id for r in train]


def test_prompts_put_adjudicated_rows_first_and_balance_labels(rows):
    dropped = Counter()
    prompts = build_prompts(rows, DataConfig(train_prompts=10, seed=0), StudentConfig("unused"), dropped)
    assert len(prompts) == 10 and Counter(p.row.row.label for p in prompts) == {True: 5, False: 5}
    adjudicated = [r for r in rows if r.adjudicated]
    assert len(adjudicated) == 2 and {p.row.row.id for p in prompts} >= {r.row.id for r in adjudicated}
    first = prompts[0]
    assert first.text == load_template("study").render(first.item) and first.item.answer in first.text


def test_filter_keeps_agreeing_decisions_drops_duplicates_and_balances(rows):
    prompts = build_prompts(rows, DataConfig(train_prompts=4, seed=0), StudentConfig("unused"), Counter())
    yes = next(p for p in prompts if p.row.row.label)
    no = next(p for p in prompts if not p.row.row.label)
    samples = [
        {"prompt": yes.index, "sample": 0, "output": "Final Decision: Yes"},
        {"prompt": yes.index, "sample": 1, "output": "Final Decision: Yes"},                  # duplicate
        {"prompt": yes.index, "sample": 2, "output": "Looks right.\nFinal Decision: Yes"},
        {"prompt": yes.index, "sample": 3, "output": "Final Decision: No"},                   # disagrees
        {"prompt": no.index, "sample": 0, "output": "Final Decision: No"},
        {"prompt": no.index, "sample": 1, "output": "maybe"},                                # undecided
        {"prompt": no.index, "sample": 2, "output": None, "error": "timeout"},
    ]
    dropped = Counter()
    kept = filter_samples(prompts, samples, "study", "Grade.", True, 0, dropped)
    assert dropped == {"duplicate": 1, "wrong_decision": 1, "undecided:missing": 1, "undecided:timeout": 1,
                       "balance": 1}
    assert Counter(e["label"] for e in kept) == {True: 1, False: 1}
    for e in kept:
        roles = [m["role"] for m in e["messages"]]
        assert roles == ["system", "user", "assistant"] and e["messages"][0]["content"] == "Grade."
        decision = parse_decision(e["messages"][-1]["content"], load_template("study")).value
        assert decision == e["label"] and e["provenance"]["id"]
    unbalanced = filter_samples(prompts, samples, "study", None, False, 0, Counter())
    assert len(unbalanced) == 3 and [m["role"] for m in unbalanced[0]["messages"]] == ["user", "assistant"]


def test_data_stage_refuses_a_caching_student(tmp_path, tiny):
    judge = make_judge("transformers", model_name_or_path=str(tiny), max_new_tokens=2)  # cache on
    with pytest.raises(BadInputError, match="no cache"):
        run_data(RunDir.at(tmp_path), StudentConfig(str(tiny)), DataConfig(corpora=(str(sample_path()),)),
                 judge=judge, progress=False)


def test_data_stage_samples_a_real_model_and_counts_every_sample(tmp_path, tiny):
    config = DataConfig(corpora=(str(sample_path()),), train_prompts=4, k=2, max_new_tokens=3, batch_size=4)
    counts = run_data(RunDir.at(tmp_path), StudentConfig(str(tiny)), config, progress=False)
    assert counts["prompts"] == 4 and counts["samples"] == 8
    sample_drops = sum(v for k, v in counts["dropped"].items() if not k.startswith("prompt:"))
    assert counts["kept"] + sample_drops == 8


def test_three_stages_smoke_and_the_model_loads_back(tmp_path, tiny):
    run = RunDir.at(tmp_path / "run")
    student = StudentConfig(str(tiny), system_prompt="You grade answers.")
    data = DataConfig(corpora=(str(sample_path()),), train_prompts=16, k=3, eval_fraction=0.3, batch_size=8)
    scripted = ScriptedStudent()
    counts = run_data(run, student, data, judge=scripted, progress=False)
    assert counts["samples"] == 48 and scripted.calls == [8, 8, 8, 8, 8, 8]
    assert counts["kept_by_label"]["correct"] == counts["kept_by_label"]["incorrect"] > 0
    assert counts["shared_problems"] == 0 and counts["eval_rows"] > 0 and counts["corpora"] == [str(sample_path())]
    lines = (tmp_path / "run" / "data" / "train.jsonl").read_text().splitlines()
    assert len(lines) == counts["kept"]
    # a second run with the same config is a no-op; a different one is refused
    assert run_data(run, student, data, judge=ScriptedStudent(), progress=False)["kept"] == counts["kept"]
    with pytest.raises(BadInputError, match="differs"):
        run_data(run, student, DataConfig(corpora=data.corpora, k=5), judge=scripted, progress=False)

    summary = run_train(run, TrainConfig(max_steps=3, batch_size=2, max_length=768, logging_steps=1), progress=False)
    assert summary["steps"] == 3 and summary["first_loss"] is not None
    verdict_tokens = sum(len(json.loads(line)["messages"][-1]["content"]) for line in lines)  # >= tokens
    assert 0 < summary["loss_tokens"] <= verdict_tokens + 2 * len(lines) < summary["tokens"] / 4
    assert (run.model_dir / "config.json").is_file() and (run.model_dir / "tokenizer.json").is_file()

    gate = GateConfig(eval_rows=6, probe_n=2, families=("simple_words", "gibberish", "hedging"),
                      placements=("whole", "boxed"), max_new_tokens=4)
    results = run_gate(run, gate, progress=False)
    out = tmp_path / "run" / "gate"
    assert {p.name for p in out.iterdir()} >= {"results.json", "results.md", "gate.png", "done.json"}
    assert results["conclusion"].startswith(("Yes: the trained verifier became MORE hackable",
                                             "No: the trained verifier did not become more hackable"))
    for model in ("base", "trained"):
        assert results[model]["n_cases"] == 2 * 3 * 2
        assert set(results[model]["probe"]["judge"]["by_family"]) == {"simple_words", "gibberish", "hedging"}
        assert results[model]["static"]["judge"]["n"] <= 6
    md = (out / "results.md").read_text()
    assert results["conclusion"] in md and "| judge | trained |" in md
    config = json.loads((tmp_path / "run" / "config.json").read_text())
    assert set(config) == {"student", "data", "train", "gate"} and config["data"]["seed"] == 0

    judge = make_judge("transformers", model_name_or_path=str(run.model_dir), system_prompt="You grade answers.",
                       max_new_tokens=4)
    item = JudgeItem("What is 2+2?", "4", "four")
    assert len(judge.judge([item])) == 1
    hybrid = get_verifier("hybrid", judge=judge)
    v = hybrid.verify("The answer is $\\boxed{4}$.", "4", "What is 2+2?")
    assert v.correct and v.source == "rule"
    assert hybrid.judge is judge
    v = get_verifier("judge", judge=judge).verify("The answer is $\\boxed{five}$.", "4", "What is 2+2?")
    assert v.source == "judge" and v.extracted == "five"


def test_an_interrupted_data_stage_resumes_without_resampling(tmp_path):
    run = RunDir.at(tmp_path / "run")
    data = DataConfig(corpora=(str(sample_path()),), train_prompts=6, k=2, batch_size=2)
    first = ScriptedStudent()
    run_data(run, StudentConfig("unused"), data, judge=first, progress=False)
    samples = tmp_path / "run" / "data" / "samples.jsonl"
    lines = samples.read_text().splitlines()
    assert len(lines) == 12 and first.calls == [2] * 6
    (tmp_path / "run" / "data" / "done.json").unlink()                 # as if killed while writing:
    samples.write_text("\n".join(lines[:9]) + "\n" + lines[9][:10])   # last prompt incomplete, a cut line
    second = ScriptedStudent(seed=7)
    counts = run_data(run, StudentConfig("unused"), data, judge=second, progress=False)
    assert second.calls == [2, 2] and counts["samples"] == 12       # only the last two prompts again
    assert [json.loads(x)["prompt"] for x in samples.read_text().splitlines()][:8] == \
        [json.loads(x)["prompt"] for x in lines[:8]]


def test_gate_rows_are_a_seeded_sample_half_labelled_correct(rows):
    from rlverify.training.gate import _stratified

    plain = [r.row for r in rows]
    picked = _stratified(plain, 20, seed=0)
    assert len(picked) == 20 and sum(r.label for r in picked) == 10
    assert picked == _stratified(plain, 20, seed=0) != _stratified(plain, 20, seed=1)
    assert [plain.index(r) for r in picked] == sorted(plain.index(r) for r in picked)
    few_positives = [r for r in plain if not r.label][:30] + [r for r in plain if r.label][:3]
    assert sum(r.label for r in _stratified(few_positives, 20, seed=0)) == 3


def test_a_gguf_base_trains_and_saves_a_plain_checkpoint(tmp_path):
    pytest.importorskip("gguf")
    from rlverify.judge.tiny_model import build_tiny_gguf

    gguf_dir, name = build_tiny_gguf(tmp_path / "gguf", seed=6)
    run = RunDir.at(tmp_path / "run")
    data = DataConfig(corpora=(str(sample_path()),), train_prompts=8, k=2, batch_size=8)
    counts = run_data(run, StudentConfig(str(gguf_dir), name), data, judge=ScriptedStudent(1), progress=False)
    assert counts["kept"] > 0
    assert run_train(run, TrainConfig(max_steps=1, batch_size=2, max_length=768), progress=False)["steps"] == 1
    config = json.loads((run.model_dir / "config.json").read_text())
    assert "quantization_config" not in config
    judge = make_judge("transformers", model_name_or_path=str(run.model_dir), max_new_tokens=2)
    assert len(judge.judge([JudgeItem(None, "1", "1")])) == 1
