"""simplecryoem calc_fsc: np.sqrt of a jnp-built frequency grid, a while loop on its max, and one-argument jnp.where.

source: bogdantoader/simplecryoem src/fsc.py at 3492bf8695e33136026c751896411b8f26d82bb3 (calc_fsc; code-index file id 20380072414)
error: TracerArrayConversionError
category: numpy-on-tracer-from-static-grid
expect: fix
notes: calc_fsc is verbatim. The Fourier grid only depends on the static grid description, but the author
  builds it with jnp.fft.fftfreq / jnp.meshgrid, which under jit are staged and return tracers; the
  next line applies NumPy's np.sqrt to them (TracerArrayConversionError), and further down the shell
  loop tests `R + dr <= max_rad` on a traced max and takes one-argument `jnp.where(mask)` (data-dependent
  size) of traced masks. Everything about the shells is static once the grid is computed with NumPy,
  so the fix keeps the grid/shell bookkeeping in NumPy and only the correlations on the traced volumes.
  Adaptations: the unused imports of the file (matplotlib, mrcfile, the package's own modules) are
  dropped; the jit entry point `f = jax.jit(calc_fsc, static_argnums=(2, 3))` is added, with `grid`
  passed as a hashable tuple `(dx, N)` instead of the author's 2-element NumPy array (it is only read
  through grid[0] and grid[1]). dr = 0.7 with dx = 1 keeps every radius sqrt(m) away from a shell edge.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import numpy as np
import jax
import jax.numpy as jnp


def calc_fsc(v1, v2, grid, dr = 0.05):
    """Calculate the fourier shell correlation between the Fourier 
    volumes v1 and v2 on the Fourier grid given by grid and shell
    width given by dr.

    Parameters:
    ----------
    v1, v2: (N x N x N) arrays
        Fourier volumes to compute the FSC between.
    grid: [dx, N] 
        The Fourier grid the volumes are defined on.
        dx is the spacing and N is the number of points of the grid.
    dr: double 
        The width of each Fourier shell. 
    Returns:
    -------
    res: double array
        The resolutions defining each shell, the first being 0.
    fsc: double array
        The cross-correlation between the volumes at each shell.
    shell_points: int array    
        The number of points in each shell.
    
    Return the resolution and the FSC at that resolution."""

    # Calculate the radius in the Fourier domain.
    x_freq = jnp.fft.fftfreq(int(grid[1]), 1/(grid[0]*grid[1]))
    X, Y, Z = jnp.meshgrid(x_freq, x_freq, x_freq)
    r = np.sqrt(X**2 + Y**2 + Z**2)

    # Max radius so that the shells are not outside the
    # rectangular domain.
    max_rad = jnp.max(r[:,0,0])

    # Calculate the shells.
    s1 = []
    s2 = []
    res = []
    R = 0
    while R + dr <= max_rad:
        cond = jnp.where((r >= R) & (r < R + dr))
        s1.append(v1[cond])
        s2.append(v2[cond])
        res.append(R)
        R += dr

    # The correlations between corresponding shells.
    fsc = []
    for i in range(len(s1)):
        f = jnp.sum(s1[i] * jnp.conj(s2[i])) / (jnp.linalg.norm(s1[i],2) * jnp.linalg.norm(s2[i],2))
        fsc.append(f)

    res = jnp.array(res)
    fsc = jnp.real(jnp.array(fsc))
    shell_points = jnp.array([len(s) for s in s1])

    return res, fsc, shell_points 


f = jax.jit(calc_fsc, static_argnums=(2, 3))
# --- end user code ---

from functools import partial


def make_inputs(rng):
    n = 8
    v1 = (rng.normal(size=(n, n, n)) + 1j * rng.normal(size=(n, n, n))).astype(np.complex64)
    v2 = (v1 + 0.7 * (rng.normal(size=(n, n, n)) + 1j * rng.normal(size=(n, n, n)))).astype(np.complex64)
    return (v1, v2, (1.0, n), 0.7)


INPUTS = make_inputs


@partial(jax.jit, static_argnums=(2, 3))
def reference_fix(v1, v2, grid, dr=0.05):
    x_freq = np.fft.fftfreq(int(grid[1]), 1 / (grid[0] * grid[1]))
    X, Y, Z = np.meshgrid(x_freq, x_freq, x_freq)
    r = np.sqrt(X**2 + Y**2 + Z**2)
    max_rad = np.max(r[:, 0, 0])
    s1, s2, res = [], [], []
    R = 0
    while R + dr <= max_rad:
        cond = np.where((r >= R) & (r < R + dr))
        s1.append(v1[cond])
        s2.append(v2[cond])
        res.append(R)
        R += dr
    fsc = [jnp.sum(a * jnp.conj(b)) / (jnp.linalg.norm(a, 2) * jnp.linalg.norm(b, 2))
           for a, b in zip(s1, s2)]
    return (jnp.array(res, dtype=jnp.float32), jnp.real(jnp.array(fsc)),
            jnp.array([len(s) for s in s1]))
