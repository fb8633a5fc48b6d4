"""`pointersim conform` from pytest: an implementation's conformance as tests.

Each test runs `pointersim conform` over the Python band of
Examples/ConformPython and reads its JSON report (`--report FILE.json`,
docs/Formats/Conform.md). The exit status says the verdict (0 agree,
1 divergence, 2 too few sessions compared, 76 protocol error, 69 the command
cannot be run); the report says which sessions diverged, why, and the command
that reruns one alone.

    POINTERSIM=.build/debug/pointersim python3 -m pytest -q Examples/ConformPytest

`POINTERSIM` names the binary (default: `pointersim` on the PATH, else
`.build/debug/pointersim` of this repository). For a CI's test report, add
`--report conform.xml` to the command line: JUnit XML, one test case a
session.
"""
import json
import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BAND = f"python3 {ROOT / 'Examples/ConformPython/band_round_even.py'}"


def pointersim():
    return os.environ.get("POINTERSIM") or shutil.which("pointersim") or str(ROOT / ".build/debug/pointersim")


def conform(tmp_path, implementation, *args):
    """Runs conform with a JSON report; returns the process and the report."""
    report = tmp_path / "report.json"
    run = subprocess.run(
        [pointersim(), "conform", "--exec", implementation, "--kind", "band", "--out", str(tmp_path),
         "--report", str(report), "--timeout", "10", *args],
        capture_output=True, text=True, timeout=300)
    return run, json.loads(report.read_text())


@pytest.mark.parametrize("seed", ["1", "2"])
def test_the_fixed_band_conforms_under_uikit(tmp_path, seed):
    run, report = conform(tmp_path, "BAND_ROUNDING=away " + BAND, "--profile", "uikit", "--seed", seed)
    assert run.returncode == 0, run.stdout + run.stderr
    assert report["verdict"] == "agreed"
    assert report["compared"] == 100 and report["skipped"] == 0


def test_the_rounding_bug_is_caught_and_explained(tmp_path):
    run, report = conform(tmp_path, BAND, "--profile", "uikit")
    assert run.returncode == 1
    divergence = report["divergence"]
    assert divergence["shrunkItems"] == 1 and divergence["shrunkSteps"] <= 4
    assert "(halves round away from zero)" in divergence["explanation"]
    # The counterexample is a golden trace, and the rerun command plays that session alone.
    assert all(pathlib.Path(f).exists() for f in divergence["files"])
    assert divergence["rerun"].startswith("pointersim conform --exec ")


def test_reading_the_modifiers_at_the_release_is_caught(tmp_path):
    run, report = conform(tmp_path, "BAND_ROUNDING=away MODIFIERS_AT=release " + BAND, "--profile", "uikit")
    assert run.returncode == 1
    assert " release primary)" in report["divergence"]["explanation"].splitlines()[0]


def test_an_implementation_that_skips_everything_fails(tmp_path):
    skipper = "python3 -c 'import sys; [print(\"{\\\"skipped\\\": \\\"not today\\\"}\", flush=True) for l in sys.stdin if \"scene\" in l]'"
    run, report = conform(tmp_path, skipper, "--sessions", "5")
    assert run.returncode == 2
    assert report["skipReasons"] == [{"reason": "not today", "count": 5}]
