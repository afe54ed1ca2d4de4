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
# The app listens on 127.0.0.1 only. To show it to a classroom network, see README (risks):
#   make app APP_ARGS="--Voila.ip=0.0.0.0 --port 8866"
APP_ARGS ?=
NBVAL := --nbval --nbval-current-env --nbval-sanitize-with notebooks/sanitize.cfg

.PHONY: lab test fuzz bench app install

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

# Unit, property, doctest, widget and browser tests, and every notebook under nbval (outputs compared).
test: $(STAMP)
	$(BIN)/python -m pytest -q tests millionaire notebooks $(NBVAL) --durations=8

fuzz: $(STAMP)
	MILLIONAIRE_FUZZ_GAMES=2000 $(BIN)/python -m pytest -q tests/test_properties.py

bench: $(STAMP)
	$(BIN)/python benchmarks/engine_speed.py
	$(BIN)/python benchmarks/board_redraw.py

# The play notebook as a web page with no code showing (Voila), on http://127.0.0.1:8866
app: $(STAMP)
	$(BIN)/voila --Voila.ip=127.0.0.1 --no-browser $(APP_ARGS) notebooks/01_play_a_game.ipynb
