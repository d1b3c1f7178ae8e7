"""TFX303 data-dependent-shape."""

from __future__ import annotations

import libcst as cst

from tracerfix.bindings import assigned_values, bindings, reads
from tracerfix.concrete_arguments import is_shadowed
from tracerfix.definitions import bound_by, earlier_definition, site_of
from tracerfix.masks import masked_update, reduction_of, rewrite_reduction
from tracerfix.analysis.numpy_equivalents import NUMPY_UFUNCS
from tracerfix.messages import under_tracing
from tracerfix.rewrite import appended_keyword, fresh_name, names_read, numpy_recompute_fix, walk
from tracerfix.rule import Invalid, Rule, Safety, Valid

# jax.numpy functions whose result size depends on the values of the input: the keyword that
# fixes the size, and the positions of the arguments whose values decide it.
_SIZED = {
    "nonzero": ("size", (0,)),
    "flatnonzero": ("size", (0,)),
    "argwhere": ("size", (0,)),
    "where": ("size", (0,)),
    "unique": ("size", (0,)),
    "unique_values": ("size", (0,)),
    "unique_counts": ("size", (0,)),
    "unique_inverse": ("size", (0,)),
    "unique_all": ("size", (0,)),
    "compress": ("size", (0,)),
    "extract": ("size", (0,)),
    "setdiff1d": ("size", (0, 1)),
    "intersect1d": ("size", (0, 1)),
    "union1d": ("size", (0, 1)),
    "setxor1d": ("size", (0, 1)),
    "bincount": ("length", (0,)),
    "repeat": ("total_repeat_length", (1,)),
    "trim_zeros": (None, (0,)),
}
# Index tuples that select exactly what the boolean mask they are computed from selects.
_MASK_INDICES = frozenset({"where", "nonzero"})


