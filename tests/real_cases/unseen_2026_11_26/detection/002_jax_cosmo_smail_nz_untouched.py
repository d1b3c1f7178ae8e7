"""jax_cosmo: a redshift distribution whose `__call__` tests `self._norm is None` and reads static config from `self.config`.

source: DifferentiableUniverseInitiative/jax_cosmo jax_cosmo/redshift.py at 04e960364fcb088e631d889a47872a9458144816 (redshift_distribution.__call__, smail_nz), jax_cosmo/jax_utils.py at 42d525336d2b309142cb159ae56821a1b25571fe (container) and jax_cosmo/scipy/integrate.py at 02528f45401dd71d93059e97b7a811017033368d (simps)
error: none
category: negative-is-none-and-static-config-on-self
expect: untouched
notes: classes and simps verbatim (docstrings shortened, the abstract base's ABC import dropped because `container` is not an ABC); `f` builds the distribution from traced parameters inside jax.jit, as jax_cosmo's probes do. Everything that looks like a truth test is jit-safe: `self._norm is None` is an identity test, `self.config['zmax']` is pytree aux data (static), and simps' `if N % 2 == 1` tests a Python int.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from abc import abstractmethod

import jax
import jax.numpy as np
from jax.tree_util import register_pytree_node_class

steradian_to_arcmin2 = 11818102.86004228


class container(object):
  """
  Generic structure to trace a parameterized  function
  """
  def __init__(self, *args, **kwargs ):
    self.params = args
    self.config = kwargs

  def __repr__(self):
    return str(self.params)

  # Operations for flattening/unflattening representation
  def tree_flatten(self):
    children = self.params
    aux_data = self.config
    return (children , aux_data)

  @classmethod
  def tree_unflatten(cls, aux_data, children):
    return cls(*children, **aux_data)


def simps(f, a, b, N=128):
    """Approximate the integral of f(x) from a to b by Simpson's rule."""
    if N % 2 == 1:
        raise ValueError("N must be an even integer.")
    dx = (b - a) / N
    x = np.linspace(a, b, N + 1)
    y = f(x)
    S = dx / 3 * np.sum(y[0:-1:2] + 4 * y[1::2] + y[2::2], axis=0)
    return S


class redshift_distribution(container):

  def __init__(self, *args, gals_per_arcmin2=1., zmax=10., **kwargs):
    """
    Initialize the parameters of the redshift distribution
    """
    self._norm = None
    self._gals_per_arcmin2 = gals_per_arcmin2
    super(redshift_distribution, self).__init__(*args,
                                                zmax=zmax,
                                                **kwargs)
  @abstractmethod
  def pz_fn(self, z):
    """
    Un-normalized n(z) function provided by sub classes
    """
    pass

  def __call__(self, z):
    """
    Computes the normalized n(z)
    """
    if self._norm is None:
      self._norm = simps(lambda t: self.pz_fn(t),
                         0., self.config['zmax'], 256)
    return self.pz_fn(z)/self._norm

  @property
  def zmax(self):
    return self.config['zmax']

  @property
  def gals_per_arcmin2(self):
    return self._gals_per_arcmin2

  @property
  def gals_per_steradian(self):
    return self._gals_per_arcmin2 * steradian_to_arcmin2

  # Operations for flattening/unflattening representation
  def tree_flatten(self):
    children = (self.params, self._gals_per_arcmin2)
    aux_data = self.config
    return (children, aux_data)

  @classmethod
  def tree_unflatten(cls, aux_data, children):
    args, gals_per_arcmin2 = children
    return cls(*args, gals_per_arcmin2=gals_per_arcmin2,
               **aux_data)

@register_pytree_node_class
class smail_nz(redshift_distribution):
  """
  Defines a smail distribution
  """
  def pz_fn(self, z):
    a, b, z0 = self.params
    return z**a * np.exp(-(z / z0)**b)


@jax.jit
def f(a, b, z0, z):
    nz = smail_nz(a, b, z0, gals_per_arcmin2=10., zmax=5.)
    return nz(z) * nz.gals_per_steradian
# --- end user code ---

import numpy as onp


def make_inputs(rng):
    a = onp.float32(rng.uniform(1.0, 2.0))
    b = onp.float32(rng.uniform(1.0, 2.0))
    z0 = onp.float32(rng.uniform(0.3, 1.0))
    z = onp.sort(rng.uniform(0.0, 3.0, size=(5,))).astype(onp.float32)
    return (a, b, z0, z)


INPUTS = make_inputs
