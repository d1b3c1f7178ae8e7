"""A Tracer property sorts galaxy objects by a redshift attribute that is traced for a free subhalo.

source: https://github.com/PyAutoLabs/PyAutoLens/issues/498 and fix PR https://github.com/PyAutoLabs/PyAutoLens/pull/499 ("`Tracer.galaxies_ascending_redshift` ... called Python `sorted(galaxies, key=lambda g: g.redshift)` on a galaxies list. When one of those redshifts was a JAX traced scalar ... `sorted` performed pairwise `<` comparisons"); sorting code as in PyAutoLabs/PyAutoLens autolens/lens/tracer_util.py @478213e787781517113e96f80013270df482f665 (concrete branch)
error: TracerBoolConversionError
category: traced-attribute-sort-key
expect: fix
notes: Tracer is reduced to a class holding galaxies with the `galaxies_ascending_redshift` property (pre-PR-499 form). f is a stand-in for the jitted likelihood: it reads the deflector galaxies in ascending-redshift order and returns their redshifts and Einstein radii plus a cumulative-mass profile along the line of sight, a fixed-shape output whose order depends on the traced subhalo redshift. A jit-safe rewrite sorts with `jnp.argsort` on the stacked redshifts (ties keep input order, as Python's stable sort does). Inputs place the subhalo in front of, at, between and behind the other galaxies.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class Galaxy:
    def __init__(self, redshift, einstein_radius=0.0):
        self.redshift = redshift
        self.einstein_radius = einstein_radius


class Tracer:
    def __init__(self, galaxies):
        self.galaxies = galaxies

    @property
    def galaxies_ascending_redshift(self):
        return sorted(self.galaxies, key=lambda galaxy: galaxy.redshift)

    def cumulative_einstein_radius(self):
        total = 0.0
        out = []
        for galaxy in self.galaxies_ascending_redshift:
            total = total + galaxy.einstein_radius
            out.append(total)
        return jnp.stack(out)


@jax.jit
def f(z_subhalo, theta_sub, theta_lens):
    tracer = Tracer([
        Galaxy(redshift=0.5, einstein_radius=theta_lens),
        Galaxy(redshift=z_subhalo, einstein_radius=theta_sub),
        Galaxy(redshift=1.0, einstein_radius=0.0),
    ])
    ordered = tracer.galaxies_ascending_redshift
    redshifts = jnp.stack([jnp.asarray(g.redshift, jnp.float32) for g in ordered])
    radii = jnp.stack([jnp.asarray(g.einstein_radius, jnp.float32) for g in ordered])
    return redshifts, radii, tracer.cumulative_einstein_radius()
# --- end user code ---

import numpy as np


def make_inputs(rng):
    z_sub = rng.choice([0.2, 0.5, 0.7, 1.0, 1.3, float(rng.uniform(0.1, 1.5))])
    return (np.asarray(z_sub, dtype=np.float32),
            np.asarray(rng.uniform(0.01, 0.4), dtype=np.float32),
            np.asarray(rng.uniform(1.0, 2.0), dtype=np.float32))


INPUTS = make_inputs


@jax.jit
def reference_fix(z_subhalo, theta_sub, theta_lens):
    z = jnp.stack([jnp.float32(0.5), z_subhalo.astype(jnp.float32), jnp.float32(1.0)])
    r = jnp.stack([theta_lens.astype(jnp.float32), theta_sub.astype(jnp.float32), jnp.float32(0.0)])
    order = jnp.argsort(z, stable=True)
    return z[order], r[order], jnp.cumsum(r[order])
