"""Successor-measure fixed-point iteration with a `for ... if converged: break` loop, jitted per policy.

source: public JAX forward-backward-representation research script in the code index (code-index file id 44564156538; absl flags num_observations/num_actions/discount/repr_dim..., functions `step`, `compute_gt_fb_reprs` with nested `compute_gt_occ_measure` and `compute_gt_occ_measure_solve`; the index does not name the repository)
error: TracerBoolConversionError
category: for-break-convergence
expect: fix
notes: `step` and the body of `compute_gt_occ_measure` are verbatim. In the script `compute_gt_occ_measure` is nested
  inside `compute_gt_fb_reprs` and closes over `transition_probs_sa`; here the transition tensor is built at module
  level with the script's own loop over `step`, and `FLAGS` (absl) is a SimpleNamespace stand-in with the script's
  defaults (4 observations, 4 actions, discount 0.9). The script keeps the call
  `# gt_srs_sa_sa = jax.vmap(compute_gt_occ_measure)(policies)` commented out and switched to a closed-form
  `compute_gt_occ_measure_solve` (matrix inverse) instead: the traced `if ... < 1e-10: break` is why.
  Entry point: `f = jax.jit(compute_gt_occ_measure)` on one policy (the script's policies are one-hot; soft
  policies are also drawn). The iteration reaches the 1e-10 test (exact float32 fixed point) well before 1000 steps.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from types import SimpleNamespace

import numpy as np
import jax
import jax.numpy as jnp

FLAGS = SimpleNamespace(num_observations=4, num_actions=4, initial_obs=0, discount=0.9)


def step(observation, action):
    if observation == 0:
        next_observation = observation + action
    else:
        next_observation = observation
    return next_observation


transition_probs_sa = np.zeros([FLAGS.num_observations, FLAGS.num_actions, FLAGS.num_observations])
for obs in range(FLAGS.num_observations):
    for action in range(FLAGS.num_actions):
        next_obs = step(obs, action)
        transition_probs_sa[obs, action, next_obs] += 1
transition_probs_sa = transition_probs_sa / np.sum(transition_probs_sa, axis=-1, keepdims=True)
transition_probs_sa = jnp.asarray(transition_probs_sa)


def compute_gt_occ_measure(policy):
    gt_sr_sa_sa = jnp.zeros([FLAGS.num_observations, FLAGS.num_actions, FLAGS.num_observations, FLAGS.num_actions])
    for _ in range(1000):
        gt_sr_sa_sa_new = (
            (1 - FLAGS.discount) * jnp.eye(FLAGS.num_observations * FLAGS.num_actions).reshape(
        FLAGS.num_observations, FLAGS.num_actions, FLAGS.num_observations, FLAGS.num_actions)
            + FLAGS.discount * jnp.einsum('ijk,klm->ijlm', transition_probs_sa,
                                          jnp.sum(policy[..., None, None] * gt_sr_sa_sa, axis=1))
        )

        if jnp.max(jnp.abs(gt_sr_sa_sa_new - gt_sr_sa_sa)) < 1e-10:
            gt_sr_sa_sa = gt_sr_sa_sa_new
            break
        gt_sr_sa_sa = gt_sr_sa_sa_new

    return gt_sr_sa_sa


f = jax.jit(compute_gt_occ_measure)
# --- end user code ---

from jax import lax


def make_inputs(rng):
    S, A = FLAGS.num_observations, FLAGS.num_actions
    if rng.uniform() < 0.5:
        policy = np.eye(A, dtype=np.float32)[rng.integers(0, A, size=S)]
    else:
        policy = rng.dirichlet(np.ones(A), size=S).astype(np.float32)
    return (policy,)


INPUTS = make_inputs


@jax.jit
def reference_fix(policy):
    S, A = FLAGS.num_observations, FLAGS.num_actions
    eye = (1 - FLAGS.discount) * jnp.eye(S * A).reshape(S, A, S, A)

    def update(sr):
        return eye + FLAGS.discount * jnp.einsum(
            'ijk,klm->ijlm', transition_probs_sa, jnp.sum(policy[..., None, None] * sr, axis=1))

    def cond(c):
        i, sr, done = c
        return (i < 1000) & ~done

    def body(c):
        i, sr, done = c
        new = update(sr)
        return i + 1, new, jnp.max(jnp.abs(new - sr)) < 1e-10

    _, sr, _ = lax.while_loop(cond, body, (0, jnp.zeros((S, A, S, A)), jnp.array(False)))
    return sr
