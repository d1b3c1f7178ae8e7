"""RRT._steer: a planner method that tests the distance between two Node objects' traced states with a Python `if`.

source: public JAX RRT/RRT* planner module "RRT Implementation" (classes SimpleNode, Node, kdTree, RRT), code-index file id 33804169554 (RRT._steer, Node, RRT.__init__); a sibling revision of the same module is code-index file id 34186664450; the index does not name the repository
error: TracerBoolConversionError
category: method-on-object-attributes
expect: fix
notes: `_steer` reads `to_node.state` / `from_node.state` (properties over the traced `_state` attribute) and branches on `dist <= step_size`; the Node it builds also deep-copies its parent. Kept verbatim: Node, RRT.__init__, _compute_node_distance, _steer, _calc_dist_to_goal. Adapted: the seaborn/matplotlib/time imports, the kdTree class, RRT.plan/_draw_graph/_generate_final_course and the `__main__` demo are left out; the world map (`world_map.TwoDimMap`, not in the module) is replaced by a two-line stand-in exposing only `_resolution`, the attribute RRT.__init__ reads; the entry point `f` (steer one state toward another with the planner built as in the demo: resolution 0.02, step_size 0.1) is added here.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import jax.random as random
import copy


class Node:
    """
        Node in RRT/RRT* algorithm
    """
    def __init__(self, state):
        self._state = state
        self._parent = None
        self.left = None
        self.right = None
        
        # For usage in RRR*
        self._cost = -100. * 200.
        self.min_dist = 200.
        
    def set_parent(self, node):
        self._parent = copy.deepcopy(node)
        
    def set_cost(self, cost):
        self._cost = cost

    def reset_parent(self, node):
        self._parent = copy.deepcopy(node)

    def reset_min_dist(self, min_dist):
        self.min_dist = min_dist

    def __eq__(self, other):
        eq = False
        if jnp.linalg.norm(self.state - other.state) < 1e-3:
            eq = True
        return eq
        
    @property
    def state(self):
        return self._state
    
    @property
    def parent(self):
        return self._parent
    
    @property
    def cost(self):
        return self._cost


class RRT:
    """
        RRT Implementation
    """
    def __init__(self, 
                 start_config: jnp.ndarray,
                 goal_config: jnp.ndarray,
                 map,
                 step_size: float = 0.01,
                 goal_sample_rate: int = 50,
                 max_iter: int = 500,
                 seed: int = 0
                 ):
        self._start = Node(start_config)
        self._goal = Node(goal_config)
        
        self._map = map
        self._resolution = map._resolution

        self._node_list = []
        
        self._step_size = step_size if step_size > self._resolution else 2.0 * self._resolution
        self._max_iter = max_iter
        self._goal_sample_rate = goal_sample_rate
        
        self._rng_key = random.PRNGKey(seed=seed)

    @staticmethod
    def _compute_node_distance(node1: Node, node2: Node):
        return jnp.linalg.norm(node1._state - node2._state)

    def _steer(self, from_node: Node, to_node: Node, step_size: float) -> Node:
        dist = jnp.linalg.norm(to_node.state - from_node.state)
        if dist <= step_size:
            new_node_state = to_node.state
        else:
            new_node_state = from_node.state + step_size * (to_node.state - from_node.state) / dist
        new_node = Node(new_node_state)
        new_node.set_parent(from_node)
        return new_node

    def _calc_dist_to_goal(self, node: Node):
        return RRT._compute_node_distance(node, self._goal)


class _MapStandIn:  # stand-in for world_map.TwoDimMap([0., 2., 0., 2.], resolution=0.02)
    _resolution = 0.02


rrt = RRT(start_config=jnp.array([0.0, 0.]), goal_config=jnp.array([2.0, 2.0]),
          map=_MapStandIn(), step_size=0.1, goal_sample_rate=0, seed=250, max_iter=500)


@jax.jit
def f(from_state, to_state):
    new_node = rrt._steer(Node(from_state), Node(to_state), rrt._step_size)
    return new_node.state, rrt._calc_dist_to_goal(new_node)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    a = rng.uniform(0.0, 2.0, size=2)
    if rng.uniform() < 0.4:
        b = a + rng.uniform(-0.06, 0.06, size=2)   # within one step: dist <= step_size
    else:
        b = rng.uniform(0.0, 2.0, size=2)
    return (a.astype(np.float32), b.astype(np.float32))


INPUTS = make_inputs


@jax.jit
def reference_fix(from_state, to_state):
    step_size = rrt._step_size
    dist = jnp.linalg.norm(to_state - from_state)
    safe = jnp.where(dist <= step_size, 1.0, dist)
    new_state = jnp.where(dist <= step_size, to_state,
                          from_state + step_size * (to_state - from_state) / safe)
    return new_state, jnp.linalg.norm(new_state - rrt._goal.state)
