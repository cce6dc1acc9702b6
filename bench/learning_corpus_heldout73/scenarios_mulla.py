"""Kristjan's `mullaandur` sessions (m01-m15): Embassy async firmware on an nRF52840 for soil-moisture sensors,
LoRa through an SX1262 (lora-phy), defmt logging, probe-rs flashing, host-side cargo test and a HIL rig.
Times are UTC; Tartu is UTC+02:00 in winter. He works on the firmware in his morning."""

from __future__ import annotations

from transcript_kit import MULLA, Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "mullaandur"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=MULLA, project=PROJECT)


def clippy_ok(secs: str = "6.41") -> str:
    return (
        "    Checking embassy-executor v0.6.3\n    Checking lora-phy v3.0.1\n    Checking mullaandur v0.4.0 "
        f"({MULLA})\n    Finished `dev` profile [optimized + debuginfo] target(s) in {secs}s"
    )


CARGO_TOML = """[package]
name = "mullaandur"
version = "0.4.0"
edition = "2021"

[dependencies]
embassy-executor = { version = "0.6.3", features = ["arch-cortex-m", "executor-thread", "defmt", "integrated-timers"] }
embassy-nrf = { version = "0.2.0", features = ["defmt", "nrf52840", "time-driver-rtc1", "gpiote"] }
embassy-time = { version = "0.3.2", features = ["defmt"] }
lora-phy = "3.0.1"
defmt = "0.3.8"
defmt-rtt = "0.4.1"
panic-probe = { version = "0.3.2", features = ["print-defmt"] }
static_cell = "2.1.0"
"""

MAIN_RS = """#[embassy_executor::main]
async fn main(spawner: Spawner) {
    let p = embassy_nrf::init(Default::default());
    info!("mullaandur {} boot", env!("CARGO_PKG_VERSION"));
    spawner.must_spawn(radio_task(p.SPI3, p.P0_17, p.P0_20, p.P1_03));
    spawner.must_spawn(soil_sample(p.SAADC, p.P0_04));
}
"""

RADIO_RS = """#[embassy_executor::task]
pub async fn radio_task(spi: SPI3, nss: P0_17, busy: P0_20, dio1: P1_03) {
    let mut rx_buf = [0u8; 4096];
    let mut lora = init_sx1262(spi, nss, busy, dio1).await;
    loop {
        let frame = FRAMES.receive().await;
        info!("lora: tx start ({} bytes)", frame.len());
        lora.tx(&frame, &mut rx_buf).await.unwrap();
    }
}
"""

CARGO_CONFIG = """[target.thumbv7em-none-eabihf]
runner = "probe-rs run --chip nRF52840_xxAA"
rustflags = ["-C", "link-arg=-Tlink.x", "-C", "link-arg=-Tdefmt.x"]

[build]
target = "thumbv7em-none-eabihf"
"""


def m01() -> Session:
    s = new("m01-sample-task", "2029-10-29T06:41:12", "2.1.160", "main", "soil-sample-task-lark")
    s.title("Soil sample task on SAADC")
    s.user(
        "mullaandur: nRF52840 soil sensor, we go with Embassy, not RTIC. need a soil_sample task that reads the "
        "capacitive probe on P0.04 through SAADC every 15 minutes and pushes the raw value into FRAMES. "
        "run cargo clippy with -D warnings before every commit, that's how this repo works.",
        decisions=["we go with Embassy, not RTIC"],
        rules=[("m-clippy", "run cargo clippy with -D warnings before every commit")],
    )
    s.act(None, Read("Cargo.toml", CARGO_TOML), Read("src/main.rs", MAIN_RS))
    s.act(
        "Adding the task in src/sample.rs with a one-shot SAADC read, then spawning it from main:",
        Write(
            "src/sample.rs",
            "#[embassy_executor::task]\npub async fn soil_sample(adc: SAADC, pin: P0_04) {\n"
            "    let mut saadc = Saadc::new(adc, Irqs, Default::default(), [ChannelConfig::single_ended(pin)]);\n"
            "    saadc.calibrate().await;\n    loop {\n        let mut buf = [0i16; 1];\n"
            '        saadc.sample(&mut buf).await;\n        debug!("soil raw={}", buf[0]);\n'
            "        FRAMES.send(encode_moisture(buf[0])).await;\n        Timer::after_secs(15 * 60).await;\n    }\n}\n",
        ),
    )
    s.act(None, Bash("cargo clippy --release -- -D warnings", clippy_ok(), secs=19))
    s.say("Clippy is clean. The task logs the raw value with `debug!` so you can see it on the bench.")
    s.user(
        "debug! on hea laual, aga pea meeles: defmt log level põllul on alati info, mitte debug. raadio ja aku "
        "on niigi piiri peal.",
        rules=[("m-defmt-info", "defmt log level põllul on alati info, mitte debug")],
    )
    s.act(
        None,
        Bash(
            "grep -n DEFMT_LOG .cargo/config.toml || echo 'no DEFMT_LOG set'",
            "no DEFMT_LOG set",
        ),
    )
    s.say(
        "Noted. `DEFMT_LOG` is unset, so the default is `error` only; I'd set `DEFMT_LOG=info` in the field build env."
    )
    s.user("👍")
    s.outcome("success", "soil_sample task added and clippy clean")
    return s


