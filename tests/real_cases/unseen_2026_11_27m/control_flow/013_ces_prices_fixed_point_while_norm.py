"""Input-output CES price model: a fixed-point iteration `while jnp.linalg.norm(p[:n] - q) >= eps` on traced prices.

source: public economics script in the code index (file id 9306522404; the index does not name its repository): `get_W`, `CES` and `get_prices` (comment: "простая итерация со стартом в 0, сходится оч. быстро" - simple iteration started at 0, converges very fast), next to a WIOD national input-output table reader `read_NIOT`.
error: TracerBoolConversionError
category: while-fixed-point-norm
expect: fix
notes: `get_W`, `CES` (both keep their `@jax.jit`) and `get_prices` are verbatim; `read_NIOT` (pandas/Excel) and `JCES` are dropped. The script calls `get_prices` eagerly; the jitted driver `f` (weights from a use table `Z`, then the prices for cost function `CES`) is written for the case. The inputs are small random use tables whose price map is a contraction; in float32 the loop reaches an exact fixed point (50-120 iterations), eagerly and in a lax.while_loop.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from jax import numpy as jnp


@jax.jit
def get_W(Z, rho):
    A = jnp.sum(Z, axis = 1)
    Z_ = jnp.transpose(jnp.transpose(Z) / A)
    W_ = jnp.power(Z_, (1+rho)/rho)
    W, W0 = W_[:,:-1], W_[:,-1]
    return W, W0


@jax.jit
def CES(p, W, rho):
    A = jnp.transpose(W) * p
    B = jnp.power(jnp.transpose(A), rho / (1 + rho))
    q = jnp.power(jnp.sum(B, axis = 0), (1 + rho) / rho)
    return q


def get_prices(cost_f, n, s, eps=10E-16): #простая итерация со стартом в 0, сходится оч. быстро
    m = len(s)
    p = jnp.zeros(n+m).at[n:].set(s)
    q = jnp.zeros(n).at[:].set(cost_f(p))
    while jnp.linalg.norm(p[:n] - q) >= eps:
        p = p.at[:n].set(q)
        q = q.at[:].set(cost_f(p))
    return p


@jax.jit
def f(Z, s, rho):
    W, W0 = get_W(Z, rho)
    return get_prices(lambda p: CES(p, W, rho), W.shape[1], s)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n, m = 4, 2
    # use table: rows = n goods + m primary inputs, columns = n industries + final demand
    Z = rng.uniform(0.1, 1.0, size=(n + m, n + 1)).astype(np.float32)
    Z[:n] *= 0.3
    s = rng.uniform(0.5, 2.0, size=m).astype(np.float32)
    rho = np.float32(rng.uniform(0.3, 2.0))
    return (Z, s, rho)


INPUTS = make_inputs


@jax.jit
def reference_fix(Z, s, rho):
    W, W0 = get_W(Z, rho)
    n, m = W.shape[1], s.shape[0]
    eps = 10E-16
    p = jnp.zeros(n + m).at[n:].set(s)
    q = CES(p, W, rho)

    def cond(state):
        p, q = state
        return jnp.linalg.norm(p[:n] - q) >= eps

    def body(state):
        p, q = state
        p = p.at[:n].set(q)
        return p, CES(p, W, rho)

    p, q = jax.lax.while_loop(cond, body, (p, q))
    return p