class DataDependentShape(Rule):
    """
    ## What it does
    Finds calls whose result size depends on the values of a traced array: one-argument
    `jnp.where(c)`, `jnp.nonzero`, `jnp.argwhere`, `jnp.unique`, the set operations,
    `jnp.compress`/`extract` without `size=`, `jnp.bincount` without `length=`, and `jnp.repeat` with
    traced repeats and no `total_repeat_length=`. When the indices only select elements that are
    then reduced (`x[jnp.where(c)].sum()`), rewrites the reduction with a three-argument
    `jnp.where`; when they only update the elements where `c` holds (`x.at[jnp.where(c)].set(0)`,
    or `rows, cols = jnp.where(c)` then `x.at[rows, cols].set(0)`), rewrites the update as
    `jnp.where(c, 0, x)`, as `boolean-mask-update` (TFX302) does. `_, inverse = jnp.unique(x,
    return_inverse=True)`, which keeps only the inverse indices, gets `size=x.size`. Indices read
    only by `for i in range(len(idx[0])):` and, in its body, as `idx[k][i]` are padded to the
    condition's size, the loop runs that many times, and its body only where `i` is below the
    count of the condition (an `if` the `if` rule, TFX101, then turns into a selection). Indices
    `idx = jnp.where(c)[0]` that gather rows (`a[idx]`) whose values, row by row, only reach
    updates at the same indices (`b.at[idx].set(f(a[idx]))`) are padded to the size of `c` with an
    index past the last row: the padding's updates fall outside the array and JAX drops them.
    Positions read only by literal indices (`jnp.where(c)[0][0]`, `jnp.flatnonzero(c)[1]`, or
    `idx = jnp.nonzero(c)[0]` read only as `idx[0]`, `idx[2]`) get `size=` one past the largest
    index read; positions also counted or read at a computed index (a random tie-break:
    `idx[randint(..., maxval=len(idx))]`) are padded to the condition's size and counted with
    `jnp.count_nonzero(c)` (unsafe: an index past the count reads the padding); positions only counted (`len(jnp.argwhere(c))`, `jnp.where(c)[0].shape[0]`,
    `.size`) become `jnp.count_nonzero(c)`; the number of distinct values (`len(jnp.unique(x))`)
    becomes the count of changes between neighbours of the sorted values, plus one; and
    `jnp.bincount(x, minlength=k)` gets `length=k`. A comprehension that filters on a traced test
    (`[m for m, d in gaps if d > 0]`) keeps a data-dependent number of elements too; where what it
    keeps is only summed or counted (`sum(v for v in xs if c)`, `len([... if c])`), every element
    is added, masked: `sum(jnp.where(c, v, 0) for v in xs)`. `jnp.roots(p)` strips the leading
    zero coefficients by default, so it gets `strip_zeros=False`.

    ## Why is this bad?
    XLA compiles programs with static shapes. How many elements satisfy a condition is a value, so
    under `jax.jit` JAX raises `ConcretizationTypeError` ("The error arose in jnp.nonzero").

    ## Example
    ```python
    @jax.jit
    def func(x):
        indices = jnp.where(x > 1)
        return x[indices].sum()
    ```

    ## Use instead
    ```python
    @jax.jit
    def func(x):
        return jnp.where(x > 1, x, 0).sum()
    ```
    When you need the indices themselves, bound their number: `jnp.nonzero(c, size=n,
    fill_value=...)` pads or truncates to `n` entries; `jnp.unique(x, size=n, fill_value=...)`
    likewise.

    ## Fix safety
    Indexing with `jnp.where(c)` (or `jnp.nonzero(c)`) selects what indexing with the boolean `c`
    selects, so the rewrite follows `boolean-mask-indexing` (TFX301): safe when `c` is computed
    elementwise from the indexed array, unsafe when it may cover only its leading axes, and for
    `max`/`min` (an empty selection raises eagerly) and counts. A named index tuple is inlined only
    when it is used once, right where it is reduced, and nothing it reads changes in between; the
    assignment is then removed (its end-of-line comment moves along). Updates follow TFX302's
    safety: safe for an integer value and a mask computed from the updated array; unsafe
    otherwise (the value's dtype, a mask taken to cover the leading axes). `size=x.size` for the
    inverse indices of `jnp.unique` is safe: there is room for every element, and the indices of
    the elements do not depend on the padding after the unique values. The padded loop is safe:
    its body runs for the same indices, in the same order; the loop is longer (once per element
    of the condition) when traced. Padding gathered-then-updated indices is unsafe: the same rows
    change, but the padding computes on the last row again, and where that gives an infinite or
    NaN value the gradient through the dropped update is NaN. The `size=` for positions read is
    unsafe: where the condition holds at fewer positions than are read, the original raised
    IndexError and the rewrite reads the fill value (0). `strip_zeros=False` is unsafe: where the
    leading coefficients are zero, the original gave fewer roots and the rewrite gives NaN roots in
    their place. Counts are unsafe: an int32 array where
    the original gave a Python int; the distinct count also gives 1 for an empty array (the
    original 0) and counts NaNs one by one (`jnp.unique` counts them as one). `length=k` is
    unsafe: values of `k` or more are dropped, where the original grew the counts. The masked sum
    of a filtered comprehension is unsafe: an array where the original gave a Python number, and
    the elements the filter dropped are computed too. Everything else is reported: a size has to be
    chosen by you. Positions padded by hand right after to a static size (`jnp.pad(idx, (0, n -
    idx.shape[0]), constant_values=-1)`) take `size=n, fill_value=-1` and the pad goes: safe, the
    same entries where the pad ran (where more than `n` positions hold, the pad raised and `size=`
    keeps the first `n`).
    """

    code = "TFX303"
    name = "data-dependent-shape"
    summary = "Result size depends on traced values"

    VALID = (
        Valid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def total(params, scale):
    leaves = [p for p in params if p is not None]
    return sum(jnp.sum(p) for p in leaves if p.ndim > 0) * scale
""",
            note="a comprehension filter on static facts (None, a rank) keeps a static number of elements",
        ),
        Valid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def func(x):
    return jnp.where(x > 1, x, 0).sum()

@jax.jit
def first_two_negative(x):
    (idx,) = jnp.nonzero(x < 0, size=2, fill_value=0)
    return jnp.unique(x, size=3, fill_value=0), idx, jnp.repeat(x, 2)
""",
            note="the page's fixed version; sizes given explicitly; static repeats",
        ),
    )
    INVALID = (
        Invalid(
            """
import jax.numpy as jnp
from jax import jit

@jit
def func(x):
    return jnp.where(x < 0)
""",
            note="the page's ConcretizationTypeError example: the indices themselves are returned",
        ),
        Invalid(
            """
import jax.numpy as jnp
from jax import jit

@jit
def func(x):
    indices = jnp.where(x > 1)
    return x[indices].sum()
""",
            expected="""
import jax.numpy as jnp
from jax import jit

@jit
def func(x):
    return jnp.where(x > 1, x, 0).sum()
""",
            function="func",
            inputs=("jnp.arange(4)", "jnp.zeros(3)", "jnp.full(3, 5.0)", "jnp.arange(-4.0, 1.0)"),
            note="the page's second example: the index tuple is inlined and its assignment removed",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def spread(x):
    return (x > 0).nonzero(), jnp.unique(x), jnp.repeat(x, x.astype(int))
""",
            count=3,
            note="method form, unique values, traced repeats: each needs a size only you can choose",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def mean_big(x):
    big = jnp.abs(x) > 2
    return jnp.mean(x[jnp.nonzero(big)])
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def mean_big(x):
    big = jnp.abs(x) > 2
    return jnp.mean(x, where=big)
""",
            function="mean_big",
            inputs=("jnp.arange(-4.0, 5.0)", "jnp.zeros(3)", "jnp.full(2, 3.0)"),
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def total_above(x, threshold):
    # Indices of the readings above the threshold.
    above = jnp.nonzero(x > threshold)  # a tuple of index arrays
    scale = 2.0
    total = scale * x[above].sum()
    return total
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def total_above(x, threshold):
    scale = 2.0
    # Indices of the readings above the threshold.
    total = scale * jnp.where(x > threshold, x, 0).sum()  # a tuple of index arrays
    return total
""",
            function="total_above",
            inputs=("jnp.arange(5.0), 2.0", "jnp.zeros(3), 1.0", "jnp.ones(3), 0.0"),
            note="the comments of the removed assignment move to the statement that absorbs it",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def last_positive(x):
    idx = jnp.where(x > 0)
    total = x[idx].sum()
    return total, idx
""",
            note="the index tuple is used twice: reported, not inlined",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def make_mask(dataset):
    rows, cols = jnp.where(~dataset[:, 0].any(axis=2))  # entries that are all zero
    mask = jnp.ones(dataset.shape)
    mask = mask.at[rows, cols].set(0)
    return mask
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def make_mask(dataset):
    mask = jnp.ones(dataset.shape)
    mask = jnp.where(jnp.expand_dims(~dataset[:, 0].any(axis=2), range(jnp.ndim(~dataset[:, 0].any(axis=2)), jnp.ndim(mask))), 0, mask)  # entries that are all zero
    return mask
""",
            unsafe=True,
            function="make_mask",
            inputs=("jnp.zeros((2, 3, 3, 2), dtype=jnp.int32).at[0, 1, 2, 1].set(1)",),
            note="indices unpacked from `jnp.where(c)` and used once to update: the update where `c` holds "
            "(jax#4418); unsafe, the mask is taken to cover the leading axes of `mask`",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def remap_to_consecutive(arr):
    _, inverse_indices = jnp.unique(arr, return_inverse=True)
    return inverse_indices
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def remap_to_consecutive(arr):
    _, inverse_indices = jnp.unique(arr, return_inverse=True, size=arr.size)
    return inverse_indices
""",
            function="remap_to_consecutive",
            inputs=("jnp.array([0, 0, 1, 4, 4, 6, 6])", "jnp.array([3, 3, 3])", "jnp.array([5, 1, 5, 2])"),
            note="only the inverse indices of `jnp.unique` are kept: `size=arr.size` leaves them as they were "
            "(jaxley's `remap_to_consecutive`)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def clipped_mean(y, ivar, mask):
    w = jnp.where(mask == 0)[0]
    total = ivar[w].sum()
    return jnp.sum(y[w] * ivar[w]) / total
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def clipped_mean(y, ivar, mask):
    w = mask == 0
    total = ivar[w].sum()
    return jnp.sum(y[w] * ivar[w]) / total
""",
            unsafe=True,
            function="clipped_mean",
            inputs=("jnp.array([1.0, 2.0, 4.0]), jnp.array([1.0, 0.5, 2.0]), jnp.array([0, 1, 0])",),
            verify=False,
            note="indices of a mask used only to index (desidiff's inverse-variance mean): the mask itself; a later "
            "pass selects with it inside the reductions (TFX302)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp


@jax.jit
def gather_flags(senders, receivers, flags, node):
    out = jnp.full((4,), 2)
    idx = jnp.where(jnp.logical_or(senders == node, receivers == node))
    for i in range(len(idx[0])):
        out = out.at[i].set(flags[idx[0][i]])
    return out
""",
            expected="""
import jax
import jax.numpy as jnp


@jax.jit
def gather_flags(senders, receivers, flags, node):
    out = jnp.full((4,), 2)
    idx_mask = jnp.logical_or(senders == node, receivers == node)
    idx = jnp.where(idx_mask, size=idx_mask.size, fill_value=0)
    idx_count = jnp.count_nonzero(idx_mask)
    for i in range(idx_mask.size):
        if i < idx_count:
            out = out.at[i].set(flags[idx[0][i]])
    return out
""",
            note="MARL_CTP's observation of the edges at a node: the loop over the indices runs over every "
            "element, below the count (the `if` is TFX101's next; tests/test_lowering.py runs the whole rewrite)",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def shade_sky(t, direction, color):
    mask = t == jnp.inf
    idx = jnp.where(mask)[0]
    rows = direction[idx]
    portion = (rows[:, 2] + 1) / 2
    mixed = portion[:, None] * jnp.array([0.5, 0.7, 1.0]) + (1 - portion[:, None])
    color = color.at[idx].set(jnp.sqrt(mixed))
    return color
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def shade_sky(t, direction, color):
    mask = t == jnp.inf
    idx = jnp.where(mask, size=mask.size, fill_value=mask.shape[0])[0]
    rows = direction[idx]
    portion = (rows[:, 2] + 1) / 2
    mixed = portion[:, None] * jnp.array([0.5, 0.7, 1.0]) + (1 - portion[:, None])
    color = color.at[idx].set(jnp.sqrt(mixed))
    return color
""",
            unsafe=True,
            function='shade_sky',
            inputs=('(jnp.array([1.0, jnp.inf, 2.0, jnp.inf]), jnp.arange(12.0).reshape(4, 3) / 12, jnp.zeros((4, 3)))', '(jnp.array([1.0, 2.0]), jnp.ones((2, 3)), jnp.zeros((2, 3)))', '(jnp.full(3, jnp.inf), -jnp.ones((3, 3)) / 2, jnp.ones((3, 3)))',),
            note="indices of a mask that gather rows, computed on row by row, and update the same rows (a ray tracer's sky hit): padded past the last row, the padding is dropped by the update",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def recenter_hits(t, points):
    idx = jnp.where(t < 1.0)[0]
    rows = points[idx]
    return points.at[idx].set(rows - rows.mean(axis=0))
""",
            note="the gathered rows are averaged: padding them would count the padding too, so nothing is rewritten",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def product_of_nonzero(a):
    return a[jnp.nonzero(a)].prod()
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def product_of_nonzero(a):
    return jnp.where(a != 0, a, 1).prod()
""",
            function='product_of_nonzero',
            inputs=('jnp.array([2.0, 0.0, -3.0])', 'jnp.zeros(3)', 'jnp.array([[1.0, 0.0], [4.0, 0.5]])',),
            note='the indices of the nonzero elements of a non-boolean array select where it is not 0: the product of the nonzero entries',
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp
import numpy as np
from functools import partial

@partial(jax.jit, static_argnums=1)
def ring(values, n):
    r = np.abs(np.fft.fftfreq(n))
    index = jnp.where(r > 0.2)
    return values[index]
""",
            expected="""
import jax
import jax.numpy as jnp
import numpy as np
from functools import partial

@partial(jax.jit, static_argnums=1)
def ring(values, n):
    r = np.abs(np.fft.fftfreq(n))
    index = np.where(r > 0.2)
    return values[index]
""",
            function="ring",
            inputs=("(jnp.arange(8.0), 8)",),
            note="`jnp.where` stages even a NumPy mask under jit, so its size is asked of a tracer; the mask "
            "comes from Python values only, and `np.where` gives the indices",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp
import numpy as np

TABLE = np.array([0, 3, 0, 5])

@jax.jit
def lookup(x):
    return x[jnp.nonzero(TABLE)]
""",
            expected="""
import jax
import jax.numpy as jnp
import numpy as np

TABLE = np.array([0, 3, 0, 5])

@jax.jit
def lookup(x):
    return x[np.nonzero(TABLE)]
""",
            function="lookup",
            inputs=("(jnp.arange(4.0),)",),
            note="`jnp.nonzero` of a concrete NumPy array is staged under jit like any `jnp` call (JAX 0.10 "
            "raises ConcretizationTypeError); `np.nonzero` computes the indices while tracing",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def first_pair(counts):
    return jnp.where(counts == 2)[0][0]
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def first_pair(counts):
    return jnp.where(counts == 2, size=1)[0][0]
""",
            unsafe=True,
            function="first_pair",
            inputs=("(jnp.array([0, 2, 1, 2]),)", "(jnp.array([[2, 0], [1, 2]]),)"),
            note="an OFC poker evaluator's pair rank: only the first position where the condition holds is read, "
            "and `size=1` returns it; unsafe, where no position holds the original raised IndexError",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def spread(x):
    idx = jnp.nonzero(x > 0)[0]
    return idx[2] - idx[0], jnp.flatnonzero(x < 0)[1]
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def spread(x):
    idx = jnp.nonzero(x > 0, size=3)[0]
    return idx[2] - idx[0], jnp.flatnonzero(x < 0, size=2)[1]
""",
            unsafe=True,
            count=2,
            function="spread",
            inputs=("(jnp.array([3.0, -1.0, 2.0, -2.0, 0.0, 4.0]),)",),
            note="positions read by literal indices, through a name read only that way too: `size=` one past the "
            "largest index read",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def counts(x):
    return len(jnp.argwhere(x > 1)), jnp.where(x > 2)[0].shape[0], jnp.nonzero(x < 0)[0].size
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def counts(x):
    return jnp.count_nonzero(x > 1), jnp.count_nonzero(x > 2), jnp.count_nonzero(x < 0)
""",
            unsafe=True,
            count=3,
            function="counts",
            inputs=("(jnp.array([3.0, -1.0, 2.0, 2.5, 0.0, 4.0]),)", "(jnp.zeros((2, 3)),)"),
            note="only the number of positions is used: `jnp.count_nonzero` of the condition; unsafe, an int32 "
            "array where the original gave a Python int",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def all_distinct(ranks):
    return len(jnp.unique(ranks)) == ranks.shape[0]
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def all_distinct(ranks):
    return jnp.count_nonzero(jnp.diff(jnp.sort(ranks, axis=None))) + 1 == ranks.shape[0]
""",
            unsafe=True,
            function="all_distinct",
            inputs=("(jnp.array([3, 1, 4, 1, 5]),)", "(jnp.array([2, 7, 1, 8]),)", "(jnp.array([[1, 2], [2, 9]]),)"),
            note="the number of distinct values, as the changes between neighbours of the sorted values plus one; "
            "unsafe: an empty array counts 1, and NaNs count once each",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def rank_histogram(cards):
    return jnp.bincount(cards[:, 0], minlength=13)
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def rank_histogram(cards):
    return jnp.bincount(cards[:, 0], minlength=13, length=13)
""",
            unsafe=True,
            function="rank_histogram",
            inputs=("(jnp.array([[0, 1], [12, 2], [12, 0], [5, 3]]),)",),
            note="the bins the code asks for with `minlength` fix the length; unsafe, larger values are dropped",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def four_of_a_kind(cards, bonus):
    rank_counts = cards * 2

    def _when_bonus(score):
        return score + jnp.where(rank_counts == 4)[0][0]

    return lax.cond(bonus > 0, _when_bonus, lambda score: score, bonus)
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import lax

@jax.jit
def four_of_a_kind(cards, bonus):
    rank_counts = cards * 2

    def _when_bonus(score):
        return score + jnp.where(rank_counts == 4, size=1)[0][0]

    return lax.cond(bonus > 0, _when_bonus, lambda score: score, bonus)
""",
            unsafe=True,
            function="four_of_a_kind",
            inputs=("(jnp.array([1, 2, 3, 2]), jnp.int32(1))", "(jnp.array([2, 2]), jnp.int32(0))"),
            note="a branch function reads the enclosing function's traced `rank_counts` (the lowering writes "
            "such closures): traced there, not a Python value NumPy could compute",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def pick_best(key, scores):
    best = scores == jnp.max(scores)
    ties = jnp.nonzero(best)[0]
    choice = jax.random.randint(key, shape=(), minval=0, maxval=len(ties))
    return ties[choice]
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def pick_best(key, scores):
    best = scores == jnp.max(scores)
    ties = jnp.nonzero(best, size=best.size)[0]
    choice = jax.random.randint(key, shape=(), minval=0, maxval=jnp.count_nonzero(best))
    return ties[choice]
""",
            unsafe=True,
            function="pick_best",
            inputs=("(jax.random.PRNGKey(0), jnp.array([1.0, 3.0, 3.0, 2.0]))", "(jax.random.PRNGKey(1), jnp.array([5.0, 1.0]))"),
            note="a random tie-break (a wave-function-collapse module's `select_collapse_by_map`): the positions are "
            "counted and read at a computed index, so they are padded to the mask's size and counted with "
            "`jnp.count_nonzero`",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def tally(x):
    hits = len([m for m in range(3) if x[m] > 0])
    return hits + sum(x[m] ** 2 for m in range(3) if x[m] < 0)
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def tally(x):
    hits = sum(jnp.where(x[m] > 0, 1, 0) for m in range(3))
    return hits + sum(jnp.where(x[m] < 0, x[m] ** 2, 0) for m in range(3))
""",
            count=2,
            unsafe=True,
            function="tally",
            inputs=("(jnp.array([1.0, -2.0, 3.0]),)", "(jnp.array([-1.0, -2.0, -3.0]),)"),
            note="a comprehension's `if` on traced values whose kept elements are only counted or summed: every "
            "element is added, masked",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def first_crossing(x):
    p = x.shape[0]
    gaps = [(m, jnp.sum(x[:m]) - jnp.sum(x[m:])) for m in range(1, p)]
    crossings = [m for m, d in gaps if d > 0]
    return crossings[0] if crossings else p
""",
            note="CBOED's `crossover`: the filtered list is indexed and tested, its length depends on the data; "
            "reported with the mask to keep instead",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp
from jax import random as jrnd

@jax.jit
def argmax_break_ties(key, values):
    ties = jnp.where(values == jnp.max(values))[0]
    return jrnd.choice(key, ties)
""",
            expected="""
import jax
import jax.numpy as jnp
from jax import random as jrnd

@jax.jit
def argmax_break_ties(key, values):
    ties = jnp.where(values == jnp.max(values), size=jnp.size(values == jnp.max(values)))[0]
    return ties[jrnd.randint(key, (), 0, jnp.count_nonzero(values == jnp.max(values)))]
""",
            unsafe=True,
            function="argmax_break_ties",
            inputs=("(jax.random.PRNGKey(0), jnp.array([1.0, 3.0, 3.0, 2.0]))",
                    "(jax.random.PRNGKey(3), jnp.array([2.0, 2.0, 2.0]))"),
            note="a bandit's random tie-break: `random.choice(key, a)` draws `a[randint(key, (), 0, len(a))]`, so "
            "the positions padded to the mask's size and a draw below their count pick the same one",
        ),
        Invalid(
            """
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnums=(1,))
def active(x, padded):
    indices = jnp.nonzero(x > 0)[0]
    indices = jnp.pad(indices, (0, padded - indices.shape[0]), constant_values=-1)
    return indices
""",
            expected="""
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnums=(1,))
def active(x, padded):
    indices = jnp.nonzero(x > 0, size=padded, fill_value=-1)[0]
    return indices