PROBE_ERR = (
    "Error: Failed to open the debug probe.\n\nCaused by:\n    0: The debug probe could not be opened.\n"
    "    1: Failed to open probe: USB error: Access denied (insufficient permissions)"
)


def m02() -> Session:
    s = new("m02-probe-access", "2029-10-30T07:05:40", "2.1.160", "main", "probe-access-wren")
    s.user("flash the bench board please, probe-rs run --release. and read CONTRIBUTING first, it is short")
    s.act(
        None,
        Read(
            "CONTRIBUTING.md",
            "# Contributing to mullaandur\n\n- Always run `cargo fmt --all` before pushing.\n"
            "- Hardware changes go through the HIL rig (`hil/README.md`).\n",
        ),
    )
    s.not_person("Always run `cargo fmt --all` before pushing.", "tool_output")
    for i in range(3):
        s.act(
            None if i else "Flashing the bench board:",
            Bash(
                "cargo run --release",
                f"    Finished `release` profile [optimized + debuginfo] target(s) in 0.{31 + i}s\n     Running `probe-rs run --chip nRF52840_xxAA target/thumbv7em-none-eabihf/release/mullaandur`\n{PROBE_ERR}",
                code=1,
                secs=4,
            ),
        )
    s.act(
        "Same error three times, so it is not a flaky USB connection. The probe is found but cannot be opened: on "
        "Fedora that is the udev rules (the 69-probe-rs.rules file) missing or not matching your probe.",
        Bash(
            "lsusb | grep -i -e 1366 -e 0d28; ls /etc/udev/rules.d/",
            "Bus 003 Device 009: ID 1366:1051 SEGGER J-Link\n60-openocd.rules",
            secs=1,
        ),
    )
    s.say(
        "Your J-Link (1366:1051) has no probe-rs rule, only 60-openocd.rules. Installing "
        "`69-probe-rs.rules` into /etc/udev/rules.d needs sudo, which I can't do from here: "
        "`sudo cp 69-probe-rs.rules /etc/udev/rules.d/ && sudo udevadm control --reload && sudo udevadm trigger`."
    )
    s.user(
        "ok, teen ise. aga nüüd kohe ei saa, J-Link on teise laua taga kinni. commit messages in English, "
        "imperative, under 72 characters, ka selles repos. ei tööta praegu, jätan",
        rules=[("g-commit", "commit messages in English, imperative, under 72 characters")],
    )
    s.one_off("probe-rs cannot open the J-Link after the Fedora 41 upgrade: no probe-rs udev rules")
    s.outcome("failed", "the board was never flashed: probe-rs access denied three times, udev rules not installed")
    return s


HARDFAULT = (
    "0.000518 INFO  mullaandur 0.4.0 boot\n0.001207 INFO  saadc calibrated\n"
    "ERROR probe_rs::cmd::run: The target hit a HardFault\nFrame 0: HardFaultTrampoline\n"
    'Frame 1: "HardFault handler. Cause: Precise data bus error, address 0x2003fff8" @ 0x000004f2\n'
    "Frame 2: embassy_executor::raw::SyncExecutor::poll @ 0x00002a1c\nError: CPU halted unexpectedly."
)


