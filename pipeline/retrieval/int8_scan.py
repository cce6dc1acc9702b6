"""The first pass of a large vector scan in int8: onnxruntime's integer matrix product and top-k.

Why: a float32 scan of 10^5 x 384 reads 150 MB per query and is bound by memory (numpy: ~19 ms for one query,
~64 ms for 8 on this machine); the same scan over an int8 copy reads 38 MB and runs in MLAS's integer kernels
(~7 ms for one, ~11 ms for 8). numpy has no fast int8 product, so the product runs in onnxruntime, which the
daemon has loaded for the embedding model anyway. `VectorIndex` then rescores the candidates exactly in float32,
so the cosines are the float32 scan's and so, all but always, are the hits: 400 int8 candidates hold 1.0 of the
exact top 100 on random unit vectors, and on real e5 vectors 0.9998 of the top 10 and 0.991 of the top 100
(bench/vector_first_pass.py; the query's rounding to 8 bits is what misses, e5 queries having a few large
components).

Layout: the int8 matrix is kept transposed (dim x capacity), the layout the integer product reads fastest
(u8 x s8); rows not in use carry a bias of -inf so they never reach the top-k.
Threads: a lone query is scanned on two threads, a batch of queries on one. Why: the scan batcher
(`scan_batch.py`) runs one scan at a time, so a lone query's scan has both cores but for a query being embedded
meanwhile (10^5 x 384 alone: 13.3 ms on one thread, 7.6-8.6 ms on two, the machine at half its usual speed).
bench/latency.py at 10^5, alternating runs (2026-11-27): hybrid p50 one client 37.1-40.5 ms with one thread,
31.5-37.8 ms with two for a lone query; 8 clients no worse (129-164 against 148-166 ms); two threads for
batches too gained nothing over that (hybrid 33.7-36.8, 8 clients 138-161 ms).
Blocking; not thread-safe by itself (the caller holds its lock).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import structlog

logger = structlog.get_logger(__name__)

ZERO_POINT = 128  # queries go in as uint8 around this
GRAPH = Path(__file__).with_name("int8_scan.onnx")
LONE_QUERY_THREADS = 2  # a query scanned alone; a batch of queries is scanned on one thread (module docstring)


class Int8Scan:
    def __init__(self, batch_session: Any, lone_session: Any) -> None:
        self._session = batch_session
        self._lone = lone_session

    @classmethod
    def create(cls, dim: int) -> Int8Scan | None:
        """The scan, or None when onnxruntime cannot run it (the caller then scans in float32).

        The graph ships as `int8_scan.onnx` (written by `python -m pipeline.retrieval.int8_scan`), so the daemon
        loads it without importing the `onnx` package (~12 MB of memory); its dimension is left free."""
        try:
            import onnxruntime as ort

            graph = GRAPH.read_bytes()
            sessions = []
            for threads in (1, LONE_QUERY_THREADS):
                options = ort.SessionOptions()
                options.intra_op_num_threads = threads
                options.add_session_config_entry("session.intra_op.allow_spinning", "0")
                sessions.append(ort.InferenceSession(graph, options, providers=["CPUExecutionProvider"]))
        except Exception as exc:  # no onnxruntime, or one without these kernels: the float32 scan still works
            logger.warning("int8_scan_unavailable", error=str(exc)[:200], dim=dim)
            return None
        batch, lone = sessions
        return cls(batch, lone)

    def top(self, queries: np.ndarray, matrix: np.ndarray, scale: np.ndarray, bias: np.ndarray, k: int) -> np.ndarray:
        """Positions (queries x k) of the best approximate scores of each normalised query row."""
        peak = np.abs(queries).max(axis=1, keepdims=True)
        peak[peak == 0] = 1.0
        quantised = (np.rint(queries / peak * 127) + ZERO_POINT).astype(np.uint8)
        feed = {"q": quantised, "m": matrix, "scale": scale, "bias": bias, "k": np.array([k], dtype=np.int64)}
        session = self._lone if len(queries) == 1 else self._session
        positions: np.ndarray = session.run(["positions"], feed)[0]
        return positions


def quantise_rows(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(int8 rows, per-row scale): row ~= int8 row * scale."""
    peak = np.abs(rows).max(axis=1)
    scale = np.where(peak > 0, peak / 127, 1.0).astype(np.float32)
    return np.rint(rows / scale[:, None]).astype(np.int8), scale


def build_graph() -> bytes:
    """The scan's graph: (q uint8 b x d, m int8 d x n, scale n, bias n, k) -> top-k positions per query row."""
    from onnx import TensorProto, helper

    inputs = [
        helper.make_tensor_value_info("q", TensorProto.UINT8, ["b", "d"]),
        helper.make_tensor_value_info("m", TensorProto.INT8, ["d", "n"]),
        helper.make_tensor_value_info("scale", TensorProto.FLOAT, ["n"]),
        helper.make_tensor_value_info("bias", TensorProto.FLOAT, ["n"]),
        helper.make_tensor_value_info("k", TensorProto.INT64, [1]),
    ]
    nodes = [
        helper.make_node("MatMulInteger", ["q", "m", "zero"], ["dots"]),
        helper.make_node("Cast", ["dots"], ["dots_f"], to=TensorProto.FLOAT),
        helper.make_node("Mul", ["dots_f", "scale"], ["scaled"]),
        helper.make_node("Add", ["scaled", "bias"], ["scores"]),
        helper.make_node("TopK", ["scores", "k"], ["values", "positions"], axis=1),
    ]
    outputs = [
        helper.make_tensor_value_info("values", TensorProto.FLOAT, ["b", "k"]),
        helper.make_tensor_value_info("positions", TensorProto.INT64, ["b", "k"]),
    ]
    zero = helper.make_tensor("zero", TensorProto.UINT8, [], [ZERO_POINT])
    graph = helper.make_graph(nodes, "int8_scan", inputs, outputs, initializer=[zero])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)], producer_name="memoryd")
    model.ir_version = 8
    data: bytes = model.SerializeToString()
    return data


if __name__ == "__main__":
    GRAPH.write_bytes(build_graph())
    print(f"wrote {GRAPH}")
