"""No-U-turn sampler tree doubling (jaxnuts `_plainNUTS.build_tree`): traced `if`s on NaN ratio, stop flag and acceptance draw.

source: "jaxnuts" No-U-turn sampler module in the public code index (code-index file id 8143638146: force_cpu, class NUTS with sample / _init_iteration / _draw_direction / _trajectory_iteration_update / _draw_theta / _adapt / _build_tree / _init_build_tree / _update_build_tree / _findReasonableEpsilon / _leapfrog, and the reference class `_plainNUTS` "the exact same as NUTS, but without JIT-compiled code"); the index does not name the repository or commit
error: TracerBoolConversionError
category: sampler-accept-reject
expect: fix
notes: `_plainNUTS.__init__`, `build_tree` and `leapfrog` verbatim; `sample` and `findReasonableEpsilon` dropped (tqdm / numpy driver code, not called here); the private `from jax._src.numpy.lax_numpy import ndarray` (gone in current JAX) is replaced by `from jax import Array as ndarray`. Stand-ins: a 3-d banana-shaped `logp` for the sampler, and the jitted entry point `f` that calls `build_tree` with the direction v and tree depth j static (the module's own NUTS class jits the same tree pieces with lax.cond: `_init_build_tree`, `_update_build_tree`). Under jit the base case's `if jnp.isnan(prob_ratio)`, the recursion's `if s_f == 1` and the multinomial `if random.uniform(subkey) < n_ff / ...` all see tracers; PRNG splitting happens only inside the `s_f == 1` branch, so the fix needs lax.cond there, not a select. make_inputs covers j in {0,1,2}, both directions, a NaN logjoint0 (alpha_f = 0 branch) and an infinite slice u (s_f = 0, no second subtree).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial
from typing import Tuple, Callable

import jax
from jax import Array as ndarray  # stand-in: jax._src.numpy.lax_numpy.ndarray no longer exists
import jax.numpy as jnp
import jax.random as random
import jax.lax as lax


class _plainNUTS:
    """
    For reference : technically, this is the exact same as NUTS, but without JIT-compiled code, so slower but more readable.
    """
    def __init__(self, theta0: ndarray, logp: Callable = None, logp_and_grad: Callable = None, target_acceptance: float = .6, M_adapt: int = 1000, delta_max: float = 1000) -> None:
        # Initial value
        assert(theta0.ndim == 1)
        self.theta0 = theta0
        # Dimension of the space
        self.dim = theta0.size
        # Target acceptance for the dual-averaging scheme (to choose epsilon)
        self.target_acceptance = target_acceptance
        # Number of iterations used for the dual-averaging scheme
        self.M_adapt = max(1, M_adapt)
        # Some large constant used to check that the leapfrog step is not completely off-track
        self.delta_max = delta_max
        # Log-probability and its gradient
        if logp is None and logp_and_grad is None:
            raise ValueError("Please provide either the log-probability function or a function returning the log-probability and its gradient.")
        if not(logp is None):
            self.logp = logp
            self.gradp = jax.jit(jax.grad(self.logp))
            self.logp_and_grad = jax.jit(jax.value_and_grad(self.logp))
        elif not(logp_and_grad is None):
            self.logp_and_grad = logp_and_grad

    def build_tree(self, theta: ndarray, r: ndarray, u: float, v: int, j: int, eps: float, logjoint0: ndarray, key: int):
        if j == 0:
            theta, r, logp, _ = self.leapfrog(theta, r, v * eps)
            logjoint = logp - .5 * jnp.dot(r, r)
            n_f = (jnp.log(u) <= logjoint).astype(int)
            s_f = (jnp.log(u) < logjoint + self.delta_max).astype(int)
            prob_ratio = jnp.exp(logjoint - logjoint0)
            if jnp.isnan(prob_ratio):               
                alpha_f = 0. # Is this correct ? Presumably if the probability ratio diverges,
                             # it is because the log-joint probability diverges, i.e. the probability tends
                             # to zero, so its log is -infinity. Then the acceptance rate of this step,
                             # which is what 'alpha_f' stands for, should be zero.
            else:
                alpha_f = lax.min(prob_ratio, 1.)
            n_alpha_f = 1
            return key, theta, r, theta, r, theta, n_f, s_f, alpha_f, n_alpha_f
        else:
            key, theta_m, r_m, theta_p, r_p, theta_f, n_f, s_f, alpha_f, n_alpha_f = self.build_tree(theta, r, u, v, j - 1, eps, logjoint0, key)
            if s_f == 1:
                if v == -1:
                    key, theta_m, r_m, _, _, theta_ff, n_ff, s_ff, alpha_ff, n_alpha_ff = self.build_tree(theta_m, r_m, u, v, j - 1, eps, logjoint0, key)
                else:
                    key, _, _, theta_p, r_p, theta_ff, n_ff, s_ff, alpha_ff, n_alpha_ff = self.build_tree(theta_p, r_p, u, v, j - 1, eps, logjoint0, key)
                
                key, subkey = random.split(key)
                if random.uniform(subkey) < n_ff / lax.max(n_f + n_ff, 1):
                    theta_f = theta_ff
                alpha_f += alpha_ff
                n_alpha_f += n_alpha_ff
                s_f = s_ff * (jnp.dot(theta_p - theta_m, r_m) >= 0).astype(int) * (jnp.dot(theta_p - theta_m, r_p) >= 0).astype(int)
                n_f += n_ff                
            return key, theta_m, r_m, theta_p, r_p, theta_f, n_f, s_f, alpha_f, n_alpha_f

    def leapfrog(self, theta: ndarray, r: ndarray, eps: float) -> Tuple[ndarray, ndarray]:
        logp, gradlogp = self.logp_and_grad(theta)
        r = r + .5 * eps * gradlogp
        theta = theta + eps * r
        logp, gradlogp = self.logp_and_grad(theta)
        r = r + .5 * eps * gradlogp
        return theta, r, logp, gradlogp


def banana_logp(theta):
    return -0.5 * (theta[0] ** 2 / 4.0 + (theta[1] - 0.5 * theta[0] ** 2) ** 2 + theta[2] ** 2)


_sampler = _plainNUTS(jnp.zeros(3), logp=banana_logp)


@partial(jax.jit, static_argnums=(3, 4))
def f(theta, r, u, v, j, eps, logjoint0, key):
    return _sampler.build_tree(theta, r, u, v, j, eps, logjoint0, key)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    theta = rng.normal(size=3).astype(np.float32)
    r = rng.normal(size=3).astype(np.float32)
    logjoint0 = float(banana_logp(theta)) - 0.5 * float(r @ r)
    u = np.float32(rng.uniform(0.05, 1.0) * np.exp(logjoint0))
    kind = rng.integers(0, 5)
    if kind == 0:
        logjoint0 = np.nan  # NaN probability ratio -> alpha_f = 0 branch
    elif kind == 1:
        u = np.float32(np.inf)  # slice out of reach -> s_f = 0, no second subtree
    v = int(rng.choice([-1, 1]))
    j = int(rng.integers(0, 3))
    eps = np.float32(rng.uniform(0.05, 0.6))
    key = rng.integers(0, 2**32, size=2, dtype=np.uint32)
    return (theta, r, u, v, j, eps, np.float32(logjoint0), key)


INPUTS = make_inputs


def _ref_tree(theta, r, u, v, j, eps, logjoint0, key):
    if j == 0:
        theta, r, logp, _ = _sampler.leapfrog(theta, r, v * eps)
        logjoint = logp - .5 * jnp.dot(r, r)
        n_f = (jnp.log(u) <= logjoint).astype(jnp.int32)
        s_f = (jnp.log(u) < logjoint + _sampler.delta_max).astype(jnp.int32)
        prob_ratio = jnp.exp(logjoint - logjoint0)
        alpha_f = jnp.where(jnp.isnan(prob_ratio), 0., lax.min(prob_ratio, 1.)).astype(jnp.float32)
        n_alpha_f = jnp.int32(1)
        return key, theta, r, theta, r, theta, n_f, s_f, alpha_f, n_alpha_f
    carry = _ref_tree(theta, r, u, v, j - 1, eps, logjoint0, key)

    def second(carry):
        key, theta_m, r_m, theta_p, r_p, theta_f, n_f, s_f, alpha_f, n_alpha_f = carry
        if v == -1:
            key, theta_m, r_m, _, _, theta_ff, n_ff, s_ff, alpha_ff, n_alpha_ff = _ref_tree(theta_m, r_m, u, v, j - 1, eps, logjoint0, key)
        else:
            key, _, _, theta_p, r_p, theta_ff, n_ff, s_ff, alpha_ff, n_alpha_ff = _ref_tree(theta_p, r_p, u, v, j - 1, eps, logjoint0, key)
        key, subkey = random.split(key)
        take = random.uniform(subkey) < n_ff / lax.max(n_f + n_ff, 1)
        theta_f = jnp.where(take, theta_ff, theta_f)
        alpha_f = alpha_f + alpha_ff
        n_alpha_f = n_alpha_f + n_alpha_ff
        s_f = (s_ff * (jnp.dot(theta_p - theta_m, r_m) >= 0).astype(jnp.int32)
               * (jnp.dot(theta_p - theta_m, r_p) >= 0).astype(jnp.int32))
        n_f = n_f + n_ff
        return key, theta_m, r_m, theta_p, r_p, theta_f, n_f, s_f, alpha_f, n_alpha_f

    return lax.cond(carry[7] == 1, second, lambda c: c, carry)


@partial(jax.jit, static_argnums=(3, 4))
def reference_fix(theta, r, u, v, j, eps, logjoint0, key):
    return _ref_tree(theta, r, u, v, j, eps, logjoint0, key)
