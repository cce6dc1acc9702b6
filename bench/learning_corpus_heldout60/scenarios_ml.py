"""Dilnoza's `paxta-ml` sessions (m01-m14): a Python 3.12 PyTorch Lightning repo with Hydra configs, DVC for
data, pytest, classifying cotton leaf diseases from field photos; trained on a rented GPU box (`gpu`) over ssh,
inside tmux. Times are UTC; Tashkent is UTC+5."""

from __future__ import annotations

import transcript_kit
from fake_output import ML, git_commit, pytest_run
from transcript_kit import Agent, Bash, Read, Session, Write

PROJECT = "paxta-ml"


def Edit(path: str, old: str, new: str):
    """The kit's Edit; a trailing newline on both sides is dropped, as Claude Code's edits seldom carry one."""
    if old.endswith("\n") and new.endswith("\n"):
        old, new = old[:-1], new[:-1]
    elif old.endswith("\n") and not new:
        old = old[:-1]
    return transcript_kit.Edit(path, old, new)


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=ML, project=PROJECT)


TRAIN_YAML = """defaults:
  - data: cotton_v3
  - model: efficientnet_b0
  - _self_

seed: 42
trainer:
  max_epochs: 30
  precision: bf16-mixed

hydra:
  job:
    chdir: true
"""

DATA_YAML = """root: data/processed
train_file: train.parquet
val_file: val.parquet
batch_size: 64
num_workers: 8
"""

DATAMODULE = """class CottonDataModule(L.LightningDataModule):
    def __init__(self, root: str, train_file: str, val_file: str, batch_size: int, num_workers: int):
        super().__init__()
        self.root = Path(root)
        self.save_hyperparameters()

    def setup(self, stage: str | None = None):
        self.train = LeafDataset(pd.read_parquet(self.root / self.hparams.train_file))
        self.val = LeafDataset(pd.read_parquet(self.root / self.hparams.val_file))
"""

README = """# paxta-ml

Cotton leaf disease classifier (PyTorch Lightning + Hydra).

## Training

Always run `dvc pull` before training.

    python train.py data=cotton_v3 model=efficientnet_b0
"""

FNF = (
    "Error executing job with overrides: ['data=cotton_v3']\nTraceback (most recent call last):\n"
    '  File "/home/dilnoza/paxta-ml/src/paxta/data.py", line 24, in setup\n'
    "    self.train = LeafDataset(pd.read_parquet(self.root / self.hparams.train_file))\n"
    "FileNotFoundError: [Errno 2] No such file or directory: 'data/processed/train.parquet'\n\n"
    "Set the environment variable HYDRA_FULL_ERROR=1 for a complete stack trace."
)


def m01() -> Session:
    s = new("m01-datamodule", "2028-06-05T12:20:18", "2.1.150", "main", "leaf-loader-gazelle")
    s.user(
        "paxta-ml: CottonDataModule kerak, data/processed ichidagi train.parquet va val.parquet'dan o'qisin, "
        "config Hydra orqali (config/data/cotton_v3.yaml). every entry point calls seed_everything(cfg.seed, "
        "workers=True) first. bizda Python kodi black bilan formatlanadi, line-length 100.",
        rules=[
            ("seed-everything", "every entry point calls seed_everything(cfg.seed, workers=True) first"),
            ("black-format", "bizda Python kodi black bilan formatlanadi, line-length 100"),
        ],
    )
    s.title("Cotton datamodule")
    s.act(None, Read("config/train.yaml", TRAIN_YAML))
    s.act(
        "Data config and the datamodule:",
        Write("config/data/cotton_v3.yaml", DATA_YAML),
        Write("src/paxta/data.py", DATAMODULE),
        Edit(
            "train.py",
            "def main(cfg: DictConfig) -> None:\n",
            "def main(cfg: DictConfig) -> None:\n    L.seed_everything(cfg.seed, workers=True)\n",
        ),
    )
    s.act(
        None,
        Bash(
            "black --line-length 100 src train.py && pytest -q tests/test_data.py",
            "All done! ✨ 🍰 ✨\n2 files left unchanged.\n" + pytest_run(3),
        ),
    )
    s.say("The datamodule reads both parquet files from the configured root; 3 tests pass.")
    s.user(
        "yaxshi. training on the GPU box runs inside tmux, not in a bare ssh session. bugun boxda birinchi run.",
        rules=[("tmux-training", "training on the GPU box runs inside tmux, not in a bare ssh session")],
    )
    s.say("Noted. When you want me to start it I'll use a tmux session on `gpu`.")
    s.outcome("success", "CottonDataModule with a Hydra data config; tests pass")
    return s


