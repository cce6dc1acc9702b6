"""Sessions in `tanaw` (/Users/maricel/dev/tanaw): sales analytics for a Cebu retail client, Jupyter notebooks in
notebooks/ on pandas, a DVC pipeline (dvc.yaml stages prepare -> aggregate -> forecast, data in data/raw and
data/processed, remote on the client's S3), tested with pytest + nbval (`--nbval-lax`), everything run through uv."""

from __future__ import annotations

from typing import Any

from fake_output import TANAW, dvc_repro, git_commit, nbval_cell_error, nbval_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Tool, Write, abspath

THOUSANDS = "csv-thousands-separator"
STALE = "dvc-data-stale-after-switch"

NB03 = "notebooks/03_sales_summary.ipynb"
NB03_TEST = f"uv run pytest {NB03}"

NOTEBOOKS = [
    ("notebooks/01_load.ipynb", "...."),
    ("notebooks/02_branches.ipynb", "....."),
    (NB03, "......"),
    ("notebooks/04_forecast.ipynb", "...."),
]


def tanaw(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=TANAW, project="tanaw")


def NotebookEdit(path: str, cell_id: str, source: str, *, mode: str = "replace") -> Tool:
    """Claude Code's notebook cell edit (the Edit tool refuses .ipynb files)."""
    p = abspath(path)
    inp: dict[str, Any] = {"notebook_path": p, "cell_id": cell_id, "new_source": source}
    if mode != "replace":
        inp["cell_type"] = "code"
        inp["edit_mode"] = mode
    verb = {"replace": "Updated cell", "insert": "Inserted cell", "delete": "Deleted cell"}[mode]
    result = {
        "new_source": source,
        "cell_id": cell_id,
        "cell_type": "code",
        "language": "python",
        "edit_mode": mode,
        "error": "",
    }
    return Tool("NotebookEdit", inp, f"{verb} {cell_id} with {source}", False, result, 0.3)


def cells(*pairs: tuple[str, str]) -> str:
    """How the Read tool shows a notebook: one <cell> element per cell."""
    return "\n".join(f'<cell id="{cid}">{src}</cell id="{cid}">' for cid, src in pairs)


# ------------------------------------------------------------------------------------------------------------------
def t01_nbval_setup() -> Session:
    s = tanaw("t01-nbval-setup", "2027-03-01T06:10:03", "2.1.191", "chore/nbval", "sunny-tanon-plover")
    s.user(
        "Hello! Pa-setup naman ng pytest + nbval para ma-test yung mga notebooks sa notebooks/. Always go through uv "
        "run, never pip install into the venv. Tsaka i-strip natin lagi yung outputs ng notebooks bago i-commit, ang "
        "gulo ng diff sa PR",
        after=0,
        rules=[
            ("uv-run", "Always go through uv run, never pip install into the venv"),
            ("strip-outputs", "i-strip natin lagi yung outputs ng notebooks bago i-commit"),
        ],
    )
    s.act(
        None,
        Bash(
            "uv add --dev pytest nbval nbstripout",
            "Resolved 118 packages in 1.21s\nPrepared 3 packages in 402ms\nInstalled 3 packages in 9ms\n"
            " + nbstripout==0.8.1\n + nbval==0.11.0\n + pytest==8.3.5",
            desc="Add test tools",
            secs=4,
        ),
    )
    s.act(
        "Stripped notebooks carry no outputs to compare, so nbval runs in lax mode: every cell must execute without "
        "an error, and outputs are only compared where a cell asks for it.",
        Edit(
            "pyproject.toml",
            "[tool.uv]\ndev-dependencies = [",
            '[tool.pytest.ini_options]\naddopts = "--nbval-lax"\ntestpaths = ["notebooks", "tests"]\n\n'
            "[tool.uv]\ndev-dependencies = [",
        ),
    )
    s.act(
        None,
        Bash(
            "uv run nbstripout --install --attributes .gitattributes && uv run pytest",
            nbval_run(NOTEBOOKS, secs="14.08"),
            desc="Strip filter and first nbval run",
            secs=20,
        ),
    )
    s.say(
        "pytest runs every notebook with nbval (`--nbval-lax`), 19 cells pass. nbstripout is installed as a git "
        "filter (.gitattributes), so outputs are stripped on commit."
    )
    s.user("nice, salamat!")
    s.outcome("success", "pytest + nbval set up in lax mode, notebooks pass, nbstripout filter installed")
    return s


