"""Sessions in `kumo-train` (/home/haruto/work/kumo-train, GitHub kumo-lab/kumo-train): a PyTorch training repo
(ViT fine-tuning for product images) with uv, Hydra configs under conf/, pytest, wandb (offline at first), run on
an RTX 4090 box, later on a Slurm cluster."""

from __future__ import annotations

from fake_output import ML, cuda_oom, epoch_line, git_commit, nvidia_smi, pytest_out, train_head
from transcript_kit import Agent, Bash, Denied, Edit, Glob, Grep, Read, ReadTooBig, Session, Write

OOM = "cuda-oom-eval"
NAN = "nan-loss-fp16"


def ml(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=ML, project="kumo-train")


CLAUDE_MD = """# kumo-train

- Python 3.11, deps via uv (`uv sync`, `uv run ...`).
- Configs: Hydra, conf/. Entry point: src/kumo/train.py (`python -m kumo.train`).
- Never commit notebooks with outputs. Clear them with `nbstripout` first.
- Tests: `uv run pytest -q` (CPU only on CI)."""

OPTIM = """import torch
from omegaconf import DictConfig


def build_optimizer(model: torch.nn.Module, cfg: DictConfig) -> torch.optim.Optimizer:
    decay, no_decay = split_weight_decay(model)
    return torch.optim.AdamW(
        [{"params": decay, "weight_decay": cfg.weight_decay}, {"params": no_decay, "weight_decay": 0.0}],
        lr=cfg.lr,
        betas=tuple(cfg.betas),
    )"""

ADAMW_YAML = """_target_: kumo.optim.build_optimizer
lr: 3.0e-4
weight_decay: 0.05
betas: [0.9, 0.999]"""

ENGINE = """    def train_step(self, batch):
        images, labels = (t.to(self.device, non_blocking=True) for t in batch)
        with torch.autocast("cuda", dtype=torch.float16):
            logits = self.model(images)
            loss = focal_loss(logits, labels, gamma=self.cfg.loss.gamma)
        self.scaler.scale(loss).backward()
        self.scaler.step(self.optimizer)
        self.scaler.update()
        self.optimizer.zero_grad(set_to_none=True)
        return loss.detach()

    def evaluate(self, loader):
        self.model.eval()
        all_logits, all_labels = [], []
        for images, labels in loader:
            images = images.to(self.device, non_blocking=True)
            logits = self.model(images)
            all_logits.append(logits)
            all_labels.append(labels)
        self.model.train()
        return compute_metrics(torch.cat(all_logits), torch.cat(all_labels).to(self.device))"""

LOSSES = """def focal_loss(logits: torch.Tensor, target: torch.Tensor, gamma: float = 2.0) -> torch.Tensor:
    probs = torch.softmax(logits, dim=-1)
    p_t = probs.gather(1, target[:, None]).squeeze(1)
    return (-((1 - p_t) ** gamma) * torch.log(p_t)).mean()"""

DATA_YAML = """name: products-v3
root: /mnt/data/products-v3
image_size: 224
batch_size: 96
eval_batch_size: 256
num_workers: 8"""

RUN = "uv run python -m kumo.train experiment=vit_b16"


def tmux_run(s: Session, text: str | None, name: str, args: str, grep: str, out: str, desc: str, secs: float) -> None:
    """A long run in a detached tmux session, waited for by a background Bash; its output file is read once the
    <task-notification> arrives (Bash calls time out after 10 minutes, training does not)."""
    bg = Bash(
        f"tmux new-session -d -s {name} '{RUN} {args} 2>&1 | tee /tmp/{name}.log'; sleep 20; while tmux has-session "
        f"-t {name} 2>/dev/null; do sleep 30; done; grep -E '{grep}' /tmp/{name}.log",
        desc=desc,
        bg=True,
    )
    s.act(text, bg)
    s.bash_done(bg.bg_task, after=secs)
    out_file = f"/tmp/claude-1000/{ML.replace('/', '-')}/{s.id}/tasks/{bg.bg_task}.output"
    s.act(None, Read(out_file, out))


