"""speadi's JAX van Hove G(r,t) kernels: Python loops over static group counts, list/dict indexing by loop counters, np.array(..., int) bins.

source: FZJ-JSC/speadi, the JAX back-end of the van Hove function (package then named mdenvironment): mdenvironment/vanhove/jax/add_distribution_function_time_slice.py (_append_Grts_general_mic, _append_Grts_ortho_mic, _append_Grts_self; code-index file id 28640357643, listed at dbe0073d...), mdenvironment/vanhove/jax/histogram_distances.py (_compute_Grt_distinct, _compute_Grt_self; file id 28250000032), mdenvironment/vanhove/jax/time_distance_matrix.py (_rtau_general_mic, _rtau_ortho_mic, _rtau_ortho_mic_self; file id 28231209299) and mdenvironment/common_tools/jax/jax_histogram.py at b60f9d0a54cefccf09c131ce7e3efe582eef14aa (_get_bin, _mapped_get_bin, _histogram; file id 28340786794). The JAX histogram is the port of the same repository's numba `_compute_bin` / `_histogram` (mdenvironment/common_tools/numba_histogram.py), whose `if x == a_max`, `int(...)` and `if bin < 0 or bin >= n: return None` were replaced by a vectorised cast and a fixed-length bincount.
error: none
category: negative (loops over static shapes, dict/list indexed by Python loop counters, array cast with np.array(..., int), bincount with static length, `-=` on arrays)
expect: untouched
notes: the four modules concatenated (their relative imports removed, since the functions now share one module); docstrings kept, except that the Parameters/Returns sections of the three time_distance_matrix docstrings are cut. Entry point added: `f = _append_Grts_general_mic` (already @jit). Every traced value only flows into jnp operations; `range(g1_lens.shape[0])`, `unions[str(i)][str(j)]`, `rt_array.shape[...]` and `bin_edges.shape[0]` are static. (Upstream quirk kept: `_append_Grts_general_mic` takes r_range and nbins but does not use them.)
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax.numpy as np
from jax import jit, vmap


# ---- common_tools/jax/jax_histogram.py ----
"""
Simplified histogram function, that is able to be parallelised using JAX/XLA.
"""


@jit
def _get_bin(x, bin_edges):
    n = bin_edges.shape[0] - 1
    a_min = bin_edges[0]
    a_max = bin_edges[-1]

    bin = np.array(n * (x - a_min) / (a_max - a_min), int)

    return bin


_mapped_get_bin = vmap(_get_bin, (0, None), 0)


@jit
def _histogram(rt_array, bin_edges):
    rt_array = np.ravel(rt_array)
    bins_map = _mapped_get_bin(rt_array, bin_edges)
    counts = np.bincount(bins_map, None, length=bin_edges.shape[0])[:-1]

    return counts


# ---- vanhove/jax/histogram_distances.py ----
@jit
def _compute_Grt_distinct(rt_array, G_rt, window_unitcell_volumes, bin_edges):
    """
    JAX/XLA jitted and parallelised version of histogram of the time-distance matrix.

    Parameters
    ----------
    G_rt
    rt_array : numpy.ndarray
        Time-distance matrix from which to calculate the histogram.
    bin_edges : numpy.ndarray
        Array containing the bin edges of the histogram that results in G(r,t).
    window_unitcell_volumes : numpy.ndarray
        Array with volumes of each frame considered.

    Returns
    -------
    r : numpy.ndarray
        bin centers of G(r,t)
    G_rt : numpy.ndarray
        function values of G(r,t) for each time from t=0 considered, not averaged over whole trajectory.
    """
    Ni = rt_array.shape[1]
    Nj = rt_array.shape[2]
    n_frames = rt_array.shape[0]

    r_vol = 4.0 / 3.0 * np.pi * (np.power(bin_edges[1:], 3) - np.power(bin_edges[:-1], 3))
    Nj_density = Nj / window_unitcell_volumes.mean()

    # Use normal RDF norming over each time step
    norm = Nj_density * r_vol * Ni


    for t in range(n_frames):
        G_rt = G_rt.at[t].set(_histogram(rt_array[t], bin_edges) / norm / n_frames)

    # G_rt = G_rt / norm / n_frames


    return G_rt


@jit
def _compute_Grt_self(rt_array, G_rt, window_unitcell_volumes, bin_edges):
    """
    JAX/XLA jitted and parallelised version of histogram of the time-distance matrix.

    Parameters
    ----------
    G_rt
    rt_array : numpy.ndarray
        Time-distance matrix from which to calculate the histogram.
    bin_edges : numpy.ndarray
        Array containing the bin edges of the histogram that results in G(r,t).
    window_unitcell_volumes : numpy.ndarray
        Array with volumes of each frame considered.

    Returns
    -------
    r : numpy.ndarray
        bin centers of G(r,t)
    G_rt : numpy.ndarray
        function values of G(r,t) for each time from t=0 considered, not averaged over whole trajectory.
    """
    Ni = rt_array.shape[1]
    Nj = rt_array.shape[1]
    n_frames = rt_array.shape[0]

    r_vol = 4.0 / 3.0 * np.pi * (np.power(bin_edges[1:], 3) - np.power(bin_edges[:-1], 3))
    Nj_density = Nj / window_unitcell_volumes.mean()

    # Use normal RDF norming over each time step
    norm = Nj_density * r_vol * Ni
    # G_rt = G_rt / norm / n_frames

    for t in range(n_frames):
        G_rt = G_rt.at[t].set(_histogram(rt_array[t], bin_edges) / norm / n_frames)

    return G_rt


# ---- vanhove/jax/time_distance_matrix.py ----
@jit
def _rtau_general_mic(window, g1, g2, union, bv):
    """
    JAX/XLA jitted and parallelised version of function to calculate
    the distance matrix between each atom in group 1 at time zero and
    each atom in group 2 at each frame supplied. Minimum image convention
    for all box geometries applied.

    Minimum image convention distance calculation follows the computation
    from scheme B.9 in Tuckerman, M. "Statistical Mechanics: Theory and
    Molecular Simulation", 2010.
    """
    r01 = window[0, g1]
    rt2 = window[:, g2]
    # bv_inv = np.linalg.inv(bv)

    ## Reduce box vectors to a `reduced' basis
    bv1 = bv[:, 0]
    bv2 = bv[:, 1]
    bv3 = bv[:, 2]

    bv3 -= bv2 * np.round(bv3[:, 1] / bv2[:, 1])[:, np.newaxis]
    bv3 -= bv1 * np.round(bv3[:, 0] / bv1[:, 0])[:, np.newaxis]
    bv2 -= bv1 * np.round(bv2[:, 0] / bv1[:, 0])[:, np.newaxis]
    bv_inv = np.linalg.inv(np.array([bv1.T, bv2.T, bv3.T]).T)

    s01 = bv_inv[0, np.newaxis, :, :] * r01[:, :, np.newaxis]
    st2 = bv_inv[:, np.newaxis, :, :] * rt2[:, :, :, np.newaxis]
    s01t2 = s01[:, np.newaxis, :] - st2[:, np.newaxis, :, :]
    s01t2 -= np.rint(s01t2)

    r01t2 = bv[:, np.newaxis, np.newaxis, :, :] * s01t2
    r01t2 = np.diagonal(r01t2, axis1=3, axis2=4)
    r01t2 = np.power(r01t2, 2)
    r01t2 = np.sum(r01t2, axis=3)
    r01t2 = np.sqrt(r01t2)

    # separate the self interaction part of G_self from G_distinct
    rtau_self = np.diagonal(r01t2, axis1=1, axis2=2)
    rtau_distinct = r01t2.at[:, union[0], union[1]].set(9999.0)

    return rtau_self, rtau_distinct


@jit
def _rtau_ortho_mic(window, g1, g2, union, bv):
    """
    JAX/XLA jitted and parallelised version of function to calculate
    the distance matrix between each atom in group 1 at time zero and
    each atom in group 2 at each frame supplied. Minimum image convention
    for orthogonal simulation boxes applied.
    """
    r01 = window[0, g1]
    rt2 = window[:, g2]
    bv_diags = bv.diagonal(axis1=1, axis2=2)[:, np.newaxis, np.newaxis, :]

    r01t2 = r01[:, np.newaxis, :] - rt2[:, np.newaxis, :, :]
    r01t2 -= bv_diags * np.round(r01t2 / bv_diags)
    r01t2 = np.power(r01t2, 2)
    r01t2 = np.sum(r01t2, axis=3)
    r01t2 = np.sqrt(r01t2)

    # separate the self interaction part of G_self from G_distinct
    rtau_self = np.diagonal(r01t2, axis1=1, axis2=2)
    rtau_distinct = r01t2.at[:, union[0], union[1]].set(9999.0)

    return rtau_self, rtau_distinct


@jit
def _rtau_ortho_mic_self(window, g1, bv):
    """
    JAX/XLA jitted and parallelised version of function to calculate
    the distance matrix between each atom in group 1 at time zero and
    each atom in group 2 at each subsequent time (frame) supplied. Minimum
    image convention for orthogonal simulation boxes applied.
    """
    r01 = window[0, g1]
    rt1 = window[:, g1]
    bv_diags = bv.diagonal(axis1=1, axis2=2)[:, np.newaxis, np.newaxis, :]

    rtau_self = r01[:, :] - rt1[:, :, :]
    rtau_self -= bv_diags * np.round(rtau_self / bv_diags)
    rtau_self = np.power(rtau_self, 2)
    rtau_self = np.sum(rtau_self, axis=3)
    rtau_self = np.sqrt(rtau_self)

    rtau_self = np.diagonal(rtau_self, axis1=1, axis2=2)

    return rtau_self


# ---- vanhove/jax/add_distribution_function_time_slice.py ----
@jit
def _append_Grts_general_mic(G_self, G_distinct, xyz, g1, g2, g1_lens, g2_lens, cuvec, cuvol, r_range, nbins, unions,
                             bin_edges):
    for i in range(g1_lens.shape[0]):
        for j in range(g2_lens.shape[0]):
            union = unions[str(i)][str(j)]

            rt_self, rt_distinct = _rtau_general_mic(xyz, g1[i], g2[j], union, cuvec)
            G_distinct = G_distinct.at[i, j].add(_compute_Grt_distinct(rt_distinct, G_distinct[i, j], cuvol, bin_edges))
        G_self = G_self.at[i].add(_compute_Grt_self(rt_self, G_self[i], cuvol, bin_edges))
    return G_self, G_distinct


@jit
def _append_Grts_ortho_mic(G_self, G_distinct, xyz, g1, g2, g1_lens, g2_lens, cuvec, cuvol, r_range, nbins, unions,
                           bin_edges):
    for i in range(g1_lens.shape[0]):
        for j in range(g2_lens.shape[0]):
            union = unions[str(i)][str(j)]

            rt_self, rt_distinct = _rtau_ortho_mic(xyz, g1[i], g2[j], union, cuvec)
            G_distinct = G_distinct.at[i, j].add(_compute_Grt_distinct(rt_distinct, G_distinct[i, j], cuvol, bin_edges))
        G_self = G_self.at[i].add(_compute_Grt_self(rt_self, G_self[i], cuvol, bin_edges))
    return G_self, G_distinct


@jit
def _append_Grts_self(G_self, xyz, g1, g1_lens, cuvec, cuvol, r_range, nbins, bin_edges):
    for i in range(g1_lens.shape[0]):
        rt_self = _rtau_ortho_mic_self(xyz, g1[i], cuvec)

        G_self = G_self.at[i].add(_compute_Grt_self(rt_self, G_self[i], cuvol, bin_edges))
    return G_self


f = _append_Grts_general_mic
# --- end user code ---

import numpy


def make_inputs(rng):
    T, N, k, nbins = 4, 10, 3, 20
    box = 3.0
    cuvec = numpy.tile(numpy.eye(3) * box, (T, 1, 1))
    cuvec[:, 1, 0] = rng.uniform(-0.3, 0.3, size=T)  # slightly triclinic
    cuvec = cuvec.astype(numpy.float32)
    cuvol = numpy.abs(numpy.linalg.det(cuvec)).astype(numpy.float32)
    xyz = rng.uniform(0.0, box, size=(T, N, 3)).astype(numpy.float32)
    g1 = numpy.stack([rng.choice(N, size=k, replace=False) for _ in range(2)]).astype(numpy.int32)
    g2 = numpy.stack([rng.choice(N, size=k, replace=False) for _ in range(2)]).astype(numpy.int32)
    unions = {}
    for i in range(2):
        unions[str(i)] = {}
        for j in range(2):
            a = [p for p in range(k) for q in range(k) if g1[i, p] == g2[j, q]]
            b = [q for p in range(k) for q in range(k) if g1[i, p] == g2[j, q]]
            unions[str(i)][str(j)] = numpy.array([a, b], dtype=numpy.int32).reshape(2, -1)
    bin_edges = numpy.linspace(0.0, 2.0, nbins + 1).astype(numpy.float32)
    G_self = numpy.zeros((2, T, nbins), numpy.float32)
    G_distinct = numpy.zeros((2, 2, T, nbins), numpy.float32)
    g_lens = numpy.full((2,), k, numpy.int32)
    return (G_self, G_distinct, xyz, g1, g2, g_lens, g_lens, cuvec, cuvol,
            numpy.array([0.0, 2.0], numpy.float32), numpy.int32(nbins), unions, bin_edges)


INPUTS = make_inputs
