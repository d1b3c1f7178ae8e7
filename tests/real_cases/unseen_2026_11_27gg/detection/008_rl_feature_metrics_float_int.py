"""RL representation metrics that end in `float(...)` / `int(...)` of device values, jitted together.

source: public code index, file id 52338244508 ("RL representation metrics in JAX (Flax version)",
    ported from sgcrl/contrastive/rl_metrics.py; functions feature_entropy, gini_sparsity, feature_rank,
    dormant_ratio, compute_all_metrics); the index does not name the repository.
error: ConcretizationTypeError
category: float-int-of-traced
expect: fix
notes: feature_entropy, gini_sparsity, feature_rank and dormant_ratio verbatim. The entry point
    `feature_metrics` is a thin wrapper reproducing the feature part of the author's compute_all_metrics
    (one feature batch, level='occasional', returned as a tuple instead of a dict), jitted as
    `f = jax.jit(feature_metrics)`. Every metric converts a traced scalar with float()/int(); the fix
    returns the jnp scalars (int32 for the rank). Inputs are low-rank features plus small noise with
    two all-zero (dormant) columns, so the rank threshold is not borderline.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


def feature_entropy(features: jnp.ndarray, eps: float = 1e-8) -> float:
    """Shannon entropy of |feature| distribution. Higher = more uniform."""
    X = jnp.abs(features)
    Z = jnp.maximum(jnp.sum(X, axis=1, keepdims=True), eps)
    p = X / Z
    H = -jnp.sum(p * jnp.log(p + eps), axis=1)
    return float(jnp.mean(H))


def gini_sparsity(features: jnp.ndarray, eps: float = 1e-12) -> float:
    """Gini coefficient. Higher = sparser features."""
    X = jnp.abs(features)
    B, D = X.shape
    Xs = jnp.sort(X, axis=1)
    row_sums = jnp.maximum(jnp.sum(Xs, axis=1), eps)
    idx = jnp.arange(1, D + 1, dtype=X.dtype)
    weights = (D - idx + 0.5) / D
    numer = jnp.sum(Xs * weights[None, :], axis=1)
    G = 1 - 2 * numer / row_sums
    return float(jnp.mean(G))


def feature_rank(features: jnp.ndarray, tau: float = 0.99) -> int:
    """Effective rank: min k s.t. top-k singular values explain >= tau variance."""
    X = features - jnp.mean(features, axis=0, keepdims=True)
    _, s, _ = jnp.linalg.svd(X, full_matrices=False)
    s2 = s * s
    denom = jnp.maximum(jnp.sum(s2), 1e-12)
    cumsum = jnp.cumsum(s2) / denom
    k = int(jnp.argmax(cumsum >= tau) + 1)
    return k


def dormant_ratio(features: jnp.ndarray, dormant_pct: float = 1e-5) -> float:
    """Fraction of neurons with negligible activation."""
    mean_act = jnp.mean(jnp.abs(features), axis=0)
    avg_neuron = jnp.mean(mean_act)
    normalized = mean_act / jnp.maximum(avg_neuron, 1e-9)
    n_dormant = jnp.sum(normalized <= dormant_pct)
    return float(n_dormant / features.shape[1])


def feature_metrics(sa_feats):
    return (
        feature_entropy(sa_feats),
        gini_sparsity(sa_feats),
        feature_rank(sa_feats, tau=0.99),
        dormant_ratio(sa_feats, dormant_pct=1e-5),
    )


f = jax.jit(feature_metrics)
# --- end user code ---


def make_inputs(rng):
    b, d, r = 32, 10, 3
    feats = rng.normal(size=(b, r)) @ rng.normal(size=(r, d)) + 1e-3 * rng.normal(size=(b, d))
    feats[:, [2, 7]] = 0.0
    return (feats.astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(features):
    X = jnp.abs(features)
    p = X / jnp.maximum(jnp.sum(X, axis=1, keepdims=True), 1e-8)
    ent = jnp.mean(-jnp.sum(p * jnp.log(p + 1e-8), axis=1))
    D = X.shape[1]
    Xs = jnp.sort(X, axis=1)
    w = (D - jnp.arange(1, D + 1, dtype=X.dtype) + 0.5) / D
    gini = jnp.mean(1 - 2 * jnp.sum(Xs * w[None, :], axis=1) / jnp.maximum(jnp.sum(Xs, axis=1), 1e-12))
    Xc = features - jnp.mean(features, axis=0, keepdims=True)
    s = jnp.linalg.svd(Xc, compute_uv=False)
    s2 = s * s
    cs = jnp.cumsum(s2) / jnp.maximum(jnp.sum(s2), 1e-12)
    rank = jnp.argmax(cs >= 0.99) + 1
    m = jnp.mean(X, axis=0)
    dr = jnp.sum(m / jnp.maximum(jnp.mean(m), 1e-9) <= 1e-5) / D
    return ent, gini, rank, dr
