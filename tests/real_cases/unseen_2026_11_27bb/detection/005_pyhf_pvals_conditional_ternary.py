"""pyhf's JAX backend `conditional` is a Python ternary on a traced predicate (qtilde p-values).

source: scikit-hep/pyhf, the utils module revision holding `pvals_from_teststat(sqrtqmu_v, sqrtqmuA_v, qtilde=False)` (code-index file id 43927488906; pyhf/utils.py, a stored version of that path is 45ba8fdd7908c1096021d72f07c28e8ca35e575d) with the JAX backend revision of pyhf/tensor/jax_backend.py that defines `_BasicPoisson`/`_BasicNormal` and `jax_backend.conditional` as `return true_callable() if predicate else false_callable()` (code-index file id 1600435147; the tensorflow backend of the same era uses `tf.cond` there)
error: TracerBoolConversionError
category: ternary-truth-test
expect: fix
notes: `jax_backend.__init__`, `conditional`, `power` and `normal_cdf` are verbatim (docstrings shortened); the rest of the backend class is dropped. The module-level `config.update('jax_enable_x64', True)` is dropped (the case runs in float32). `get_backend()` is a two-line stand-in for pyhf's backend manager returning the JAX backend. `pvals_from_teststat` is verbatim. `f` jits the qtilde branch, which pyhf's hypotest reaches with `qtilde=True`; the leak is the ternary inside `conditional`, reached through a traced `(sqrtqmu_v < sqrtqmuA_v)[0]`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np
from jax.scipy.stats import norm
import logging

log = logging.getLogger(__name__)


class jax_backend(object):
    """JAX backend for pyhf"""

    __slots__ = ['name', 'precision', 'dtypemap', 'default_do_grad']

    def __init__(self, **kwargs):
        self.name = 'jax'
        self.precision = kwargs.get('precision', '64b')
        self.dtypemap = {
            'float': np.float64 if self.precision == '64b' else np.float32,
            'int': np.int64 if self.precision == '64b' else np.int32,
            'bool': np.bool_,
        }
        self.default_do_grad = True

    def conditional(self, predicate, true_callable, false_callable):
        """
        Runs a callable conditional on the boolean value of the evaulation of a predicate

        Args:
            predicate (`scalar`): The logical condition that determines which callable to evaluate
            true_callable (`callable`): The callable that is evaluated when the :code:`predicate` evalutes to :code:`true`
            false_callable (`callable`): The callable that is evaluated when the :code:`predicate` evalutes to :code:`false`

        Returns:
            JAX ndarray: The output of the callable that was evaluated
        """
        return true_callable() if predicate else false_callable()

    def power(self, tensor_in_1, tensor_in_2):
        return np.power(tensor_in_1, tensor_in_2)

    def normal_cdf(self, x, mu=0, sigma=1):
        """
        The cumulative distribution function for the Normal distribution

        Returns:
            JAX ndarray: The CDF
        """
        return norm.cdf(x, loc=mu, scale=sigma)


_tensorlib = jax_backend(precision='32b')


def get_backend():
    return _tensorlib, None


def pvals_from_teststat(sqrtqmu_v, sqrtqmuA_v, qtilde=False):
    r"""
    The :math:`p`-values for signal strength :math:`\mu` and Asimov strength :math:`\mu'` as defined in Equations (59) and (57) of `arXiv:1007.1727`_

    Args:
        sqrtqmu_v (Number or Tensor): The root of the calculated test statistic, :math:`\sqrt{q_{\mu}}`
        sqrtqmuA_v (Number or Tensor): The root of the calculated test statistic given the Asimov data, :math:`\sqrt{q_{\mu,A}}`
        qtilde (Bool): When ``True`` perform the calculation using the alternative test statistic, :math:`\tilde{q}`, as defined in Equation (62) of `arXiv:1007.1727`_

    Returns:
        Tuple of Floats: The :math:`p`-values for the signal + background, background only, and signal only hypotheses respectivley
    """
    tensorlib, _ = get_backend()
    if not qtilde:  # qmu
        nullval = sqrtqmu_v
        altval = -(sqrtqmuA_v - sqrtqmu_v)
    else:  # qtilde

        def _true_case():
            nullval = sqrtqmu_v
            altval = -(sqrtqmuA_v - sqrtqmu_v)
            return nullval, altval

        def _false_case():
            qmu = tensorlib.power(sqrtqmu_v, 2)
            qmu_A = tensorlib.power(sqrtqmuA_v, 2)
            nullval = (qmu + qmu_A) / (2 * sqrtqmuA_v)
            altval = (qmu - qmu_A) / (2 * sqrtqmuA_v)
            return nullval, altval

        nullval, altval = tensorlib.conditional(
            (sqrtqmu_v < sqrtqmuA_v)[0], _true_case, _false_case
        )
    CLsb = 1 - tensorlib.normal_cdf(nullval)
    CLb = 1 - tensorlib.normal_cdf(altval)
    CLs = CLsb / CLb
    return CLsb, CLb, CLs


@jax.jit
def f(sqrtqmu_v, sqrtqmuA_v):
    return pvals_from_teststat(sqrtqmu_v, sqrtqmuA_v, qtilde=True)
# --- end user code ---

import jax.numpy as jnp
import numpy


def make_inputs(rng):
    # (1,)-shaped test statistics as pyhf passes them; both orderings occur across trials
    sqrtqmu_v = rng.uniform(0.0, 3.0, size=(1,)).astype(numpy.float32)
    sqrtqmuA_v = rng.uniform(0.5, 3.0, size=(1,)).astype(numpy.float32)
    return (sqrtqmu_v, sqrtqmuA_v)


INPUTS = make_inputs


@jax.jit
def reference_fix(sqrtqmu_v, sqrtqmuA_v):
    pred = (sqrtqmu_v < sqrtqmuA_v)[0]
    qmu = sqrtqmu_v ** 2
    qmu_A = sqrtqmuA_v ** 2
    nullval = jnp.where(pred, sqrtqmu_v, (qmu + qmu_A) / (2 * sqrtqmuA_v))
    altval = jnp.where(pred, -(sqrtqmuA_v - sqrtqmu_v), (qmu - qmu_A) / (2 * sqrtqmuA_v))
    CLsb = 1 - norm.cdf(nullval)
    CLb = 1 - norm.cdf(altval)
    return CLsb, CLb, CLsb / CLb
