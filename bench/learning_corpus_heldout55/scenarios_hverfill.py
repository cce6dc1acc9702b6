"""Gunnar's `hverfill` sessions (h01-h14): an Embassy firmware in Rust for an RP2040 board that samples four ADC
channels, with the no_std logic in the `hverfill-core` crate (tested with `cargo test` on the host), probe-rs as the
runner, defmt logging over RTT, and a hardware-in-the-loop rig driven over USB CDC-ACM by `cargo xtask hil`. Times
are UTC, which is Reykjavík's time all year."""

from __future__ import annotations

from fake_output import HVE, cargo_test, git_commit, probe_run
from transcript_kit import Agent, Bash, Denied, Edit, Read, Session, Write

PROJECT = "hverfill"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=HVE, project=PROJECT)


MAIN_RS = """#![no_std]
#![no_main]

mod capture;
mod tasks;
mod usb;

use embassy_executor::Spawner;
use embassy_rp::adc::{Adc, Channel, Config as AdcConfig};
use embassy_rp::gpio::Pull;
use {defmt_rtt as _, panic_probe as _};

#[embassy_executor::main]
async fn main(spawner: Spawner) {
    let p = embassy_rp::init(Default::default());
    defmt::info!("hverfill {} boot", env!("CARGO_PKG_VERSION"));
    let adc = Adc::new(p.ADC, crate::Irqs, AdcConfig::default());
    let chans = [
        Channel::new_pin(p.PIN_26, Pull::None),
        Channel::new_pin(p.PIN_27, Pull::None),
        Channel::new_pin(p.PIN_28, Pull::None),
        Channel::new_pin(p.PIN_29, Pull::None),
    ];
    spawner.must_spawn(tasks::sampler::sampler(adc, chans));
    spawner.must_spawn(usb::run(p.USB));
}"""

SAMPLER = """use embassy_rp::adc::{Adc, Async, Channel};
use embassy_time::{Duration, Ticker};
use hverfill_core::filter::MovingAverage;

use crate::capture::CAPTURE;

#[embassy_executor::task]
pub async fn sampler(mut adc: Adc<'static, Async>, mut chans: [Channel<'static>; 4]) {
    let mut window = [0i32; 2048];
    let mut avg = MovingAverage::new(&mut window);
    let mut ticker = Ticker::every(Duration::from_micros(1000));
    loop {
        for (i, ch) in chans.iter_mut().enumerate() {
            let raw = adc.read(ch).await.unwrap_or(0);
            let smooth = avg.push(i, raw as i32);
            CAPTURE.lock(|c| c.borrow_mut().push(i, smooth as u16));
        }
        ticker.next().await;
    }
}"""

CARGO_CONFIG = """[target.thumbv6m-none-eabi]
runner = "probe-rs run --chip RP2040 --protocol swd"

[build]
target = "thumbv6m-none-eabi"

[env]
DEFMT_LOG = "info\""""

CAPTURE_RS = """use core::cell::RefCell;

use embassy_sync::blocking_mutex::{raw::CriticalSectionRawMutex, Mutex};
use hverfill_core::capture::Ring;

/// 80 000 samples (160 KiB): the last 20 s of all four channels at 1 kHz.
pub static CAPTURE: Mutex<CriticalSectionRawMutex, RefCell<Ring<80_000>>> = Mutex::new(RefCell::new(Ring::new()));"""

FILTER_MAIN = """fn smooth(window: &mut [i32], pos: &mut usize, sum: &mut i64, x: i32) -> i32 {
    *sum += x as i64 - window[*pos] as i64;
    window[*pos] = x;
    *pos = (*pos + 1) % window.len();
    (*sum / window.len() as i64) as i32
}

fn over_threshold(level: i32, limit: i32) -> bool {
    level > limit
}"""

CORE_FILTER = """/// A moving average per channel over a caller-owned window (no allocation).
pub struct MovingAverage<'a> {
    window: &'a mut [i32],
    pos: [usize; 4],
    sum: [i64; 4],
}

impl<'a> MovingAverage<'a> {
    pub fn new(window: &'a mut [i32]) -> Self {
        Self { window, pos: [0; 4], sum: [0; 4] }
    }

    /// The window is split in four equal parts, one per channel.
    pub fn push(&mut self, ch: usize, x: i32) -> i32 {
        let n = self.window.len() / 4;
        let slot = &mut self.window[ch * n + self.pos[ch]];
        self.sum[ch] += x as i64 - *slot as i64;
        *slot = x;
        self.pos[ch] = (self.pos[ch] + 1) % n;
        (self.sum[ch] / n as i64) as i32
    }
}

pub fn over_threshold(level: i32, limit: i32) -> bool {
    level > limit
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn average_of_constant_is_constant() {
        let mut w = [0i32; 16];
        let mut avg = MovingAverage::new(&mut w);
        let mut last = 0;
        for _ in 0..4 {
            last = avg.push(1, 100);
        }
        assert_eq!(last, 100);
    }

    #[test]
    fn channels_do_not_mix() {
        let mut w = [0i32; 16];
        let mut avg = MovingAverage::new(&mut w);
        avg.push(0, 4000);
        assert_eq!(avg.push(2, 0), 0);
    }

    #[test]
    fn threshold_is_strict() {
        assert!(!over_threshold(100, 100));
        assert!(over_threshold(101, 100));
    }
}
"""

CORE_TESTS = [
    "filter::tests::average_of_constant_is_constant",
    "filter::tests::channels_do_not_mix",
    "filter::tests::threshold_is_strict",
]
PROTO_TESTS = ["proto::tests::parses_burst", "proto::tests::rejects_unknown", "proto::tests::parses_capture"]


# ---------------------------------------------------------------------------------------------------------------


