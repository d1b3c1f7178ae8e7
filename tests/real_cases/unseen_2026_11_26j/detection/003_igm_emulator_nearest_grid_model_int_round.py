"""igm_emulator's nearest-grid-point Lyman-alpha likelihood: `int(jnp.round(...))` on the sampled thermal parameters, one helper below.

source: enigma-igm/igm_emulator, a stored revision of the HMC model-comparison script that defines `return_idx`, `get_molly_model_nearest` and `log_likelihood_molly` (code-index file id 43391432683; the same three functions also appear in file id 43387681564; exact path not pinned). The project's later jit-safe version of the same nearest-grid lookup is `HMC_NGP.get_model_nearest_fine` in igm_emulator/hmc/hmc_ngp_inference.py at 120ea7dd1c13c23e4cf8a6aa3c6fbc453e99c461 (`jnp.argmin(jnp.abs(self.T0s - T0))` under `@partial(jit, static_argnums=(0,))`)
error: ConcretizationTypeError
category: int-of-traced-in-helper-used-as-index
expect: fix
notes: `return_idx`, `get_molly_model_nearest` and `log_likelihood_molly` are verbatim. The fine (T0, gamma, <F>) grids, the model cube and the covariance were loaded from dill/hdf5 files on the authors' cluster; they are replaced by small synthetic module-level arrays with the same roles and shapes (uniform grids, a (9, 7, 5, 6) model cube, an SPD 6x6 covariance), still bound as default arguments as in the source. `f = jax.jit(log_likelihood_molly)` is written for the case: the likelihood is meant for HMC (NumPyro NUTS jits it), and the project later rewrote the lookup to run under jit. The leak is two calls down: `theta` is traced, so `int(jnp.round(scaled_value))` in `return_idx` has no concrete value. A jit-safe rewrite keeps the rounding and indexes with a traced integer (`jnp.round(...).astype(int)`); theta is drawn inside the grid so the rounded index is always in range.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import numpy as np
import jax.numpy as jnp

# fine parameter grids and models (loaded from dill/hdf5 files in the source)
new_temps = np.linspace(6000.0, 14000.0, 9)
new_gammas = np.linspace(1.0, 1.6, 7)
new_fobs = np.linspace(0.01, 0.05, 5)
_rs = np.random.RandomState(0)
new_models = jnp.array(_rs.normal(size=(len(new_temps), len(new_gammas), len(new_fobs), 6)))
_a = _rs.normal(size=(6, 6))
like_dict_0 = {'covariance': _a @ _a.T + 6.0 * np.eye(6)}
like_dict_0['log_determinant'] = float(np.linalg.slogdet(like_dict_0['covariance'])[1])


# ## Molly's model
def return_idx(value, all_values):
    the_min_value = jnp.min(all_values)
    the_range = jnp.max(all_values) - the_min_value
    scaled_value = (value - the_min_value) / the_range * (len(all_values) - 1)
    nearest_idx = int(jnp.round(scaled_value))
    return nearest_idx
def get_molly_model_nearest(theta,
                                  fine_temps=new_temps, fine_gammas=new_gammas, fine_fobs=new_fobs,
                                  fine_models=new_models):
    temp, gamma, ave_f = theta
    temp_idx = return_idx(temp, fine_temps)
    gamma_idx = return_idx(gamma, fine_gammas)
    fobs_idx = return_idx(ave_f, fine_fobs)
    model = fine_models[temp_idx, gamma_idx, fobs_idx, :]
    return model
def log_likelihood_molly(theta, corr, theta_covariance=like_dict_0['covariance']
                         , true_log_det=like_dict_0['log_determinant']):
    # temp, g, ave_f = theta
    model = get_molly_model_nearest(theta)
    diff = corr - model
    nbins = len(corr)
    log_like = -(jnp.dot(diff, jnp.linalg.solve(theta_covariance, diff)) + true_log_det + nbins * jnp.log(2.0 * jnp.pi)) / 2.0
    return diff.mean(), log_like


f = jax.jit(log_likelihood_molly)
# --- end user code ---


def make_inputs(rng):
    theta = np.array([rng.uniform(6000.0, 14000.0),
                      rng.uniform(1.0, 1.6),
                      rng.uniform(0.01, 0.05)], dtype=np.float32)
    corr = rng.normal(size=(6,)).astype(np.float32)
    return (theta, corr)


INPUTS = make_inputs


def _nearest(value, all_values):
    the_min_value = jnp.min(all_values)
    the_range = jnp.max(all_values) - the_min_value
    scaled_value = (value - the_min_value) / the_range * (len(all_values) - 1)
    return jnp.round(scaled_value).astype(jnp.int32)


@jax.jit
def reference_fix(theta, corr):
    temp, gamma, ave_f = theta
    model = new_models[_nearest(temp, new_temps), _nearest(gamma, new_gammas),
                       _nearest(ave_f, new_fobs), :]
    diff = corr - model
    nbins = len(corr)
    log_like = -(jnp.dot(diff, jnp.linalg.solve(like_dict_0['covariance'], diff))
                 + like_dict_0['log_determinant'] + nbins * jnp.log(2.0 * jnp.pi)) / 2.0
    return diff.mean(), log_like
