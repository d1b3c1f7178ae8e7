"""GraphState.add_node: `if not state.is_capacity_mode` where the property is a traced `jnp.any`; the branch changes shapes.

source: public code index, "Graph representation as an immutable JAX-compatible structure." module `core/graph.py` (code-index file id 61885279633: CapacityExceededError, GraphState with num_nodes / is_capacity_mode / capacity properties, tree_flatten / tree_unflatten) and its "Graph editing operations." module importing `from core.graph import GraphState, CapacityExceededError` (code-index file id 10713246261: add_node, _add_node_dynamic); the index does not name the repository or commit
error: TracerBoolConversionError
category: property-bool-dynamic-shape
expect: report
notes: GraphState (without get_active_indices, get_active_mask, the update_* helpers and create_padded_state; docstrings of tree_flatten/tree_unflatten and add_node shortened), CapacityExceededError, add_node and _add_node_dynamic verbatim. The jitted `f` wrapping a GraphState around traced arrays and calling add_node is added (GraphState is registered as a pytree so that it can cross jit). The property `is_capacity_mode` returns a traced `jnp.any`, so `if not state.is_capacity_mode` fails; the dynamic-mode branch grows every array by one (jnp.append / vstack) and the capacity branch uses `jnp.where(...)[0]`, `len(...)`, `int(...)` and raises CapacityExceededError when full: data-dependent shapes and a data-dependent exception, no jit-safe rewrite with the same behaviour.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import dataclasses
from typing import Dict, Any, Optional
from dataclasses import field


class CapacityExceededError(Exception):
    """Raised when trying to add more nodes than capacity allows."""
    pass


@jax.tree_util.register_pytree_node_class
@dataclasses.dataclass(frozen=True)
class GraphState:
    """
    Immutable JAX-compatible graph state representation.
    """
    node_types: jnp.ndarray

    node_attrs: Dict[str, jnp.ndarray]
    adj_matrices: Dict[str, jnp.ndarray]
    edge_attrs: Dict[str, jnp.ndarray] = field(default_factory=dict)
    global_attrs: Dict[str, Any] = field(default_factory=dict)

    def __post_init__(self):
        # Ensure edge_attrs is initialized
        if self.edge_attrs is None:
            object.__setattr__(self, 'edge_attrs', {})
        # Ensure global_attrs is initialized
        if self.global_attrs is None:
            object.__setattr__(self, 'global_attrs', {})

    def replace(self, **kwargs) -> 'GraphState':
        """
        Create a new graph state with updated components.
        """
        return dataclasses.replace(self, **kwargs)

    @property
    def num_nodes(self) -> int:
        """
        Get the number of active nodes in the graph.

        In capacity mode, counts only active nodes (node_type >= 0).
        In dynamic mode, returns total array size.
        """
        if self.is_capacity_mode:
            return int(jnp.sum(self.node_types >= 0))
        if not self.node_attrs:
            return 0
        return next(iter(self.node_attrs.values())).shape[0]

    @property
    def is_capacity_mode(self) -> bool:
        """
        Check if this state is in capacity mode.

        Capacity mode uses fixed-size arrays with inactive slots (node_type=-1).
        Dynamic mode uses dynamically-sized arrays.
        """
        return jnp.any(self.node_types == -1)

    @property
    def capacity(self) -> Optional[int]:
        """
        Get the capacity (max nodes) in capacity mode.

        Returns None if in dynamic mode.
        """
        if self.is_capacity_mode:
            return int(self.node_types.shape[0])
        return None

    def tree_flatten(self):
        children = [self.node_types]

        # Sort keys for deterministic ordering
        node_attr_keys = sorted(self.node_attrs.keys())
        adj_matrix_keys = sorted(self.adj_matrices.keys())
        edge_attr_keys = sorted(self.edge_attrs.keys())

        # Add arrays from dicts
        for k in node_attr_keys:
            children.append(self.node_attrs[k])
        for k in adj_matrix_keys:
            children.append(self.adj_matrices[k])
        for k in edge_attr_keys:
            children.append(self.edge_attrs[k])

        # Auxiliary data: dict keys and global_attrs (static, not traced)
        aux_data = (
            tuple(node_attr_keys),
            tuple(adj_matrix_keys),
            tuple(edge_attr_keys),
            tuple(self.global_attrs.items())  # Treat as static
        )

        return children, aux_data

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        node_attr_keys, adj_matrix_keys, edge_attr_keys, global_items = aux_data

        # First child is always node_types
        node_types = children[0]
        idx = 1

        node_attrs = {}
        for k in node_attr_keys:
            node_attrs[k] = children[idx]
            idx += 1

        adj_matrices = {}
        for k in adj_matrix_keys:
            adj_matrices[k] = children[idx]
            idx += 1

        edge_attrs = {}
        for k in edge_attr_keys:
            edge_attrs[k] = children[idx]
            idx += 1

        global_attrs = dict(global_items)

        return cls(
            node_types=node_types,
            node_attrs=node_attrs,
            adj_matrices=adj_matrices,
            edge_attrs=edge_attrs,
            global_attrs=global_attrs
        )


def add_node(
    state: GraphState,
    node_type: int = 0,
    initial_attrs: Optional[Dict[str, float]] = None
) -> GraphState:
    """
    Add node - O(1) in capacity mode, O(N²) in dynamic mode.

    Raises:
        CapacityExceededError: When capacity mode and no inactive slots available
    """
    if not state.is_capacity_mode:
        # Dynamic mode: use append/vstack (existing behavior)
        return _add_node_dynamic(state, node_type, initial_attrs)

    # Capacity mode: activate slot (O(1))
    inactive_indices = jnp.where(state.node_types == -1)[0]

    if len(inactive_indices) == 0:
        raise CapacityExceededError(
            f"Cannot add node: capacity {state.capacity} reached"
        )

    slot_id = int(inactive_indices[0])
    new_node_types = state.node_types.at[slot_id].set(node_type)

    new_node_attrs = dict(state.node_attrs)
    for attr_name, values in state.node_attrs.items():
        init_val = initial_attrs.get(attr_name, 0.0) if initial_attrs else 0.0
        new_node_attrs[attr_name] = values.at[slot_id].set(init_val)

    return state.replace(node_types=new_node_types, node_attrs=new_node_attrs)


def _add_node_dynamic(
    state: GraphState,
    node_type: int,
    initial_attrs: Optional[Dict[str, float]]
) -> GraphState:
    """Dynamic mode implementation (backward compatible)."""
    num_nodes = state.num_nodes
    new_num_nodes = num_nodes + 1

    # Update node types
    new_node_types = jnp.append(state.node_types, node_type)

    # Update node attributes
    new_node_attrs = {}
    for attr_name, values in state.node_attrs.items():
        init_val = initial_attrs.get(attr_name, 0.0) if initial_attrs else 0.0
        new_node_attrs[attr_name] = jnp.append(values, init_val)

    # Update adjacency matrices (expand with zeros)
    new_adj_matrices = {}
    for rel_name, adj in state.adj_matrices.items():
        # Add row of zeros
        new_adj = jnp.vstack([adj, jnp.zeros((1, num_nodes))])
        # Add column of zeros
        new_adj = jnp.hstack([new_adj, jnp.zeros((new_num_nodes, 1))])
        new_adj_matrices[rel_name] = new_adj

    return state.replace(
        node_types=new_node_types,
        node_attrs=new_node_attrs,
        adj_matrices=new_adj_matrices
    )


@jax.jit
def f(node_types, resources, network):
    state = GraphState(
        node_types=node_types,
        node_attrs={"resources": resources},
        adj_matrices={"network": network},
    )
    state = add_node(state, node_type=1, initial_attrs={"resources": 100.0})
    return state.node_types, state.node_attrs["resources"], state.adj_matrices["network"]
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 6
    node_types = rng.integers(0, 3, size=n).astype(np.int32)
    n_inactive = int(rng.integers(0, 3))  # 0 -> dynamic mode, else capacity mode
    if n_inactive:
        node_types[n - n_inactive:] = -1
    resources = rng.uniform(0.0, 100.0, size=n).astype(np.float32)
    network = (rng.uniform(size=(n, n)) < 0.3).astype(np.float32)
    return (node_types, resources, network)


INPUTS = make_inputs