def t02_merge_dtype() -> Session:
    s = tanaw("t02-merge-dtype", "2027-03-03T02:30:50", "2.1.191", "feature/branch-names", "round-cordova-tern")
    s.user(
        "Add the branch names to 02_branches.ipynb by merging with data/reference/branches.csv on branch_id. For now "
        "just hardcode the region for the two new Mandaue branches, I'll get the real master list from the client",
        after=0,
        non_rules=[
            "For now just hardcode the region for the two new Mandaue branches, I'll get the real master list from "
            "the client"
        ],
    )
    s.act(
        None,
        NotebookEdit(
            "notebooks/02_branches.ipynb",
            "cell-2",
            'branches = pd.read_csv("../data/reference/branches.csv")\nbranches.dropna(subset=["branch_id"], inplace=True)\n'
            'sales = sales.merge(branches[["branch_id", "name", "region"]], on="branch_id", how="left")\n'
            'sales.loc[sales.branch_id.isin(["MND-03", "MND-04"]), "region"] = "Mandaue"',
        ),
    )
    s.act(
        None,
        Bash(
            "uv run pytest notebooks/02_branches.ipynb",
            nbval_run(
                [("notebooks/02_branches.ipynb", "..F..")],
                [
                    (
                        "notebooks/02_branches.ipynb::Cell 2",
                        nbval_cell_error(
                            2,
                            'branches = pd.read_csv("../data/reference/branches.csv")\n'
                            'branches.dropna(subset=["branch_id"], inplace=True)\n'
                            'sales = sales.merge(branches[["branch_id", "name", "region"]], on="branch_id", how="left")',
                            "ValueError",
                            "You are trying to merge on object and int64 columns for key 'branch_id'. If you wish to "
                            "proceed you should use pd.concat",
                            lineno=3,
                        ),
                    )
                ],
                secs="4.71",
            ),
            code=1,
            desc="Run the notebook",
            secs=8,
        ),
    )
    s.act(
        'sales.branch_id is a string like "CEB-01" but branches.csv has numeric ids in that column for the old '
        "branches, so pandas reads it as int64. I'll read it as a string.",
        NotebookEdit(
            "notebooks/02_branches.ipynb",
            "cell-2",
            'branches = pd.read_csv("../data/reference/branches.csv", dtype={"branch_id": "string"})\n'
            'branches.dropna(subset=["branch_id"], inplace=True)\n'
            'sales = sales.merge(branches[["branch_id", "name", "region"]], on="branch_id", how="left")\n'
            'sales.loc[sales.branch_id.isin(["MND-03", "MND-04"]), "region"] = "Mandaue"',
        ),
    )
    s.user(
        "don't use inplace=True, just reassign the dataframe. mas madaling basahin",
        rules=[("no-inplace", "don't use inplace=True, just reassign the dataframe")],
    )
    s.act(
        None,
        NotebookEdit(
            "notebooks/02_branches.ipynb",
            "cell-2",
            'branches = pd.read_csv("../data/reference/branches.csv", dtype={"branch_id": "string"})\n'
            'branches = branches.dropna(subset=["branch_id"])\n'
            'sales = sales.merge(branches[["branch_id", "name", "region"]], on="branch_id", how="left")\n'
            'sales.loc[sales.branch_id.isin(["MND-03", "MND-04"]), "region"] = "Mandaue"',
        ),
    )
    s.act(
        None,
        Bash(
            "uv run pytest notebooks/02_branches.ipynb",
            nbval_run([("notebooks/02_branches.ipynb", ".....")], secs="4.52"),
            desc="Run the notebook",
            secs=8,
        ),
    )
    s.say(
        "Branch names and regions are merged in (branch_id read as a string), the two Mandaue branches hardcoded; the notebook passes."
    )
    s.user("ok good")
    s.outcome("success", "merge fixed by reading branch_id as a string; notebook passes; the person accepts")
    s.one_off("pandas merge ValueError: You are trying to merge on object and int64 columns for key 'branch_id'")
    return s


def _round_error(exec_n: int, source: str, ename: str, evalue: str) -> str:
    return nbval_run(
        [("notebooks/03_sales_summary.ipynb", "..F...")],
        [(f"{NB03}::Cell 2", nbval_cell_error(2, source, ename, evalue, exec_n=exec_n))],
        secs="6.30",
    )


def t03_round_str() -> Session:
    s = tanaw("t03-round-str", "2027-03-03T08:15:12", "2.1.191", "main", "brisk-pasil-heron")
    s.user(
        "nag-fail yung nbval sa 03_sales_summary pagkatapos ko i-add yung February file ng client "
        "(data/raw/pos_2027_02.csv). pakiayos",
        after=0,
    )
    s.act(
        None,
        Bash(
            NB03_TEST,
            _round_error(
                3,
                'total = round(df["amount"].sum(), 2)\ntotal',
                "TypeError",
                "type str doesn't define __round__ method",
            ),
            code=1,
            desc="Run the summary notebook",
            secs=9,
        ),
    )
    s.act(
        "The sum came back as a string. I'll convert the total to float before rounding.",
        NotebookEdit(NB03, "cell-2", 'total = round(float(df["amount"].sum()), 2)\ntotal'),
    )
    s.act(
        None,
        Bash(
            NB03_TEST,
            _round_error(
                3,
                'total = round(float(df["amount"].sum()), 2)\ntotal',
                "ValueError",
                "could not convert string to float: '1,250.001,980.00350.0012,480.50875.00...'",
            ),
            code=1,
            desc="Run the summary notebook",
            secs=9,
        ),
    )
    s.act(
        "Summing text concatenates the values. Converting the column before summing instead.",
        NotebookEdit(NB03, "cell-2", 'total = round(df["amount"].astype(float).sum(), 2)\ntotal'),
    )
    s.act(
        None,
        Bash(
            NB03_TEST,
            _round_error(
                3,
                'total = round(df["amount"].astype(float).sum(), 2)\ntotal',
                "ValueError",
                "could not convert string to float: '1,250.00'",
            ),
            code=1,
            desc="Run the summary notebook",
            secs=9,
        ),
    )
    s.act(
        "Some values in the February file don't parse as numbers. I'll coerce the column once, right after loading.",
        NotebookEdit(
            NB03,
            "cell-1",
            'df = load_sales("../data/processed/sales_clean.parquet")\n'
            'df["amount"] = pd.to_numeric(df["amount"], errors="coerce")',
        ),
        NotebookEdit(NB03, "cell-2", 'total = round(df["amount"].sum(), 2)\ntotal'),
    )
    s.act(
        None,
        Bash(NB03_TEST, nbval_run([(NB03, "......")], secs="6.02"), desc="Run the summary notebook", secs=9),
    )
    s.say('The notebook passes: `amount` is converted with `pd.to_numeric(..., errors="coerce")` right after loading.')
    s.user("ok that works, thanks")
    s.outcome(
        "success",
        "nbval green after three failed runs, by coercing amount with to_numeric; the person accepts (the coercion "
        "later turns out to hide the rows with thousands separators)",
    )
    s.hit(THOUSANDS)
    return s


