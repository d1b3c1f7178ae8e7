"""BCD-Nets baseline utility: fit SEM weights by gradient descent, returning early once the gradient is small.

source: public code index file id 2907602770, the BCD-Nets `utils.py` as vendored in a GFlowNet
    structure-learning project (imports gflownet_sl.baselines.bcdnets.divergences; functions
    count_accuracy, make_to_W, from_W, get_variances, eval_W_ev, eval_W_non_ev, eval_W,
    fit_known_edges, npperm); the same fit_known_edges is in code-index file id 42524316880. The index
    does not name the repository or commit.
error: TracerBoolConversionError
category: early-stop-optimiser-loop
expect: fix
notes: fit_known_edges verbatim (its `np` is jax.numpy, as in the module's `import jax.numpy as np`).
    optax is not installed here, so `optax` is a small stand-in with the same behaviour for what is
    used: optax.sgd(lr, nesterov=True) with momentum=None is plain SGD (nesterov only applies to a
    momentum trace), and optax.apply_updates adds the updates. Entry point: f = jax.jit(
    functools.partial(fit_known_edges, tol=0.1, max_iters=30, lr=0.1)) -- with the defaults (tol 1e-3,
    lr 1e-2, 3000 iterations) one eager run takes minutes; the loop and its early return are
    unchanged. Inputs: a random DAG mask on 4 nodes and data generated from it; the tolerance is met
    within 30 steps on about half the trials (12 to 29 steps) and not on the others.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import functools
from typing import Union

import jax
import jax.numpy as np
from jax import jit, grad
from jax import random as rnd
import numpy as onp
import jax.numpy as jnp


class optax:
    """Stand-in for the two optax calls used below (plain SGD: optax.sgd with momentum=None)."""

    class _SGD:
        def __init__(self, learning_rate, nesterov=False):
            self.learning_rate = learning_rate
            self.nesterov = nesterov

        def init(self, params):
            return ()

        def update(self, updates, state, params=None):
            return jax.tree_util.tree_map(lambda g: -self.learning_rate * g, updates), state

    @staticmethod
    def sgd(learning_rate, momentum=None, nesterov=False):
        return optax._SGD(learning_rate, nesterov=nesterov)

    @staticmethod
    def apply_updates(params, updates):
        return jax.tree_util.tree_map(lambda p, u: p + u, params, updates)


Tensor = Union[onp.ndarray, np.ndarray]


def fit_known_edges(
    W_binary: Tensor,
    Xs: Tensor,
    tol: float = 1e-3,
    max_iters: int = 3_000,
    lr: float = 1e-2,
    verbose: bool = True,
    lambda_1: float = 0.0,
) -> jnp.ndarray:
    """Given a binary adjacency matrix W_binary, fit linear SEM coefficients from data Xs"""
    # Make sure W_binary is a 1-0 adjacency matrix
    mask = np.where(W_binary == 0, np.zeros_like(W_binary), np.ones_like(W_binary))
    dim = len(W_binary)
    # Add a bit of regularization to keep things nicely-conditioned
    lambda_2 = 1e-6

    def make_optimizer():
        """SGD with nesterov momentum and a custom lr schedule.
        We should be able to use Nesterov momentum since the problem is convex"""
        # (Maybe we will run into issues with the masking etc interacting with the nesterov?)
        return optax.sgd(lr, nesterov=True)

    def inner_loss(p):
        W = p * mask
        return (
            jnp.linalg.norm(Xs.T - W.T @ Xs.T)
            - jnp.linalg.slogdet(jnp.eye(dim) - W)[1]
            + lambda_1 * jnp.sum(np.abs(W))
            + lambda_2 * jnp.sum(W ** 2)
        )

    @jit
    def step(p, opt_state):
        g = grad(inner_loss)(p)
        updates, opt_state = make_optimizer().update(g, opt_state, p)
        p = optax.apply_updates(p, updates)
        return p, opt_state, g

    p = rnd.normal(rnd.PRNGKey(0), shape=W_binary.shape)
    g = jnp.ones_like(W_binary) * jnp.inf
    opt_state = make_optimizer().init(p)

    for i in range(max_iters):
        if jnp.linalg.norm(g) < tol:
            if verbose:
                print(f"Converged to gradient norm <{tol} after {i} iterations")
            return p * mask
        p, opt_state, g = step(p, opt_state)

    if verbose:
        print(
            f"Failed to converge to tol {tol}, actual gradient norm: {jnp.linalg.norm(g)}"
        )
    return p * mask


f = jax.jit(functools.partial(fit_known_edges, tol=0.1, max_iters=30, lr=0.1))
# --- end user code ---


def make_inputs(rng):
    dim, n = 4, 40
    W_binary = onp.triu((rng.uniform(size=(dim, dim)) < 0.5).astype(onp.float32), k=1)
    W_true = W_binary * rng.uniform(0.5, 1.5, size=(dim, dim)) * rng.choice([-1.0, 1.0], size=(dim, dim))
    noise = rng.normal(size=(n, dim)) * rng.uniform(0.05, 1.0)
    Xs = noise @ onp.linalg.inv(onp.eye(dim) - W_true)
    return (W_binary.astype(onp.float32), Xs.astype(onp.float32))


INPUTS = make_inputs


@jax.jit
def reference_fix(W_binary, Xs):
    tol, max_iters, lr = 0.1, 30, 0.1
    mask = jnp.where(W_binary == 0, jnp.zeros_like(W_binary), jnp.ones_like(W_binary))
    dim = W_binary.shape[0]

    def inner_loss(p):
        W = p * mask
        return (jnp.linalg.norm(Xs.T - W.T @ Xs.T) - jnp.linalg.slogdet(jnp.eye(dim) - W)[1]
                + 0.0 * jnp.sum(jnp.abs(W)) + 1e-6 * jnp.sum(W ** 2))

    def cond(c):
        i, p, g = c
        return (i < max_iters) & ~(jnp.linalg.norm(g) < tol)

    def body(c):
        i, p, g = c
        g = jax.grad(inner_loss)(p)
        return i + 1, p - lr * g, g

    p0 = rnd.normal(rnd.PRNGKey(0), shape=W_binary.shape)
    _, p, _ = jax.lax.while_loop(cond, body, (0, p0, jnp.ones_like(W_binary) * jnp.inf))
    return p * mask
