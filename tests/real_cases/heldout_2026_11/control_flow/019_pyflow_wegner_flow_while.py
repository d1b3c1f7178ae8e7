"""PyFlow's flow_einsum_nonint: Wegner flow `while jnp.max(jnp.abs(V0)) > 10**(-2):` with a Python step counter.

source: sjt48/PyFlow core/diag.py (flow_einsum_nonint, the einsum benchmark of the non-interacting flow; the same function is in TFE_jax/core/diag.py)
error: TracerBoolConversionError
category: while-convergence-counter
expect: fix
notes: the loop verbatim; the timing and the four prints at the end are replaced by returning what they printed (sorted diagonal, largest off-diagonal element) plus the step counter q, and the function is jitted. Two state arrays are updated in the body, H0 from dH0's diagonal and V0 from its off-diagonal part, and a Python int counter is carried along.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(H0, V0, dl):
    q = 0
    while jnp.max(jnp.abs(V0))>10**(-2):

        # Non-interacting generator
        eta0 = jnp.einsum('ij,jk->ik',H0,V0) - jnp.einsum('ki,ij->kj',V0,H0,optimize=True)

        # Flow of non-interacting terms
        dH0 = jnp.einsum('ij,jk->ik',eta0,(H0+V0)) - jnp.einsum('ki,ij->kj',(H0+V0),eta0,optimize=True)

        # Update non-interacting terms
        H0 = H0+dl*jnp.diag(jnp.diag(dH0))
        V0 = V0 + dl*(dH0-jnp.diag(jnp.diag(dH0)))

        q += 1

    return jnp.sort(jnp.diag(H0)), jnp.max(jnp.abs(V0)), q
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 4
    h = np.sort(rng.uniform(-1.5, 1.5, size=n))
    h = h + 0.6 * np.arange(n)                      # keep levels apart
    H0 = np.diag(h).astype(np.float32)
    scale = rng.choice([0.005, 0.2, 0.4])           # 0.005: already diagonal enough, loop never runs
    V = rng.normal(size=(n, n)) * scale
    V0 = np.triu(V, 1)
    V0 = (V0 + V0.T).astype(np.float32)
    return (H0, V0, np.float32(0.01))


INPUTS = make_inputs


@jax.jit
def reference_fix(H0, V0, dl):
    def cond(c):
        H0, V0, q = c
        return jnp.max(jnp.abs(V0)) > 10 ** (-2)

    def body(c):
        H0, V0, q = c
        eta0 = H0 @ V0 - V0 @ H0
        dH0 = eta0 @ (H0 + V0) - (H0 + V0) @ eta0
        H0 = H0 + dl * jnp.diag(jnp.diag(dH0))
        V0 = V0 + dl * (dH0 - jnp.diag(jnp.diag(dH0)))
        return H0, V0, q + 1

    H0, V0, q = jax.lax.while_loop(cond, body, (H0, V0, 0))
    return jnp.sort(jnp.diag(H0)), jnp.max(jnp.abs(V0)), q
