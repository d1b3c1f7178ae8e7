"""The vetted NumPy -> jax.numpy table, checked against the installed NumPy and JAX.

Each listed NumPy function must fail on a tracer (or TFX401 would report correct code) and its
jax.numpy namesake must compute the same thing on concrete inputs (or the rewrite would change
results). The `math` table is checked the same way.
"""

from __future__ import annotations

import math
import warnings

import pytest

from tracerfix.analysis.numpy_equivalents import (
    MATH_ARITY,
    MATH_EQUIVALENTS,
    MATH_INTEGER_RESULT,
    NUMPY_CONVERSIONS,
    NUMPY_EQUIVALENTS,
    SCIPY_SPECIAL_EQUIVALENTS,
)

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")
np = pytest.importorskip("numpy")

TRACER_ERRORS = (jax.errors.TracerArrayConversionError, jax.errors.ConcretizationTypeError)
# Functions whose arguments are not plain arrays.
SPECIAL_ARGUMENTS = {
    "einsum": lambda v, m: ("ij,j->i", m, v),
    "select": lambda v, m: ([v > 0.5], [v], 0.0),
    "interp": lambda v, m: (v, v, v * 2),
    "clip": lambda v, m: (v, 0.3, 0.6),
    "pad": lambda v, m: (v, 1),
    "percentile": lambda v, m: (v, 50.0),
    "nanpercentile": lambda v, m: (v, 50.0),
    "quantile": lambda v, m: (v, 0.5),
    "nanquantile": lambda v, m: (v, 0.5),
    "digitize": lambda v, m: (v, np.array([0.3, 0.6], np.float32)),
    "histogram": lambda v, m: (v, 3),
    "broadcast_to": lambda v, m: (v, (2, 3)),
    "tile": lambda v, m: (v, 2),
    "roll": lambda v, m: (v, 1),
    "append": lambda v, m: (v, v),
    "concatenate": lambda v, m: ([v, v],),
    "concat": lambda v, m: ([v, v],),
    "stack": lambda v, m: ([v, v],),
    "hstack": lambda v, m: ([v, v],),
    "vstack": lambda v, m: ([v, v],),
    "dstack": lambda v, m: ([v, v],),
    "column_stack": lambda v, m: ([v, v],),
    "lexsort": lambda v, m: ([v, v],),
    "expand_dims": lambda v, m: (v, 0),
    "full_like": lambda v, m: (v, 2.0),
    "linalg.multi_dot": lambda v, m: ([m, m, m],),
    "linalg.matrix_power": lambda v, m: (m, 3),
    "linalg.tensorsolve": lambda v, m: (m, v),
    "linalg.tensordot": lambda v, m: (m, m),
    "packbits": lambda v, m: (v > 0.5,),
    "unpackbits": lambda v, m: (np.array([3, 250], np.uint8),),
    "ldexp": lambda v, m: (v, np.array([1, 2, 3], np.int32)),
    "polyder": lambda v, m: (v,),
    "polyint": lambda v, m: (v,),
    "partition": lambda v, m: (v, 1),
    "argpartition": lambda v, m: (v, 1),
    "linalg.tensorinv": lambda v, m: (m, 1),
    "tril": lambda v, m: (m,),  # jnp.tril needs 2-D input; NumPy also takes 1-D
    "triu": lambda v, m: (m,),
    "array_equal": lambda v, m: (v, v.copy()),
    "array_equiv": lambda v, m: (v, v.copy()),
    "meshgrid": lambda v, m: (v, v * 2),
    "block": lambda v, m: ([v, v],),
    "where": lambda v, m: (v > 0.4, v, 0.0),
    "histogram2d": lambda v, m: (v, v * 2, 3),
    "histogram_bin_edges": lambda v, m: (v, 3),
    "histogramdd": lambda v, m: (m, 2),
    "insert": lambda v, m: (v, 1, 5.0),
    "delete": lambda v, m: (v, 1),
    "resize": lambda v, m: (v, (2, 3)),
    "bitwise_count": lambda v, m: (np.array([3, 7, 255], np.int32),),
    "apply_along_axis": lambda v, m: (np.sum, 0, m),
}
# NumPy 2.4 no longer raises on a tracer here: it catches the conversion error and answers False,
# a wrong answer rather than an error, which the rewrite corrects all the same.
SILENTLY_WRONG = frozenset({"array_equal", "array_equiv"})
# Same meaning, but the values are unspecified: compare shapes and dtypes.
UNINITIALISED = frozenset({"empty_like"})