def t04_keyerror_region() -> Session:
    s = tanaw("t04-keyerror-region", "2027-03-04T06:30:40", "2.1.191", "feature/regions", "quick-danao-kite")
    s.user(
        "lipat ako sa feature/regions na branch ni Paolo para i-review, pero nag-error yung 02_branches.ipynb, "
        "KeyError daw. pa-check",
        after=0,
    )
    s.act(
        None,
        Bash(
            "uv run pytest notebooks/02_branches.ipynb",
            nbval_run(
                [("notebooks/02_branches.ipynb", "...F.")],
                [
                    (
                        "notebooks/02_branches.ipynb::Cell 3",
                        "Notebook cell execution failed\nCell 3: Cell execution caused an exception\n\nInput:\n"
                        'by_region = sales.groupby("region")["amount"].sum()\n\nTraceback:\n'
                        "---------------------------------------------------------------------------\n"
                        "KeyError                                  Traceback (most recent call last)\n"
                        f"File {TANAW}/.venv/lib/python3.12/site-packages/pandas/core/groupby/grouper.py:1043, in "
                        "get_grouper(obj, key, axis, level, sort, observed, validate, dropna)\n"
                        "   1041         in_axis, level, gpr = False, gpr, None\n   1042     else:\n"
                        "-> 1043         raise KeyError(gpr)\n   1044 elif isinstance(gpr, Grouper) and gpr.key is not None:\n\n"
                        "KeyError: 'region'",
                    )
                ],
                secs="4.88",
            ),
            code=1,
            desc="Run the branches notebook",
            secs=8,
        ),
    )
    s.act(
        None,
        Bash(
            "uv run python -c \"import pandas as pd; print(pd.read_parquet('data/processed/sales_clean.parquet').columns.tolist())\"",
            "['sold_at', 'branch_id', 'sku', 'qty', 'amount']",
            desc="Columns of the processed data",
        ),
    )
    s.act(
        "The processed parquet has no `region` column. I'll derive it in the notebook from the branch prefix.",
        NotebookEdit(
            "notebooks/02_branches.ipynb",
            "cell-3a",
            'sales["region"] = sales.branch_id.str[:3].map({"CEB": "Cebu City", "MND": "Mandaue", "LPL": "Lapu-Lapu"})',
            mode="insert",
        ),
    )
    s.act(
        None,
        Bash(
            "uv run pytest notebooks/02_branches.ipynb",
            nbval_run([("notebooks/02_branches.ipynb", "......")], secs="4.61"),
            desc="Run the branches notebook",
            secs=8,
        ),
    )
    s.say("Passing now: the notebook derives `region` from the branch prefix.")
    s.user(
        "teka, nasa prepare stage na yung region sa branch na to ah, yun nga yung PR ni Paolo. bakit wala sa "
        "parquet? ibalik mo yung notebook, ayoko ng duplicate na logic"
    )
    s.act(None, NotebookEdit("notebooks/02_branches.ipynb", "cell-3a", "", mode="delete"))
    s.say(
        "Removed the cell again. The sales_clean.parquet on disk has no `region`, so it was not produced by this "
        "branch's prepare stage; rebuilding it with `dvc repro prepare` would take about 6 minutes on the full data."
    )
    s.user("no need, I'm only reviewing it. I'll look tomorrow")
    s.outcome("failed", "KeyError 'region' after switching branch; the notebook workaround was reverted, nothing fixed")
    s.hit(STALE)
    return s


def t05_kernel_name() -> Session:
    s = tanaw("t05-kernel-name", "2027-03-08T02:10:14", "2.1.192", "chore/nbval-ci", "dry-tabunok-swift")
    s.user(
        "nbval sa GitHub Actions, nag-fail lahat ng notebooks:\n\n```\nRun uv run pytest\n"
        "ERROR notebooks/01_load.ipynb - jupyter_client.kernelspec.NoSuchKernel: No such kernel named tanaw\n"
        "ERROR notebooks/02_branches.ipynb - jupyter_client.kernelspec.NoSuchKernel: No such kernel named tanaw\n"
        "...\n!!!!!!!!!!!!!!!!!!! Interrupted: 5 errors during collection !!!!!!!!!!!!!!!!!!!\n```",
        after=0,
    )
    s.act(
        "The notebooks are saved with your local kernel \"tanaw\", which CI doesn't have. I'll register it in the "
        "workflow.",
        Edit(
            ".github/workflows/nbval.yml",
            "      - run: uv run pytest",
            "      - run: pip install ipykernel && python -m ipykernel install --user --name tanaw\n      - run: uv run pytest",
        ),
    )
    s.user(
        "uv run lang, sabi ko na, walang pip install",
        rules=[("uv-run", "uv run lang, sabi ko na, walang pip install")],
    )
    s.act(
        "Simpler then: tell nbval which kernel to use, so the kernel name saved in the notebooks doesn't matter.",
        Edit(
            ".github/workflows/nbval.yml",
            "      - run: pip install ipykernel && python -m ipykernel install --user --name tanaw\n      - run: uv run pytest",
            "      - run: uv run pytest",
        ),
        Edit("pyproject.toml", 'addopts = "--nbval-lax"', 'addopts = "--nbval-lax --nbval-kernel-name=python3"'),
    )
    s.act(None, Bash("uv run pytest", nbval_run(NOTEBOOKS, secs="13.77"), desc="All notebooks", secs=18))
    s.say("With `--nbval-kernel-name=python3` nbval ignores the saved kernel name; all notebooks pass locally.")
    s.user(
        "ayos. lagi nating i-run yung nbval bago mag-push, para di na tayo nagugulat sa CI. push mo na",
        rules=[("nbval-before-push", "lagi nating i-run yung nbval bago mag-push")],
    )
    s.act(
        None,
        Bash(
            'uv run pytest -q && git commit -am "ci: run nbval with the python3 kernel" && git push -u origin chore/nbval-ci',
            "19 passed in 13.51s\n"
            + git_commit("chore/nbval-ci", "62bd0e9", "ci: run nbval with the python3 kernel", 1, 1, 1)
            + "\nTo github.com:maricel-dev/tanaw.git\n * [new branch]      chore/nbval-ci -> chore/nbval-ci",
            desc="nbval, commit, push",
            secs=20,
        ),
    )
    s.say("nbval passed again right before the push; `chore/nbval-ci` is up.")
    s.outcome("success", "CI kernel error fixed with --nbval-kernel-name, nbval run before the push")
    s.one_off("nbval on CI: jupyter_client.kernelspec.NoSuchKernel: No such kernel named tanaw")
    return s


