"""Spectral normalisation of residual-flow weights: a power iteration per layer that `break`s on a traced tolerance test.

source: public JAX/distrax/haiku residual-flow module in the code index (code-index file id 19139198293; the index does not name the repository): `spectral_normalization(params, uv, keywords=[''], coeff=0.97, max_iter=1000, atol=1e-4, rtol=1e-4)`, next to `TriangularResidual`, `mlp`, `masks_triangular_weights`, `make_weights_triangular`, `spectral_norm_init`
error: TracerBoolConversionError
category: control_flow
expect: fix
notes: `spectral_normalization` kept as stored. haiku is not installed here, so `hk.data_structures.to_immutable_dict` is provided by a two-line stand-in that builds a plain dict; the other functions of the module (distrax bijector, haiku MLP, masks) are left out. Entry point added: `f = jax.jit(spectral_normalization)` applied to a params dict of two square layers (the in-place power iteration `u = w @ u`, `v = v @ w` only type-checks for square weights) and the matching `uv` dict. The loop over `params.items()` is static (dict keys) and `if atol is not None and rtol is not None` is a static flag; the inner `for _ in range(max_iter)` carries u, v (and u_, v_) and leaves through `if err_u < tol_u and err_v < tol_v: break`, which needs a lax.while_loop (max_iter=1000 would otherwise unroll). The function also writes the converged u, v back into the caller's `uv` dict, which does not survive jit; only the returned params are compared.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import types

import jax
import jax.numpy as jnp
import numpy as np

# stand-in for `import haiku as hk` (only hk.data_structures.to_immutable_dict is used)
hk = types.SimpleNamespace(data_structures=types.SimpleNamespace(to_immutable_dict=dict))


def spectral_normalization(params, uv, keywords=[''], coeff=0.97,
                           max_iter=1000, atol=1e-4, rtol=1e-4):
    params_new = {}
    for key, item in params.items():
        if np.all([keyw in key for keyw in keywords]):
            params_new[key] = {}
            u = jax.lax.stop_gradient(uv[key]['u'])
            v = jax.lax.stop_gradient(uv[key]['v'])
            w = jax.lax.stop_gradient(item['w'])
            for _ in range(max_iter):
                u_ = u
                v_ = v
                u = jnp.matmul(w, u)
                u = u / jnp.linalg.norm(u)
                v = jnp.matmul(v, w)
                v = v / jnp.linalg.norm(v)
                if atol is not None and rtol is not None:
                    err_u = jnp.linalg.norm(u - u_) / (len(u) ** 0.5)
                    err_v = jnp.linalg.norm(v - v_) / (len(v) ** 0.5)
                    tol_u = atol + rtol * jnp.max(u)
                    tol_v = atol + rtol * jnp.max(v)
                    if err_u < tol_u and err_v < tol_v:
                        break
            sigma = jnp.dot(v, jnp.matmul(w, u))
            uv[key]['u'] = u
            uv[key]['v'] = v
            params_new[key]['w'] = item['w'] * (coeff / sigma)
            params_new[key]['b'] = item['b']
            params_new[key] = hk.data_structures.to_immutable_dict(params_new[key])
        else:
            params_new[key] = item
    return hk.data_structures.to_immutable_dict(params_new)


f = jax.jit(spectral_normalization)
# --- end user code ---

from jax import lax


def make_inputs(rng):
    n = 5
    params, uv = {}, {}
    for i, name in enumerate(['residual_linear_0', 'residual_linear_1']):
        # non-negative weights: a real dominant eigenvalue, so the power iteration converges
        w = np.abs(rng.normal(size=(n, n))) * rng.choice([0.2, 1.0, 3.0])
        w = w + np.eye(n) * rng.uniform(0.0, 1.0)
        params[name] = {'w': w.astype(np.float32), 'b': rng.normal(size=(n,)).astype(np.float32)}
        u = rng.normal(size=(n,))
        v = rng.normal(size=(n,))
        uv[name] = {'u': (u / np.linalg.norm(u)).astype(np.float32),
                    'v': (v / np.linalg.norm(v)).astype(np.float32)}
    return params, uv


INPUTS = make_inputs


@jax.jit
def reference_fix(params, uv, coeff=0.97, max_iter=1000, atol=1e-4, rtol=1e-4):
    params_new = {}
    for key, item in params.items():
        u0 = lax.stop_gradient(uv[key]['u'])
        v0 = lax.stop_gradient(uv[key]['v'])
        w = lax.stop_gradient(item['w'])

        def cond(c):
            i, done, u, v = c
            return (i < max_iter) & ~done

        def body(c):
            i, done, u, v = c
            u_, v_ = u, v
            u = jnp.matmul(w, u)
            u = u / jnp.linalg.norm(u)
            v = jnp.matmul(v, w)
            v = v / jnp.linalg.norm(v)
            err_u = jnp.linalg.norm(u - u_) / (len(u) ** 0.5)
            err_v = jnp.linalg.norm(v - v_) / (len(v) ** 0.5)
            tol_u = atol + rtol * jnp.max(u)
            tol_v = atol + rtol * jnp.max(v)
            return i + 1, (err_u < tol_u) & (err_v < tol_v), u, v

        _, _, u, v = lax.while_loop(cond, body, (0, jnp.array(False), u0, v0))
        sigma = jnp.dot(v, jnp.matmul(w, u))
        params_new[key] = {'w': item['w'] * (coeff / sigma), 'b': item['b']}
    return params_new
