"""The four gates a capability generation run must pass (DESIGN.md section 6). Pure: no clock, no IO.

1. `env`: the environment variable CAPABILITY_GENERATION is not `false` (any case); unset passes.
2. `cooldown`: at least `min_hours` (24) since the last `generation` event; never generated passes.
3. `patterns`: at least `min_patterns` (2) unaddressed (status active) patterns with count >= `min_count` (2).
4. `success_rate`: at least `min_success_rate` (60 %) of the last `window` (5) sessions with an outcome
   succeeded. With fewer sessions the rate is over those there are; with none it fails (no evidence that
   things go well enough to learn from).
Each gate reports its current value and what it needs, so `memoryd capabilities --status` can say why.
"""

from __future__ import annotations

from dataclasses import dataclass

ENV_VAR = "CAPABILITY_GENERATION"
_EPSILON = 1e-9  # Why: 3/5 must pass a 0.6 gate even where float division rounds below it


@dataclass(frozen=True, slots=True)
class GateThresholds:
    min_hours: float = 24.0
    min_patterns: int = 2
    min_count: int = 2
    window: int = 5
    min_success_rate: float = 0.6


@dataclass(frozen=True, slots=True)
class GateInputs:
    env_value: str | None
    hours_since_generation: float | None  # None: no generation event yet
    qualifying_patterns: int  # active patterns with count >= min_count
    recent_outcomes: tuple[str, ...]  # newest first; only the first `window` are used


@dataclass(frozen=True, slots=True)
class Gate:
    name: str
    value: str
    required: str
    passed: bool

    def to_json_obj(self) -> dict[str, object]:
        return {"name": self.name, "value": self.value, "required": self.required, "passed": self.passed}


def evaluate_gates(inputs: GateInputs, thresholds: GateThresholds) -> list[Gate]:
    env_ok = (inputs.env_value or "").strip().lower() != "false"
    hours = inputs.hours_since_generation
    recent = inputs.recent_outcomes[: thresholds.window]
    successes = sum(1 for outcome in recent if outcome == "success")
    rate = successes / len(recent) if recent else 0.0
    return [
        Gate(
            "env",
            f"{ENV_VAR}={inputs.env_value!r}" if inputs.env_value is not None else f"{ENV_VAR} unset",
            f"{ENV_VAR} != 'false'",
            env_ok,
        ),
        Gate(
            "cooldown",
            "never generated" if hours is None else f"{hours:.1f} h since the last generation",
            f">= {thresholds.min_hours:g} h",
            hours is None or hours >= thresholds.min_hours,
        ),
        Gate(
            "patterns",
            f"{inputs.qualifying_patterns} unaddressed pattern(s) with count >= {thresholds.min_count}",
            f">= {thresholds.min_patterns}",
            inputs.qualifying_patterns >= thresholds.min_patterns,
        ),
        Gate(
            "success_rate",
            f"{successes}/{len(recent)} of the last sessions successful ({rate:.0%})",
            f">= {thresholds.min_success_rate:.0%} of the last {thresholds.window}",
            bool(recent) and rate + _EPSILON >= thresholds.min_success_rate,
        ),
    ]


def all_pass(gates: list[Gate]) -> bool:
    return all(gate.passed for gate in gates)
