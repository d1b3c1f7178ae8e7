"""Patchy-particle self-assembly yield optimiser: `if total_conc > 0.5:` rescales the projected concentrations.

source: self-assembly yield-optimisation script (jax_md space, jaxopt implicit_diff GradientDescent inner solver, optax outer Adam over Morse patch strengths and monomer concentrations; functions indx_of_target, make_tables, pairwise_morse, get_nmer_energy_fn, compute_zvib, compute_zrot_mod_sigma, get_log_z_all, loss_fn, inner_solver, ofer, ofer_grad_fn, project), public code index file id 68286097017; the index does not name the repository or commit.
error: TracerBoolConversionError
category: if-on-traced-reduction
expect: fix
notes: `project` is verbatim except `a_min=`/`a_max=` renamed to `min=`/`max=` (removed from jnp.clip
  in the installed JAX). The script calls it on the parameter vector after each outer Adam
  update (Morse strengths followed by num_monomers concentrations); here it is jitted on its own with
  num_monomers static, as a projection step inside a jitted update would be; the script's pickle loading, jax_md, jaxopt and optax set-up are dropped.
  Inputs draw concentrations between 0.05 and 0.3 so the clipped total falls on both sides of 0.5.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp


def project(param, num_monomers):
    conc_min, conc_max = 0.0001, 0.2
    concs = jnp.clip(param[-num_monomers:], min=conc_min, max=conc_max)
    total_conc = jnp.sum(concs)
    if total_conc > 0.5:
        concs = 0.5 * (concs / total_conc)
    param = param.at[-num_monomers:].set(concs)
    return param


f = jax.jit(project, static_argnums=(1,))
# --- end user code ---

import numpy as np

N_MORSE = 21  # n_patches * (n_patches - 1) // 2 + n_patches with n_patches = 6


def make_inputs(rng):
    eps = rng.uniform(2.0, 6.0, N_MORSE)
    concs = rng.uniform(0.05, 0.3, 3)
    return np.concatenate([eps, concs]).astype(np.float32), 3


INPUTS = make_inputs


@partial(jax.jit, static_argnums=(1,))
def reference_fix(param, num_monomers):
    concs = jnp.clip(param[-num_monomers:], min=0.0001, max=0.2)
    total_conc = jnp.sum(concs)
    concs = jnp.where(total_conc > 0.5, 0.5 * (concs / total_conc), concs)
    return param.at[-num_monomers:].set(concs)