def t06_mandaue_low() -> Session:
    s = tanaw("t06-mandaue-low", "2027-03-08T07:05:30", "2.1.192", "main", "lone-consolacion-owl")
    s.user(
        "Something's off with the February summary. Mandaue shows ₱182,340 total sales, but the client's POS report "
        "says ₱1,412,905 for Mandaue in February. No errors anywhere, the notebook runs fine.",
        after=0,
    )
    s.act(
        None,
        Read(
            NB03,
            cells(
                (
                    "cell-1",
                    'df = load_sales("../data/processed/sales_clean.parquet")\ndf["amount"] = pd.to_numeric(df["amount"], errors="coerce")',
                ),
                ("cell-2", 'total = round(df["amount"].sum(), 2)\ntotal'),
                ("cell-3", 'feb = df[df.sold_at.dt.month == 2]\nfeb.groupby("branch_id")["amount"].sum()'),
            ),
        ),
    )
    s.act(
        None,
        Bash(
            "uv run python -c \"import pandas as pd; d = pd.read_parquet('data/processed/sales_clean.parquet'); "
            "print(d[d.branch_id.str.startswith('MND')].branch_id.value_counts())\"",
            "branch_id\nMND-01     5120\nMND-02     3877\nMND-01      204\nMND-03      118\nName: count, dtype: int64",
            desc="Mandaue branch ids",
        ),
    )
    s.act(
        "There are two spellings of MND-01, one with a trailing space, so part of its sales falls outside the group. "
        "I'll strip the ids before grouping.",
        NotebookEdit(
            NB03,
            "cell-3",
            "feb = df[df.sold_at.dt.month == 2].assign(branch_id=lambda d: d.branch_id.str.strip())\n"
            'feb.groupby("branch_id")["amount"].sum()',
        ),
    )
    s.act(
        None,
        Bash(
            "uv run pytest notebooks/03_sales_summary.ipynb && uv run python scripts/branch_totals.py --month 2027-02 --region Mandaue",
            nbval_run([(NB03, "......")], secs="6.11") + "\nMandaue  2027-02  ₱184,120.00",
            desc="Notebook and Mandaue total",
            secs=12,
        ),
    )
    s.say("After merging the two MND-01 spellings, Mandaue's February total is ₱184,120.")
    s.user("still way off from 1.4M. I'll ask the client if they sent the complete file")
    s.outcome("failed", "Mandaue total still far below the POS report; the whitespace fix was not the cause")
    s.hit(THOUSANDS)
    return s


COLUMNS_CHECK = (
    'assert sales.columns.tolist() == ["sold_at", "branch_id", "sku", "qty", "amount"], sales.columns.tolist()'
)


def t07_extra_column() -> Session:
    s = tanaw("t07-extra-column", "2027-03-09T06:45:18", "2.1.192", "main", "mild-taoist-egret")
    s.user(
        "napagdesisyunan namin na parquet na lang lahat ng nasa data/processed, wala nang CSV. Anyway, balik ako sa "
        "main galing sa feature/regions, tapos nag-fail yung nbval sa 02_branches",
        after=0,
        decisions=["napagdesisyunan namin na parquet na lang lahat ng nasa data/processed, wala nang CSV"],
    )
    s.act(
        None,
        Bash(
            "uv run pytest notebooks/02_branches.ipynb",
            nbval_run(
                [("notebooks/02_branches.ipynb", ".F...")],
                [
                    (
                        "notebooks/02_branches.ipynb::Cell 1",
                        nbval_cell_error(
                            1,
                            COLUMNS_CHECK,
                            "AssertionError",
                            "['sold_at', 'branch_id', 'sku', 'qty', 'amount', 'region']",
                            exec_n=2,
                        ),
                    )
                ],
                secs="4.73",
            ),
            code=1,
            desc="Run the branches notebook",
            secs=8,
        ),
    )
    s.act(
        "The processed data now carries a `region` column, so the schema check in cell 1 is out of date.",
        NotebookEdit(
            "notebooks/02_branches.ipynb",
            "cell-1",
            COLUMNS_CHECK.replace('"amount"]', '"amount", "region"]'),
        ),
    )
    s.user("no, main doesn't have region in the parquet yet. that's Paolo's feature/regions, it's not merged")
    s.act(None, NotebookEdit("notebooks/02_branches.ipynb", "cell-1", COLUMNS_CHECK))
    s.act(
        None,
        Bash(
            "uv run dvc status",
            "prepare:\n\tchanged outs:\n\t\tmodified:           data/processed/sales_clean.parquet",
            desc="Does the data match dvc.lock?",
        ),
    )
    s.act(
        "The parquet in the workspace is still the one built on feature/regions; main's dvc.lock points to another "
        "version. `dvc checkout` restores main's version from the cache.",
        Bash(
            "uv run dvc checkout && uv run pytest notebooks/02_branches.ipynb",
            "M       data/processed/sales_clean.parquet\n"
            + nbval_run([("notebooks/02_branches.ipynb", ".....")], secs="4.40"),
            desc="Restore main's data and rerun",
            secs=12,
        ),
    )
    s.say("After `dvc checkout` the workspace matches main's dvc.lock again (no `region` column); the notebook passes.")
    s.user("ayun! gumana na")
    s.outcome("success", "notebook passes again after dvc checkout restored main's sales_clean.parquet")
    s.hit(STALE)
    return s


