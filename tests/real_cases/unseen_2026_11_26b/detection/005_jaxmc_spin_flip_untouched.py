"""Metropolis spin flips that only look leaky: traced index into a neighbour table, `range(jnp.size(...))`.

source: riccardo-rende/jaxmc jaxmc/montecarlo.py, jaxmc/hamiltonian.py and jaxmc/lattice.py at 02368dd33d7450a74b250d780a43f2cae693220f (SingleSpinFlipState, MonteCarloState, single_spin_flip_step, sweep, mc_sweeps, e_local_nn_1d, energy, LatticeState), driven as in main.py
error: none
category: negative-closure-static-shape
expect: untouched
notes: the functions are verbatim. flax is not installed, so `flax.struct.dataclass` is replaced by
  a small `struct_dataclass` decorator (frozen dataclass registered as a pytree, with `.replace`),
  which is what flax does; every field is a pytree leaf as in flax, so `s.L` is traced inside `f`.
  `f` builds the states from arrays as main.py does and jits `mc_sweeps` with `nsweeps` static.
  Everything that looks leaky is fine: `for j in neighbours[i]` iterates a fixed-length row at a
  traced index, `L = jnp.size(spins)` and `range(L)` are static shapes, the accept test goes
  through `jax.lax.cond`, the traced `s.L` is only divided by, and `partial(body_fn, e_local=...)`
  closes over a static callable. A fixer must not change a byte.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import dataclasses
from functools import partial
from typing import Any, Callable

import jax
import jax.numpy as jnp


def struct_dataclass(cls):
    """Stand-in for flax.struct.dataclass: a frozen dataclass that is a pytree."""
    cls = dataclasses.dataclass(frozen=True)(cls)
    cls.replace = lambda self, **changes: dataclasses.replace(self, **changes)
    names = [fld.name for fld in dataclasses.fields(cls)]
    return jax.tree_util.register_dataclass(cls, data_fields=names, meta_fields=[])


# ---- jaxmc/lattice.py ----
@struct_dataclass
class LatticeState():
    spins: jnp.ndarray
    neighbours: jnp.ndarray
    L: int


# ---- jaxmc/hamiltonian.py ----
@jax.jit
def e_local_nn_1d(i:int, spins: jnp.array, neighbours: jnp.array):
    L = jnp.size(spins)
    el = 0.0
    for j in neighbours[i]:
        el = el + spins[j]
    
    el = - el * spins[i]
    return el

@partial(jax.jit, static_argnums=(2,))
def energy(spins: jnp.array, neighbours: jnp.array, e_local: Callable) -> float:
    def body_fn(i:int, vals: tuple[jnp.ndarray, jnp.ndarray], e_local: Callable):
        e, spins = vals
        return [e + e_local(i, spins, neighbours), spins]

    L = jnp.size(spins)

    init_vals = [0.0, spins]
    vals = jax.lax.fori_loop(0, L, partial(body_fn, e_local=e_local), init_vals)
    return 0.5 * vals[0]


# ---- jaxmc/montecarlo.py ----
@struct_dataclass
class SingleSpinFlipState():
    acc_call: int
    tot_call: int

@struct_dataclass
class MonteCarloState():
    key: jnp.array

@jax.jit
def single_spin_flip_step(i: int, vals: tuple[jnp.array, jnp.array, MonteCarloState, SingleSpinFlipState, jnp.ndarray]):
    spins, neighbours, mc, a, rands = vals
    L = jnp.size(spins)

    a = a.replace(tot_call=a.tot_call+1)

    index = (rands[i, 0] * L).astype(int)
    de = -2.0 * e_local_nn_1d(index, spins, neighbours)
    rand = rands[i, 1]

    def accepted_func(vals):
        index, spins, a = vals
        spins = spins.at[index].set(-spins[index]) # FLIP
        a = a.replace(acc_call=a.acc_call+1)
        return spins, a

    def refused_func(vals):
        index, spins, a = vals
        return spins, a

    spins, a = jax.lax.cond(rand < jnp.exp(-0.5*de), accepted_func, refused_func, (index, spins, a))

    return [spins, mc, a]

@jax.jit
def sweep(i: int, vals: tuple[jnp.array, jnp.array, MonteCarloState, SingleSpinFlipState, dict]):
    spins, neighbours, mc, a, mean_values = vals

    L = jnp.size(spins)

    # Generate all the random numbers
    new_key, subkey = jax.random.split(mc.key, num=2)
    rand = jax.random.uniform(subkey, (L, 2))
    mc = mc.replace(key=new_key)

    for k in range(L):
        spins, mc, a = single_spin_flip_step(k, [spins, neighbours, mc, a, rand])

    mean_values["e"] = mean_values["e"] + energy(spins, neighbours, e_local_nn_1d)

    return [spins, neighbours, mc, a, mean_values]

def mc_sweeps(nsweeps: int, s: LatticeState, mc: MonteCarloState, a: SingleSpinFlipState):
    mean_values = {"e": 0.0}
    
    spins, _, mc, a, mean_values = jax.lax.fori_loop(0, nsweeps, sweep, [s.spins, s.neighbours, mc, a, mean_values])

    mean_values = jax.tree_util.tree_map(lambda x: x/nsweeps/s.L, mean_values)

    s = s.replace(spins=spins)

    return s, mc, a, mean_values


# ---- driver (as in main.py), compiled ----
@partial(jax.jit, static_argnums=(0,))
def f(nsweeps, spins, neighbours, key):
    s = LatticeState(spins, neighbours, spins.shape[0])
    mc = MonteCarloState(key)
    a = SingleSpinFlipState(0, 0)
    s, mc, a, mean_values = mc_sweeps(nsweeps, s, mc, a)
    return s.spins, a.acc_call, a.tot_call, mean_values
# --- end user code ---

import numpy as np


def make_inputs(rng):
    L = 8
    spins = rng.choice([-1.0, 1.0], size=L).astype(np.float32)
    idx = np.arange(L)
    neighbours = np.stack([(idx - 1) % L, (idx + 1) % L], axis=1).astype(np.int32)
    key = np.asarray(jax.random.PRNGKey(int(rng.integers(0, 2**31 - 1))))
    nsweeps = int(rng.integers(1, 4))
    return (nsweeps, spins, neighbours, key)


INPUTS = make_inputs
