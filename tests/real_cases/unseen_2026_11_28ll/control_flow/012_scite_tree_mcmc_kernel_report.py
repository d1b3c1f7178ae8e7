"""SCITE mutation-tree MCMC kernel: move dispatch and accept/reject are Python `if`s, and the moves need data-dependent shapes.

source: cbg-ethz/PYggdrasil src/pyggdrasil/tree_inference/_mcmc.py at 9fb95097580455c1112a5bc0d95b2ef66ecae4a2 (_prune_and_reattach_move/_proposal, _swap_node_labels_move/_proposal, _swap_subtrees_move/_proposal, MoveProbabilities, _validate_move_probabilities, _mcmc_kernel), with the tree helpers from src/pyggdrasil/tree_inference/_tree.py at 1068214f07075f0e0d1f822ad4fe4880a84738f0 (Tree, get_descendants, _expon_adj_mat, _get_ancestor_matrix). The sampler in src/pyggdrasil/tree_inference/_mcmc_sampler.py keeps "TODO: use jax.lax.while_loop instead of while_loop, requires further modification of _get_descendants at least" (code-index file id 6736583977).
error: TracerBoolConversionError
category: mcmc-accept-reject
expect: report
notes: _mcmc.py and the three _tree.py helpers are verbatim except: the _tree.py Tree dataclass keeps only its two fields (its to_TreeNode/print/__str__ need pyggdrasil.tree and pandas), `random.PRNGKeyArray` annotations (gone from current JAX) are quoted strings, and `import pyggdrasil.tree_inference._tree as tr` is replaced by a small `tr` stand-in class exposing get_descendants under the name _mcmc.py uses (_get_descendants; the function was renamed between the two revisions). The SCITE log-probability (from _logprob.py) is replaced by a simple stand-in score of the tree, and the jitted entry point `f(key, topology, labels)` builds the Tree inside. Under jit, `if move_type == 0:` needs a concrete bool; behind it the proposals call `int(random.choice(...))`, `jnp.where(labels == node)[0]`, `jnp.setdiff1d` and `node2 in desc_node1`, and the correction factor is `float(jnp.log(desc.shape[0] + 1))`: data-dependent shapes and Python control flow on traced node ids, which need a redesign (fixed-size masks), not a mechanical rewrite.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
"""Kernel for Markov Chain Monte Carlo inference for mutation trees
   according to the SCITE model.

Note:
    This implementation assumes that the false positive
    and false negative rates are known and provided as input.
