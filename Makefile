# One command each: the venv is created and the pinned dependencies installed on first use.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
ARGS ?=

.PHONY: test test-fast demo bench train setup clean

setup: $(STAMP)

$(STAMP): requirements.txt pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	touch $(STAMP)

# every test (CI runs this), one worker per core. A test file stays on one worker, so the scenes its
# fixtures render are rendered once, except the long files tests/conftest.py deals into groups; the
# groups start longest first (tests/conftest.py: SPLIT_MODULES, LONGEST_FIRST)
TEST_WORKERS ?= auto
SPREAD := --dist loadgroup --no-loadscope-reorder
test: $(STAMP)
	$(PY) -m pytest -n $(TEST_WORKERS) $(SPREAD)

# what a developer runs while working: everything not marked slow (under a minute)
test-fast: $(STAMP)
	$(PY) -m pytest -n $(TEST_WORKERS) $(SPREAD) -m "not slow"

demo: $(STAMP)
	$(VENV)/bin/leafwatch demo $(ARGS)

bench: $(STAMP)
	$(PY) -m benchmarks $(ARGS)

# rebuilds the square classifiers from rendered scenes (long: see README)
train: $(STAMP)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-train.txt
	$(PY) -m vision.training.perceptrons $(ARGS)
	$(PY) -m vision.training.net

clean:
	rm -rf $(VENV) build *.egg-info