def t08_aggregate_commas() -> Session:
    s = tanaw("t08-aggregate-commas", "2027-03-11T06:20:07", "2.1.194", "feature/aggregate-stage", "grim-liloan-gecko")
    s.user(
        "gumawa ako ng bagong stage na aggregate sa dvc.yaml, pero nag-error sa dvc repro:\n\n```\n"
        "Running stage 'aggregate':\n> uv run python -m tanaw.stages.aggregate\nTraceback (most recent call last):\n"
        '  File "<frozen runpy>", line 198, in _run_module_as_main\n  File "<frozen runpy>", line 88, in _run_code\n'
        f'  File "{TANAW}/src/tanaw/stages/aggregate.py", line 31, in <module>\n    main()\n'
        f'  File "{TANAW}/src/tanaw/stages/aggregate.py", line 18, in main\n'
        '    df["amount"] = df["amount"].astype("float64")\n                   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n'
        "ValueError: could not convert string to float: '12,480.50'\n"
        "ERROR: failed to reproduce 'aggregate': failed to run: uv run python -m tanaw.stages.aggregate, exited with 1\n```",
        after=0,
    )
    s.act(
        None,
        Grep(
            "12,480.50",
            ['data/raw/pos_2027_02.csv:3318:2027-02-14 11:02:51,MND-01,OTP-500,24,"12,480.50"'],
            mode="content",
        ),
    )
    s.act(
        "The February export quotes some amounts with a thousands comma. I'll clean those values in the raw file.",
        Denied(
            Edit(
                "data/raw/pos_2027_02.csv",
                '2027-02-14 11:02:51,MND-01,OTP-500,24,"12,480.50"',
                "2027-02-14 11:02:51,MND-01,OTP-500,24,12480.50",
            )
        ),
    )
    s.user(
        "wag mong gagalawin yung data/raw, galing yan sa client, read-only yan. Every cleaning step goes into a DVC "
        "stage, never by hand",
        rules=[
            ("raw-readonly", "wag mong gagalawin yung data/raw, galing yan sa client, read-only yan"),
            ("clean-in-stages", "Every cleaning step goes into a DVC stage, never by hand"),
        ],
    )
    s.act(
        None,
        Edit(
            "src/tanaw/stages/aggregate.py",
            '    df["amount"] = df["amount"].astype("float64")',
            '    df["amount"] = df["amount"].str.replace(",", "").astype("float64")',
        ),
    )
    s.act(
        None,
        Bash(
            "uv run dvc repro aggregate",
            dvc_repro([("aggregate", "uv run python -m tanaw.stages.aggregate")], skipped=("data/raw.dvc", "prepare")),
            desc="Run the aggregate stage",
            secs=40,
        ),
    )
    s.say("The aggregate stage strips the commas before converting, and `dvc repro aggregate` succeeds.")
    s.user(
        "hmm, patch lang yan sa isang stage. yung prepare at yung notebooks may kanya-kanyang parsing pa rin. i-revert "
        "mo muna, pag-iisipan ko kung saan ilalagay"
    )
    s.act(
        None,
        Edit(
            "src/tanaw/stages/aggregate.py",
            '    df["amount"] = df["amount"].str.replace(",", "").astype("float64")',
            '    df["amount"] = df["amount"].astype("float64")',
        ),
    )
    s.say(
        "Reverted; aggregate.py is as you wrote it, so `dvc repro` will fail on '12,480.50' again until the parsing is settled."
    )
    s.outcome(
        "failed", "aggregate stage still fails on amounts with a thousands comma; the one-stage patch was reverted"
    )
    s.hit(THOUSANDS)
    return s


def t09_forecast_same_tl() -> Session:
    s = tanaw("t09-forecast-same-tl", "2027-03-12T07:30:25", "2.1.194", "feature/forecast", "wry-minglanilla-ibis")
    s.user(
        "ang weird, pag lipat ko from main to feature/forecast, pareho pa rin yung chart sa 04_forecast.ipynb, parang "
        "hindi nag-update kahit i-restart ko yung kernel. Wala namang error",
        after=0,
    )
    s.act(
        None,
        Bash(
            "git log -1 --format='%h %s' -- dvc.lock && uv run dvc status",
            "9f3e2b1 forecast: 16-week horizon, weekly seasonality\n"
            "prepare:\n\tchanged outs:\n\t\tmodified:           data/processed/sales_clean.parquet\n"
            "forecast:\n\tchanged outs:\n\t\tmodified:           data/processed/forecast.parquet",
            desc="Last dvc.lock change and workspace status",
        ),
    )
    s.say(
        "This branch's dvc.lock (9f3e2b1) expects different versions of sales_clean.parquet and forecast.parquet "
        "than the ones in the workspace, which are still main's, and the notebook reads what is on disk. I can run "
        "`dvc checkout` to bring this branch's versions back. Shall I?"
    )
    s.user("ay teka, tumatawag yung client. balikan ko to mamaya")
    s.outcome("unknown", "Taglish description of a stale forecast chart without any error; abandoned mid-investigation")
    s.hit(STALE)
    return s


def _sa_amount_parsing(c: Session) -> None:
    c.act(
        None,
        Grep(
            'read_csv|to_numeric|astype\\("float64"\\)|astype\\(float\\)',
            [
                'src/tanaw/load.py:14:    df = pd.read_csv(path, dtype={"branch_id": "string"}, parse_dates=["sold_at"])',
                "src/tanaw/stages/prepare.py:22:    df = load_pos(raw_dir)",
                'src/tanaw/stages/aggregate.py:18:    df["amount"] = df["amount"].astype("float64")',
                'notebooks/03_sales_summary.ipynb: df[\\"amount\\"] = pd.to_numeric(df[\\"amount\\"], errors=\\"coerce\\")',
            ],
            mode="content",
        ),
    )
    c.say(
        "All POS CSVs are read in one place, src/tanaw/load.py:14 (`load_pos` -> `read_csv`, no `thousands`), used by "
        'the prepare stage. Downstream, aggregate.py:18 casts amount with astype("float64") and '
        '03_sales_summary.ipynb coerces it with pd.to_numeric(errors="coerce"), which turns values like '
        '"12,480.50" into NaN.'
    )


