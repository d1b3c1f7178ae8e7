"""scarlet2's get_multiresolution_support: `for it in range(max_iter)` with `if jnp.all(rel_change[cut] < eps): break` on a boolean-masked selection.

source: pmelchior/scarlet2 scarlet2/wavelet.py at 8ee8c23871cbce0bb99c5e3d0196d6a512636cda (get_multiresolution_support, the jax.numpy port of scarlet's wavelet support)
error: NonConcreteBooleanIndexError
category: for-range-break-masked-test
expect: fix
notes: verbatim (docstring shortened), jitted with image_type/K/epsilon/max_iter left at their static defaults, so `assert image_type in ("ground")` and `if image_type == "space":` stay static. Under jit the first failure is the boolean-mask gather `sigma_j[cut]` inside the convergence test (its size depends on the data), then the `if jnp.all(...)` itself; the test only reduces the masked values, so a masked reduction gives the same answer and a jit-safe rewrite exists. An all-significant scale (sigma_j == 0) exercises the mask; M is read after the loop.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def get_multiresolution_support(image, starlets, sigma, K=3, epsilon=1e-1, max_iter=20, image_type="ground"):
    """Calculate the multi-resolution support for a dictionary of starlet coefficients.
    """
    assert image_type in ("ground")

    if image_type == "space":
        # Calculate sigma_je, the standard deviation at
        # each scale due to gaussian noise
        shape = (get_scales(image.shape),) + image.shape

        noise_img = jnp.random.normal(size=image.shape)
        noise_starlet = starlet_transform(shape, noise_img, generation=1)
        sigma_je = jnp.zeros((len(noise_starlet),))
        for j, star in enumerate(noise_starlet):
            # sigma_je[j] = jnp.std(star)
            sigma_je = sigma_je.at[j].set( jnp.std(star) )

        noise = image - starlets[-1]

        last_sigma_i = sigma
        for it in range(max_iter):
            M = (jnp.abs(starlets) > K * sigma * sigma_je[:, None, None])
            S = jnp.sum(M, axis=0) == 0
            sigma_i = jnp.std(noise * S)
            if jnp.abs(sigma_i-last_sigma_i)/sigma_i < epsilon:
                break
            last_sigma_i = sigma_i
    else:
        # Sigma to use for significance at each scale
        # Initially we use the input `sigma`
        sigma_j = jnp.ones((len(starlets),), dtype=image.dtype) * sigma
        last_sigma_j = sigma_j
        for it in range(max_iter):
            M = (jnp.abs(starlets) > K * sigma_j[:, None, None])
            # Take the standard deviation of the current insignificant coeffs at each scale
            S = ~M
            sigma_j = jnp.std(starlets * S.astype(int), axis=(1, 2))
            # At lower scales all of the pixels may be significant,
            # so sigma is effectively zero. To avoid infinities we
            # only check the scales with non-zero sigma
            cut = sigma_j > 0
            if jnp.all(jnp.abs(sigma_j[cut] - last_sigma_j[cut]) / sigma_j[cut] < epsilon):
                break

            last_sigma_j = sigma_j
    return M.astype(int)


f = jax.jit(get_multiresolution_support)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    J, H, W = 4, 12, 12
    image = rng.normal(size=(H, W)).astype(np.float32)
    starlets = rng.normal(size=(J, H, W)) * rng.uniform(0.5, 2.0, size=(J, 1, 1))
    for _ in range(3):                                   # a few bright sources
        j, y, x = rng.integers(0, J), rng.integers(0, H), rng.integers(0, W)
        starlets[j, y, x] += rng.uniform(10, 40)
    if rng.uniform() < 0.5:                              # an all-significant scale: sigma_j == 0 there
        starlets[-1] = 100.0 + rng.uniform(0, 1, size=(H, W))
    sigma = np.float32(rng.uniform(0.3, 1.5))
    return (image, starlets.astype(np.float32), sigma)


INPUTS = make_inputs


@jax.jit
def reference_fix(image, starlets, sigma):
    K, epsilon, max_iter = 3, 1e-1, 20
    sigma_j = jnp.ones((len(starlets),), dtype=image.dtype) * sigma

    def cond(c):
        it, M, sigma_j, last, done = c
        return (it < max_iter) & ~done

    def body(c):
        it, _, last_sigma_j, _, _ = c
        M = jnp.abs(starlets) > K * last_sigma_j[:, None, None]
        sigma_j = jnp.std(starlets * (~M).astype(int), axis=(1, 2))
        cut = sigma_j > 0
        rel = jnp.abs(sigma_j - last_sigma_j) / jnp.where(cut, sigma_j, 1.0)
        done = jnp.all(jnp.where(cut, rel < epsilon, True))
        return it + 1, M, jnp.where(done, last_sigma_j, sigma_j), last_sigma_j, done

    M0 = jnp.zeros(starlets.shape, bool)
    _, M, _, _, _ = jax.lax.while_loop(cond, body, (0, M0, sigma_j, sigma_j, False))
    return M.astype(int)
