#!/bin/sh
# LiquidKit peer benchmark: see README.md. Creates benchmarks/peers/.venv on first use.
# PYTHON may name the interpreter used to create the venv (Python >= 3.11); default python3.
exec "${PYTHON:-python3}" "$(dirname "$0")/run.py" "$@"
