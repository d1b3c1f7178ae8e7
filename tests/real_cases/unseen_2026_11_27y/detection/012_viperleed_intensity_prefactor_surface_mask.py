"""viperleed-jax intensity_prefactor: boolean-mask indexing `displacement_step[is_surface_atom, 0]` under jit.

source: viperleed/viperleed-jax src/lib_intensity.py at 0930bad70478f3ce81ecf8609f51a4690843da71 (code-index file id 519945525; intensity_prefactor, _wave_vectors, _potential_onset_height_change)
error: NonConcreteBooleanIndexError
category: boolean-mask-index-then-reduce
expect: fix
notes: the three functions are verbatim. The surface-atom flags arrive as a traced bool array, and
  _potential_onset_height_change selects the z displacements of the surface atoms with boolean-mask
  indexing before taking their max; the selection has a data-dependent size, but only its max is used,
  so a masked reduction (jnp.where with -inf, then max) is equivalent whenever at least one atom is a
  surface atom (make_inputs always flags one). Adaptations: `from src.lib_delta import HARTREE` is
  replaced by the constant it imports, and BOHR, which this revision uses but no longer imports, is
  defined with the value the project's lib_tscatf.py uses (0.529177); `ref_data` (an object with
  energies, v0r, v0i) is passed as a small NamedTuple built by make_inputs; the jit entry point
  `f = jax.jit(intensity_prefactor)` is added.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

HARTREE = 27.211396
BOHR = 0.529177


def sum_intensity(prefactors, reference_amplitudes, delta_amplitudes):
    return prefactors * abs(reference_amplitudes + delta_amplitudes) ** 2


def intensity_prefactor(displacement, ref_data,
                        beam_indices, theta, phi, trar, is_surface_atom):
    # prefactors (refraction) from amplitudes to intensities
    n_beams = beam_indices.shape[0]
    (in_k_vacuum, in_k_perp_vacuum,
     out_k_perp, out_k_perp_vacuum) = _wave_vectors(ref_data, theta, phi,
                                                    trar, beam_indices)

    a = out_k_perp_vacuum
    c = in_k_vacuum * jnp.cos(theta)

    CXDisp = _potential_onset_height_change(displacement, is_surface_atom)
    prefactor = abs(jnp.exp(-1j * CXDisp/BOHR * (jnp.outer(in_k_perp_vacuum, jnp.ones(shape=(n_beams,))) + out_k_perp
                                                ))) ** 2 * a.real / jnp.outer(c, jnp.ones(shape=(n_beams,))).real
    return prefactor


def _wave_vectors(ref_data, theta, phi, trar, beam_indices):
    e_kin = ref_data.energies
    v_real = ref_data.v0r
    v_imag = ref_data.v0i
    n_energies = e_kin.shape[0]
    n_beams = beam_indices.shape[0]
    # incident wave vector
    in_k_vacuum = jnp.sqrt(jnp.maximum(0, 2 * (e_kin - v_real)))
    in_k_par = in_k_vacuum * jnp.sin(theta)  # parallel component
    in_k_par_2 = in_k_par * jnp.cos(phi)  # shape =( n_energy )
    in_k_par_3 = in_k_par * jnp.sin(phi)  # shape =( n_energy )
    in_k_perp_vacuum = 2 * e_kin - in_k_par_2 ** 2 - in_k_par_3 ** 2 - 2 * 1j * v_imag
    in_k_perp_vacuum = jnp.sqrt(in_k_perp_vacuum)

    # outgoing wave vector components
    in_k_par_components = jnp.stack((in_k_par_2, in_k_par_3))  # shape =(n_en, 2)
    in_k_par_components = jnp.outer(in_k_par_components, jnp.ones(shape=(n_beams,))).reshape(
    (n_energies, 2, n_beams))  # shape =(n_en ,2 ,n_beams)
    out_wave_vec = jnp.dot(beam_indices, trar)  # shape =(n_beams, 2)
    out_wave_vec = jnp.outer(jnp.ones_like(e_kin), out_wave_vec.transpose()).reshape((n_energies, 2, n_beams))  # shape =(n_en , n_beams)
    out_k_par_components = in_k_par_components + out_wave_vec

    # out k vector
    out_k_perp_vacuum = (2*jnp.outer(e_kin-v_real,jnp.ones(shape=(n_beams,)))
                - out_k_par_components[:, 0, :] ** 2
                - out_k_par_components[:, 1, :] ** 2).astype(dtype="complex64")
    out_k_perp = jnp.sqrt(out_k_perp_vacuum + 2*jnp.outer(v_real-1j*v_imag, jnp.ones(shape=(n_beams,))))
    out_k_perp_vacuum = jnp.sqrt(out_k_perp_vacuum)

    return in_k_vacuum, in_k_perp_vacuum, out_k_perp, out_k_perp_vacuum


def _potential_onset_height_change(displacement_step, is_surface_atom):
    """Calculates the displacement of the topmost surface atom in the z direction."""
    # TODO: this is actually not really correct!
    # We should not consider suface atoms, but only the topmost one probably!!
    surface_z = displacement_step[is_surface_atom, 0] # z disp for surface atoms
    return jnp.max(surface_z)


f = jax.jit(intensity_prefactor)
# --- end user code ---

from typing import NamedTuple

import numpy as np


class RefData(NamedTuple):
    energies: np.ndarray
    v0r: np.ndarray
    v0i: np.ndarray


def make_inputs(rng):
    n_e, n_atoms = 6, 5
    energies = np.linspace(2.0, 8.0, n_e).astype(np.float32)
    ref = RefData(energies,
                  np.full(n_e, rng.uniform(0.2, 0.5), dtype=np.float32),
                  np.full(n_e, rng.uniform(0.1, 0.2), dtype=np.float32))
    beam_indices = np.array([[0, 0], [1, 0], [0, 1], [1, 1]], dtype=np.float32)
    trar = np.array([[1.2, 0.0], [0.6, 1.04]], dtype=np.float32)
    displacement = (0.1 * rng.normal(size=(n_atoms, 3))).astype(np.float32)
    is_surface = rng.random(n_atoms) < 0.4
    is_surface[rng.integers(0, n_atoms)] = True
    theta = np.float32(rng.uniform(0.0, 0.3))
    phi = np.float32(rng.uniform(0.0, np.pi))
    return (displacement, ref, beam_indices, theta, phi, trar, is_surface)


INPUTS = make_inputs


@jax.jit
def reference_fix(displacement, ref_data, beam_indices, theta, phi, trar, is_surface_atom):
    n_beams = beam_indices.shape[0]
    (in_k_vacuum, in_k_perp_vacuum,
     out_k_perp, out_k_perp_vacuum) = _wave_vectors(ref_data, theta, phi, trar, beam_indices)
    a = out_k_perp_vacuum
    c = in_k_vacuum * jnp.cos(theta)
    CXDisp = jnp.max(jnp.where(is_surface_atom, displacement[:, 0], -jnp.inf))
    prefactor = abs(jnp.exp(-1j * CXDisp/BOHR * (jnp.outer(in_k_perp_vacuum, jnp.ones(shape=(n_beams,))) + out_k_perp
                                                ))) ** 2 * a.real / jnp.outer(c, jnp.ones(shape=(n_beams,))).real
    return prefactor
