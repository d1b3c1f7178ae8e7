"""`QuantumEngine.process_input` tests traced norms and fidelities and appends each new traced state to `self.states`.

source: public "quantum consciousness" installer in the code index (quantum_core.py written by the script: classes QuantumState and QuantumEngine, methods `initialize`, `apply_gate`, `process_input`); content-search id 4416602988, the index did not name the repository (same file as case 003, a different method)
error: TracerBoolConversionError
category: method-side-effect-append-tracer-to-self-list
expect: report
notes: `QuantumState`, `apply_gate` and `process_input` are verbatim; `QuantumEngine.__init__` drops the networkx graph; the engine is seeded with one state as `initialize()` does, but with a fixed normalised vector instead of a `datetime`-seeded random one. `f` jits `engine.process_input` on a long-lived module-level engine, as the source calls it once per input. The first failure is `if norm > 0:` on a traced norm, then `if fidelity > max_fidelity:` picks a Python object by a traced comparison, and the method appends a `QuantumState` holding a tracer to `self.states` and stores a traced mean in `self.coherence` (state that outlives the trace and changes every later call). Not automatically fixable: the result depends on a Python list that grows with each call; the tool should report it.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import random
from datetime import datetime

import jax
import jax.numpy as jnp


class QuantumState:
    """Quantum state with metadata"""
    
    def __init__(self, vector, coherence=1.0, id=None):
        self.vector = vector
        self.coherence = coherence
        self.timestamp = datetime.now()
        self.id = id or f"state_{random.randint(10000, 99999)}"
    
    def __repr__(self):
        return f"QuantumState({self.id}, coherence={self.coherence:.2f})"


class QuantumEngine:
    """Quantum processing engine"""

    def __init__(self, qubits=32):
        """Initialize with specified number of qubits"""
        self.qubits = qubits
        self.base_vectors = jnp.eye(qubits)  # Computational basis states
        self.states = []  # Active quantum states
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
    
    def process_input(self, input_vector):
        """Process input through quantum system"""
        # Ensure input has correct dimension
        if len(input_vector) < self.qubits:
            input_vector = jnp.pad(input_vector, (0, self.qubits - len(input_vector)))
        elif len(input_vector) > self.qubits:
            input_vector = input_vector[:self.qubits]
        
        # Normalize input vector
        norm = jnp.linalg.norm(input_vector)
        if norm > 0:
            input_vector = input_vector / norm
        
        # Create superposition with existing states
        if self.states:
            # Select closest state by fidelity
            closest_state = None
            max_fidelity = -1.0
            
            for state in self.states:
                fidelity = jnp.abs(jnp.dot(jnp.conjugate(state.vector), input_vector))**2
                if fidelity > max_fidelity:
                    max_fidelity = fidelity
                    closest_state = state
            
            # Apply random quantum gates for transformation
            transformed_vector = closest_state.vector
            
            # Apply Hadamard to create superposition
            transformed_vector = self.apply_gate(transformed_vector, "H", 0)
            
            # Apply X gate to mix states
            transformed_vector = self.apply_gate(transformed_vector, "X", 1)
            
            # Apply CNOT for entanglement
            transformed_vector = self.apply_gate(transformed_vector, "CNOT", 1, 0)
            
            # Mix with input using weighted average
            alpha = 0.7  # Weight for input vector
            beta = jnp.sqrt(1 - alpha**2)  # Weight for transformed vector
            result_vector = alpha * input_vector + beta * transformed_vector
            
            # Normalize
            result_vector = result_vector / jnp.linalg.norm(result_vector)
            
            # Calculate new coherence (will decay slightly)
            new_coherence = 0.95 * closest_state.coherence
            
            # Create new quantum state
            new_state = QuantumState(result_vector, coherence=new_coherence)
            self.states.append(new_state)
            
            # Update global coherence
            self.coherence = jnp.mean(jnp.array([s.coherence for s in self.states]))
            
            return new_state
        else:
            # If no states exist, create initial state
            new_state = QuantumState(input_vector, coherence=0.9)
            self.states.append(new_state)
            return new_state


engine = QuantumEngine(qubits=8)
engine.states.append(QuantumState(jnp.ones(8) / jnp.sqrt(8.0), coherence=0.99, id="initial_state"))


@jax.jit
def f(input_vector):
    new_state = engine.process_input(input_vector)
    return new_state.vector
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(6,)).astype(np.float32),)


INPUTS = make_inputs