def _inputs():
    v = np.array([0.25, 0.5, 0.75], np.float32)
    m = np.array([[2.0, 0.5, 0.0], [0.5, 3.0, 0.25], [0.0, 0.25, 1.5]], np.float32)
    i = np.array([6, 4, 9], np.int32)
    return v, m, i


def _argument_sets(name):
    v, m, i = _inputs()
    if name in SPECIAL_ARGUMENTS:
        return [SPECIAL_ARGUMENTS[name](v, m)]
    return [(v,), (v, v * 2), (m,), (m, m), (i,), (i, i + 1), (m, v)]


def _function(module, name):
    for part in name.split("."):
        module = getattr(module, part)
    return module


def _first_working(function, name):
    for args in _argument_sets(name):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                return args, function(*args)
        except Exception:
            continue
    return None, None


def _assert_same(expected, actual, name):
    expected_leaves = expected if isinstance(expected, (tuple, list)) else [expected]
    actual_leaves = actual if isinstance(actual, (tuple, list)) else [actual]
    assert len(expected_leaves) == len(actual_leaves), name
    for e, a in zip(expected_leaves, actual_leaves):
        e, a = np.asarray(e), np.asarray(a)
        assert e.shape == a.shape, (name, e.shape, a.shape)
        if e.dtype.kind in "fc" or a.dtype.kind in "fc":
            np.testing.assert_allclose(a, e, rtol=2e-4, atol=2e-5, err_msg=name)
        else:
            np.testing.assert_array_equal(a, e, err_msg=name)


# Results are defined only up to sign or order (eigenvectors, decompositions).
_SAME_UP_TO_SIGN = frozenset({"linalg.eigh", "linalg.qr", "linalg.svd"})


def test_every_numpy_equivalent_exists_in_jax_numpy():
    missing = [name for name in sorted(NUMPY_EQUIVALENTS) if not callable(_function_or_none(jnp, name))]
    assert not missing


def _function_or_none(module, name):
    try:
        return _function(module, name)
    except AttributeError:
        return None


@pytest.mark.slow  # compiles one function per name: about a minute
@pytest.mark.parametrize("name", sorted(NUMPY_EQUIVALENTS | NUMPY_CONVERSIONS - {"asanyarray", "ascontiguousarray"}))
def test_numpy_function_fails_on_a_tracer_and_jnp_agrees(name):
    numpy_function = _function(np, name)
    jnp_function = _function(jnp, name)
    args, expected = _first_working(numpy_function, name)
    assert args is not None, f"no test input for np.{name}: add one to SPECIAL_ARGUMENTS"
    if name in SILENTLY_WRONG:
        try:
            traced_answer = _jit_over_arrays(numpy_function, args)
        except TRACER_ERRORS:
            pass  # older NumPy: the conversion error reaches the caller
        else:
            assert bool(traced_answer) != bool(expected), name
    else:
        with pytest.raises(TRACER_ERRORS):
            _jit_over_arrays(numpy_function, args)
    actual = jnp_function(*args)
    if name in UNINITIALISED:
        assert np.shape(actual) == np.shape(expected)
    elif name not in _SAME_UP_TO_SIGN:
        _assert_same(expected, actual, name)


