"""Gravitational-wave population likelihood: dict params, same-module helpers, a masked update and a truth test.

source: public code-index file id 232233456, a binary-black-hole population-inference script (truncated_power_law, gaussian, power_law_plus_peak, redshift_distribution, combine_pdf, population_likelihood, evaluate_selection; reads O1/O2/O3a injection files); a sibling tutorial file in the index (id 38173999, "Checkpoint 1" / `population_likelihood` for a Gaussian) differentiates the same kind of likelihood with jax.grad. The index does not name the repository.
error: NonConcreteBooleanIndexError
category: dict-params / helper-in-module / at-mask / truth-test
expect: fix
notes: truncated_power_law, gaussian, power_law_plus_peak, redshift_distribution, combine_pdf and population_likelihood are verbatim (tabs kept). Stand-ins: `index_update` (removed from jax.ops) is defined as `x.at[idx].set(y)`; astropy's Planck15.differential_comoving_volume is replaced by a flat-LCDM NumPy integral with Planck15-like H0/Om0; `jnp.trapz` (removed from jax.numpy) is written `jnp.trapezoid`; in population_likelihood the local `combine_pdf = combine_pdf(params,data)` (which shadows the helper and raises UnboundLocalError as stored) is renamed `pdf`. `f = jax.jit(population_likelihood)` is added (the script imports jit and jits `gaussian`). Under jit the boolean mask in `index_update(output, (x<xmin)+(x>xmax), -inf)` fails first; `if jnp.isfinite(output)` would fail next.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import numpy as np
import jax
import jax.numpy as jnp
from jax import random, grad, jit, vmap

key = random.PRNGKey(42)


def index_update(x, idx, y):
	# stand-in for the removed jax.ops.index_update
	return x.at[idx].set(y)


def _differential_comoving_volume(z, H0=67.74, Om0=0.3075):
	# stand-in for astropy.cosmology.Planck15.differential_comoving_volume(z).value (Mpc^3 / sr)
	c = 299792.458
	dh = c / H0
	zz = np.linspace(0.0, float(np.max(z)), 20001)
	inv_e = 1.0 / np.sqrt(Om0 * (1 + zz) ** 3 + (1 - Om0))
	dc = dh * np.concatenate(([0.0], np.cumsum(0.5 * (inv_e[1:] + inv_e[:-1]) * np.diff(zz))))
	dc_z = np.interp(z, zz, dc)
	return dh * dc_z ** 2 / np.sqrt(Om0 * (1 + z) ** 3 + (1 - Om0))


def truncated_power_law(x,alpha,xmin,xmax):
	norm = (xmax**(1-alpha)-xmin**(1-alpha))/(1-alpha)
	output = (x**-alpha)/norm
	output = index_update(output,((x<xmin)+(x>xmax)),-jnp.inf)
	return output

@jit
def gaussian(x,mean,sigma):
    return (1./jnp.sqrt(2*jnp.pi)/sigma)*jnp.exp(-(((x-mean)/sigma)**2)/2)

def power_law_plus_peak(x,params):
# Add smoothing later
# Since each component is normalized, the 
	powerlaw = truncated_power_law(x,params['alpha'],params['xmin'],params['xmax'])
	peak = gaussian(x,params['mean'],params['sigma'])
	combine = (1-params['mixing'])*powerlaw+params['mixing']*peak
	return combine


z_range = [0.,1]
z_axis = jnp.linspace(z_range[0],z_range[1],10000)
dVdz = jnp.array(_differential_comoving_volume(np.asarray(z_axis, dtype=np.float64))/1e9)

def redshift_distribution(z,kappa):
	dVdz_local = jnp.interp(z,z_axis,dVdz)
	norm_z = jnp.trapezoid((1+z_axis)**(kappa-1)*jnp.array(dVdz))
	return (1+z)**kappa*dVdz_local/norm_z

def combine_pdf(params,data):
	m1 = data[..., 0]
	q = data[..., 1]
	z = data[..., 2]
	p_m1 = power_law_plus_peak(m1,params)
	p_q = truncated_power_law(q,params['beta'],0.01,1)
	p_z = redshift_distribution(z,params['kappa'])
	return p_m1*p_q*p_z

def population_likelihood(params, data):
	pdf = combine_pdf(params,data)
	output = jnp.sum(jnp.log(pdf))
	if jnp.isfinite(output):
		return output
	else:
		return -jnp.inf


f = jax.jit(population_likelihood)
# --- end user code ---


def make_inputs(rng):
    n = 64
    params = {
        "alpha": np.float32(rng.uniform(1.5, 3.0)),
        "xmin": np.float32(rng.uniform(2.0, 5.0)),
        "xmax": np.float32(rng.uniform(80.0, 100.0)),
        "mean": np.float32(rng.uniform(25.0, 40.0)),
        "sigma": np.float32(rng.uniform(1.0, 5.0)),
        "mixing": np.float32(rng.uniform(0.1, 0.9)),
        "beta": np.float32(rng.uniform(1.0, 3.0)),
        "kappa": np.float32(rng.uniform(-1.0, 2.0)),
    }
    m1 = rng.uniform(6.0, 78.0, size=n)
    q = rng.uniform(0.05, 1.0, size=n)
    z = rng.uniform(0.02, 0.98, size=n)
    # about half of the trials hold one event outside the mass / mass-ratio support
    kind = rng.integers(0, 4)
    if kind == 2:
        m1[rng.integers(n)] = 1.0
    elif kind == 3:
        q[rng.integers(n)] = 0.005
    data = np.stack([m1, q, z], axis=1).astype(np.float32)
    return (params, data)


INPUTS = make_inputs


@jax.jit
def reference_fix(params, data):
    def tpl(x, alpha, xmin, xmax):
        norm = (xmax ** (1 - alpha) - xmin ** (1 - alpha)) / (1 - alpha)
        output = (x ** -alpha) / norm
        return jnp.where((x < xmin) | (x > xmax), -jnp.inf, output)

    m1 = data[..., 0]
    q = data[..., 1]
    z = data[..., 2]
    powerlaw = tpl(m1, params["alpha"], params["xmin"], params["xmax"])
    peak = gaussian(m1, params["mean"], params["sigma"])
    p_m1 = (1 - params["mixing"]) * powerlaw + params["mixing"] * peak
    p_q = tpl(q, params["beta"], 0.01, 1)
    p_z = redshift_distribution(z, params["kappa"])
    output = jnp.sum(jnp.log(p_m1 * p_q * p_z))
    return jnp.where(jnp.isfinite(output), output, -jnp.inf)