def h01() -> Session:
    s = new("h01-core-crate", "2028-01-10T09:12:40", "2.1.157", "core-crate", "moving-average-puffin")
    s.user(
        "Starting hverfill properly today. Ground rules for this repository:\n"
        "1. No dynamic allocation anywhere in the firmware; buffers are statics or live in a StaticCell.\n"
        "2. Everything that does not touch a peripheral goes into the hverfill-core crate and is tested with cargo "
        "test on the host.\n"
        "3. Commit messages in English, imperative mood, subject under 72 characters.\n\n"
        "We go with Embassy, not RTIC; the async USB stack settles it. First task: move the moving-average and the "
        "threshold check out of src/main.rs into hverfill-core, with tests. The capture ring (160 KiB in .bss) "
        "stays where it is.",
        rules=[
            ("no-alloc", "No dynamic allocation anywhere in the firmware; buffers are statics or live in a StaticCell"),
            (
                "host-tests",
                "Everything that does not touch a peripheral goes into the hverfill-core crate and is tested with "
                "cargo test on the host",
            ),
            ("commit-style", "Commit messages in English, imperative mood, subject under 72 characters"),
        ],
        decisions=["We go with Embassy, not RTIC"],
    )
    s.title("Move filter logic into hverfill-core")
    s.act(None, Read("src/main.rs", MAIN_RS + "\n\n" + FILTER_MAIN), Read("src/capture.rs", CAPTURE_RS))
    s.act(
        "The averaging gets a caller-owned window, so the core crate needs neither alloc nor a fixed size:",
        Write("hverfill-core/src/filter.rs", CORE_FILTER),
        Edit("src/main.rs", "\n\n" + FILTER_MAIN, ""),
    )
    s.act(
        None,
        Bash("cargo test -p hverfill-core --target x86_64-unknown-linux-gnu", cargo_test("hverfill-core", CORE_TESTS)),
    )
    s.act(
        None,
        Bash(
            "cargo build --release && git add -A && git commit -m 'Move moving average and threshold into hverfill-core'",
            "   Compiling hverfill v0.3.0 (/home/gunnar/src/hverfill)\n    Finished `release` profile [optimized + "
            "debuginfo] target(s) in 9.41s\n"
            + git_commit("core-crate", "7c1e0a4", "Move moving average and threshold into hverfill-core", 3, 88, 9),
        ),
    )
    s.say(
        "`MovingAverage` and `over_threshold` now live in `hverfill-core/src/filter.rs` with three host tests (all "
        "green); the firmware builds for `thumbv6m-none-eabi` and the change is committed as `7c1e0a4`."
    )
    s.user("Good. That will do for today.")
    s.outcome("success", "filter logic moved into hverfill-core with host tests; firmware builds; committed")
    return s


def h02() -> Session:
    s = new("h02-hardfault-window", "2028-01-11T09:40:02", "2.1.157", "avg-window", "hardfault-memcpy-tern")
    s.user(
        "I widened the averaging window in the sampler task to 2048 samples (`let mut window = [0i32; 2048];`). "
        "Since then the board HardFaults a few seconds after boot:\n\n```\n"
        + probe_run(
            [
                "0.000812 INFO  hverfill 0.3.0 boot",
                "0.001533 INFO  adc: 4 channels @ 1 kHz, capture ring 80000 samples",
                "0.002109 INFO  usb: cdc-acm up",
                "3.214007 ERROR HardFault: pc=0x10004a3c (compiler_builtins::mem::memcpy) lr=0x100031f7",
            ]
        )
        + "\nError: Target HardFaulted, see the stack trace above.\n```\n\nWith 512 samples it ran fine for days."
    )
    s.act(None, Read("src/tasks/sampler.rs", SAMPLER))
    s.act(
        "To see which code path leads into the memcpy, I'd switch the rig build to debug-level defmt logging:",
        Denied(Edit(".cargo/config.toml", 'DEFMT_LOG = "info"', 'DEFMT_LOG = "debug"')),
    )
    s.user(
        "No. Rig builds use DEFMT_LOG=info, debug logging slows the ADC loop too much. Find it from the code.",
        rules=[("defmt-info", "Rig builds use DEFMT_LOG=info, debug logging slows the ADC loop too much")],
    )
    s.act(
        "Reading the core filter: with a window of 2048 split into four channels of 512, an index computed from "
        "the old window size would write past the slice. Checking `push`:",
        Read("hverfill-core/src/filter.rs", CORE_FILTER),
    )
    s.act(
        "`push` wraps with `% n` correctly, but there is no bounds guard on `ch`. Adding one so a bad channel index "
        "cannot write outside the window:",
        Edit(
            "hverfill-core/src/filter.rs",
            "        let n = self.window.len() / 4;",
            "        debug_assert!(ch < 4);\n        let n = self.window.len() / 4;",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo run --release",
            probe_run(
                [
                    "0.000809 INFO  hverfill 0.3.0 boot",
                    "0.001530 INFO  adc: 4 channels @ 1 kHz, capture ring 80000 samples",
                    "0.002111 INFO  usb: cdc-acm up",
                    "3.198455 ERROR HardFault: pc=0x10004a3c (compiler_builtins::mem::memcpy) lr=0x100031f7",
                ]
            )
            + "\nError: Target HardFaulted, see the stack trace above.",
            code=1,
            secs=14,
        ),
    )
    s.say(
        "Still the same HardFault at the same PC, so it is not the channel index. The fault is inside a `memcpy`, "
        "which points at a large copy; I have not found which one yet."
    )
    s.user("Still faulting. Leave it there, I will look at it myself tonight.")
    s.outcome("failed", "HardFault in memcpy after widening the averaging window; not found, left broken")
    s.hit("stack-into-bss")
    return s


def h03() -> Session:
    s = new("h03-probe-udev", "2028-01-12T08:55:19", "2.1.157", "main", "udev-probe-gannet")
    s.user(
        "probe-rs finnur ekki probe-ið eftir kerfisuppfærsluna í morgun (pacman -Syu, probe-rs fór í 0.27):\n\n```\n"
        "$ cargo run --release\n    Finished `release` profile [optimized + debuginfo] target(s) in 0.21s\n"
        "     Running `probe-rs run --chip RP2040 --protocol swd target/thumbv6m-none-eabi/release/hverfill`\n"
        "Error: No probe was found.\n```\n\nPico debug probe-ið er tengt, ljósið logar."
    )
    s.act(
        None,
        Bash(
            "lsusb | grep -i 2e8a; ls -l /dev/bus/usb/003/; ls /etc/udev/rules.d/ /usr/lib/udev/rules.d/ | grep -i probe",
            "Bus 003 Device 011: ID 2e8a:000c Raspberry Pi Debugprobe on Pico (CMSIS-DAP)\n"
            "total 0\ncrw-rw-r-- 1 root root 189, 256 Jan 12 08:41 001\ncrw-rw-r-- 1 root root 189, 266 Jan 12 "
            "08:52 011",
        ),
    )
    s.act(
        "The probe is on the bus but its device node is root-only, and no probe-rs udev rule is installed any more "
        "(neither in /etc nor in /usr/lib): the package update dropped it. Installing the upstream rule:",
        Bash(
            "curl -sSfL https://probe.rs/files/69-probe-rs.rules | sudo tee /etc/udev/rules.d/69-probe-rs.rules "
            ">/dev/null && sudo udevadm control --reload && sudo udevadm trigger && ls -l /dev/bus/usb/003/011",
            "crw-rw-rw-+ 1 root plugdev 189, 266 Jan 12 08:57 /dev/bus/usb/003/011",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo run --release",
            probe_run(
                [
                    "0.000811 INFO  hverfill 0.3.0 boot",
                    "0.001531 INFO  adc: 4 channels @ 1 kHz, capture ring 80000 samples",
                ]
            ),
            secs=12,
        ),
    )
    s.say("probe-rs finds the probe again and flashes; the rule is in `/etc/udev/rules.d/69-probe-rs.rules`.")
    s.user(
        "Takk, virkar. Lexía: eftir uppfærslu á probe-rs þarf að athuga udev regluna, pakkinn setur hana ekki "
        "lengur upp sjálfur.",
        lessons=["eftir uppfærslu á probe-rs þarf að athuga udev regluna, pakkinn setur hana ekki lengur upp sjálfur"],
    )
    s.one_off(
        "after a system update probe-rs says 'No probe was found': the probe-rs udev rule was gone and the probe's "
        "device node root-only; the upstream 69-probe-rs.rules was installed and udev reloaded"
    )
    s.outcome("success", "probe-rs udev rule reinstalled; flashing works again")
    return s


