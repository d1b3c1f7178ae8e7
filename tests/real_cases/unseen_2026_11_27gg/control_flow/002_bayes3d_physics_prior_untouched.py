"""A physics prior for object tracking that looks branchy (sign, thresholds, floor test) but is jit-safe.

source: jax3dp3 (the probcomp 3D inverse-graphics library later renamed Bayes3D), physics module of the MCS intuitive-physics server (code-index file id 34446442625: load_mcs_scene_data, get_object_mask, prior, prior_jit, prior_parallel_jit, class PhysicsServer); the index does not name the repository
error: none
category: negative
expect: untouched
notes: `prior`, `prior_jit`, `prior_parallel_jit` and the WALL_Z/FLOOR_Y constants are verbatim; `import jax3dp3 as j`, machine_common_sense, tqdm, the scene loader, get_object_mask and the PhysicsServer class (which need the renderer and MCS) are dropped, and `f = prior_jit` is added. The thresholds are written as arithmetic on booleans (`1.0 * (jnp.abs(v) > 0.1)`, `-100.0 * (y > 1.5)`) and `bbox_dims[known_id]` indexes with a traced integer, so nothing must change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import numpy as np
import jax
import jax.numpy as jnp

def prior(new_state, prev_poses, prev_prev_poses, bbox_dims, known_id):    
    score = 0.0
    new_position = new_state[:3,3]
    bottom_of_object_y = new_position[1] + bbox_dims[known_id][1]/2.0

    prev_position = prev_poses[known_id][:3,3]
    prev_prev_position = prev_prev_poses[known_id][:3,3]

    velocity_prev = (prev_position - prev_prev_position) * jnp.array([1.0, 1.0, 0.25])
    velocity_with_gravity = velocity_prev + jnp.array([-jnp.sign(velocity_prev[0])*0.01, 0.1, 0.0])

    velocity_with_gravity2 = velocity_with_gravity * jnp.array([1.0 * (jnp.abs(velocity_with_gravity[0]) > 0.1), 1.0, 1.0 ])
    velocity = velocity_with_gravity2

    pred_new_position = prev_position + velocity

    score = score + jax.scipy.stats.multivariate_normal.logpdf(
        new_position, pred_new_position, jnp.diag(jnp.array([0.02, 0.02, 0.02]))
    )
    score += -100.0 * (bottom_of_object_y > 1.5)
    return score

prior_jit = jax.jit(prior)
prior_parallel_jit = jax.jit(jax.vmap(prior, in_axes=(0, None,  None, None, None)))

WALL_Z = 14.5
FLOOR_Y = 1.45

f = prior_jit
# --- end user code ---


def _pose(rng, pos):
    p = np.eye(4, dtype=np.float32)
    p[:3, 3] = pos
    return p


def make_inputs(rng):
    n = 3
    prev_prev = np.stack([_pose(rng, rng.uniform(-1, 1.5, 3)) for _ in range(n)]).astype(np.float32)
    prev = prev_prev.copy()
    # some objects move fast in x (|v_x| > 0.1), some barely move
    prev[:, :3, 3] += rng.normal(scale=[0.3, 0.05, 0.1], size=(n, 3)).astype(np.float32)
    known_id = int(rng.integers(0, n))
    new_pos = prev[known_id, :3, 3] + rng.normal(scale=0.1, size=3)
    new_pos[1] = rng.uniform(0.5, 1.8)          # bottom of the object above/below the floor line
    new_state = _pose(rng, new_pos.astype(np.float32))
    bbox_dims = rng.uniform(0.1, 0.6, size=(n, 3)).astype(np.float32)
    return (new_state, prev, prev_prev, bbox_dims, known_id)


INPUTS = make_inputs