def m02() -> Session:
    s = new("m02-first-run-fnf", "2028-06-06T13:05:40", "2.1.151", "main", "missing-parquet-yak")
    s.user("boxda ishga tushir: tmux new -d -s run1, python train.py data=cotton_v3. data dvc pull qilingan.")
    for _ in range(3):
        s.act(None, Bash("ssh gpu 'cd ~/paxta-ml && python train.py data=cotton_v3'", FNF, code=1))
    s.user(
        "```\n$ ls ~/paxta-ml/data/processed\ntrain.parquet  val.parquet  test.parquet\n$ python train.py 2>&1 | tail -1\n"
        "Set the environment variable HYDRA_FULL_ERROR=1 for a complete stack trace.\n```\nfayllar joyida. "
        "oxirgi qatorni ko'ryapsizmi, bu nima beradi?"
    )
    s.not_person("Set the environment variable HYDRA_FULL_ERROR=1 for a complete stack trace.", "pasted_log")
    s.say(
        "Three identical failures: the file exists under ~/paxta-ml, yet the relative path does not resolve. So the "
        "process's working directory is not the repository root. I don't see why yet; the full trace won't add more than "
        "the path it tried."
    )
    s.user("mayli, ertaga. box soatbay pul oladi, o'chirib qo'yaman.")
    s.outcome("failed", "first training run on the GPU box fails with FileNotFoundError; cause not found")
    s.hit("hydra-chdir")
    return s


def m03() -> Session:
    s = new("m03-dvc-credentials", "2028-06-07T04:40:09", "2.1.151", "main", "bucket-creds-marten")
    s.user(
        "yangi boxda dvc pull ishlamayapti:\n\n```\nERROR: failed to pull data from the cloud - Unable to locate credentials\n```"
    )
    s.act(
        None,
        Read(
            ".dvc/config",
            "[core]\n    remote = s3store\n['remote \"s3store\"']\n    url = s3://paxta-data/dvc\n    profile = paxta\n",
        ),
    )
    s.act(
        None,
        Bash(
            "ssh gpu 'cat ~/.aws/config 2>/dev/null; echo ---; ls ~/.aws'",
            "---\nls: cannot access '/home/ubuntu/.aws': No such file or directory",
            code=2,
        ),
    )
    s.say("The remote uses the AWS profile `paxta`, and the new box has no ~/.aws at all. Copying your profile over:")
    s.act(
        None,
        Bash(
            "ssh gpu 'mkdir -p ~/.aws' && scp ~/.aws/config ~/.aws/credentials gpu:~/.aws/ && ssh gpu 'cd ~/paxta-ml && dvc pull'",
            "Collecting |4.00 [00:01, 3.12entry/s]\nFetching\n  0% Checkout|          |0/3 [00:00<?,     ?file/s]\n"
            "A       data/processed/\n1 file added and 3 files fetched",
        ),
    )
    s.say("dvc pull fetched data/processed on the box.")
    s.user(
        "saboq: dvc pull xato bersa, avval AWS profilini tekshirish kerak.",
        lessons=["saboq: dvc pull xato bersa, avval AWS profilini tekshirish kerak"],
    )
    s.one_off(
        "dvc pull fails on a new GPU box with 'Unable to locate credentials' because the AWS profile paxta is missing there"
    )
    s.outcome("success", "AWS profile copied to the box; dvc pull works")
    return s


def metrics_tests(child: Session) -> None:
    child.act(
        None,
        Read("src/paxta/metrics.py", "def per_class_f1(preds, target, num_classes: int) -> dict[str, float]: ...\n"),
    )
    child.act(
        None,
        Write(
            "tests/test_metrics.py",
            "def test_perfect_predictions_give_f1_one():\n    t = torch.tensor([0, 1, 2])\n"
            "    assert per_class_f1(t, t, 3) == {'healthy': 1.0, 'blight': 1.0, 'curl': 1.0}\n",
        ),
    )
    child.act(None, Bash("pytest -q tests/test_metrics.py", pytest_run(1)))
    child.say("Added tests/test_metrics.py with a perfect-prediction case; it passes.")


