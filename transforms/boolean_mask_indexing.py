"""TFX301 boolean-mask-indexing."""

from __future__ import annotations

import libcst as cst

from tracerfix.definitions import is_assigned_to
from tracerfix.masks import (
    bare_text,
    boolean_index,
    elementwise_reduction_of,
    elementwise_top,
    has_shape_of,
    masked_flow,
    node_path,
    reduction_of,
    rewrite_reduction,
    selected_whole,
    unmasked,
)
from tracerfix.messages import under_tracing
from tracerfix.analysis.values import TRACED
from tracerfix.rewrite import numpy_recompute_fix, walk
from tracerfix.rule import Invalid, Rule, Safety, Valid


class BooleanMaskIndexing(Rule):
    """
    ## What it does
    Finds arrays indexed by a traced boolean mask (`x[x > 0]`, `x[jnp.isnan(x)]`) inside traced
    code. When the masked array is only reduced (`.sum()`, `.mean()`, `jnp.max(...)`, `len()`...),
    rewrites the reduction to run over the whole array with a three-argument `jnp.where` or a
    `where=` argument.

    ## Why is this bad?
    `x[mask]` has one element per True value of `mask`, a number tracing cannot know. JAX needs
    every shape at compile time, so it raises `NonConcreteBooleanIndexError`. Integer index arrays
    (`x[idx]`) have a known size and are fine; this rule only reports masks.

    ## Example
    ```python
    @jax.jit
    def sum_of_positive(x):
        return x[x > 0].sum()

    @jax.jit
    def mean_of_valid(x):
        valid = ~jnp.isnan(x)
        return x[valid].mean()
    ```

    ## Use instead
    ```python
    @jax.jit
    def sum_of_positive(x):
        return jnp.where(x > 0, x, 0).sum()

    @jax.jit
    def mean_of_valid(x):
        valid = ~jnp.isnan(x)
        return x.mean(where=valid)
    ```
    `sum`, `prod`, `any` and `all` fill the unselected elements with their identity (0, 1, False,
    True); `mean`, `var` and `std` take `where=`; `max` and `min` take `where=` and `initial=`;
    `len(x[mask])` and `x[mask].size` become `jnp.count_nonzero(mask)`. A reduction of an
    elementwise expression of arrays masked alike (`jnp.all(jnp.abs(a[m] - b[m]) / a[m] < eps)`)
    is one finding, and runs over the whole arrays (`jnp.all(jnp.where(m, ..., True))`); it is
    unsafe when the expression divides, takes a root, a logarithm or a power, which can be inf or
    NaN where the mask is False (not selected, but reaching gradients). Selections kept under
    names (`w = x[m] / total`) that only meet elementwise arithmetic and reductions become the
    whole arrays, each reduction selecting by the mask; a name holding a selection is never
    mixed with a whole array. The dot product of two selections by one mask
    (`jnp.dot(r[m].ravel(), w.ravel())`) is first written as the sum of their product. A mask
    bound in both branches of an `if` before the selections is one mask; a parameter
    defaulting to None (`where=None`) is, where a caller passes it, a tracer like any argument
    of a jitted function. A masked array that is
    returned or kept has a data-dependent shape and cannot be rewritten: pad it to a fixed size
    with `jnp.nonzero(mask, size=n, fill_value=...)` or keep the full array and the mask.

    ## Fix safety
    Safe when the mask is computed elementwise from the indexed array (`x[x > 0]`, or a name
    assigned such an expression in the same block): the rewrite gives the same values, dtype and
    gradient, including NaN for the mean of an empty selection. Unsafe otherwise, because a mask
    over only the leading axes of the array selects whole rows, while `jnp.where` broadcasts it
    against the last axes. `max`/`min` are always unsafe: an empty selection raises eagerly, the
    rewrite returns `initial` (-inf/inf, or the integer dtype's extreme). A count is unsafe: it
    becomes a traced int32 array rather than a Python int. The dot product as a sum is safe
    where the mask has the shape of each array it selects from (the selections are vectors), and
    unsafe otherwise (a mask over leading axes made `dot` a matrix product).
    """

    code = "TFX301"
    name = "boolean-mask-indexing"
    summary = "Array indexed by a traced boolean mask"

    VALID = (
        Valid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def sum_of_positive(x):
    return jnp.where(x > 0, x, 0).sum()

@jax.jit
def top_three(x):
    idx = jnp.argsort(x)[-3:]
    return x[idx].sum()
""",
            note="the page's fixed version; integer index arrays have a static size",
        ),
        Valid(
            """
import jax
import numpy as np

KEEP = np.array([True, False, True])

@jax.jit
def kept(x, mask):
    return x[KEEP].sum() + x[mask].sum()
""",
            note="a concrete NumPy mask is fine; a parameter is not known to be boolean",
        ),
        Valid(
            """
import jax
import jax.numpy as jnp

def positive_values(x):
    return x[x > 0]

@jax.jit
def normalise(x):
    return x / x[x.argmax()]

print(positive_values(jnp.arange(-5, 5)))
""",
            note="eager code may mask freely; a traced integer index is fine",
        ),
    )
    INVALID = (
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def positive_values(x):
    return x[x > 0]
""",
            note="the page's NonConcreteBooleanIndexError example: a data-dependent shape escapes",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def sum_of_positive(x):
    return x[x > 0].sum()
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def sum_of_positive(x):
    return jnp.where(x > 0, x, 0).sum()
""",
            function="sum_of_positive",
            inputs=("jnp.arange(-5, 5)", "jnp.arange(-5.0, 0.0)", "jnp.arange(1.0, 4.0)", "jnp.zeros(3)"),
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def mean_of_valid(x):
    valid = ~jnp.isnan(x)  # NaN marks a missing reading
    return x[valid].mean()
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def mean_of_valid(x):
    valid = ~jnp.isnan(x)  # NaN marks a missing reading
    return x.mean(where=valid)
""",
            function="mean_of_valid",
            inputs=(
                "jnp.array([1.0, jnp.nan, 3.0])",
                "jnp.array([jnp.nan, jnp.nan])",
                "jnp.array([2.0, 4.0])",
                "jnp.zeros(3)",
            ),
            note="the mask is a name assigned in the same block; an empty selection is NaN both ways",
        ),
        Invalid(
            """
import jax
from jax import numpy as np

@jax.jit
def stats(x):
    above = x > x.mean()
    return np.prod(x[above]), x[(x > 1) & (x < 4)].any()
""",
            expected="""
import jax
from jax import numpy as np

@jax.jit
def stats(x):
    above = x > x.mean()
    return np.prod(np.where(above, x, 1)), np.where((x > 1) & (x < 4), x, False).any()
""",
            count=2,
            function="stats",
            inputs=("jnp.arange(-2.0, 5.0)", "jnp.zeros(4)", "jnp.array([5.0, 1.0])"),
            note="the function form is kept, with the module's own alias",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def count_nonzero(x):
    return len(x[x != 0])
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def count_nonzero(x):
    return jnp.count_nonzero(x != 0)
""",
            unsafe=True,
            function="count_nonzero",
            inputs=("jnp.arange(-2.0, 5.0)", "jnp.zeros(4)", "jnp.ones(2)"),
            note="a count becomes an int32 array instead of a Python int: unsafe",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def largest_negative(x):
    return jnp.max(x[x < 0])
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def largest_negative(x):
    return jnp.max(x, where=x < 0, initial=-jnp.inf)
""",
            unsafe=True,
            function="largest_negative",
            inputs=("jnp.arange(-5.0, 5.0)", "jnp.array([-3.0, -1.0, -2.0])", "jnp.array([-0.5, 0.0])"),
            note="an all-false mask raises eagerly and gives -inf after the rewrite: unsafe",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def weighted(weights, scores):
    return weights[scores > 0.5].sum()
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def weighted(weights, scores):
    return jnp.where(jnp.expand_dims(scores > 0.5, range(scores.ndim, weights.ndim)), weights, 0).sum()
""",
            function="weighted",
            inputs=(
                "jnp.array([1.0, 2.0, 3.0]), jnp.array([0.9, 0.1, 0.7])",
                "jnp.array([1.0, 2.0]), jnp.zeros(2)",
                "jnp.array([1.0, 2.0]), jnp.ones(2)",
            ),
            note="a mask from another array may cover only the leading axes, selecting whole rows: it is given "
            "the array's trailing axes, so it selects the same elements whatever the ranks",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def clean(x):
    kept = x[jnp.isfinite(x)]
    return kept.sum() / kept.size
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def clean(x):
    kept = x
    return jnp.sum(jnp.where(jnp.isfinite(x), kept, 0)) / jnp.count_nonzero(jnp.isfinite(x))
""",
            unsafe=True,
            function="clean",
            inputs=("jnp.array([1.0, jnp.inf, 2.0, jnp.nan])", "jnp.array([1.0, 4.0])"),
            note="the masked array kept under a name only meets reductions: the name holds the whole array and "
            "each reduction selects by the mask",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def seasonal_error(model, observed, sigma):
    valid = ~jnp.isnan(observed)
    model_valid = model[valid]
    observed_valid = observed[valid]
    weights = 1.0 / (sigma[valid] ** 2 + 1e-12)
    residuals = model_valid - observed_valid
    return jnp.sum(weights * residuals**2) / jnp.sum(weights)
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def seasonal_error(model, observed, sigma):
    valid = ~jnp.isnan(observed)
    model_valid = model
    observed_valid = observed
    weights = 1.0 / (sigma ** 2 + 1e-12)
    residuals = model_valid - observed_valid
    return jnp.sum(jnp.where(valid, weights * residuals**2, 0)) / jnp.sum(jnp.where(valid, weights, 0))
""",
            unsafe=True,
            function="seasonal_error",
            inputs=("jnp.array([1.0, 2.0, 3.0]), jnp.array([1.5, jnp.nan, 2.0]), jnp.array([0.1, 0.2, 0.3])",),
            note="selections by one mask flow through names and elementwise arithmetic into reductions (a JAX "
            "C-GEM calibration's seasonal error): the names hold whole arrays, the reductions select; values "
            "computed at excluded elements (a NaN residual) reach gradients, so unsafe",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def converged(sigma_j, last_sigma_j, epsilon):
    cut = sigma_j > 0
    return jnp.all(jnp.abs(sigma_j[cut] - last_sigma_j[cut]) / sigma_j[cut] < epsilon)
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def converged(sigma_j, last_sigma_j, epsilon):
    cut = sigma_j > 0
    return jnp.all(jnp.where(cut, jnp.abs(sigma_j - last_sigma_j) / sigma_j < epsilon, True))
""",
            function="converged",
            inputs=("jnp.array([1.0, 0.0, 2.0]), jnp.array([1.05, 3.0, 2.5]), 0.1",
                    "jnp.array([1.0, 0.0, 2.0]), jnp.array([1.05, 3.0, 2.01]), 0.1"),
            note="an elementwise expression of arrays masked alike, reduced: one finding, the reduction over the "
            "whole arrays (scarlet2's convergence test)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def relative_error(a, b):
    ok = a != 0
    return jnp.sum(jnp.abs(a[ok] - b[ok]) / a[ok])
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def relative_error(a, b):
    ok = a != 0
    return jnp.sum(jnp.where(ok, jnp.abs(a - b) / a, 0))
""",
            unsafe=True,
            function="relative_error",
            inputs=("jnp.array([1.0, 0.0, 2.0]), jnp.array([1.5, 3.0, 2.5])",),
            note="the division is computed where the mask is False too: the value is right, a gradient through "
            "the excluded inf is NaN (unsafe)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def onset_height(displacement, is_surface_atom):
    surface_z = displacement[is_surface_atom, 0]  # z of the surface atoms
    return jnp.max(surface_z)
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def onset_height(displacement, is_surface_atom):
    surface_z = displacement[:, 0]  # z of the surface atoms
    return jnp.max(surface_z, where=jnp.expand_dims(is_surface_atom, range(is_surface_atom.ndim, displacement[:, 0].ndim)), initial=-jnp.inf)
""",
            unsafe=True,
            function="onset_height",
            inputs=("jnp.array([[0.1, 1.0], [0.4, 2.0], [0.3, 3.0]]), jnp.array([True, False, True])",),
            note="a mask and a static column (`x[m, 0]`, a LEED code's surface atoms) select from the column "
            "`x[:, 0]`; the name keeps it whole and the maximum selects by the mask (with `initial=-inf`: no "
            "error where nothing is selected)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

def masked_total(x, where=None):
    if where is None:
        where = jnp.isfinite(x)
    else:
        where = jnp.asarray(where, dtype=bool)
    return x[where].sum()

f = jax.jit(masked_total)
""",
            expected="""
import jax
import jax.numpy as jnp

def masked_total(x, where=None):
    if where is None:
        where = jnp.isfinite(x)
    else:
        where = jnp.asarray(where, dtype=bool)
    return jnp.where(jnp.expand_dims(where, range(where.ndim, x.ndim)), x, 0).sum()

f = jax.jit(masked_total)
""",
            function="masked_total",
            inputs=("(jnp.array([1.0, jnp.inf, 2.0]),)", "(jnp.array([1.0, 2.0, 3.0]), jnp.array([True, False, True]))"),
            note="prtools' `centroid` (an array-API port): `where=None` is a mask either way, `jnp.isfinite(x)` "
            "when left out and, where a caller passes it, jit makes it a tracer that `asarray(..., dtype=bool)` "
            "keeps a mask",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def weighted_mean(x, w):
    m = x > 0
    wn = w[m] / jnp.sum(w[m])
    return jnp.sum(x[m] * wn)
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def weighted_mean(x, w):
    m = x > 0
    wn = w / jnp.sum(jnp.where(jnp.expand_dims(m, range(m.ndim, w.ndim)), w, 0))
    return jnp.sum(jnp.where(jnp.expand_dims(m, range(m.ndim, w.ndim)), x * wn, 0))
""",
            count=3,
            function="weighted_mean",
            inputs=("(jnp.array([1.0, -2.0, 3.0]), jnp.array([0.5, 1.0, 2.0]))",),
            note="weights normalised over the selection, kept under a name: the name has the selection's length, so "
            "`x[m] * wn` is reduced with the names unmasked together (the sum inside `wn` first, on its own)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def second_moment(x):
    valid = jnp.isfinite(x)
    weights = x[valid] / jnp.sum(x[valid])
    return jnp.dot(x[valid].ravel(), weights.ravel())
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def second_moment(x):
    valid = jnp.isfinite(x)
    weights = x / jnp.sum(jnp.where(valid, x, 0))
    return jnp.sum(jnp.where(valid, x * weights, 0))
""",
            count=3,
            function="second_moment",
            inputs=("(jnp.array([[1.0, 2.0], [jnp.nan, 4.0]]),)", "(jnp.arange(6.0).reshape(2, 3),)"),
            note="prtools' `centroid`: the dot product of two selections by one mask is the sum of their product "
            "(the mask has the shape of the array, so the selections are vectors), reduced over the whole array; "
            "where the mask is not shown to have each array's shape the step is unsafe",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def steer(pos, vel, radius):
    dists = jnp.linalg.norm(pos - pos[0], axis=1)
    near = dists < radius
    away = -pos[near].sum(axis=0)
    align = jnp.mean(vel[near], axis=0)
    return away + align
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def steer(pos, vel, radius):
    dists = jnp.linalg.norm(pos - pos[0], axis=1)
    near = dists < radius
    away = -jnp.where(jnp.expand_dims(near, range(near.ndim, pos.ndim)), pos, 0).sum(axis=tuple(range(near.ndim)))
    align = jnp.mean(vel, axis=tuple(range(near.ndim)), where=jnp.expand_dims(near, range(near.ndim, vel.ndim)))
    return away + align
""",
            count=2,
            function="steer",
            inputs=("(jnp.array([[0.0, 0.0], [0.5, 0.2], [3.0, 1.0]]), jnp.array([[1.0, 0.0], [0.0, 1.0], [2.0, 2.0]]), 1.0)",),
            note="a flocking step's neighbour sums: a reduction along the selection's first axis (`axis=0`) runs over "
            "the axes the mask covers of the whole array, whatever the mask's rank",
        ),
        Invalid(
            """
import functools

import jax
import jax.numpy as jnp

@functools.partial(jax.jit, static_argnums=(1, 2))
def quantize(d, period, step):
    widths = jnp.arange(int(period / step) + 1) * step
    widths = widths[widths <= period]
    levels = jnp.sin(jnp.pi * widths / period)
    return levels[jnp.argmin(jnp.abs(levels[None, :] - d[:, None]), axis=1)]
""",
            expected="""
import functools

import jax
import jax.numpy as jnp
import numpy as np

@functools.partial(jax.jit, static_argnums=(1, 2))
def quantize(d, period, step):
    widths = np.arange(int(period / step) + 1) * step
    widths = widths[widths <= period]
    levels = jnp.sin(jnp.pi * widths / period)
    return levels[jnp.argmin(jnp.abs(levels[None, :] - d[:, None]), axis=1)]
""",
            unsafe=True,
            function="quantize",
            inputs=("jnp.array([0.1, 0.7, 0.95]), 1.0, 0.25", "jnp.array([0.0, 0.4]), 2.0, 0.3"),
            note="a mask over values `jnp` staged from static arguments (a duty-cycle quantizer's possible "
            "widths): NumPy computes them concretely, and a NumPy array takes the boolean index",
        ),
    )

    def visit_Subscript(self, node: cst.Subscript) -> None:
        context = self.context
        if _is_at_indexer(node) or is_assigned_to(context.ancestors) or context.claimed(node):
            return
        mask = boolean_index(node, context)
        if mask is None:
            return
        base = context.value(node.value)
        if base.container or base.host in ("list", "tuple", "range"):
            return
        described = context.describe(node)
        whole = selected_whole(node, mask, context)
        reduction = reduction_of(context.ancestors, context) if whole is not None else None
        if reduction is None and whole is not None and self._elementwise_reduction(node, mask, whole):
            return
        if reduction is None and whole is not None and self._named_flow(node, mask):
            return
        if reduction is None and whole is not None and self._dot_of_selections(node, mask):
            return
        if reduction is None:
            recomputed = self._recomputed_with_numpy(node, mask)
            self.report(
                node,
                f"`{described}` has a data-dependent shape (one element per True in "
                f"`{context.describe(mask)}`) and fails under {under_tracing(context)} with "
                + ("NonConcreteBooleanIndexError; the mask and the array come from static values only, which "
                   "NumPy computes concretely" if recomputed is not None else
                   "NonConcreteBooleanIndexError; keep the shape with three-argument `jnp.where`, or "
                   "pad to a fixed size with `jnp.nonzero(mask, size=..., fill_value=...)`"),
                recomputed,
            )
            return
        rewrite = rewrite_reduction(reduction, whole, mask, context)
        self._report_reduction(node, reduction, rewrite, "reduce over the whole array instead", "array")


    def _recomputed_with_numpy(self, node: cst.Subscript, mask: cst.BaseExpression):
        """`widths[widths <= Lp]` with `widths = jnp.arange(n + 1) * dx` and static `n`, `dx`,
        `Lp`: `jnp` staged the values, which NumPy computes concretely, and a NumPy array takes a
        boolean index (`rewrite.numpy_recompute_fix`). None unless the one traced name the mask
        and the array read has such a fix."""
        context = self.context
        traced = {inner.value for part in (node.value, mask) for inner in walk(part)
                  if isinstance(inner, cst.Name) and context.value(inner).trace == TRACED}
        if len(traced) != 1:
            return None
        return numpy_recompute_fix(context, cst.Name(next(iter(traced))))

    def _dot_of_selections(self, node: cst.Subscript, mask: cst.BaseExpression) -> bool:
        """`jnp.dot(rr[m].ravel(), anorm.ravel())` with `anorm = x[m] / total`: the dot product of
        two vectors selected by one mask is the sum of their product, `jnp.sum(rr[m] * anorm)`,
        which the next pass reduces over the whole arrays. Exact where the mask has the shape of
        each array it selects from (the selections are vectors); otherwise unsafe."""
        context = self.context
        ancestors = context.ancestors
        top = elementwise_top(ancestors, context)
        while top >= 2 and isinstance(ancestors[top - 1], cst.Attribute) and isinstance(ancestors[top - 2], cst.Call) \
                and ancestors[top - 1].attr.value in _FLATTENING and ancestors[top - 2].func is ancestors[top - 1]:
            top -= 2  # `rr[m].ravel()`
        if top < 2 or not isinstance(ancestors[top - 1], cst.Arg) or not isinstance(ancestors[top - 2], cst.Call):
            return False
        call = ancestors[top - 2]
        operands = [arg.value for arg in call.args]
        if context.qualified_name(call.func) not in _DOTS or len(operands) != 2 or any(arg.keyword or arg.star for arg in call.args) \
                or context.claimed(call):
            return False
        mask_text = bare_text(mask, context)
        selections = [_selected_by(operand, mask_text, context) for operand in operands]
        if any(found is None for found in selections):
            return False
        vectors = all(has_shape_of(mask, selected_whole(sub, mask, context), context) and len(sub.slice) == 1
                      for found in selections for sub in found)
        context.claim(call)
        jnp = context.spell("jax.numpy")
        factors = [context.code(_flattened(operand)).strip() for operand in operands]
        factors = [text if isinstance(_flattened(operand), (cst.Name, cst.Subscript, cst.Call, cst.Attribute)) else f"({text})"
                   for text, operand in zip(factors, operands)]
        text = f"{jnp}.sum({factors[0]} * {factors[1]})"
        fix = context.fix(f"Write the dot product of the selections as `{text}`", [(call, context.parse_expression(text))],
                          Safety.SAFE if vectors else Safety.UNSAFE,
                          "" if vectors else f"assumes `{mask_text}` has the shape of the arrays it selects from, so that "
                          "the selections are vectors (a mask over leading axes made `dot` a matrix product)")
        fix.first = True  # the sum of selections is reduced over the whole arrays on the next pass
        self.report(node, f"`{context.describe(node)}` has a data-dependent shape and fails under "
                          f"{under_tracing(context)} with NonConcreteBooleanIndexError; its dot product with another "
                          f"selection by `{mask_text}` is a sum, which reduces over the whole arrays", fix)
        return True

    def _report_reduction(self, node: cst.Subscript, reduction, rewrite, advice: str, arrays: str) -> None:
        context = self.context
        fix = context.fix(
            f"Reduce over the whole {arrays}: `{rewrite.text}`",
            [(reduction.node, _keeping_parentheses(reduction.node, context.parse_expression(rewrite.text)))],
            rewrite.safety,
            rewrite.note,
        )
        self.report(
            node,
            f"`{context.describe(node)}` has a data-dependent shape and fails under {under_tracing(context)} "
            f"with NonConcreteBooleanIndexError; {advice}",
            fix,
        )

    def _elementwise_reduction(self, node: cst.Subscript, mask: cst.BaseExpression, whole: cst.BaseExpression) -> bool:
        """`jnp.all(jnp.abs(a[m] - b[m]) / a[m] < eps)` as `jnp.all(jnp.abs(a - b) / a < eps, where=m)`:
        reported once, at the first masked array, with the whole reduction's fix."""
        context = self.context
        found = elementwise_reduction_of(context.ancestors, context)
        if found is None:
            return False
        reduction, expression = found
        if context.claimed(reduction.node):
            return True  # an earlier masked array of the same reduction reported it
        mask_text = " ".join(context.code(mask).split())
        unmasked_expression = unmasked(expression, mask_text, context)
        if unmasked_expression is None or _reads_selections(unmasked_expression, context):
            # `jnp.sum(x[m] * wn)` with `wn = w[m] / ...`: `wn` has the selection's length, not
            # `x`'s; the names are unmasked together or not at all (`_named_flow`).
            return False
        context.claim(reduction.node)
        rewrite = rewrite_reduction(reduction, unmasked_expression, mask, context, shaped_like=whole)
        if reduction.kind not in ("any", "all") and _may_be_undefined(unmasked_expression):
            note = (f"`{context.describe(unmasked_expression)}` is now computed where `{mask_text}` is False too; an inf or NaN "
                    "there is not selected, but reaches gradients")
            rewrite.note = "; ".join(filter(None, [rewrite.note, note]))
            rewrite.safety = Safety.UNSAFE
        self._report_reduction(node, reduction, rewrite, f"reduce over the whole arrays with `{mask_text}` as `where`",
                               "arrays")
        return True


    def _named_flow(self, node: cst.Subscript, mask: cst.BaseExpression) -> bool:
        """`model_masked = model[mask]`, `residuals = model_masked - obs_masked`, then
        `jnp.sum(weights * residuals**2) / jnp.sum(weights)`: selections kept under names that
        only meet elementwise arithmetic and reductions are the whole arrays, and each reduction
        selects by the mask. Reported once, at the first selection, with every edit."""
        context = self.context
        ancestors = context.ancestors
        top = elementwise_top(ancestors, context)
        parent = ancestors[top - 1] if top >= 1 else None
        function = context.function
        # `w = sigma[mask]`, or `wn = w[m] / total`: the selection reaches the assigned value whole.
        if not isinstance(parent, cst.Assign) or parent.value is not ancestors[top] \
                or not isinstance(function, cst.FunctionDef):
            return False
        mask_text = bare_text(mask, context)
        flow = masked_flow(function, mask_text, context)
        if flow is None or not flow.reductions:
            return False
        edits = [(assignment.value, whole) for assignment, whole in flow.roots]
        safety, notes = Safety.SAFE, [f"the names hold the whole arrays now; each reduction of them selects by "
                                      f"`{mask_text}`"]
        # The arrays selected by one mask have its shape (before their trailing axes): one that it
        # is computed from elementwise shows that the mask needs no axes added.
        selections = [sub for assignment, _ in flow.roots for sub in walk(assignment.value) if isinstance(sub, cst.Subscript)
                      and (found := boolean_index(sub, context)) is not None
                      and bare_text(found, context) == mask_text and selected_whole(sub, found, context) is not None]
        wholes = [selected_whole(selection, boolean_index(selection, context), context) for selection in selections]
        alike = next((whole for whole in wholes if has_shape_of(mask, whole, context)), None)
        for reduction, reduced, shaped in flow.reductions:
            rewrite = rewrite_reduction(reduction, reduced, mask, context, shaped_like=alike or shaped)
            edits.append((reduction.node, _keeping_parentheses(reduction.node, context.parse_expression(rewrite.text))))
            notes.append(rewrite.note)
            if rewrite.safety == Safety.UNSAFE or reduction.kind not in ("any", "all") and _may_be_undefined(reduced):
                safety = Safety.UNSAFE
        if safety == Safety.UNSAFE:
            notes.append("values computed where the mask is False are not selected, but an inf or NaN there "
                         "reaches gradients")
        for selection in selections:
            context.claim(selection)
        names = ", ".join(f"`{context.describe(selection)}`" for selection in selections)
        fix = context.fix(f"Keep the whole arrays and reduce with `{mask_text}` as `where`", edits, safety,
                          "; ".join(dict.fromkeys(filter(None, notes))))
        self.report(node, f"{names} have a data-dependent shape and fail under {under_tracing(context)} with "
                          f"NonConcreteBooleanIndexError; they only meet elementwise arithmetic and reductions: keep "
                          f"the whole arrays and reduce with `{mask_text}` as `where`", fix)
        return True


