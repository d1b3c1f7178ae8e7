"""The verification worker runs under resource limits (issue 18): a function that allocates far
past the memory limit, forks repeatedly, spins on the CPU or floods its output gets its own clear
verdict, the machine is unaffected, and the next function in the same run is verified normally."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from tracerfix.config import ConfigError
from tracerfix.verify.limits import Limits, format_size, parse_size
from tracerfix.verify.options import parse_options

pytest.importorskip("jax")

LEAKS = textwrap.dedent(
    """\
    import os

    import jax
    import jax.numpy as jnp


    @jax.jit
    def hungry(x):
        big = jnp.ones((x.shape[0] * 2**29,))  # gigabytes per element of x
        if x[0] < 0:
            x = x + big[0]
        return x


    @jax.jit
    def forky(x):
        for _ in range(100):
            pid = os.fork()
            if pid == 0:
                os._exit(0)
            os.waitpid(pid, 0)
        if x[0] < 0:
            x = x + 1
        return x


    @jax.jit
    def spinning(x):
        while True:
            pass
        if x[0] < 0:
            x = x + 1
        return x


    @jax.jit
    def chatty(x):
        for _ in range(200_000):
            print("y" * 100)
        if x[0] < 0:
            x = x + 1
        return x


    @jax.jit
    def fine(x):
        if x[0] < 0:
            x = x + 1
        return x
    """
)


def test_each_limit_is_the_verdict_of_its_function_and_the_run_goes_on(tmp_path):
    (tmp_path / "pyproject.toml").write_text(textwrap.dedent(
        """\
        [tool.tracerfix.verify]
        memory-limit = "3GiB"
        cpu-limit = 3
        max-processes = 4
        output-limit = "4MiB"
        timeout = 120
        trials = 2
        """))
    (tmp_path / "m.py").write_text(LEAKS)
    env = {**os.environ, "TRACERFIX_CACHE_DIR": str(tmp_path / "cache")}
    run = subprocess.run([sys.executable, "-m", "tracerfix", "rewrite", "--verify", "m.py"], cwd=tmp_path,
                         capture_output=True, text=True, env=env, timeout=600)
    verdicts = {line.split(": ")[1]: line for line in run.stderr.splitlines() if line.startswith("m.py:") and ": " in line
                and line.split(": ")[1] in ("hungry", "forky", "spinning", "chatty", "fine")}
    assert "used more than 3 GiB of memory" in verdicts["hungry"], run.stderr
    assert "tried to start more than 4 processes" in verdicts["forky"], run.stderr
    assert "used more than 3 s of CPU time" in verdicts["spinning"], run.stderr
    assert "wrote more than 4 MiB" in verdicts["chatty"], run.stderr
    assert "fine" not in verdicts  # verified: no verdict line, and written
    assert "Verified 1 of 5 rewritten functions" in run.stderr, run.stderr
    fixed = (tmp_path / "m.py").read_text()
    assert "def fine(x):\n    x = jnp.where(" in fixed
    assert fixed.count("if x[0] < 0:") == 4  # the others keep their original text


def test_limits_are_configurable_and_checked():
    options = parse_options({"memory-limit": "512MiB", "cpu-limit": 7, "max-processes": 0, "output-limit": 1024}, None)
    assert options.limits == Limits(memory=512 * 2**20, cpu_seconds=7, processes=0, output=1024)
    assert parse_options({}, None).limits == Limits()
    assert parse_size("4GiB") == parse_size("4 gb") == 4 * 2**30 and parse_size("1.5k") == 1536
    assert format_size(4 * 2**30) == "4 GiB"
    for table in ({"memory-limit": "lots"}, {"cpu-limit": 0}, {"max-processes": "8"}, {"output-limit": -1}):
        with pytest.raises(ConfigError, match=r"\[tool.tracerfix.verify\]"):
            parse_options(table, None)