def m04() -> Session:
    s = new("m04-checkpoint-callback", "2028-06-08T11:15:52", "2.1.152", "callbacks", "best-ckpt-lynx")
    s.user(
        "ModelCheckpoint qo'sh: val/f1 bo'yicha eng yaxshi 2 ta va last.ckpt. Sardor'ning PR'idan:\n\n"
        "review: checkpoints stay on the box's local disk, they don't go into DVC\n\n"
        "va yana: agar run natijasi hisobotga kirsa, Trainer deterministic=True bilan yuriting.",
        rules=[
            ("ckpt-local", "review: checkpoints stay on the box's local disk, they don't go into DVC"),
            ("deterministic-report", "agar run natijasi hisobotga kirsa, Trainer deterministic=True bilan yuriting"),
        ],
    )
    s.act(
        None,
        Edit("config/train.yaml", "  precision: bf16-mixed\n", "  precision: bf16-mixed\n  deterministic: ${report}\n"),
        Write(
            "config/callbacks/default.yaml",
            "checkpoint:\n  _target_: lightning.pytorch.callbacks.ModelCheckpoint\n  dirpath: checkpoints\n"
            "  monitor: val/f1\n  mode: max\n  save_top_k: 2\n  save_last: true\n",
        ),
    )
    s.act(
        None,
        Agent(
            "Tests for per_class_f1",
            "Write pytest tests for per_class_f1 in src/paxta/metrics.py into tests/test_metrics.py. Never add "
            "new dependencies; use only torch and pytest. Run them and report.",
            "general-purpose",
            metrics_tests,
        ),
    )
    s.not_person("Never add new dependencies; use only torch and pytest.", "subagent_prompt")
    s.act(None, Bash("pytest -q", pytest_run(9)))
    s.say(
        "Checkpoint callback configured; `report=true` turns on deterministic mode. The agent's metric test and the suite pass."
    )
    s.user("rahmat.")
    s.outcome("success", "checkpoint callback and deterministic switch for reported runs; metric tests by a subagent")
    return s


def m05() -> Session:
    s = new("m05-resume-ckpt", "2028-06-09T13:20:14", "2.1.152", "main", "lost-checkpoint-vole")
    s.user(
        "run2 tunda to'xtab qoldi (box restart). davom ettirmoqchiman:\n\n```\n$ python train.py ckpt_path=checkpoints/last.ckpt\n"
        "FileNotFoundError: Checkpoint file not found: checkpoints/last.ckpt\n```\n\nlekin checkpoint'lar bor edi!"
    )
    s.act(
        None,
        Bash(
            "ssh gpu 'cd ~/paxta-ml && find . -name last.ckpt'",
            "./outputs/2028-06-08/21-14-03/checkpoints/last.ckpt\n./outputs/2028-06-09/09-02-47/checkpoints/last.ckpt",
        ),
    )
    s.say(
        "The checkpoints are under outputs/<date>/<time>/checkpoints, one folder per run. Let me look at how "
        "ModelCheckpoint's dirpath gets resolved in each run's working directory:"
    )
    s.act(None, Read("config/callbacks/default.yaml", "checkpoint:\n  dirpath: checkpoints\n"))
    s.interrupt()
    s.user(
        "Стоп, сейчас нет времени. Путь дам руками: ckpt_path=outputs/2028-06-08/21-14-03/checkpoints/last.ckpt. "
        "Остальное потом."
    )
    s.act(
        None,
        Bash(
            "ssh gpu \"tmux new -d -s run2b 'cd ~/paxta-ml && python train.py ckpt_path=$PWD/outputs/2028-06-08/21-14-03/checkpoints/last.ckpt'\"",
            "",
        ),
    )
    s.say("Resumed in tmux session `run2b` from the 21-14-03 checkpoint.")
    s.outcome("unknown", "resume started by hand with the full path; why checkpoints land in outputs/ not looked into")
    s.hit("hydra-chdir")
    return s


