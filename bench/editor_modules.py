"""The real modules the editor benchmarks run on: jit-heavy library files of the corpus releases,
each with the seed's clip loop appended under `@jax.jit` (one leak with a fix).

    python bench/editor_modules.py     # write them into bench/corpus/editor/ and list them

bench/save_action.py (the save hook) and bench/lsp_bench.py (the language server) both use them,
and so does tests/test_incremental.py. The corpus comes from `python bench/corpus.py`.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import corpus  # noqa: E402  (bench/corpus.py)

# (package, path inside the release): the first is the 635-line module of the LSP figures.
MODULES = (
    ("brax", "brax/training/agents/sac/train.py"),
    ("brax", "brax/kinematics.py"),
    ("flax", "flax/linen/partitioning.py"),
    ("optax", "optax/microbatching/_microbatching.py"),
    ("equinox", "equinox/_errors.py"),
    ("equinox", "equinox/internal/_loop/common.py"),
    ("equinox", "equinox/_vmap_pmap.py"),
    ("diffrax", "diffrax/_adjoint.py"),
)

# The seed's index loop, a leak under `jax.jit` (TFX108, fixed to `jnp.where`).
SEED_CLIP_LOOP = '''

import jax
import jax.numpy as jnp


# The seed's clip loop ("Tracer Leak Detection"): a Python `if` on a traced
# element inside an index loop, which raises under `jax.jit`: every
# iteration is unrolled, and `x[i] < 0` is a traced boolean in each one.
# The jit-safe form is `jnp.where(x < 0, 0, x)`.
@jax.jit
def clip_v2(x):
    for i in range(len(x)):
        if x[i] < 0:
            x = x.at[i].set(0)
    return x
'''

OUTPUT = corpus.ROOT / "editor"


def source_path(package: str, relative: str) -> Path:
    return corpus.package_folder(package) / relative


def module_text(package: str, relative: str) -> str:
    """The module with the loop appended, indented as the module is (brax indents by 2)."""
    path = source_path(package, relative)
    if not path.exists():
        raise SystemExit(f"{path} is missing: build the corpus first with `python bench/corpus.py`")
    text = path.read_text(encoding="utf-8")
    found = re.search(r"^(?:def|class) .*:\n(?:[ \t]*(?:#.*)?\n)*([ \t]+)\S", text, re.MULTILINE)
    indent = found.group(1) if found else "    "
    loop = re.sub(r"^((?:    )+)", lambda m: indent * (len(m.group(1)) // 4), SEED_CLIP_LOOP, flags=re.MULTILINE)
    return text.rstrip("\n") + "\n" + loop


def write_modules(folder: Path = OUTPUT) -> list[Path]:
    """The modules with the loop appended, as files named `package__path.py` in `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for package, relative in MODULES:
        path = folder / f"{package}__{relative.replace('/', '__')}"
        text = module_text(package, relative)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def in_project_modules() -> list[tuple[Path, Path]]:
    """(the module with the loop appended, the path it has in its release): a save of the file
    where it really lives, so the analysis indexes the whole project around it."""
    return list(zip(write_modules(), (source_path(package, relative) for package, relative in MODULES)))


if __name__ == "__main__":
    for path in write_modules():
        print(f"{sum(1 for _ in path.open(encoding='utf-8')):5} {path}")
