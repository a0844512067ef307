"""TransformersJudge and the model-mode test server, on tiny models built here (nothing downloaded)."""

import pytest

from rlverify.judge import JudgeItem, OpenAIJudge, make_judge
from rlverify.judge.local import LocalGenerator
from rlverify.judge.prompts import load_template
from rlverify.judge.testing import build_tiny_model, create_app, serve
from rlverify.judge.transformers_judge import TransformersJudge

YES = JudgeItem("What is 6 times 7?", "42", "42")
NO = JudgeItem("What is 6 times 7?", "42", "forty-three point five")
OTHERS = [JudgeItem(None, str(i), "x" * (5 * i + 1)) for i in range(4)]


pytestmark = pytest.mark.usefixtures("one_torch_thread")


@pytest.fixture(scope="module")
def random_model(tmp_path_factory):
    return build_tiny_model(tmp_path_factory.mktemp("tiny") / "random", seed=1)


@pytest.fixture(scope="module")
def taught_model(tmp_path_factory):
    study = load_template("study")
    lessons = [(study.render(YES), "Final Decision: Yes"), (study.render(NO), "Final Decision: No")]
    return build_tiny_model(tmp_path_factory.mktemp("tiny") / "taught", seed=2, lessons=lessons, steps=40)


def test_tiny_model_is_local_and_has_a_chat_template(random_model):
    assert (random_model / "config.json").is_file() and (random_model / "tokenizer.json").is_file()
    judge = TransformersJudge(str(random_model), max_new_tokens=4)
    assert "<|assistant|>" in judge.generator.chat_text("hi")
    assert judge.generator.tokenizer.padding_side == "left"


def test_batched_generation_matches_one_by_one(random_model):
    batched = TransformersJudge(str(random_model), batch_size=3, max_new_tokens=6, cache=False)
    single = TransformersJudge(str(random_model), batch_size=1, max_new_tokens=6, cache=False)
    a, b = batched.judge_detailed(OTHERS), single.judge_detailed(OTHERS)
    assert [r.output for r in a] == [r.output for r in b]
    assert all(r.output for r in a) and len({r.output for r in a}) > 1
    # gibberish from a random model is never a decision
    assert [r.decision for r in a] == [None] * 4 and {r.error for r in a} == {"missing"}


def test_taught_model_decides_in_a_padded_batch(taught_model):
    judge = TransformersJudge(str(taught_model), batch_size=4, max_new_tokens=8)
    results = judge.judge_detailed([YES, NO, *OTHERS[:2]])
    assert [r.output for r in results[:2]] == ["Final Decision: Yes", "Final Decision: No"]
    assert [r.decision for r in results[:2]] == [True, False]
    assert judge.judge([NO, YES]) == [False, True] and judge.cache.hits == 2


def test_model_served_over_http_gives_the_same_decisions(taught_model):
    generator = LocalGenerator.load(str(taught_model), max_new_tokens=8)
    with serve(create_app(generator=generator, model_name="tiny")) as url:
        judge = OpenAIJudge(url, "tiny", timeout=20, cache=False)
        results = judge.judge_detailed([YES, NO])
    assert [r.decision for r in results] == [True, False]
    assert results[0].output == "Final Decision: Yes"


def test_raw_prompts_locally_and_over_the_completions_endpoint(random_model):
    local = TransformersJudge(str(random_model), max_new_tokens=5, use_chat_template=False, cache=False)
    with serve(create_app(generator=local.generator, model_name="tiny")) as url:
        remote = OpenAIJudge(url, "tiny", endpoint="completions", timeout=20, cache=False)
        served = [r.output for r in remote.judge_detailed(OTHERS[:2])]
    assert served == [r.output for r in local.judge_detailed(OTHERS[:2])]
    chat = TransformersJudge(str(random_model), max_new_tokens=5, cache=False)
    assert served != [r.output for r in chat.judge_detailed(OTHERS[:2])]


def test_make_judge_transformers(random_model):
    judge = make_judge("transformers", model_name_or_path=str(random_model), max_new_tokens=2,
                       template="three-way", dtype="bfloat16", device="cpu")
    assert isinstance(judge, TransformersJudge) and judge.template.name == "three-way"
    assert str(judge.generator.model.dtype) == "torch.bfloat16"
    assert judge.judge([OTHERS[0]]) == [None]


def test_bad_batch_size(random_model):
    with pytest.raises(ValueError):
        TransformersJudge(str(random_model), batch_size=0)
