"""Epidemic model vaccination rate mid-port from numba to JAX: season lookup with `if t < ...: elif t > ...`, `if adj_eff > 1 and eff_cap`, `if np.any(v>=1)` and a per-age `for`/`if`, NumPy item assignment.

source: SIS/SIR multi-susceptibility-class epidemic model (BJS, 2024), vaccination.py revision with `# import jax.numpy as jnp` and the JAX `.at[...].set(...)` replacement written as a comment above every NumPy item assignment (code-index file id 68850780480: flu_eff_coverage, flu_rate); the JAX-era ODE right-hand side calls it as `ACOV(t,S_REL*P_OBS,age_pops,AGING_RATE)` with a traced time (code-index file id 69049179381). The index does not name the repository (the same project as case 001).
error: TracerArrayConversionError
category: if-elif-on-traced-time / per-element-for-if / numpy-on-tracer
expect: fix
notes: flu_eff_coverage and flu_rate verbatim (the commented `.at[...]` lines kept). The module-level data come from CSV files and pandas (not available): VAX_FLU_IDX / VAX_FLU_NP (monthly KPSC flu-vaccination coverage by 7 age groups, times KPSC_RATIO) are replaced by a deterministic synthetic monthly table over the same date range, with one month at full coverage in the youngest group so that the `np.any(v>=1)` branch runs; the two `pd.to_datetime(...)` day counts inside flu_eff_coverage (EFF_IDX) are rewritten with `datetime.date` (same numbers). Entry point: `f = jax.jit(flu_rate)` with a traced time, as in the ODE. Inputs: t and the 3 protection values are Python floats (traced under jit; in the author's eager runs they were NumPy scalars, so the NumPy item assignments work eagerly), pops / aging_rate are arrays.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import datetime

import jax
import numpy as np

_EPOCH = datetime.date(1970, 1, 1)

# Flu vaccination coverage (stand-in for the KPSC csv, monthly from 2015-08 to 2023-09, 7 age groups)
_MONTHS = [datetime.date(2015 + (7 + k) // 12, (7 + k) % 12 + 1, 1) for k in range(98)]
VAX_FLU_IDX = np.array([(m - _EPOCH).days for m in _MONTHS])
_SEASON = np.array([0.05, 0.25, 0.45, 0.55, 0.6, 0.62, 0.63, 0.63, 0.63, 0.0, 0.0, 0.02])
VAX_FLU_NP = np.outer(_SEASON[(np.arange(98) + 7) % 12], np.array([0.3, 0.55, 0.6, 0.45, 0.35, 0.5, 0.75]))
VAX_FLU_NP[40, 0] = 1.0

# @jit
def flu_eff_coverage(t,max_eff,eff_cap=True,
                     VAX_FLU_NP=VAX_FLU_NP, VAX_FLU_IDX=VAX_FLU_IDX):
    '''
    Calculate the effective coverage (proportion of people protected) of the flu vaccine at time t
    t: time in days since 1970-01-01
    protection: relative risk of disease given exposure for each susceptibility class
    eff_cap: whether to cap the efficacy at 1
    '''
    EFF = (1/100)*np.array([37, 61, 51, 44, 39, 53, 7, 52, 19, 33, 25, 34, 37, 32, 23, 41, 37]) # VE in 18-49yo (or age group containing this range) from studies that went into Data/Raw/vaccine-effectiveness-chart-2024.xlsx, with missing data filled in with mean (37)
    EFF_IDX = np.array([(datetime.date(2008 + i, 10, 1) - _EPOCH).days for i in range(17)])
    raw_eff = EFF[np.argmin(EFF_IDX<=t)]
    adj_eff = raw_eff/max_eff
    if adj_eff > 1 and eff_cap:
        adj_eff = 1
    # If time steps are less than one year, this code can be used to repeat seasonal patterns outside of data scope
    # if time is before 2015-10-01, corresponding month in 2015-10-01 to 2016-09-30 is used
    if t < 16709: # 16709 is the number of days since 1970-01-01 to 2015-10-01
        day_in_season = (t - 16709)%365
        time_2015 = 16709 + day_in_season
        return adj_eff*VAX_FLU_NP[np.argmax(VAX_FLU_IDX>=time_2015)]
    # if time is after 2022-10-01, corresponding month in 2022-10-01 to 2023-09-30 is used
    elif t > 19266:
        day_in_season = (t - 19266)%365
        time_2022 = 19266 + day_in_season
        return adj_eff*VAX_FLU_NP[np.argmax(VAX_FLU_IDX>=time_2022)]
    else:
        return adj_eff*VAX_FLU_NP[np.argmax(VAX_FLU_IDX>=t)]

# # Flu vaccination rate
# @jit
def flu_rate(t,protection,pops,aging_rate,eff_cap=True):
    max_eff = (protection[-2]-protection[-1])/protection[-2] # this is assuming that most people are in the last two susceptibility classes
    v = flu_eff_coverage(t,max_eff)
    v_next_month = flu_eff_coverage(t+31,max_eff)
    pop_ratio = np.zeros(len(pops))
    # pop_ratio = pop_ratio.at[:-1].set(pops[:-1]/pops[1:])
    pop_ratio[:-1] = pops[:-1]/pops[1:]
    v_shift = v.copy()
    # v_shift = v_shift.at[:-1].set(v_shift[1:] - v[:-1])
    v_shift[:-1] = v_shift[1:] - v[:-1]
    age_rate_shift = np.zeros(len(aging_rate))
    # age_rate_shift = age_rate_shift.at[1:].set(aging_rate[:-1])
    age_rate_shift[1:] = aging_rate[:-1]
    if np.any(v>=1):
        rate = np.zeros(len(v))
        for i in range(len(v)):
            if v[i] >= 1:
                # rate = rate.at[i].set(0)
                rate[i] = 0
            else:
                # rate = rate.at[i].set((1/(1-v[i]))*((v_next_month[i]-v[i])/31 + (1/365)*v[i] + age_rate_shift[i]*pop_ratio[i]*v_shift[i]))
                rate[i] = (1/(1-v[i]))*((v_next_month[i]-v[i])/31 + (1/365)*v[i] + age_rate_shift[i]*pop_ratio[i]*v_shift[i])
    else:
        rate = (1/(1-v))*((v_next_month-v)/31 + (1/365)*v + age_rate_shift*pop_ratio*v_shift)
    return np.maximum(0,rate)


f = jax.jit(flu_rate)
# --- end user code ---

import jax.numpy as jnp


def make_inputs(rng):
    # before 2015-10-01, inside the data, the full-coverage month, after 2022-10-01; plus season edges
    scenario = int(rng.integers(4))
    t = [rng.choice([rng.uniform(15000, 16709), 16709.0]), rng.uniform(16709, 19266),
         float(VAX_FLU_IDX[40]) - 5.0, rng.choice([rng.uniform(19266, 21000), 19266.0])][scenario]
    t = float(np.floor(t))
    protection = np.array([1.0, rng.uniform(0.3, 0.6), rng.uniform(0.05, 0.25)])
    protection = protection * np.array([1.0, 1.0, rng.choice([1.0, 0.2])])
    if scenario == 2 or rng.uniform() < 0.2:  # nearly equal last two classes: efficacy capped at 1
        protection[2] = 0.9 * protection[1]
    protection = tuple(float(p) for p in protection)  # S_REL*P_OBS, Python scalars (traced under jit)
    pops = rng.uniform(1e5, 5e6, size=7).astype(np.float32)
    aging_rate = (1.0 / (365.0 * np.array([0.25, 0.75, 4, 13, 22, 25, 30]))).astype(np.float32)
    return (t, protection, pops, aging_rate)


INPUTS = make_inputs

_EFF = (1/100)*jnp.array([37, 61, 51, 44, 39, 53, 7, 52, 19, 33, 25, 34, 37, 32, 23, 41, 37])
_EFF_IDX = jnp.array([(datetime.date(2008 + i, 10, 1) - _EPOCH).days for i in range(17)])


def _ref_coverage(t, max_eff):
    adj_eff = _EFF[jnp.argmin(_EFF_IDX <= t)] / max_eff
    adj_eff = jnp.where(adj_eff > 1, 1.0, adj_eff)
    t_used = jnp.where(t < 16709, 16709 + (t - 16709) % 365,
                       jnp.where(t > 19266, 19266 + (t - 19266) % 365, t))
    return adj_eff * jnp.asarray(VAX_FLU_NP)[jnp.argmax(jnp.asarray(VAX_FLU_IDX) >= t_used)]


@jax.jit
def reference_fix(t, protection, pops, aging_rate):
    max_eff = (protection[-2]-protection[-1])/protection[-2]
    v = _ref_coverage(t, max_eff)
    v_next_month = _ref_coverage(t + 31, max_eff)
    pop_ratio = jnp.zeros(len(pops)).at[:-1].set(pops[:-1]/pops[1:])
    v_shift = v.at[:-1].set(v[1:] - v[:-1])
    age_rate_shift = jnp.zeros(len(aging_rate)).at[1:].set(aging_rate[:-1])
    rate = (1/(1-v))*((v_next_month-v)/31 + (1/365)*v + age_rate_shift*pop_ratio*v_shift)
    rate = jnp.where(v >= 1, 0.0, rate)
    return jnp.maximum(0, rate)