def m06() -> Session:
    s = new("m06-f1-task-arg", "2028-06-10T05:05:31", "2.1.153", "metrics", "torchmetrics-task-koel")
    s.user(
        "torchmetrics'ni yangiladim, endi validation'da yiqiladi:\n\n```\nTypeError: F1Score.__new__() missing 1 "
        "required positional argument: 'task'\n```"
    )
    s.act(None, Read("src/paxta/model.py", "        self.val_f1 = F1Score(num_classes=3, average='macro')\n"))
    s.say(
        "Since torchmetrics 0.11 the metric classes need `task`. In general, you should always pin torchmetrics "
        "together with Lightning. Adding `task='multiclass'`:"
    )
    s.not_person("In general, you should always pin torchmetrics together with Lightning.", "assistant_text")
    s.act(
        None,
        Edit(
            "src/paxta/model.py",
            "F1Score(num_classes=3, average='macro')",
            "F1Score(task='multiclass', num_classes=3, average='macro')",
        ),
    )
    s.act(None, Bash("pytest -q", pytest_run(9)))
    s.say("Validation runs again; tests pass.")
    s.user(
        "zo'r. decided: we rent the A100 box by the hour, not monthly. va bizda main'ga force push qilinmaydi, bu "
        "ikkala repoda ham shunday.",
        decisions=["decided: we rent the A100 box by the hour, not monthly"],
        rules=[("no-force-push", "bizda main'ga force push qilinmaydi, bu ikkala repoda ham shunday")],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Pass task to F1Score'",
            git_commit("metrics", "31af7c2", "Pass task to F1Score", 1, 1, 1),
        ),
    )
    s.say("Committed `31af7c2` on `metrics`; I'll open it as a PR rather than push to main.")
    s.one_off("after upgrading torchmetrics, F1Score fails with a missing 'task' argument")
    s.outcome("success", "F1Score given task='multiclass'; tests pass; committed")
    return s


def m07() -> Session:
    s = new("m07-b2-run", "2028-06-11T12:40:07", "2.1.154", "main", "b2-sweep-egret")
    s.user(
        "efficientnet_b2 bilan run boshlaymiz. for this run only, use batch size 32, b2 xotiraga sig'maydi. "
        "bu safar testlarni ishlatmay tur, faqat lint.",
        non_rules=["for this run only, use batch size 32", "bu safar testlarni ishlatmay tur, faqat lint"],
    )
    s.act(None, Bash("ruff check src train.py", "All checks passed!"))
    s.act(
        None,
        Bash(
            "ssh gpu \"tmux new -d -s b2 'cd ~/paxta-ml && python train.py model=efficientnet_b2 data.batch_size=32'\" && sleep 60 && ssh gpu 'tmux capture-pane -p -t b2 | tail -3'",
            "Epoch 0:  18%|█▊        | 41/228 [00:52<03:58,  0.78it/s, v_num=0, train/loss=1.012]",
        ),
    )
    s.compact(
        "manual",
        "This session is being continued from a previous conversation. Summary:\n1. Dilnoza started an "
        "efficientnet_b2 run with batch size 32 in tmux session b2 on the GPU box; lint clean, tests skipped at "
        "her request.\nPending: check the first "
        "validation epoch.",
        61200,
        6900,
    )
    s.act(
        None,
        Bash(
            "ssh gpu 'tmux capture-pane -p -t b2 | grep val/f1 | tail -1'",
            "Epoch 0: 100%|██████████| 228/228 [04:41<00:00, val/f1=0.712]",
        ),
    )
    s.say("First epoch done: val/f1 0.712 after one epoch with batch 32.")
    s.user("yaxshi, qolsin.")
    s.outcome("success", "efficientnet_b2 run started in tmux; first epoch validated")
    return s


