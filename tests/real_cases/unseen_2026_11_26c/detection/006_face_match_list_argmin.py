"""A Python list of per-identity distances indexed by a traced `argmin`, in nested loops over a global database.

source: jax-ml/jax issue #5839 ("TypeError: list indices must be integers or slices, not DynamicJaxprTracer", match_faces3)
error: TracerIntegerConversionError
category: list-indexed-by-tracer
expect: fix
notes: match_faces3 from the issue. Adapted: the global `database` of (name, descriptors) pairs is a
  small module-level list of constant arrays, `jax_cosine` (referenced but not shown in the issue) is a
  module helper computing cosine distance; the NumPy `distances` buffer assigned element-wise is
  replaced by a list of rows stacked at the end, and the timing/print lines are dropped.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np

_rs = np.random.RandomState(0)
database = [
    ("alice", [_rs.normal(size=8).astype(np.float32) for _ in range(3)]),
    ("bob", [_rs.normal(size=8).astype(np.float32) for _ in range(2)]),
    ("carol", [_rs.normal(size=8).astype(np.float32) for _ in range(4)]),
]


def jax_cosine(a, b):
    return 1.0 - jnp.dot(a, b) / (jnp.linalg.norm(a) * jnp.linalg.norm(b))


@jax.jit
def f(desc):
    distances = []
    for i, descr in enumerate(desc):
        row = []
        for j, identity in enumerate(database):
            dist = []
            for k, id_desc in enumerate(identity[1]):
                dist.append(jax_cosine(descr, id_desc))
            row.append(dist[jnp.argmin(jnp.asarray(dist))])
        distances.append(row)
    return jnp.asarray(distances)
# --- end user code ---


def make_inputs(rng):
    return (rng.normal(size=(4, 8)).astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(desc):
    rows = []
    for descr in desc:
        rows.append([jnp.min(jnp.asarray([jax_cosine(descr, d) for d in ident[1]]))
                     for ident in database])
    return jnp.asarray(rows)