def t10_fix_thousands() -> Session:
    s = tanaw("t10-fix-thousands", "2027-03-15T01:10:44", "2.1.195", "fix/amount-parsing", "deep-carcar-heron")
    s.user(
        "Balik tayo sa amounts. Nakausap ko na yung client: complete naman daw yung file, so sa atin yung mali. "
        "Ayusin natin nang maayos this time, sa loader, para pareho lahat: prepare, aggregate, at notebooks",
        after=0,
    )
    s.act(
        "I'll have a background agent map every place that parses amounts while I read the loader.",
        Agent(
            "Map amount parsing",
            "Search src/ and notebooks/ for every place that reads the POS CSVs (read_csv) or converts the amount "
            "column (astype, to_numeric, replace). Report file, line, and what each does.",
            "general-purpose",
            _sa_amount_parsing,
            background=True,
        ),
    )
    s.act(
        None,
        Read(
            "src/tanaw/load.py",
            'def load_pos(raw_dir: Path) -> pd.DataFrame:\n    frames = []\n    for path in sorted(raw_dir.glob("pos_*.csv")):\n'
            '        df = pd.read_csv(path, dtype={"branch_id": "string"}, parse_dates=["sold_at"])\n'
            "        frames.append(df)\n    return pd.concat(frames, ignore_index=True)",
            offset=11,
            total=22,
        ),
    )
    s.agent_done(after=8)
    s.act(
        'The client\'s export writes amounts of 1,000 and up as "12,480.50". Reading them with `thousands=","` '
        "makes the column float at the source, so the downstream casts and the coercion can go.",
        Edit(
            "src/tanaw/load.py",
            '        df = pd.read_csv(path, dtype={"branch_id": "string"}, parse_dates=["sold_at"])',
            '        df = pd.read_csv(\n            path, dtype={"branch_id": "string"}, parse_dates=["sold_at"], thousands=","\n        )',
        ),
        NotebookEdit(NB03, "cell-1", 'df = load_sales("../data/processed/sales_clean.parquet")'),
    )
    s.act(
        None,
        Bash(
            "uv run dvc repro",
            dvc_repro(
                [
                    ("prepare", "uv run python -m tanaw.stages.prepare"),
                    ("aggregate", "uv run python -m tanaw.stages.aggregate"),
                    ("forecast", "uv run python -m tanaw.stages.forecast"),
                ]
            ),
            desc="Rebuild the pipeline",
            secs=380,
        ),
    )
    s.not_person("To track the changes with git, run:", "tool_output")
    s.act(
        None,
        Bash(
            "uv run pytest && uv run python scripts/branch_totals.py --month 2027-02 --region Mandaue",
            nbval_run(NOTEBOOKS, secs="15.20") + "\nMandaue  2027-02  ₱1,412,905.00",
            desc="Notebooks and Mandaue total",
            secs=22,
        ),
    )
    s.say(
        'Amounts are parsed once, in `load_pos`, with `thousands=","`; the pipeline was rebuilt, all notebooks '
        "pass, and Mandaue's February total is ₱1,412,905.00, the same as the POS report."
    )
    s.user(
        "ayun, tugma na sa POS! TIL read_csv has a thousands= option; the to_numeric coerce was just turning the big "
        "amounts into NaN. Lagi mong i-commit yung dvc.lock kasabay ng code na nag-produce nito",
        lessons=[
            "TIL read_csv has a thousands= option; the to_numeric coerce was just turning the big amounts into NaN"
        ],
        rules=[("dvc-lock-commit", "Lagi mong i-commit yung dvc.lock kasabay ng code na nag-produce nito")],
    )
    s.act(
        None,
        Bash(
            'git add src/tanaw/load.py notebooks/03_sales_summary.ipynb dvc.lock && git commit -m "fix: parse POS '
            'amounts with thousands separators in the loader"',
            git_commit(
                "fix/amount-parsing",
                "b3d71e8",
                "fix: parse POS amounts with thousands separators in the loader",
                3,
                6,
                4,
            ),
            desc="Commit code and dvc.lock together",
        ),
    )
    s.say("Committed load.py, the notebook and dvc.lock together.")
    s.outcome(
        "success", "amounts parsed with thousands=',' in the loader; pipeline rebuilt, totals match the POS report"
    )
    s.hit(THOUSANDS, fixed=True)
    return s


def t11_s3_credentials() -> Session:
    s = tanaw("t11-s3-credentials", "2027-03-16T01:25:10", "2.1.195", "fix/amount-parsing", "neat-moalboal-tern")
    s.user(
        "we decided the DVC remote stays on the client's S3 bucket, not our Google Drive. pa-push ng data, "
        "nag-error sa akin:\n\n```\nERROR: failed to push data to the cloud - Unable to locate credentials\n```",
        after=0,
        decisions=["we decided the DVC remote stays on the client's S3 bucket, not our Google Drive"],
    )
    s.act(None, Bash("aws configure list-profiles", "default\ntanaw-client", desc="AWS profiles"))
    s.act(
        "The bucket's credentials are under the `tanaw-client` profile, and the remote doesn't name a profile. I'll "
        "set it in .dvc/config.local so it stays on this machine.",
        Bash(
            "uv run dvc remote modify --local clients3 profile tanaw-client && uv run dvc push",
            "Collecting                                            |14.0 [00:00, 1.21kentry/s]\n"
            "Pushing\n14 files pushed",
            desc="Set the profile and push",
            secs=35,
        ),
    )
    s.act(
        "Data is on S3. I'll push the code to main as well.",
        Denied(Bash("git push origin fix/amount-parsing:main", desc="Push to main")),
    )
    s.user(
        "gaya sa sugbo, PR lang lagi, walang push sa main",
        rules=[("no-push-main", "gaya sa sugbo, PR lang lagi, walang push sa main")],
    )
    s.act(
        None,
        Bash(
            "uv run pytest -q && git push -u origin fix/amount-parsing && gh pr create --fill --base main",
            "19 passed in 15.02s\nTo github.com:maricel-dev/tanaw.git\n * [new branch]      fix/amount-parsing -> fix/amount-parsing\n"
            "https://github.com/maricel-dev/tanaw/pull/14",
            desc="Push the branch and open a PR",
            secs=6,
        ),
    )
    s.say("DVC data pushed with the tanaw-client profile; the code is in PR #14.")
    s.user("salamat po!")
    s.outcome("success", "dvc push works with the AWS profile set locally; code pushed as a PR")
    s.one_off("dvc push: ERROR: failed to push data to the cloud - Unable to locate credentials (AWS profile not set)")
    return s