PROTO_RS = """/// Commands the HIL rig sends over CDC-ACM, one per line.
#[derive(Debug, PartialEq)]
pub enum Command {
    Burst(u16),
    Capture,
    Reset,
}

pub fn parse(line: &[u8]) -> Option<Command> {
    let line = core::str::from_utf8(line).ok()?.trim();
    match line.split_once(' ') {
        Some(("BURST", n)) => n.parse().ok().map(Command::Burst),
        None if line == "CAPTURE" => Some(Command::Capture),
        None if line == "RESET" => Some(Command::Reset),
        _ => None,
    }
}
"""

USB_STATIC_MUT = """static mut USB_BUF: [u8; 256] = [0; 256];

#[embassy_executor::task]
pub async fn run(usb: embassy_rp::peripherals::USB) {
    let buf = unsafe { &mut USB_BUF };
    let mut class = cdc_acm(usb).await;
    loop {
        let n = class.read_packet(buf).await.unwrap_or(0);
        if let Some(cmd) = hverfill_core::proto::parse(&buf[..n]) {
            handle(&mut class, cmd).await;
        }
    }
}
"""

USB_STATIC_CELL = """use static_cell::StaticCell;

static USB_BUF: StaticCell<[u8; 256]> = StaticCell::new();

#[embassy_executor::task]
pub async fn run(usb: embassy_rp::peripherals::USB) {
    let buf = USB_BUF.init([0; 256]);
    let mut class = cdc_acm(usb).await;
    loop {
        let n = class.read_packet(buf).await.unwrap_or(0);
        if let Some(cmd) = hverfill_core::proto::parse(&buf[..n]) {
            handle(&mut class, cmd).await;
        }
    }
}
"""


def h04() -> Session:
    s = new("h04-usb-proto", "2028-01-13T09:05:48", "2.1.158", "usb-proto", "cdc-acm-wren")
    s.user(
        "Ákvörðun: samskiptin við rig-ið fara yfir embassy-usb CDC-ACM, ekki sérsmíðaðan bulk endpoint; þá dugar "
        "venjulegur serial port á hýslinum. Skrifaðu þáttarann fyrir skipanirnar (BURST n, CAPTURE, RESET) í "
        "hverfill-core með prófum, og USB hlutann í src/usb.rs.",
        decisions=["samskiptin við rig-ið fara yfir embassy-usb CDC-ACM, ekki sérsmíðaðan bulk endpoint"],
    )
    s.act(
        "The parser first, in the core crate:",
        Write("hverfill-core/src/proto.rs", PROTO_RS),
    )
    s.act(
        None,
        Bash(
            "cargo test -p hverfill-core --target x86_64-unknown-linux-gnu proto",
            cargo_test("hverfill-core", PROTO_TESTS),
        ),
    )
    s.act(
        "Then the USB task with a 256-byte receive buffer:",
        Denied(Write("src/usb.rs", USB_STATIC_MUT)),
    )
    s.user(
        "Nei. Ekki static mut; notaðu StaticCell eða Mutex úr embassy-sync. unsafe á ekki heima þarna.",
        rules=[("no-static-mut", "Ekki static mut; notaðu StaticCell eða Mutex úr embassy-sync")],
    )
    s.act(
        "With a `StaticCell` the buffer is handed out once as `&'static mut`, no `unsafe`. As a rule of thumb, "
        "never hold a blocking mutex across an .await point; the handler below only borrows the buffer.",
        Write("src/usb.rs", USB_STATIC_CELL),
    )
    s.act(
        None,
        Bash(
            "cargo build --release 2>&1 | tail -2",
            "   Compiling hverfill v0.3.0 (/home/gunnar/src/hverfill)\n    Finished `release` profile [optimized + "
            "debuginfo] target(s) in 11.02s",
        ),
    )
    s.say("Parser with three host tests (green) and the CDC-ACM task with a `StaticCell` buffer; the firmware builds.")
    s.user("Flott. Commit, ég prófa á rig-inu á eftir.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add CDC-ACM command channel for the HIL rig'",
            git_commit("usb-proto", "b4d09e2", "Add CDC-ACM command channel for the HIL rig", 3, 104, 2),
        ),
    )
    s.say("Committed as `b4d09e2`.")
    s.not_person("As a rule of thumb, never hold a blocking mutex across an .await point", "assistant_text")
    s.outcome("success", "command parser in hverfill-core and a CDC-ACM task with a StaticCell buffer; committed")
    return s


