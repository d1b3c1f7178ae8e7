"""post_pred_performance / calibration_error: an ECE already written jit-safe with lax.scan and jnp.where.

source: `subspace_inference` project utilities in the public code index (code-index file id 70908056732: bezier_length, lower_bound, upper_bound, bezier_mass_center, bezier_gyration, bezier_mean_curvature, bezier_rel_center, calibration_error, post_pred_performance, load_fn, load_checkpoint_new; it imports `subspace_inference.curve_optimizer.subspace_curve`). The index does not name the repository.
error: none
category: negative
expect: untouched
notes: calibration_error and post_pred_performance verbatim with the module's imports (the Bezier and
  checkpoint helpers, which need the project package or wandb, are dropped); `f = jax.jit(
  post_pred_performance, static_argnames=("key_prefix", "num_bins"))` added. Look-alike: the comments
  name the leaky forms (`jnp.mean(accuracies[in_bin])`), `prop_in_bin > 0` is compared on a tracer but only
  inside jnp.where, `num_bins` feeds jnp.linspace but is static, `isinstance(weights, bool)` is a Python
  type test on a default argument and `logits.shape[0]` is a static shape. Nothing may change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import numpy as np
from jax import numpy as jnp
import jax


def calibration_error(logits, labels, num_bins):
    probs = jax.nn.softmax(logits, axis=-1)
    confidences = jnp.max(probs, axis=-1)
    predictions = jnp.argmax(probs, axis=-1)
    accuracies = (predictions == labels).astype(jnp.float32)

    bin_boundaries = jnp.linspace(0, 1, num_bins + 1)
    bin_lowers = bin_boundaries[:-1]
    bin_uppers = bin_boundaries[1:]

    def body_fun(ece, bins):
        bin_lower, bin_upper = bins
        # get mask for samples with confidence in (bin_lower, bin_upper]
        in_bin = jnp.logical_and(confidences > bin_lower, confidences <= bin_upper)

        prop_in_bin = jnp.mean(in_bin.astype(jnp.float32))
        # same as jnp.mean(accuracies[in_bin]) but jit friendly
        accuracy_in_bin = jnp.where(
            prop_in_bin > 0,
            jnp.sum(jnp.where(in_bin, accuracies, 0.0)) / jnp.sum(in_bin),
            0.0,
        )
        # same as jnp.mean(confidences[in_bin]) but jit friendly
        avg_confidence_in_bin = jnp.where(
            prop_in_bin > 0,
            jnp.sum(jnp.where(in_bin, confidences, 0.0)) / jnp.sum(in_bin),
            0.0,
        )
        ece += jnp.abs(avg_confidence_in_bin - accuracy_in_bin) * prop_in_bin
        return ece, None

    ece, _ = jax.lax.scan(body_fun, 0.0, (bin_lowers, bin_uppers))
    return ece


def post_pred_performance(
    logits,
    labels,
    weights: bool | jnp.ndarray = False,
    key_prefix: str = "",
    num_bins: int = 15,
):
    """Compute Bayesian model averaging predictive metrics from sampled logits.

    Args:
        logits: array shape (n_samples, n_data, n_classes)
        labels: array shape (n_data,)
        weights: False or array of shape (n_samples,) for weighted logsumexp
        key_prefix: if provided, prefix returned metric keys with this string
        num_bins: bins for ECE computation

    Returns:
        dict with keys either ('ll','acc','ece') or with prefix '{key_prefix}bma_ll', etc.
    """
    logits = jax.nn.log_softmax(
        logits, axis=-1
    )  # ensure logits are normalized for logsumexp
    if isinstance(weights, bool):
        # treating True as uniform average
        post_predict_logits = jax.nn.logsumexp(logits, axis=0) - jnp.log(
            logits.shape[0]
        )
    else:
        post_predict_logits = jax.nn.logsumexp(logits, b=weights[:, None, None], axis=0)

    post_acc = jnp.mean(jnp.argmax(post_predict_logits, axis=-1) == labels)
    post_ece = calibration_error(post_predict_logits, labels, num_bins)
    ll = (
        jnp.take_along_axis(post_predict_logits, labels[:, None], axis=-1)
        .squeeze()
        .mean()
    )
    # alternative ll computation using Categorical distribution (should be the same)
    # ll = dist.Categorical(logits=post_predict_logits).log_prob(labels).mean()

    # Brier score
    post_predict_probs = jnp.exp(post_predict_logits)
    true_probs = jax.nn.one_hot(labels, post_predict_logits.shape[-1])
    brier = jnp.mean(jnp.sum((post_predict_probs - true_probs) ** 2, axis=-1))

    return {
        f"{key_prefix}ll": ll,
        f"{key_prefix}acc": post_acc,
        f"{key_prefix}ece": post_ece,
        f"{key_prefix}brier": brier,
    }


f = jax.jit(post_pred_performance, static_argnames=("key_prefix", "num_bins"))
# --- end user code ---


def make_inputs(rng):
    s, n, c = 5, 16, 3
    logits = (rng.normal(size=(s, n, c)) * 2.0).astype(np.float32)
    labels = rng.integers(0, c, size=(n,)).astype(np.int32)
    return (logits, labels)


INPUTS = make_inputs
