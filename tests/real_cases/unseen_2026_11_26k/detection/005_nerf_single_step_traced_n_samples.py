"""putting-nerf-on-a-diet `single_step`: `N_samples` passed as a traced jit argument sizes `np.linspace` and a `random.uniform` shape.

source: https://github.com/codestella/putting-nerf-on-a-diet/pull/11 ("Fix invalid Jax Type on single_step": jitting `single_step` failed with "other error from `N_samples`"; fixed with `jit(single_step_wojit, static_argnums=[...])`); `render_rays` and the `single_step` body from codestella/putting-nerf-on-a-diet src/step_utils.py at 12bcc6f05eca7f8856a1be66e7f808c3facc23ca
error: ConcretizationTypeError
category: shape-from-traced-value
expect: fix
notes: `render_rays` verbatim (`import jax.numpy as np` kept) except `np.broadcast_to([1e10], ...)` -> `np.broadcast_to(np.array([1e10]), ...)`, since current jnp.broadcast_to rejects lists. `single_step_wojit` is the stored `single_step` body with `N_samples` turned from a module global into the argument it was in the PR's pre-fix version, and `single_step = jit(single_step_wojit)` as before the PR (the pre-fix jit line itself is rebuilt from the PR description). Haiku is not installed: `model` is a two-layer MLP stand-in with `.apply(params, x)`; `mse_fn` kept; `jax.tree_multimap` -> `jax.tree_util.tree_map`; CLIP/semantic-loss parts of later revisions are not included.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np
from jax import jit, random

inner_step_size = 1


class _MLP:
    """Stand-in for the haiku-transformed NeRF model (apply(params, x) -> rgb+sigma)."""

    def apply(self, params, x):
        h = jax.nn.relu(x @ params["w1"] + params["b1"])
        return h @ params["w2"] + params["b2"]


model = _MLP()


def render_rays(rnd_input, model, params,
                bvals, rays, near, far,
                N_samples, rand=False, allret=False):
    rays_o, rays_d = rays

    # Compute 3D query points
    z_vals = np.linspace(near, far, N_samples)
    if rand:
        z_vals += random.uniform(rnd_input, shape=list(rays_o.shape[:-1]) + [N_samples]) * (far - near) / N_samples
    # r(t) = o + t*d
    pts = rays_o[..., None, :] + rays_d[..., None, :] * z_vals[..., :, None]

    # Run network
    pts_flat = np.reshape(pts, [-1, 3])
    if bvals is not None:
        pts_flat = np.concatenate([np.sin(pts_flat @ bvals.T),
                                   np.cos(pts_flat @ bvals.T)], axis=-1)

    raw = model.apply(params, pts_flat)
    raw = np.reshape(raw, list(pts.shape[:-1]) + [4])

    # Compute opacities and colors
    rgb, sigma_a = raw[..., :3], raw[..., 3]
    sigma_a = jax.nn.relu(sigma_a)
    rgb = jax.nn.sigmoid(rgb)

    # Do volume rendering
    dists = np.concatenate([z_vals[..., 1:] - z_vals[..., :-1], np.broadcast_to(np.array([1e10]), z_vals[..., :1].shape)], -1)
    alpha = 1. - np.exp(-sigma_a * dists)
    trans = np.minimum(1., 1. - alpha + 1e-10)
    trans = np.concatenate([np.ones_like(trans[..., :1]), trans[..., :-1]], -1)
    weights = alpha * np.cumprod(trans, -1)

    rgb_map = np.sum(weights[..., None] * rgb, -2)
    acc_map = np.sum(weights, -1)

    if not allret:
        return rgb_map

    depth_map = np.sum(weights * z_vals, -1)

    return rgb_map, depth_map, acc_map


mse_fn = jit(lambda x, y: np.mean((x - y)**2))


def single_step_wojit(rng, image, rays, params, bds, N_samples):
    def sgd(param, update):
        return param - inner_step_size * update

    rng, rng_inputs = jax.random.split(rng)

    def loss_model(params):
        g = render_rays(rng_inputs, model, params, None, rays, bds[0], bds[1], N_samples, rand=True)
        return mse_fn(g, image)

    model_loss, grad = jax.value_and_grad(loss_model)(params)
    new_params = jax.tree_util.tree_map(sgd, params, grad)
    return rng, new_params, model_loss


single_step = jit(single_step_wojit)
f = single_step
# --- end user code ---

import numpy as onp


def make_inputs(rng):
    batch, hidden = 6, 8
    key = onp.array([0, rng.integers(0, 2**31)], dtype=onp.uint32)
    image = rng.uniform(size=(batch, 3)).astype(onp.float32)
    rays_o = rng.normal(size=(batch, 3)).astype(onp.float32)
    rays_d = rng.normal(size=(batch, 3)).astype(onp.float32)
    rays = onp.stack([rays_o, rays_d])
    params = {
        "w1": (0.5 * rng.normal(size=(3, hidden))).astype(onp.float32),
        "b1": onp.zeros(hidden, onp.float32),
        "w2": (0.5 * rng.normal(size=(hidden, 4))).astype(onp.float32),
        "b2": onp.zeros(4, onp.float32),
    }
    bds = onp.array([2.0, 6.0], dtype=onp.float32)
    N_samples = int(rng.integers(4, 9))
    return (key, image, rays, params, bds, N_samples)


INPUTS = make_inputs

reference_fix = jit(single_step_wojit, static_argnums=5)
