"""JAX adaptive rejection sampler: a Python list of (slope, intercept) pieces indexed by a traced segment.

source: public JAX port of an adaptive-rejection-sampling class project (the index holds a NumPy version and this jax.numpy version side by side; the repository is not named by the index), code-index file id 19011798411 (construct_envelope, sample_piecewise_linear, ars)
error: TracerBoolConversionError
category: list-indexed-by-tracer
expect: fix
notes: The module is verbatim (is_log_concave, construct_envelope, construct_squeezing, calculate_*,
  sample_piecewise_linear, ars). The entry point follows ars(): h = log of the target density and one
  envelope draw `sample_piecewise_linear(*construct_envelope(x_points, h, domain), subkey)`, jitted over the
  hull points and the key. Under jit it first fails on `if slope == 0:` inside the area loop (the slopes
  come from vmap(grad(h)) of traced hull points), and then on `pieces[segment]` and
  `cumulative_areas[segment]`, Python lists indexed by the traced result of jnp.searchsorted, and on the
  second `if slope == 0:`. Hull points are spread over the domain and half of the trials put one exactly at
  the mode (slope exactly 0) so that both the flat-piece and the exponential-piece formulas run, for the
  areas and for the drawn sample.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import grad, vmap
import jax.random as random


def is_log_concave(f, x_range):
    """
    Check if the function f is log-concave over the x_range.
    """
    x = jnp.asarray(x_range, dtype=jnp.float32)
    f_values = f(x)
    if jnp.any(f_values <= 0):
        raise ValueError("Function values must be positive.")

    log_f = lambda x: jnp.log(f(x))
    f_prime = vmap(grad(log_f))(x)
    log_deriv = f_prime
    return jnp.all(jnp.diff(log_deriv) <= 0)


def construct_envelope(hull_points, h, domain):
    """
    Construct the envelope function (upper bound) from hull points.
    """
    x_min, x_max = domain
    hull_points = jnp.asarray(hull_points, dtype=jnp.float32)
    h_values = h(hull_points)
    slopes = vmap(grad(h))(hull_points)
    intercepts = h_values - slopes * hull_points

    z_points = [x_min]
    for i in range(len(hull_points) - 1):
        slope1, intercept1 = slopes[i], intercepts[i]
        slope2, intercept2 = slopes[i + 1], intercepts[i + 1]
        z_intersect = (intercept2 - intercept1) / (slope1 - slope2)
        z_points.append(z_intersect)
    z_points.append(x_max)

    pieces = [(slopes[i], intercepts[i]) for i in range(len(slopes))]
    return pieces, jnp.array(z_points)


def construct_squeezing(hull_points, h, domain):
    """
    Construct the squeezing function (lower bound) from hull points.
    """
    x_min, x_max = domain
    hull_points = jnp.asarray(hull_points, dtype=jnp.float32)

    pieces = []
    z_points = [x_min]
    for i in range(len(hull_points) - 1):
        x1, x2 = hull_points[i], hull_points[i + 1]
        slope = (h(x2) - h(x1)) / (x2 - x1)
        intercept = h(x1) - slope * x1
        pieces.append((slope, intercept))
        z_points.append(x2)
    z_points.append(x_max)

    return pieces, jnp.array(z_points)

def calculate_squeezing(x, pieces, z_points):
    """
    Calculate squeezing function value.
    """
    for i in range(len(pieces)):
        if z_points[i] <= x <= z_points[i + 1]:
            slope, intercept = pieces[i]
            return intercept + slope * x


def calculate_envelope(x, pieces, z_points):
    """
    Calculate envelope function value.
    """
    for i in range(len(pieces)):
        if z_points[i] <= x <= z_points[i + 1]:
            slope, intercept = pieces[i]
            return intercept + slope * x

def sample_piecewise_linear(pieces, z_points, key):
    """
    Sample from the exponential of a piecewise linear function.
    """
    areas = []
    cumulative_areas = [0]
    for i, (slope, intercept) in enumerate(pieces):
        x_start, x_end = z_points[i], z_points[i + 1]
        if slope == 0:
            area = jnp.exp(intercept) * (x_end - x_start)
        else:
            area = (jnp.exp(intercept + slope * x_end) - jnp.exp(intercept + slope * x_start)) / slope
        areas.append(area)
        cumulative_areas.append(cumulative_areas[-1] + area)

    total_area = cumulative_areas[-1]
    u = random.uniform(key) * total_area
    segment = jnp.searchsorted(jnp.array(cumulative_areas), u) - 1

    slope, intercept = pieces[segment]
    x_start, x_end = z_points[segment], z_points[segment + 1]

    if slope == 0:
        x = random.uniform(key, minval=x_start, maxval=x_end)
    else:
        cdf_start = jnp.exp(intercept + slope * x_start) / slope
        cdf_sample = cdf_start + (u - cumulative_areas[segment])
        x = (jnp.log(cdf_sample * slope) - intercept) / slope

    return x


def ars(f, num_samples, x_init, domain=(-10.0, 10.0), key=random.PRNGKey(0)):
    """
    Adaptive Rejection Sampling using JAX.
    """
    if not is_log_concave(f, jnp.linspace(*domain, 1000, dtype=jnp.float32)):
        raise ValueError("The input function is not log-concave!")

    h = lambda x: jnp.log(f(x))
    x_points = jnp.array(sorted(x_init), dtype=jnp.float32)
    samples = []

    for _ in range(num_samples):
        envelope_pieces, envelope_points = construct_envelope(x_points, h, domain)
        squeezing_pieces, squeezing_points = construct_squeezing(x_points, h, domain)
        key, subkey = random.split(key)
        x_star = sample_piecewise_linear(envelope_pieces, envelope_points, subkey)

        u = random.uniform(key)
        if u <= jnp.exp(
            calculate_squeezing(x_star, squeezing_pieces, squeezing_points)
            - calculate_envelope(x_star, envelope_pieces, envelope_points)
        ):
            samples.append(x_star)
        elif u <= jnp.exp(h(x_star) - calculate_envelope(x_star, envelope_pieces, envelope_points)):
            samples.append(x_star)
            x_points = jnp.sort(jnp.append(x_points, x_star))
        else:
            x_points = jnp.sort(jnp.append(x_points, x_star))

    return jnp.array(samples)


def normal_density(x):
    return jnp.exp(-0.5 * x ** 2)


def envelope_draw(x_points, subkey):
    h = lambda x: jnp.log(normal_density(x))
    envelope_pieces, envelope_points = construct_envelope(x_points, h, (-10.0, 10.0))
    return sample_piecewise_linear(envelope_pieces, envelope_points, subkey)


f = jax.jit(envelope_draw)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    pts = np.sort(rng.uniform(-9.0, 9.0, size=5))
    if rng.uniform() < 0.5:
        pts[2] = 0.0  # tangent at the mode: slope exactly 0
    pts = np.unique(pts).astype(np.float32)
    while pts.size < 5:
        pts = np.unique(np.append(pts, rng.uniform(-9.0, 9.0))).astype(np.float32)
    key = np.asarray(jax.random.PRNGKey(int(rng.integers(0, 2**31 - 1))))
    return (pts, key)


INPUTS = make_inputs


@jax.jit
def reference_fix(x_points, subkey):
    h = lambda x: jnp.log(normal_density(x))
    hull = jnp.asarray(x_points, dtype=jnp.float32)
    slopes = vmap(grad(h))(hull)
    intercepts = h(hull) - slopes * hull
    inner = (intercepts[1:] - intercepts[:-1]) / (slopes[:-1] - slopes[1:])
    z_points = jnp.concatenate([jnp.array([-10.0]), inner, jnp.array([10.0])])
    x_start, x_end = z_points[:-1], z_points[1:]
    flat = slopes == 0
    safe = jnp.where(flat, 1.0, slopes)
    areas = jnp.where(
        flat,
        jnp.exp(intercepts) * (x_end - x_start),
        (jnp.exp(intercepts + slopes * x_end) - jnp.exp(intercepts + slopes * x_start)) / safe,
    )
    cum = [0]
    for i in range(hull.shape[0]):
        cum.append(cum[-1] + areas[i])
    cum = jnp.array(cum)
    u = random.uniform(subkey) * cum[-1]
    segment = jnp.searchsorted(cum, u) - 1
    slope, intercept = slopes[segment], intercepts[segment]
    xs, xe = z_points[segment], z_points[segment + 1]
    safe_slope = jnp.where(slope == 0, 1.0, slope)
    cdf_start = jnp.exp(intercept + slope * xs) / safe_slope
    cdf_sample = cdf_start + (u - cum[segment])
    x_exp = (jnp.log(cdf_sample * safe_slope) - intercept) / safe_slope
    x_flat = random.uniform(subkey, minval=xs, maxval=xe)
    return jnp.where(slope == 0, x_flat, x_exp)
