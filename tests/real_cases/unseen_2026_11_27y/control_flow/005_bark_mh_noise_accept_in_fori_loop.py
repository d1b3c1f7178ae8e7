"""BARK posterior sampler: the last Metropolis accept is a Python `if` inside a `lax.fori_loop` body.

source: public JAX port of BARK (Bayesian additive regression kernels) in the code index (code-index file id 66602975990: module importing `bark.types`, `bark.fitting.marginal_log_likelihood.mll_bark_model`, `bark.fitting.noise_proposals.get_noise_proposal_softplus`, `bark.fitting.tree_proposals.get_forest_proposal`; functions `run_bark_sampler` and `_step_bark_sampler`). The NumPy/numba predecessor of the same package (`bark.fitting.noise_scale_proposals`, `BARKTrainParams`) is also indexed; the index does not name the repository.
error: TracerBoolConversionError
category: if-mh-accept-in-loop-body
expect: fix
notes: `run_bark_sampler` and `_step_bark_sampler` are verbatim (type annotations kept). The package modules they
  import are replaced by small stand-ins with the same call signatures: `Tree`/`BARKModel`/`BARKConfig`/`Data`
  NamedTuples (one split per tree: `feature_idx`, `threshold` of shape (m,)), `mll_bark_model` (a GP marginal
  likelihood with a one-split tree kernel), `get_forest_proposal` (random-walk thresholds clipped to the bounds,
  zero log-ratio) and `get_noise_proposal_softplus` (log-normal noise step, zero log-ratio); jaxtyping annotations
  are replaced by plain `jax.Array`. Entry point: `f = jax.jit(run_bark_sampler, static_argnums=(2, 3))` (config
  and seed static). The tree moves already use `jnp.where` (with the author's TODO "want to write
  `model = new_model if accept else model`"); the noise move at the end uses a Python `if`, traced inside
  `lax.fori_loop`. Note `jnp.clip(..., min=0.0)` makes log_alpha >= 0, so the `if` is taken on every step (kept
  as written).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import NamedTuple

import jax
import jax.numpy as jnp

Array = jax.Array


# ---- stand-ins for bark.types / bark.fitting.* ----
class Tree(NamedTuple):
    feature_idx: Array
    threshold: Array


class BARKModel(NamedTuple):
    trees: Tree
    noise: Array

    @property
    def num_trees(self):
        return self.trees.threshold.shape[0]


class BARKConfig(NamedTuple):
    num_samples: int
    warmup_steps: int
    steps_per_sample: int


class Data(NamedTuple):
    X: Array
    y: Array
    bounds: Array
    feat_types: Array


class types:
    Tree = Tree
    Data = Data
    BARKConfig = BARKConfig


def mll_bark_model(model, data):
    x_f = jnp.take(data.X, model.trees.feature_idx, axis=1)
    leaves = (x_f > model.trees.threshold).astype(data.X.dtype)
    same = leaves[:, None, :] == leaves[None, :, :]
    K = jnp.mean(same, axis=-1) + model.noise * jnp.eye(data.X.shape[0])
    L = jnp.linalg.cholesky(K)
    alpha = jax.scipy.linalg.cho_solve((L, True), data.y)
    return -0.5 * data.y @ alpha - jnp.sum(jnp.log(jnp.diag(L)))


def get_forest_proposal(trees, bounds, feat_types, params, keys):
    steps = jax.vmap(lambda k: jax.random.normal(k))(keys)
    lo = bounds[trees.feature_idx, 0]
    hi = bounds[trees.feature_idx, 1]
    new_threshold = jnp.clip(trees.threshold + 0.3 * steps, lo, hi)
    return Tree(feature_idx=trees.feature_idx, threshold=new_threshold), jnp.zeros(keys.shape[0])


def get_noise_proposal_softplus(noise, params, key):
    new_noise = noise * jnp.exp(0.2 * jax.random.normal(key))
    return new_noise, jnp.zeros(())


# ---- bark sampler (verbatim) ----
def run_bark_sampler(
    bark_model: BARKModel, data: types.Data, params: types.BARKConfig, seed: int
) -> BARKModel:
    """Generate samples from the BARK posterior"""

    num_samples = params.num_samples
    warmup_steps = params.warmup_steps
    steps_per_sample = params.steps_per_sample
    num_steps_total = warmup_steps + steps_per_sample * num_samples

    cur_mll = mll_bark_model(bark_model, data)
    # TODO: check that these keys are different across parallel chains
    keys = jax.random.split(jax.random.key(seed), num=num_steps_total)

    def step_bark(
        i: int, val: tuple[BARKModel, Array]
    ) -> tuple[BARKModel, Array]:
        bark_model, _cur_mll = val
        return _step_bark_sampler(bark_model, data, params, keys[i])

    def sample_bark(
        carry: tuple[BARKModel, Array], x: Array
    ) -> tuple[tuple[BARKModel, Array], BARKModel]:
        carry = jax.lax.fori_loop(
            lower=x, upper=x + steps_per_sample, body_fun=step_bark, init_val=carry
        )
        bark_model = carry[0]
        return carry, bark_model

    # generate warmup samples
    carry = jax.lax.fori_loop(
        lower=0, upper=warmup_steps, body_fun=step_bark, init_val=(bark_model, cur_mll)
    )

    # generate samples
    start_steps = jnp.arange(
        warmup_steps, num_steps_total - warmup_steps, step=steps_per_sample
    )
    _carry, samples = jax.lax.scan(sample_bark, carry, start_steps)

    return samples


def _step_bark_sampler(
    bark_model: BARKModel,
    data: types.Data,
    params: types.BARKConfig,
    key: jax.Array,
    # low_rank_inverter: LowRankInverter,
) -> tuple[BARKModel, Array]:
    m = bark_model.num_trees
    # TODO: pass cur_mll from previous iteration
    cur_mll = mll_bark_model(bark_model, data)
    key, noise_key = jax.random.split(key)
    key, *proposal_key = jax.random.split(key, num=3)
    tree_key = jax.random.split(key, num=m)

    new_trees, tree_log_q_prior_ratio = get_forest_proposal(
        bark_model.trees, data.bounds, data.feat_types, params, tree_key
    )

    def tree_propose_loop(
        i: int, val: tuple[BARKModel, Array]
    ) -> tuple[BARKModel, Array]:
        model, cur_mll = val
        selected_tree_mask = jnp.arange(m) == i
        selected_new_tree = jax.tree_util.tree_map(
            lambda t, nt: jnp.where(selected_tree_mask, nt, t), model.trees, new_trees
        )
        new_model = BARKModel(trees=selected_new_tree, noise=model.noise)

        new_mll = mll_bark_model(new_model, data)

        log_q_prior = tree_log_q_prior_ratio[i]
        log_ll = new_mll - cur_mll
        log_alpha = jnp.clip(log_q_prior + log_ll, min=0.0)

        accept = jnp.log(jax.random.uniform(proposal_key[1])) <= log_alpha
        # TODO: there has to be a better one to select one of the two models?
        # want to write `model = new_model if accept else model`
        model = BARKModel(
            trees=types.Tree(
                feature_idx=jnp.where(
                    accept, new_model.trees.feature_idx, model.trees.feature_idx
                ),
                threshold=jnp.where(
                    accept, new_model.trees.threshold, model.trees.threshold
                ),
            ),
            noise=jnp.where(accept, new_model.noise, model.noise),
        )
        cur_mll = jnp.where(accept, new_mll, cur_mll)
        return (model, cur_mll)

    bark_model, cur_mll = jax.lax.fori_loop(
        0, m, tree_propose_loop, (bark_model, cur_mll)
    )

    new_noise, log_q_prior = get_noise_proposal_softplus(
        bark_model.noise, params, noise_key
    )
    new_bark_model = BARKModel(
        trees=bark_model.trees,
        noise=new_noise,
    )
    new_mll = mll_bark_model(bark_model, data)

    log_ll = new_mll - cur_mll
    log_alpha = jnp.clip(log_q_prior + log_ll, min=0.0)

    if jnp.log(jax.random.uniform(proposal_key[1])) <= log_alpha:
        # accept - set the new mll and K_inv values
        cur_mll = new_mll
        bark_model = new_bark_model

    return bark_model, cur_mll


f = jax.jit(run_bark_sampler, static_argnums=(2, 3))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n, d, m = 10, 2, 3
    X = rng.uniform(0.0, 1.0, size=(n, d)).astype(np.float32)
    y = (np.sin(3 * X[:, 0]) + 0.1 * rng.normal(size=n)).astype(np.float32)
    bounds = np.array([[0.0, 1.0]] * d, dtype=np.float32)
    feat_types = np.zeros(d, dtype=np.int32)
    trees = Tree(feature_idx=rng.integers(0, d, size=m).astype(np.int32),
                 threshold=rng.uniform(0.2, 0.8, size=m).astype(np.float32))
    model = BARKModel(trees=trees, noise=np.float32(rng.uniform(0.05, 0.5)))
    params = BARKConfig(num_samples=4, warmup_steps=3, steps_per_sample=2)
    seed = int(rng.integers(0, 1000))
    return (model, Data(X, y, bounds, feat_types), params, seed)


INPUTS = make_inputs


def _step_fixed(bark_model, data, params, key):
    m = bark_model.num_trees
    cur_mll = mll_bark_model(bark_model, data)
    key, noise_key = jax.random.split(key)
    key, *proposal_key = jax.random.split(key, num=3)
    tree_key = jax.random.split(key, num=m)
    new_trees, tree_log_q_prior_ratio = get_forest_proposal(
        bark_model.trees, data.bounds, data.feat_types, params, tree_key)

    def tree_propose_loop(i, val):
        model, cur_mll = val
        mask = jnp.arange(m) == i
        sel = jax.tree_util.tree_map(lambda t, nt: jnp.where(mask, nt, t), model.trees, new_trees)
        new_model = BARKModel(trees=sel, noise=model.noise)
        new_mll = mll_bark_model(new_model, data)
        log_alpha = jnp.clip(tree_log_q_prior_ratio[i] + new_mll - cur_mll, min=0.0)
        accept = jnp.log(jax.random.uniform(proposal_key[1])) <= log_alpha
        model = jax.tree_util.tree_map(lambda a, b: jnp.where(accept, a, b), new_model, model)
        return model, jnp.where(accept, new_mll, cur_mll)

    bark_model, cur_mll = jax.lax.fori_loop(0, m, tree_propose_loop, (bark_model, cur_mll))
    new_noise, log_q_prior = get_noise_proposal_softplus(bark_model.noise, params, noise_key)
    new_bark_model = BARKModel(trees=bark_model.trees, noise=new_noise)
    new_mll = mll_bark_model(bark_model, data)
    log_alpha = jnp.clip(log_q_prior + new_mll - cur_mll, min=0.0)
    accept = jnp.log(jax.random.uniform(proposal_key[1])) <= log_alpha
    cur_mll = jnp.where(accept, new_mll, cur_mll)
    bark_model = jax.tree_util.tree_map(lambda a, b: jnp.where(accept, a, b), new_bark_model, bark_model)
    return bark_model, cur_mll


def _reference(bark_model, data, params, seed):
    num_steps_total = params.warmup_steps + params.steps_per_sample * params.num_samples
    cur_mll = mll_bark_model(bark_model, data)
    keys = jax.random.split(jax.random.key(seed), num=num_steps_total)

    def step_bark(i, val):
        return _step_fixed(val[0], data, params, keys[i])

    def sample_bark(carry, x):
        carry = jax.lax.fori_loop(x, x + params.steps_per_sample, step_bark, carry)
        return carry, carry[0]

    carry = jax.lax.fori_loop(0, params.warmup_steps, step_bark, (bark_model, cur_mll))
    start_steps = jnp.arange(params.warmup_steps, num_steps_total - params.warmup_steps,
                             step=params.steps_per_sample)
    _, samples = jax.lax.scan(sample_bark, carry, start_steps)
    return samples


reference_fix = jax.jit(_reference, static_argnums=(2, 3))
