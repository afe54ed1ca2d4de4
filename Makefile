# Two commands for a fresh machine with Python >= 3.11 and make:
#   make lab    open the kit in JupyterLab, its menus in Russian (make lab-en: in English)
#   make teacher  the teacher's copies of the lessons, with the solutions, in build/teacher
#   make worksheets  a printable worksheet and its answer key for every lesson, in build/worksheets
#   make test   run every test (unit, property, doctest; notebooks under nbval as they come)
#   make site   the course as a static website in build/site (open build/site/index.html)
#   make offline  everything the kit installs, in offline/, for a school computer without internet
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
# Extra options for `make lab`, e.g. make lab LAB_ARGS="--no-browser --port 8899"
LAB_ARGS ?=
# The language of JupyterLab's menus and dialogs and of the lesson it opens first: ru or en.
LAB_LANG ?= ru
LAB_FIRST = $(if $(filter ru,$(LAB_LANG)),ru/,)00_start_here.ipynb
# The app listens on 127.0.0.1 only. To show it to a classroom network, see README (risks):
#   make app APP_ARGS="--Voila.ip=0.0.0.0 --port 8866"
APP_ARGS ?=
# The classroom server listens on 127.0.0.1 only. To let students' devices join, see README (risks):
#   make classroom CLASSROOM_ARGS="--host 0.0.0.0"
CLASSROOM_ARGS ?=
# A folder of wheels made by `make offline`: when it is there, installs take every package from it and
# never ask the package index (a school computer without internet). OFFLINE_ARGS go to pip download.
OFFLINE ?= offline
OFFLINE_ARGS ?=
FROM_OFFLINE = $(if $(wildcard $(OFFLINE)/wheels/*.whl),--no-index --find-links $(OFFLINE)/wheels,)
PURE_TESTS := tests/test_engine_rules.py tests/test_golden.py tests/test_determinism.py tests/test_save.py
NBVAL := --nbval --nbval-current-env --nbval-sanitize-with notebooks/sanitize.cfg

.PHONY: lab lab-en lab-teacher teacher test typecheck fuzz bench app install site site-test classroom worksheets offline offline-test

install: $(STAMP)
	@$(BIN)/millionaire engine

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The engine modules compiled at install (setup.py); listed in pyproject.toml.
COMPILED := $(shell sed -n 's/^compiled = \[\(.*\)\]/\1/p' pyproject.toml | tr -d '",')
COMPILED_SOURCES := $(patsubst %,millionaire/%.py,$(COMPILED))

# The compiled modules' contents as a checksum in a file's name: a changed source (whatever its date, as
# cp -p or an unzip leaves it) is a missing file, so the kit reinstalls and compiles it.
SOURCES_SUM := $(VENV)/.sources-$(shell cat $(COMPILED_SOURCES) | cksum | cut -d' ' -f1)

$(SOURCES_SUM): | $(BIN)/python
	rm -f $(VENV)/.sources-*
	touch $@

# Reinstall (and recompile the engine) whenever the project file, the build or a compiled module changes.
# JupyterLab reads overrides.json from its settings folder as its defaults: no "get news?" pop-up
# over a lesson, and the language of its menus (config/lab_settings.py writes it).
LAB_SETTINGS := $(VENV)/share/jupyter/lab/settings
# The lessons are signed as trusted when Lab starts; the signatures stay in .venv, not in the home folder.
NOTARY = --NotebookNotary.db_file=$(VENV)/share/jupyter/nbsignatures.db \
	--NotebookNotary.secret_file=$(VENV)/share/jupyter/notebook_secret
# $(call open_lab,FOLDER): JupyterLab on FOLDER in LAB_LANG, its lessons trusted, at the first lesson.
open_lab = $(BIN)/python config/lab_settings.py $(LAB_LANG) $(LAB_SETTINGS)/overrides.json && \
	$(BIN)/jupyter trust $(NOTARY) $(1)/*.ipynb $(1)/ru/*.ipynb > /dev/null && \
	$(BIN)/jupyter lab $(ROOT_FLAG) $(NOTARY) --LabApp.default_url=/lab/tree/$(LAB_FIRST) $(LAB_ARGS) $(1)/

$(STAMP): pyproject.toml setup.py $(SOURCES_SUM) config/jupyterlab-overrides.json config/lab_settings.py | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade $(FROM_OFFLINE) pip
	$(BIN)/python -m pip install --quiet $(FROM_OFFLINE) -e '.[lab,test,site,scale,classroom,rl]'
	$(BIN)/python config/lab_settings.py $(LAB_LANG) $(LAB_SETTINGS)/overrides.json
	touch $(STAMP)

# First it says which engine runs (compiled, or its Python source and why) and how to switch.
lab: $(STAMP)
	@$(BIN)/millionaire engine
	$(call open_lab,notebooks)

lab-en:
	$(MAKE) lab LAB_LANG=en

# The notebooks are the students' copies (no solutions). The teacher's copies, with the solutions of
# lessons/solutions/ put back, go to build/teacher/ (never committed); lab-teacher opens Lab there.
teacher: $(STAMP)
	$(BIN)/python lessons/teacher.py --out build/teacher

lab-teacher: teacher
	$(call open_lab,build/teacher)

# A printable worksheet for every lesson (the steps by hand) and its answer key, in both languages,
# as PDFs in build/worksheets/ (worksheet_NN_LANG.pdf, worksheet_NN_LANG_key.pdf). The sheets' words
# are in millionaire/sheets/en.toml and ru.toml.
worksheets: $(STAMP)
	mkdir -p build/worksheets
	$(BIN)/millionaire worksheet --lesson all --lang en --folder build/worksheets
	$(BIN)/millionaire worksheet --lesson all --lang ru --folder build/worksheets

# The type checker and the linter first (`make typecheck`), then unit, property, doctest, widget and
# browser tests, and every notebook under nbval (outputs compared): the students' copies and the
# teacher's copies, whose solutions' outputs are compared too.
# Then the compiled modules' own examples (doctests), the rules and the replays once more from their
# Python source, which is what the compiled engine is checked against. The website's test builds the
# whole site (minutes): it is `make site-test`, which CI runs after this.
test: $(STAMP) typecheck teacher
	$(BIN)/python -m pytest -q tests millionaire lessons/teacher.py notebooks build/teacher app config/offline.py $(NBVAL) --durations=8 --ignore=tests/browser/test_site.py --ignore=tests/test_offline_install.py
	MILLIONAIRE_PURE=1 $(BIN)/python -m pytest -q -p no:cacheprovider $(COMPILED_SOURCES) $(PURE_TESTS)

# The type checker over the compiled modules, as setup.py's compiler runs it (mypyc compiles only what
# mypy accepts, so a type error here would make the install fall back to plain Python), then the linter
# (its rules in pyproject.toml). Seconds; `make test` runs it first.
typecheck: $(STAMP)
	$(BIN)/python -m mypy --ignore-missing-imports $(COMPILED_SOURCES)
	$(BIN)/python -m ruff check --quiet .

fuzz: $(STAMP)
	MILLIONAIRE_FUZZ_GAMES=2000 $(BIN)/python -m pytest -q tests/test_properties.py

bench: $(STAMP)
	$(BIN)/python benchmarks/engine_speed.py
	$(BIN)/python benchmarks/board_redraw.py

# The game as an app (Voila shows app/play.ipynb without its code) on 127.0.0.1:8866, opened in the
# browser with a secret token in its address, so that no one else on this computer can use it.
# Its page template (app/voila/templates/millionaire) asks nothing of the internet, and
# config/voila.json frees the kernel of a page that has been closed for two minutes.
app: $(STAMP)
	JUPYTER_PATH=app $(BIN)/voila app/play.ipynb --template=millionaire --Voila.ip=127.0.0.1 --Voila.auto_token=True --Voila.config_file_paths=$(CURDIR)/config $(APP_ARGS)

# One game for a class (Solara): the teacher's screen and a page per team, on 127.0.0.1:8765. It prints
# the join address and code, and the teacher's address with its secret. The game is kept in
# classroom-games/ and resumed when the server starts again (--new starts another).
classroom: $(STAMP)
	$(BIN)/python -m millionaire.classroom $(CLASSROOM_ARGS)

# The course as a static website (both languages, lessons run afresh, guides, rules) in build/site:
# open build/site/index.html, no server needed. Needs npm once, to fetch MathJax and the widget scripts.
site: $(STAMP)
	$(BIN)/python website/build.py

# The website opened in chromium with every request outside it blocked. It builds the site first
# (2-3 minutes from nothing, seconds when the lessons are unchanged), so CI runs it after `make test`.
site-test: $(STAMP)
	MILLIONAIRE_SITE_TEST=1 $(BIN)/python -m pytest -q tests/browser/test_site.py

# Everything `make lab` and `make test` install (wheels for this Python and platform, the packages that
# build the kit, pip) and the website's scripts, in $(OFFLINE)/, to carry on a USB stick to a school
# computer without internet: there, with the folder beside the Makefile, `make lab` installs from it.
offline: | $(BIN)/python
	$(BIN)/python config/offline.py --out $(OFFLINE) $(OFFLINE_ARGS)

# A fresh environment installed from $(OFFLINE)/ with the package index out of reach (minutes).
offline-test: $(STAMP)
	MILLIONAIRE_OFFLINE_TEST=1 $(BIN)/python -m pytest -q tests/test_offline_install.py
