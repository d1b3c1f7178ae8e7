"""PyAutoLens derives its lens planes by `sorted(...)` + dedup over galaxy redshifts, one of which is a free (traced) parameter.

source: https://github.com/PyAutoLabs/PyAutoLens/issues/498 ("subhalo redshift as free parameter raises TracerBoolConversionError under JAX") and fix PR https://github.com/PyAutoLabs/PyAutoLens/pull/499; pre-fix `plane_redshifts_from` = the concrete-redshift branch of PyAutoLabs/PyAutoLens autolens/lens/tracer_util.py @478213e787781517113e96f80013270df482f665
error: TracerBoolConversionError
category: traced-attribute-sort-key
expect: report
notes: `plane_redshifts_from` is the pre-PR-499 body (sort by `galaxy.redshift`, `float()`, `dict.fromkeys` dedup). ag.Galaxy is reduced to a class holding `redshift` and an Einstein radius. The jitted likelihood is reduced to `f(z_subhalo, theta_sub)` that builds lens (z=0.5), subhalo (traced z) and source (z=1.0) and returns the plane redshifts with a per-plane lensing weight. Report: the number and order of planes depend on the traced redshift (a subhalo at the lens redshift merges into the lens plane), and the upstream fix changed the semantics (one plane per traced galaxy, in input order) rather than preserving them. Inputs include subhalo redshifts equal to the lens redshift and behind the source.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from typing import List

import numpy as np
import jax
import jax.numpy as jnp


class Galaxy:
    def __init__(self, redshift, einstein_radius=0.0):
        self.redshift = redshift
        self.einstein_radius = einstein_radius


def plane_redshifts_from(galaxies: List[Galaxy]) -> List[float]:
    """
    Returns a list of plane redshifts from a list of galaxies, using the redshifts of the galaxies to determine the
    unique redshifts of the planes.
    """
    galaxies_ascending_redshift = sorted(galaxies, key=lambda galaxy: galaxy.redshift)

    # Coerce to float to avoid issues with other float types not being hashable.
    plane_redshifts = [float(galaxy.redshift) for galaxy in galaxies_ascending_redshift]

    return list(dict.fromkeys(plane_redshifts))


@jax.jit
def f(z_subhalo, theta_sub):
    lens = Galaxy(redshift=0.5, einstein_radius=1.6)
    subhalo = Galaxy(redshift=z_subhalo, einstein_radius=theta_sub)
    source = Galaxy(redshift=1.0)
    galaxies = [lens, subhalo, source]
    plane_redshifts = plane_redshifts_from(galaxies)
    z = jnp.asarray(plane_redshifts)
    weight = sum(
        g.einstein_radius * (jnp.abs(z - g.redshift) < 1e-6) for g in galaxies
    )
    return z, weight
# --- end user code ---


def make_inputs(rng):
    z_sub = rng.choice([0.5, 0.2, 0.9, 1.2, float(rng.uniform(0.2, 0.9))])
    theta = rng.uniform(0.01, 0.4)
    return (np.asarray(z_sub, dtype=np.float32), np.asarray(theta, dtype=np.float32))


INPUTS = make_inputs