""",
            note="positions padded by hand to a static size right after (a detector simulation's pixel renumbering): size= and fill_value= give the same entries",
        ),
        Invalid(
            """
import jax
import jax.numpy as jnp

@jax.jit
def poles(alpha):
    return jnp.roots(jnp.append(alpha, 1.0)[::-1]).real
""",
            expected="""
import jax
import jax.numpy as jnp

@jax.jit
def poles(alpha):
    return jnp.roots(jnp.append(alpha, 1.0)[::-1], strip_zeros=False).real
""",
            unsafe=True,
            function="poles",
            inputs=("jnp.array([0.5, 2.0])",),
            note="a kernel's autoregressive roots (tinygp's CARMA): the leading coefficient is 1, so keeping zeros changes nothing",
        ),
    )

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        if (context.qualified_name(node.func) or "") == "jax.numpy.roots" and node.args \
                and node.args[0].keyword is None and context.is_traced(node.args[0].value) \
                and not any(arg.keyword is not None and arg.keyword.value == "strip_zeros" for arg in node.args):
            self._roots(node)
            return
        function = self._sized_function(node)
        if function is None:
            return
        keyword, deciding = _SIZED[function]
        if keyword is not None and any(arg.keyword is not None and arg.keyword.value == keyword for arg in node.args):
            return
        receiver = _method_receiver(node)
        positional = [arg.value for arg in node.args if arg.keyword is None and not arg.star]
        arguments = [receiver] if receiver is not None else [positional[i] for i in deciding if i < len(positional)]
        if function == "repeat":
            arguments = [arg.value for arg in node.args if arg.keyword and arg.keyword.value == "repeats"] or arguments
        if not any(context.is_traced(argument) for argument in arguments):
            # Python values given to `jnp` under a trace are staged too: the size is asked of a
            # tracer all the same (`jnp.where(mask)` of a mask NumPy built). NumPy gives it.
            fix = numpy_recompute_fix(context, node) if context.scope is not None else None
            if fix is not None:
                self.report(node, f"`{context.describe(node)}` has a size that `jnp` computes under "
                                  f"{under_tracing(context)}, where it stages even Python values; they come from "
                                  "values known before the trace only: compute it with NumPy", fix)
            return
        advice = (
            f"pass `{keyword}=` (and `fill_value=`) to fix the size"
            if keyword is not None
            else "its result size cannot be fixed; keep the full array and a mask"
        )
        message = (
            f"`{context.describe(node)}` has a size that depends on traced values and fails under "
            f"{under_tracing(context)}; {advice}"
        )
        fix = numpy_recompute_fix(context, node)
        if fix is not None:
            # `jnp.where((r >= R) & (r < R + dr))` of a grid NumPy built: its size is known.
            message = (f"`{context.describe(node)}` has a size that depends on values `jnp` stages under "
                       f"{under_tracing(context)}; they come from values known before the trace only: compute it with NumPy")
        elif function in _MASK_INDICES and len(positional) == 1:
            fix = self._reduction_fix(node, positional) or self._update_fix(node, positional[0]) \
                or self._indices_as_mask_fix(node, positional[0]) or self._bounded_loop_fix(node, positional[0]) \
                or self._padded_indices_fix(node, positional[0])
        elif function == "unique" and positional:
            fix = self._inverse_only_fix(node, positional[0]) or self._distinct_count_fix(node, positional)
        elif function == "bincount" and positional:
            fix = self._bincount_length_fix(node)
        if fix is None and function in _POSITIONS and len(positional) == 1 and len(node.args) == 1:
            fix = self._count_fix(node, function, positional[0]) or self._leading_positions_fix(node, function) \
                or self._padded_to_size_fix(node, function)
        if function == "where" and fix is None:
            message += ", or use the three-argument `jnp.where(condition, x, y)`"
        self.report(node, message, fix)

    def visit_CompIf(self, node: cst.CompIf) -> None:
        """`[m for m, d in gaps if d > 0]`: the filter asks the truth value of a traced test for
        every element, and the list's length would be how many pass."""
        context = self.context
        if context.scope is None or not context.is_traced(node.test):
            return
        fix = self._filtered_total_fix(node)
        if fix is not None:
            self.report(node.test, f"`{context.describe(node.test)}` is traced, but a comprehension's `if` needs its "
                                   f"truth value to keep or drop each element under {under_tracing(context)}; what "
                                   "is kept is only summed or counted: add every element, masked", fix)
            return
        self.report(node.test, f"`{context.describe(node.test)}` is traced, but a comprehension's `if` needs its "
                               f"truth value to keep or drop each element under {under_tracing(context)}, and the "
                               "result's length would depend on it; keep every element with a mask beside it "
                               "(`mask = jnp.array([...])`, then `jnp.where(mask, values, 0)`, "
                               "`jnp.argmax(mask)` for the first)")

    def _filtered_total_fix(self, node: cst.CompIf):
        """`sum(v for v in xs if c)` -> `sum(jnp.where(c, v, 0) for v in xs)`, `len([v for v in xs
        if c])` -> `sum(jnp.where(c, 1, 0) for v in xs)`: the loop stays over the Python collection,
        and each element adds itself or nothing."""
        context = self.context
        ancestors = list(context.ancestors)
        comprehension = next((a for a in reversed(ancestors) if isinstance(a, (cst.GeneratorExp, cst.ListComp))), None)
        if comprehension is None or list(comprehension.for_in.ifs) != [node] or comprehension.for_in.inner_for_in is not None:
            return None
        at = ancestors.index(comprehension)
        call = ancestors[at - 2] if at >= 2 and isinstance(ancestors[at - 1], cst.Arg) else None
        if not isinstance(call, cst.Call) or len(call.args) != 1 or not isinstance(call.func, cst.Name) \
                or call.func.value not in ("sum", "len") or is_shadowed(call.func.value, context):
            return None
        if call.func.value == "len" and not isinstance(comprehension, cst.ListComp):
            return None
        jnp = context.spell("jax.numpy")
        test = context.code(node.test).strip()
        kept = "1" if call.func.value == "len" else context.code(comprehension.elt).strip()
        loop = context.code(comprehension.for_in.with_changes(ifs=[])).strip()
        text = f"sum({jnp}.where({test}, {kept}, 0) {loop})"
        what = "the count" if call.func.value == "len" else "the sum"
        return context.fix(f"Add every element, masked, with `{jnp}.where`", [(call, context.parse_expression(text))],
                           Safety.UNSAFE, f"{what} is an array where the original gave a Python number; an element "
                           "the filter dropped is still computed (a NaN or an error there now reaches the sum "
                           "masked, and its gradient)")

    def _roots(self, node: cst.Call) -> None:
        """`jnp.roots(p)` strips the leading zeros of `p` by default: as many roots as the
        polynomial's true degree, a size its values decide. `strip_zeros=False` keeps one root per
        coefficient after the first (tinygp's CARMA kernel)."""
        context = self.context
        arguments = appended_keyword(node.args, "strip_zeros", cst.Name("False"))
        fix = context.fix("Pass `strip_zeros=False`", [(node, node.with_changes(args=arguments))], Safety.UNSAFE,
                          "where the leading coefficients are zero, the original gave fewer roots and the "
                          "rewrite gives NaN in their place (JAX's documented behaviour of `strip_zeros=False`)")
        self.report(node, f"`{context.describe(node)}` strips the leading zero coefficients, so how many roots "
                          f"it gives depends on traced values and fails under {under_tracing(context)}; pass "
                          "`strip_zeros=False`", fix)

    def _sized_function(self, node: cst.Call) -> str | None:
        qualified = self.context.qualified_name(node.func) or ""
        if qualified.startswith("jax.numpy.") and qualified.count(".") == 2:
            leaf = qualified.rpartition(".")[2]
            if leaf == "where" and len([a for a in node.args if a.keyword is None]) != 1:
                return None
            return leaf if leaf in _SIZED else None
        receiver = _method_receiver(node)
        if receiver is not None and self.context.is_traced(receiver):
            return "nonzero"
        return None

    def _reduction_fix(self, node: cst.Call, positional: list[cst.BaseExpression]):
        """`x[jnp.where(c)].sum()` (or through a name used once) as `jnp.where(c, x, 0).sum()`."""
        context = self.context
        condition = positional[0]
        if not context.value(condition).boolean:
            # `jnp.nonzero(a)` selects where `a != 0`.
            condition = context.parse_expression(f"({context.code(condition).strip()}) != 0"
                                                 if not isinstance(condition, (cst.Name, cst.Attribute))
                                                 else f"{context.code(condition).strip()} != 0")
        chain = list(context.ancestors)
        removed: cst.SimpleStatementLine | None = None
        assignment = context.parent(2)
        if isinstance(context.parent(), cst.Assign) and isinstance(assignment, cst.SimpleStatementLine):
            chain, removed = self._single_use(node, assignment)
            if chain is None:
                return None
        elif not (isinstance(context.parent(), cst.Index) and isinstance(context.parent(3), cst.Subscript)):
            return None
        else:
            chain = chain[:-3]
        subscript = chain[-1] if chain else None
        if not isinstance(subscript, cst.Subscript) or len(subscript.slice) != 1:
            return None
        reduction = reduction_of(chain, context)
        if reduction is None:
            return None
        rewrite = rewrite_reduction(reduction, subscript.value, condition, context)
        replacement = context.parse_expression(rewrite.text).with_changes(
            lpar=reduction.node.lpar, rpar=reduction.node.rpar
        )
        edits = [(reduction.node, replacement)]
        if removed is not None:
            use = site_of(chain).statement
            merged = _with_comments_of(removed, use.deep_replace(reduction.node, replacement))
            edits = [(use, merged), (removed, cst.RemovalSentinel.REMOVE)]
        return context.fix(
            f"Select with the mask instead of indices: `{rewrite.text}`", edits, rewrite.safety, rewrite.note
        )

    def _update_fix(self, node: cst.Call, condition: cst.BaseExpression):
        """`x.at[jnp.where(c)].set(v)`, or through the indices unpacked into names used once,
        in order (`rows, cols = jnp.where(c)`; `x.at[rows, cols].set(0)`): the update of the
        elements where `c` holds, `jnp.where(c, v, x)` (c over the leading axes of x)."""
        context = self.context
        if not context.value(condition).boolean:
            return None
        removed = None
        if isinstance(context.parent(), cst.Index) and isinstance(context.parent(3), cst.Subscript):
            indexer = context.parent(3)
            if len(indexer.slice) != 1:
                return None
            chain = list(context.ancestors)[:-3]
        else:
            statement = context.parent(2)
            assign = context.parent()
            function = context.function
            if not (isinstance(assign, cst.Assign) and isinstance(statement, cst.SimpleStatementLine)
                    and len(statement.body) == 1 and len(assign.targets) == 1 and isinstance(function, cst.FunctionDef)):
                return None
            target = assign.targets[0].target
            names = [target.value] if isinstance(target, cst.Name) else [
                e.value.value for e in target.elements if isinstance(e.value, cst.Name)
            ] if isinstance(target, (cst.Tuple, cst.List)) and not any(isinstance(e, cst.StarredElement) for e in target.elements) else []
            if not names or (isinstance(target, (cst.Tuple, cst.List)) and len(names) != len(target.elements)):
                return None
            uses = [reads(function, name) for name in names]
            if any(len(found) != 1 for found in uses):
                return None
            chains = [list(found[0].ancestors) for found in uses]
            if not all(isinstance(c[-1], cst.Index) and isinstance(c[-3], cst.Subscript) for c in chains):
                return None
            indexer = chains[0][-3]
            if any(c[-3] is not indexer for c in chains) or [
                    e.slice.value.value if isinstance(e.slice, cst.Index) and isinstance(e.slice.value, cst.Name) else None
                    for e in indexer.slice] != names:
                return None  # every index is one of the names, in the order they were unpacked
            site = site_of(chains[0])
            if site is None or not _unpacked_once_before(names, statement, site, function, condition):
                return None
            chain = chains[0][:-2]
            removed = statement
        # `chain` ends at the indexer: `x.at[...]`, then `.set`, then the call.
        if not (isinstance(indexer.value, cst.Attribute) and indexer.value.attr.value == "at" and len(chain) >= 3):
            return None
        method, call = chain[-2], chain[-3]
        if not (isinstance(method, cst.Attribute) and method.value is indexer and isinstance(call, cst.Call) and call.func is method):
            return None
        update = masked_update(call, indexer.value.value, condition, method.attr.value, context)
        if update is None:
            return None
        text, safety, note = update
        replacement = context.parse_expression(text).with_changes(lpar=call.lpar, rpar=call.rpar)
        edits = [(call, replacement)]
        if removed is not None:
            use = site_of(chain).statement
            merged = _with_comments_of(removed, use.deep_replace(call, replacement))
            edits = [(use, merged), (removed, cst.RemovalSentinel.REMOVE)]
        return context.fix(f"Update where the condition holds: `{text}`", edits, safety, note)

    def _indices_as_mask_fix(self, node: cst.Call, condition: cst.BaseExpression):
        """`w = jnp.where(c)[0]` whose every use is an index, `ivar[w]`: the mask `w = c`, which
        selects the same elements of a one-dimensional `c` (a later pass selects with the mask
        inside reductions, `jnp.where(w, ivar, 0).sum()`, TFX302)."""
        context = self.context
        first = context.parent()
        assign, statement, function = context.parent(2), context.parent(3), context.function
        if not (isinstance(first, cst.Subscript) and first.value is node and len(first.slice) == 1
                and isinstance(first.slice[0].slice, cst.Index) and isinstance(first.slice[0].slice.value, cst.Integer)
                and first.slice[0].slice.value.evaluated_value == 0
                and isinstance(assign, cst.Assign) and len(assign.targets) == 1 and assign.value is first
                and isinstance(assign.targets[0].target, cst.Name) and isinstance(statement, cst.SimpleStatementLine)
                and isinstance(function, cst.FunctionDef)):
            return None
        name = assign.targets[0].target.value
        uses = reads(function, name)
        for use in uses:
            chain = use.ancestors
            if not (len(chain) >= 3 and isinstance(chain[-1], cst.Index) and isinstance(chain[-3], cst.Subscript)
                    and len(chain[-3].slice) == 1 and not (isinstance(chain[-3].value, cst.Attribute)
                                                           and chain[-3].value.attr.value == "at")):
                return None  # `w` counted, offset or updated with `.at[w]`: the indices themselves are needed
        if not uses or any(not (isinstance(value, cst.Subscript) and isinstance(value.value, cst.Call)
                                and self._sized_function(value.value) in _MASK_INDICES)
                           for value in assigned_values(function, name)):
            return None
        mask = context.code(condition).strip()
        if not context.value(condition).boolean:
            mask = f"({mask}) != 0"
        return context.fix(
            f"Keep the mask instead of its indices: `{name} = {mask}`",
            [(first, context.parse_expression(mask))], Safety.UNSAFE,
            f"`{name}[...]` selects the same elements as the indices where the condition is one-dimensional; "
            f"`where(c)[0]` of a higher-dimensional `c` picks rows, the mask picks elements")

    def _bounded_loop_fix(self, node: cst.Call, condition: cst.BaseExpression):
        """`idx = jnp.where(c)` read only by `for i in range(len(idx[0])):` and, in its body, as
        `idx[k][i]`: the loop runs once per element of `c` at most, so it runs that many times,
        over indices padded to that size, and the body only where `i` is below the count. The
        `if` on the traced count is then the `if` rule's (a selection)."""
        context = self.context
        assign, statement, function = context.parent(), context.parent(2), context.function
        if not (isinstance(assign, cst.Assign) and assign.value is node and len(assign.targets) == 1
                and isinstance(assign.targets[0].target, cst.Name) and isinstance(statement, cst.SimpleStatementLine)
                and len(statement.body) == 1 and isinstance(function, cst.FunctionDef)):
            return None
        name = assign.targets[0].target.value
        loops, uses = [], reads(function, name)
        for use in uses:
            chain = use.ancestors
            loop = next((a for a in reversed(chain) if isinstance(a, cst.For)), None)
            if loop is not None and any(a is loop.iter for a in chain) and _counts(loop.iter, name):
                loops.append(loop)
            elif loop is None or not _indexed_by(chain, loop):
                return None
        if len(loops) != 1 or len(uses) < 2 or bindings(function).assignment_counts.get(name) != 1:
            return None
        loop = loops[0]
        if loop.orelse is not None or not isinstance(loop.target, cst.Name) or not isinstance(loop.body, cst.IndentedBlock) \
                or any(isinstance(n, (cst.Break, cst.Continue, cst.Return)) for n in walk(loop.body)):
            return None
        given = set()
        mask = fresh_name(f"{name}_mask", context, given)
        count = fresh_name(f"{name}_count", context, given)
        jnp = context.spell("jax.numpy")
        test = context.code(condition).strip()
        if not context.value(condition).boolean:
            test = f"({test}) != 0"
        lines = [f"{mask} = {test}",
                 f"{name} = {context.code(node.func).strip()}({mask}, size={mask}.size, fill_value=0)",
                 f"{count} = {jnp}.count_nonzero({mask})"]
        replaced = [context.parse_statement(line + "\n") for line in lines]
        replaced[0] = replaced[0].with_changes(leading_lines=statement.leading_lines)
        index = loop.target.value
        guarded = cst.If(test=context.parse_expression(f"{index} < {count}"), body=loop.body)
        new_loop = loop.with_changes(iter=context.parse_expression(f"range({mask}.size)"),
                                     body=cst.IndentedBlock(body=[guarded]))
        return context.fix(
            f"Loop over every element of the condition, padded indices, and run the body below the count",
            [(statement, cst.FlattenSentinel(replaced)), (loop, new_loop)], Safety.SAFE)

    def _padded_indices_fix(self, node: cst.Call, condition: cst.BaseExpression):
        """`idx = jnp.where(c)[0]` read only to gather rows (`a[idx]`) whose values, row by row,
        only reach updates at the same indices (`b.at[idx].set(f(a[idx]))`): padded to the size
        of `c` with an index one past the last row, the gathers read the last row for the
        padding and the updates drop what it gives, so the same rows change."""
        context = self.context
        subscript, assign, statement, function = context.parent(), context.parent(2), context.parent(3), context.function
        if not (isinstance(subscript, cst.Subscript) and subscript.value is node and len(subscript.slice) == 1
                and isinstance(subscript.slice[0].slice, cst.Index)
                and isinstance(subscript.slice[0].slice.value, cst.Integer)
                and subscript.slice[0].slice.value.evaluated_value == 0
                and isinstance(assign, cst.Assign) and len(assign.targets) == 1 and assign.value is subscript
                and isinstance(assign.targets[0].target, cst.Name) and isinstance(statement, cst.SimpleStatementLine)
                and isinstance(function, cst.FunctionDef) and isinstance(condition, (cst.Name, cst.Attribute))):
            return None
        name = assign.targets[0].target.value
        if bindings(function).assignment_counts.get(name) != 1:
            return None
        flow = _RowFlow(function, name, context)
        if not flow.only_into_updates():
            return None
        mask = context.code(condition).strip()
        replacement = context.parse_expression(
            f"{context.code(node.func).strip()}({mask}, size={mask}.size, fill_value={mask}.shape[0])")
        return context.fix(
            f"Pad the indices to the size of `{mask}` with an index past the last row",
            [(node, replacement.with_changes(lpar=node.lpar, rpar=node.rpar))], Safety.UNSAFE,
            "the padding gathers the last row again and its updates fall outside the array, where JAX drops them; "
            "a value that is infinite or NaN on that row gives NaN gradients through the dropped updates")

    def _inverse_only_fix(self, node: cst.Call, array: cst.BaseExpression):
        """`_, inverse = jnp.unique(x, return_inverse=True)`: only the inverse indices are kept, and
        they do not depend on how many unique values there are room for, so `size=x.size` (room
        for every element) gives the same indices under jit."""
        context = self.context
        options = {arg.keyword.value: arg.value for arg in node.args if arg.keyword is not None}
        if not (isinstance(options.get("return_inverse"), cst.Name) and options["return_inverse"].value == "True") \
                or any(key != "return_inverse" for key in options) or len(node.args) - len(options) != 1:
            return None
        assign = context.parent()
        function = context.function
        if not (isinstance(assign, cst.Assign) and len(assign.targets) == 1 and isinstance(function, cst.FunctionDef)):
            return None
        target = assign.targets[0].target
        if not (isinstance(target, (cst.Tuple, cst.List)) and len(target.elements) == 2
                and isinstance(target.elements[0].value, cst.Name)):
            return None
        unique_name = target.elements[0].value.value
        if unique_name != "_" and reads(function, unique_name):
            return None  # the unique values are used: their number is the data-dependent part
        size = f"{context.code(array).strip()}.size" if isinstance(array, (cst.Name, cst.Attribute)) \
            else f"{context.spell('jax.numpy')}.size({context.code(array).strip()})"
        replacement = node.with_changes(args=appended_keyword(node.args, "size", context.parse_expression(size)))
        return context.fix(f"Pass `size={size}`: only the inverse indices are kept, which it leaves unchanged",
                           [(node, replacement)])

    def _positions_chain(self, node: cst.Call, function: str) -> list[cst.CSTNode] | None:
        """`_chain_above` the positions along the first axis: past the `[0]` of `jnp.where(c)[0]`
        (None where the per-axis result is not read at `[0]`)."""
        chain = self._chain_above(node)
        if function in _PER_AXIS:
            if not (chain and _literal_index(chain[0]) == 0):
                return None
            chain = chain[1:]
        return chain

    def _chain_above(self, node: cst.Call) -> list[cst.CSTNode]:
        """What `node` is part of, innermost first, through subscripts and attributes:
        `jnp.where(c)[0][0]` gives the two subscripts (their elements skipped)."""
        chain, level, current = [], 1, node
        while True:
            parent = self.context.parent(level)
            if isinstance(parent, (cst.Index, cst.SubscriptElement)):
                level += 1
                continue
            if isinstance(parent, cst.Subscript) and parent.value is current or \
                    isinstance(parent, cst.Attribute) and parent.value is current:
                chain.append(parent)
                current, level = parent, level + 1
                continue
            chain.append(parent)  # the first node that is not a subscript or attribute of it
            if isinstance(parent, cst.Arg):
                chain.append(self.context.parent(level + 1))  # the call it is an argument of
            return chain

    def _padded_to_size_fix(self, node: cst.Call, function: str):
        """`idx = jnp.nonzero(c)[0]`, then `jnp.pad(idx, (0, n - idx.shape[0]), constant_values=-1)`
        to a static `n`: `size=n, fill_value=-1` gives those `n` entries at once, and the pad
        goes. Where more than `n` positions hold, the pad raised and `size=` keeps the first `n`."""
        context = self.context
        chain = self._positions_chain(node, function)
        if chain is None:
            return None
        assign = chain[0] if chain else None
        function_node = context.function
        if function == "argwhere" or not (isinstance(assign, cst.Assign) and len(assign.targets) == 1
                                          and isinstance(assign.targets[0].target, cst.Name)
                                          and isinstance(function_node, cst.FunctionDef)):
            return None
        name = assign.targets[0].target.value
        uses = reads(function_node, name)
        if not uses:
            return None
        pad = next((a for a in reversed(uses[0].ancestors) if isinstance(a, cst.Call)), None)
        if pad is None or context.qualified_name(pad.func) != "jax.numpy.pad" or len(pad.args) < 2 \
                or pad.args[0].value is not uses[0].node:
            return None
        size = _padded_size(pad.args[1].value, name)
        options = {arg.keyword.value: arg.value for arg in pad.args[2:] if arg.keyword is not None}
        if size is None or context.is_traced(size) or len(pad.args) > 2 + len(options) \
                or set(options) - {"mode", "constant_values"} or not (
                    "mode" not in options or isinstance(options["mode"], cst.SimpleString)
                    and options["mode"].evaluated_value == "constant"):
            return None
        statement = next((a for a in reversed(uses[0].ancestors) if isinstance(a, cst.SimpleStatementLine)), None)
        padded = next((a for a in reversed(uses[0].ancestors) if isinstance(a, cst.Assign)), None)
        if statement is None or padded is None or padded.value is not pad or len(statement.body) != 1 \
                or len(padded.targets) != 1 or not isinstance(padded.targets[0].target, cst.Name):
            return None
        renamed = padded.targets[0].target.value != name
        if any(pad not in use.ancestors for use in uses) and renamed:
            return None  # the unpadded positions are read elsewhere too
        fill = options.get("constant_values", cst.Integer("0"))
        arguments = appended_keyword(appended_keyword(node.args, "size", size), "fill_value", fill)
        edits = [(node, node.with_changes(args=arguments))]
        if renamed:
            edits.append((pad, uses[0].node))
        else:
            edits.append((statement, cst.RemovalSentinel.REMOVE))
            if any(line.comment is not None for line in statement.leading_lines):
                # The comments above the pad stay, above what follows it.
                block = next((a for a in reversed(uses[0].ancestors) if isinstance(a, cst.IndentedBlock)), None)
                siblings = list(block.body) if block is not None else []
                after = siblings[siblings.index(statement) + 1] if statement in siblings[:-1] else None
                if after is None:
                    return None
                edits.append((after, after.with_changes(leading_lines=[*statement.leading_lines, *after.leading_lines])))
        shown = context.code(size).strip()
        return context.fix(
            f"Pass `size={shown}, fill_value={context.code(fill).strip()}` and drop the `jnp.pad` to that size",
            edits, Safety.SAFE)

    def _leading_positions_fix(self, node: cst.Call, function: str):
        """`jnp.where(c)[0][0]`, `jnp.flatnonzero(c)[1]`, `idx = jnp.nonzero(c)[0]` read only as
        `idx[0]`: the first positions where `c` holds, and only those, are read; `size=` as many
        as are read returns the same ones."""
        context = self.context
        chain = self._positions_chain(node, function)
        if chain is None:
            return None  # `jnp.where(c)[0]`: the positions along the first axis
        read = _literal_index(chain[0]) if chain else None
        if read is not None and read >= 0:
            count = read + 1
        else:
            assign = chain[0] if chain else None
            function_node = context.function
            if not (isinstance(assign, cst.Assign) and len(assign.targets) == 1
                    and isinstance(assign.targets[0].target, cst.Name) and isinstance(function_node, cst.FunctionDef)):
                return None
            name = assign.targets[0].target.value
            uses = reads(function_node, name)
            positions, counts, computed, choices = [], [], False, []
            for use in uses:
                choice = _random_choice_of(use, context)
                if choice is not None:
                    choices.append(choice)
                    continue
                subscript = use.parent
                if isinstance(subscript, cst.Subscript) and subscript.value is use.node and len(subscript.slice) == 1 \
                        and isinstance(subscript.slice[0].slice, cst.Index):
                    index = _literal_index(subscript)
                    if index is not None and index < 0:
                        return None  # read from the end: the number of positions matters
                    computed = computed or index is None
                    positions.append(index or 0)
                    continue
                counted = _counted(list(reversed(use.ancestors))[:2], context)
                if counted is None:
                    return None  # read whole: the number of positions matters
                counts.append(counted)
            if not (positions or choices) or len(assigned_values(function_node, name)) != 1:
                return None
            if counts or computed or choices:
                return self._padded_positions_fix(node, function_node, counts, {name: choices})
            count = max(positions) + 1
        replacement = node.with_changes(args=appended_keyword(node.args, "size", cst.Integer(str(count))))
        read = "the first position where the condition holds is read" if count == 1 else \
            f"the first {count} positions where the condition holds are read"
        fewer = "nowhere" if count == 1 else f"at fewer than {count} positions"
        return context.fix(
            f"Pass `size={count}`: only {read}", [(node, replacement)], Safety.UNSAFE,
            f"where the condition holds {fewer} the original raised IndexError; the rewrite reads index 0 "
            "there (`fill_value=` sets another)")

    def _padded_positions_fix(self, node: cst.Call, function_node: cst.FunctionDef, counts: list[cst.CSTNode],
                              choices: dict[str, list[cst.Call]] | None = None):
        """`idx = jnp.nonzero(mask)[0]`, then `len(idx)` and `idx[k]` (a random pick among them):
        the positions padded to the mask's size, and each count `jnp.count_nonzero(mask)`.
        `random.choice(key, idx)` (`choices`, by the name of the positions) draws the index JAX's
        own `choice` draws, `random.randint(key, (), 0, count)`, below the count."""
        context = self.context
        condition = node.args[0].value
        if any(len(assigned_values(function_node, read)) > 1 for read in names_read(condition)):
            return None  # the condition changes on the way to the counts
        shown = context.code(condition).strip()
        jnp = context.spell("jax.numpy")
        size = f"{shown}.size" if isinstance(condition, (cst.Name, cst.Attribute)) else f"{jnp}.size({shown})"
        replacement = node.with_changes(args=appended_keyword(node.args, "size", context.parse_expression(size)))
        count = context.parse_expression(f"{jnp}.count_nonzero({shown})")
        drawn = []
        for name, calls in (choices or {}).items():
            for call in calls:
                randint = f"{context.code(call.func.value).strip()}.randint" if isinstance(call.func, cst.Attribute) \
                    else context.spell("jax.random.randint")
                key = context.code(call.args[0].value).strip()
                drawn.append((call, context.parse_expression(
                    f"{name}[{randint}({key}, (), 0, {jnp}.count_nonzero({shown}))]")))
        return context.fix(
            f"Pad the positions to `size={size}` and count them with `{jnp}.count_nonzero({shown})`",
            [(node, replacement), *((counted, count) for counted in counts), *drawn], Safety.UNSAFE,
            "the positions are padded with index 0 after the last one; an index past the count reads the padding, "
            "where the original clamped to the last position (a count is an int32 array where the original gave "
            "a Python int)")

    def _count_fix(self, node: cst.Call, function: str, condition: cst.BaseExpression):
        """`len(jnp.where(c)[0])`, `jnp.nonzero(c)[0].shape[0]`, `jnp.argwhere(c).shape[0]`: the
        number of positions where `c` holds, which `jnp.count_nonzero(c)` gives under jit."""
        context = self.context
        chain = self._positions_chain(node, function)
        if chain is None:
            return None
        counted = _counted(chain, context)
        if counted is None:
            return None
        text = f"{context.spell('jax.numpy')}.count_nonzero({context.code(condition).strip()})"
        return context.fix(f"Count with `{text}`", [(counted, context.parse_expression(text))], Safety.UNSAFE,
                           "the count is an int32 array where the original gave a Python int")

    def _distinct_count_fix(self, node: cst.Call, positional):
        """`len(jnp.unique(x))`, `jnp.unique(x).shape[0]`: the number of distinct values, counted
        as the changes between neighbours of the sorted values, plus one."""
        context = self.context
        if len(node.args) != 1:
            return None
        counted = _counted(self._chain_above(node), context)
        if counted is None:
            return None
        jnp = context.spell("jax.numpy")
        text = f"{jnp}.count_nonzero({jnp}.diff({jnp}.sort({context.code(positional[0]).strip()}, axis=None))) + 1"
        return context.fix(f"Count the distinct values with `{text}`", [(counted, context.parse_expression(text))],
                           Safety.UNSAFE, "the count is an int32 array where the original gave a Python int; an "
                           "empty array counts 1 (the original 0), and each NaN counts on its own (the original "
                           "counted them as one)")

    def _bincount_length_fix(self, node: cst.Call):
        """`jnp.bincount(x, minlength=13)`: the bins the code asks for, fixed with `length=13`."""
        context = self.context
        minlength = next((arg.value for arg in node.args if arg.keyword is not None and arg.keyword.value == "minlength"), None)
        if minlength is None or context.is_traced(minlength):
            return None
        shown = context.code(minlength).strip()
        replacement = node.with_changes(args=appended_keyword(node.args, "length", context.parse_expression(shown)))
        return context.fix(f"Pass `length={shown}`", [(node, replacement)], Safety.UNSAFE,
                           f"values of `{shown}` or more are dropped, where the original grew the counts to hold them")

    def _single_use(self, node: cst.Call, statement: cst.SimpleStatementLine):
        """The chain down to `x[name]` when `name = <node>` is read once, as an index, in a later
        statement of the same block that sees the same values; and the assignment statement."""
        context = self.context
        assign = context.parent()
        function = context.function
        if (
            not isinstance(function, cst.FunctionDef)
            or len(statement.body) != 1
            or len(assign.targets) != 1
            or not isinstance(assign.targets[0].target, cst.Name)
        ):
            return None, None
        name = assign.targets[0].target.value
        uses = reads(function, name)
        if len(uses) != 1:
            return None, None
        chain = list(uses[0].ancestors)
        if not (isinstance(chain[-1], cst.Index) and isinstance(chain[-3], cst.Subscript)):
            return None, None
        site = site_of(chain)
        definition = None if site is None else earlier_definition(name, site, function)
        if definition is None or definition.statement is not statement:
            return None, None
        return chain[:-2], statement