def m03() -> Session:
    s = new("m03-hardfault-spawn", "2029-10-31T06:52:03", "2.1.161", "sample-task", "hardfault-spawn-finch")
    s.user(
        "udev korras, board flashib. aga nüüd kohe bootis HardFault, enne soil_sample taski seda polnud:\n\n```\n"
        + HARDFAULT
        + "\n```"
    )
    s.hit("stack-overflow")
    s.act(None, Read("src/main.rs", MAIN_RS))
    s.act(
        "0x2003fff8 is right at the top of RAM. Let me try spawning the radio after the sampler, in case the SAADC "
        "interrupt priority clashes with the SPI one:",
        Edit(
            "src/main.rs",
            "    spawner.must_spawn(radio_task(p.SPI3, p.P0_17, p.P0_20, p.P1_03));\n    spawner.must_spawn(soil_sample(p.SAADC, p.P0_04));",
            "    spawner.must_spawn(soil_sample(p.SAADC, p.P0_04));\n    spawner.must_spawn(radio_task(p.SPI3, p.P0_17, p.P0_20, p.P1_03));",
        ),
    )
    s.act(None, Bash("cargo run --release", HARDFAULT.replace("0x000004f2", "0x000004f6"), code=1, secs=21))
    s.user("ikka HardFault. aitab tanaseks, pean minema")
    s.outcome("failed", "the HardFault after adding soil_sample stays; spawn order guess did not help")
    return s


def m04() -> Session:
    s = new("m04-sleep-release", "2029-11-01T07:11:30", "2.1.161", "power", "low-power-heron")
    s.user(
        "the field units should sleep between samples, System OFF is too much, just make sure the SAADC and SPI are "
        "disabled between wakeups. then flash unit 12 on the HIL rig."
    )
    s.act(
        None,
        Write(
            "src/power.rs",
            "pub fn park_peripherals() {\n    // SAADC and SPIM3 are released when their drivers drop;\n"
            "    // nothing else stays clocked between samples.\n    embassy_nrf::pac::SAADC.enable().write(|w| w.set_enable(false));\n}\n",
        ),
    )
    s.act(
        "Flashing unit 12:",
        Denied(
            Bash("cargo run -- --probe 1366:1051:000683412345"),
            "unit 12 on field unit, ainult --release",
        ),
    )
    s.user(
        "last season a unit flashed with a debug build drained its battery in four days on the test field, so "
        "field units only get --release builds.",
        rules=[("m-release", "field units only get --release builds")],
    )
    s.act(
        None,
        Bash(
            "cargo run --release -- --probe 1366:1051:000683412345",
            "    Finished `release` profile [optimized + debuginfo] target(s) in 24.06s\n"
            "      Erasing ✔ [00:00:01] [####] 68.00 KiB/68.00 KiB\n  Programming ✔ [00:00:02] [####] 68.00 KiB/68.00 KiB\n"
            "0.000512 INFO  mullaandur 0.4.0 boot\n0.912004 INFO  idle current path armed",
            secs=30,
        ),
    )
    s.say("Unit 12 runs the release build; the board idles with SAADC disabled between samples.")
    s.user("sain 11 µA une ajal. hea")
    s.outcome("success", "peripherals parked between samples, unit 12 flashed with a release build")
    return s


def m05() -> Session:
    s = new("m05-defmt-version", "2029-11-02T06:48:55", "2.1.162", "main", "defmt-wire-kite")
    s.user(
        "defmt-print prints garbage from the rig's uart dump:\n\n```\n(HOST) malformed frame skipped\n"
        "(HOST) malformed frame skipped\nError: defmt wire format version mismatch: firmware is using 4, "
        "this tool supports 3\n```"
    )
    s.act(
        None,
        Bash(
            "defmt-print --version; cargo tree -i defmt | head -3",
            "defmt-print 0.3.5\ndefmt v0.3.8\n├── defmt-rtt v0.4.1",
            secs=3,
        ),
    )
    s.act(
        "defmt 0.3.8 writes wire version 4; defmt-print 0.3.5 only reads 3. Updating the host tool:",
        Bash(
            "cargo install defmt-print --version 0.3.13 --locked",
            "  Installing defmt-print v0.3.13\n   Compiling defmt-decoder v0.4.0\n    Finished `release` profile [optimized] target(s) in 48.12s\n  Replacing /home/kristjan/.cargo/bin/defmt-print",
            secs=55,
        ),
    )
    s.act(
        None,
        Bash(
            "defmt-print -e target/thumbv7em-none-eabihf/release/mullaandur < hil/logs/unit12.bin | tail -3",
            "0.000512 INFO  mullaandur 0.4.0 boot\n900.001288 INFO  soil raw=1874\n1800.001301 INFO  soil raw=1869",
        ),
    )
    s.user(
        "töötab. learned that defmt-print has to match the defmt wire version exactly",
        lessons=["learned that defmt-print has to match the defmt wire version exactly"],
    )
    s.one_off("defmt-print 0.3.5 could not decode defmt 0.3.8's wire format version 4")
    s.outcome("success", "defmt-print updated to 0.3.13, rig logs decode")
    return s


