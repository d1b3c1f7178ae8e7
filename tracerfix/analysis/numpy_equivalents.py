"""Which NumPy and `math` functions fail on a tracer, and their `jax.numpy` counterparts.

A name is listed only when NumPy converts its array arguments with `__array__` (ufuncs and
functions that start with `np.asarray`), so calling it on a tracer always raises
`TracerArrayConversionError`. NumPy functions that delegate to the array's own method (`np.sum`,
`np.mean`, `np.reshape`, `np.split`, `np.transpose`...) work on tracers and are not listed: code
using them is correct and stays silent. `np.clip` delegates too, but passes `out=`, which
`jax.Array.clip` does not take: NumPy then converts the tracer, and the call fails.

`NUMPY_EQUIVALENTS` holds the vetted names whose `jax.numpy` function of the same name takes the
same arguments and computes the same thing (checked against JAX by tests/test_numpy_equivalents.py).
"""

from __future__ import annotations

# Elementwise ufuncs: same name, same positional arguments, same results (to the dtype's precision).
_UFUNCS = frozenset(
    """
    abs absolute fabs sign negative positive reciprocal square sqrt cbrt exp exp2 expm1 log log2
    log10 log1p sin cos tan arcsin arccos arctan arcsinh arccosh arctanh sinh cosh tanh arctan2
    hypot degrees radians deg2rad rad2deg floor ceil trunc rint add subtract multiply divide
    true_divide floor_divide power float_power mod remainder fmod divmod modf frexp ldexp maximum
    minimum fmax fmin copysign logaddexp logaddexp2 heaviside signbit isnan isinf isfinite isneginf
    isposinf equal not_equal greater greater_equal less less_equal logical_and logical_or
    logical_not logical_xor bitwise_and bitwise_or bitwise_xor bitwise_not invert left_shift
    right_shift gcd lcm conj conjugate angle sinc i0 nan_to_num
    acos asin atan atan2 acosh asinh atanh pow bitwise_invert bitwise_left_shift
    bitwise_right_shift
    """.split()
)

# Functions that convert their inputs with asarray first; jax.numpy mirrors their signatures.
_ARRAY_FUNCTIONS = frozenset(
    """
    concatenate concat stack hstack vstack dstack column_stack expand_dims broadcast_to
    broadcast_arrays ravel atleast_1d atleast_2d atleast_3d tile roll rot90 fliplr flipud tril triu
    diag diagflat diagonal trace pad append zeros_like ones_like full_like empty_like copy outer
    inner dot vdot matmul einsum tensordot kron cross convolve correlate diff ediff1d gradient
    interp clip polyval polyadd polysub polymul polyder polyint vander sort partition argpartition
    lexsort digitize select trapezoid unwrap median average percentile quantile nanmean nansum
    nanmax nanmin nanprod nanstd nanvar nanmedian nanpercentile nanquantile nanargmax nanargmin
    nancumsum nancumprod ptp count_nonzero cumulative_sum cumulative_prod corrcoef cov isclose
    allclose isin matvec vecmat vecdot histogram packbits unpackbits array_equal array_equiv
    linalg.norm linalg.vector_norm linalg.matrix_norm linalg.inv linalg.pinv linalg.det
    linalg.slogdet linalg.solve linalg.cholesky linalg.qr linalg.svd linalg.svdvals linalg.eigh
    linalg.eigvalsh linalg.matrix_power linalg.matrix_rank linalg.multi_dot linalg.cond
    linalg.tensorsolve linalg.tensorinv linalg.trace linalg.outer linalg.cross linalg.vecdot
    linalg.matmul linalg.diagonal linalg.matrix_transpose linalg.tensordot linalg.lstsq linalg.eig linalg.eigvals
    fft.fft fft.ifft fft.fft2 fft.ifft2 fft.fftn fft.ifftn fft.rfft fft.irfft fft.rfft2 fft.irfft2
    fft.rfftn fft.irfftn fft.hfft fft.ihfft fft.fftshift fft.ifftshift
    meshgrid block where matrix_transpose iscomplex histogram2d histogram_bin_edges histogramdd
    insert delete sort_complex ix_ poly resize bitwise_count nextafter apply_along_axis
    """.split()
)

NUMPY_UFUNCS = _UFUNCS
NUMPY_EQUIVALENTS = _UFUNCS | _ARRAY_FUNCTIONS

# Functions that delegate to their first argument's method (`np.searchsorted(edges, v)` is
# `edges.searchsorted(v)`): a traced first argument runs JAX's method and works; a NumPy first
# argument converts the traced others with `__array__` and fails. Their jax.numpy namesakes take
# the same arguments.
NUMPY_DELEGATING_TO_FIRST = frozenset({"searchsorted", "take"})

# Converting to a NumPy array: `jnp.asarray` keeps the value on device, but the result is no longer
# a writable NumPy array, so the rewrite is offered as unsafe.
NUMPY_CONVERSIONS = frozenset({"array", "asarray", "asanyarray", "ascontiguousarray"})

# Functions whose result has a data-dependent size: jnp's versions need `size=` under jit.
NUMPY_DATA_DEPENDENT = frozenset(
    """
    nonzero flatnonzero argwhere unique unique_values unique_counts unique_inverse unique_all
    compress extract trim_zeros setdiff1d intersect1d union1d setxor1d bincount roots
    """.split()
)

# Fail on a tracer and have no counterpart with the same meaning: reported, never rewritten.
NUMPY_HOST_ONLY = frozenset(
    """
    array_repr array_str array2string save savez savez_compressed savetxt tofile
    asarray_chkfinite real_if_close require
    """.split()
)
# Subpackages whose functions never accept a tracer (random draws, I/O, testing helpers).
NUMPY_HOST_ONLY_PACKAGES = ("random.", "testing.", "lib.", "ma.", "char.", "rec.", "polynomial.")

