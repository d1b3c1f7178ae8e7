"""How neural-network libraries hand a module's methods to a JAX transformation.

A Flax, Equinox or Haiku model is traced without its methods ever being named in a `jax.jit`:
`jax.jit(model.apply)` or `state.apply_fn(params, x)` inside a jitted step runs the module's
`__call__`, an NNX or Equinox module called inside an `nnx.jit` / `eqx.filter_jit` function is
traced with it, `hk.transform(forward).apply(params, rng, x)` runs `forward`. These tables say,
by qualified name (as imports resolve it), which calls reach which method and which of the call's
arguments are the method's own. The project index (`project.py`) uses them when it summarises a
module; nothing here knows about files.
"""

from __future__ import annotations

# Base classes of the libraries' modules, by qualified name.
MODULE_BASES = {
    "flax.linen.Module": "linen",
    "flax.linen.module.Module": "linen",
    "flax.nnx.Module": "nnx",
    "flax.nnx.module.Module": "nnx",
    "flax.experimental.nnx.Module": "nnx",
    "equinox.Module": "equinox",
    "haiku.Module": "haiku",
}

# `model.apply(variables, *args)` and `model.init(rngs, *args)` of a Flax linen module run
# `__call__` (or the method named by `method=`) with the arguments after the first.
LINEN_ENTRY_METHODS = {"apply": 1, "init": 1, "init_with_output": 1}

# `hk.transform(f)` and friends: how many leading arguments of `.apply` (params, state, rng) are
# the library's own before `f`'s arguments.
HAIKU_TRANSFORMS = {
    "haiku.transform": 2,
    "haiku.transform_with_state": 3,
    "haiku.multi_transform": 2,
}
HAIKU_WITHOUT_RNG = "haiku.without_apply_rng"

# Lifted transformations of a module class (`nn.scan(Block, ...)`): instances of the result trace
# the class's `__call__`.
LIFTED_CLASS_TRANSFORMS = frozenset(
    {"flax.linen.scan", "flax.linen.vmap", "flax.linen.jit", "flax.linen.remat",
     "flax.linen.checkpoint", "flax.linen.map_variables", "flax.linen.while_loop"}
)

# The field of a Flax `TrainState` that holds `model.apply`.
APPLY_FN_ATTRIBUTE = "apply_fn"


def haiku_apply_shift(transform: str, without_rng: bool) -> int | None:
    """Leading `.apply` arguments before the transformed function's own, or None when
    `transform` is not a Haiku transformation."""
    shift = HAIKU_TRANSFORMS.get(transform)
    if shift is None:
        return None
    return shift - 1 if without_rng else shift


def framework_of(bases: list[str]) -> str | None:
    for base in bases:
        kind = MODULE_BASES.get(base)
        if kind is not None:
            return kind
    return None
