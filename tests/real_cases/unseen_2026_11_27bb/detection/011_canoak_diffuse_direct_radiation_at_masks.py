"""A JAX port of the CANOAK canopy model partitions radiation with a dozen `x.at[mask].set(v)` boolean-mask updates.

source: code-index file id 8028079156 (Peishi Jiang's JAX CANOAK port, "Radiation transfer functions, including: diffuse_direct_radiation(), sky_ir(), rad_tran_canopy(), ir_rad_tran_canopy()", dated 2023.07.27; `diffuse_direct_radiation` carries a commented-out `# @jax.jit`; the index does not name the repository)
error: NonConcreteBooleanIndexError
category: boolean-mask-at-set
expect: fix
notes: `diffuse_direct_radiation` and `sky_ir` are verbatim except that the three `jnp.clip(..., a_min=..., a_max=...)` calls use `min=`/`max=` (the JAX installed here removed the `a_min`/`a_max` keywords). The package-relative imports (`...subjects`, `...shared_utilities`) are dropped; `Float_0D`/`Float_1D` become `jax.Array` aliases and `rad_tran_canopy` / `ir_rad_tran_canopy` / `sky_ir_v2` (which need the package's state classes) are dropped. `f` jits `diffuse_direct_radiation` over a day of hourly forcing, including night hours (negative sun elevation, zero PAR and global radiation) so that every mask (`ru <= 0`, NaN, inf, `< 0`, `== 0`) selects something. Each `.at[mask].set(v)` with a traced mask fails under jit; all are elementwise and have a `jnp.where(mask, v, x)` form.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
"""
Radiation transfer functions, including:
- diffuse_direct_radiation()
- sky_ir()
- rad_tran_canopy()
- ir_rad_tran_canopy()

