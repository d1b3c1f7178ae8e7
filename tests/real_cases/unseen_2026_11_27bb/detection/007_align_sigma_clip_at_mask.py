"""A radial-velocity alignment port to jax.numpy keeps NumPy's masked assignment as `f.at[mask].set(nan)`.

source: code-index file id 5339135879 (a spectroscopy module `import jax.numpy as np` / `import numpy as numpy` defining `class Align` with `xcorr`, `gaussian`, `clip`, `get_shift`, `run`, `apply_shifts`, `plot_results`; the index does not name its repository)
error: NonConcreteBooleanIndexError
category: boolean-mask-at-set
expect: fix
notes: the class is verbatim except that `plot_results` and the `matplotlib.pyplot` import are dropped (matplotlib is not installed here); `__init__`, `get_shift`, `run`, `apply_shifts` stay but are not called. `f` jits the sigma-clipping staticmethod `Align.clip` (sigma keeps its default 3.0), the step that `get_shift` applies to each spectrum; the boolean mask `np.abs(f - mean) > std*sigma` is traced, so `.at[mask].set(np.nan)` cannot be built under jit.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import numpy as numpy
import jax.numpy as np
from scipy.interpolate import splrep, splev
from scipy import ndimage


class Align:
    def __init__(self, dco, RVt=np.arange(-10, 10.2, 0.1)):
        self.dco = dco.copy().normalise()
        self.dco_corr = dco.copy() # for the output

        self.RVt = RVt
        self.pixels = np.arange(0, self.dco.nPix)

        # default settings
        self.shifts = numpy.zeros(self.dco.nObs)
        self.ccf = numpy.zeros((self.dco.nObs, self.RVt.size))
        self.window = 30. # pixels, for lowpass smoothing

        # Remove continuum
        lowpass = ndimage.gaussian_filter(self.dco.flux, [0, self.window])
        self.dco.flux = self.dco.flux / lowpass


    @staticmethod
    def xcorr(f,g):
        nx = len(f)
        R = np.dot(f,g)/nx
        varf = np.dot(f,f)/nx
        varg = np.dot(g,g)/nx

        CC = R / np.sqrt(varf*varg)
        return CC

    @staticmethod
    def gaussian(x, a, x0, sigma, y0):
        return y0 + a*np.exp(-(x-x0)**2/(2*sigma**2))

    @staticmethod
    def clip(f, sigma=3.):
        mean, std = np.mean(f), np.std(f)
        mask = np.abs(f - mean) > std*sigma
        f = f.at[mask].set(np.nan)
        return f
    def get_shift(self, j, ax=None):
        # edge = 100 # ignore the first/last N pixels
        f, g = self.dco.flux[0], self.dco.flux[j]
        f = self.clip(f)
        g = self.clip(g)
        nans = np.isnan(f)+np.isnan(g)
        # print(nans[nans==True].size)
        # fw, gw = self.dco.wlt[0, edge:-edge], self.dco.wlt[j]
        # fw = self.pixels[edge:-edge]
        fw = self.pixels[~nans]

        # beta = 1 - (self.RVt/c)
        cs = splrep(self.pixels[~nans], g[~nans])
        # self.ccf = np.array([self.xcorr(f, splev(fw*b, cs)) for b in beta])
        # vfun = vmap(self.xcorr, in_axes=(None,0), out_axes=0)
        self.ccf[j] = np.array([self.xcorr(f[~nans], splev(fw+s, cs)) for s in self.RVt])
        # self.ccf[j] = self.xcorr(f[~nans], splev(fw+self.RVt, cs))

        if not ax is None:
            args = dict(alpha=0.5, ms=1.)
            ax.plot(self.RVt, self.ccf[j], '--o', label='Frame {:}'.format(j), **args)
            # ax.plot(self.pixels[~nans], f[~nans], label='f')
            # ax.plot(self.pixels[~nans], g[~nans], label='g')
        return self

    def run(self, ax=None):
        [self.get_shift(j, ax=ax) for j in range(self.dco.nObs)]
        self.shifts = self.RVt[self.ccf.argmax(axis=1)]
        return self


    def apply_shifts(self):
        self.run()
        for j in range(1,self.dco.nObs):
            cs = splrep(self.pixels, self.dco_corr.flux[j,])
            self.dco_corr.flux[j,] = splev(self.pixels + self.shifts[j], cs)
        return self


f = jax.jit(Align.clip)
# --- end user code ---

import jax.numpy as jnp


def make_inputs(rng):
    # a normalised spectrum (~1) with a few cosmic-ray spikes / dead pixels that the 3-sigma clip removes
    n = 64
    flux = (1.0 + 0.02 * rng.normal(size=n)).astype(numpy.float32)
    k = rng.integers(1, 5)
    idx = rng.choice(n, size=k, replace=False)
    flux[idx] += rng.choice([-1.0, 1.0], size=k) * rng.uniform(0.3, 1.0, size=k)
    return (flux,)


INPUTS = make_inputs


@jax.jit
def reference_fix(f):
    mean, std = jnp.mean(f), jnp.std(f)
    mask = jnp.abs(f - mean) > std * 3.
    return jnp.where(mask, jnp.nan, f)
