"""Custom Diffrax Brownian path: evaluate() picks its result with if/elif on traced query times.

source: public JAX/Diffrax SDE utility module in the code index ("Custom Brownian path wrapper for Diffrax to support user-provided noise."; code-index file id 5502639567; the index does not name the repository): class CustomBrownianPath (__init__, t0/t1 properties, evaluate)
error: TracerBoolConversionError
category: if-elif-chain-on-traced-scalar
expect: fix
notes: CustomBrownianPath is verbatim except the base class: `dfx.AbstractPath` (diffrax, not installed here) is replaced by a small plain stand-in class `AbstractPath`. create_custom_or_random_brownian (which only picks the class) is dropped. The entry point builds the path from traced t0/t1/dW and queries it both ways (point value and increment), the way a Diffrax solver calls evaluate inside its jitted step. Query times are drawn to hit the interval ends exactly so that every branch runs; t1 > t0 always holds, so the `self.dt > 0` test is also traced but always true.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import Array
from typing import Optional, Tuple


class AbstractPath:  # stand-in for diffrax.AbstractPath
    pass


class CustomBrownianPath(AbstractPath):
    """
    Custom Brownian motion that uses provided dW increments.
    
    This implements Diffrax's AbstractPath interface to allow
    user-specified noise instead of generating random noise.
    """
    
    def __init__(self, t0: float, t1: float, dW: Array):
        self.t0 = t0
        self.t1 = t1
        self.dW = dW
        self.dt = t1 - t0
        self._shape = dW.shape
    
    @property
    def t0(self) -> float:
        """Start time of the interval."""
        return self._t0
    
    @t0.setter
    def t0(self, value: float):
        self._t0 = value
    
    @property
    def t1(self) -> float:
        """End time of the interval."""
        return self._t1
    
    @t1.setter
    def t1(self, value: float):
        self._t1 = value
    
    def evaluate(
        self, 
        t0: float, 
        t1: Optional[float] = None, 
        left: bool = True
    ) -> Array:
        """
        Evaluate Brownian increment between t0 and t1.
        """
        if t1 is None:
            # Query for B(t0) - return cumulative value
            # For simplicity, linear interpolation
            if jnp.abs(t0 - self._t0) < 1e-10:
                return jnp.zeros_like(self.dW)
            elif jnp.abs(t0 - self._t1) < 1e-10:
                return self.dW
            else:
                # Linear interpolation
                alpha = (t0 - self._t0) / self.dt
                return self.dW * alpha
        else:
            # Query for B(t1) - B(t0) = increment
            # Check if this is our full interval
            if (jnp.abs(t0 - self._t0) < 1e-10 and 
                jnp.abs(t1 - self._t1) < 1e-10):
                return self.dW
            else:
                # Sub-interval: scale proportionally by sqrt(time)
                dt_query = t1 - t0
                if self.dt > 0:
                    scale = jnp.sqrt(dt_query / self.dt)
                    return self.dW * scale
                else:
                    return jnp.zeros_like(self.dW)


@jax.jit
def f(t0, t1, dW, s0, s1):
    path = CustomBrownianPath(t0, t1, dW)
    return path.evaluate(s0), path.evaluate(s0, s1)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    t0 = np.float32(rng.choice([0.0, 0.25, 1.0]))
    t1 = np.float32(t0 + rng.choice([0.01, 0.5, 2.0]))
    dW = rng.normal(size=(3,)).astype(np.float32)
    mid = np.float32(t0 + (t1 - t0) * rng.uniform(0.1, 0.9))
    s0 = np.float32([t0, t1, mid][rng.integers(3)])
    s1 = np.float32(t1 if rng.random() < 0.5 else t1 + np.float32(rng.uniform(0.1, 1.0)))
    return (t0, t1, dW, s0, s1)


INPUTS = make_inputs


@jax.jit
def reference_fix(t0, t1, dW, s0, s1):
    dt = t1 - t0
    at_start = jnp.abs(s0 - t0) < 1e-10
    at_end = jnp.abs(s0 - t1) < 1e-10
    point = jnp.where(at_start, jnp.zeros_like(dW),
                      jnp.where(at_end, dW, dW * ((s0 - t0) / dt)))
    full = (jnp.abs(s0 - t0) < 1e-10) & (jnp.abs(s1 - t1) < 1e-10)
    safe_dt = jnp.where(dt > 0, dt, 1.0)
    sub = jnp.where(dt > 0, dW * jnp.sqrt((s1 - s0) / safe_dt), jnp.zeros_like(dW))
    inc = jnp.where(full, dW, sub)
    return point, inc