class _RowFlow:
    """Where the rows `a[idx]` gathered with indices `idx` go: through arithmetic, elementwise
    `jax.numpy` functions, column selections (`rows[:, 3]`, `rows[:, None]`) and names bound
    once, into updates at the same indices (`b.at[idx].set(...)`). Anything else (a reduction,
    a shape, a call, a return) counts the rows as a whole, and the padding would be counted too."""

    _UPDATES = frozenset({"set", "add", "multiply", "min", "max"})

    def __init__(self, function: cst.FunctionDef, index: str, context) -> None:
        self.function, self.index, self.context = function, index, context
        self.updates = 0
        self.followed: set[str] = set()

    def only_into_updates(self) -> bool:
        for use in reads(self.function, self.index):
            chain = use.ancestors
            if not (len(chain) >= 3 and isinstance(chain[-1], cst.Index) and isinstance(chain[-2], cst.SubscriptElement)
                    and isinstance(chain[-3], cst.Subscript) and chain[-3].slice[0] is chain[-2]):
                return False
            subscript = chain[-3]
            if self._update_of(subscript, chain[:-3]) is not None:
                continue
            if not self._rows_flow(subscript, chain[:-3]):
                return False
        return self.updates > 0

    def _update_of(self, subscript: cst.Subscript, ancestors) -> cst.Call | None:
        """The call `b.at[idx].set(v)` when `subscript` is its `b.at[idx]`."""
        if not (isinstance(subscript.value, cst.Attribute) and subscript.value.attr.value == "at"
                and len(subscript.slice) == 1 and len(ancestors) >= 2):
            return None
        method, call = ancestors[-1], ancestors[-2]
        if isinstance(method, cst.Attribute) and method.value is subscript and method.attr.value in self._UPDATES \
                and isinstance(call, cst.Call) and call.func is method:
            self.updates += 1
            return call
        return None

    def _is_update_value(self, call: cst.CSTNode) -> bool:
        return isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) \
            and call.func.attr.value in self._UPDATES and isinstance(call.func.value, cst.Subscript) \
            and isinstance(call.func.value.value, cst.Attribute) and call.func.value.value.attr.value == "at" \
            and len(call.func.value.slice) == 1 and isinstance(call.func.value.slice[0].slice, cst.Index) \
            and isinstance(call.func.value.slice[0].slice.value, cst.Name) \
            and call.func.value.slice[0].slice.value.value == self.index

    def _rows_flow(self, node: cst.CSTNode, ancestors) -> bool:
        child = node
        for position in range(len(ancestors) - 1, -1, -1):
            parent = ancestors[position]
            if parent is child:
                continue  # the call just stepped over
            if isinstance(parent, cst.BinaryOperation) or isinstance(parent, cst.UnaryOperation) \
                    and not isinstance(parent.operator, cst.Not):
                child = parent
                continue
            if isinstance(parent, (cst.Index, cst.SubscriptElement, cst.Slice)):
                return False  # used as an index itself
            if isinstance(parent, cst.Subscript) and parent.value is child:
                first = parent.slice[0].slice
                if not (len(parent.slice) > 1 and isinstance(first, cst.Slice)
                        and first.lower is None and first.upper is None and first.step is None):
                    return False  # `rows[0]`, `rows[1:]`: some rows, not each
                child = parent
                continue
            if isinstance(parent, cst.Arg) and position > 0 and parent.value is child and parent.keyword is None:
                call = ancestors[position - 1]
                if self._is_update_value(call):
                    self.updates += 1
                    return True
                qualified = self.context.qualified_name(call.func) if isinstance(call, cst.Call) else None
                if qualified and qualified.startswith("jax.numpy.") and qualified[len("jax.numpy."):] in NUMPY_UFUNCS:
                    child = call
                    continue
                return False
            if isinstance(parent, cst.Assign) and parent.value is child and len(parent.targets) == 1 \
                    and isinstance(parent.targets[0].target, cst.Name):
                name = parent.targets[0].target.value
                if name in self.followed:
                    return True
                self.followed.add(name)
                if bindings(self.function).assignment_counts.get(name) != 1:
                    return False
                uses = reads(self.function, name)
                return bool(uses) and all(self._rows_flow(use.node, use.ancestors) for use in uses)
            return False
        return False