def m08() -> Session:
    s = new("m08-tensorboard-empty", "2028-06-12T14:10:45", "2.1.154", "main", "empty-board-tapir")
    s.user(
        "TensorBoard hech narsa ko'rsatmayapti. `tensorboard --logdir lightning_logs` ochaman, bo'sh. lightning_logs "
        "papkalari esa har xil joyda paydo bo'lyapti, har run'da boshqa joyda. tushunmadim."
    )
    s.act(
        None,
        Bash(
            "ssh gpu 'cd ~/paxta-ml && find . -maxdepth 4 -type d -name lightning_logs'",
            "./outputs/2028-06-08/21-14-03/lightning_logs\n./outputs/2028-06-11/17-40-22/lightning_logs",
        ),
    )
    s.say(
        "The logs are inside outputs/ run folders, not at the top. Pointing TensorBoard at outputs/ would pick them all "
        "up: `tensorboard --logdir outputs`."
    )
    s.user("Это заплатка. Почему они вообще там? Сейчас нет сил разбираться, закрываем.")
    s.outcome("failed", "TensorBoard empty, logs scattered under outputs/; the --logdir outputs workaround declined")
    s.hit("hydra-chdir")
    return s


def find_relative_paths(child: Session) -> None:
    child.act(None, Read("config/train.yaml", TRAIN_YAML))
    child.act(
        None,
        Bash(
            'grep -rn "Path(\\|dirpath\\|root:" config src train.py',
            "config/data/cotton_v3.yaml:1:root: data/processed\nconfig/callbacks/default.yaml:3:  dirpath: checkpoints\n"
            "src/paxta/data.py:5:        self.root = Path(root)",
        ),
    )
    child.say(
        "config/train.yaml sets hydra.job.chdir: true, so each run's working directory is outputs/<date>/<time>. "
        "Relative paths: data root (cotton_v3.yaml:1), checkpoint dirpath (default.yaml:3), the default "
        "lightning_logs of the logger."
    )


def m09() -> Session:
    s = new("m09-hydra-chdir", "2028-06-14T05:25:18", "2.1.155", "hydra-paths", "run-dir-pelican")
    s.user(
        "test'ni qayta nomladim, test_setup_reads_split_files, endi u ham yiqilyapti:\n\n```\nFAILED "
        "tests/test_datamodule.py::test_setup_reads_split_files - FileNotFoundError: [Errno 2] No such file or "
        "directory: 'data/processed/train.parquet'\n```\n\nparquet, checkpoint, tensorboard — menimcha hammasi bitta "
        "sabab. config va kodni ko'rib chiq."
    )
    s.act(
        None,
        Agent(
            "Find relative paths under Hydra",
            "In this Hydra + Lightning repo, find every relative path in config/, src/ and train.py and what the "
            "working directory is during a run. List what you find with file and line.",
            "Explore",
            find_relative_paths,
        ),
    )
    s.say(
        "One cause: `hydra.job.chdir: true` moves every run into outputs/<date>/<time>, so data/processed, "
        "checkpoints and lightning_logs resolve there. Turning chdir off and making the data root absolute:"
    )
    s.act(
        None,
        Edit("config/train.yaml", "  job:\n    chdir: true\n", "  job:\n    chdir: false\n"),
        Edit(
            "src/paxta/data.py",
            "        self.root = Path(root)\n",
            "        self.root = Path(to_absolute_path(root))\n",
        ),
    )
    s.act(
        None,
        Bash(
            "pytest -q tests/test_datamodule.py && ssh gpu 'cd ~/paxta-ml && git pull -q && timeout 120 python train.py trainer.max_epochs=1 2>&1 | tail -2'",
            pytest_run(4)
            + "\nEpoch 0: 100%|██████████| 228/228 [04:12<00:00, val/f1=0.698]\n`Trainer.fit` stopped: `max_epochs=1` reached.",
        ),
    )
    s.say("The test passes and a one-epoch run on the box finds its data; checkpoints go to ./checkpoints again.")
    s.user(
        "o'zimga saboq: Hydra ishchi papkani o'zgartirsa, relative path'larga ishonib bo'lmaydi. commit.",
        lessons=["o'zimga saboq: Hydra ishchi papkani o'zgartirsa, relative path'larga ishonib bo'lmaydi"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Run Hydra jobs in the repository root'",
            git_commit("hydra-paths", "8c61e4b", "Run Hydra jobs in the repository root", 2, 3, 3),
        ),
    )
    s.say("Committed `8c61e4b`.")
    s.outcome("success", "hydra.job.chdir false and absolute data root; test and a run on the box pass")
    s.hit("hydra-chdir", fixed=True)
    return s