def m06() -> Session:
    s = new("m06-silent-reboot", "2029-11-05T07:20:14", "2.1.163", "main", "quiet-reboot-owl")
    s.user(
        "anduri nr 7 teeb põllul vaikselt restardi, umbes iga kolme tunni tagant. logides pole midagi, lihtsalt "
        "boot rida uuesti ja loendur nullis. vaata kas koodist midagi paistab"
    )
    s.hit("stack-overflow")
    s.act(None, Read("src/radio.rs", RADIO_RS))
    s.act(None, Grep("RESETREAS|reset_reason", [], path="src"))
    s.say(
        "Nothing reads RESETREAS yet, so we can't tell a watchdog reset from a lockup. Two suspects: `rx_buf` is "
        "4 KiB on the radio task's stack, and if the stack overflows into .bss the core can end in a HardFault "
        "inside the HardFault handler, which is a lockup and resets without a log line. I'd log RESETREAS at boot "
        "first, so the next reboot says which one it was."
    )
    s.user("olgu, homme vaatame edasi")
    s.outcome("unknown", "he leaves after the assistant's guess ('olgu, homme vaatame edasi'); nothing tried")
    return s


def m07() -> Session:
    s = new("m07-hil-calib", "2029-11-06T06:55:31", "2.1.163", "calib", "hil-calibration-plover")
    s.user(
        "enne kui hakkad HIL rigi jaoks calibration testi kirjutama, paar asja:\n"
        "1. ära muuda memory.x ilma minuga rääkimata\n"
        "2. HIL testid käivita enne iga PR-i\n"
        "3. LoRa sagedus jääb 868.1 MHz peale, EU868\n"
        "test peaks kontrollima et raw 1200..2600 map'ib 0..100 % niiskuseks",
        rules=[
            ("m-memoryx", "ära muuda memory.x ilma minuga rääkimata"),
            ("m-hil", "HIL testid käivita enne iga PR-i"),
            ("m-eu868", "LoRa sagedus jääb 868.1 MHz peale"),
        ],
    )
    s.act(
        None,
        Write(
            "tests/calibration.rs",
            "use mullaandur_core::moisture_percent;\n\n#[test]\nfn raw_range_maps_to_percent() {\n"
            "    assert_eq!(moisture_percent(2600), 0);\n    assert_eq!(moisture_percent(1200), 100);\n"
            "    assert_eq!(moisture_percent(1900), 50);\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo test -p mullaandur-core --target x86_64-unknown-linux-gnu",
            "   Compiling mullaandur-core v0.4.0 (/home/kristjan/src/mullaandur/core)\n"
            "    Finished `test` profile [unoptimized + debuginfo] target(s) in 3.88s\n"
            "     Running tests/calibration.rs (target/x86_64-unknown-linux-gnu/debug/deps/calibration-5d1c0e2b)\n\n"
            "running 1 test\ntest raw_range_maps_to_percent ... ok\n\ntest result: ok. 1 passed; 0 failed; 0 ignored",
            secs=9,
        ),
    )
    s.act(
        None,
        Bash(
            "cd hil && cargo xtask hil --unit 12 --suite calibration",
            "[hil] unit 12 on /dev/ttyACM0, relay board ok\n[hil] calibration: dry probe raw=2581 -> 1 %\n"
            "[hil] calibration: water cup raw=1216 -> 99 %\n[hil] 2/2 passed",
            secs=48,
        ),
    )
    s.say("Host test and the HIL calibration suite both pass on unit 12.")
    s.user("aitäh 👍")
    s.outcome("success", "calibration test written, host and HIL suites pass")
    return s


