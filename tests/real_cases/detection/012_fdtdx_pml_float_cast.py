"""A method called on an object inside jit casts a traced value with float().

source: ymahlau/fdtdx pull request #347 (PerfectlyMatchedLayer.place_on_grid: `float(sigma_end_calculated)`)
error: ConcretizationTypeError
category: object-method
expect: report
notes: adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class PerfectlyMatchedLayer:
    def __init__(self, thickness):
        self.thickness = thickness

    def place_on_grid(self, resolution):
        sigma_end_calculated = -3.0 * jnp.log(1e-6) / (2 * self.thickness * resolution)
        sigma_end = float(sigma_end_calculated)
        return jnp.linspace(0.0, 1.0, 8) * sigma_end


@jax.jit
def f(resolution):
    layer = PerfectlyMatchedLayer(10)
    return layer.place_on_grid(resolution)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.float32(rng.uniform(0.5, 2)),)


INPUTS = make_inputs
