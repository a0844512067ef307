import importlib

import pytest

import rlverify.judge as judge_pkg

MODULES = ["base", "cache", "prompts", "parsing", "backend", "aio", "openai_judge", "local",
           "transformers_judge", "factory", "verifier", "check", "testing", "tiny_model"]


def test_every_exported_name_resolves():
    for name in judge_pkg.__all__:
        assert getattr(judge_pkg, name) is not None, name


def test_unknown_attribute():
    with pytest.raises(AttributeError):
        judge_pkg.NoSuchThing  # noqa: B018


@pytest.mark.parametrize("module", MODULES)
def test_modules_declare_all(module):
    mod = importlib.import_module(f"rlverify.judge.{module}")
    assert mod.__all__ and all(hasattr(mod, n) for n in mod.__all__)


def test_templates_ship_as_package_data():
    from importlib import resources

    names = {p.name for p in resources.files("rlverify.judge").joinpath("templates").iterdir()}
    assert {f"{n}.txt" for n in judge_pkg.TEMPLATE_NAMES} <= names