def m08() -> Session:
    s = new("m08-busy-tcxo", "2029-11-07T07:32:09", "2.1.164", "radio", "tcxo-busy-gannet")
    s.user(
        "new batch of RAK4631 boards: radio init fails on all three\n\n```\nERROR lora: init failed: Busy\n"
        "ERROR panicked at src/radio.rs:41:58: called `Result::unwrap()` on an `Err` value: Busy\n```\n"
        "decided to keep the SX1262 driver from lora-phy instead of writing our own, so fix it there, no fork",
        decisions=["decided to keep the SX1262 driver from lora-phy instead of writing our own"],
    )
    s.act(
        None,
        Grep(
            "TcxoCtrlVoltage",
            ["src/radio.rs:22:        tcxo_ctrl: Some(TcxoCtrlVoltage::Ctrl3V3),"],
            path="src",
            mode="content",
        ),
    )
    s.act(
        "The RAK4631's TCXO runs at 1.8 V; at 3.3 V control the oscillator never settles and BUSY stays high:",
        Edit(
            "src/radio.rs",
            "        tcxo_ctrl: Some(TcxoCtrlVoltage::Ctrl3V3),",
            "        tcxo_ctrl: Some(TcxoCtrlVoltage::Ctrl1V8),",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo run --release",
            "0.000511 INFO  mullaandur 0.4.0 boot\n0.042318 INFO  lora: sx1262 ready, 868.1 MHz SF9\n",
            secs=28,
        ),
    )
    s.user("kõik kolm töötavad")
    s.one_off("RAK4631 boards need the SX1262 TCXO controlled at 1.8 V; at 3.3 V init fails with Busy")
    s.outcome("success", "TCXO voltage set to 1.8 V, radio init works on the new boards")
    return s


def m09() -> Session:
    s = new("m09-flip-link", "2029-11-08T06:40:47", "2.1.165", "radio", "flip-link-stack-auk")
    s.user(
        "unit 3 rigis: defmt lihtsalt lõpetab peale seda rida ja rohkem midagi ei tule, probe-rs ka ei näe haltimist:\n\n"
        "```\n3.512044 INFO  lora: tx start (23 bytes)\n```\n\nsee on vist sama asi mis HardFault ja restardid. leia ära"
    )
    s.hit("stack-overflow", fixed=True)
    s.act(None, Read(".cargo/config.toml", CARGO_CONFIG), Read("src/radio.rs", RADIO_RS))
    s.act(
        "With the default linker layout the stack grows down into .bss and an overflow silently corrupts statics "
        "(the defmt-rtt buffer too, which is why the log just stops). flip-link puts the stack below .bss so an "
        "overflow faults at once:",
        Bash(
            "cargo install flip-link --locked",
            "  Installing flip-link v0.1.9\n    Finished `release` profile [optimized] target(s) in 21.40s",
            secs=25,
        ),
    )
    s.act(
        None,
        Edit(
            ".cargo/config.toml",
            'runner = "probe-rs run --chip nRF52840_xxAA"',
            'runner = "probe-rs run --chip nRF52840_xxAA"\nlinker = "flip-link"',
        ),
    )
    s.act(
        "I'd also shrink the stack reservation in memory.x to see the margin:",
        Denied(
            Edit(
                "memory.x",
                "RAM : ORIGIN = 0x20000000, LENGTH = 256K",
                "RAM : ORIGIN = 0x20000000, LENGTH = 248K",
                not_read=False,
            ),
            "ara puutu memory.x-i",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo run --release",
            "3.512044 INFO  lora: tx start (23 bytes)\nERROR probe_rs::cmd::run: The target hit a HardFault\n"
            'Frame 1: "HardFault handler. Cause: stack overflow (SP=0x1ffffff0)"\nFrame 2: mullaandur::radio::__radio_task_task',
            code=1,
            secs=26,
        ),
    )
    s.act(
        "flip-link turns it into a clean stack overflow in radio_task: the 4 KiB rx_buf. Moving it into a StaticCell:",
        Edit(
            "src/radio.rs",
            "    let mut rx_buf = [0u8; 4096];",
            "    static RX_BUF: StaticCell<[u8; 4096]> = StaticCell::new();\n    let rx_buf = RX_BUF.init([0u8; 4096]);",
        ),
        Edit("src/radio.rs", "lora.tx(&frame, &mut rx_buf)", "lora.tx(&frame, rx_buf)"),
    )
    s.act(
        None,
        Bash(
            "cargo clippy --release -- -D warnings && cargo run --release",
            clippy_ok("11.02") + "\n3.512040 INFO  lora: tx start (23 bytes)\n3.698113 INFO  lora: tx done, rssi -71\n"
            "903.512551 INFO  lora: tx start (23 bytes)\n903.699002 INFO  lora: tx done, rssi -70",
            secs=940,
        ),
    )
    s.say("Two sends 15 minutes apart, no fault. The rx buffer is static now and flip-link stays in the config.")
    s.user(
        "õppetund: suur puhver task'i stackil kirjutab vaikselt .bss üle, flip-link teeb sellest kohe HardFaulti",
        lessons=[
            "õppetund: suur puhver task'i stackil kirjutab vaikselt .bss üle, flip-link teeb sellest kohe HardFaulti"
        ],
    )
    s.outcome("success", "flip-link linker exposed the radio task stack overflow; rx_buf moved into a StaticCell")
    return s


