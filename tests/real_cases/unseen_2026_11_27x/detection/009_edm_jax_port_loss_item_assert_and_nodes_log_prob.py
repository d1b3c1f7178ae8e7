"""A JAX port of EDM's QM9 loss: `.item()` in an assert, then a dict keyed by `.item()` of traced node counts.

source: code-index file id 38090843781 (JAX port of EDM's qm9/losses.py: sum_except_batch, assert_correctly_masked, compute_loss_and_nll) and code-index file id 37931887290 (JAX port of EDM's qm9/models.py: class DistributionNodes with log_prob using `self.keys[i.item()]`); the index names neither repository. Both port ehoogeboom/e3_diffusion_for_molecules (PyTorch) to JAX/flax; the histogram is EDM's QM9 `n_nodes` from configs/datasets_config.py (code-index file id 4484356775 quotes it).
error: ConcretizationTypeError
category: item-and-dict-lookup
expect: fix
notes: Under jit, `assert_correctly_masked` calls `.item()` on a traced sum inside an `assert` (the first
  failure), and `DistributionNodes.log_prob` builds `[self.keys[i.item()] for i in batch_n_nodes]`, a Python
  dict lookup keyed by the concrete value of each traced node count. A later file of the same port
  (code-index file id 38397908755) shows the project's own way out: a `@jax.jit compute_loss_and_nll_train`
  that no longer calls the assert and receives `log_pN` precomputed outside jit. A rewrite inside jit can
  drop/defer the mask assertion and replace the dict by a lookup table or a comparison against
  `self.n_nodes`. Kept verbatim: sum_except_batch, assert_correctly_masked, compute_loss_and_nll (its
  commented-out lines trimmed), DistributionNodes.__init__/log_prob (sample dropped). Stand-ins: the flax
  TrainState's `apply_fn` (the EGNN diffusion model) is replaced by a small masked Gaussian negative
  log-likelihood with the same call signature, `args` by a SimpleNamespace with `probabilistic_model`. The
  entry point closes over args/state/nodes_dist the way a training step does and is jitted.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
# import torch
from types import SimpleNamespace

import jax
import jax.numpy as jnp


def sum_except_batch(x):
    return jnp.reshape(x,(x.shape[0], -1)).sum(-1)


def assert_correctly_masked(variable, node_mask):
    assert jnp.abs(variable * (1 - node_mask)).sum().item() < 1e-8


def compute_loss_and_nll(rng, args, state, params, nodes_dist, x, h, node_mask, edge_mask, context, training):
    bs, n_nodes, n_dims = jnp.shape(x)

    if args.probabilistic_model == 'diffusion':
        # rng, inp_rng, init_rng = jax.random.split(rng, 3)

        edge_mask = jnp.reshape(edge_mask, (bs, n_nodes * n_nodes))

        assert_correctly_masked(x, node_mask)

        # Here x is a position tensor, and h is a dictionary with keys
        # 'categorical' and 'integer'.
        #node_mask is (64, 25, 1)
        #edge_mask is (64, 625)

        # nll = model.apply(rng, params, x, h, node_mask, edge_mask, context)
        nll = state.apply_fn(params, rng, args, x, h, node_mask, edge_mask, context, training)
        # nll = generative_model(x, h, node_mask, edge_mask, context)

        N = node_mask.squeeze(2).sum(1).astype(jnp.float32)

        log_pN = nodes_dist.log_prob(N)

        assert nll.shape == log_pN.shape
        nll = nll - log_pN

        # Average over batch.
        nll = nll.mean(0)

        reg_term = jnp.asarray([0.])
        mean_abs_z = 0.
    else:
        raise ValueError(args.probabilistic_model)

    return nll, reg_term, mean_abs_z


class DistributionNodes:
    def __init__(self, histogram):
        histogram = {key: jnp.asarray(tensor) for key, tensor in histogram.items()}
        self.n_nodes = []
        prob = []
        self.keys = {}
        for i, nodes in enumerate(histogram):
            self.n_nodes.append(nodes)
            self.keys[nodes] = i
            prob.append(histogram[nodes])
        self.n_nodes = jnp.asarray(self.n_nodes)
        prob = jnp.array(prob)
        prob = prob / jnp.sum(prob)

        self.prob = prob.astype(jnp.float32)
        entropy = jnp.sum(self.prob * jnp.log(self.prob + 1e-30))

    def log_prob(self, batch_n_nodes):
        assert len(batch_n_nodes.shape) == 1
        idcs = [self.keys[i.item()] for i in batch_n_nodes]
        idcs = jnp.asarray(idcs)
        log_p = jnp.log(self.prob + 1e-30)
        log_probs = log_p[idcs]

        return log_probs


# --- stand-ins for the training script's objects ---
QM9_N_NODES = {22: 3393, 17: 13025, 23: 4848, 21: 9970, 19: 13832, 20: 9482, 16: 10644, 13: 3060,
               15: 7796, 25: 1506, 18: 13364, 12: 1689, 11: 807, 24: 539, 14: 5136, 26: 48, 7: 16, 10: 362,
               8: 49, 9: 124, 27: 266, 4: 4, 29: 25, 6: 9, 5: 5, 3: 1}


def _apply_fn(params, rng, args, x, h, node_mask, edge_mask, context, training):
    # stand-in for the EGNN diffusion model: a masked Gaussian NLL per molecule
    feats = jnp.concatenate([x, h['categorical'], h['integer']], axis=2) * node_mask
    return 0.5 * sum_except_batch((feats - params['mu']) ** 2 * node_mask) / params['scale']


args = SimpleNamespace(probabilistic_model='diffusion')
state = SimpleNamespace(apply_fn=_apply_fn)
nodes_dist = DistributionNodes(QM9_N_NODES)


@jax.jit
def f(rng, params, x, one_hot, charges, node_mask, edge_mask):
    h = {'categorical': one_hot, 'integer': charges}
    return compute_loss_and_nll(rng, args, state, params, nodes_dist, x, h, node_mask, edge_mask,
                                None, True)
# --- end user code ---

import numpy as np

BS, NMAX = 4, 29


def make_inputs(rng):
    keys = np.array(sorted(QM9_N_NODES))
    n = rng.choice(keys, size=BS)
    n[0] = 3            # the rarest count
    n[1] = NMAX         # a full molecule
    node_mask = (np.arange(NMAX)[None, :] < n[:, None]).astype(np.float32)[:, :, None]
    edge_mask = (node_mask * node_mask.transpose(0, 2, 1)).astype(np.float32)
    x = rng.normal(size=(BS, NMAX, 3)).astype(np.float32) * node_mask
    one_hot = np.eye(5, dtype=np.float32)[rng.integers(0, 5, size=(BS, NMAX))] * node_mask
    charges = rng.integers(1, 10, size=(BS, NMAX, 1)).astype(np.float32) * node_mask
    params = {'mu': rng.normal(size=(9,)).astype(np.float32),
              'scale': np.float32(rng.uniform(0.5, 2.0))}
    rng_key = np.array([0, int(rng.integers(0, 2**31 - 1))], dtype=np.uint32)
    return (rng_key, params, x, one_hot, charges, node_mask, edge_mask)


INPUTS = make_inputs

_LUT = np.full(max(QM9_N_NODES) + 1, 0, dtype=np.int32)
for _n, _i in nodes_dist.keys.items():
    _LUT[_n] = _i


@jax.jit
def reference_fix(rng, params, x, one_hot, charges, node_mask, edge_mask):
    h = {'categorical': one_hot, 'integer': charges}
    nll = _apply_fn(params, rng, args, x, h, node_mask, None, None, True)
    N = node_mask.squeeze(2).sum(1).astype(jnp.int32)
    log_pN = jnp.log(nodes_dist.prob + 1e-30)[jnp.asarray(_LUT)[N]]
    return (nll - log_pN).mean(0), jnp.asarray([0.]), 0.
