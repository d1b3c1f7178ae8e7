"""An EBM weight-statistics helper under @jax.jit: int() of a traced sum, an `if` on it, a boolean-mask gather and float() of the results.

source: gavriel-tech/Chaotic-Neuro-Computational-Substrate src/core/ebm.py at 44264337498bc5921f83b94142183861f37543fb (compute_weight_statistics; code-index file id 8065374026)
error: ConcretizationTypeError
category: int-float-of-tracer, boolean-mask-index
expect: fix
notes: the function is verbatim, including its own @jax.jit decorator (it is `f`). Only the module's other
  functions (THRML wrapper, feedback buffers) are left out; the imports are the file's own. Under jit it fails
  first at `int(jnp.sum(mask))`; behind that are `if n_active == 0`, `active_weights[nonzero_mask]` (a
  data-dependent size) and four float() casts. All of them have static-shape replacements (jnp.where on the
  empty case, reductions with `where=`), so the function is fixable. Inputs: a float 0/1 node mask, all-zero
  in some trials so that the early-return branch runs.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def compute_weight_statistics(ebm_weights: jnp.ndarray, mask: jnp.ndarray) -> dict:
    """
    Compute statistics about weight matrix.
    
    Args:
        ebm_weights: (N_MAX, N_MAX) weight matrix
        mask: (N_MAX,) active node mask
        
    Returns:
        Dictionary with statistics
    """
    # Get active portion of weights
    n_active = int(jnp.sum(mask))
    
    if n_active == 0:
        return {
            'mean': 0.0,
            'std': 0.0,
            'max': 0.0,
            'min': 0.0,
        }
    
    # Extract active submatrix
    mask_2d = jnp.outer(mask, mask)
    active_weights = ebm_weights * mask_2d
    
    # Compute statistics (excluding zeros from inactive nodes)
    nonzero_mask = mask_2d > 0.5
    active_values = active_weights[nonzero_mask]
    
    return {
        'mean': float(jnp.mean(active_values)),
        'std': float(jnp.std(active_values)),
        'max': float(jnp.max(active_values)),
        'min': float(jnp.min(active_values)),
    }


f = compute_weight_statistics
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 8
    w = rng.normal(scale=0.5, size=(n, n)).astype(np.float32)
    w = (w + w.T) / 2
    if rng.random() < 0.3:
        mask = np.zeros(n, dtype=np.float32)
    else:
        mask = (rng.random(n) < 0.6).astype(np.float32)
        mask[rng.integers(n)] = 1.0
    return (w, mask)


INPUTS = make_inputs


@jax.jit
def reference_fix(ebm_weights, mask):
    n_active = jnp.sum(mask).astype(jnp.int32)
    mask_2d = jnp.outer(mask, mask)
    active_weights = ebm_weights * mask_2d
    nonzero_mask = mask_2d > 0.5
    empty = n_active == 0
    # keep the masked reductions finite when nothing is active
    safe_mask = nonzero_mask | empty
    stats = {
        'mean': jnp.mean(active_weights, where=safe_mask),
        'std': jnp.std(active_weights, where=safe_mask),
        'max': jnp.max(active_weights, where=safe_mask, initial=-jnp.inf),
        'min': jnp.min(active_weights, where=safe_mask, initial=jnp.inf),
    }
    return {k: jnp.where(empty, 0.0, v) for k, v in stats.items()}
