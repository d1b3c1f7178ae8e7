"""Gillespie stochastic simulation step written with `jnp.where` and `lax.while_loop`: already jit-safe.

source: darrenjw/jax-smfsb `src/jsmfsb/spn.py` at 01b011400aa37239126837b579538df2c0d3b20d (`Spn.__init__`,
  `Spn.step_gillespie`) and the `lv` model of `src/jsmfsb/models.py` (code-index file id 11941957377). It is the
  JAX port of darrenjw/python-smfsb's NumPy `step_gillespie`, whose `while True:` loop tests `if h0 < min_haz`
  and `if t >= termt: return x` in Python; the port moves those tests into `jnp.where` and the loop condition.
error: none
category: negative-lax-while-loop
expect: untouched
notes: `Spn.__init__` and `step_gillespie` are verbatim (docstrings shortened); the other simulation methods
  are dropped. The `lv` model is inlined with jsmfsb's default rates. `f` is the jitted `step` closure that
  `step_gillespie()` returns. The comparisons `h0 > max_haz`, `h0 < min_haz` and `state[3] < termt` are traced
  but only feed `jnp.where` and `lax.while_loop`, so nothing is concretized.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
from jax import jit
import jax.numpy as jnp
import jax.lax as jl


class Spn:
    """Class for stochastic Petri net models."""

    def __init__(self, p, t, pre, post, h, m):
        """Constructor method for Spn objects"""
        self.p = p  # species names
        self.t = t  # reaction names
        self.pre = jnp.array(pre).astype(jnp.float32)
        self.post = jnp.array(post).astype(jnp.float32)
        self.h = h  # hazard function
        self.m = jnp.array(m).astype(jnp.float32)  # initial marking

    def step_gillespie(self, min_haz=1e-10, max_haz=1e07):
        """Create a function for advancing the state of a SPN by using the
        Gillespie algorithm"""
        sto = (self.post - self.pre).T
        u, v = sto.shape

        @jit
        def advance(state):
            key, xo, x, t = state
            h = self.h(x, t)
            h0 = jnp.sum(h)
            key, k1, k2 = jax.random.split(key, 3)
            t = jnp.where(h0 > max_haz, 1e30, t)
            t = jnp.where(h0 < min_haz, 1e30, t + jax.random.exponential(k1) / h0)
            j = jax.random.choice(k2, v, p=h / h0)
            xn = jnp.add(x, sto[:, j])
            return (key, x, xn, t)

        @jit
        def step(key, x0, t0, deltat):
            t = t0
            x = x0
            termt = t0 + deltat
            key, x, xn, t = jl.while_loop(
                lambda state: state[3] < termt, advance, (key, x, x, t)
            )
            return x

        return step


def lv(th=[1, 0.005, 0.6]):
    return Spn(["Prey", "Predator"], ["Prey rep", "Inter", "Pred death"],
               [[1,0],[1,1],[0,1]], [[2,0],[0,2],[0,0]],
               lambda x, t: jnp.array([th[0]*x[0], th[1]*x[0]*x[1], th[2]*x[1]]),
               [50,100])


f = lv().step_gillespie()
# --- end user code ---

import numpy as np


def make_inputs(rng):
    key = np.array([0, rng.integers(0, 2**31)], dtype=np.uint32)
    x0 = rng.integers(20, 120, size=2).astype(np.float32)
    t0 = np.float32(rng.uniform(0.0, 5.0))
    deltat = np.float32(rng.uniform(0.02, 0.15))
    return (key, x0, np.asarray(t0), np.asarray(deltat))


INPUTS = make_inputs