def m10() -> Session:
    s = new("m10-debug-logs", "2029-11-09T07:02:26", "2.1.166", "main", "debug-flash-log-tern")
    s.user(
        "we changed the plan: debug level defmt logs on the field units are fine now, the new units write them to "
        "the external flash and we only read it out on service visits. set DEFMT_LOG=debug for the field profile. "
        "and like i said, no keys in the repo: the LoRaWAN AppKey stays in .env",
        rules=[
            ("m-debug-ok", "debug level defmt logs on the field units are fine now", "m-defmt-info"),
            ("g-secrets", "like i said, no keys in the repo: the LoRaWAN AppKey stays in .env"),
        ],
    )
    s.act(None, Read(".cargo/config.toml", CARGO_CONFIG))
    s.act(
        None,
        Edit(
            ".cargo/config.toml",
            '[build]\ntarget = "thumbv7em-none-eabihf"',
            '[build]\ntarget = "thumbv7em-none-eabihf"\n\n[env]\nDEFMT_LOG = "debug"',
        ),
    )
    s.act(None, Bash("cargo clippy --release -- -D warnings", clippy_ok("8.77"), secs=14))
    s.say(
        "`DEFMT_LOG=debug` is set in the cargo env; clippy is clean. The AppKey is read from `.env` at build time by build.rs, nothing in git."
    )
    s.user("hea")
    s.outcome("success", "DEFMT_LOG=debug for field builds")
    return s


def m11() -> Session:
    s = new("m11-ci-target", "2029-11-12T07:15:50", "2.1.167", "ci", "ci-target-dunlin")
    s.user(
        "GitHub Actions is red on main:\n\n```\nerror[E0463]: can't find crate for `core`\n  |\n  = note: the "
        "`thumbv7em-none-eabihf` target may not be installed\n  = help: consider downloading the target with "
        "`rustup target add thumbv7em-none-eabihf`\n```\nshould we always run the HIL suite on every push, or is that "
        "overkill?",
        non_rules=["should we always run the HIL suite on every push, or is that overkill?"],
    )
    s.act(
        None,
        Read(
            ".github/workflows/ci.yml",
            "jobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n"
            "      - uses: dtolnay/rust-toolchain@stable\n      - run: cargo clippy --release -- -D warnings\n"
            "  hil:\n    runs-on: [self-hosted, hil]\n    needs: build\n    steps:\n      - run: cargo xtask hil --unit 12\n",
        ),
    )
    s.act(
        "The toolchain step installs no target. Adding it; as for HIL on every push, the rig is one board, so PRs only is what I'd do.",
        Edit(
            ".github/workflows/ci.yml",
            "      - uses: dtolnay/rust-toolchain@stable",
            "      - uses: dtolnay/rust-toolchain@stable\n        with:\n          targets: thumbv7em-none-eabihf",
        ),
    )
    s.act(
        None,
        Bash(
            "git commit -am 'Install thumbv7em target in CI' && git push && sleep 240 && gh run list -L 1",
            "[ci 4b1e9d0] Install thumbv7em target in CI\n 1 file changed, 2 insertions(+)\n"
            "completed\tfailure\tInstall thumbv7em target in CI\tCI\tci\tpush\t1219934802\t4m02s",
            secs=250,
        ),
    )
    s.act(
        None,
        Bash(
            "gh run view 1219934802 --log-failed | tail -4",
            "hil\tUNKNOWN STEP\tWaiting for a runner to pick up this job...\nhil\tUNKNOWN STEP\tThe job was not acquired by Runner of type self-hosted even after multiple attempts\nhil\tUNKNOWN STEP\t##[error]The job has exceeded the maximum execution time while awaiting a runner for 3m0s",
        ),
    )
    s.say("Build passes now; the hil job fails because no self-hosted runner is online.")
    s.user("rig on maas, kontor on tana kinni. jaab punaseks")
    s.one_off("CI lacked the thumbv7em-none-eabihf target (E0463 can't find crate for core)")
    s.outcome("failed", "CI still red: the HIL job finds no self-hosted runner")
    return s


