"""jaxdsp delay line: `int(read_sample)` on the scan carry inside a jitted `tick`.

source: khiner/jaxdsp processors/delay_line.py at 2a191ed33611d4a33d11a1e099a3ee8b16a615b4 (tick, tick_buffer; code-index file id 28211190026). That revision reads `read_sample_floor = read_sample.astype(int) # int(read_sample)`: the trailing comment keeps the author's earlier `int(read_sample)`, restored here.
error: ConcretizationTypeError
category: int-of-tracer
expect: fix
notes: the pre-fix line `read_sample_floor = int(read_sample)` is rebuilt from the author's own comment (the
  stored revision holds only the fixed line). `jax.ops.index_update(x, index[i], v)` (removed from JAX) is
  replaced by `x.at[i].set(v)`; the unused `numpy` import and the init_params/init_state/create_params_target
  helpers are dropped (make_inputs builds the same carry). `f = tick_buffer`. reference_fix is the stored
  revision's `.astype(int)` (read_sample is kept non-negative by the `%`, so truncation equals floor).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax.numpy as jnp
from jax import jit, lax

NAME = 'Delay Line'

MAX_DELAY_LENGTH_SAMPLES = 500 # 44_100


@jit
def tick(carry, x):
    params = carry['params']
    state = carry['state']

    wet_amount = params['wet_amount']

    write_sample = state['write_sample']
    read_sample = state['read_sample']

    # delay_line[write_sample] = x
    state['delay_line'] = state['delay_line'].at[write_sample].set(x)
    delay_line = state['delay_line']

    read_sample_floor = int(read_sample)
    interp = read_sample - read_sample_floor
    y = interp * delay_line[read_sample_floor]
    y += (1 - interp) * delay_line[(read_sample_floor + 1) % delay_line.size]

    state['write_sample'] += 1
    state['write_sample'] %= delay_line.size
    state['read_sample'] += 1
    state['read_sample'] %= delay_line.size

    out = x * (1 - wet_amount) + y * wet_amount
    return carry, out

@jit
def tick_buffer(carry, X):
    state = carry['state']
    params = carry['params']
    state['read_sample'] = (state['write_sample'] - jnp.clip(params['delay_length_normalized'], 0, 1) * MAX_DELAY_LENGTH_SAMPLES) % state['delay_line'].size
    return lax.scan(tick, carry, X)[1]


f = tick_buffer
# --- end user code ---

import numpy as np
import jax


def make_inputs(rng):
    n = MAX_DELAY_LENGTH_SAMPLES
    carry = {
        'params': {
            'wet_amount': np.float32(rng.uniform(0.0, 1.0)),
            # values outside [0, 1] exercise the clip
            'delay_length_normalized': np.float32(rng.uniform(-0.2, 1.2)),
        },
        'state': {
            # smooth (audio-like) content keeps the float32 rounding of the fractional read
            # position between eager and jit runs far below the tolerance
            'delay_line': np.sin(2 * np.pi * rng.uniform(1, 4) * np.arange(n) / n + rng.uniform(0, 6)).astype(np.float32),
            'read_sample': np.float32(0.0),
            'write_sample': np.int32(rng.integers(0, n)),
        },
    }
    t = np.arange(640)
    X = (0.8 * np.sin(2 * np.pi * rng.uniform(2, 6) * t / 640 + rng.uniform(0, 6))).astype(np.float32)
    return (carry, X)


INPUTS = make_inputs


@jax.jit
def _ref_tick(carry, x):
    params = carry['params']
    state = dict(carry['state'])
    wet_amount = params['wet_amount']
    write_sample = state['write_sample']
    read_sample = state['read_sample']
    state['delay_line'] = state['delay_line'].at[write_sample].set(x)
    delay_line = state['delay_line']
    read_sample_floor = read_sample.astype(int)
    interp = read_sample - read_sample_floor
    y = interp * delay_line[read_sample_floor]
    y += (1 - interp) * delay_line[(read_sample_floor + 1) % delay_line.size]
    state['write_sample'] = (state['write_sample'] + 1) % delay_line.size
    state['read_sample'] = (state['read_sample'] + 1) % delay_line.size
    out = x * (1 - wet_amount) + y * wet_amount
    return {'params': params, 'state': state}, out


@jax.jit
def reference_fix(carry, X):
    state = dict(carry['state'])
    params = carry['params']
    state['read_sample'] = (state['write_sample'] - jnp.clip(params['delay_length_normalized'], 0, 1) * MAX_DELAY_LENGTH_SAMPLES) % state['delay_line'].size
    return lax.scan(_ref_tick, {'params': params, 'state': state}, X)[1]
