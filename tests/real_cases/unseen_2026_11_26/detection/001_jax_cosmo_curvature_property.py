"""jax_cosmo: `if cosmo.k < 0` where `k` is a property that itself branches on a traced density.

source: DifferentiableUniverseInitiative/jax_cosmo, early jax_cosmo/background.py (transverse_comoving_distance with `if cosmo.k < 0: ... elif cosmo.k > 0: ... else: return chi`, radial_comoving_distance via jax.experimental.ode.odeint) and jax_cosmo/core.py at 0c1b098197cf44b9d7721aa70b560c984021d071 (Cosmology with the `k` property `if self.Omega > 1.0: k = 1.0 elif self.Omega == 1.0: k = 0 ...`); later revisions replaced both with `lax.switch(cosmo.k + 1, branches, chi)` and a sign-based `k`
error: TracerBoolConversionError
category: property-branch-on-traced-attribute
expect: fix
notes: background functions (w, f_de, Esqr, dchioverda, radial_comoving_distance, transverse_comoving_distance, angular_diameter_distance) verbatim from the early background.py; Cosmology from core.py trimmed to __init__, the pytree methods and the properties used (the revision also carried a second, broken `sqrtk` property returning a never-set `self._sqrtk`, which is dropped); jax_cosmo.constants inlined as a small `const` class (rh = c/H0 in Mpc/h, H0 = 100); `f` builds the cosmology from traced parameters inside jax.jit, as jax_cosmo users do in likelihoods. The leak sits two levels away: angular_diameter_distance -> transverse_comoving_distance -> the `k` property's `if self.Omega > 1.0`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np
from jax.experimental.ode import odeint
from jax.tree_util import register_pytree_node_class


class const:
    H0 = 100.0  # [h km/s/Mpc]
    rh = 2997.92458  # Hubble radius [Mpc/h]


@register_pytree_node_class
class Cosmology:

  def __init__(self, Omega_c, Omega_b, h, n_s, sigma8, Omega_k, w0, wa):
    # Store primary parameters
    self._Omega_c = Omega_c
    self._Omega_b = Omega_b
    self._h = h
    self._n_s = n_s
    self._sigma8 = sigma8
    self._Omega_k = Omega_k
    self._w0 = w0
    self._wa = wa

    # Create a workspace where functions can store some precomputed
    # results
    self._workspace = {}

  # Operations for flattening/unflattening representation
  def tree_flatten(self):
    return ((self._Omega_c, self._Omega_b, self._h, self._n_s, self._sigma8,
             self._Omega_k, self._w0, self._wa), None)
  @classmethod
  def tree_unflatten(cls, aux_data, children):
    Omega_c, Omega_b, h, n_s, sigma8, Omega_k, w0, wa = children
    return cls(Omega_c=Omega_c, Omega_b=Omega_b, h=h, n_s=n_s,
               sigma8=sigma8, Omega_k=Omega_k, w0=w0, wa=wa)

  # Cosmological parameters, base and derived
  @property
  def Omega(self):
    return 1.0 - self._Omega_k

  @property
  def Omega_b(self):
    return self._Omega_b

  @property
  def Omega_c(self):
    return self._Omega_c

  @property
  def Omega_m(self):
    return self._Omega_b + self._Omega_c

  @property
  def Omega_de(self):
    return self.Omega - self.Omega_m

  @property
  def Omega_k(self):
    return self._Omega_k

  @property
  def k(self):
    if self.Omega > 1.0:   # Closed universe
      k = 1.0
    elif self.Omega == 1.0:  # Flat universe
      k = 0
    elif self.Omega < 1.0:  # Open Universe
      k = -1.0
    return k

  @property
  def sqrtk(self):
    return np.sqrt(np.abs(self._Omega_k))

  @property
  def h(self):
    return self._h

  @property
  def w0(self):
    return self._w0

  @property
  def wa(self):
    return self._wa


def w(cosmo, a):
  return cosmo.w0 + (1.0 - a) * cosmo.wa  # Equation (6) in Linder (2003)

def f_de(cosmo, a):
  # Just to make sure we are not diving by 0
  epsilon = np.finfo(np.float32).eps
  return -3.0*(1.0+cosmo.w0) + 3.0*cosmo.wa*((a-1.0)/np.log(a-epsilon) - 1.0)

def Esqr(cosmo, a):
  return cosmo.Omega_m*np.power(a, -3) + cosmo.Omega_k*np.power(a, -2) + \
      cosmo.Omega_de*np.power(a, f_de(cosmo, a))

def radial_comoving_distance(cosmo, a):
  def dchioverdlna(y, x, cosmo):
      xa = np.exp(x)
      return dchioverda(cosmo, xa) * xa
  # Let's turn a into an array so that we can compute several scales at once
  a = np.concatenate([np.atleast_1d(a), np.array([1.])])
  res = odeint(dchioverdlna, 0., np.log(a), cosmo)
  return np.squeeze(res[-1] - res[:-1])

def dchioverda(cosmo, a):
  return const.rh/(a**2*np.sqrt(Esqr(cosmo, a)))

def transverse_comoving_distance(cosmo, a):
  chi = radial_comoving_distance(cosmo, a)
  if cosmo.k < 0:      # Open universe
      return const.rh/cosmo.sqrtk*np.sinh(cosmo.sqrtk * chi/const.rh)
  elif cosmo.k > 0:    # Closed Universe
      return const.rh/cosmo.sqrtk*np.sin(cosmo.sqrtk * chi/const.rh)
  else:
      return chi

def angular_diameter_distance(cosmo, a):
  return a * transverse_comoving_distance(cosmo, a)


@jax.jit
def f(Omega_c, Omega_k, a):
    cosmo = Cosmology(Omega_c=Omega_c, Omega_b=0.0486, h=0.6774, n_s=0.9667,
                      sigma8=0.8159, Omega_k=Omega_k, w0=-1.0, wa=0.0)
    return angular_diameter_distance(cosmo, a)
# --- end user code ---

import numpy as onp


def make_inputs(rng):
    Omega_c = onp.float32(rng.uniform(0.2, 0.3))
    # open, flat (exactly zero curvature) and closed universes
    Omega_k = onp.float32(rng.choice([-1.0, 0.0, 1.0]) * rng.uniform(0.01, 0.1))
    a = onp.sort(rng.uniform(0.3, 0.95, size=(4,))).astype(onp.float32)
    return (Omega_c, Omega_k, a)


INPUTS = make_inputs


@jax.jit
def reference_fix(Omega_c, Omega_k, a):
    cosmo = Cosmology(Omega_c=Omega_c, Omega_b=0.0486, h=0.6774, n_s=0.9667,
                      sigma8=0.8159, Omega_k=Omega_k, w0=-1.0, wa=0.0)
    chi = radial_comoving_distance(cosmo, a)
    Omega = cosmo.Omega
    k = np.where(Omega > 1.0, 1.0, np.where(Omega == 1.0, 0.0, -1.0))
    sqrtk = np.where(k == 0, 1.0, cosmo.sqrtk)
    open_ = const.rh / sqrtk * np.sinh(sqrtk * chi / const.rh)
    closed = const.rh / sqrtk * np.sin(sqrtk * chi / const.rh)
    return a * np.where(k < 0, open_, np.where(k > 0, closed, chi))
