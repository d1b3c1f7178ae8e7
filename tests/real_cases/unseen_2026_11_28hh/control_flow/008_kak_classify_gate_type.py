"""Gate classification from KAK coordinates: an if-chain on traced comparisons that returns Python strings.

source: public JAX quantum-compilation module in the code index (code-index file id 33220718681; functions
    compute_kak_coords, kak_coords_batch, classify_gate_type, get_sycamore_initial_params; "avoids Python callbacks to
    Cirq, enabling full JIT/VMAP acceleration"); the index does not name the repository
error: TracerBoolConversionError
category: if-chain-returns-str
expect: report
notes: classify_gate_type verbatim, with `f = jax.jit(classify_gate_type)` added as the entry point (the module's
    own compute_kak_coords / get_sycamore_initial_params are jit-safe and use jnp.where). Every branch returns a
    different Python str, so the result cannot be a traced value: no jit-safe rewrite with the same outputs exists
    (one could return an integer code via jnp.select, but that changes the return type). Inputs hit identity,
    CNOT, SWAP, iSWAP and generic coordinates.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def classify_gate_type(kak_coords, atol=1e-3):
    """
    Classifies the gate type based on KAK coordinates.
    
    Args:
        kak_coords: (3,) array of interaction coefficients (x, y, z)
        atol: Absolute tolerance for comparison
        
    Returns:
        str: 'identity', 'cnot', 'swap', 'iswap', or 'generic'
    """
    # Ensure coords are positive for classification
    coords = jnp.abs(kak_coords)
    
    if jnp.all(coords < atol):
        return 'identity'
        
    # CNOT: (pi/4, 0, 0)
    if jnp.abs(coords[0] - jnp.pi/4) < atol and coords[1] < atol and coords[2] < atol:
        return 'cnot'
        
    # SWAP: (pi/4, pi/4, pi/4)
    if jnp.all(jnp.abs(coords - jnp.pi/4) < atol):
        return 'swap'
        
    # iSWAP: (pi/4, pi/4, 0)
    if jnp.abs(coords[0] - jnp.pi/4) < atol and jnp.abs(coords[1] - jnp.pi/4) < atol and coords[2] < atol:
        return 'iswap'
        
    return 'generic'


f = jax.jit(classify_gate_type)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    q = np.pi / 4
    base = [
        [0.0, 0.0, 0.0],
        [q, 0.0, 0.0],
        [q, q, q],
        [q, q, 0.0],
        list(rng.uniform(0.05, 0.7, size=3)),
    ][rng.integers(5)]
    coords = np.asarray(base, dtype=np.float32) + rng.uniform(-2e-4, 2e-4, size=3).astype(np.float32)
    return (coords,)


INPUTS = make_inputs