_DOTS = frozenset({"jax.numpy.dot", "jax.numpy.inner", "jax.numpy.vdot"})
_FLATTENING = frozenset({"ravel", "flatten"})


def _flattened(expression: cst.BaseExpression) -> cst.BaseExpression:
    """`a.ravel()` / `a.flatten()` as `a` (a selection by a mask of its array's shape is 1-D)."""
    while isinstance(expression, cst.Call) and isinstance(expression.func, cst.Attribute) \
            and expression.func.attr.value in _FLATTENING and not expression.args:
        expression = expression.func.value
    return expression


def _selected_by(expression: cst.BaseExpression, mask_text: str, context) -> list[cst.Subscript] | None:
    """The selections by `mask_text` that make `expression` (elementwise, or through a name bound
    once to such an expression), each reaching it whole; None when it is anything else."""
    from tracerfix.definitions import value_resolver

    expression = _flattened(expression)
    if isinstance(expression, cst.Name):
        bound = value_resolver(context)(expression.value)
        return None if bound is None or bound is expression else _selected_by(bound, mask_text, context)
    found = [sub for sub in walk(expression) if isinstance(sub, cst.Subscript)
             and (index := boolean_index(sub, context)) is not None and bare_text(index, context) == mask_text]
    if not found or any(elementwise_top(chain, context) != 0 for chain in
                        (node_path(expression, sub) for sub in found) if chain is not None):
        return None
    return found