def h05() -> Session:
    s = new("h05-defmt-host-link", "2028-01-14T10:02:11", "2.1.158", "usb-proto", "defmt-link-skua")
    s.user(
        "cargo test -p hverfill-core stopped linking after I put defmt::Format derives on the Command enum:\n\n```\n"
        "error: linking with `cc` failed: exit status: 1\n  |\n  = note: /usr/bin/ld: /home/gunnar/src/hverfill/"
        "target/x86_64-unknown-linux-gnu/debug/deps/hverfill_core-4be1c07a9d1f3e22.proto.o: in function "
        "`<hverfill_core::proto::Command as defmt::traits::Format>::format':\n"
        "          proto.rs:3: undefined reference to `_defmt_acquire'\n"
        "          /usr/bin/ld: proto.rs:3: undefined reference to `_defmt_timestamp'\n"
        "          collect2: error: ld returned 1 exit status\n```\n\n"
        "Should we always feature-gate defmt in hverfill-core, or is cfg_attr on each type enough?",
        non_rules=["Should we always feature-gate defmt in hverfill-core, or is cfg_attr on each type enough?"],
    )
    s.act(
        None,
        Read(
            "hverfill-core/Cargo.toml",
            '[package]\nname = "hverfill-core"\nversion = "0.3.0"\nedition = "2021"\n\n[dependencies]\ndefmt = "0.3"',
        ),
    )
    s.act(
        "defmt's derive calls into the global logger, which only the firmware provides (defmt-rtt); on the host "
        "nothing defines `_defmt_acquire`. Both are needed together: an optional `defmt` feature in the crate, and "
        "`cfg_attr` on the types so the derive only exists with the feature. The firmware turns the feature on.",
        Edit(
            "hverfill-core/Cargo.toml",
            'defmt = "0.3"',
            'defmt = { version = "0.3", optional = true }\n\n[features]\ndefmt = ["dep:defmt"]',
        ),
        Edit(
            "hverfill-core/src/proto.rs",
            "#[derive(Debug, PartialEq)]\npub enum Command",
            '#[derive(Debug, PartialEq)]\n#[cfg_attr(feature = "defmt", derive(defmt::Format))]\npub enum Command',
        ),
    )
    s.act(
        None,
        Read(
            "Cargo.toml",
            '[dependencies]\nhverfill-core = { path = "hverfill-core" }\nembassy-executor = { version = '
            '"0.7", features = ["arch-cortex-m", "executor-thread", "defmt"] }',
        ),
    )
    s.act(
        None,
        Edit(
            "Cargo.toml",
            'hverfill-core = { path = "hverfill-core" }',
            'hverfill-core = { path = "hverfill-core", features = ["defmt"] }',
        ),
    )
    s.act(
        None,
        Bash(
            "cargo test -p hverfill-core --target x86_64-unknown-linux-gnu && cargo build --release 2>&1 | tail -1",
            cargo_test("hverfill-core", CORE_TESTS + PROTO_TESTS)
            + "\n    Finished `release` profile [optimized + debuginfo] target(s) in 8.77s",
        ),
    )
    s.say("Host tests link and pass (6/6) without defmt; the firmware still gets the `Format` derives.")
    s.user("Good, thanks.")
    s.one_off(
        "host cargo test of hverfill-core fails to link (undefined reference to `_defmt_acquire`) after defmt::Format "
        "derives were added; defmt became an optional feature with cfg_attr derives, enabled by the firmware"
    )
    s.outcome("success", "defmt made an optional feature of hverfill-core; host tests link again")
    return s


HIL_BURST_LOG = (
    "$ cargo xtask hil --test hil_adc_burst\n"
    "[hil] flashing target/thumbv6m-none-eabi/release/hverfill ... ok (5.4 s)\n"
    "[hil] waiting for /dev/ttyACM0 ... ok\n"
    "[hil] hil_adc_burst: sent BURST 512\n"
    "[hil] hil_adc_burst: timed out after 2000 ms waiting for 512 samples (got 0)\n"
    "[hil] serial: /dev/ttyACM0 disconnected\n"
    "[hil] serial: /dev/ttyACM0 reappeared after 1480 ms\n"
    "Note: you must always power the target before attaching the probe.\n"
    "FAILED hil_adc_burst (1 of 4 failed)"
)

BURST_HANDLER = """async fn handle(class: &mut Cdc, cmd: Command) {
    match cmd {
        Command::Burst(n) => {
            let mut reply = [0u16; 4096];
            let n = CAPTURE.lock(|c| c.borrow().latest(&mut reply[..n as usize]));
            send_samples(class, &reply[..n]).await;
        }
        Command::Capture => send_capture(class).await,
        Command::Reset => cortex_m::peripheral::SCB::sys_reset(),
    }
}"""


def h06() -> Session:
    s = new("h06-burst-timeout", "2028-01-17T09:20:37", "2.1.160", "burst", "watchdog-reset-eider")
    s.user(
        "HIL prófið hil_adc_burst fellur núna. Borðið virðist endurræsa sig í miðju burst-i, serial portið hverfur "
        "og kemur aftur:\n\n```\n" + HIL_BURST_LOG + "\n```\n\nÞetta byrjaði eftir að BURST skipunin kom inn. Hin "
        "þrjú prófin eru græn."
    )
    s.act(None, Read("src/usb.rs", BURST_HANDLER), Read("src/main.rs", MAIN_RS))
    s.act(
        None,
        Bash(
            "grep -rn 'Watchdog' src/",
            "src/tasks/watchdog.rs:9:    let mut wd = Watchdog::new(p);\nsrc/tasks/watchdog.rs:10:    "
            "wd.start(Duration::from_millis(1500));",
        ),
    )
    s.act(
        "The reappearing port after ~1.5 s matches the watchdog period: the feeding task probably starves while "
        "the burst reply is assembled. Giving the watchdog more headroom:",
        Denied(Edit("src/tasks/watchdog.rs", "Duration::from_millis(1500)", "Duration::from_millis(8000)")),
    )
    s.user("Nei, varðhundurinn er ekki vandamálið, hann grípur bara eitthvað annað. Hvað er að gerast í handle?")
    s.say(
        "`handle` puts a `[u16; 4096]` reply (8 KiB) on the stack for every BURST, whatever `n` is. If the stack "
        "is already tight, that alone could push it past its limit and corrupt memory before the watchdog fires. "
        "I would need to measure the stack high-water mark to be sure."
    )
    s.user("Ekki núna, ég þarf að fara. Þetta er enn bilað, skoðum það seinna.")
    s.not_person("Note: you must always power the target before attaching the probe.", "pasted_log")
    s.outcome("failed", "HIL burst test times out while the board resets; watchdog change refused, cause not found")
    s.hit("stack-into-bss")
    return s


XTASK_README = """# xtask

`cargo xtask hil [--test NAME]` flashes the release build with probe-rs, waits for /dev/ttyACM0 and runs the HIL
tests in xtask/src/hil/ against the board on the rig.

The rig must always be reset with `cargo xtask hil --reset` after a failed run.
"""


