"""A velocity-estimator method returns early when its traced time-history buffer still holds zeros (`if jnp.any(self.tq_hs == 0.0)`).

source: planar HSA (handed shearing auxetic) soft-robot ROS 2 velocity estimator node in the public code index (code-index file id 9900610707; class `PlanarHsaVelocityEstimatorNode`, methods `compute_q_d` / `compute_chiee_d`; imports `hsa_control_interfaces` and `mocap_optitrack_interfaces`; the index does not name the repository). A sibling controller node with the same `compute_q_d` is id 40680177627.
error: TracerBoolConversionError
category: method-attr-if-early-return
expect: fix
notes: `compute_q_d` is kept as written; `compute_chiee_d` is dropped (same pattern). The rclpy `Node` base, ROS parameters and message callbacks are replaced by a plain `__init__` that stores the history arrays (`tq_hs`, `q_hs`) and the previous `q`/`q_d` as attributes, and the `derivative.Spline(s=1.0, k=3)` differentiator (SciPy-based) is replaced by a small jnp backward-difference stand-in with the same `.d(x, t)` call. `f` builds the estimator from traced arrays and jits `compute_q_d`, which is where the file's `jit` import and `jax_enable_x64` point; the leak is the early-return test of the traced buffer attribute.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from jax import Array, jit
from jax import numpy as jnp


class FiniteDifferenceStandIn:
    # stand-in for derivative.Spline(s=1.0, k=3).d(x, t)
    def d(self, x, t):
        dx = jnp.diff(x) / jnp.diff(t)
        return jnp.concatenate([dx[:1], dx])


class PlanarHsaVelocityEstimatorNode:
    def __init__(self, tq_hs, q_hs, q, q_d):
        # history of configurations
        # the longer the history, the more delays we introduce, but the less noise we get
        self.tq_hs = tq_hs
        self.q_hs = q_hs
        self.q = q
        self.q_d = q_d

        # method for computing derivative
        self.diff_method = FiniteDifferenceStandIn()

    def compute_q_d(self) -> Array:
        """
        Compute the velocity of the generalized coordinates from the history of configurations.
        """
        # if the buffer is not full yet, return the current velocity
        if jnp.any(self.tq_hs == 0.0):
            return self.q_d

        # subtract the first time stamp from all time stamps to avoid numerical issues
        t_hs = self.tq_hs - self.tq_hs[0]

        q_d = jnp.zeros_like(self.q)
        # iterate through configuration variables
        for i in range(self.q_hs.shape[-1]):
            # derivative of all time stamps for configuration variable i
            q_d_hs = self.diff_method.d(self.q_hs[:, i], t_hs)

            q_d = q_d.at[i].set(q_d_hs[-1])

        return q_d


@jit
def f(tq_hs, q_hs, q, q_d):
    node = PlanarHsaVelocityEstimatorNode(tq_hs, q_hs, q, q_d)
    return node.compute_q_d()
# --- end user code ---

import numpy as np


def make_inputs(rng):
    h = 16
    t0 = rng.uniform(1.0, 100.0)
    tq_hs = (t0 + np.cumsum(rng.uniform(0.01, 0.03, size=h))).astype(np.float32)
    if rng.uniform() < 0.4:
        # buffer not yet full: leading zeros, as right after start-up
        tq_hs[: rng.integers(1, h)] = 0.0
    q_hs = rng.normal(size=(h, 3)).astype(np.float32)
    q = q_hs[-1].copy()
    q_d = rng.normal(size=(3,)).astype(np.float32)
    return (tq_hs, q_hs, q, q_d)


INPUTS = make_inputs


@jax.jit
def reference_fix(tq_hs, q_hs, q, q_d):
    t_hs = tq_hs - tq_hs[0]
    dq = jnp.diff(q_hs, axis=0) / jnp.diff(t_hs)[:, None]
    new_q_d = dq[-1].astype(q.dtype)
    return jnp.where(jnp.any(tq_hs == 0.0), q_d, new_q_d)
