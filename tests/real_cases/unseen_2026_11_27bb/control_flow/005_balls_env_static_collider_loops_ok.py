"""Balls-in-a-box RL environment step: Python loops over static collider pairs and wall functions, lax.cond and relu for contacts: a jit-safe look-alike.

source: public JAX "balls" environment in the code index: structures module (Ball/Wall/State dataclasses, out, create_wall, sline_proj, closest_point, pen_res_bw, pen_res_function_w, pen_res_functions_w, update_bw, pen_vect_bb, pen_res_bb_pos, get_ball_colliders, update_bb_indices, update_bb, update_agent_pos; file id 34141435573) and the environment module (done_timestep, class BallsBase; file id 34143298403); repository not resolved
error: none
category: negative-static-loops
expect: untouched
notes: the code is verbatim apart from imports: the two modules are merged into one section, `flax` (not installed here) is replaced by a stand-in namespace whose `flax.struct.dataclass` is a frozen dataclass registered with jax.tree_util.register_dataclass, the `from structures import ...` lines are dropped (the names are now local), and `image_generation.balls_to_one_image` (only used by the unused 'image' observation) becomes a stub; sample_ball_uniform and sample_ball_uniform_pos, unused by the step, are kept. `env = BallsBase()` and `f = jax.jit(env.common_step)` are added as the entry point. Every Python loop runs over a static list (collider index pairs, wall closures) and every data-dependent choice is lax.cond / jax.nn.relu / `|`, so nothing should change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import dataclasses
import types

import jax
import jax.numpy as jnp
from functools import partial


def _struct_dataclass(cls):  # stand-in for flax.struct.dataclass
    cls = dataclasses.dataclass(frozen=True)(cls)
    return jax.tree_util.register_dataclass(
        cls, data_fields=[fl.name for fl in dataclasses.fields(cls)], meta_fields=[])


flax = types.SimpleNamespace(struct=types.SimpleNamespace(dataclass=_struct_dataclass))


def balls_to_one_image(balls, colors, image_dim):  # stand-in for image_generation
    raise NotImplementedError


@flax.struct.dataclass
class Ball:
    """Defines balls in the environment"""
    pos: jnp.ndarray
    radius: jnp.ndarray

@flax.struct.dataclass
class Wall:
    """Defines walls in the environment"""
    start: jnp.ndarray
    end: jnp.ndarray
    unit_start_to_end: jnp.ndarray

@flax.struct.dataclass
class State:
    """Fully describes the system state"""
    ball: Ball
    obs: jnp.ndarray


def out(ball: Ball, down=0., up=1.):
    """ball in the square delimitted by down and up ?"""
    is_out = jnp.any(ball.pos < 0.)
    is_out = is_out | jnp.any(ball.pos > 1.)
    return is_out

def sample_ball_uniform(key, num_balls, x_limit, y_limit, r_min, r_max) -> Ball:
    """Samples balls randomly and uniformly"""
    scale = jnp.array([x_limit, y_limit])
    pos = jax.random.uniform(key, shape=(num_balls, 2))*scale
    radius = r_min + jax.random.uniform(key, shape=(num_balls,)) * (r_max - r_min)
    return Ball(pos=pos, radius=radius)

def sample_ball_uniform_pos(key, num_balls, x_limit, y_limit, radius) -> Ball:
    """Samples balls position randomly and uniformly"""
    min_values = jnp.stack((radius, radius), axis=-1)
    max_values = jnp.stack((x_limit-radius, y_limit-radius)).transpose()
    pos = jax.random.uniform(key, shape=(num_balls, 2))
    pos = min_values + pos*(max_values - min_values)
    return Ball(pos=pos, radius=radius)

def normalize(start: jnp.ndarray, end: jnp.ndarray) -> jnp.ndarray:
    """Normalizes the corresponding vector"""
    diff = end-start
    norm = jnp.linalg.norm(diff)
    return diff/norm    

def create_wall(start: jnp.ndarray, end: jnp.ndarray) -> Wall:
    """Instantiates a wall"""
    return Wall(start, end, normalize(start=start, end=end))

def sline_proj(pos: jnp.ndarray, w: Wall) -> jnp.ndarray:
    """Returns the projection of pos on the semi-line of origin w.start"""
    inner = jnp.dot(pos - w.start, w.unit_start_to_end)
    return w.start + jax.nn.relu(inner)*w.unit_start_to_end

def closest_point(pos: jnp.ndarray, w: Wall) -> jnp.ndarray:
    """Returns the closest point to pos on wall w."""
    slp = partial(sline_proj, w=w)
    inner_end = jnp.dot(pos - w.end, w.unit_start_to_end)
    return jax.lax.cond(inner_end > 0, lambda x: w.end, slp, pos)

def pen_res_bw(b: Ball, w: Wall) -> Ball:
    """Solves penetration problem : ball-wall"""
    closest = closest_point(b.pos, w)
    diff_unit = closest - b.pos
    dist_to_closest = jnp.linalg.norm(diff_unit)
    diff_unit = diff_unit / dist_to_closest
    return Ball(pos=b.pos - jax.nn.relu(b.radius - dist_to_closest)*diff_unit,
                radius=b.radius)

def pen_res_function_w(w: Wall):
    """Returns a function which solves the penetration problem 
    for one wall and multiple balls"""
    return jax.vmap(partial(pen_res_bw, w=w))

def pen_res_functions_w(w_list):
    """Returns a list of pen_res_function_w corresponding to each wall of the
    input list."""
    return [pen_res_function_w(w=w) for w in w_list]

def update_bw(balls: Ball, pen_res_fcts) -> Ball:
    """Return updated balls state"""
    new_balls = balls
    for fct in pen_res_fcts:
        new_balls = fct(new_balls)
    return new_balls

def pen_vect_bb(pos_1: jnp.ndarray, 
                radius_1: jnp.ndarray, 
                pos_2: jnp.ndarray, 
                radius_2: jnp.ndarray) -> (jnp.ndarray, jnp.ndarray):
    """Returns the penetration vector between two balls"""
    diff = pos_1 - pos_2
    distance = jnp.linalg.norm(diff)
    pen_vect = jax.nn.relu((radius_1+radius_2)/distance - 1.)*diff
    return pen_vect

def pen_res_bb_pos(pos_1: jnp.ndarray, 
                   radius_1: jnp.ndarray, 
                   pos_2: jnp.ndarray, 
                   radius_2: jnp.ndarray) -> (jnp.ndarray, jnp.ndarray):
    """Solves the penetration problem"""
    pen_vect = pen_vect_bb(pos_1, radius_1, pos_2, radius_2)
    pen_vect_2 = pen_vect / 2.
    return (pos_1 + pen_vect_2, pos_2 - pen_vect_2)

def get_ball_colliders(nb_balls: int):
    """Returns couples of possible collisions"""
    return [(i,j) for i in range(nb_balls) for j in range(i+1, nb_balls)]

def update_bb_indices(balls: Ball, index_1: int, index_2: int) -> Ball:
    """Updates positions of balls of indices index_1 and index_2"""
    new_pos_1, new_pos_2 = pen_res_bb_pos(balls.pos[index_1],
                                          balls.radius[index_1],
                                          balls.pos[index_2],
                                          balls.radius[index_2])
    new_balls_pos = balls.pos.at[index_1].set(new_pos_1)
    new_balls_pos = new_balls_pos.at[index_2].set(new_pos_2)
    return Ball(pos=new_balls_pos, radius=balls.radius)

def update_bb(balls: Ball, ball_colliders: list) -> Ball:
    """Updates balls positions through ball-to-ball collisions"""
    new_balls = balls
    for i,j in ball_colliders:
        new_balls = update_bb_indices(new_balls, i, j)
    return new_balls

def update_agent_pos(balls: Ball, 
                     dpos: jnp.ndarray, 
                     agent_index : int = 0) -> Ball:
    """Updates agent position."""
    new_agent_pos = balls.pos[agent_index] + dpos
    new_balls_pos = balls.pos.at[agent_index].set(new_agent_pos)
    return Ball(pos=new_balls_pos, radius=balls.radius)


def done_timestep(state: State, timestep, max_timestep = 10000) -> bool:
    return out(state.ball) | (timestep >= max_timestep)

class BallsBase:
    def __init__(self, obs_type : str = 'position'): 
        self.num_balls = 4
        self.x_limit = 1.
        self.y_limit = 1.
        self.init_radius = (1. + jnp.arange(self.num_balls, dtype=jnp.float32))
        self.init_radius *= (min(self.x_limit, self.y_limit) / 20.)
        
        self.colors = 255*jnp.ones((self.num_balls,), dtype=jnp.int32)
        self.image_dim = 224
        
        self.ball_colliders = get_ball_colliders(self.num_balls)
        self.solve_bb_collisions = partial(update_bb, 
                                           ball_colliders=self.ball_colliders)
        
        self.walls = []
        self.walls.append(create_wall(start=jnp.array([0., 
                                                       0.]),
                                      end=jnp.array([self.x_limit, 
                                                     0.])))
        self.walls.append(create_wall(start=jnp.array([0., 
                                                       0.]),
                                      end=jnp.array([0., 
                                                     self.y_limit])))
        self.walls.append(create_wall(start=jnp.array([self.x_limit, 
                                                       0.]),
                                      end=jnp.array([self.x_limit, 
                                                     self.y_limit])))
        self.walls.append(create_wall(start=jnp.array([0., 
                                                       self.y_limit]),
                                      end=jnp.array([self.x_limit, 
                                                     self.y_limit])))
        
        self.solve_bw_collisions = partial(update_bw, 
                                           pen_res_fcts=pen_res_functions_w(self.walls))
        
        
        self.obs_type = obs_type
        self.obs_fcts = {
                        'position': self.get_pos, 
                        'image': self.get_image
                         }
        self.get_obs = self.obs_fcts.get(self.obs_type)
    
    def apply_update(self, 
                     balls: Ball, 
                     agent_pos_var: jnp.ndarray = jnp.zeros((2,))) -> Ball:
        """Update positions of balls"""
        new_balls = update_agent_pos(balls, agent_pos_var)
        new_balls = self.solve_bb_collisions(new_balls)
        new_balls = self.solve_bw_collisions(new_balls)
        return new_balls
    
    def reset_base(self, key):
        """Resets the environment : new ball positions and new random key"""
        new_balls = sample_ball_uniform_pos(key, 
                                            self.num_balls, 
                                            self.x_limit, 
                                            self.y_limit, 
                                            self.init_radius)
        for _ in range(10):
            new_balls = self.solve_bb_collisions(new_balls)
            new_balls = self.solve_bw_collisions(new_balls)
        new_key = jax.random.split(key)[0]
        return new_balls, new_key
    
    # Static method : precise ?
    def get_pos(self, balls: Ball) -> jnp.ndarray:
        """Returns positions from balls"""
        return balls.pos.flatten()
    
    def get_image(self, balls: Ball) -> jnp.ndarray:
        """Returns an image from balls"""
        return balls_to_one_image(balls,
                                  self.colors,
                                  self.image_dim)
    
    def get_dpos(self, action: jnp.ndarray) -> jnp.ndarray:
        """Returns a position variation from a velocity angle."""
        angle = jnp.pi * action
        return 0.02 * jnp.array([jnp.cos(angle), jnp.sin(angle)])
    
    def common_step(self, 
                    state: State, 
                    action: jnp.ndarray) -> State:
        """Performs an MDP step : s_t + a_t -> s_{t+1}"""
        dpos = self.get_dpos(action)
        new_balls = self.apply_update(state.ball, dpos)
        new_obs = self.get_obs(new_balls)
        new_state = State(ball=new_balls, 
                          obs=new_obs)
        return new_state
    
    def compute_done(self, state: State, timestep) -> bool:
        """Returns whether the state is terminal or not"""
        return done_timestep(state, timestep)


env = BallsBase()
f = jax.jit(env.common_step)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    radius = ((1.0 + np.arange(4, dtype=np.float32)) / 20.0).astype(np.float32)
    # some balls overlap each other or poke through a wall, so both contact paths run
    pos = rng.uniform(0.05, 0.95, size=(4, 2)).astype(np.float32)
    if rng.random() < 0.5:
        pos[1] = pos[0] + rng.normal(scale=0.03, size=2).astype(np.float32)
    if rng.random() < 0.5:
        pos[3, 0] = np.float32(0.1)
    ball = Ball(pos=pos, radius=radius)
    state = State(ball=ball, obs=pos.flatten())
    action = np.float32(rng.uniform(-1.0, 1.0))
    return (state, action)


INPUTS = make_inputs
