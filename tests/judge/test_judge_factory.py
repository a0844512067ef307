import pytest

from rlverify.errors import BadInputError
from rlverify.judge import JUDGE_BACKENDS, OpenAIJudge, make_judge
from rlverify.judge.base import JudgeItem
from rlverify.judge.simulated import GullibleJudge, RecordingJudge


class Mine:
    def judge(self, items):
        return [None for _ in items]


def test_judge_object_is_returned_as_is():
    j = Mine()
    assert make_judge(j) is j
    with pytest.raises(BadInputError, match="ready judge object"):
        make_judge(j, model="x")


def test_openai_spec():
    j = make_judge("openai", base_url="http://localhost:9/v1", model="m", template="xverify-style", timeout=3)
    assert isinstance(j, OpenAIJudge) and j.template.name == "xverify-style" and j.timeout == 3


@pytest.mark.parametrize("spec,options,message", [
    ("openai", {"model": "m"}, "needs base_url"),
    ("openai", {}, "needs base_url and model"),
    ("transformers", {}, "needs model_name_or_path"),
    ("nope", {}, "unknown judge 'nope'"),
    (42, {}, "unknown judge 42"),
    ("gullible", {"template": "study"}, "bad options for the gullible judge"),
    ("openai", {"base_url": "http://h/v1", "model": "m", "temprature": 0.5}, "bad options for the openai judge"),
])
def test_bad_specs(spec, options, message):
    with pytest.raises(BadInputError, match=message):
        make_judge(spec, **options)


def test_simulated_judges_are_loaded_lazily():
    assert isinstance(make_judge("gullible"), GullibleJudge)
    rec = make_judge("recording", verdict=False)
    assert isinstance(rec, RecordingJudge) and rec.judge([JudgeItem(None, "1", "2")]) == [False]
    assert set(JUDGE_BACKENDS) == {"openai", "transformers", "verl-genrm", "gullible", "recording", "swayed", "oracle"}
