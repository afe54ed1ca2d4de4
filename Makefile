# Two commands for a fresh machine with Python >= 3.11 and make:
#   make lab    open the kit in JupyterLab
#   make test   run every test (unit, property, doctest; notebooks under nbval as they come)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
# Extra options for `make lab`, e.g. make lab LAB_ARGS="--no-browser --port 8899"
LAB_ARGS ?=

.PHONY: lab test fuzz bench install

install: $(STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Reinstall whenever pyproject.toml changes.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[lab,test]'
	touch $(STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab $(ROOT_FLAG) $(LAB_ARGS) notebooks/

test: $(STAMP)
	$(BIN)/python -m pytest -q tests millionaire

fuzz: $(STAMP)
	MILLIONAIRE_FUZZ_GAMES=2000 $(BIN)/python -m pytest -q tests/test_properties.py

bench: $(STAMP)
	$(BIN)/python benchmarks/engine_speed.py
