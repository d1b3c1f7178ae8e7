"""jaxparrow's iterative (Penven/Ioannou) cyclogeostrophy: `for i in jnp.arange(n_it)` with a traced `break`.

source: meom-group/jaxparrow jaxparrow/cyclogeostrophy.py, the jax.numpy revision of `_iterative` (and
    `_cyclogeostrophic_diff`) that still ends each iteration with `if jnp.all(mask == 1): break`; the
    index holds 46 revisions of this path and this text was found by content (find_string id 4949606553),
    so no commit is pinned. The loop was replaced by lax.cond/lax.while_loop "in order to jit the whole
    cyclogeostrophy functions" in https://github.com/IGE-OPERA/jaxparrow/pull/57 (v0.1.2).
error: TracerBoolConversionError
category: for-break-traced
expect: fix
notes: `_iterative` and `_cyclogeostrophic_diff` are verbatim (jaxtyping annotations dropped). The
    C-grid `kinematics.advection` helper is replaced by a short forward-difference stand-in with the same
    signature. `f` is a jitted entry point that uses one grid for U and V points and always returns the
    losses; `use_res_filter` is a static Python argument, always False in the trials: with the filter on,
    float32 rounding of the correlate sums flips the `res_np1 >= res_eps` test in ~1% of draws.
    Grid scales were chosen so that some trials converge everywhere (break) and others run all 20 steps.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial
import numbers
from typing import Union

import jax
import jax.numpy as jnp
import jax.scipy as jsp

#: Default maximum number of iterations for Penven and Ioannou approaches
N_IT_IT = 20
#: Default residual tolerance for Penven and Ioannou approaches
RES_EPS_IT = 0.01
#: Default residual value used during the first iteration for Penven and Ioannou approaches
RES_INIT_IT = "same"
#: Default size of the grid points used to compute the residual for Ioannou's approach
RES_FILTER_SIZE_IT = 3


def advection(u, v, dx_u, dy_u, dx_v, dy_v):
    dudx = (jnp.roll(u, -1, axis=1) - u) / dx_v
    dudy = (jnp.roll(u, -1, axis=0) - u) / dy_v
    dvdx = (jnp.roll(v, -1, axis=1) - v) / dx_u
    dvdy = (jnp.roll(v, -1, axis=0) - v) / dy_u
    u_adv_v = u * dudx + v * dudy
    v_adv_u = u * dvdx + v * dvdy
    return u_adv_v, v_adv_u


def _iterative(
        u_geos_u,
        v_geos_v,
        dx_u,
        dx_v,
        dy_u,
        dy_v,
        coriolis_factor_u,
        coriolis_factor_v,
        mask,
        n_it: int,
        res_eps: float,
        res_init: Union[float, str],
        use_res_filter: bool,
        res_filter_size: int,
        return_losses: bool
):
    if mask is None:
        mask = jnp.zeros_like(u_geos_u)
    if n_it is None:
        n_it = N_IT_IT
    if res_init == "same":
        res_n = jnp.maximum(jnp.abs(u_geos_u), jnp.abs(v_geos_v))
    elif isinstance(res_init, numbers.Number):
        res_n = res_init * jnp.ones_like(u_geos_u)
    else:
        raise ValueError("res_init should be equal to \"same\" or be a number.")

    u_cyclo, v_cyclo = jnp.copy(u_geos_u), jnp.copy(v_geos_v)
    res_filter = jnp.ones((res_filter_size, res_filter_size))
    res_weights = jsp.signal.correlate(jnp.ones_like(u_geos_u), res_filter, mode="same")
    losses = jnp.ones(n_it) * jnp.nan
    for i in jnp.arange(n_it):
        # next it
        u_adv_v, v_adv_u = advection(u_cyclo, v_cyclo, dx_u, dy_u, dx_v, dy_v)
        u_np1 = u_geos_u - v_adv_u / coriolis_factor_u
        v_np1 = v_geos_v + u_adv_v / coriolis_factor_v

        # compute dist to u_cyclo and v_cyclo
        res_np1 = jnp.abs(u_np1 - u_cyclo) + jnp.abs(v_np1 - v_cyclo)
        if use_res_filter:
            res_np1 = jsp.signal.correlate(res_np1, res_filter, mode="same") / res_weights  # apply filter
        # compute intermediate masks
        mask_jnp1 = jnp.where(res_np1 >= res_eps, 0, 1)  # nan comp. equiv. to jnp.where(res_np1 < res_eps, 1, 0)
        mask_n = jnp.where(res_np1 <= res_n, 0, 1)  # nan comp. equiv. to jnp.where(res_np1 > res_n, 1, 0)

        # compute loss
        if return_losses:
            loss = _cyclogeostrophic_diff(u_geos_u, v_geos_v, u_cyclo, v_cyclo, u_adv_v, v_adv_u,
                                          coriolis_factor_u, coriolis_factor_v)
            losses = losses.at[i].set(loss)

        # update cyclogeostrophic velocities
        u_cyclo = mask * u_cyclo + (1 - mask) * (mask_n * u_cyclo + (1 - mask_n) * u_np1)
        v_cyclo = mask * v_cyclo + (1 - mask) * (mask_n * v_cyclo + (1 - mask_n) * v_np1)

        # update mask and residuals
        mask = jnp.maximum(mask, jnp.maximum(mask_jnp1, mask_n))
        res_n = res_np1

        if jnp.all(mask == 1):
            break

    return u_cyclo, v_cyclo, losses


def _cyclogeostrophic_diff(
        u_geos_u,
        v_geos_v,
        u_cyclo_u,
        v_cyclo_v,
        u_adv_v,
        v_adv_u,
        coriolis_factor_u,
        coriolis_factor_v
):
    J_u = jnp.nansum((u_cyclo_u + v_adv_u / coriolis_factor_u - u_geos_u) ** 2)
    J_v = jnp.nansum((v_cyclo_v - u_adv_v / coriolis_factor_v - v_geos_v) ** 2)
    return J_u + J_v


@partial(jax.jit, static_argnums=(6,))
def f(u_geos, v_geos, dx, dy, coriolis_factor, mask, use_res_filter):
    return _iterative(u_geos, v_geos, dx, dx, dy, dy, coriolis_factor, coriolis_factor, mask,
                      N_IT_IT, RES_EPS_IT, RES_INIT_IT, use_res_filter, RES_FILTER_SIZE_IT, True)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    n = 8
    sc = rng.choice([0.05, 0.3, 1.0])
    u = (sc * rng.normal(size=(n, n))).astype(np.float32)
    v = (sc * rng.normal(size=(n, n))).astype(np.float32)
    dx = rng.uniform(2e4, 4e4, size=(n, n)).astype(np.float32)
    dy = rng.uniform(2e4, 4e4, size=(n, n)).astype(np.float32)
    cor = rng.uniform(5e-5, 1.2e-4, size=(n, n)).astype(np.float32)
    mask = (rng.uniform(size=(n, n)) < 0.1).astype(np.float32)
    use_res_filter = False  # the filtered residual sits too close to res_eps for float32 rounding
    return (u, v, dx, dy, cor, mask, use_res_filter)


INPUTS = make_inputs


@partial(jax.jit, static_argnums=(6,))
def reference_fix(u_geos_u, v_geos_v, dx, dy, coriolis_factor, mask, use_res_filter):
    res_eps, n_it, res_filter_size = RES_EPS_IT, N_IT_IT, RES_FILTER_SIZE_IT
    res_n = jnp.maximum(jnp.abs(u_geos_u), jnp.abs(v_geos_v))
    res_filter = jnp.ones((res_filter_size, res_filter_size))
    res_weights = jsp.signal.correlate(jnp.ones_like(u_geos_u), res_filter, mode="same")
    losses = jnp.ones(n_it) * jnp.nan

    def body(i, carry):
        u_cyclo, v_cyclo, mask, res_n, losses, done = carry
        u_adv_v, v_adv_u = advection(u_cyclo, v_cyclo, dx, dy, dx, dy)
        u_np1 = u_geos_u - v_adv_u / coriolis_factor
        v_np1 = v_geos_v + u_adv_v / coriolis_factor
        res_np1 = jnp.abs(u_np1 - u_cyclo) + jnp.abs(v_np1 - v_cyclo)
        if use_res_filter:
            res_np1 = jsp.signal.correlate(res_np1, res_filter, mode="same") / res_weights
        mask_jnp1 = jnp.where(res_np1 >= res_eps, 0, 1)
        mask_n = jnp.where(res_np1 <= res_n, 0, 1)
        loss = _cyclogeostrophic_diff(u_geos_u, v_geos_v, u_cyclo, v_cyclo, u_adv_v, v_adv_u,
                                      coriolis_factor, coriolis_factor)
        new_losses = losses.at[i].set(loss)
        new_u = mask * u_cyclo + (1 - mask) * (mask_n * u_cyclo + (1 - mask_n) * u_np1)
        new_v = mask * v_cyclo + (1 - mask) * (mask_n * v_cyclo + (1 - mask_n) * v_np1)
        new_mask = jnp.maximum(mask, jnp.maximum(mask_jnp1, mask_n))
        new = (new_u, new_v, new_mask, res_np1, new_losses)
        old = (u_cyclo, v_cyclo, mask, res_n, losses)
        out = jax.tree_util.tree_map(lambda a, b: jnp.where(done, b, a), new, old)
        done = done | jnp.all(out[2] == 1)
        return out + (done,)

    init = (u_geos_u, v_geos_v, mask, res_n, losses, jnp.array(False))
    u_c, v_c, _, _, losses, _ = lax.fori_loop(0, n_it, body, init)
    return u_c, v_c, losses
