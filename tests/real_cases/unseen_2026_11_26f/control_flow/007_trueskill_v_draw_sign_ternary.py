"""TrueSkill's truncation functions: `-1 if diff < 0 else 1` on a traced difference inside `V_draw`, picked through a static `ranks[x] == ranks[x + 1]` choice of function pair.

source: sublee/trueskill trueskill/__init__.py @72c2afa0085f6940b85320774111e5a56a53ec61 (`V`, `W`, `V_draw`, `W_draw`, `calc_draw_margin`, the `v_func, w_func` choice in `build_trunc_layer`); cdf/pdf as in trueskill/mathematics.py at the same commit
error: TracerBoolConversionError
category: ternary-traced-in-helper
expect: fix
notes: the four truncation functions and `calc_draw_margin` are verbatim. cdf/pdf are written with
  jax.scipy.special.erfc / jnp.exp instead of the pure-Python erfc, and the static `ppf` uses
  statistics.NormalDist. The factor graph (a message-passing schedule over Python objects) is replaced
  by its closed form for two players, which is what the schedule converges to in one pass; `ranks` is a
  static tuple, so the draw/no-draw choice stays Python. Trials have both signs of the skill difference.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import math
from statistics import NormalDist

import jax
import jax.numpy as jnp
from jax.scipy.special import erfc

#: initial mean of ratings
MU = 25.
#: initial standard deviation of ratings
SIGMA = MU / 3
#: guarantee about an 80% chance of winning
BETA = SIGMA / 2
#: draw probability of the game
DRAW_PROBABILITY = .10


def cdf(x, mu=0, sigma=1):
    return 0.5 * erfc(-(x - mu) / (sigma * math.sqrt(2)))


def pdf(x, mu=0, sigma=1):
    return (1 / math.sqrt(2 * math.pi) * abs(sigma) *
            jnp.exp(-(((x - mu) / abs(sigma)) ** 2 / 2)))


def ppf(x, mu=0, sigma=1):
    return NormalDist(mu, sigma).inv_cdf(x)


def V(diff, draw_margin):
    """The non-draw version of "V" function. "V" calculates a variation of a
    mean.
    """
    x = diff - draw_margin
    return pdf(x) / cdf(x)


def W(diff, draw_margin):
    """The non-draw version of "W" function. "W" calculates a variation of a
    standard deviation.
    """
    x = diff - draw_margin
    v = V(diff, draw_margin)
    return v * (v + x)


def V_draw(diff, draw_margin):
    """The draw version of "V" function."""
    abs_diff = abs(diff)
    a, b = draw_margin - abs_diff, -draw_margin - abs_diff
    denom = cdf(a) - cdf(b)
    numer = pdf(b) - pdf(a)
    return numer / denom * (-1 if diff < 0 else 1)


def W_draw(diff, draw_margin):
    """The draw version of "W" function."""
    abs_diff = abs(diff)
    a, b = draw_margin - abs_diff, -draw_margin - abs_diff
    denom = cdf(a) - cdf(b)
    v = V_draw(abs_diff, draw_margin)
    return (v ** 2) + (a * pdf(a) - b * pdf(b)) / denom


def calc_draw_margin(draw_probability, beta, size):
    """Calculates a draw-margin from the given ``draw_probability``."""
    return ppf((draw_probability + 1) / 2.) * math.sqrt(size) * beta


def rate_two(r1, r2, ranks=(0, 1), beta=BETA):
    """Two-player update: the closed form of the factor-graph schedule."""
    draw_margin = calc_draw_margin(DRAW_PROBABILITY, beta, 2)
    if ranks[0] == ranks[1]:
        v_func, w_func = V_draw, W_draw
    else:
        v_func, w_func = V, W
    c = jnp.sqrt(2 * beta ** 2 + r1[1] ** 2 + r2[1] ** 2)
    t = (r1[0] - r2[0]) / c
    eps = draw_margin / c
    v = v_func(t, eps)
    w = w_func(t, eps)
    mu1 = r1[0] + r1[1] ** 2 / c * v
    mu2 = r2[0] - r2[1] ** 2 / c * v
    s1 = r1[1] * jnp.sqrt(1 - r1[1] ** 2 / c ** 2 * w)
    s2 = r2[1] * jnp.sqrt(1 - r2[1] ** 2 / c ** 2 * w)
    return jnp.stack([mu1, s1]), jnp.stack([mu2, s2])


@jax.jit
def f(r1, r2):
    won = rate_two(r1, r2, ranks=(0, 1))
    drawn = rate_two(r1, r2, ranks=(0, 0))
    return won, drawn
# --- end user code ---

import numpy as np


def make_inputs(rng):
    r1 = np.array([rng.uniform(15, 35), rng.uniform(1.0, 8.3)], dtype=np.float32)
    r2 = np.array([rng.uniform(15, 35), rng.uniform(1.0, 8.3)], dtype=np.float32)
    return (r1, r2)


INPUTS = make_inputs


def _v_draw_fixed(diff, draw_margin):
    abs_diff = jnp.abs(diff)
    a, b = draw_margin - abs_diff, -draw_margin - abs_diff
    denom = cdf(a) - cdf(b)
    numer = pdf(b) - pdf(a)
    return numer / denom * jnp.where(diff < 0, -1, 1)


def _w_draw_fixed(diff, draw_margin):
    abs_diff = jnp.abs(diff)
    a, b = draw_margin - abs_diff, -draw_margin - abs_diff
    denom = cdf(a) - cdf(b)
    v = _v_draw_fixed(abs_diff, draw_margin)
    return (v ** 2) + (a * pdf(a) - b * pdf(b)) / denom


def _rate_fixed(r1, r2, draw, beta=BETA):
    draw_margin = calc_draw_margin(DRAW_PROBABILITY, beta, 2)
    v_func, w_func = (_v_draw_fixed, _w_draw_fixed) if draw else (V, W)
    c = jnp.sqrt(2 * beta ** 2 + r1[1] ** 2 + r2[1] ** 2)
    t = (r1[0] - r2[0]) / c
    eps = draw_margin / c
    v = v_func(t, eps)
    w = w_func(t, eps)
    mu1 = r1[0] + r1[1] ** 2 / c * v
    mu2 = r2[0] - r2[1] ** 2 / c * v
    s1 = r1[1] * jnp.sqrt(1 - r1[1] ** 2 / c ** 2 * w)
    s2 = r2[1] * jnp.sqrt(1 - r2[1] ** 2 / c ** 2 * w)
    return jnp.stack([mu1, s1]), jnp.stack([mu2, s2])


@jax.jit
def reference_fix(r1, r2):
    return _rate_fixed(r1, r2, False), _rate_fixed(r1, r2, True)
