"""A jitted deformable-linear-object energy: Python `for` loops whose bounds come from `dlo_shape.shape[0]`, a static shape.

source: YunxiTang/BEATPython PythonRobotics/PathPlanning/st_dlo_planning/utils/compute_energy.py at 4f1e0140b2be6ccf7f4f8e1d71a1516a218a63f2 (compute_enery; code-index file id 34403508880)
error: none
category: negative-lookalike (range over a static shape, Python accumulators of traced values)
expect: untouched
notes: verbatim, including the author's @jax.jit and the `compute_enery` spelling; only the file's
  `if __name__ == '__main__':` demo is dropped and `f = compute_enery` added. The five `for ... in
  range(num_feature - k)` loops look like tracer-dependent loops, but `num_feature = dlo_shape.shape[0]` is a
  static Python int under jit, the indices `i`, `j` are Python ints, and the float accumulators only ever
  hold traced sums, which are never truth-tested or converted. The stiffnesses and the segment length are
  traced arguments. A fixer must leave this unchanged (unrolling is what the author intends).
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

@jax.jit
def compute_enery(dlo_shape, k1, k2, segment_len):
    num_feature = dlo_shape.shape[0]
    U1 = 0.0
    for i in range(num_feature-1):
        U1 = U1 + k1/2. * (jnp.linalg.norm(dlo_shape[i+1] - dlo_shape[i]) - segment_len) ** 2
        
    U2 = 0.0
    for j in range(num_feature-2):
        U2 = U2 + k2/2. * (jnp.linalg.norm(dlo_shape[j+2] - dlo_shape[j]) - 2 * segment_len) ** 2

    U3 = 0.0
    for j in range(num_feature-3):
        U3 = U3 + k2/2. * (jnp.linalg.norm(dlo_shape[j+3] - dlo_shape[j]) - 3 * segment_len) ** 2

    U4 = 0.0
    for j in range(num_feature-4):
        U4 = U4 + k2/2. * (jnp.linalg.norm(dlo_shape[j+4] - dlo_shape[j]) - 4 * segment_len) ** 2

    U5 = 0.0
    for j in range(num_feature-5):
        U5 = U5 + k2/2. * (jnp.linalg.norm(dlo_shape[j+5] - dlo_shape[j]) - 5 * segment_len) ** 2
        
    return U1 + U2 + U3 + U4 + U5


f = compute_enery
# --- end user code ---

import numpy as np


def make_inputs(rng):
    seg_len = np.float32(rng.uniform(0.03, 0.08))
    n = 9
    steps = rng.normal(size=(n, 3))
    steps = steps / np.linalg.norm(steps, axis=1, keepdims=True) * seg_len * rng.uniform(0.8, 1.2, size=(n, 1))
    dlo = np.cumsum(steps, axis=0).astype(np.float32)
    return (dlo, np.asarray(np.float32(rng.uniform(0.5, 2.0))), np.asarray(np.float32(rng.uniform(0.1, 1.0))),
            np.asarray(seg_len))


INPUTS = make_inputs