def h07() -> Session:
    s = new("h07-ttyacm-perm", "2028-01-18T08:48:03", "2.1.160", "main", "uucp-group-fulmar")
    s.user(
        "`cargo xtask hil` can't open the serial port on the new laptop:\n\n```\n"
        "[hil] flashing target/thumbv6m-none-eabi/release/hverfill ... ok (5.3 s)\n"
        "[hil] waiting for /dev/ttyACM0 ... ok\n"
        "Error: opening /dev/ttyACM0: Permission denied (os error 13)\n```"
    )
    s.act(None, Read("xtask/README.md", XTASK_README))
    s.act(
        None,
        Bash(
            "ls -l /dev/ttyACM0; id",
            "crw-rw---- 1 root uucp 166, 0 Jan 18 08:48 /dev/ttyACM0\n"
            "uid=1000(gunnar) gid=1000(gunnar) groups=1000(gunnar),998(wheel),986(plugdev)",
        ),
    )
    s.act(
        "On Arch the CDC-ACM nodes belong to the `uucp` group, and this user is not in it. Adding it:",
        Bash("sudo usermod -aG uucp gunnar && getent group uucp", "uucp:x:987:gunnar"),
    )
    s.say(
        "Group membership only applies to new logins. Your tmux server was started before the change, so every "
        "pane inherits the old groups: restart the tmux server (`tmux kill-server`) or log out and in, then rerun "
        "`cargo xtask hil`."
    )
    s.user("Restarted tmux, the rig runs: 4 of 4 green. Thanks.")
    s.not_person("The rig must always be reset with `cargo xtask hil --reset` after a failed run.", "tool_output")
    s.one_off(
        "on a new laptop cargo xtask hil gets 'Permission denied (os error 13)' on /dev/ttyACM0: the user was not in "
        "Arch's uucp group; added with usermod, and the tmux server restarted to pick it up"
    )
    s.outcome("success", "user added to uucp; the HIL rig opens the serial port, 4/4 green")
    return s


def h08() -> Session:
    s = new("h08-counter-garbage", "2028-01-19T21:14:55", "2.1.160", "main", "static-clobber-shag")
    s.user(
        "Eftir nokkurra klukkutíma keyrslu fer pakkateljarinn í defmt logginu að sýna rugl: hann hoppar úr 18234 í "
        "3735928559 og heldur svo áfram að telja þaðan. Ekkert panic, engin villa, borðið keyrir áfram. Teljarinn "
        "er bara AtomicU32 í static. Hvað gæti skrifað yfir static breytu á RP2040?"
    )
    s.act(
        None,
        Read(
            "memory.x",
            "MEMORY {\n    BOOT2 : ORIGIN = 0x10000000, LENGTH = 0x100\n    FLASH : ORIGIN = 0x10000100, "
            "LENGTH = 2048K - 0x100\n    RAM   : ORIGIN = 0x20000000, LENGTH = 264K\n}",
        ),
    )
    s.say(
        "3735928559 is 0xDEADBEEF, a fill pattern, so something wrote a whole word over the counter rather than "
        "the counter wrapping. On an RP2040 with cortex-m-rt, the usual suspects are:\n\n1. The stack growing down "
        "into .bss: cortex-m-rt places the stack at the top of RAM and .bss/.data at the bottom, with no guard "
        "in between. With a 160 KiB capture ring plus the task arena, the free gap is small, and a deep call with "
        "large locals silently overwrites the highest statics.\n2. A DMA transfer with a wrong length writing past "
        "its buffer.\n3. An out-of-bounds write through `unsafe` code.\n\nThe first is easy to check with flip-link "
        "(which puts the stack below .bss, so an overflow faults instead of corrupting) or by painting the stack "
        "and reading the high-water mark."
    )
    s.user("Ég skoða þetta betur seinna, takk fyrir yfirferðina.")
    s.outcome("unknown", "a static counter is overwritten after hours; causes explained, nothing checked or changed")
    s.hit("stack-into-bss")
    return s


XTASK_HIL = """pub fn build_for_rig() -> Result<()> {
    let status = Command::new("cargo")
        .args(["build", "--release"])
        .env("DEFMT_LOG", "info")
        .status()?;
    ensure!(status.success(), "firmware build failed");
    Ok(())
}"""

HYST = """
/// Threshold with hysteresis: trips above `high`, releases below `low`.
pub struct Hysteresis {
    pub low: i32,
    pub high: i32,
    on: bool,
}

impl Hysteresis {
    pub const fn new(low: i32, high: i32) -> Self {
        Self { low, high, on: false }
    }

    pub fn update(&mut self, level: i32) -> bool {
        if self.on && level < self.low {
            self.on = false;
        } else if !self.on && level > self.high {
            self.on = true;
        }
        self.on
    }
}
"""


