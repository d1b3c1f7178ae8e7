"""`int(jnp.max(annotations))` on a closed-over NumPy data set, inside a jitted potential.

source: pyro-ppl/numpyro examples/annotation.py, `multinomial(annotations)` and `get_data()` as they were before https://github.com/pyro-ppl/numpyro/pull/754 ("Pump jax and tfp-nightly version"), whose diff changes `num_classes = int(jnp.max(annotations)) + 1` to `int(np.max(annotations)) + 1` for jax 0.2 (omnistaging); later file read at 003424bb3c57e44b433991cc73ddbb557bf31f3c
error: ConcretizationTypeError
category: static-value-staged-by-jnp
expect: fix
notes: the first two lines of `multinomial` (`num_classes = int(jnp.max(annotations)) + 1`, `num_items, num_positions = annotations.shape`) and `get_data()` are verbatim (the data table is cut to its first 15 items). NumPyro is not installed, so the plates and sample sites are replaced by the log density that NUTS evaluates once the discrete class `c` is enumerated out: Dirichlet(1) priors on `zeta` (one simplex per class) and `pi`, and `logsumexp_c [log pi_c + sum_p log zeta[c, y_ip]]` per item. The data are bound with functools.partial, as NumPyro binds model args into the jitted potential, so `annotations` is a concrete NumPy array; but `jnp.max` stages it into the trace, and `int()` then gets a tracer. The parameters are passed as unconstrained logits (softmax inside).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import functools

import numpy as np

import jax
import jax.numpy as jnp
from jax.scipy.special import gammaln, logsumexp


def get_data():
    # NB: the first annotator assessed each item 3 times
    positions = np.array([1, 1, 1, 2, 3, 4, 5])
    annotations = np.array(
        [
            [1, 1, 1, 1, 1, 1, 1],
            [3, 3, 3, 4, 3, 3, 4],
            [1, 1, 2, 2, 1, 2, 2],
            [2, 2, 2, 3, 1, 2, 1],
            [2, 2, 2, 3, 2, 2, 2],
            [2, 2, 2, 3, 3, 2, 2],
            [1, 2, 2, 2, 1, 1, 1],
            [3, 3, 3, 3, 4, 3, 3],
            [2, 2, 2, 2, 2, 2, 3],
            [2, 3, 2, 2, 2, 2, 3],
            [4, 4, 4, 4, 4, 4, 4],
            [2, 2, 2, 3, 3, 4, 3],
            [1, 1, 1, 1, 1, 1, 1],
            [2, 2, 2, 3, 2, 1, 2],
            [1, 2, 1, 1, 1, 1, 1],
        ]
    )
    # we minus 1 because in Python, the first index is 0
    return positions - 1, annotations - 1


def multinomial(annotations, zeta_logits, pi_logits):
    """
    This model corresponds to the plate diagram in Figure 1 of reference [1].
    """
    num_classes = int(jnp.max(annotations)) + 1
    num_items, num_positions = annotations.shape

    # with numpyro.plate("class", num_classes): zeta ~ Dirichlet(ones(num_classes))
    zeta = jax.nn.softmax(zeta_logits.reshape(num_classes, num_classes), axis=-1)
    # pi ~ Dirichlet(ones(num_classes))
    pi = jax.nn.softmax(pi_logits.reshape(num_classes), axis=-1)
    log_prior = (num_classes + 1) * gammaln(num_classes)

    # with plate("item", num_items): c ~ Categorical(pi), enumerated out;
    #   with plate("position", num_positions): y ~ Categorical(zeta[c]), obs=annotations
    log_zeta_y = jnp.log(zeta)[:, annotations]          # (class, item, position)
    per_item = jnp.log(pi)[:, None] + log_zeta_y.sum(-1)  # (class, item)
    return log_prior + logsumexp(per_item, axis=0).sum()


_, ANNOTATIONS = get_data()
log_density = functools.partial(multinomial, ANNOTATIONS)


@jax.jit
def f(zeta_logits, pi_logits):
    return -log_density(zeta_logits, pi_logits)
# --- end user code ---


def make_inputs(rng):
    return (
        rng.normal(size=(16,)).astype(np.float32),
        rng.normal(size=(4,)).astype(np.float32),
    )


INPUTS = make_inputs


@jax.jit
def reference_fix(zeta_logits, pi_logits):
    annotations = ANNOTATIONS
    num_classes = int(np.max(annotations)) + 1
    zeta = jax.nn.softmax(zeta_logits.reshape(num_classes, num_classes), axis=-1)
    pi = jax.nn.softmax(pi_logits.reshape(num_classes), axis=-1)
    log_prior = (num_classes + 1) * gammaln(num_classes)
    log_zeta_y = jnp.log(zeta)[:, annotations]
    per_item = jnp.log(pi)[:, None] + log_zeta_y.sum(-1)
    return -(log_prior + logsumexp(per_item, axis=0).sum())