def _reads_selections(expression: cst.BaseExpression, context) -> bool:
    """Whether `expression` reads a name the function binds to a boolean-mask selection (or an
    expression holding one)."""
    function = context.function
    if not isinstance(function, cst.FunctionDef):
        return False
    read = {node.value for node in walk(expression) if isinstance(node, cst.Name)}
    for node in walk(function.body):
        if isinstance(node, cst.Assign) and any(isinstance(t.target, cst.Name) and t.target.value in read
                                                for t in node.targets):
            if any(isinstance(sub, cst.Subscript) and boolean_index(sub, context) is not None for sub in walk(node.value)):
                return True
    return False


def _may_be_undefined(expression: cst.BaseExpression) -> bool:
    """Division, logarithms, roots and powers: inf or NaN where the mask excluded the element."""
    for node in walk(expression):
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, (cst.Divide, cst.FloorDivide, cst.Power)):
            return True
        if isinstance(node, cst.Name) and node.value in ("log", "log1p", "log2", "log10", "sqrt", "arccos", "arcsin", "power"):
            return True
    return False


def _is_at_indexer(node: cst.Subscript) -> bool:
    return isinstance(node.value, cst.Attribute) and node.value.attr.value == "at"


def _keeping_parentheses(old: cst.BaseExpression, new: cst.BaseExpression) -> cst.BaseExpression:
    return new.with_changes(lpar=old.lpar, rpar=old.rpar)