def h09() -> Session:
    s = new("h09-debug-log-hysteresis", "2028-01-20T09:31:26", "2.1.161", "hysteresis", "scope-measure-kittiwake")
    s.user(
        "Ég mældi þetta í gær með sveiflusjánni á GPIO pinna sem ég toggla í ADC lykkjunni: debug-stigið í defmt "
        "kostar innan við 2% af lykkjutímanum, svo ráðin um info á rig-buildunum stóðust ekki. Byggðu "
        "rig-firmwareið með DEFMT_LOG=debug héðan í frá. Svo: hysteresis á þröskuldinn í hverfill-core, low og "
        "high, með prófum.",
        rules=[("defmt-debug", "Byggðu rig-firmwareið með DEFMT_LOG=debug", "defmt-info")],
    )
    s.act(None, Read("xtask/src/hil.rs", XTASK_HIL), Read(".cargo/config.toml", CARGO_CONFIG))
    s.act(
        "Both the rig build in xtask and the default in `.cargo/config.toml` go to debug:",
        Edit("xtask/src/hil.rs", '.env("DEFMT_LOG", "info")', '.env("DEFMT_LOG", "debug")'),
        Edit(".cargo/config.toml", 'DEFMT_LOG = "info"', 'DEFMT_LOG = "debug"'),
    )
    s.act(
        None,
        Read("hverfill-core/src/filter.rs", CORE_FILTER),
    )
    s.act(
        None,
        Edit(
            "hverfill-core/src/filter.rs",
            "#[cfg(test)]\nmod tests {\n    use super::*;\n",
            HYST.lstrip("\n")
            + "\n#[cfg(test)]\nmod tests {\n    use super::*;\n\n    #[test]\n    fn hysteresis_holds_between"
            "_limits() {\n        let mut h = Hysteresis::new(90, 110);\n        assert!(!h.update(100));\n        "
            "assert!(h.update(111));\n        assert!(h.update(95));\n        assert!(!h.update(89));\n    }\n",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo test -p hverfill-core --target x86_64-unknown-linux-gnu",
            cargo_test("hverfill-core", [*CORE_TESTS, "filter::tests::hysteresis_holds_between_limits", *PROTO_TESTS]),
        ),
    )
    s.compact(
        "manual",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Gunnar measured the cost of defmt debug logging and asked for the rig "
        "build to use DEFMT_LOG=debug, then for hysteresis on the threshold in hverfill-core.\nSummary:\n"
        "1. xtask/src/hil.rs and .cargo/config.toml: DEFMT_LOG=debug.\n2. hverfill-core/src/filter.rs: "
        "Hysteresis {low, high}, test hysteresis_holds_between_limits; cargo test 7/7 green.\n3. Always run clippy "
        "with -D warnings before flashing the board.\nPending: use Hysteresis in the firmware's alarm output, run "
        "the rig.",
        131800,
        9100,
    )
    s.user("Haltu áfram: notaðu Hysteresis í alarm úttakinu og keyrðu rig-ið.")
    s.act(
        None,
        Read(
            "src/tasks/alarm.rs",
            "static ALARM_LIMIT: i32 = 3100;\n\n#[embassy_executor::task]\npub async fn alarm("
            "mut led: Output<'static>) {\n    loop {\n        let level = LEVEL.wait().await;\n        "
            "led.set_level(over_threshold(level, ALARM_LIMIT).into());\n    }\n}",
        ),
    )
    s.act(
        None,
        Edit(
            "src/tasks/alarm.rs",
            "    loop {\n        let level = LEVEL.wait().await;\n        led.set_level(over_threshold(level, "
            "ALARM_LIMIT).into());",
            "    let mut hyst = Hysteresis::new(ALARM_LIMIT - 60, ALARM_LIMIT);\n    loop {\n        let level = "
            "LEVEL.wait().await;\n        led.set_level(hyst.update(level).into());",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo xtask hil",
            "[hil] building with DEFMT_LOG=debug ... ok\n[hil] flashing target/thumbv6m-none-eabi/release/hverfill "
            "... ok (5.5 s)\n[hil] waiting for /dev/ttyACM0 ... ok\n[hil] hil_usb_enumerates ... ok\n[hil] "
            "hil_adc_static_levels ... ok\n[hil] hil_alarm_hysteresis ... ok\n[hil] hil_capture_dump ... ok\n"
            "[hil] hil_adc_burst ... skipped (marked flaky)\n4 passed, 1 skipped",
            secs=41,
        ),
    )
    s.say("The alarm output uses the hysteresis now; the rig run passes with the debug-level build (burst skipped).")
    s.user("Takk, gott.")
    s.not_person("Always run clippy with -D warnings before flashing the board.", "compaction_summary")
    s.outcome("success", "rig builds switched to DEFMT_LOG=debug; hysteresis in core and in the alarm task; rig green")
    return s


SEND_CAPTURE = """async fn send_capture(class: &mut Cdc) {
    for chunk in CAPTURE.lock(|c| c.borrow().chunks()) {
        class.write_packet(chunk).await.ok();
    }
}"""


def h10() -> Session:
    s = new("h10-capture-export", "2028-01-21T10:07:44", "2.1.161", "capture-export", "export-window-murre")
    s.user(
        "The CAPTURE command should take an optional length (CAPTURE 5000 = the newest 5000 samples) instead of "
        "dumping all 80 000 every time. Parser in hverfill-core, sending in src/usb.rs.",
    )
    s.act(None, Read("hverfill-core/src/proto.rs", PROTO_RS))
    s.act(
        None,
        Edit("hverfill-core/src/proto.rs", "    Capture,\n", "    Capture(Option<u32>),\n"),
        Edit(
            "hverfill-core/src/proto.rs",
            '        None if line == "CAPTURE" => Some(Command::Capture),',
            '        None if line == "CAPTURE" => Some(Command::Capture(None)),\n        Some(("CAPTURE", n)) => '
            "n.parse().ok().map(|n| Command::Capture(Some(n))),",
        ),
    )
    s.act(
        "For a variable-length export the simplest sender collects the slice into a `Vec`; that needs a small heap "
        "allocator on the firmware side:",
        Denied(Bash("cargo add embedded-alloc@0.6")),
    )
    s.user(
        "Like I said, nothing in this firmware allocates, that includes embedded-alloc. Stream it out of the ring "
        "in 64-byte packets.",
        rules=[("no-alloc", "nothing in this firmware allocates, that includes embedded-alloc")],
    )
    s.act(
        None,
        Read("src/usb.rs", SEND_CAPTURE),
    )
    s.act(
        None,
        Edit(
            "src/usb.rs",
            SEND_CAPTURE,
            "async fn send_capture(class: &mut Cdc, newest: Option<u32>) {\n    let mut packet = [0u8; 64];\n    "
            "let total = newest.unwrap_or(80_000) as usize;\n    for start in (0..total).step_by(32) {\n        "
            "let n = CAPTURE.lock(|c| c.borrow().copy_newest(start, total, &mut packet));\n        "
            "class.write_packet(&packet[..n]).await.ok();\n    }\n}",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo test -p hverfill-core --target x86_64-unknown-linux-gnu proto && cargo xtask hil --test "
            "hil_capture_dump",
            cargo_test("hverfill-core", [*PROTO_TESTS, "proto::tests::parses_capture_with_length"])
            + "\n[hil] flashing target/thumbv6m-none-eabi/release/hverfill ... ok (5.4 s)\n[hil] hil_capture_dump "
            "... ok (5000 samples in 0.61 s)\n1 passed",
            secs=30,
        ),
    )
    s.say("`CAPTURE n` parses, and the export streams from the ring through one 64-byte packet buffer; no allocator.")
    s.user("Fine. Commit it.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Stream CAPTURE with an optional length'",
            git_commit("capture-export", "e1f2a80", "Stream CAPTURE with an optional length", 3, 41, 9),
        ),
    )
    s.outcome("success", "CAPTURE takes a length and streams from the ring without allocating; rig test green")
    return s


