"""Bouncing-particles box from the matplotlib animation tutorial, ported to jax.numpy: colliding pairs found with np.where and updated in a Python loop, then boolean-mask wall writes.

source: Jake VanderPlas, "Matplotlib Animation Tutorial" (http://jakevdp.github.io/blog/2012/08/18/matplotlib-animation-tutorial/), ParticleBox example as reproduced in Howw-Way's notes "Animation by matplotlib" (code-index file id 19097571834, "Case 6: Particles in box")
error: ConcretizationTypeError
category: for-over-nonzero-pairs-mask-writes
expect: fix
notes: NumPy -> jax.numpy port of ParticleBox.__init__ and step. `np.` becomes `jnp.`. scipy's
  `squareform(pdist(...))`, which cannot take JAX arrays, becomes the same distance matrix
  written in jnp. The in-place updates become `self.state = self.state.at[...].set/add/
  multiply(...)`. Comments are verbatim. The animation driver is replaced by `f`, which
  builds a box from a traced initial state and takes two steps of dt = 1/30. The first
  error under jit is the one-argument `jnp.where(D < 2 * self.size)`, whose output size
  depends on the data. Behind it are the Python loop over the colliding pairs and the
  boolean-mask writes at the walls. A jit-safe rewrite exists because the state's shape is
  fixed. It visits every pair i1 < i2 in the same row-major order as np.where, applies the
  collision only where D < 2*size (later pairs see earlier updates), and turns the wall
  writes into jnp.where.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class ParticleBox:
    """Orbits class

    init_state is an [N x 4] array, where N is the number of particles:
       [[x1, y1, vx1, vy1],
        [x2, y2, vx2, vy2],
        ...               ]

    bounds is the size of the box: [xmin, xmax, ymin, ymax]
    """
    def __init__(self,
                 init_state = [[1, 0, 0, -1],
                               [-0.5, 0.5, 0.5, 0.5],
                               [-0.5, -0.5, -0.5, 0.5]],
                 bounds = [-2, 2, -2, 2],
                 size = 0.04,
                 M = 0.05,
                 G = 9.8):
        self.init_state = jnp.asarray(init_state, dtype=float)
        self.M = M * jnp.ones(self.init_state.shape[0])
        self.size = size
        self.state = self.init_state.copy()
        self.time_elapsed = 0
        self.bounds = bounds
        self.G = G

    def step(self, dt):
        """step once by dt seconds"""
        self.time_elapsed += dt

        # update positions
        self.state = self.state.at[:, :2].add(dt * self.state[:, 2:])

        # find pairs of particles undergoing a collision
        D = jnp.sqrt(((self.state[:, None, :2] - self.state[None, :, :2]) ** 2).sum(-1))
        ind1, ind2 = jnp.where(D < 2 * self.size)
        unique = (ind1 < ind2)
        ind1 = ind1[unique]
        ind2 = ind2[unique]

        # update velocities of colliding pairs
        for i1, i2 in zip(ind1, ind2):
            # mass
            m1 = self.M[i1]
            m2 = self.M[i2]

            # location vector
            r1 = self.state[i1, :2]
            r2 = self.state[i2, :2]

            # velocity vector
            v1 = self.state[i1, 2:]
            v2 = self.state[i2, 2:]

            # relative location & velocity vectors
            r_rel = r1 - r2
            v_rel = v1 - v2

            # momentum vector of the center of mass
            v_cm = (m1 * v1 + m2 * v2) / (m1 + m2)

            # collisions of spheres reflect v_rel over r_rel
            rr_rel = jnp.dot(r_rel, r_rel)
            vr_rel = jnp.dot(v_rel, r_rel)
            v_rel = 2 * r_rel * vr_rel / rr_rel - v_rel

            # assign new velocities
            self.state = self.state.at[i1, 2:].set(v_cm + v_rel * m2 / (m1 + m2))
            self.state = self.state.at[i2, 2:].set(v_cm - v_rel * m1 / (m1 + m2))

        # check for crossing boundary
        crossed_x1 = (self.state[:, 0] < self.bounds[0] + self.size)
        crossed_x2 = (self.state[:, 0] > self.bounds[1] - self.size)
        crossed_y1 = (self.state[:, 1] < self.bounds[2] + self.size)
        crossed_y2 = (self.state[:, 1] > self.bounds[3] - self.size)

        self.state = self.state.at[crossed_x1, 0].set(self.bounds[0] + self.size)
        self.state = self.state.at[crossed_x2, 0].set(self.bounds[1] - self.size)

        self.state = self.state.at[crossed_y1, 1].set(self.bounds[2] + self.size)
        self.state = self.state.at[crossed_y2, 1].set(self.bounds[3] - self.size)

        self.state = self.state.at[crossed_x1 | crossed_x2, 2].multiply(-1)
        self.state = self.state.at[crossed_y1 | crossed_y2, 3].multiply(-1)

        # add gravity
        self.state = self.state.at[:, 3].add(-self.M * self.G * dt)


dt = 1. / 30 # 30fps


@jax.jit
def f(init_state):
    box = ParticleBox(init_state, size=0.04)
    for _ in range(2):
        box.step(dt)
    return box.state
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 7
    state = np.zeros((n, 4))
    state[:, :2] = rng.uniform(-1.5, 1.5, size=(n, 2))
    state[:, 2:] = rng.normal(0.0, 0.5, size=(n, 2))
    # particles 0 and 1 start 0.1 apart and head into each other: they meet in the first step
    a = rng.uniform(0, 2 * np.pi)
    e = np.array([np.cos(a), np.sin(a)])
    state[1, :2] = state[0, :2] + 0.1 * e
    state[1, 2:] = state[0, 2:] - rng.uniform(0.8, 1.5) * e
    # particles 2, 3, 4 start in contact with each other (a three-body collision)
    state[3, :2] = state[2, :2] + np.array([0.06, 0.0])
    state[4, :2] = state[2, :2] + np.array([0.0, 0.06])
    state[3:5, 2:] = state[2, 2:] + rng.normal(0.0, 0.2, size=(2, 2))
    # particle 5 near the right wall moving out, particle 6 near the floor moving down
    state[5, 0], state[5, 2] = rng.uniform(1.94, 1.99), abs(state[5, 2]) + 0.5
    state[6, 1], state[6, 3] = rng.uniform(-1.99, -1.94), -abs(state[6, 3]) - 0.5
    return (state.astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(init_state):
    bounds, size, G = [-2, 2, -2, 2], 0.04, 9.8
    state = jnp.asarray(init_state, dtype=float)
    n = state.shape[0]
    M = 0.05 * jnp.ones(n)
    for _ in range(2):
        state = state.at[:, :2].add(dt * state[:, 2:])
        D = jnp.sqrt(((state[:, None, :2] - state[None, :, :2]) ** 2).sum(-1))
        for i1 in range(n):
            for i2 in range(i1 + 1, n):
                hit = D[i1, i2] < 2 * size
                m1, m2 = M[i1], M[i2]
                r1, r2 = state[i1, :2], state[i2, :2]
                v1, v2 = state[i1, 2:], state[i2, 2:]
                r_rel = r1 - r2
                v_rel = v1 - v2
                v_cm = (m1 * v1 + m2 * v2) / (m1 + m2)
                rr_rel = jnp.dot(r_rel, r_rel)
                vr_rel = jnp.dot(v_rel, r_rel)
                v_rel = 2 * r_rel * vr_rel / jnp.where(hit, rr_rel, 1.0) - v_rel
                state = state.at[i1, 2:].set(jnp.where(hit, v_cm + v_rel * m2 / (m1 + m2), v1))
                state = state.at[i2, 2:].set(jnp.where(hit, v_cm - v_rel * m1 / (m1 + m2), v2))
        x, y = state[:, 0], state[:, 1]
        cx1, cx2 = x < bounds[0] + size, x > bounds[1] - size
        cy1, cy2 = y < bounds[2] + size, y > bounds[3] - size
        x = jnp.where(cx1, bounds[0] + size, jnp.where(cx2, bounds[1] - size, x))
        y = jnp.where(cy1, bounds[2] + size, jnp.where(cy2, bounds[3] - size, y))
        vx = jnp.where(cx1 | cx2, -state[:, 2], state[:, 2])
        vy = jnp.where(cy1 | cy2, -state[:, 3], state[:, 3])
        state = jnp.stack([x, y, vx, vy - M * G * dt], axis=1)
    return state