def find_debug(child: Session) -> None:
    child.act(
        None,
        Grep(
            "defmt::debug!|debug!\\(",
            [
                'src/sample.rs:9:        debug!("soil raw={}", buf[0]);',
                'src/radio.rs:51:            debug!("lora: rx window closed");',
                'src/power.rs:14:    debug!("park");',
            ],
            path="src",
            mode="content",
        ),
    )
    child.say(
        "Three debug! calls: src/sample.rs:9 (soil raw), src/radio.rs:51 (rx window closed), src/power.rs:14 (park)."
    )


def m12() -> Session:
    s = new("m12-log-audit", "2029-11-13T06:50:12", "2.1.168", "main", "log-audit-stilt")
    s.user(
        "otsus: HIL rig jookseb self-hosted runneril laua all, mitte pilves. ja leia mulle kõik debug! kohad, "
        "tahan teada mis flashi kirjutab",
        decisions=["otsus: HIL rig jookseb self-hosted runneril laua all, mitte pilves"],
    )
    s.act(
        None,
        Agent(
            "Find debug log calls",
            "Never modify any file; report every defmt::debug! call with its file and line in /home/kristjan/src/mullaandur/src.",
            "Explore",
            find_debug,
        ),
    )
    s.not_person("Never modify any file; report every defmt::debug! call with its file and line", "subagent_prompt")
    s.say(
        "Three calls: sample.rs:9, radio.rs:51, power.rs:14. It's a good habit to always feature-gate debug logging "
        "behind a cargo feature, so a build without it carries none of the strings."
    )
    s.not_person("It's a good habit to always feature-gate debug logging behind a cargo feature", "assistant_text")
    s.user("ei, see pole vajalik. power.rs oma võib ära kustutada")
    s.act(None, Edit("src/power.rs", '    debug!("park");', ""))
    s.act(None, Bash("cargo clippy --release -- -D warnings", clippy_ok("7.90"), secs=12))
    s.user("👍")
    s.outcome("success", "debug calls listed, the power.rs one removed")
    return s


def m13() -> Session:
    s = new("m13-frame-format", "2029-11-14T07:06:44", "2.1.170", "frames", "frame-v2-shrike")
    s.user("frame format v2: add battery mV and the RESETREAS bits to the uplink, keep it under 24 bytes")
    s.act(
        None,
        Read(
            "core/src/frame.rs",
            "pub fn encode_moisture(raw: i16) -> Frame {\n    let mut f = Frame::new();\n    f.push(1);\n    f.extend_from_slice(&raw.to_le_bytes());\n    f\n}\n",
        ),
    )
    s.act(
        None,
        Edit(
            "core/src/frame.rs",
            "pub fn encode_moisture(raw: i16) -> Frame {\n    let mut f = Frame::new();\n    f.push(1);",
            "pub fn encode_moisture(raw: i16, batt_mv: u16, resetreas: u32) -> Frame {\n    let mut f = Frame::new();\n    f.push(2);\n    f.extend_from_slice(&batt_mv.to_le_bytes());\n    f.extend_from_slice(&resetreas.to_le_bytes());",
        ),
    )
    s.compact(
        "manual",
        "This session is being continued from a previous conversation. Summary:\n1. Kristjan asked for frame "
        "format v2 with battery mV and RESETREAS, under 24 bytes.\n2. core/src/frame.rs encode_moisture now writes "
        "version 2, batt_mv and resetreas.\n3. User preference: always use heapless::Vec instead of fixed arrays.\n"
        "Pending: update callers, run clippy and host tests.",
        91200,
        8400,
    )
    s.not_person("User preference: always use heapless::Vec instead of fixed arrays.", "compaction_summary")
    s.user(
        "clippy -D warnings enne commit'i, ära unusta. kas peaks alati ka release build'i suurust kontrollima?",
        rules=[("m-clippy", "clippy -D warnings enne commit'i, ära unusta")],
        non_rules=["kas peaks alati ka release build'i suurust kontrollima?"],
    )
    s.act(
        None,
        Bash(
            "cargo test -p mullaandur-core --target x86_64-unknown-linux-gnu && cargo clippy --release -- -D warnings && cargo size --release",
            "test result: ok. 6 passed; 0 failed; 0 ignored\n"
            + clippy_ok("9.12")
            + "\n   text\t   data\t    bss\t    dec\t    hex\tfilename\n  69912\t    112\t  34860\t 104884\t  199b4\tmullaandur",
            secs=40,
        ),
    )
    s.say(
        "Tests and clippy pass; the frame is 9 bytes. Size now: 69.9 KB text, 34.9 KB bss. Checking it in CI is cheap, but it's your call."
    )
    s.user("olgu, jätame")
    s.outcome("success", "frame v2 encoded, tests and clippy pass")
    return s