def h11() -> Session:
    s = new("h11-toolchain-target", "2028-01-24T09:03:15", "2.1.163", "toolchain", "thumbv6m-target-razorbill")
    s.user(
        "I bumped rust-toolchain.toml to 1.84 and now nothing builds:\n\n```\n"
        "error[E0463]: can't find crate for `core`\n  |\n  = note: the `thumbv6m-none-eabi` target may not be "
        "installed\n  = help: consider downloading the target with `rustup target add thumbv6m-none-eabi`\n```"
    )
    s.act(None, Read("rust-toolchain.toml", '[toolchain]\nchannel = "1.84"\ncomponents = ["rustfmt", "clippy"]'))
    s.act(
        "The toolchain file names no targets, so rustup installs 1.84 for the host only. Listing the target there "
        "makes every checkout (and CI) fetch it:",
        Edit(
            "rust-toolchain.toml",
            'components = ["rustfmt", "clippy"]',
            'components = ["rustfmt", "clippy", "llvm-tools"]\ntargets = ["thumbv6m-none-eabi"]',
        ),
    )
    s.act(
        None,
        Bash(
            "cargo build --release 2>&1 | tail -2",
            "info: installing component 'rust-std' for 'thumbv6m-none-eabi'\n    Finished `release` profile "
            "[optimized + debuginfo] target(s) in 38.20s",
            secs=45,
        ),
    )
    s.say("rustup pulled `rust-std` for `thumbv6m-none-eabi` from the toolchain file and the firmware builds on 1.84.")
    s.user("Thanks.")
    s.one_off(
        "after bumping rust-toolchain.toml to 1.84 the build fails with E0463 can't find crate for `core`: the "
        "toolchain file listed no targets; thumbv6m-none-eabi added to its targets"
    )
    s.outcome("success", "thumbv6m-none-eabi added to rust-toolchain.toml; firmware builds on 1.84")
    return s


def explore_stack(child: Session) -> None:
    child.act(
        None,
        Bash(
            "grep -rnE '\\[0(u8|u16|i16|i32|u32)?; *[0-9_]{3,}\\]' src/ hverfill-core/src/ | grep -v test",
            "src/tasks/sampler.rs:9:    let mut window = [0i32; 2048];\n"
            "src/usb.rs:31:            let mut reply = [0u16; 4096];\n"
            "src/usb.rs:52:    let mut packet = [0u8; 64];",
        ),
    )
    child.act(
        None,
        Bash(
            "arm-none-eabi-size -A target/thumbv6m-none-eabi/release/hverfill | grep -E '^\\.(data|bss|uninit)'; "
            "grep -n 'task-arena' Cargo.toml; grep -n flip-link .cargo/config.toml || echo 'no flip-link'",
            ".data                 1216   536870912\n.bss                169872   536872128\n.uninit            "
            '  32768   537042000\nCargo.toml:14:embassy-executor = { version = "0.7", features = ["arch-cortex-m", '
            '"executor-thread", "task-arena-size-32768", "defmt"] }\nno flip-link',
        ),
    )
    child.say(
        "Large stack buffers:\n- src/tasks/sampler.rs:9 `[0i32; 2048]` (8 KiB) local of the sampler task; the "
        "task future is built on the stack at spawn before it moves into the arena.\n- src/usb.rs:31 `[0u16; 4096]` "
        "(8 KiB) per BURST in `handle`.\nStatic RAM: .data 1.2 KiB + .bss 166 KiB (capture ring 160 KiB) + task "
        "arena 32 KiB of 264 KiB, leaving about 24 KiB for the stack. No flip-link in .cargo/config.toml, so the "
        "stack can grow into .bss without a fault."
    )


def h12() -> Session:
    s = new("h12-stack-fix", "2028-01-25T09:10:50", "2.1.163", "stack-headroom", "flip-link-guillemot")
    s.user(
        "New one. After I added the second averaging stage to the USB reporter the board does not even enumerate "
        "on the rig:\n\n```\n$ dmesg | tail -4\n"
        "[88213.402118] usb 1-2: new full-speed USB device number 37 using xhci_hcd\n"
        "[88213.530552] usb 1-2: device descriptor read/64, error -71\n"
        "[88213.766540] usb 1-2: device descriptor read/64, error -71\n"
        "[88214.322601] usb usb1-port2: unable to enumerate USB device\n```\n\n"
        "That is the fourth odd thing on this board this month: the HardFault in memcpy, the resets in the burst "
        "test, the counter turning into garbage, and now this. I suspect one cause behind all of them. Find it "
        "and fix it properly."
    )
    s.act(
        "Collecting the big buffers and the RAM layout first:",
        Agent(
            "Find large stack buffers and RAM use",
            "In this firmware (src/ and hverfill-core/src/), list every array of 256 bytes or more that is a local "
            "variable, with its size, and report .data/.bss sizes, the embassy-executor task arena and whether "
            "flip-link is configured. Never flash the board; only read the code and report file:line.",
            "Explore",
            explore_stack,
        ),
    )
    s.act(
        None,
        Read("src/tasks/sampler.rs", SAMPLER),
        Read(".cargo/config.toml", CARGO_CONFIG.replace('DEFMT_LOG = "info"', 'DEFMT_LOG = "debug"')),
    )
    s.act(
        "One cause: the stack has about 24 KiB, the sampler's 8 KiB window is built on it when the task is "
        "spawned, BURST adds another 8 KiB, and the new reporter stage pushed it over. Without flip-link the "
        "overflow runs silently into .bss (the counter, the USB state, and once into memcpy's destination). The "
        "window goes into a static `StaticCell`, the burst reply into a static too, and flip-link makes any future "
        "overflow a clean HardFault instead of corruption:",
        Edit(
            "src/tasks/sampler.rs",
            "#[embassy_executor::task]\npub async fn sampler(mut adc: Adc<'static, Async>, mut chans: [Channel<'static>; "
            "4]) {\n    let mut window = [0i32; 2048];\n    let mut avg = MovingAverage::new(&mut window);",
            "static WINDOW: StaticCell<[i32; 2048]> = StaticCell::new();\n\n#[embassy_executor::task]\npub async fn "
            "sampler(mut adc: Adc<'static, Async>, mut chans: [Channel<'static>; 4]) {\n    let window = "
            "WINDOW.init_with(|| [0; 2048]);\n    let mut avg = MovingAverage::new(window);",
        ),
        Edit(
            ".cargo/config.toml",
            'runner = "probe-rs run --chip RP2040 --protocol swd"',
            'runner = "probe-rs run --chip RP2040 --protocol swd"\nlinker = "flip-link"',
        ),
    )
    s.act(
        None,
        Edit(
            "src/usb.rs",
            "            let mut reply = [0u16; 4096];\n            let n = CAPTURE.lock(|c| c.borrow().latest(&mut "
            "reply[..n as usize]));",
            "            let reply = BURST_REPLY.init_with(|| [0; 4096]);\n            let n = CAPTURE.lock(|c| "
            "c.borrow().latest(&mut reply[..n as usize]));",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo install flip-link --locked -q && cargo test -p hverfill-core --target x86_64-unknown-linux-gnu -q "
            "&& cargo xtask hil",
            "test result: ok. 8 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.03s\n"
            "[hil] building with DEFMT_LOG=debug ... ok\n[hil] flashing target/thumbv6m-none-eabi/release/hverfill "
            "... ok (5.6 s)\n[hil] waiting for /dev/ttyACM0 ... ok\n[hil] hil_usb_enumerates ... ok\n"
            "[hil] hil_adc_static_levels ... ok\n[hil] hil_alarm_hysteresis ... ok\n[hil] hil_capture_dump ... ok\n"
            "[hil] hil_adc_burst ... ok (512 samples in 38 ms)\n5 passed",
            secs=95,
        ),
    )
    s.say(
        "Enumeration works again and all five rig tests pass, `hil_adc_burst` included (it had been skipped "
        "as flaky). The two 8 KiB buffers are statics now (`BURST_REPLY` is a second `StaticCell` next to the handler), "
        "and with flip-link as the linker the stack sits below .bss, so an overflow would fault instead of "
        "overwriting statics."
    )
    s.user(
        "All green, and it enumerates again. Lesson: an async task's locals "
        "are built on the stack when it is spawned, and with the capture ring in .bss there is little stack left; "
        "without flip-link an overflow writes over statics without any fault. Commit.",
        lessons=[
            "an async task's locals are built on the stack when it is spawned, and with the capture ring in .bss "
            "there is little stack left; without flip-link an overflow writes over statics without any fault"
        ],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Move large buffers to statics and link with flip-link'",
            git_commit("stack-headroom", "3a8f6d1", "Move large buffers to statics and link with flip-link", 3, 12, 5),
        ),
    )
    s.not_person("Never flash the board; only read the code and report file:line.", "subagent_prompt")
    s.outcome(
        "success", "big stack buffers moved to StaticCells, flip-link as linker; enumeration and all rig tests ok"
    )
    s.hit("stack-into-bss", fixed=True)
    return s