def _unpacked_once_before(names: list[str], statement, site, function, condition) -> bool:
    """Whether `statement` (`rows, cols = jnp.where(c)`) is the only binding of `names`, stands
    before `site` in its block, and nothing between rebinds what `c` reads."""
    bound = bindings(function)
    if any(name in bound.params or bound.assignment_counts.get(name) != 1 for name in names):
        return False
    block = list(site.block)
    if statement not in block or site.statement not in block:
        return False
    start, end = block.index(statement), block.index(site.statement)
    return start < end and not set(names_read(condition)) & bound_by(block[start + 1 : end], function)


def _counts(iterable: cst.BaseExpression, name: str) -> bool:
    """`range(len(idx[0]))`, `range(idx[0].size)`, `range(idx[0].shape[0])`: as many as `idx` holds."""
    if not (isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Name) and iterable.func.value == "range"
            and len(iterable.args) == 1):
        return False
    counted = iterable.args[0].value
    if isinstance(counted, cst.Call) and isinstance(counted.func, cst.Name) and counted.func.value == "len" \
            and len(counted.args) == 1:
        counted = counted.args[0].value
    elif isinstance(counted, cst.Attribute) and counted.attr.value == "size":
        counted = counted.value
    elif isinstance(counted, cst.Subscript) and isinstance(counted.value, cst.Attribute) \
            and counted.value.attr.value == "shape":
        counted = counted.value.value
    else:
        return False
    return isinstance(counted, cst.Subscript) and isinstance(counted.value, cst.Name) and counted.value.value == name


