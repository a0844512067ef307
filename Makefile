# Two commands: `make run` and `make test`. Both create the venvs from the lock files first.
# Every venv installs exactly its lock in locks/ (pip, --no-deps: no resolution at install time);
# `make lock` resolves anew from pyproject.toml and locks/*.in and rewrites the locks.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
INSTALL := $(PYTHON) locks/venvs.py install
# verl 0.9.1 and OpenRLHF 0.11.2 (real-framework tests) pin versions that conflict with .venv, and
# PrimeIntellect verifiers 0.4.0 needs openai<3: each has a venv of its own (locks/frameworks.txt,
# locks/verifiers.txt) that links the distributions it shares with .venv at the same version
SIDE := .venv-frameworks
SIDE_STAMP := $(SIDE)/.installed
VERIFIERS := .venv-verifiers
VERIFIERS_STAMP := $(VERIFIERS)/.installed

.PHONY: setup run test bench lock clean

$(STAMP): pyproject.toml locks/main.txt locks/venvs.py
	$(INSTALL) main $(VENV)
	touch $(STAMP)

$(SIDE_STAMP): locks/frameworks.txt locks/venvs.py $(STAMP)
	$(INSTALL) frameworks $(SIDE) --share $(VENV)
	touch $(SIDE_STAMP)

$(VERIFIERS_STAMP): locks/verifiers.txt locks/venvs.py $(STAMP)
	$(INSTALL) verifiers $(VERIFIERS) --share $(VENV)
	touch $(VERIFIERS_STAMP)

setup: $(STAMP) $(SIDE_STAMP) $(VERIFIERS_STAMP)

run: setup
	$(VENV)/bin/rlverify eval --corrections tests/cases/label_corrections.json --report out/eval

test: setup
	$(PY) -m pytest -q

bench: setup
	$(PY) benchmarks/throughput.py

lock:
	$(PYTHON) locks/venvs.py lock

clean:
	rm -rf $(VENV) $(SIDE) $(VERIFIERS) build dist src/*.egg-info