# NumPy keywords that jax.numpy does not accept: a call using them is reported, not rewritten.
NUMPY_ONLY_KEYWORDS = frozenset({"out", "casting", "order", "subok", "signature", "like"})
# Keywords one NumPy function names otherwise than its jax.numpy namesake (`np.clip(x, a_min=0)`,
# `jnp.clip(x, min=0)`): a call using them is reported, not rewritten.
NUMPY_RENAMED_KEYWORDS = {"clip": frozenset({"a_min", "a_max"})}

# `math` functions of one float: math name -> jax.numpy name. They call `float()` on a tracer.
MATH_EQUIVALENTS = {
    "sin": "sin", "cos": "cos", "tan": "tan", "atan": "arctan", "atan2": "arctan2",
    "sinh": "sinh", "cosh": "cosh", "tanh": "tanh", "asinh": "arcsinh", "exp": "exp",
    "exp2": "exp2", "expm1": "expm1", "fabs": "fabs", "copysign": "copysign", "hypot": "hypot",
    "degrees": "degrees", "radians": "radians", "isnan": "isnan", "isinf": "isinf",
    "isfinite": "isfinite", "cbrt": "cbrt",
    # Pairs, in the same order: (fraction, integral part) and (mantissa, exponent).
    "modf": "modf", "frexp": "frexp", "ldexp": "ldexp",
    # Defined on part of the real line: math raises ValueError outside it, jnp returns NaN/inf.
    "sqrt": "sqrt", "log": "log", "log2": "log2", "log10": "log10", "log1p": "log1p",
    "asin": "arcsin", "acos": "arccos", "acosh": "arccosh", "atanh": "arctanh", "fmod": "fmod",
    "pow": "power",
    # Return a Python int; jnp returns a float array.
    "floor": "floor", "ceil": "ceil", "trunc": "trunc",
}
MATH_PARTIAL_DOMAIN = frozenset(
    {"sqrt", "log", "log2", "log10", "log1p", "asin", "acos", "acosh", "atanh", "fmod", "pow"}
)
MATH_INTEGER_RESULT = frozenset({"floor", "ceil", "trunc"})
# How many arguments each math function takes (the rest take one).
MATH_ARITY = {"atan2": 2, "copysign": 2, "hypot": 2, "fmod": 2, "pow": 2, "ldexp": 2}

# `math` functions that call float()/index() on their argument and have no rewrite here.
MATH_HOST_ONLY = frozenset(
    {"erf", "erfc", "gamma", "lgamma", "factorial", "comb", "perm", "gcd", "lcm", "isqrt",
     "fsum", "remainder", "isclose", "ulp", "nextafter", "dist"}
)

# `scipy.special` functions whose `jax.scipy.special` namesake takes the same arguments and computes
# the same thing (checked against JAX by tests/test_numpy_equivalents.py). Every SciPy function
# converts its array arguments with NumPy, so a tracer passed to any of them fails.
SCIPY_SPECIAL_EQUIVALENTS = frozenset(
    """
    gammaln digamma erf erfc erfinv expit logit logsumexp xlogy xlog1py betaln gamma i0 i0e i1
    i1e ndtr ndtri log_ndtr softmax log_softmax zeta polygamma entr gammainc gammaincc betainc
    multigammaln factorial beta rel_entr kl_div expi exp1 spence
    """.split()
)

# Distributions of `scipy.stats` with a `jax.scipy.stats` namesake taking the same arguments (`x` first,
# then the shape parameters, `loc` and `scale`), and the methods JAX has for each.
SCIPY_STATS_EQUIVALENTS: dict[str, frozenset[str]] = {
    "bernoulli": frozenset("cdf logpmf pmf ppf".split()),
    "beta": frozenset("cdf logcdf logpdf logsf pdf sf".split()),
    "betabinom": frozenset("logpmf pmf".split()),
    "binom": frozenset("logpmf pmf".split()),
    "cauchy": frozenset("cdf isf logcdf logpdf logsf pdf ppf sf".split()),
    "chi2": frozenset("cdf logcdf logpdf logsf pdf sf".split()),
    "dirichlet": frozenset("logpdf pdf".split()),
    "expon": frozenset("cdf logcdf logpdf logsf pdf ppf sf".split()),
    "gamma": frozenset("cdf logcdf logpdf logsf pdf sf".split()),
    "gennorm": frozenset("cdf logpdf pdf".split()),
    "geom": frozenset("logpmf pmf".split()),
    "gumbel_l": frozenset("cdf logcdf logpdf logsf pdf ppf sf".split()),
    "gumbel_r": frozenset("cdf logcdf logpdf logsf pdf ppf sf".split()),
    "laplace": frozenset("cdf logpdf pdf".split()),
    "logistic": frozenset("cdf isf logpdf pdf ppf sf".split()),
    "multinomial": frozenset("logpmf pmf".split()),
    "multivariate_normal": frozenset("logpdf pdf".split()),
    "nbinom": frozenset("logpmf pmf".split()),
    "norm": frozenset("cdf isf logcdf logpdf logsf pdf ppf sf".split()),
    "pareto": frozenset("cdf logcdf logpdf logsf pdf ppf sf".split()),
    "poisson": frozenset("cdf logpmf pmf".split()),
    "t": frozenset("logpdf pdf".split()),
    "truncnorm": frozenset("cdf logcdf logpdf logsf pdf sf".split()),
    "uniform": frozenset("cdf logpdf pdf ppf".split()),
    "vonmises": frozenset("logpdf pdf".split()),
    "wrapcauchy": frozenset("logpdf pdf".split()),
}
