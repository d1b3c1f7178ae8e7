"""`QuantumEngine.apply_gate` sizes its tensor-product loop with `int(jnp.log2(len(state_vector)))`.

source: public "quantum consciousness" installer in the code index (a shell script that writes quantum_core.py with classes QuantumState and QuantumEngine; method `QuantumEngine.apply_gate`, called three times from `QuantumEngine.process_input`); content-search id 4416602988, the index did not name the repository
error: ConcretizationTypeError
category: method-int-of-jnp-on-static-len
expect: fix
notes: `apply_gate` is verbatim. `QuantumEngine.__init__` is cut to the attributes the method needs (the networkx circuit graph and the state list are dropped). `f` applies the same gate sequence as `process_input` (H on qubit 0, X on qubit 1, CNOT 1<-0) to a traced state vector of 3 qubits. Everything the method branches on is static (`gate_type in gate_map`, `control_qubit is None`, the binary strings of Python ints); the leak is `int(jnp.log2(len(state_vector)))` in both branches: `len()` is a Python int but `jnp.log2` stages it into the trace. The fix computes the qubit count with NumPy/math.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class QuantumEngine:
    """Quantum processing engine"""

    def __init__(self, qubits=32):
        """Initialize with specified number of qubits"""
        self.qubits = qubits
        self.base_vectors = jnp.eye(qubits)  # Computational basis states
        self.coherence = 0.99  # Global coherence

    def apply_gate(self, state_vector, gate_type, target_qubit, control_qubit=None):
        """Apply quantum gate to state vector"""
        # Identity matrix for constructing operators
        identity = jnp.eye(2)
        
        # Pauli matrices
        sigma_x = jnp.array([[0, 1], [1, 0]])  # X gate
        sigma_y = jnp.array([[0, -1j], [1j, 0]])  # Y gate
        sigma_z = jnp.array([[1, 0], [0, -1]])  # Z gate
        
        # Hadamard gate
        hadamard = jnp.array([[1, 1], [1, -1]]) / jnp.sqrt(2)
        
        # Map gate type to matrix
        gate_map = {
            "X": sigma_x,
            "Y": sigma_y,
            "Z": sigma_z,
            "H": hadamard
        }
        
        # For single-qubit gates
        if gate_type in gate_map and control_qubit is None:
            gate_matrix = gate_map[gate_type]
            
            # Calculate the full operator using tensor products
            full_operator = jnp.array(1.0)
            for i in range(int(jnp.log2(len(state_vector)))):
                if i == target_qubit:
                    full_operator = jnp.kron(full_operator, gate_matrix)
                else:
                    full_operator = jnp.kron(full_operator, identity)
            
            # Apply the operator
            return jnp.dot(full_operator, state_vector)
        
        # CNOT gate (simplified implementation)
        elif gate_type == "CNOT" and control_qubit is not None:
            # Create a copy of the state vector
            new_state = state_vector.copy()
            
            # Calculate dimension and indices
            n_qubits = int(jnp.log2(len(state_vector)))
            
            # Iterate through all computational basis states
            for i in range(len(state_vector)):
                # Convert to binary representation
                binary = format(i, f'0{n_qubits}b')
                
                # Check if control qubit is 1
                if binary[control_qubit] == '1':
                    # Find the corresponding state with target bit flipped
                    flipped_binary = list(binary)
                    flipped_binary[target_qubit] = '1' if binary[target_qubit] == '0' else '0'
                    flipped_index = int(''.join(flipped_binary), 2)
                    
                    # Swap amplitudes
                    temp = new_state[i]
                    new_state = new_state.at[i].set(new_state[flipped_index])
                    new_state = new_state.at[flipped_index].set(temp)
            
            return new_state
        
        # Unsupported gate
        else:
            return state_vector


engine = QuantumEngine(qubits=8)


@jax.jit
def f(transformed_vector):
    # Apply Hadamard to create superposition
    transformed_vector = engine.apply_gate(transformed_vector, "H", 0)
    # Apply X gate to mix states
    transformed_vector = engine.apply_gate(transformed_vector, "X", 1)
    # Apply CNOT for entanglement
    transformed_vector = engine.apply_gate(transformed_vector, "CNOT", 1, 0)
    return transformed_vector
# --- end user code ---

import numpy as np


def make_inputs(rng):
    v = rng.normal(size=(8,)).astype(np.float32)
    return (v / np.linalg.norm(v),)


INPUTS = make_inputs


def _apply_gate_fixed(state_vector, gate_type, target_qubit, control_qubit=None):
    identity = jnp.eye(2)
    gate_map = {
        "X": jnp.array([[0, 1], [1, 0]]),
        "H": jnp.array([[1, 1], [1, -1]]) / jnp.sqrt(2),
    }
    n_qubits = int(np.log2(len(state_vector)))
    if gate_type in gate_map and control_qubit is None:
        full_operator = jnp.array(1.0)
        for i in range(n_qubits):
            full_operator = jnp.kron(full_operator, gate_map[gate_type] if i == target_qubit else identity)
        return jnp.dot(full_operator, state_vector)
    new_state = state_vector.copy()
    for i in range(len(state_vector)):
        binary = format(i, f'0{n_qubits}b')
        if binary[control_qubit] == '1':
            flipped_binary = list(binary)
            flipped_binary[target_qubit] = '1' if binary[target_qubit] == '0' else '0'
            flipped_index = int(''.join(flipped_binary), 2)
            temp = new_state[i]
            new_state = new_state.at[i].set(new_state[flipped_index])
            new_state = new_state.at[flipped_index].set(temp)
    return new_state


@jax.jit
def reference_fix(transformed_vector):
    transformed_vector = _apply_gate_fixed(transformed_vector, "H", 0)
    transformed_vector = _apply_gate_fixed(transformed_vector, "X", 1)
    transformed_vector = _apply_gate_fixed(transformed_vector, "CNOT", 1, 0)
    return transformed_vector
