"""DeepFool on a generative classifier: `while jnp.any(target) and it < max_iter:` over the boolean-masked subset of still-correct inputs.

source: paulbarbier/adversarial-attacks-on-generative-classifiers code/attacks/DeepFoolPaper.py (corrupt_batch)
error: TracerBoolConversionError
category: dynamic-shape-masked-while
expect: report
notes: corrupt_batch verbatim except for two lines: `partial(classifier.classifier(model_config).apply, {'params': params}, train=False)` becomes `partial(classifier.apply, params)`, and w_norm is taken over axis 1 because the inputs here are vectors rather than images. The flax classifier and its helpers are replaced by a small self-contained latent-variable Gaussian classifier (class means plus a linear map of the latent epsilon; `make_predictions` draws a fresh epsilon and takes the argmax of the K-sample log-likelihood), `sample_gaussian` is inlined, and the model tuple/attack config are built in f, which is jitted. Each pass gathers `X_corrupted[target_indices]` (data-dependent row count) and draws noise of that data-dependent shape, so even a masked full-batch rewrite would consume the random stream differently: no behaviour-preserving jit-safe rewrite exists.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.special import logsumexp


class ModelConfig(NamedTuple):
    n_classes: int
    d_latent: int


class AttackConfig(NamedTuple):
    max_iter: int
    learning_rate: float


def sample_gaussian(key, shape, dtype=jnp.float32):
    key, subkey = jax.random.split(key)
    return key, jax.random.normal(subkey, shape, dtype)


class GaussianLatentClassifier(NamedTuple):
    def apply(self, params, x, y, epsilon):
        mus, B = params
        mean = y @ mus + epsilon @ B
        return (x, mean)

    def make_predictions(self, key, model_config, params, log_likelihood, X, K=4):
        key, eps = sample_gaussian(key, (X.shape[0], model_config.n_classes * K, model_config.d_latent))
        y_probe = jax.nn.one_hot(jnp.repeat(jnp.arange(model_config.n_classes), K), model_config.n_classes)

        def ll_single(x, e):
            logits = jax.vmap(self.apply, in_axes=(None, None, 0, 0))(params, x, y_probe, e)
            ll = log_likelihood(*logits).reshape(model_config.n_classes, K)
            return logsumexp(ll, axis=1)

        return key, jnp.argmax(jax.vmap(ll_single)(X, eps), axis=-1)


def gaussian_log_likelihood(x, mean):
    return -0.5 * jnp.sum((x - mean) ** 2, axis=-1)


def corrupt_batch(key, model, attack_config, X, y_true):
    classifier, model_config, params, log_likelihood, K = model
    dtype = X.dtype

    y_probe = jax.nn.one_hot(jnp.repeat(jnp.arange(model_config.n_classes, dtype=dtype), K), model_config.n_classes)

    @jax.jit
    def compute_single_ll(x, epsilon):
        logits = jax.vmap(
            partial(classifier.apply, params),
            in_axes=(None, 0, 0)
        )(x, y_probe, epsilon)

        ll = log_likelihood(*logits).reshape(model_config.n_classes, K)
        ll = logsumexp(ll, axis=1) - np.log(K)
        return ll

    @jax.jit
    @jax.vmap
    def pertubation_step(x, epsilon):
        ll = compute_single_ll(x, epsilon)
        y = jnp.argmax(ll)
        grads = jax.jacrev(
            compute_single_ll, argnums=0
        )(x, epsilon)
        w = grads - grads[None, y, ...]
        f = ll - ll[None, y]
        w_norm = jnp.linalg.norm(w, axis=1)
        perturbation = jnp.abs(f) / w_norm
        perturbation = perturbation.at[y].set(jnp.inf)
        idx = jnp.argmin(perturbation)
        r = perturbation[idx] * w[idx] / w_norm[idx]
        return r

    X_corrupted = jnp.copy(X)
    perturbation = jnp.zeros_like(X_corrupted)
    epsilon_shape = (model_config.n_classes * K, model_config.d_latent)

    key, y_corrupted = classifier.make_predictions(
        key, model_config, params, log_likelihood, X_corrupted
    )
    target_indices = y_corrupted == y_true

    iteration = 0
    while jnp.any(target_indices) and iteration < attack_config.max_iter:
        X_targeted = X_corrupted[target_indices]
        key, epsilon = sample_gaussian(key, (X_targeted.shape[0],) + epsilon_shape, dtype)
        perturbation = pertubation_step(X_targeted, epsilon)
        X_corrupted = X_corrupted.at[target_indices].set(
            X_targeted + attack_config.learning_rate * perturbation
        )

        key, y_corrupted = classifier.make_predictions(
            key, model_config, params, log_likelihood, X_corrupted
        )
        target_indices = y_corrupted == y_true
        iteration += 1

    return key, X_corrupted


@jax.jit
def f(key, X, y_true, mus, B):
    model = (GaussianLatentClassifier(), ModelConfig(n_classes=3, d_latent=2),
             (mus, B), gaussian_log_likelihood, 4)
    return corrupt_batch(key, model, AttackConfig(max_iter=5, learning_rate=1.05), X, y_true)
# --- end user code ---


def make_inputs(rng):
    n, d = 8, 4
    mus = rng.normal(size=(3, d)).astype(np.float32) * 2.0
    B = (0.3 * rng.normal(size=(2, d))).astype(np.float32)
    y_true = rng.integers(0, 3, size=(n,)).astype(np.int32)
    X = (mus[y_true] + 0.5 * rng.normal(size=(n, d))).astype(np.float32)
    key = rng.integers(0, 2**32, size=(2,), dtype=np.uint32)
    return (key, X, y_true, mus, B)


INPUTS = make_inputs