def m10() -> Session:
    s = new("m10-ckpt-dvc", "2028-06-15T11:50:40", "2.1.156", "ckpt-dvc", "tracked-weights-bison")
    s.user(
        "after the discussion on Sardor's PR we changed it: the best checkpoint of each run gets dvc add and is pushed "
        "to the remote; the other checkpoints stay on the box. box o'chsa eng yaxshisi yo'qolmasin.",
        rules=[
            (
                "ckpt-dvc",
                "the best checkpoint of each run gets dvc add and is pushed to the remote; the other checkpoints stay on the box",
                "ckpt-local",
            )
        ],
    )
    s.act(None, Read("README.md", README))
    s.not_person("Always run `dvc pull` before training.", "tool_output")
    s.act(
        None,
        Write(
            "scripts/track_best.sh",
            "#!/usr/bin/env bash\nset -euo pipefail\nbest=$(ls -1 checkpoints/epoch=*.ckpt | sort -t= -k3 -r | head -1)\n"
            'mkdir -p models && cp "$best" models/best.ckpt\ndvc add models/best.ckpt && dvc push models/best.ckpt.dvc\n',
        ),
    )
    s.act(
        None,
        Bash(
            "ssh gpu 'cd ~/paxta-ml && bash scripts/track_best.sh'",
            "100% Adding...|████████|1/1 [00:02]\n1 file pushed",
        ),
    )
    s.say("models/best.ckpt is tracked by DVC and pushed; the .dvc file goes into git.")
    s.user("yaxshi, commit.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Track the best checkpoint with DVC'",
            git_commit("ckpt-dvc", "0d9ab53", "Track the best checkpoint with DVC", 3, 14, 0),
        ),
    )
    s.say("Committed `0d9ab53`.")
    s.outcome("success", "best checkpoint tracked with DVC and pushed; committed")
    return s


def m11() -> Session:
    s = new("m11-precommit", "2028-06-17T05:10:24", "2.1.157", "pre-commit", "hook-config-robin")
    s.user(
        "pre-commit qo'shamiz. formatlash endi ruff format orqali, pre-commit ichida turadi, line-length 100 "
        "pyproject'da.",
        rules=[("ruff-format", "formatlash endi ruff format orqali, pre-commit ichida turadi", "black-format")],
    )
    s.act(
        None,
        Write(
            ".pre-commit-config.yaml",
            "repos:\n  - repo: https://github.com/astral-sh/ruff-pre-commit\n    rev: v0.4.10\n    hooks:\n"
            "      - id: ruff\n      - id: ruff-format\n",
        ),
    )
    s.act(
        None,
        Bash(
            "pre-commit install && pre-commit run --all-files",
            "pre-commit installed at .git/hooks/pre-commit\nruff.....................................................................Passed\n"
            "ruff-format..............................................................Failed\n- hook id: ruff-format\n- files were modified by this hook\n\n3 files reformatted, 14 files left unchanged",
            code=1,
        ),
    )
    s.act(
        None,
        Bash(
            "pre-commit run --all-files",
            "ruff.....................................................................Passed\n"
            "ruff-format..............................................................Passed",
        ),
    )
    s.say("pre-commit runs ruff and ruff format; 3 files were reformatted, the second run is clean.")
    s.user(
        "И ещё напомню: на GPU-сервере обучение запускаем только внутри tmux, Сардор вчера опять потерял run из-за ssh.",
        rules=[("tmux-training", "на GPU-сервере обучение запускаем только внутри tmux")],
    )
    s.say("Understood. Every run I start goes into a tmux session on the box.")
    s.outcome("success", "pre-commit with ruff and ruff format; repo reformatted")
    return s


