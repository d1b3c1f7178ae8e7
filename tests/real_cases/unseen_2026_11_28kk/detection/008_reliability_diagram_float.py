"""CalibrationAssessment.reliability_diagram_data: float() of per-bin means, boolean masks and a traced `if`.

source: JAX uncertainty-quantification module in the public code index (code-index file id 2969684597; an uncertainty-integration class with propagate_uncertainty, _assess_uncertainty_calibration and _compute_calibration_bins, then classes CalibrationAssessment (expected_calibration_error, maximum_calibration_error, reliability_diagram_data, assess_calibration), EnsembleEpistemicUncertainty, DistributionalAleatoricUncertainty, MultiSourceUncertaintyAggregator; jaxtyping `Float[Array, ...]` annotations). The index does not name the repository.
error: TracerBoolConversionError
category: float-of-tracer
expect: fix
notes: CalibrationAssessment.reliability_diagram_data verbatim; the rest of the class and module dropped.
  jaxtyping is not installed here, so `Float` is a two-line stand-in that returns `Array` when
  subscripted. `f = jax.jit(CalibrationAssessment.reliability_diagram_data, static_argnames="n_bins")`
  added. Under jit the first failure is `if prop_in_bin > 0`; inside the branch `float(jnp.mean(...[in_bin]))`
  and `float(jnp.sum(in_bin))` need concrete values and `accuracies[in_bin]` is a boolean-mask gather, and the
  Python floats are collected in lists turned into arrays at the end. The jit-safe rewrite computes all
  bins at once with masked sums.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import Array


class Float:  # stand-in for jaxtyping.Float (annotation only)
    def __class_getitem__(cls, item):
        return Array


class CalibrationAssessment:
    """Enhanced uncertainty calibration assessment tools."""

    @staticmethod
    def reliability_diagram_data(
        confidences: Float[Array, "n_samples"],  # noqa: F821
        accuracies: Float[Array, "n_samples"],  # noqa: F821
        n_bins: int = 10,
    ) -> dict[str, Array]:  # type: ignore[reportUndefinedVariable]
        """Compute reliability diagram data for visualization."""
        bin_boundaries = jnp.linspace(0, 1, n_bins + 1)
        bin_lowers = bin_boundaries[:-1]
        bin_uppers = bin_boundaries[1:]
        bin_centers = (bin_lowers + bin_uppers) / 2

        bin_accuracies = []
        bin_confidences = []
        bin_counts = []

        for bin_lower, bin_upper in zip(bin_lowers, bin_uppers, strict=False):
            in_bin = (confidences > bin_lower) & (confidences <= bin_upper)
            prop_in_bin = jnp.mean(in_bin)

            if prop_in_bin > 0:
                accuracy_in_bin = float(jnp.mean(accuracies[in_bin]))
                avg_confidence_in_bin = float(jnp.mean(confidences[in_bin]))
                count_in_bin = float(jnp.sum(in_bin))
            else:
                accuracy_in_bin = 0.0
                avg_confidence_in_bin = 0.0
                count_in_bin = 0.0

            bin_accuracies.append(accuracy_in_bin)
            bin_confidences.append(avg_confidence_in_bin)
            bin_counts.append(count_in_bin)

        return {
            "bin_centers": bin_centers,
            "bin_accuracies": jnp.array(bin_accuracies),
            "bin_confidences": jnp.array(bin_confidences),
            "bin_counts": jnp.array(bin_counts),
        }


f = jax.jit(CalibrationAssessment.reliability_diagram_data, static_argnames="n_bins")
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 30
    # confidences bunched towards 1 (typical classifier), so low bins stay empty
    confidences = 1.0 - 0.6 * rng.uniform(size=(n,)) ** rng.uniform(1.0, 3.0)
    accuracies = (rng.uniform(size=(n,)) < confidences).astype(np.float32)
    return (confidences.astype(np.float32), accuracies)


INPUTS = make_inputs


@jax.jit
def reference_fix(confidences, accuracies):
    n_bins = 10
    bin_boundaries = jnp.linspace(0, 1, n_bins + 1)
    bin_lowers = bin_boundaries[:-1]
    bin_uppers = bin_boundaries[1:]
    bin_centers = (bin_lowers + bin_uppers) / 2
    in_bin = (confidences[None, :] > bin_lowers[:, None]) & (confidences[None, :] <= bin_uppers[:, None])
    count = jnp.sum(in_bin, axis=1)
    nonempty = count > 0
    safe = jnp.maximum(count, 1)
    acc = jnp.sum(jnp.where(in_bin, accuracies[None, :], 0.0), axis=1) / safe
    conf = jnp.sum(jnp.where(in_bin, confidences[None, :], 0.0), axis=1) / safe
    return {
        "bin_centers": bin_centers,
        "bin_accuracies": jnp.where(nonempty, acc, 0.0).astype(jnp.float32),
        "bin_confidences": jnp.where(nonempty, conf, 0.0).astype(jnp.float32),
        "bin_counts": jnp.where(nonempty, count, 0).astype(jnp.float32),
    }