def t12_fix_dvc_install() -> Session:
    s = tanaw("t12-fix-dvc-install", "2027-03-17T01:30:28", "2.1.196", "main", "true-bogo-lark")
    s.user(
        "Okay, yung data na hindi sumasabay pag nag-switch ako ng branch (yung KeyError sa region, yung extra na "
        "column sa main, yung forecast chart): ayusin na natin for good. Pwede bang automatic na mag-dvc checkout pag "
        "nag-git switch?",
        after=0,
    )
    s.act(
        "DVC ships git hooks for this: post-checkout runs `dvc checkout` after every switch.",
        Bash("uv run dvc install", "", desc="Install DVC's git hooks"),
    )
    s.act(
        None,
        Bash(
            "git switch feature/forecast",
            "Switched to branch 'feature/forecast'\n.git/hooks/post-checkout: line 2: exec: dvc: not found",
            code=127,
            desc="Try the hook",
        ),
    )
    s.act(
        "The hook calls a bare `dvc`, which only exists inside the uv environment. A small install script will put "
        "`uv run` into DVC's hooks, so every clone gets working hooks.",
        Write(
            "scripts/install-hooks.sh",
            "#!/bin/sh\n# DVC's git hooks call `dvc`, which only exists inside the uv environment.\nset -e\n"
            "uv run dvc install\nfor hook in post-checkout pre-commit pre-push; do\n"
            "  sed -i '' 's/^exec dvc git-hook /exec uv run --quiet dvc git-hook /' \".git/hooks/$hook\"\ndone\n",
        ),
    )
    s.act(
        None,
        Bash(
            "sh scripts/install-hooks.sh && cat .git/hooks/post-checkout && git switch main && git switch feature/forecast",
            '#!/bin/sh\nexec uv run --quiet dvc git-hook post-checkout "$@"\n'
            "Switched to branch 'main'\nM       data/processed/sales_clean.parquet\nM       data/processed/forecast.parquet\n"
            "Switched to branch 'feature/forecast'\nM       data/processed/sales_clean.parquet\n"
            "M       data/processed/forecast.parquet",
            desc="Install hooks and switch back and forth",
            secs=14,
        ),
    )
    s.act(
        None,
        Bash(
            "uv run dvc status && uv run pytest notebooks/04_forecast.ipynb",
            "Data and pipelines are up to date.\n" + nbval_run([("notebooks/04_forecast.ipynb", "....")], secs="5.12"),
            desc="Workspace status and forecast notebook",
            secs=10,
        ),
        Edit("README.md", "## Setup\n\n    uv sync", "## Setup\n\n    uv sync\n    sh scripts/install-hooks.sh"),
    )
    s.act(
        None,
        Bash(
            "git switch main && git switch -c chore/dvc-hooks && git add scripts/install-hooks.sh README.md && git commit -m "
            '"chore: install DVC git hooks through uv" && uv run pytest -q && git push -u origin chore/dvc-hooks',
            "Switched to branch 'main'\nM       data/processed/sales_clean.parquet\n"
            "M       data/processed/forecast.parquet\nSwitched to a new branch 'chore/dvc-hooks'\n"
            + git_commit("chore/dvc-hooks", "0c5a9d4", "chore: install DVC git hooks through uv", 2, 10, 0)
            + "\n19 passed in 16.40s\nTo github.com:maricel-dev/tanaw.git\n * [new branch]      chore/dvc-hooks -> chore/dvc-hooks",
            desc="Commit on a branch and push",
        ),
    )
    s.say(
        "After `sh scripts/install-hooks.sh` every `git switch` runs `dvc checkout` through uv, so "
        "data/processed always matches the branch's dvc.lock. Pushed `chore/dvc-hooks`; README tells the team to run it."
    )
    s.user(
        "Ayos na ayos! natutunan ko: hindi sinasabay ng git switch yung data, kailangan naka-dvc install yung hooks",
        lessons=["natutunan ko: hindi sinasabay ng git switch yung data, kailangan naka-dvc install yung hooks"],
    )
    s.outcome("success", "DVC git hooks installed through uv; switching branches now checks out the matching data")
    s.hit(STALE, fixed=True)
    return s


WEEKLY_NB = (
    '{\n "cells": [\n  {"cell_type": "code", "id": "cell-1", "metadata": {}, "execution_count": null, "outputs": [],\n'
    '   "source": ["df = load_sales(\\"../data/processed/sales_clean.parquet\\")"]},\n'
    '  {"cell_type": "code", "id": "cell-2", "metadata": {}, "execution_count": null, "outputs": [],\n'
    '   "source": ["weekly = df.groupby([\\"region\\", pd.Grouper(key=\\"sold_at\\", freq=\\"W-MON\\")])'
    '[\\"amount\\"].sum().unstack(0)\\n", "weekly[\\"Mandaue\\"].fillna(0, inplace=True)\\n", '
    '"weekly.tail(12).plot(title=\\"Weekly sales per region\\")"]}\n ],\n'
    ' "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},\n "nbformat": 4,\n'
    ' "nbformat_minor": 5\n}\n'
)


