"""jaxoplanet's Ylm.from_dense normalizes by default, and Ylm.normalize asserts on a traced coefficient.

source: exoplanet-dev/jaxoplanet src/jaxoplanet/experimental/starry/ylm.py (the revision with `Ylm.normalize` and its `assert self.data[(0, 0)] != 0.0`; stored in the code index as file id 8873804680, commit not given there); failure reported in https://github.com/exoplanet-dev/jaxoplanet/issues/234 (shashankdholakia: `Ylm.from_dense(jnp.array([1.0, 0, params['y10'], 0.0]))` inside a jitted light-curve function raises TracerBoolConversionError "from an assert statement in the ylm.normalize function")
error: TracerBoolConversionError
category: method-hops-assert-on-traced-field
expect: report
notes: Ylm verbatim except: eqx.Module base replaced by a plain class (the object is built inside f and never crosses the jit boundary, so the eqx.field(static=True) markers were dropped), type imports inlined, and __mul__/__rmul__ (and the module's _mul/Bp/spot helpers) omitted. `f` is the Ylm construction from the issue's compute_light_curve, reduced to returning the dense coefficients. The assert guards a data-dependent error, so there is no behaviour-preserving jit rewrite; it must be reported. The leak is two hops from f: classmethod from_dense -> method normalize -> assert on a dict value holding a tracer.
"""
EXPECT = "report"

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
def f(y10):
    y = Ylm.from_dense(jnp.array([1.0, 0, y10, 0.0]))
    return y.todense()
# --- end user code ---


def make_inputs(rng):
    return (np.float32(rng.normal()),)


INPUTS = make_inputs