Author: Peishi Jiang
Date: 2023.07.27.
"""

import jax
import jax.numpy as jnp

# from functools import partial
from typing import Tuple

Float_0D = jax.Array
Float_1D = jax.Array


# @jax.jit
def diffuse_direct_radiation(
    solar_sine_beta: Float_1D, rglobal: Float_1D, parin: Float_1D, press_kpa: Float_1D
) -> Tuple[Float_1D, Float_1D, Float_1D, Float_1D, Float_1D]:
    solar_constant = 1360.8  # [W m-2]

    # Distribution of extraterrestrial solar radiation
    fnir, fvis = 0.517, 0.383
    # fuv, fnir, fvis = 0.087, 0.517, 0.383

    # visible direct and potential diffuse PAR
    ru = press_kpa / (101.3 * solar_sine_beta)
    ru = ru.at[ru <= 0].set(jnp.nan)  # for negative sun angles getting complex numbers
    rdvis = solar_constant * fvis * jnp.exp(-0.185 * ru) * solar_sine_beta
    rsvis = 0.4 * (solar_constant * fvis * solar_sine_beta - rdvis)

    # water absorption in NIR for 10 mm precip water
    wa = solar_constant * 0.077 * jnp.power((2.0 * ru), 0.3)

    # direct beam and potential diffuse NIR
    nircoef = solar_constant * fnir
    rdir = (nircoef * jnp.exp(-0.06 * ru) - wa) * solar_sine_beta
    rdir = rdir.at[jnp.isnan(rdir)].set(0.0)
    # rdir = jnp.maximum(0.0, rdir)
    rsdir = 0.6 * (nircoef - rdvis / solar_sine_beta - wa) * solar_sine_beta
    rsdir = rsdir.at[jnp.isnan(rsdir)].set(0.0)
    # rsdir = jnp.maximum(0.0, rsdir)

    rvt = rdvis + rsvis
    rit = rdir + rsdir
    rvt = rvt.at[jnp.isnan(rvt)].set(0.0)
    rit = rit.at[jnp.isnan(rit)].set(0.0)
    # rvt = jnp.maximum(0.1, rvt)
    # rit = jnp.maximum(0.1, rit)

    ratrad = rglobal / (rvt + rit)
    ratrad = ratrad.at[jnp.isnan(ratrad)].set(1.0)
    ratrad = ratrad.at[jnp.isinf(ratrad)].set(1.0)
    ratrad = jnp.clip(ratrad, min=0.22, max=0.89)
    # ratrad = jnp.maximum(0.22, ratrad)
    # ratrad = jnp.minimum(0.89, ratrad)

    # ratio is the ratio between observed and potential radiation
    # NIR flux density as a function of PAR
    # since NIR is used in energy balance calculations
    # convert it to W m-2: divide PAR by 4.6
    nirx = rglobal - (parin / 4.6)

    # fraction PAR direct and diffuse
    xvalue = (0.9 - ratrad) / 0.70
    fvsb = rdvis / rvt * (1.0 - jnp.power(xvalue, 0.67))
    fvsb = jnp.clip(fvsb, min=0.0, max=1.0)
    # fvd = 1.0 - fvsb
    # fvsb = jnp.maximum(0.0, fvsb)
    # fvsb = jnp.minimum(1.0, fvsb)

    # note PAR has been entered in units of uE m-2 s-1
    par_beam = fvsb * parin
    par_beam = par_beam.at[par_beam < 0].set(0.0)
    par_diffuse = parin - par_beam
    # par_beam = par_beam.at[parin == 0].set(0.001)
    # par_diffuse = par_diffuse.at[parin == 0].set(0.001)
    par_beam = par_beam.at[parin == 0].set(0.0)
    par_diffuse = par_diffuse.at[parin == 0].set(0.0)
    # jax.debug.print("par_beam {a}", a=par_beam[:3])

    # NIR beam and diffuse flux densities
    xvalue = (0.9 - ratrad) / 0.68
    fansb = rdir / rit * (1.0 - jnp.power(xvalue, 0.67))
    fansb = jnp.clip(fansb, min=0.0, max=1.0)
    # fand = 1. - fansb
    nir_beam = fansb * nirx
    nir_beam = nir_beam.at[nir_beam < 0].set(0.0)
    nir_diffuse = nirx - nir_beam
    # nir_beam = nir_beam.at[nirx == 0].set(0.1)
    # nir_diffuse = nir_diffuse.at[nirx == 0].set(0.1)
    nir_beam = nir_beam.at[nirx == 0].set(0.0)
    nir_diffuse = nir_diffuse.at[nirx == 0].set(0.0)
    nir_diffuse = nirx - nir_beam
    nir_beam = nirx - nir_diffuse

    # Check nan
    par_beam = par_beam.at[jnp.isnan(par_beam)].set(0.0)
    par_diffuse = par_diffuse.at[jnp.isnan(par_diffuse)].set(0.0)
    nir_beam = nir_beam.at[jnp.isnan(nir_beam)].set(0.0)
    nir_diffuse = nir_diffuse.at[jnp.isnan(nir_diffuse)].set(0.0)

    return ratrad, par_beam, par_diffuse, nir_beam, nir_diffuse


def sky_ir(T: Float_1D, ratrad: Float_1D, sigma: Float_0D) -> Float_1D:
    """Infrared radiation from sky, W m-2, using algorithm from Norman.

    Args:
        T (Float_0D): _description_
        ratrad (Float_0D): _description_

    Returns:
        Float_0D: _description_
    """
    product = (
        (1.0 - 0.261 * jnp.exp(-0.000777 * jnp.power((273.16 - T), 2.0))) * ratrad
        + 1
        - ratrad
    )
    y = sigma * jnp.power(T, 4.0) * product
    # y = sigma * jnp.power(T, 4.0)
    return y


f = jax.jit(diffuse_direct_radiation)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # one day of hourly forcing: night hours have sin(beta) <= 0 and zero radiation
    hours = np.arange(24)
    peak = rng.uniform(0.5, 0.95)
    solar_sine_beta = (peak * np.sin((hours - 6 + rng.uniform(-1, 1)) / 12.0 * np.pi)).astype(np.float32)
    clear = rng.uniform(0.3, 1.0, size=24)
    rglobal = np.where(solar_sine_beta > 0, 1000.0 * solar_sine_beta * clear, 0.0).astype(np.float32)
    parin = np.where(solar_sine_beta > 0, 2.0 * rglobal * rng.uniform(0.9, 1.1, size=24), 0.0).astype(np.float32)
    press_kpa = rng.uniform(95.0, 101.3, size=24).astype(np.float32)
    return (solar_sine_beta, rglobal, parin, press_kpa)


INPUTS = make_inputs


@jax.jit
def reference_fix(solar_sine_beta, rglobal, parin, press_kpa):
    solar_constant = 1360.8
    fnir, fvis = 0.517, 0.383
    ru = press_kpa / (101.3 * solar_sine_beta)
    ru = jnp.where(ru <= 0, jnp.nan, ru)
    rdvis = solar_constant * fvis * jnp.exp(-0.185 * ru) * solar_sine_beta
    rsvis = 0.4 * (solar_constant * fvis * solar_sine_beta - rdvis)
    wa = solar_constant * 0.077 * jnp.power((2.0 * ru), 0.3)
    nircoef = solar_constant * fnir
    rdir = (nircoef * jnp.exp(-0.06 * ru) - wa) * solar_sine_beta
    rdir = jnp.where(jnp.isnan(rdir), 0.0, rdir)
    rsdir = 0.6 * (nircoef - rdvis / solar_sine_beta - wa) * solar_sine_beta
    rsdir = jnp.where(jnp.isnan(rsdir), 0.0, rsdir)
    rvt = rdvis + rsvis
    rit = rdir + rsdir
    rvt = jnp.where(jnp.isnan(rvt), 0.0, rvt)
    rit = jnp.where(jnp.isnan(rit), 0.0, rit)
    ratrad = rglobal / (rvt + rit)
    ratrad = jnp.where(jnp.isnan(ratrad), 1.0, ratrad)
    ratrad = jnp.where(jnp.isinf(ratrad), 1.0, ratrad)
    ratrad = jnp.clip(ratrad, 0.22, 0.89)
    nirx = rglobal - (parin / 4.6)
    xvalue = (0.9 - ratrad) / 0.70
    fvsb = jnp.clip(rdvis / rvt * (1.0 - jnp.power(xvalue, 0.67)), 0.0, 1.0)
    par_beam = fvsb * parin
    par_beam = jnp.where(par_beam < 0, 0.0, par_beam)
    par_diffuse = parin - par_beam
    par_beam = jnp.where(parin == 0, 0.0, par_beam)
    par_diffuse = jnp.where(parin == 0, 0.0, par_diffuse)
    xvalue = (0.9 - ratrad) / 0.68
    fansb = jnp.clip(rdir / rit * (1.0 - jnp.power(xvalue, 0.67)), 0.0, 1.0)
    nir_beam = fansb * nirx
    nir_beam = jnp.where(nir_beam < 0, 0.0, nir_beam)
    nir_diffuse = nirx - nir_beam
    nir_beam = jnp.where(nirx == 0, 0.0, nir_beam)
    nir_diffuse = jnp.where(nirx == 0, 0.0, nir_diffuse)
    nir_diffuse = nirx - nir_beam
    nir_beam = nirx - nir_diffuse
    par_beam = jnp.where(jnp.isnan(par_beam), 0.0, par_beam)
    par_diffuse = jnp.where(jnp.isnan(par_diffuse), 0.0, par_diffuse)
    nir_beam = jnp.where(jnp.isnan(nir_beam), 0.0, nir_beam)
    nir_diffuse = jnp.where(jnp.isnan(nir_diffuse), 0.0, nir_diffuse)
    return ratrad, par_beam, par_diffuse, nir_beam, nir_diffuse
