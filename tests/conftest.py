import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import importlib.util
import os
import tempfile

import pytest

# The suite runs the real JAX and a real language-server client: without them whole files would
# skip themselves and the run would look green. Fail at once instead, saying how to install.
_NEEDED = ("jax", "numpy", "pytest_lsp", "hypothesis")


def pytest_configure(config):
    missing = [name for name in _NEEDED if importlib.util.find_spec(name) is None]
    if missing:
        raise pytest.UsageError(
            f"the test suite needs {', '.join(missing)}, which this Python lacks: "
            "run `pip install -e '.[test]'` first"
        )
    # The user's cache folder (the result cache's key, the XLA programs verification compiles)
    # is state an earlier run, or an older tracerfix, left behind: every run starts from none.
    os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="tracerfix-tests-cache-")