def _jit_over_arrays(function, args):
    """Call `function` under jit with its array arguments traced and the others static."""
    is_array = [isinstance(a, np.ndarray) or (isinstance(a, list) and all(isinstance(e, np.ndarray) for e in a)) for a in args]
    traced = [a for a, array in zip(args, is_array) if array]

    def call(*arrays):
        supply = iter(arrays)
        return function(*(next(supply) if array else a for a, array in zip(args, is_array)))

    return jax.jit(call)(*traced)


@pytest.mark.parametrize("name", sorted(MATH_EQUIVALENTS))
def test_math_function_fails_on_a_tracer_and_jnp_agrees(name):
    arity = MATH_ARITY.get(name, 1)
    args = (1.5 if name == "acosh" else -2.75 if name in ("modf", "frexp") else 0.5, 3 if name == "ldexp" else 1.25)[:arity]
    math_function = getattr(math, name, None)
    if math_function is None:
        pytest.skip(f"math.{name} is newer than this Python")
    arrays = [jnp.int32(a) if isinstance(a, int) else jnp.float32(a) for a in args]
    with pytest.raises(TRACER_ERRORS + (TypeError,)):  # math.trunc: no __trunc__ on a tracer
        jax.jit(lambda *a: math_function(*a))(*arrays)
    expected = math_function(*args)
    actual = getattr(jnp, MATH_EQUIVALENTS[name])(*arrays)
    if isinstance(expected, tuple):  # modf, frexp: the same pair in the same order
        assert [float(a) for a in actual] == [float(e) for e in expected]
    elif name in MATH_INTEGER_RESULT:
        assert float(actual) == expected
    else:
        np.testing.assert_allclose(float(actual), float(expected), rtol=1e-6, err_msg=name)


# `scipy.special` -> `jax.scipy.special`: arguments per function (positive values in their domain).
_SCIPY_ARGUMENTS = {
    "xlogy": 2, "xlog1py": 2, "betaln": 2, "zeta": 2, "gammainc": 2, "gammaincc": 2, "beta": 2,
    "rel_entr": 2, "kl_div": 2, "betainc": 3, "polygamma": None, "multigammaln": None,
}


@pytest.mark.parametrize("name", sorted(SCIPY_SPECIAL_EQUIVALENTS))
def test_scipy_special_namesake_agrees(name):
    special = pytest.importorskip("scipy.special")
    jax_special = pytest.importorskip("jax.scipy.special")
    values = np.array([0.2, 0.45, 0.7], np.float32)
    count = _SCIPY_ARGUMENTS.get(name, 1)
    if name == "polygamma":
        args = (1, values + 1.0)
    elif name == "multigammaln":
        args = (values + 2.0, 2)
    else:
        args = tuple(values + 0.1 * k for k in range(count))
        if name in ("zeta",):
            args = (values + 2.0, values + 1.0)
        if name in ("factorial",):
            args = (np.array([0.0, 1.0, 4.0], np.float32),)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = np.asarray(getattr(special, name)(*args), np.float64)
    got = np.asarray(getattr(jax_special, name)(*args), np.float64)
    np.testing.assert_allclose(got, expected, rtol=2e-3, atol=1e-5)
    traced_position = 1 if name == "polygamma" else 0  # SciPy fails on the tracer, as TFX401 says

    def scipy_on(x):
        given = list(args)
        given[traced_position] = x
        return getattr(special, name)(*given)

    with pytest.raises(TRACER_ERRORS):
        jax.jit(scipy_on)(args[traced_position])


def test_the_scipy_stats_table_names_what_jax_scipy_stats_has():
    jax_stats = pytest.importorskip("jax.scipy.stats")
    scipy_stats = pytest.importorskip("scipy.stats")
    from tracerfix.analysis.numpy_equivalents import SCIPY_STATS_EQUIVALENTS

    for distribution, methods in SCIPY_STATS_EQUIVALENTS.items():
        for method in methods:
            assert callable(getattr(getattr(jax_stats, distribution), method)), (distribution, method)
            assert hasattr(getattr(scipy_stats, distribution), method), (distribution, method)