def _indexed_by(chain, loop: cst.For) -> bool:
    """`idx[k][i]` inside `loop`, `i` its target: an element of the indices, one per iteration."""
    if len(chain) < 2 or not isinstance(loop.target, cst.Name) or not any(a is loop.body for a in chain):
        return False
    inner, outer = chain[-1], chain[-2]
    if not (isinstance(inner, cst.Subscript) and len(inner.slice) == 1 and isinstance(outer, cst.Subscript)
            and outer.value is inner and len(outer.slice) == 1 and isinstance(outer.slice[0].slice, cst.Index)):
        return False
    position = outer.slice[0].slice.value
    return isinstance(position, cst.Name) and position.value == loop.target.value


# Functions giving the positions where a condition holds: per axis (a tuple of index arrays),
# or one array (`flatnonzero`: flat positions; `argwhere`: one row per position).
_PER_AXIS = frozenset({"where", "nonzero"})
_POSITIONS = _PER_AXIS | {"flatnonzero", "argwhere"}


def _padded_size(widths: cst.BaseExpression, name: str) -> cst.BaseExpression | None:
    """`n` in `(0, n - name.shape[0])` or `[0, n - len(name)]`: the pad widths that fill `name`
    up to `n` entries at its end."""
    if not isinstance(widths, (cst.Tuple, cst.List)) or len(widths.elements) != 2:
        return None
    before, after = (element.value for element in widths.elements)
    if not (isinstance(before, cst.Integer) and before.evaluated_value == 0 and isinstance(after, cst.BinaryOperation)
            and isinstance(after.operator, cst.Subtract)):
        return None
    length = after.right
    shape = isinstance(length, cst.Subscript) and isinstance(length.value, cst.Attribute) \
        and length.value.attr.value == "shape" and isinstance(length.value.value, cst.Name) \
        and length.value.value.value == name and _literal_index(length) == 0
    counted = isinstance(length, cst.Call) and isinstance(length.func, cst.Name) and length.func.value == "len" \
        and len(length.args) == 1 and isinstance(length.args[0].value, cst.Name) and length.args[0].value.value == name
    return after.left if shape or counted else None


