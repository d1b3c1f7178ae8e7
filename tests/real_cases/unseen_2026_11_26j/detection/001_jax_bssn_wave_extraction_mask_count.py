"""JAX_BSSN's jitted gravitational-wave extraction averages over a shell selected by a traced radius.

source: uwplasma/JAX_BSSN JAX_BSSN/errors.py, earlier revision that still defines `compute_wave_extraction_quantities` (code-index file id 67196199999; the stored later revision at 782fc4021ac9c24e1a683310ec4d15980623748e no longer has the function); `BSSNVariables` / `BSSNParameters` from the same project's JAX_BSSN/bssn.py (index file id 67144296606)
error: TracerBoolConversionError
category: traced-if-on-mask-count-in-project-jitted-function
expect: fix
notes: `compute_wave_extraction_quantities` is verbatim (docstring shortened), with the project's own `@jit`. `BSSNVariables` and `BSSNParameters` are the project's NamedTuples, verbatim. The leak is hidden behind physics: the shell mask depends on `radius` and on `params.dx`, both traced because the parameters NamedTuple and the radius are ordinary jit arguments, so `if jnp.sum(mask) > 0:` needs a concrete bool. The `else` branch returns Python `0.0` for both averages. Inputs: an 8^3 grid with random metric components; some trials use a radius beyond the grid so the shell is empty and the else branch runs. `f` is the project's jitted function itself.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import NamedTuple

import jax.numpy as jnp
from jax import jit


class BSSNVariables(NamedTuple):
    """Container for BSSN evolution variables."""
    conformal_metric: jnp.ndarray      # γ_ij (3x3 symmetric)
    conformal_factor: jnp.ndarray      # W or φ
    traceless_K: jnp.ndarray          # A_ij (3x3 traceless)
    trace_K: jnp.ndarray              # K (scalar)
    conformal_connection: jnp.ndarray  # Γ^i (3-vector)
    lapse: jnp.ndarray                # α (scalar)
    shift: jnp.ndarray                # β^i (3-vector)


class BSSNParameters(NamedTuple):
    """Parameters for BSSN evolution."""
    eta: float = 2.0          # Damping parameter for Γ^i evolution
    f: float = 2.0            # Multiple of 1+log slicing
    g: float = 0.75           # Gamma driver shift parameter
    dx: float = 0.1           # Grid spacing
    dt: float = 0.001         # Time step


@jit
def compute_wave_extraction_quantities(vars: BSSNVariables, 
                                      params: BSSNParameters,
                                      radius: float) -> dict:
    """
    Compute quantities for gravitational wave extraction (simplified).
    
    Args:
        vars: BSSN variables
        params: Evolution parameters
        radius: Extraction radius
        
    Returns:
        Dictionary of wave extraction quantities
    """
    dx = params.dx
    shape = vars.conformal_metric.shape[2:]
    ni, nj, nk = shape
    
    # Create coordinate arrays
    x = jnp.arange(ni) * dx - (ni - 1) * dx / 2
    y = jnp.arange(nj) * dx - (nj - 1) * dx / 2
    z = jnp.arange(nk) * dx - (nk - 1) * dx / 2
    X, Y, Z = jnp.meshgrid(x, y, z, indexing='ij')
    
    r = jnp.sqrt(X**2 + Y**2 + Z**2)
    
    # Find points near extraction radius
    mask = jnp.abs(r - radius) < dx
    
    # Extract metric perturbations (simplified)
    h_plus = vars.conformal_metric[0, 0] - vars.conformal_metric[1, 1]
    h_cross = vars.conformal_metric[0, 1]
    
    # Compute averages on extraction sphere
    if jnp.sum(mask) > 0:
        h_plus_avg = jnp.sum(h_plus * mask) / jnp.sum(mask)
        h_cross_avg = jnp.sum(h_cross * mask) / jnp.sum(mask)
    else:
        h_plus_avg = 0.0
        h_cross_avg = 0.0
    
    # Time derivatives (would need to store previous timestep)
    # For now, return spatial quantities
    quantities = {
        'h_plus': h_plus_avg,
        'h_cross': h_cross_avg,
        'extraction_radius': radius
    }
    
    return quantities


f = compute_wave_extraction_quantities
# --- end user code ---

import jax
import numpy as np

_N = 8


def make_inputs(rng):
    g = np.broadcast_to(np.eye(3, dtype=np.float32)[:, :, None, None, None], (3, 3, _N, _N, _N)).copy()
    g += 0.05 * rng.normal(size=(3, 3, _N, _N, _N)).astype(np.float32)
    vars = BSSNVariables(
        conformal_metric=g,
        conformal_factor=np.ones((_N, _N, _N), np.float32),
        traceless_K=np.zeros((3, 3, _N, _N, _N), np.float32),
        trace_K=np.zeros((_N, _N, _N), np.float32),
        conformal_connection=np.zeros((3, _N, _N, _N), np.float32),
        lapse=np.ones((_N, _N, _N), np.float32),
        shift=np.zeros((3, _N, _N, _N), np.float32),
    )
    params = BSSNParameters(
        eta=np.float32(2.0), f=np.float32(2.0), g=np.float32(0.75),
        dx=np.float32(rng.uniform(0.08, 0.12)), dt=np.float32(0.001),
    )
    if rng.random() < 0.3:
        radius = np.float32(rng.uniform(2.0, 5.0))   # shell outside the grid: empty mask
    else:
        radius = np.float32(rng.uniform(0.1, 0.4))
    return (vars, params, radius)


INPUTS = make_inputs


@jax.jit
def reference_fix(vars, params, radius):
    dx = params.dx
    ni, nj, nk = vars.conformal_metric.shape[2:]
    x = jnp.arange(ni) * dx - (ni - 1) * dx / 2
    y = jnp.arange(nj) * dx - (nj - 1) * dx / 2
    z = jnp.arange(nk) * dx - (nk - 1) * dx / 2
    X, Y, Z = jnp.meshgrid(x, y, z, indexing='ij')
    r = jnp.sqrt(X**2 + Y**2 + Z**2)
    mask = jnp.abs(r - radius) < dx
    h_plus = vars.conformal_metric[0, 0] - vars.conformal_metric[1, 1]
    h_cross = vars.conformal_metric[0, 1]
    count = jnp.sum(mask)
    safe = jnp.maximum(count, 1)
    h_plus_avg = jnp.where(count > 0, jnp.sum(h_plus * mask) / safe, 0.0)
    h_cross_avg = jnp.where(count > 0, jnp.sum(h_cross * mask) / safe, 0.0)
    return {'h_plus': h_plus_avg, 'h_cross': h_cross_avg, 'extraction_radius': radius}