def m14() -> Session:
    s = new("m14-tx-interval", "2029-11-15T07:25:03", "2.1.172", "main", "tx-interval-robin")
    s.queued_start("saatmise intervall 30 minutiks, talvel pole 15 vaja")
    s.user("saatmise intervall 30 minutiks, talvel pole 15 vaja", after=0.0)
    s.act(
        None,
        Grep(
            "after_secs\\(15 \\* 60\\)",
            ["src/sample.rs:11:        Timer::after_secs(15 * 60).await;"],
            path="src",
            mode="content",
        ),
    )
    s.act(
        None,
        Edit(
            "src/sample.rs",
            "        Timer::after_secs(15 * 60).await;",
            "        Timer::after_secs(SAMPLE_INTERVAL_S).await;",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo clippy --release -- -D warnings",
            "error[E0425]: cannot find value `SAMPLE_INTERVAL_S` in this scope\n  --> src/sample.rs:11:27",
            code=101,
            secs=7,
        ),
    )
    s.act(
        "The constant doesn't exist yet; putting it in a config module:",
        Write(
            "src/config.rs",
            "/// 30 min in winter; summer units ran 15 min.\npub const SAMPLE_INTERVAL_S: u64 = 30 * 60;\n",
        ),
        Edit(
            "src/sample.rs",
            "        Timer::after_secs(SAMPLE_INTERVAL_S).await;",
            "        Timer::after_secs(crate::config::SAMPLE_INTERVAL_S).await;",
        ),
        Edit("src/main.rs", "#[embassy_executor::main]", "mod config;\n\n#[embassy_executor::main]"),
    )
    s.act(None, Bash("cargo clippy --release -- -D warnings", clippy_ok("6.02"), secs=10))
    s.say("Interval is 30 minutes via `config::SAMPLE_INTERVAL_S`; clippy clean.")
    s.user("aitäh")
    s.outcome("success", "sample interval moved to a 30 minute constant")
    return s


def m15() -> Session:
    s = new("m15-field-batch", "2029-11-16T06:58:40", "2.1.174", "main", "field-batch-eider")
    s.user("flash units 14-19 for Rõhu field with the release build, one by one, probe serials are in hil/units.toml")
    s.act(
        None,
        Read(
            "hil/units.toml",
            '[unit.14]\nprobe = "1366:1051:000683412014"\n[unit.15]\nprobe = "1366:1051:000683412015"\n',
        ),
    )
    s.act(
        None,
        Bash(
            "for u in 14 15; do cargo run --release -- --probe $(hil/probe-of $u) --no-location | tail -1; done",
            "0.042201 INFO  lora: sx1262 ready, 868.1 MHz SF9\n0.042187 INFO  lora: sx1262 ready, 868.1 MHz SF9",
            secs=70,
        ),
    )
    s.say(
        "Units 14 and 15 are flashed and their radios come up; units.toml only lists those two, 16-19 have no probe serial."
    )
    s.user("teised on autos juba. olgu, vaatame põllul mis juhtub")
    s.outcome("unknown", "two units flashed; he leaves for the field without saying whether the batch is done")
    return s


SESSIONS = [m01, m02, m03, m04, m05, m06, m07, m08, m09, m10, m11, m12, m13, m14, m15]