def m12() -> Session:
    s = new("m12-onnx-export", "2028-06-18T06:30:50", "2.1.158", "export", "onnx-resize-mole")
    s.user(
        "qaror: modelni ONNX'ga eksport qilamiz, TorchScript emas, inference serverda onnxruntime bor. export.py yoz.",
        decisions=["qaror: modelni ONNX'ga eksport qilamiz, TorchScript emas"],
    )
    s.act(
        None,
        Write(
            "export.py",
            "model = LeafClassifier.load_from_checkpoint('models/best.ckpt').eval()\n"
            "torch.onnx.export(model, torch.randn(1, 3, 384, 384), 'models/leaf.onnx', opset_version=17)\n",
        ),
    )
    s.act(
        None,
        Bash(
            "python export.py",
            "torch.onnx.errors.UnsupportedOperatorError: Exporting the operator "
            "'aten::_upsample_bilinear2d_aa' to ONNX opset version 17 is not supported.",
            code=1,
        ),
    )
    s.say("The preprocessing resize uses `antialias=True`, which has no ONNX op. Turning it off in the export path:")
    s.act(
        None,
        Edit(
            "src/paxta/model.py",
            "F.interpolate(x, size=384, mode='bilinear', antialias=True)",
            "F.interpolate(x, size=384, mode='bilinear', antialias=not torch.onnx.is_in_onnx_export())",
        ),
    )
    s.act(
        None,
        Bash(
            "python export.py && python -c \"import onnxruntime as o; print(o.InferenceSession('models/leaf.onnx').get_inputs()[0].shape)\"",
            "[1, 3, 384, 384]",
        ),
    )
    s.say("models/leaf.onnx exports and loads in onnxruntime.")
    s.user("ajoyib, rahmat.")
    s.one_off("ONNX export fails on aten::_upsample_bilinear2d_aa because the model resizes with antialias=True")
    s.outcome("success", "ONNX export works with antialias off during export")
    return s


def m13() -> Session:
    s = new("m13-june-report-run", "2028-06-21T13:45:11", "2.1.160", "main", "report-run-heron")
    s.user(
        "iyun hisoboti uchun final run: efficientnet_b2, report=true, 40 epoch. decision: efficientnet_b2 is the "
        "baseline for the June report. boshla.",
        decisions=["decision: efficientnet_b2 is the baseline for the June report"],
    )
    s.act(
        None,
        Bash(
            "ssh gpu \"tmux new -d -s june 'cd ~/paxta-ml && python train.py model=efficientnet_b2 report=true trainer.max_epochs=40'\"",
            "",
        ),
    )
    s.act(
        None,
        Bash(
            "sleep 90 && ssh gpu 'tmux capture-pane -p -t june | tail -1'",
            "Epoch 0:  23%|██▎       | 52/228 [01:04<03:37,  0.81it/s, v_num=0, train/loss=1.087]",
        ),
    )
    s.say("The June run is going in tmux `june` with deterministic mode; epoch 0 is under way.")
    s.user("natijani ertaga ko'ramiz.")
    s.outcome("unknown", "final report run started; result not seen in the session")
    return s


def m14() -> Session:
    s = new("m14-eval-report", "2028-06-23T05:20:36", "2.1.163", "main", "final-eval-cormorant")
    s.user("June run finished. evaluate it on the test split and write the numbers to reports/2028-06.md.")
    s.act(
        None,
        Bash(
            "ssh gpu 'cd ~/paxta-ml && python evaluate.py ckpt_path=models/best.ckpt split=test'",
            "test/f1: 0.874\ntest/acc: 0.902\nper class f1: healthy 0.951, blight 0.842, curl 0.829",
        ),
    )
    s.act(
        None,
        Write(
            "reports/2028-06.md",
            "# June 2028\n\nefficientnet_b2, 40 epochs, deterministic.\n\n"
            "| metric | value |\n|---|---|\n| test F1 | 0.874 |\n| test acc | 0.902 |\n",
        ),
    )
    s.act(
        None,
        Bash(
            "git add reports/2028-06.md && git commit -m 'Add June evaluation report'",
            git_commit("main", "f2a07c9", "Add June evaluation report", 1, 9, 0),
        ),
    )
    s.say("Test F1 0.874; the report is in reports/2028-06.md, committed as `f2a07c9`.")
    s.user("Спасибо, всё отлично. На сегодня всё.")
    s.outcome("success", "June model evaluated on the test split; report written and committed")
    return s


SESSIONS = [m01, m02, m03, m04, m05, m06, m07, m08, m09, m10, m11, m12, m13, m14]
