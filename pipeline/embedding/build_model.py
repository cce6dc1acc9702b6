"""`python -m pipeline.embedding.build_model NAME MODELS_DIR`: prepare (build) an embedding model, then exit.

The daemon runs this in a child process for a first-time build, so the build's memory never stays in the
daemon (`models.prepare_model_in_child`). Exit 0 with the model directory on stdout, or 1 with the reason
as the last line of stderr.
"""

from __future__ import annotations

import sys
from pathlib import Path

from pipeline.embedding.models import prepare_model
from pipeline.embedding.spec import ModelUnavailable


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m pipeline.embedding.build_model NAME MODELS_DIR", file=sys.stderr)
        return 2
    try:
        spec = prepare_model(argv[0], Path(argv[1]))
    except ModelUnavailable as exc:
        print(str(exc).replace("\n", " "), file=sys.stderr)
        return 1
    print(spec.path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