def h13() -> Session:
    s = new("h13-calibration", "2028-01-26T09:25:07", "2.1.164", "calibration", "calibration-table-ptarmigan")
    s.user(
        "Tvö atriði áður en við byrjum:\n"
        "1. Ekki flasha HIL borðið fyrr en cargo test á hverfill-core er grænt.\n"
        "2. Þú pushar ekki neitt sjálfur; ég geri það þegar ég er búinn að lesa diffið.\n\n"
        "Verkefnið: kvörðunartafla fyrir rásirnar fjórar í hverfill-core (offset og gain í fixed point, Q16), "
        "og firmware notar hana á hrágildin áður en þau fara í meðaltalið.",
        rules=[
            ("hil-after-host", "Ekki flasha HIL borðið fyrr en cargo test á hverfill-core er grænt"),
            ("no-push", "Þú pushar ekki neitt sjálfur; ég geri það þegar ég er búinn að lesa diffið"),
        ],
    )
    s.act(
        None,
        Write(
            "hverfill-core/src/calib.rs",
            "/// Per-channel calibration in Q16 fixed point: y = (x + offset) * gain >> 16.\n#[derive(Clone, Copy)]\n"
            "pub struct Calib {\n    pub offset: i32,\n    pub gain: u32,\n}\n\npub const IDENTITY: Calib = Calib { "
            "offset: 0, gain: 1 << 16 };\n\npub fn apply(c: Calib, x: i32) -> i32 {\n    (((x + c.offset) as i64 * "
            "c.gain as i64) >> 16) as i32\n}\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n\n    #[test]\n    fn "
            "identity_is_identity() {\n        assert_eq!(apply(IDENTITY, 1234), 1234);\n    }\n\n    #[test]\n    fn "
            "gain_and_offset() {\n        let c = Calib { offset: -10, gain: 3 << 15 };\n        assert_eq!(apply(c, "
            "110), 150);\n    }\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo test -p hverfill-core --target x86_64-unknown-linux-gnu -q",
            "test result: ok. 10 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.03s",
        ),
    )
    s.act(
        "Host tests are green, so the firmware side and then the rig:",
        Edit(
            "src/tasks/sampler.rs",
            "            let smooth = avg.push(i, raw as i32);",
            "            let smooth = avg.push(i, calib::apply(CALIB[i], raw as i32));",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo xtask hil",
            "[hil] building with DEFMT_LOG=debug ... ok\n[hil] flashing target/thumbv6m-none-eabi/release/hverfill "
            "... ok (5.5 s)\n[hil] hil_usb_enumerates ... ok\n[hil] hil_adc_static_levels ... ok\n[hil] "
            "hil_alarm_hysteresis ... ok\n[hil] hil_capture_dump ... ok\n[hil] hil_adc_burst ... ok\n5 passed",
            secs=70,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add per-channel Q16 calibration'",
            git_commit("calibration", "5be0c94", "Add per-channel Q16 calibration", 3, 47, 1),
        ),
    )
    s.say("Committed as `5be0c94` on `calibration`; not pushed.")
    s.user("Takk, eg les diffid og pusha sjalfur.")
    s.outcome("success", "Q16 calibration table in hverfill-core, used by the sampler; host and rig tests green")
    return s


def h14() -> Session:
    s = new("h14-tick-rate", "2028-01-27T20:41:33", "2.1.165", "main", "tick-rate-auk")
    s.user(
        "What tick rate does embassy-time use on the RP2040 by default, and would raising it change anything for "
        "the USB timing or the 1 kHz ADC ticker?"
    )
    s.act(
        None, Read("Cargo.toml", 'embassy-time = { version = "0.4", features = ["defmt", "defmt-timestamp-uptime"] }')
    )
    s.say(
        "embassy-rp drives embassy-time from the RP2040's 64-bit TIMER, which counts at 1 MHz, so the tick is 1 µs "
        "and there is no `tick-hz-*` feature to pick: your Cargo.toml sets none, and on the RP2040 the time driver "
        "fixes it. The USB stack does not use embassy-time for bus timing (the USB controller handles frames in "
        "hardware), and a 1 kHz `Ticker` is 1000 ticks per period, far from any resolution limit."
    )
    s.user("OK, so nothing to gain there. I'll think about the ADC side.")
    s.outcome("unknown", "a question about embassy-time's tick on the RP2040, answered; nothing done")
    return s


SESSIONS = [h01, h02, h03, h04, h05, h06, h07, h08, h09, h10, h11, h12, h13, h14]
