"""Independence estimator of the probability of optimality: `jnp.linspace(num=int(jnp.ceil(...)))` from data.

source: public research code by N. Menet, J. Hübotter, P. Kassraie, A. Krause (2025), module
    `src/poo_estimators_and_BO.py` (code-index file 47356557881; the index gives no repository
    name), function `ie_poo_parallel_guaranteed`. The authors mark it
    "# cannot be jitted because the number of evaluation points depends on the entries of means
    and stds" and ship a separate jitted helper with `num` as a static argument.
error: ConcretizationTypeError
category: traced-scalar-as-size (`int()` of a value computed from the data, used as
    `jnp.linspace(num=...)`); static look-alikes: `jnp.shape(x)[0]`, `assert` on Python numbers
expect: report
notes: verbatim (the module's other functions and the `src.gaussians` import are left out; this
    function does not use them). `f`, jitted with `alpha` static, is mine. The result has a fixed
    shape (m,), but the number of integration points has no static bound: it grows with the
    spread of the means and shrinks with the smallest std, so there is no jit-safe rewrite that
    keeps the guaranteed accuracy.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


# cannot be jitted because the number of evaluation points depends on the entries of means and stds
def ie_poo_parallel_guaranteed(gaussian_means:jax.Array, gaussian_stds:jax.Array, alpha:float) -> jax.Array:
    """Computes the independence estimator (IE) for probability of optimality (poo) with guaranteed runtime for the desired accuracy, based on vector operations.
    More suitable for hardware accelerators, but memory scales O(|X|^2) instead of O(|X|)

    Args:
        gaussian_means (jax.Array): (m,)
        gaussian_stds (jax.Array): (m,)
        alpha (float): reciprocal of desired relative accuracy (abs accuracy <= 1/(|X| alpha))

    Returns:
        jax.Array: (m, ) the probabilities of optimality (summing to 1)
    """
    domain_size = jnp.shape(gaussian_means)[0]
    eta = 1/(alpha * domain_size)
    assert eta <= 1/4, "least eta for the approximation guarantees (abs accuracy <= 1/(|X| alpha)) to hold according to the theorem in the article"

    means = gaussian_means
    stds = gaussian_stds
    min_mean = jnp.min(means)
    max_mean = jnp.max(means)
    min_std = jnp.min(stds)
    max_std = jnp.max(stds)

    beta = -jax.scipy.special.ndtri(2/(alpha*domain_size))

    f_1 = min_mean - beta * max_std
    f_l_min_1 = max_mean + beta * max_std
    f_i = jnp.linspace(start=f_1, stop=f_l_min_1, num=int(jnp.ceil(domain_size * alpha * (f_l_min_1 - f_1) / (2 * (2*jnp.pi)**.5 * min_std))+1), endpoint=True) # i = 1,...,l-1

    # for all z \in X (axis=0) and f_i with i = 1,...,l-1  (axis=1)
    log_prob_F_z_leq_f_i = jax.scipy.special.log_ndtr((jnp.expand_dims(f_i, axis=0) - jnp.expand_dims(means, axis=1))/jnp.expand_dims(stds, axis=1))

     # for all f_i with i = 1,...,l-1  (axis=1)
    sum_log_prob_F_z_leq_f_i = jnp.sum(log_prob_F_z_leq_f_i, axis=0)

    # for all z \in X (axis=0) and f_i with i = 1,...,l-1  (axis=1)
    log_g_x_at_f_i = sum_log_prob_F_z_leq_f_i - log_prob_F_z_leq_f_i
    g_x_at_f_i = jnp.exp(log_g_x_at_f_i)

    # for all z \in X (axis=0) and f_i
    trapezoidal_means = (g_x_at_f_i[:, 1:] + g_x_at_f_i[:, :-1])/2 # l-2 segments for i
    trapezoidal_means = jnp.concatenate(((g_x_at_f_i[:, :1]+0)/2, trapezoidal_means, (1+g_x_at_f_i[:, -1:])/2), axis=1) # l segments for i

    # for all z \in X (axis=0) and i = 1,...,l-1  (axis=1)
    prob_F_z_leq_f_i = jnp.exp(log_prob_F_z_leq_f_i)

    # for all z \in X (axis=0) and i
    trapezoidal_measures = jnp.concatenate((prob_F_z_leq_f_i[:, :1], prob_F_z_leq_f_i[:, 1:] - prob_F_z_leq_f_i[:, :-1], 1-prob_F_z_leq_f_i[:, -1:]), axis=1) # l segments for i

    # integrate
    r = jnp.sum(trapezoidal_means * trapezoidal_measures, axis=1)
    r /= jnp.sum(r) # ensures integrability, evens out rounding errors
    return r


f = jax.jit(ie_poo_parallel_guaranteed, static_argnames=("alpha",))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    m = 8
    means = rng.normal(size=m).astype(np.float32)
    stds = rng.uniform(0.5, 1.5, size=m).astype(np.float32)
    alpha = float(rng.choice([1.0, 2.0]))
    return (means, stds, alpha)


INPUTS = make_inputs
