"""jaxoplanet's Ylm.from_dense with normalize=False: np.floor/np.sqrt/int() on the loop index, not on the data.

source: exoplanet-dev/jaxoplanet src/jaxoplanet/experimental/starry/ylm.py (same revision as case 002, index file id 8873804680); the call `Ylm.from_dense(y, normalize=False)` is the one `ylm_spot`'s inner `func` makes in that file
error: none
category: negative-static-flag-numpy-on-python-ints
expect: untouched
notes: Ylm as in case 002 (plain class instead of eqx.Module, __mul__/__rmul__ omitted). `f` wraps the from_dense(..., normalize=False) call of ylm_spot (whose rotation/spot-profile part needs other modules) and reads the dense vector and one coefficient via __getitem__. Look-alikes: iterating over a traced array of static length, `int(np.floor(np.sqrt(i)))` on the Python loop index, the static `normalize` flag that skips the assert, `self.index(*key)` with a Python tuple key.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.sparse import BCOO

Array = jax.Array


class Ylm:
    """Ylm object containing the spherical harmonic coefficients.

    Args:
        data (Mapping[tuple[int, int], Array], optional): dictionary of
            spherical harmonic coefficients. Defaults to {(0, 0): 1.0}.
    """

    # coefficients of the spherical harmonic expansion of the map in the form
    # {(l, m): coefficient}
    data: dict[tuple[int, int], Array]

    # maximum degree of the spherical harmonic expansion
    ell_max: int

    # whether the spherical harmonic expansion is diagonal (all m=0)
    diagonal: bool

    def __init__(
        self,
        data=None,
    ):
        if data is None:
            data = {(0, 0): 1.0}

        self.data = dict(data)
        self.ell_max = max(ell for ell, _ in data.keys())
        self.diagonal = all(m == 0 for _, m in data.keys())

    @property
    def shape(self) -> tuple[int, ...]:
        """The number of coefficients in the expansion. This sets the shape of
        the output of `todense`."""
        return (self.ell_max**2 + 2 * self.ell_max + 1,)

    @property
    def indices(self) -> list[tuple[int, int]]:
        return list(self.data.keys())

    def index(self, ell: Array, m: Array) -> Array:
        """Convert the degree and order of the spherical harmonic to the
        corresponding index in the coefficient array."""
        return ell * (ell + 1) + m

    def normalize(self) -> "Ylm":
        """Return a new Ylm instance with normalized coefficients.

        Returns:
            Ylm instance with normalized coefficients.

        Raises:
            ValueError: if the (0, 0) coefficient is zero.
        """

        assert self.data[(0, 0)] != 0.0, ValueError(
            "The (0, 0) coefficient must be non-zero to normalize"
        )
        data = {k: v / self.data[(0, 0)] for k, v in self.data.items()}
        return Ylm(data=data)

    def tosparse(self) -> BCOO:
        indices, values = zip(*self.data.items())
        idx = jnp.array([self.index(ell, m) for ell, m in indices])[:, None]
        return BCOO((jnp.asarray(values), idx), shape=self.shape)

    def todense(self) -> Array:
        return self.tosparse().todense()

    @classmethod
    def from_dense(cls, y: Array, normalize: bool = True) -> "Ylm":
        data = {}
        for i, ylm in enumerate(y):
            ell = int(np.floor(np.sqrt(i)))
            m = i - ell * (ell + 1)
            data[(ell, m)] = ylm
        ylm = cls(data)
        if normalize:
            return ylm.normalize()
        else:
            return ylm

    def __getitem__(self, key) -> Array:
        assert isinstance(key, tuple)
        return self.todense()[self.index(*key)]


@jax.jit
def f(y):
    ylm = Ylm.from_dense(y, normalize=False)
    return ylm.todense(), ylm[(1, 0)]
# --- end user code ---


def make_inputs(rng):
    return (rng.normal(size=(9,)).astype(np.float32),)


INPUTS = make_inputs