"""
from typing import Callable, Optional, Tuple
import math
import jax
from jax import Array
from jax import random
import jax.numpy as jnp
import dataclasses
import logging

logger = logging.getLogger(__name__)
logger.setLevel(logging.DEBUG)


@dataclasses.dataclass(frozen=True)
class Tree:
    """For ``N`` mutations we use a tree with ``N+1`` nodes,
    where the nodes at positions ``0, ..., N-1`` are "blank"
    and can be mapped to any of the mutations.
    The node ``N`` is the root node and should always be mapped
    to the wild type.
    """

    tree_topology: jax.Array
    labels: jax.Array


def get_descendants(
    adj_matrix: Array, labels: Array, parent: int, include_parent: bool = False
) -> Array:
    """
    Returns a list of labels representing the descendants of node parent.
    Used boolean matrix exponentiation to find descendants.
    """

    # get ancestor matrix
    ancestor_mat = _get_ancestor_matrix(adj_matrix)
    # get index of parent
    # TODO: does throw ConcretizationTypeError with jax.jit
    parent_idx = jnp.where(labels == parent)[0]
    # get descendants
    desc = jnp.where(ancestor_mat[parent_idx, :][0])[0]
    # get labels correspond to indices
    desc_labels = labels[desc]
    # remove parent - as self-looped
    if not include_parent:
        desc_labels = desc_labels[desc_labels != parent]
    return desc_labels


def _expon_adj_mat(adj_matrix: Array, exp: int):
    """Exponentiation of adjacency matrix."""
    bool_mat = jnp.where(adj_matrix == 1, True, False)
    adj_matrix_exp = bool_mat

    def body(carry, _):
        return jnp.dot(carry, bool_mat), None

    adj_matrix_exp = jax.lax.scan(body, bool_mat, jnp.arange(exp))[0]

    return adj_matrix_exp


def _get_ancestor_matrix(adj_matrix: Array):
    """Returns the ancestor matrix."""

    # ensure is jax array
    adj_matrix = jnp.array(adj_matrix)
    # get adjacency matrix
    n = adj_matrix.shape[0]
    # add self-loops
    diag_idx = jnp.diag_indices_from(adj_matrix)
    adj_matrix = adj_matrix.at[diag_idx].set(1)
    # boolean matrix exponentiation
    ancestor_matrix = _expon_adj_mat(adj_matrix, n - 1)
    return ancestor_matrix


class tr:  # stand-in for `import pyggdrasil.tree_inference._tree as tr`
    _get_descendants = staticmethod(get_descendants)


def _prune_and_reattach_move(tree: Tree, *, pruned_node: int, attach_to: int) -> Tree:
    """Prune a node from tree topology and attach it to another one.

    Returns:
        new tree, with node ``pruned_node`` pruned and reattached to ``attach_to``.

    Note:
        This is a *pure function*, i.e., the original ``tree`` should not change.
    """
    # get tree
    new_adj_mat = tree.tree_topology
    # get nodes
    pruned_node_idx = jnp.where(tree.labels == pruned_node)[0]
    attach_to_idx = jnp.where(tree.labels == attach_to)[0]
    # Prune Step
    new_adj_mat = new_adj_mat.at[:, pruned_node_idx].set(
        0
    )  # cut all connections of pruned node
    # Attach Step
    new_adj_mat = new_adj_mat.at[attach_to_idx, pruned_node_idx].set(1)
    # make new tree
    new_tree = Tree(tree_topology=new_adj_mat, labels=tree.labels)

    logger.debug(
        "MCMC: Prune and reattach move - pruned node %s; attached to node %s",
        pruned_node,
        attach_to,
    )
    return new_tree


def _prune_and_reattach_proposal(
    key: "random.PRNGKeyArray", tree: Tree
) -> Tuple[Tree, float]:
    """Samples a new proposal using the "prune and reattach" move."""
    # get random keys
    rng_prune, rng_reattach = random.split(key)
    # pick a random non-root node to prune
    pruned_node = int(random.choice(rng_prune, tree.labels[:-1]))
    # get descendants of pruned node
    descendants = tr._get_descendants(tree.tree_topology, tree.labels, pruned_node)
    # possible nodes to reattach to - including pruned node for aperiodic case
    possible_nodes = jnp.setdiff1d(tree.labels, descendants)
    # pick a random node to reattach to
    attach_to = int(random.choice(rng_reattach, possible_nodes))
    return (
        _prune_and_reattach_move(
            tree=tree, pruned_node=pruned_node, attach_to=attach_to
        ),
        0.0,
    )


def _swap_node_labels_move(tree: Tree, node1: int, node2: int) -> Tree:
    """Swaps labels between ``node1`` and ``node2`` leaving the tree topology
    untouched."""
    label1 = tree.labels[node1]
    label2 = tree.labels[node2]

    # Copy all the labels
    new_labels = tree.labels
    # Assign label2 to node1...
    new_labels = new_labels.at[node1].set(label2)
    # ... and label1 to node2
    new_labels = new_labels.at[node2].set(label1)

    logger.debug(
        "MCMC: Swap node labels move - swapped labels of node %s and node %s",
        node1,
        node2,
    )

    return Tree(
        tree_topology=tree.tree_topology,
        labels=new_labels,
    )


def _swap_node_labels_proposal(
    key: "random.PRNGKeyArray", tree: Tree
) -> Tuple[Tree, float]:
    """Samples a new proposal using the "swap labels" move."""
    # Sample two distinct non-root labels
    node1, node2 = random.choice(key, tree.labels[:-1], shape=(2,), replace=False)

    return _swap_node_labels_move(tree=tree, node1=node1, node2=node2), 0.0


def _swap_subtrees_move(tree: Tree, node1: int, node2: int, same_lineage: bool, key: "random.PRNGKeyArray" = None) -> Tree:
    """Swaps subtrees rooted at ``node1`` and ``node2``."""
    # get node indices
    node1_idx = jnp.where(tree.labels == node1)[0]
    node2_idx = jnp.where(tree.labels == node2)[0]
    # get parent of node1
    parent1_idx = jnp.where(tree.tree_topology[:, node1_idx] == 1)[0]
    # get parent of node2
    parent2_idx = jnp.where(tree.tree_topology[:, node2_idx] == 1)[0]
    # detach subtree 1
    new_adj_mat = tree.tree_topology.at[parent1_idx, node1_idx].set(0)
    # detach subtree 2
    new_adj_mat = new_adj_mat.at[parent2_idx, node2_idx].set(0)

    if not same_lineage:
        # attach subtree 1 to parent of node2
        new_adj_mat = new_adj_mat.at[parent2_idx, node1_idx].set(1)
        # attach subtree 2 to parent of node1
        new_adj_mat = new_adj_mat.at[parent1_idx, node2_idx].set(1)
        # make new tree
        new_tree = Tree(tree_topology=new_adj_mat, labels=tree.labels)

        logger.debug(
            "MCMC: Swap subtrees move - swapped subtrees rooted at node %s and node %s",
            node1,
            node2,
        )
        return new_tree

    # if same lineage
    else:
        # attach subtree of k to parent of i - i.e. attach parent of node i/1 to node k/2
        new_adj_mat = new_adj_mat.at[parent1_idx, node2_idx].set(1)
        # get descendants of node k including k itself, as possible nodes attach node i to
        descendants = tr._get_descendants(tree.tree_topology, tree.labels, node2, include_parent=True)
        # sample uniformly from those nodes
        node3 = random.choice(key, descendants, shape=(1,), replace=False)
        # attach node i to that node
        new_adj_mat = new_adj_mat.at[node3, node1_idx].set(1)
        # make new tree
        new_tree = Tree(tree_topology=new_adj_mat, labels=tree.labels)

        logger.debug(
            "MCMC: Swap subtrees move - nested swap of subtrees rooted at node %s and node %s",
            node1,
            node2,
        )
        return new_tree



def _swap_subtrees_proposal(key: "random.PRNGKeyArray", tree: Tree) -> Tuple[Tree, float]:
    """Samples a new proposal using the "swap subtrees" move."""
    # split key - needed if nodes of same lineage are drawn
    key_node_choice, key_same_lineage = random.split(key)
    # Sample two distinct non-root labels
    node1, node2 = random.choice(key_node_choice, tree.labels[:-1], shape=(2,), replace=False)
    # are they in the same lineage? - is this a nested subtree move?
    desc_node1 = tr._get_descendants(tree.tree_topology, tree.labels, node1)
    desc_node2 = tr._get_descendants(tree.tree_topology, tree.labels, node2)
    same_lineage = False
    if node2 in desc_node1 or node1 in desc_node2:
        same_lineage = True
        logger.debug(
            "MCMC: Swap subtrees move - nodes of same lineage "
        )
        if node1 in desc_node2:
            # swap, to make node 2 the descendant
            # node 1 is node i and node 2 is node k
            node1, node2 = node2, node1
            logger.debug("MCMC: Swap subtrees move - swapping nodes")

    # new tree
    # simple case - swap two nodes that are not in the same lineage
    if not same_lineage:
        # Note: correction factor is zero as, move as equal proposal probability
        return _swap_subtrees_move(tree, node1, node2, same_lineage), 0.0
        # nodes are in same lineage - avoid cycles
    else:  # node 2 is descendant, i.e. node k
        # \Delta q = log q(new|old) - log q(old|new) = log [d(i)+1] - log [d(k)+1]
        # Note: inverse of the way it is represented in the paper's supplement
        # where k is the descendant node of i
        corr = float(
            jnp.log(desc_node1.shape[0] + 1.0) - jnp.log(desc_node2.shape[0] + 1.0)
        )
        return _swap_subtrees_move(tree, node1, node2, same_lineage, key_same_lineage), corr


@dataclasses.dataclass
class MoveProbabilities:
    """Move probabilities. The default values were taken from
    the paragraph **Combining the three MCMC moves** of page 14
    of the SCITE paper supplement.
    """

    prune_and_reattach: float = 0.1
    swap_node_labels: float = 0.65
    swap_subtrees: float = 0.25


def _validate_move_probabilities(move_probabilities: MoveProbabilities, /) -> None:
    """Validates if ``move_probabilities`` are valid.

    Raises:
        ValueError, if the probabilities are wrong
    """
    tup = (
        move_probabilities.prune_and_reattach,
        move_probabilities.swap_node_labels,
        move_probabilities.swap_subtrees,
    )

    if min(tup) <= 0 or max(tup) >= 1:
        raise ValueError(
            f"Probabilities must be in the open interval (0, 1). "
            f"Were: {move_probabilities}."
        )
    if not math.isclose(sum(tup), 1.0):
        raise ValueError(
            f"Probabilities must sum up to one. " f"Are: {move_probabilities}"
        )


def _mcmc_kernel(
    key: "random.PRNGKeyArray",
    tree: Tree,
    move_probabilities: MoveProbabilities,
    logprobability_fn: Callable[[Tree], float],
    logprobability: Optional[float] = None,
) -> Tuple[Tree, float]:
    """

    Args:
        key: JAX random key
        tree: the last tree
        move_probabilities: probabilities of making different moves
        logprobability_fn: function taking a tree and returning its log-probability
          (up to the additive (log-)normalization constant).
        logprobability: log-probability of the tree, :math:`\\log p(tree)`.
          If ``None``, it will be calculated using ``logprobability_fn``, what however
          may increase the number of function evaluations.

    Returns:
        new tree sampled
        log-probability of the tree, can be used at the next iteration
    """
    # Validate whether move probabilities are right
    _validate_move_probabilities(move_probabilities)

    # Calculate log-probability of the current sample, if not provided
    # log p(old tree)
    logprobability = (
        logprobability_fn(tree) if logprobability is None else logprobability
    )

    # Decide which move to use
    key_which, key_move, key_acceptance = random.split(key, 3)
    move_type = random.choice(
        key_which,
        3,
        p=jnp.asarray(
            [
                move_probabilities.prune_and_reattach,
                move_probabilities.swap_node_labels,
                move_probabilities.swap_subtrees,
            ]
        ),
    )

    # Generate the proposal and the correction term:
    # \Delta q = log q(proposal | old tree) - log q(old tree | proposal)
    if move_type == 0:
        proposal, log_q_diff = _prune_and_reattach_proposal(key, tree)
    elif move_type == 1:
        proposal, log_q_diff = _swap_node_labels_proposal(key, tree)
    else:
        proposal, log_q_diff = _swap_subtrees_proposal(key, tree)

    # log p(proposal)
    logprob_proposal = logprobability_fn(proposal)

    # This is the logarithm of the famous Metropolis-Hastings ratio:
    # log A (new proposal | old tree)
    # = log p(new proposal) - log p(old tree)
    # + log q(old tree | new proposal) - log q(new proposal | old tree)
    log_ratio = logprob_proposal - logprobability - log_q_diff
    # We want to have A = min(1, r). For numerical stability, we can do
    # log(A) = min(0, log(r)), and log(r) is above
    acceptance_ratio = jnp.exp(min(0.0, log_ratio))

    u = random.uniform(key_acceptance)
    if u <= acceptance_ratio:
        logger.info("Move Accepted")
        return proposal, logprob_proposal
    else:
        logger.info("Move Rejected")
        return tree, logprobability


def _stand_in_logprob(tree: Tree) -> float:
    # stand-in for pyggdrasil.tree_inference._logprob.create_logprob(data, error_rates)
    depth_weight = jnp.arange(tree.labels.shape[0], dtype=jnp.float32)
    return -jnp.sum(tree.tree_topology * depth_weight[tree.labels][None, :]) / 10.0


@jax.jit
def f(key, tree_topology, labels):
    tree = Tree(tree_topology=tree_topology, labels=labels)
    new_tree, logprob = _mcmc_kernel(key, tree, MoveProbabilities(), _stand_in_logprob)
    return new_tree.tree_topology, new_tree.labels, logprob
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n_mut = 5
    n = n_mut + 1
    adj = np.zeros((n, n), dtype=np.float32)
    # random tree rooted at the last node
    for child in range(n_mut):
        parent = int(rng.choice([p for p in range(child + 1, n)]))
        adj[parent, child] = 1.0
    labels = np.arange(n, dtype=np.int32)
    labels[:-1] = rng.permutation(n_mut).astype(np.int32)
    key = np.asarray(jax.random.PRNGKey(int(rng.integers(0, 2**31 - 1))))
    return (key, adj, labels)


INPUTS = make_inputs
