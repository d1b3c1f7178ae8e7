"""`np.append` inside a `tree_map` lambda inside a kernel method, reached from a jitted prediction.

source: dfm/tinygp src/tinygp/kernels/quasisep.py (Quasisep.to_general_qsm before PR #81 "Fixing dangling numpy op in quasisep"); reported in dfm/tinygp issue #85
error: TracerArrayConversionError
category: numpy-on-tracer-in-tree-map-lambda
expect: fix
notes: to_general_qsm verbatim from the pre-fix version quoted in issue #85 / the pre-PR-#81 file
  (`Xs = jax.tree_util.tree_map(lambda x: np.append(x[0], x[:-1]), X2)`). The abstract Quasisep base
  and the Exp kernel are collapsed into one plain class with `scale` set in __init__; GeneralQSM is
  returned as a tuple; jax.tree_map -> jax.tree_util.tree_map (removed in current JAX).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


class Exp:
    def __init__(self, scale):
        self.scale = scale

    def Pinf(self):
        return jnp.ones((1, 1))

    def h(self, X):
        return jnp.array([1.0])

    def A(self, X1, X2):
        return jnp.exp(-(X2 - X1) / self.scale)[None, None]

    def coord_to_sortable(self, X):
        return X

    def to_general_qsm(self, X1, X2):
        sortable = jax.vmap(self.coord_to_sortable)
        idx = jnp.searchsorted(sortable(X2), sortable(X1), side="right") - 1

        Xs = jax.tree_util.tree_map(lambda x: np.append(x[0], x[:-1]), X2)
        Pinf = self.Pinf()
        a = jax.vmap(self.A)(Xs, X2)
        h1 = jax.vmap(self.h)(X1)
        h2 = jax.vmap(self.h)(X2)

        ql = h2
        pl = h1 @ Pinf
        qu = h1
        pu = h2 @ Pinf

        i = jnp.clip(idx, 0, ql.shape[0] - 1)
        Xi = jax.tree_util.tree_map(lambda x: jnp.asarray(x)[i], X2)
        pl = jax.vmap(jnp.dot)(pl, jax.vmap(self.A)(Xi, X1))

        i = jnp.clip(idx + 1, 0, pu.shape[0] - 1)
        Xi = jax.tree_util.tree_map(lambda x: jnp.asarray(x)[i], X2)
        qu = jax.vmap(jnp.dot)(jax.vmap(self.A)(X1, Xi), qu)

        return pl, ql, pu, qu, a, idx


kernel = Exp(scale=1.5)


@jax.jit
def f(X_test, X):
    return kernel.to_general_qsm(X_test, X)
# --- end user code ---


def make_inputs(rng):
    X = np.sort(rng.uniform(0.0, 10.0, size=(7,))).astype(np.float32)
    X_test = np.sort(rng.uniform(-1.0, 11.0, size=(5,))).astype(np.float32)
    return (X_test, X)


INPUTS = make_inputs


@jax.jit
def reference_fix(X1, X2):
    A = lambda a, b: jnp.exp(-(b - a) / 1.5)[None, None]
    idx = jnp.searchsorted(X2, X1, side="right") - 1
    Xs = jnp.append(X2[0], X2[:-1])
    a = jax.vmap(A)(Xs, X2)
    h1 = jnp.ones((X1.shape[0], 1))
    h2 = jnp.ones((X2.shape[0], 1))
    Pinf = jnp.ones((1, 1))
    ql, pl, qu, pu = h2, h1 @ Pinf, h1, h2 @ Pinf
    i = jnp.clip(idx, 0, ql.shape[0] - 1)
    pl = jax.vmap(jnp.dot)(pl, jax.vmap(A)(X2[i], X1))
    i = jnp.clip(idx + 1, 0, pu.shape[0] - 1)
    qu = jax.vmap(jnp.dot)(jax.vmap(A)(X1, X2[i]), qu)
    return pl, ql, pu, qu, a, idx