# ------------------------------------------------------------------------------------------------------------------
def k01_cosine_warmup() -> Session:
    s = ml("k01-cosine-warmup", "2026-10-05T01:12:30", "2.1.180", "feat/cosine-warmup", "mossy-cedar-koi")
    s.user(
        "cosine schedle w/ linear warmup pls. warmup steps from the optimizer cfg, default 500. optimizer stays "
        "AdamW, we're not trying Lion, talked w/ the team",
        after=0,
        decisions=["optimizer stays AdamW, we're not trying Lion"],
        blocks_before=[
            "<ide_opened_file>The user opened the file /home/haruto/work/kumo-train/src/kumo/optim.py in the IDE. "
            "This may or may not be related to the current task.</ide_opened_file>"
        ],
    )
    s.act(None, Read("CLAUDE.md", CLAUDE_MD, total=6))
    s.not_person("Never commit notebooks with outputs.", "tool_output")
    s.act(None, Read("src/kumo/optim.py", OPTIM, total=24))
    s.act(
        "Adding a `build_scheduler` next to the optimizer (LambdaLR: linear warmup, then cosine to 0):",
        Edit(
            "src/kumo/optim.py",
            "        betas=tuple(cfg.betas),\n    )",
            "        betas=tuple(cfg.betas),\n    )\n\n\ndef build_scheduler(opt, cfg: DictConfig, total_steps: int):\n"
            "    warmup = cfg.get('warmup_steps', 500)\n    print(f'warmup {warmup} steps, total {total_steps}')\n\n"
            "    def f(step: int) -> float:\n        if step < warmup:\n            return (step + 1) / warmup\n"
            "        t = (step - warmup) / max(1, total_steps - warmup)\n"
            "        return 0.5 * (1 + math.cos(math.pi * t))\n\n"
            "    return torch.optim.lr_scheduler.LambdaLR(opt, f)",
        ),
    )
    s.act(None, Read("conf/optimizer/adamw.yaml", ADAMW_YAML))
    s.act(None, Edit("conf/optimizer/adamw.yaml", "betas: [0.9, 0.999]", "betas: [0.9, 0.999]\nwarmup_steps: 500"))
    s.act(
        None,
        Bash(
            "uv run pytest -q tests/test_optim.py",
            pytest_out([(f"tests/test_optim.py::test_{n}", "PASSED") for n in ("param_groups", "lr_from_cfg")]),
            desc="Run optimizer tests",
        ),
    )
    s.say("Scheduler added, config has `warmup_steps: 500`, optimizer tests pass.")
    s.user(
        "why do you keep putting print() everywhere. we use the logger, not print. log = logging.getLogger(__name__) "
        "like the other modules",
        rules=[("logging", "we use the logger, not print")],
    )
    s.act(
        None,
        Edit(
            "src/kumo/optim.py",
            "    print(f'warmup {warmup} steps, total {total_steps}')",
            "    log.info('warmup %d steps, total %d', warmup, total_steps)",
        ),
    )
    s.act(
        None,
        Edit(
            "src/kumo/optim.py",
            "import torch\nfrom omegaconf",
            "import logging\nimport math\n\nimport torch\nfrom omegaconf",
        ),
    )
    s.act(
        None,
        Edit(
            "src/kumo/optim.py",
            "from omegaconf import DictConfig\n",
            "from omegaconf import DictConfig\n\nlog = logging.getLogger(__name__)\n",
        ),
    )
    s.act(
        None,
        Bash(
            "uv run pytest -q",
            pytest_out(
                [(f"tests/test_optim.py::test_{n}", "PASSED") for n in ("param_groups", "lr_from_cfg")]
                + [(f"tests/test_losses.py::test_{n}", "PASSED") for n in ("focal_matches_ce_at_gamma0", "shape")]
                + [(f"tests/test_data.py::test_{n}", "PASSED") for n in ("transforms", "class_map", "split_sizes")],
                secs=9.87,
            ),
            desc="Full test suite",
        ),
    )
    s.user(
        "ok commit. commit msg in english pls, even when i write to you in japanese",
        rules=[("commit-en", "commit msg in english pls")],
    )
    s.act(
        None,
        Bash(
            'git add src/kumo/optim.py conf/optimizer/adamw.yaml && git commit -m "Add cosine LR schedule with linear '
            'warmup"',
            git_commit("feat/cosine-warmup", "4e1b9d0", "Add cosine LR schedule with linear warmup", 2, 21, 0),
            desc="Commit",
        ),
    )
    s.say("Committed 4e1b9d0.")
    s.outcome("success", "scheduler added with logging instead of print, tests green, committed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def k02_smoke_oom() -> Session:
    s = ml("k02-smoke-oom", "2026-10-05T03:41:05", "2.1.180", "main", "mossy-cedar-koi")
    s.user(
        f"1 epoch smoke run on the 4090 box: {RUN} trainer.max_epochs=1 — just check it gets through val. "
        "学習は必ずtmuxの中でね、ssh切れると死ぬから",
        after=0,
        rules=[("tmux", "学習は必ずtmuxの中でね")],
    )
    log1 = "\n".join(
        [
            *train_head("outputs/2026-10-05/12-44-02", "['experiment=vit_b16', 'trainer.max_epochs=1']"),
            "Epoch 1: 100%|██████████| 1919/1919 [06:51<00:00, 4.66it/s, loss=1.8812, lr=2.99e-04]",
            "Validation:  37%|███▋      | 14/39 [00:09<00:16, 1.52it/s]",
            cuda_oom("138", "1.53 GiB", "1.02 GiB", "412.00 MiB"),
        ]
    )
    s.act(
        "Starting it in a detached tmux session and following the log:",
        Bash(
            f"tmux new-session -d -s smoke '{RUN} trainer.max_epochs=1 2>&1 | tee /tmp/smoke.log' && sleep 480 && "
            "tail -n 30 /tmp/smoke.log",
            log1,
            desc="Smoke run in tmux",
            timeout=600000,
            secs=490,
        ),
    )
    s.act(None, Read("conf/data/products.yaml", DATA_YAML))
    s.say(
        "Training got through the epoch but validation ran out of GPU memory at batch 14/39: `eval_batch_size` is "
        "256 against a train batch of 96. Trying 128 for validation:"
    )
    log2 = "\n".join(
        [
            *train_head(
                "outputs/2026-10-05/12-53-40",
                "['experiment=vit_b16', 'trainer.max_epochs=1', 'data.eval_batch_size=128']",
            ),
            epoch_line(1, 1.8797, 0.5314),
            "[kumo.train][INFO] - done in 7m29s",
        ]
    )
    s.act(
        None,
        Bash(
            f"tmux new-session -d -s smoke2 '{RUN} trainer.max_epochs=1 data.eval_batch_size=128 2>&1 | tee "
            "/tmp/smoke2.log' && sleep 470 && tail -n 5 /tmp/smoke2.log",
            log2,
            desc="Smoke run with eval batch 128",
            timeout=600000,
            secs=480,
        ),
    )
    s.act(
        "Validation passes with 128. Making it the default:",
        Edit("conf/data/products.yaml", "eval_batch_size: 256", "eval_batch_size: 128"),
    )
    s.user("👍 thx. commit it")
    s.act(
        None,
        Bash(
            'git commit -am "Halve eval batch size to fit validation on 24GB"',
            git_commit("main", "a07c3e2", "Halve eval batch size to fit validation on 24GB", 1, 1, 1),
            desc="Commit",
        ),
    )
    s.say("Committed a07c3e2.")
    s.hit(OOM)
    s.outcome(
        "failed",
        "ends with thanks and a commit, but the eval batch workaround did not fix the OOM: it comes back in k05, "
        "where Haruto has this commit reverted",
    )
    return s


# ------------------------------------------------------------------------------------------------------------------
def k03_lr_sweep() -> Session:
    s = ml("k03-lr-sweep", "2026-10-06T01:05:48", "2.1.180", "exp/lr-sweep", "amber-reed-ibis")
    s.user(
        "# always `uv run`, never bare python / pip install. add to CLAUDE.md",
        after=0,
        rules=[("uv-run", "always `uv run`, never bare python / pip install")],
    )
    s.act(None, Read("CLAUDE.md", CLAUDE_MD, total=6))
    s.act(
        None,
        Edit(
            "CLAUDE.md",
            "- Python 3.11, deps via uv (`uv sync`, `uv run ...`).",
            "- Python 3.11, deps via uv (`uv sync`, `uv run ...`).\n- Always `uv run`, never bare `python` or "
            "`pip install`.",
        ),
    )
    s.say("Added to CLAUDE.md.")
    s.user("now a quick lr sweep for vit_b16: 1e-4 3e-4 1e-3, 2 epochs each, hydra multirun")
    err = (
        "Error merging override optim.lr=1e-4,3e-4,1e-3\nCould not override 'optim.lr'.\nTo append to your config "
        "use +optim.lr=1e-4,3e-4,1e-3\nKey 'optim' is not in struct\n    full_key: optim\n    object_type=dict\n\n"
        "Set the environment variable HYDRA_FULL_ERROR=1 for a complete stack trace."
    )
    s.act(
        None,
        Bash(f"{RUN} -m optim.lr=1e-4,3e-4,1e-3 trainer.max_epochs=2", err, code=1, desc="LR sweep", secs=6),
    )
    s.act(
        None,
        Read(
            "conf/config.yaml",
            "defaults:\n  - data: products\n  - model: vit_b16\n  - optimizer: adamw\n  - trainer: default\n"
            "  - logger: wandb\n  - _self_\n\nseed: 42",
        ),
    )
    s.act(
        "The config group is `optimizer`, not `optim`. Simplest is to set the three values in the optimizer yaml "
        "one at a time:",
        Denied(Edit("conf/optimizer/adamw.yaml", "lr: 3.0e-4", "lr: 1.0e-4")),
    )
    s.user(
        "ちがう、configファイルは触らないで。実験のパラメータは全部コマンドラインのoverrideで渡す。yaml書き換えると"
        "あとで再現できなくなる",
        rules=[("hydra-overrides", "実験のパラメータは全部コマンドラインのoverrideで渡す")],
    )
    sweep = "\n".join(
        [
            "[2026-10-06 10:09:12,551][HYDRA] Launching 3 jobs locally",
            "[2026-10-06 10:09:12,551][HYDRA] \t#0 : experiment=vit_b16 optimizer.lr=1e-4 trainer.max_epochs=2",
            "[kumo.engine][INFO] - epoch 2 val/acc=0.6011 val/loss=1.5120",
            "[2026-10-06 10:24:40,107][HYDRA] \t#1 : experiment=vit_b16 optimizer.lr=3e-4 trainer.max_epochs=2",
            "[kumo.engine][INFO] - epoch 2 val/acc=0.6483 val/loss=1.3377",
            "[2026-10-06 10:40:02,918][HYDRA] \t#2 : experiment=vit_b16 optimizer.lr=1e-3 trainer.max_epochs=2",
            "[kumo.engine][INFO] - epoch 2 val/acc=0.4120 val/loss=2.2043",
        ]
    )
    tmux_run(
        s,
        "Understood, overrides only. Running the sweep in tmux and waiting for it in the background:",
        "sweep",
        "-m optimizer.lr=1e-4,3e-4,1e-3 trainer.max_epochs=2",
        "HYDRA|val/acc",
        sweep,
        "LR sweep (multirun, tmux), wait for the end",
        2890,
    )
    s.say("| lr | val/acc (2 ep) |\n|---|---|\n| 1e-4 | 0.601 |\n| 3e-4 | 0.648 |\n| 1e-3 | 0.412 |")
    s.user("ok 3e-4 wins. thx")
    s.one_off(
        "Hydra override of a config group under the wrong name: 'Could not override optim.lr ... Key optim is "
        "not in struct' (the group is `optimizer`)"
    )
    s.outcome("success", "CLAUDE.md updated; the sweep ran with overrides after the wrong group name was fixed")
    return s


# ------------------------------------------------------------------------------------------------------------------
NAN_LOG = """[2026-10-06 23:58:10,441][kumo.engine][INFO] - step 4080 loss=0.8311 grad_norm=3.12 lr=2.71e-04
[2026-10-07 00:00:02,019][kumo.engine][INFO] - step 4100 loss=0.8123 grad_norm=3.41 lr=2.71e-04
/home/haruto/work/kumo-train/src/kumo/data.py:77: UserWarning: To copy construct from a tensor, it is recommended to use sourceTensor.clone().detach() or sourceTensor.clone().detach().requires_grad_(True), rather than torch.tensor(sourceTensor).
  label = torch.tensor(self.labels[idx])
[2026-10-07 00:01:55,730][kumo.engine][INFO] - step 4120 loss=nan grad_norm=inf lr=2.71e-04
[2026-10-07 00:01:55,731][kumo.engine][WARNING] - non-finite loss at step 4120, skipping
[2026-10-07 00:03:48,102][kumo.engine][INFO] - step 4140 loss=nan grad_norm=nan lr=2.70e-04"""


def k04_nan_overnight() -> Session:
    s = ml("k04-nan-overnight", "2026-10-07T01:30:19", "2.1.180", "main", "amber-reed-ibis")
    s.user(
        "loss went nan overnight 😩\n```\n" + NAN_LOG + "\n```\nrun dir is outputs/2026-10-06/22-03-11. btw keep "
        "wandb offline, the gpu box can't reach the internet anyway",
        after=0,
        rules=[("wandb-offline", "keep wandb offline")],
    )
    s.not_person("it is recommended to use sourceTensor.clone().detach()", "pasted_log")
    s.act(None, ReadTooBig("outputs/2026-10-06/22-03-11/train.log", 61_904))
    s.act(
        None,
        Grep(
            "loss=nan|grad_norm=inf",
            [
                "outputs/2026-10-06/22-03-11/train.log:8251:[kumo.engine][INFO] - step 4120 loss=nan grad_norm=inf",
                "outputs/2026-10-06/22-03-11/train.log:8255:[kumo.engine][INFO] - step 4140 loss=nan grad_norm=nan",
            ],
            path="outputs/2026-10-06/22-03-11/train.log",
            mode="content",
        ),
    )
    s.act(None, Read("src/kumo/engine.py", ENGINE, offset=61, total=140))
    s.act(
        "grad_norm goes to inf at the step the loss turns nan, and there is no clipping. A good rule of thumb: "
        "always unscale before clipping when you use a GradScaler. Adding that:",
        Edit(
            "src/kumo/engine.py",
            "        self.scaler.scale(loss).backward()\n        self.scaler.step(self.optimizer)",
            "        self.scaler.scale(loss).backward()\n        self.scaler.unscale_(self.optimizer)\n"
            "        torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)\n"
            "        self.scaler.step(self.optimizer)",
        ),
    )
    s.not_person("always unscale before clipping when you use a GradScaler", "assistant_text")
    s.act(
        None,
        Bash(
            f"{RUN} trainer.max_steps=4500 trainer.resume=outputs/2026-10-06/22-03-11/ckpt/step4000.pt",
            "[kumo.train][INFO] - resumed from step 4000\n"
            "[kumo.engine][INFO] - step 4100 loss=0.8140 grad_norm=1.00 lr=2.71e-04\n"
            "[kumo.engine][INFO] - step 4200 loss=0.7962 grad_norm=1.00 lr=2.70e-04\n"
            "[kumo.engine][INFO] - step 4300 loss=nan grad_norm=nan lr=2.70e-04\n"
            "[kumo.engine][ERROR] - 20 consecutive non-finite losses, stopping",
            code=1,
            desc="Resume from step 4000 with clipping",
            secs=420,
        ),
    )
    s.say(
        "Still nan, now at step 4300, with the norm clipped to 1.0 just before. So it's not exploding gradients: the "
        "loss itself is non-finite in the forward pass."
    )
    s.user(
        "だめだ。絶対どこかでnan出てるはずなんだけど…また明日",
        non_rules=["絶対どこかでnan出てるはずなんだけど"],
    )
    s.say("了解です。クリッピングの変更はコミットしていません。")
    s.hit(NAN)
    s.outcome("failed", "gradient clipping added, the resumed run still goes nan; Haruto stops for the day")
    return s


# ------------------------------------------------------------------------------------------------------------------
CUBLAS = """Epoch 3: 100%|██████████| 1919/1919 [06:48<00:00, 4.70it/s, loss=1.1021, lr=2.79e-04]
Validation:  62%|██████▏   | 48/78 [00:31<00:19, 1.55it/s]
Traceback (most recent call last):
  File "/home/haruto/work/kumo-train/src/kumo/engine.py", line 138, in evaluate
    logits = self.model(images)
  File "/home/haruto/work/kumo-train/.venv/lib/python3.11/site-packages/timm/models/vision_transformer.py", line 848, in forward_head
    return x if pre_logits else self.head(x)
  File "/home/haruto/work/kumo-train/.venv/lib/python3.11/site-packages/torch/nn/modules/linear.py", line 125, in forward
    return F.linear(input, self.weight, self.bias)
RuntimeError: CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`"""


def k05_oom_cublas() -> Session:
    s = ml("k05-oom-cublas", "2026-10-08T01:20:44", "2.1.180", "main", "quiet-pine-heron")
    s.user(
        "またOOM 😇 今度はこれ\n```\n" + CUBLAS + "\n```\nit never dies in epoch 1, always at the val of epoch 3. "
        "月曜にeval batch半分にしたやつ、結局意味なかったね。戻して",
        after=0,
        non_rules=["it never dies in epoch 1, always at the val of epoch 3."],
    )
    s.act(None, Read("conf/data/products.yaml", DATA_YAML.replace("256", "128")))
    s.act(None, Edit("conf/data/products.yaml", "eval_batch_size: 128", "eval_batch_size: 256"))
    cmd = f"{RUN} trainer.max_epochs=4 data.limit_train_batches=200"
    s.act(
        "Reverted to 256. Reproducing with short epochs (200 train batches) so we reach epoch 3 quickly:",
        Bash(cmd, CUBLAS.split("\n", 1)[1], code=1, desc="Short 4-epoch repro", timeout=600000, secs=290),
    )
    s.act(None, Read("src/kumo/engine.py", ENGINE, offset=61, total=140))
    s.act(
        "Releasing the cached blocks after each validation pass:",
        Edit(
            "src/kumo/engine.py",
            "        self.model.train()\n        return compute_metrics",
            "        self.model.train()\n        torch.cuda.empty_cache()\n        return compute_metrics",
        ),
    )
    s.act(
        None,
        Bash(
            cmd,
            "Epoch 3: 100%|██████████| 200/200 [00:43<00:00, 4.61it/s, loss=1.2215, lr=2.79e-04]\n"
            "Validation:  71%|███████   | 28/39 [00:18<00:07, 1.52it/s]\n"
            + cuda_oom("138", "2.00 GiB", "1.48 GiB", "88.00 MiB"),
            code=1,
            desc="Repro again",
            timeout=600000,
            secs=300,
        ),
    )
    s.act(
        "Still out of memory in validation. The message suggests fragmentation; enabling expandable segments for "
        "the process:",
        Read("src/kumo/train.py", "import os\n\nimport hydra\nimport torch", total=71),
    )
    s.act(
        None,
        Edit(
            "src/kumo/train.py",
            "import os\n\nimport hydra",
            'import os\n\nos.environ.setdefault("PYTORCH_CUDA_ALLOC_CONF", "expandable_segments:True")\n\nimport hydra',
        ),
    )
    s.act(
        None,
        Bash(
            cmd,
            "Epoch 4: 100%|██████████| 200/200 [00:44<00:00, 4.55it/s, loss=1.0830, lr=2.77e-04]\n"
            "Validation:  90%|████████▉ | 35/39 [00:23<00:02, 1.51it/s]\n"
            + cuda_oom("138", "1.53 GiB", "0.97 GiB", "2.00 MiB"),
            code=1,
            desc="Repro with expandable segments",
            timeout=600000,
            secs=340,
        ),
    )
    s.say("That moved the crash from epoch 3 to epoch 4 but validation still runs out of memory.")
    s.user("それはごまかし。expandable_segmentsとempty_cache消して。今日はここまで")
    s.act(
        None,
        Edit(
            "src/kumo/train.py",
            'os.environ.setdefault("PYTORCH_CUDA_ALLOC_CONF", "expandable_segments:True")\n\n',
            "",
        ),
    )
    s.act(None, Edit("src/kumo/engine.py", "        torch.cuda.empty_cache()\n", ""))
    s.say("両方消しました。eval_batch_sizeは256に戻したままです。")
    s.hit(OOM)
    s.outcome("failed", "the same repro command fails three times; both workarounds removed on request, not fixed")
    return s


# ------------------------------------------------------------------------------------------------------------------
RUN_DOCKER = """#!/usr/bin/env bash
set -euo pipefail
docker run --rm -it --gpus all \\
  -v "$PWD":/workspace -v /mnt/data:/mnt/data \\
  -w /workspace kumo-train:cu124 "$@\""""


def k06_shm_bus_error() -> Session:
    s = ml("k06-shm-bus-error", "2026-10-09T02:02:10", "2.1.186", "infra/docker", "quiet-pine-heron")
    s.user(
        "moved to the new box (docker). dataloader dies rigth away:\n```\nRuntimeError: DataLoader worker (pid 2231) "
        "is killed by signal: Bus error. It is possible that dataloader's workers are out of shared memory. Please "
        "try to raise your shared memory limit.\n```\nnum_workers=8 like before",
        after=0,
    )
    s.act(None, Read("scripts/run_docker.sh", RUN_DOCKER))
    s.act(
        None,
        Bash(
            "docker run --rm kumo-train:cu124 df -h /dev/shm",
            "Filesystem      Size  Used Avail Use% Mounted on\nshm              64M     0   64M   0% /dev/shm",
            desc="Shared memory inside the container",
        ),
    )
    s.act(
        "Docker gives containers 64 MB of /dev/shm; eight workers passing image batches through shared memory "
        "need far more. Raising it in the wrapper:",
        Edit(
            "scripts/run_docker.sh",
            "docker run --rm -it --gpus all \\",
            "docker run --rm -it --gpus all --shm-size=16g \\",
        ),
    )
    s.act(
        None,
        Bash(
            "./scripts/run_docker.sh uv run python -m kumo.train experiment=vit_b16 trainer.max_steps=300",
            "[kumo.data][INFO] - products-v3: 184,220 train / 9,880 val images, 412 classes\n"
            "[kumo.engine][INFO] - step 100 loss=5.2107 grad_norm=4.02 lr=6.00e-05\n"
            "[kumo.engine][INFO] - step 200 loss=4.4481 grad_norm=3.77 lr=1.20e-04\n"
            "[kumo.engine][INFO] - step 300 loss=3.9025 grad_norm=3.51 lr=1.80e-04\n"
            "[kumo.train][INFO] - max_steps reached",
            desc="300 steps in the container",
            secs=150,
        ),
    )
    s.say("300 steps with 8 workers, no worker crash.")
    s.user(
        "nice. note to self: docker only gives /dev/shm 64MB unless you pass --shm-size. commit",
        lessons=["note to self: docker only gives /dev/shm 64MB unless you pass --shm-size"],
    )
    s.act(
        None,
        Bash(
            'git commit -am "run_docker.sh: 16g shared memory for dataloader workers"',
            git_commit("infra/docker", "5c9e0f1", "run_docker.sh: 16g shared memory for dataloader workers", 1, 1, 1),
            desc="Commit",
        ),
    )
    s.say("Committed 5c9e0f1.")
    s.one_off(
        "DataLoader worker killed by signal: Bus error (out of shared memory) in docker: /dev/shm is 64 MB; fixed "
        "with --shm-size=16g (a memory error, but not the CUDA OOM)"
    )
    s.outcome("success", "shm raised in the docker wrapper, training runs, committed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def _sa_autocast(a: Session) -> None:
    a.act(
        None,
        Grep(
            r"autocast|GradScaler|float16|half\(",
            [
                f"{ML}/src/kumo/engine.py:44:        self.scaler = torch.cuda.amp.GradScaler()",
                f'{ML}/src/kumo/engine.py:65:        with torch.autocast("cuda", dtype=torch.float16):',
            ],
            path="src/kumo",
            mode="content",
        ),
    )
    a.act(
        None,
        Grep(
            r"focal_loss|torch\.log\(",
            [
                f"{ML}/src/kumo/engine.py:67:            loss = focal_loss(logits, labels, gamma=self.cfg.loss.gamma)",
                f"{ML}/src/kumo/losses.py:9:    return (-((1 - p_t) ** gamma) * torch.log(p_t)).mean()",
            ],
            path="src/kumo",
            mode="content",
        ),
    )
    a.say(
        '- engine.py:44 GradScaler; engine.py:65 `torch.autocast("cuda", dtype=torch.float16)` around the forward '
        "AND the loss (engine.py:67).\n- losses.py:7-9 focal_loss: `torch.softmax` then `torch.log(p_t)`, computed in "
        "whatever dtype the logits have (fp16 under autocast). No clamp or eps."
    )


def k07_nan_anomaly() -> Session:
    s = ml("k07-nan-anomaly", "2026-10-12T01:15:33", "2.1.186", "main", "silver-birch-crane")
    s.user(
        "lossがまた途中でnanになる。lr下げても同じ(1e-4でもstep 6kくらいで死ぬ)。どこでnanが出てるか調べて。"
        "pass anything as an override, don't touch the yamls",
        after=0,
        rules=[("hydra-overrides", "pass anything as an override, don't touch the yamls")],
    )
    prompt = (
        "In src/kumo, find where torch.autocast, GradScaler, float16/half are used and where the training loss is "
        "computed (focal_loss). Report file:line with one line of context each. Do not edit anything and never "
        "launch a training run."
    )
    s.act(None, Agent("Find autocast and loss code", prompt, "Explore", _sa_autocast))
    s.not_person("Do not edit anything and never launch a training run.", "subagent_prompt")
    s.act(
        "The loss runs inside fp16 autocast. Resuming the nan run with anomaly detection on to see which op "
        "produces it:",
        Bash(
            f"{RUN} trainer.max_steps=4200 trainer.resume=outputs/2026-10-06/22-03-11/ckpt/step4000.pt "
            "+trainer.detect_anomaly=true",
            "[kumo.train][INFO] - resumed from step 4000\n[kumo.train][WARNING] - anomaly detection on, this is slow\n"
            'Traceback (most recent call last):\n  File "/home/haruto/work/kumo-train/src/kumo/engine.py", line 68, '
            "in train_step\n    self.scaler.scale(loss).backward()\n"
            "RuntimeError: Function 'LogBackward0' returned nan values in its 0th output.",
            code=1,
            desc="Resume with anomaly detection",
            secs=380,
        ),
    )
    s.act(None, Read("src/kumo/losses.py", LOSSES, offset=6, total=9))
    s.act(
        "`torch.log(p_t)` gets a zero: adding a small epsilon inside the log.",
        Edit("src/kumo/losses.py", "torch.log(p_t)", "torch.log(p_t + 1e-8)"),
    )
    s.user("no eps hacks pls. i want to know why it hits 0 in the first place")
    s.act(None, Edit("src/kumo/losses.py", "torch.log(p_t + 1e-8)", "torch.log(p_t)"))
    s.say(
        "戻しました。仮説: autocast の中では softmax の出力が fp16 になり、正解クラスの確率が 6e-8 より小さいと 0 "
        "に丸められます。その log が -inf になり、逆伝播で nan になります。"
    )
    s.user("ok makes sense. meeting now, stopping here")
    s.hit(NAN)
    s.outcome("failed", "the op producing nan is found (LogBackward0) but nothing is fixed; eps hack reverted")
    return s


# ------------------------------------------------------------------------------------------------------------------
LOSS_TEST = """import torch

from kumo.losses import focal_loss


def test_focal_matches_ce_at_gamma0():
    logits = torch.randn(8, 5)
    target = torch.randint(0, 5, (8,))
    assert torch.allclose(focal_loss(logits, target, gamma=0.0), torch.nn.functional.cross_entropy(logits, target))"""


def k08_fix_nan() -> Session:
    s = ml("k08-fix-nan", "2026-10-13T01:32:02", "2.1.186", "fix/focal-fp32", "silver-birch-crane")
    s.user(
        "nan follow-up. per yesterday it's the softmax→log inside autocast, so compute the loss in fp32. + a test",
        after=0,
    )
    s.act(None, Read("src/kumo/losses.py", LOSSES, offset=6, total=9))
    s.act(
        "Computing the loss from `log_softmax` in fp32, so no probability is rounded to 0 before the log:",
        Edit(
            "src/kumo/losses.py",
            "    probs = torch.softmax(logits, dim=-1)\n    p_t = probs.gather(1, target[:, None]).squeeze(1)\n"
            "    return (-((1 - p_t) ** gamma) * torch.log(p_t)).mean()",
            "    logp = F.log_softmax(logits.float(), dim=-1)\n    logp_t = logp.gather(1, target[:, None]).squeeze(1)\n"
            "    return (-((1 - logp_t.exp()) ** gamma) * logp_t).mean()",
        ),
    )
    s.act(None, Read("src/kumo/engine.py", ENGINE, offset=61, total=140))
    s.act(
        "And taking the loss out of the autocast block:",
        Edit(
            "src/kumo/engine.py",
            "            logits = self.model(images)\n            loss = focal_loss(logits, labels, gamma=self.cfg."
            "loss.gamma)\n",
            "            logits = self.model(images)\n        loss = focal_loss(logits, labels, gamma=self.cfg.loss."
            "gamma)\n",
        ),
    )
    s.act(None, Read("tests/test_losses.py", LOSS_TEST))
    s.act(
        None,
        Edit(
            "tests/test_losses.py",
            "torch.nn.functional.cross_entropy(logits, target))",
            "torch.nn.functional.cross_entropy(logits, target))\n\n\ndef test_focal_loss_fp16_extreme_logits():\n"
            "    logits = torch.full((4, 412), -30.0, device='cuda', dtype=torch.float16)\n    logits[:, 0] = 30.0\n"
            "    target = torch.tensor([1, 2, 3, 4], device='cuda')\n"
            "    assert torch.isfinite(focal_loss(logits, target))",
        ),
    )
    s.user(
        "tests must run without a GPU, CI has none. gpu-only stuff gets @pytest.mark.gpu. this one works on cpu",
        rules=[("no-gpu-tests", "tests must run without a GPU")],
    )
    s.act(None, Edit("tests/test_losses.py", ", device='cuda', dtype=torch.float16)", ", dtype=torch.float16)"))
    s.act(None, Edit("tests/test_losses.py", "torch.tensor([1, 2, 3, 4], device='cuda')", "torch.tensor([1, 2, 3, 4])"))
    s.act(
        None,
        Bash(
            "uv run pytest -q tests/test_losses.py",
            pytest_out(
                [
                    (f"tests/test_losses.py::test_{n}", "PASSED")
                    for n in ("focal_matches_ce_at_gamma0", "shape", "focal_loss_fp16_extreme_logits")
                ]
            ),
            desc="Loss tests",
        ),
    )
    tmux_run(
        s,
        "Resuming the run that went nan, from its step-4000 checkpoint to step 8000:",
        "nanfix",
        "trainer.max_steps=8000 trainer.resume=outputs/2026-10-06/22-03-11/ckpt/step4000.pt",
        "step (5|6|7|8)000",
        "[kumo.engine][INFO] - step 5000 loss=0.7410 grad_norm=2.88 lr=2.61e-04\n"
        "[kumo.engine][INFO] - step 6000 loss=0.6933 grad_norm=2.71 lr=2.50e-04\n"
        "[kumo.engine][INFO] - step 7000 loss=0.6420 grad_norm=2.52 lr=2.37e-04\n"
        "[kumo.engine][INFO] - step 8000 loss=0.6012 grad_norm=2.49 lr=2.23e-04",
        "Resume the nan run to step 8000 (tmux), wait for the end",
        3320,
    )
    s.say("Past step 4120 and 6000 with finite loss, up to 8000.")
    s.user(
        "いけた 🎉 学び: fp16のままsoftmax→logするとアンダーフローして0になって、log(0)でnan。lossはfp32でlog_softmaxから。"
        "commitして",
        lessons=["学び: fp16のままsoftmax→logするとアンダーフローして0になって、log(0)でnan"],
    )
    s.act(
        None,
        Bash(
            'git add src/kumo/losses.py src/kumo/engine.py tests/test_losses.py && git commit -m "Compute focal loss in '
            'fp32 from log_softmax, outside autocast"',
            git_commit(
                "fix/focal-fp32", "b8d21a6", "Compute focal loss in fp32 from log_softmax, outside autocast", 3, 14, 4
            ),
            desc="Commit",
        ),
    )
    s.say("Committed b8d21a6.")
    s.hit(NAN, fixed=True)
    s.outcome("success", "loss computed in fp32 from log_softmax outside autocast; resumed run passes 8000 steps")
    return s


# ------------------------------------------------------------------------------------------------------------------
MEM_PROBE = """import torch
from hydra import compose, initialize

from kumo.train import build_everything

with initialize(config_path="../conf", version_base=None):
    cfg = compose("config", overrides=["experiment=vit_b16"])
trainer, model, data = build_everything(cfg)
for i, batch in enumerate(data.val_dataloader()):
    trainer.evaluate([batch])
    if i % 10 == 0:
        print(f"after val batch {i}: {torch.cuda.memory_allocated() / 2**30:.1f} GiB")
    if i == 40:
        break
"""


def k09_fix_oom() -> Session:
    s = ml("k09-fix-oom", "2026-10-14T01:22:50", "2.1.186", "fix/eval-memory", "rapid-larch-owl")
    s.shell_escape("nvidia-smi", nvidia_smi([23817]), after=0)
    s.user(
        "見て、valのたびにメモリ増えてって3epoch目で落ちる。batchサイズ関係ないと思う。evaluateがなんか掴んでる気がする",
        after=25,
    )
    s.act(None, Read("src/kumo/engine.py", ENGINE, offset=61, total=140))
    s.act(
        "`evaluate` runs the forward pass with autograd on and keeps every batch's logits in a list on the GPU. "
        "Measuring it with a small probe over 40 validation batches:",
        Write("scripts/mem_probe.py", MEM_PROBE),
        think="If evaluate has no no_grad, each logits tensor holds its graph. all_logits keeps all of them.",
    )
    probe = "\n".join(
        f"after val batch {i}: {g} GiB" for i, g in ((0, "3.2"), (10, "7.0"), (20, "10.9"), (30, "14.6"), (40, "18.4"))
    )
    s.act(None, Bash("uv run python scripts/mem_probe.py", probe, desc="Memory during validation", secs=60))
    s.say("Grows about 0.38 GiB per batch: the activations of every batch stay alive.")
    s.compact(
        "manual",
        "This session is being continued from a previous conversation. Summary:\n1. Primary Request: find why GPU "
        "memory grows during validation in kumo-train and OOMs at epoch 3 (earlier attempts: smaller eval batch, "
        "empty_cache, expandable_segments — all rejected or useless).\n2. Findings: Trainer.evaluate in "
        "src/kumo/engine.py runs without no_grad/inference_mode and appends GPU logits (with graph) to all_logits; "
        "scripts/mem_probe.py shows +0.38 GiB per val batch.\n3. Next: wrap evaluate in inference mode, move logits "
        "to CPU, re-measure, run 5 epochs.",
        pre_tokens=98_410,
        post_tokens=6_212,
    )
    s.act(
        "Evaluating under `torch.inference_mode()` and keeping the collected logits on the CPU:",
        Edit(
            "src/kumo/engine.py",
            "    def evaluate(self, loader):\n",
            "    @torch.inference_mode()\n    def evaluate(self, loader):\n",
        ),
    )
    s.act(
        None,
        Edit(
            "src/kumo/engine.py",
            "            all_logits.append(logits)\n",
            "            all_logits.append(logits.float().cpu())\n",
        ),
    )
    s.act(
        None,
        Edit(
            "src/kumo/engine.py",
            "compute_metrics(torch.cat(all_logits), torch.cat(all_labels).to(self.device))",
            "compute_metrics(torch.cat(all_logits), torch.cat(all_labels))",
        ),
    )
    flat = "\n".join(f"after val batch {i}: 2.3 GiB" for i in range(0, 41, 10))
    s.act(None, Bash("uv run python scripts/mem_probe.py", flat, desc="Memory during validation, again", secs=45))
    tmux_run(
        s,
        "Flat at 2.3 GiB. Running five short epochs to get past epoch 3:",
        "oomfix",
        "trainer.max_epochs=5 data.limit_train_batches=400",
        "val/acc",
        "\n".join(
            f"[kumo.engine][INFO] - epoch {e} val/acc={a} val/loss={v}"
            for e, a, v in (
                (1, "0.5120", "1.9905"),
                (2, "0.6102", "1.4870"),
                (3, "0.6551", "1.3002"),
                (4, "0.6790", "1.2218"),
                (5, "0.6884", "1.1930"),
            )
        ),
        "5 short epochs in tmux, wait for the end",
        1250,
    )
    s.say("All five epochs finish; validation memory stays flat.")
    s.user(
        "lesson: eval without inference_mode keeps the autograd graph of every batch alive, and the logits list "
        "pinned it all on the GPU. commit pls, without the probe script",
        lessons=[
            "lesson: eval without inference_mode keeps the autograd graph of every batch alive, and the logits list "
            "pinned it all on the GPU"
        ],
    )
    s.act(
        None,
        Bash(
            'git add src/kumo/engine.py && git commit -m "Evaluate under inference_mode and keep logits on CPU"',
            git_commit("fix/eval-memory", "d30f7c4", "Evaluate under inference_mode and keep logits on CPU", 1, 3, 2),
            desc="Commit",
        ),
    )
    s.say("Committed d30f7c4; scripts/mem_probe.py is left untracked.")
    s.hit(OOM, fixed=True)
    s.outcome("success", "evaluate runs under inference_mode with logits on CPU; memory flat, 5 epochs pass")
    return s


# ------------------------------------------------------------------------------------------------------------------
SBATCH = """#!/usr/bin/env bash
#SBATCH --job-name=kumo-train
#SBATCH --partition=a100
#SBATCH --nodes=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=24:00:00
#SBATCH --output=logs/%x-%j.out

srun uv run torchrun --nproc-per-node=4 -m kumo.train "$@" hydra.run.dir=outputs/${SLURM_JOB_ID}
"""


def k10_slurm() -> Session:
    s = ml("k10-slurm", "2026-10-15T01:10:27", "2.1.186", "infra/slurm", "rapid-larch-owl")
    s.user(
        "来週から社内のslurmクラスタ(A100 x8)に移ることに決めた。tmuxはもういらない、これからは全部sbatchでジョブ投げて。"
        "scripts/train.sbatch 作って。1ノード4GPU、torchrun",
        after=0,
        decisions=["来週から社内のslurmクラスタ(A100 x8)に移ることに決めた"],
        rules=[("sbatch", "tmuxはもういらない、これからは全部sbatchでジョブ投げて", "tmux")],
    )
    s.act(None, Glob("scripts/*", ["scripts/run_docker.sh", "scripts/mem_probe.py", "scripts/export_onnx.py"]))
    s.act(None, Write("scripts/train.sbatch", SBATCH))
    s.act(
        None,
        Bash(
            "bash -n scripts/train.sbatch && sbatch --test-only scripts/train.sbatch experiment=vit_b16",
            "sbatch: Job 48213 to start at 2026-10-15T10:14:02 using 32 processors on nodes gpu03 in partition a100",
            desc="Check the batch script",
        ),
    )
    s.say("`scripts/train.sbatch` written; `sbatch --test-only` accepts it (gpu03, partition a100).")
    s.user(
        "チェックポイントはリポジトリの外に置いて。/mnt/data/kumo/ckpt に。outputs/ の下に溜まると git status が重い",
        rules=[("ckpt-outside", "チェックポイントはリポジトリの外に置いて")],
    )
    s.act(None, Read("scripts/train.sbatch", SBATCH))
    s.act(
        None,
        Edit(
            "scripts/train.sbatch",
            "hydra.run.dir=outputs/${SLURM_JOB_ID}",
            "hydra.run.dir=outputs/${SLURM_JOB_ID} trainer.ckpt_dir=/mnt/data/kumo/ckpt/${SLURM_JOB_ID}",
        ),
    )
    s.act(
        None,
        Bash(
            'git add scripts/train.sbatch && git commit -m "Add Slurm batch script (1 node, 4 GPUs, torchrun)"',
            git_commit("infra/slurm", "61aa0e9", "Add Slurm batch script (1 node, 4 GPUs, torchrun)", 1, 12, 0),
            desc="Commit",
        ),
    )
    s.say("Committed 61aa0e9.")
    s.outcome("success", "Slurm batch script written, validated with --test-only, checkpoints outside the repo")
    return s


# ------------------------------------------------------------------------------------------------------------------
UV_ERR = """  × No solution found when resolving dependencies:
  ╰─▶ Because only torchvision<=0.20.1 is available and torchvision==0.20.1 depends on torch==2.5.1, we can
      conclude that torchvision>=0.20.1 depends on torch==2.5.1.
      And because your project depends on torch>=2.6 and torchvision>=0.20.1, we can conclude that your
      project's requirements are unsatisfiable."""

PYPROJECT = """dependencies = [
    "torch>=2.6",
    "torchvision>=0.20.1",
    "timm>=1.0.11",
    "hydra-core>=1.3.2",
    "wandb>=0.18.5",
]"""


def k11_wandb_online() -> Session:
    s = ml("k11-wandb-online", "2026-10-16T01:40:09", "2.1.186", "main", "tidy-maple-snipe")
    text = (
        "wandbはもうonlineでいい。社内サーバー立ったから WANDB_BASE_URL=https://wandb.kumo.internal だけ設定して。"
        "あと uv sync が通らない"
    )
    s.queued_start(text)
    s.user(text, after=0, rules=[("wandb-online", "wandbはもうonlineでいい", "wandb-offline")])
    s.act(None, Bash("uv sync", UV_ERR, code=1, desc="Sync the environment", secs=4))
    s.act(None, Read("pyproject.toml", PYPROJECT, offset=8, total=61))
    s.act(
        "torch was raised to 2.6 but torchvision still allows 0.20.x, which pins torch 2.5.1. torchvision 0.21 is "
        "the release that matches torch 2.6:",
        Edit("pyproject.toml", '"torchvision>=0.20.1",', '"torchvision>=0.21.0",'),
    )
    s.act(
        None,
        Bash(
            "uv lock && uv sync",
            "Resolved 94 packages in 1.21s\nUpdated torchvision v0.20.1 -> v0.21.0\nPrepared 1 package in 3.44s\n"
            "Uninstalled 1 package in 41ms\nInstalled 1 package in 12ms\n - torchvision==0.20.1\n + torchvision==0.21.0",
            desc="Lock and sync",
            secs=8,
        ),
    )
    s.act(
        None,
        Read(
            "conf/logger/wandb.yaml",
            "project: kumo-train\nentity: kumo\nmode: offline\ndir: ${hydra:runtime.output_dir}",
        ),
    )
    s.act(None, Edit("conf/logger/wandb.yaml", "mode: offline", "mode: online\nbase_url: https://wandb.kumo.internal"))
    s.act(
        None,
        Bash(
            f"{RUN} trainer.max_steps=50",
            "wandb: Currently logged in as: haruto (kumo) to https://wandb.kumo.internal.\n"
            "wandb: Tracking run with wandb version 0.18.5\nwandb: 🚀 View run vit_b16-1016-1043 at: "
            "https://wandb.kumo.internal/kumo/kumo-train/runs/3k2x9a1q\n"
            "[kumo.engine][INFO] - step 50 loss=5.7702 grad_norm=4.31 lr=3.00e-05",
            desc="50 steps, online logging",
            secs=70,
        ),
    )
    s.say("uv sync works again (torchvision 0.21.0) and the run logs to the internal wandb server.")
    s.user(
        "👍 コミットは分けて。1コミット1変更で",
        rules=[("one-change-commit", "1コミット1変更で")],
    )
    s.act(
        None,
        Bash(
            'git add pyproject.toml uv.lock && git commit -m "Require torchvision 0.21 to match torch 2.6" && '
            'git add conf/logger/wandb.yaml && git commit -m "Log to the internal wandb server"',
            git_commit("main", "7f3d2b8", "Require torchvision 0.21 to match torch 2.6", 2, 9, 9)
            + "\n"
            + git_commit("main", "e49a105", "Log to the internal wandb server", 1, 2, 1),
            desc="Two commits",
        ),
    )
    s.say("Two commits: 7f3d2b8 (torchvision) and e49a105 (wandb).")
    s.one_off(
        "uv sync: no solution when resolving dependencies, torch>=2.6 against torchvision 0.20.1 (pins torch "
        "2.5.1); fixed by requiring torchvision>=0.21.0"
    )
    s.outcome("success", "dependency conflict resolved, wandb online, two separate commits")
    return s


# ------------------------------------------------------------------------------------------------------------------
def k12_bf16_question() -> Session:
    s = ml("k12-bf16-question", "2026-10-19T02:31:40", "2.1.191", "main", "tidy-maple-snipe")
    s.user("質問だけ。A100ならbf16とfp16どっちがいい? GradScalerいらなくなる?", after=0)
    s.act(
        None,
        Bash(
            'uv run python -c "import torch; print(torch.cuda.get_device_name(0), torch.cuda.is_bf16_supported())"',
            "NVIDIA GeForce RTX 4090 True",
            desc="bf16 support on this box",
        ),
    )
    s.act(
        None,
        Bash(
            'uv run python -c "import torch; print(torch.__version__, torch.version.cuda)"',
            "2.6.0+cu124 12.4",
            desc="torch and CUDA versions",
        ),
    )
    s.say(
        "A100 なら bf16 がおすすめです。指数部が fp32 と同じ 8 bit なので、fp16 のようなアンダーフロー・オーバーフロー"
        "がほぼ起きず、GradScaler は不要になります。速度は A100 では fp16 とほぼ同じです。ちなみにこの 4090 も bf16 "
        "対応です。"
    )
    s.turn_done()
    s.user(
        "i see. i was always scared of nan with fp16 lol. will try after the move",
        non_rules=["i was always scared of nan with fp16 lol."],
    )
    s.say('Switching to `torch.autocast("cuda", dtype=torch.bfloat16)` and dropping the GradScaler is all it takes.')
    s.turn_done()
    s.outcome("unknown", "a question answered, nothing changed, no verdict")
    return s


# ------------------------------------------------------------------------------------------------------------------
METRICS = """def compute_metrics(logits: torch.Tensor, labels: torch.Tensor) -> dict[str, float]:
    preds = logits.argmax(dim=-1)
    return {"val/acc": (preds == labels).float().mean().item()}"""


def k13_f1_declined() -> Session:
    s = ml("k13-f1-declined", "2026-10-20T01:52:15", "2.1.191", "feat/per-class-f1", "gentle-fir-wagtail")
    s.user(
        "evalにper-class F1足して。wandbにもtableで。依存足すならuv addで、pip installはなし",
        after=0,
        rules=[("uv-run", "依存足すならuv addで、pip installはなし")],
    )
    s.act(None, Read("src/kumo/metrics.py", METRICS, total=9))
    s.act(
        None,
        Bash(
            "uv add scikit-learn",
            "Resolved 97 packages in 1.02s\nInstalled 3 packages in 188ms\n + joblib==1.4.2"
            "\n + scikit-learn==1.5.2\n + threadpoolctl==3.5.0",
            desc="Add scikit-learn",
            secs=5,
        ),
    )
    s.act(
        None,
        Edit(
            "src/kumo/metrics.py",
            '    return {"val/acc": (preds == labels).float().mean().item()}',
            "    f1 = f1_score(labels.numpy(), preds.numpy(), average=None)\n    print(f'per-class f1: {f1}')\n"
            '    return {"val/acc": (preds == labels).float().mean().item(), "val/f1_macro": float(f1.mean()), '
            '"val/f1": f1.tolist()}',
        ),
    )
    s.act(
        None,
        Read(
            "src/kumo/engine.py",
            ENGINE.replace(
                "            all_logits.append(logits)", "            all_logits.append(logits.float().cpu())"
            ),
            offset=61,
            total=141,
        ),
    )
    s.act(
        None,
        Edit(
            "src/kumo/engine.py",
            "        self.model.train()\n",
            "        self.model.train()\n        if wandb.run is not None:\n            wandb.log({'val/f1_table': "
            "per_class_table(all_logits, all_labels, self.class_names)})\n",
        ),
    )
    s.act(
        None,
        Bash(
            "uv run pytest -q",
            pytest_out(
                [(f"tests/test_optim.py::test_{n}", "PASSED") for n in ("param_groups", "lr_from_cfg", "warmup")]
                + [
                    (f"tests/test_losses.py::test_{n}", "PASSED")
                    for n in ("focal_matches_ce_at_gamma0", "shape", "focal_loss_fp16_extreme_logits")
                ]
                + [(f"tests/test_metrics.py::test_{n}", "PASSED") for n in ("acc", "f1_shape")],
                secs=11.02,
            ),
            desc="Tests",
        ),
    )
    s.say("Per-class F1 in `compute_metrics`, a wandb table after each validation; all 8 tests pass.")
    s.user(
        "printじゃなくてlogger。…てか、あーsklearnは入れたくない、依存重いし。やっぱいいや、全部戻して",
        rules=[("logging", "printじゃなくてlogger")],
    )
    s.act(
        None,
        Bash(
            "git checkout -- src/kumo/metrics.py src/kumo/engine.py && uv remove scikit-learn && git status --short",
            "Resolved 94 packages in 0.98s\nUninstalled 3 packages in 61ms\n - joblib==1.4.2\n - scikit-learn==1.5.2\n"
            " - threadpoolctl==3.5.0",
            desc="Revert everything",
            secs=4,
        ),
    )
    s.say("全部戻しました。作業ツリーはクリーンです。")
    s.outcome("failed", "per-class F1 implemented and tests green, but Haruto declines the change; all reverted")
    return s


# ------------------------------------------------------------------------------------------------------------------
def k14_cfg_command() -> Session:
    s = ml("k14-cfg-command", "2026-10-22T01:05:51", "2.1.191", "main", "gentle-fir-wagtail")
    s.local_command(
        "cost", "", "Total cost:            $0.0000\nTotal duration (API):  0s\nTotal duration (wall): 4s", after=0
    )
    s.user("whats the comand to dump the whole hydra config again", after=9)
    s.act(
        None,
        Bash(
            f"{RUN} --cfg job --resolve | head -n 12",
            "data:\n  name: products-v3\n  root: /mnt/data/products-v3\n  image_size: 224\n  batch_size: 96\n"
            "  eval_batch_size: 256\n  num_workers: 8\nmodel:\n  name: vit_b16\n  pretrained: true\noptimizer:\n"
            "  _target_: kumo.optim.build_optimizer",
            desc="Show the composed config",
            secs=3,
        ),
    )
    s.say("`--cfg job` (add `--resolve` to expand interpolations); `--cfg all` also shows Hydra's own settings.")
    s.turn_done()
    s.user("yep that one")
    s.turn_done()
    s.outcome("unknown", "a one-line question answered; trivial session without a task or verdict")
    return s


SESSIONS = [
    k01_cosine_warmup,
    k02_smoke_oom,
    k03_lr_sweep,
    k04_nan_overnight,
    k05_oom_cublas,
    k06_shm_bus_error,
    k07_nan_anomaly,
    k08_fix_nan,
    k09_fix_oom,
    k10_slurm,
    k11_wandb_online,
    k12_bf16_question,
    k13_f1_declined,
    k14_cfg_command,
]
