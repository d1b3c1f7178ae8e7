"""SERGIO gene-expression simulator rewrite: a jitted static method asserts on a traced array inside a per-gene loop.

source: ioneliabuzatu/TOC duckie/sergio_rewrite.py at 0220a4eeff63ca0509b9bf6c34023afe4cb19ec2 (class sergio: GRN namedtuple, __init__, build_graph, find_levels_, the @staticmethod @jax.jit calculate_half_response_, init_gene_bin_conc_, transcription_factor_model, step, calculate_prod_rate_fast, CLE_simulator_, calc_noise, simulate; code-index file id 12730695486)
error: TracerBoolConversionError
category: assert-on-traced-value
expect: report
notes: A JAX rewrite of the SERGIO single-cell simulator (the repository also keeps NumPy/`import jax.numpy as np` ports of the same code). `calculate_half_response_` is decorated `@staticmethod @jax.jit` by the author and loops over the rows of a traced adjacency slice (fine: static shape) but runs `assert valid_gs.min() >= 0` on a traced value. Adapted: the removed `jax.ops.index_add` / `jax.ops.index_update(x, jax.ops.index[...], y)` calls are written as `x.at[...].add(y)` / `.set(y)`; `from duckie.genes import gene` is replaced by a small stand-in class (only used by find_levels_, which the case does not call). The entry point is the author's jitted static method itself. An assertion is a runtime check with no jit-time value: the leak should be reported (or turned into checkify / a debug callback by hand), not silently dropped.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import collections
import csv
import time as clock

import jax.numpy as jnp
import jax
import numpy as onp


class gene:  # stand-in for duckie.genes.gene (not available)
    def __init__(self, sim, ID, Type, binID):
        self.ID = ID
        self.Type = Type
        self.binID = binID


GRN = collections.namedtuple("GRN", "K basal_prod_rate adjacency decay_rate coop_state")


class sergio:
    def __init__(self, number_genes, number_bins, number_sc, noise_params, decays, sampling_state=10, tol=1e-3, window_length=100, dt=0.01):
        self.num_genes = number_genes
        self.num_bins = number_bins
        self.num_sc = number_sc
        self.coop_state = None
        self.sampling_state_ = sampling_state
        self.tol_ = tol
        self.winLen_ = window_length
        self.dt_ = dt
        self.graph_level = {}
        self.gene_to_len = collections.defaultdict(int)
        self.gID_to_level_and_idx = {}  # This dictionary gives the level and idx in self.level2verts_ of a given gene ID
        self.maxLevels_ = 0
        self.graph_ = {}
        self.nReqSteps = self.sampling_state_ * self.num_sc

        self.noise_level = noise_params
        self.decay_rate = decays

        self.simulation_time = None
        self.half_responses = None
        self.pdt = jnp.power(self.dt_, 0.5)

    def build_graph(self, input_file_taregts, input_file_regs, shared_coop_state=0):
        if shared_coop_state <= 0:
            raise NotImplemented

        self.coop_state = shared_coop_state
        for i in range(self.num_genes):
            self.graph_[i] = {}
            self.graph_[i]['targets'] = []

        allRegs = []
        allTargets = []
        self.basal_prod_rate = onp.zeros((self.num_genes, self.num_bins,))
        self.K = onp.zeros((self.num_genes, self.num_genes))
        self.adjacency = onp.zeros((self.num_genes, self.num_genes))
        self._targets = collections.defaultdict(list)

        with open(input_file_taregts, 'r') as f:
            reader = csv.reader(f, delimiter=',')
            for indRow, row in enumerate(reader):
                nRegs = int(float(row[1]))

                if nRegs == 0:
                    raise Exception("Error: a master regulator (#Regs = 0) appeared in input")

                currParents = []
                row0 = int(float(row[0]))

                for regId, K, in zip(row[2: 2 + nRegs], row[2 + nRegs: 2 + 2 * nRegs]):
                    regId = int(float(regId))
                    self.K[row0, regId] = float(K)
                    self.adjacency[row0, regId] = 1.

                    allRegs.append(regId)
                    currParents.append(regId)
                    self._targets[regId].append(row0)
                    self.graph_[regId]['targets'].append(row0)

                self.graph_[row0]['regs'] = currParents
                self.graph_[row0]['level'] = -1  # will be modified later
                allTargets.append(row0)

        # self.master_regulators_idx_ = set(np.setdiff1d(allRegs, allTargets))
        with open(input_file_regs, 'r') as f:
            masterRegs = []
            for row in csv.reader(f, delimiter=','):
                row0 = int(float(row[0]))
                if onp.shape(row)[0] != self.num_bins + 1:
                    raise Exception("Error: Inconsistent number of bins")

                masterRegs.append(row0)
                self.basal_prod_rate[row0] = [float(i) for i in row[1:]]
                self.graph_[row0]['regs'] = []
                self.graph_[row0]['level'] = -1

        self.master_regulators_idx_ = set(masterRegs)
        self.master_regulators_idx = jnp.array(list(set(masterRegs)))

        if len(self.master_regulators_idx_) + onp.shape(allTargets)[0] != self.num_genes:
            raise Exception("Error: Inconsistent number of genes")

        self.find_levels_()  # make sure that this modifies the graph

        self.basal_prod_rate = jnp.array(self.basal_prod_rate)
        self.K = jnp.array(self.K)
        self.adjacency = jnp.array(self.adjacency)

        self._targets = {k: sorted(v) for k, v in self._targets.items()}
        self.half_responses = jnp.zeros((self.num_genes, self.num_genes))
        self.simulation_time = onp.ones(self.maxLevels_ + 1, dtype=int)  # x0 is pre-defined, simulation starts at 1
        global_state = onp.full((1 + self.sampling_state_ * self.num_sc, self.num_genes, self.num_bins), -1, dtype=jnp.float32)
        global_state[0, :, :] = 0.
        self.global_state = jnp.array(global_state)
        self.scIndices_ = jnp.array(
            global_state.shape[0] + onp.random.randint(low=-self.sampling_state_ * self.num_sc, high=0, size=self.num_sc)) + 1  # 1 is to avoid selecting the first fake state

        self.grn = GRN(self.K, self.basal_prod_rate, self.adjacency, self.decay_rate, self.coop_state)

    def find_levels_(self):
        """
        # This is a helper function that takes a graph and assigns layer to all
        # verticies. It uses longest path layering algorithm from
        # Hierarchical Graph Drawing by Healy and Nikolovself. A bottom-up
        # approach is implemented to optimize simulator run-time. Layer zero is
        # the last layer for which expression are simulated
        # U: verticies with an assigned layer
        # Z: vertizies assigned to a layer below the current layer
        # V: set of all verticies (genes)

        This also sets a dictionary that maps a level to a matrix (in form of python list)
        of all genes in that level versus all bins
        """

        U = set()
        Z = set()
        V = set(self.graph_.keys())

        currLayer = 0
        self.graph_level[currLayer] = []
        idx = 0

        while U != V:
            # targets = self.targets[v]
            currVerts = set(filter(lambda v: set(self.graph_[v]['targets']).issubset(Z), V - U))

            for v in currVerts:
                self.graph_[v]['level'] = currLayer
                U.add(v)
                if {v}.issubset(self.master_regulators_idx_):
                    allBinList = [gene(self, v, 'MR', i) for i in range(self.num_bins)]
                    self.graph_level[currLayer].append(allBinList)
                    self.gID_to_level_and_idx[v] = (currLayer, idx)
                    idx += 1
                else:
                    allBinList = [gene(self, v, 'T', i) for i in range(self.num_bins)]
                    self.graph_level[currLayer].append(allBinList)
                    self.gID_to_level_and_idx[v] = (currLayer, idx)
                    idx += 1

            currLayer += 1
            Z = Z.union(U)
            self.graph_level[currLayer] = []
            idx = 0

        self.graph_level.pop(currLayer)
        self.graph_level_ids = [None, ] * len(self.graph_level)
        for level, genes_in_level in self.graph_level.items():
            self.graph_level_ids[level] = onp.array([gg[0].ID for gg in genes_in_level])
        self.maxLevels_ = currLayer - 1

    @staticmethod
    @jax.jit
    def calculate_half_response_(grn, gg_ids, scIndices_, global_state, half_responses):
        # In the original implementation MR genes don't have half response, here we calculate it anyway since it will be multiplied by 0 later.
        adjs = grn.adjacency[gg_ids]
        selected_states = global_state[scIndices_, :, :]
        mes = []
        for adj in adjs:  # g is list of all bins for a single gene
            # MR have 0 adj matrix so their HR will be zero.
            valid_gs = jnp.einsum("tgb,g->tgb", selected_states, adj)  # This should be out of the loop
            assert valid_gs.min() >= 0

            mean_expressions = jnp.mean(valid_gs, (0, 2))
            mes.append(mean_expressions)
        mes = jnp.array(mes)
        return half_responses.at[gg_ids, :].add(mes)

    def init_gene_bin_conc_(self, grn, gg_ids, time, half_responses):
        x0 = self.global_state[time, :, :]
        b = grn.basal_prod_rate[gg_ids]
        k = grn.K[gg_ids]
        h = half_responses[gg_ids]
        x1_g = self.step(x0, b, k, h, grn.coop_state, grn.decay_rate) / (grn.decay_rate ** 2)  # Decay does not apply at initialization, it's actually twice "undecayed"!
        # x1 = self.step(grn, x0, gg_ids, half_responses) / (self.decay_rate ** 2)  # Decay does not apply at initialization, it's actually twice "undecayed"!
        self.global_state = self.global_state.at[time, gg_ids, :].set(x1_g)

    @staticmethod
    @jax.jit
    def transcription_factor_model(coop_state, x0, k, half_response):
        num_bins = x0.shape[1]

        k = jnp.expand_dims(k, -1).repeat(num_bins, -1)
        half_response = jnp.expand_dims(half_response, -1).repeat(num_bins, -1)

        eq6_numerator = x0 ** coop_state
        h_i = half_response ** coop_state
        eq6_denominator = h_i + eq6_numerator + 1e-6
        response = k * (eq6_numerator / eq6_denominator)
        repression = (jnp.abs(k) - k) / 2
        return repression - response

    @staticmethod
    @jax.jit
    def step(x0, b, k, h, coop_state, decay_rate):
        p_ij = sergio.transcription_factor_model(coop_state, x0, k, h)
        x1_hat_1 = b + jnp.sum(p_ij, axis=1)  # sum across j, eq 5
        x1_i = jax.nn.relu(x1_hat_1 * decay_rate)
        return x1_i

    @staticmethod
    @jax.jit
    def calculate_prod_rate_fast(grn: GRN, gg_ids, time, global_state, half_responses):
        x0 = global_state[time, :, :]
        # x0 = global_state[time, :, :]
        b = grn.basal_prod_rate[gg_ids]
        k = grn.K[gg_ids]
        h = half_responses[gg_ids]
        x1_g = sergio.step(x0, b, k, h, grn.coop_state, grn.decay_rate)
        # x1 = sergio.step(grn, x0, gg_ids, half_responses)
        # TODO: a sum is missing here

        return x1_g

    def CLE_simulator_(self, level):
        gene_in_level_ids = self.graph_level_ids[level]

        start = clock.time()
        self.half_responses = sergio.calculate_half_response_(self.grn, gene_in_level_ids, self.scIndices_, self.global_state, self.half_responses)
        hr_time = clock.time() - start
        start = clock.time()
        level_time_step = self.simulation_time[level]
        self.init_gene_bin_conc_(self.grn, gene_in_level_ids, level_time_step, self.half_responses)
        conc_time = clock.time() - start

        start = clock.time()

        while self.simulation_time[level] <= self.nReqSteps:
            time = self.simulation_time[level]

            xt = self.global_state[time, gene_in_level_ids, :]

            prod_rates = self.calculate_prod_rate_fast(self.grn, gene_in_level_ids, level_time_step, self.global_state, self.half_responses)
            assert not jnp.any(jnp.isnan(prod_rates))
            assert jnp.all(prod_rates >= 0)

            noise = self.calc_noise(xt, self.decay_rate, prod_rates)

            dx = self.dt_ * (prod_rates - self.decay_rate) + self.pdt * noise + self.actions[time, :, gene_in_level_ids]
            assert not jnp.any(jnp.isnan(dx))

            x1 = xt + dx
            x1 = jax.nn.relu(x1)

            self.global_state = self.global_state.at[time + 1, gene_in_level_ids, :].set(x1)
            self.simulation_time[level] += 1

        sim_time = clock.time() - start
        total = conc_time + sim_time + hr_time
        print(f"conc time: {conc_time / total}, half response {hr_time / total}, simulation time: {sim_time / total}")
        print()

    def calc_noise(self, xt, decay, prod_rate):
        dw_p = onp.random.normal(size=xt.shape)  # TODO: use jnp
        dw_d = onp.random.normal(size=xt.shape)

        amplitude_p = jnp.einsum(",gb->gb", self.noise_level, jnp.power(prod_rate, 0.5))
        amplitude_d = self.noise_level * jnp.power(decay, 0.5)

        noise = jnp.multiply(amplitude_p, dw_p) + jnp.multiply(amplitude_d, dw_d)
        return noise

    def simulate(self, actions):
        self.actions = actions
        for level in range(self.maxLevels_, -1, -1):
            print("Start simulating new level")
            self.CLE_simulator_(level)
            print("Done with current level")

        return self.global_state[:, :, self.scIndices_]


f = sergio.calculate_half_response_
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n_genes, n_bins, n_steps, n_sc = 6, 2, 9, 3
    adjacency = (rng.random((n_genes, n_genes)) < 0.4).astype(np.float32)
    grn = GRN(K=rng.normal(size=(n_genes, n_genes)).astype(np.float32),
              basal_prod_rate=rng.random((n_genes, n_bins)).astype(np.float32),
              adjacency=adjacency,
              decay_rate=np.float32(0.8),
              coop_state=np.float32(2.0))
    gg_ids = rng.choice(n_genes, size=3, replace=False).astype(np.int32)
    sc_indices = rng.integers(1, n_steps, size=n_sc).astype(np.int32)
    global_state = rng.random((n_steps, n_genes, n_bins)).astype(np.float32)  # expressions are >= 0
    half_responses = np.zeros((n_genes, n_genes), dtype=np.float32)
    return (grn, gg_ids, sc_indices, global_state, half_responses)


INPUTS = make_inputs