def _literal_index(node: cst.CSTNode | None) -> int | None:
    """`k` in `value[k]` for a literal integer `k` (negative too)."""
    if not (isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index)):
        return None
    value = node.slice[0].slice.value
    if isinstance(value, cst.Integer):
        return int(value.value)
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus) and isinstance(value.expression, cst.Integer):
        return -int(value.expression.value)
    return None


def _random_choice_of(use, context) -> cst.Call | None:
    """`jax.random.choice(key, idx)` around the read `use` of `idx`: one uniform draw among the
    positions (no shape, `p=`, `axis=` or `replace=`), which is `idx[random.randint(key, (), 0,
    len(idx))]` in JAX's own implementation."""
    argument, call = use.parent, use.ancestors[-2] if len(use.ancestors) > 1 else None
    if not (isinstance(argument, cst.Arg) and isinstance(call, cst.Call) and len(call.args) == 2
            and call.args[1] is argument and all(a.keyword is None and not a.star for a in call.args)):
        return None
    return call if context.qualified_name(call.func) == "jax.random.choice" else None


def _counted(chain: list[cst.CSTNode], context) -> cst.CSTNode | None:
    """The expression that counts the array `chain` starts above: `len(a)`, `a.shape[0]`,
    `a.size`; None when the array is used otherwise."""
    if not chain:
        return None
    if isinstance(chain[0], cst.Attribute) and chain[0].attr.value == "size":
        return chain[0]
    if isinstance(chain[0], cst.Attribute) and chain[0].attr.value == "shape" and len(chain) > 1 \
            and _literal_index(chain[1]) == 0:
        return chain[1]
    if isinstance(chain[0], cst.Arg) and len(chain) > 1 and isinstance(chain[1], cst.Call) \
            and len(chain[1].args) == 1 and isinstance(chain[1].func, cst.Name) and chain[1].func.value == "len" \
            and not is_shadowed("len", context):
        return chain[1]
    return None


def _method_receiver(node: cst.Call) -> cst.BaseExpression | None:
    """`x` in `x.nonzero()`."""
    if isinstance(node.func, cst.Attribute) and node.func.attr.value == "nonzero" and not node.args:
        return node.func.value
    return None


def _with_comments_of(removed: cst.SimpleStatementLine, statement: cst.BaseStatement):
    """`statement` carrying the comments of the `removed` statement merged into it."""
    comment = removed.trailing_whitespace.comment
    leading = [*removed.leading_lines, *statement.leading_lines]
    if comment is None:
        return statement.with_changes(leading_lines=leading)
    if not isinstance(statement, cst.SimpleStatementLine) or statement.trailing_whitespace.comment is not None:
        # Both end with a comment: the removed one's goes on its own line above.
        return statement.with_changes(leading_lines=[*leading, cst.EmptyLine(comment=comment)])
    return statement.with_changes(leading_lines=leading, trailing_whitespace=removed.trailing_whitespace)