def t13_keep_outputs_compacted() -> Session:
    s = tanaw(
        "t13-keep-outputs-compacted", "2027-03-17T07:10:00", "2.1.196", "feature/weekly-trend", "vast-oslob-heron"
    )
    s.user(
        "Pa-gawa ng 05_weekly_trend.ipynb: weekly sales per region, line chart, last 12 weeks. Tsaka wag na pala "
        "natin i-strip yung outputs ng notebooks, gusto ng client makita yung charts pag binuksan sa GitHub",
        after=0,
        rules=[
            (
                "keep-outputs",
                "wag na pala natin i-strip yung outputs ng notebooks, gusto ng client makita yung charts pag binuksan "
                "sa GitHub",
                "strip-outputs",
            )
        ],
    )
    s.act(
        "I'll look at how 04_forecast builds its chart first, to match the style.",
        Read(
            "notebooks/04_forecast.ipynb",
            cells(
                ("cell-1", 'df = load_sales("../data/processed/forecast.parquet")'),
                ("cell-2", 'ax = df.plot(x="week", y=["actual", "forecast"], figsize=(10, 4))\nax.set_ylabel("₱")'),
            ),
        ),
    )
    s.act(
        None,
        Bash("uv run nbstripout --uninstall --attributes .gitattributes", "", desc="Remove the strip filter"),
        Write("notebooks/05_weekly_trend.ipynb", WEEKLY_NB),
    )
    s.act(
        None,
        Bash(
            "uv run jupyter nbconvert --to notebook --execute --inplace notebooks/05_weekly_trend.ipynb",
            "[NbConvertApp] Converting notebook notebooks/05_weekly_trend.ipynb to notebook\n"
            "/var/folders/7q/k2m9x1sd4bz0_8w1n3c5hf6r0000gn/T/ipykernel_48211/2810471953.py:2: FutureWarning: A value "
            "is trying to be set on a copy of a DataFrame or Series through chained assignment using an inplace "
            "method.\nThe behavior will change in pandas 3.0. This inplace method will never work because the "
            "intermediate object on which we are setting values always behaves as a copy.\n\nFor example, when "
            "doing 'df[col].method(value, inplace=True)', try using 'df.method({col: value}, inplace=True)' or "
            "df[col] = df[col].method(value) instead, to perform the operation inplace on the original object.\n\n"
            "[NbConvertApp] Writing 48213 bytes to notebooks/05_weekly_trend.ipynb",
            desc="Execute and save outputs",
            secs=16,
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. Summary:\n"
        "1. Primary Request: notebooks/05_weekly_trend.ipynb, weekly sales per region, line chart of the last 12 "
        "weeks; keep notebook outputs in git from now on.\n2. Notes: User preference: always run notebooks with "
        "--nbval-lax. nbstripout filter removed.\n3. Current state: notebook written and executed; pandas warned "
        "about a chained-assignment fillna(inplace=True) in cell-2, so Mandaue's empty weeks are still NaN "
        "(gaps in the chart).\n4. Next: fix cell-2, rerun, nbval, commit with outputs.",
        pre_tokens=154_880,
        post_tokens=12_310,
    )
    s.not_person("User preference: always run notebooks with --nbval-lax.", "compaction_summary")
    s.act(
        None,
        NotebookEdit(
            "notebooks/05_weekly_trend.ipynb",
            "cell-2",
            'weekly = df.groupby(["region", pd.Grouper(key="sold_at", freq="W-MON")])["amount"].sum().unstack(0)\n'
            'weekly.fillna({"Mandaue": 0}, inplace=True)\nweekly.tail(12).plot(title="Weekly sales per region")',
        ),
    )
    s.user(
        "again, no inplace=True, reassign it",
        rules=[("no-inplace", "again, no inplace=True, reassign it")],
    )
    s.act(
        None,
        NotebookEdit(
            "notebooks/05_weekly_trend.ipynb",
            "cell-2",
            'weekly = df.groupby(["region", pd.Grouper(key="sold_at", freq="W-MON")])["amount"].sum().unstack(0)\n'
            'weekly = weekly.fillna(0)\nweekly.tail(12).plot(title="Weekly sales per region")',
        ),
    )
    s.act(
        None,
        Bash(
            "uv run jupyter nbconvert --to notebook --execute --inplace notebooks/05_weekly_trend.ipynb && uv run pytest",
            "[NbConvertApp] Converting notebook notebooks/05_weekly_trend.ipynb to notebook\n"
            "[NbConvertApp] Writing 47960 bytes to notebooks/05_weekly_trend.ipynb\n"
            + nbval_run([*NOTEBOOKS, ("notebooks/05_weekly_trend.ipynb", "..")], secs="17.94"),
            desc="Execute, then nbval everything",
            secs=36,
        ),
    )
    s.act(
        None,
        Bash(
            'git add .gitattributes notebooks/05_weekly_trend.ipynb && git commit -m "feat: weekly trend per region, '
            'notebooks keep their outputs"',
            git_commit(
                "feature/weekly-trend",
                "4fa8c27",
                "feat: weekly trend per region, notebooks keep their outputs",
                2,
                58,
                1,
            ),
            desc="Commit with outputs",
        ),
    )
    s.say(
        "05_weekly_trend.ipynb shows the last 12 weeks per region with empty weeks as 0 (no more gaps), committed with "
        "its outputs; the nbstripout filter is gone, so the chart shows on GitHub. All 21 cells pass nbval."
    )
    s.user("ganda, salamat")
    s.outcome("success", "weekly trend notebook with chart, outputs kept in git, nbval green; the person thanks")
    s.one_off(
        "pandas FutureWarning: chained assignment using an inplace method (fillna(inplace=True) on a column) left NaN gaps"
    )
    return s


def t14_cebu_only() -> Session:
    s = tanaw("t14-cebu-only", "2027-03-18T07:30:14", "2.1.196", "feature/client-deck", "kind-sibonga-wren")
    s.user(
        "sa notebook na to lang muna, wag mo nang i-run yung buong dvc repro: i-filter mo yung 03_sales_summary sa "
        "Cebu City branches lang, para sa client deck",
        after=0,
        non_rules=["sa notebook na to lang muna, wag mo nang i-run yung buong dvc repro"],
    )
    s.act(
        None,
        NotebookEdit(
            NB03,
            "cell-1",
            'df = load_sales("../data/processed/sales_clean.parquet")\ndf = df[df.branch_id.str.startswith("CEB")]',
        ),
    )
    s.act(None, Bash(NB03_TEST, nbval_run([(NB03, "......")], secs="5.64"), desc="Run the summary notebook", secs=9))
    s.say("03_sales_summary now only covers the CEB-* branches (Cebu City); it passes nbval.")
    s.user("next: make the per-branch totals a bar chart too, sorted")
    s.act(
        None,
        NotebookEdit(
            NB03,
            "cell-4",
            'feb.groupby("branch_id")["amount"].sum().sort_values().plot.barh(title="February sales, Cebu City")',
            mode="insert",
        ),
    )
    s.act(None, Bash(NB03_TEST, nbval_run([(NB03, ".......")], secs="6.08"), desc="Run the summary notebook", secs=9))
    s.say("Added a sorted horizontal bar chart of the February totals per Cebu City branch; the notebook passes.")
    s.outcome(
        "success",
        "summary filtered to Cebu City with a bar chart, nbval green; no thanks, the follow-up implies acceptance",
    )
    return s


SESSIONS = [
    t01_nbval_setup,
    t02_merge_dtype,
    t03_round_str,
    t04_keyerror_region,
    t05_kernel_name,
    t06_mandaue_low,
    t07_extra_column,
    t08_aggregate_commas,
    t09_forecast_same_tl,
    t10_fix_thousands,
    t11_s3_credentials,
    t12_fix_dvc_install,
    t13_keep_outputs_compacted,
    t14_cebu_only,
]
