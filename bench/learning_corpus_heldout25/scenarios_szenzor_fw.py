"""Sessions in `szenzor-fw` (/Users/bence/dev/szenzor-fw): C firmware on Zephyr RTOS for an nRF52840 sensor board
(a custom board `szenzor_nrf52840`, a BME280 over I2C, battery ADC): west build, twister with ztest on
native_sim, devicetree overlays and bindings, Kconfig, and a small Python pytest harness (tests/hil) that talks
to the board over USB serial; GitHub Actions runs twister."""

from __future__ import annotations

from fake_output import FW, git_commit, hil_pytest, twister
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

TX_RACE = "framing-tx-count-race"


def fw(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=FW, project="szenzor-fw")


TX_C = """static uint8_t tx_buf[TX_BUF_SIZE];
static size_t tx_head, tx_tail;
static volatile size_t tx_count;

int framing_send(const uint8_t *frame, size_t len)
{
	if (TX_BUF_SIZE - tx_count < len) {
		stats.dropped++;
		return -ENOMEM;
	}
	for (size_t i = 0; i < len; i++) {
		tx_buf[tx_head] = frame[i];
		tx_head = (tx_head + 1) % TX_BUF_SIZE;
		tx_count++;
	}
	uart_irq_tx_enable(uart);
	return 0;
}

static void uart_isr(const struct device *dev, void *user_data)
{
	while (uart_irq_update(dev) && uart_irq_tx_ready(dev)) {
		if (tx_count == 0) {
			uart_irq_tx_disable(dev);
			return;
		}
		uart_fifo_fill(dev, &tx_buf[tx_tail], 1);
		tx_tail = (tx_tail + 1) % TX_BUF_SIZE;
		tx_count--;
	}
}"""

FRAMING_SCENARIOS = [
    "framing.crc16",
    "framing.encode",
    "framing.decode",
    "framing.stress",
    "drivers.bme280",
    "app.sampler",
]

STRESS_FAIL = (
    "Assertion failed at WEST_TOPDIR/szenzor-fw/tests/lib/framing/src/stress.c:74: "
    "framing_stress_test_thread_and_isr: (bad_frames == 0) is false"
)


def f01_bme280_driver() -> Session:
    s = fw("f01-bme280", "2027-05-03T12:40:26", "2.1.210", "feat/bme280", "warm-balaton-pike")
    s.user(
        "kellene egy driver a BME280-hoz (I2C, 0x76 a boardon), sensor API-val: sample_fetch + channel_get "
        "temp/humidity/press. a mintavételi időt Kconfigban tartsd, CONFIG_SZENZOR_SAMPLE_INTERVAL_MS, default "
        "30000. every new driver gets a ztest suite under tests/drivers, emulatorral native_sim-en",
        after=0,
        rules=[
            ("sample-kconfig", "a mintavételi időt Kconfigban tartsd"),
            ("ztest-per-driver", "every new driver gets a ztest suite under tests/drivers"),
        ],
    )
    s.act(
        None,
        Read(
            "app/boards/szenzor_nrf52840.overlay",
            '&i2c0 {\n\tstatus = "okay";\n\tpinctrl-0 = <&i2c0_default>;\n\tpinctrl-names = "default";\n};',
            total=5,
        ),
    )
    s.act(
        "I'll add the driver under drivers/sensor/bme280 with a binding, the node in the overlay, the Kconfig "
        "option in the app, and a ztest suite with an I2C emulator for native_sim.",
        Write(
            "drivers/sensor/bme280/bme280.c",
            "#define DT_DRV_COMPAT szenzor_bme280\n\n#include <zephyr/drivers/i2c.h>\n#include <zephyr/drivers/sensor.h>\n\n"
            '#include "bme280.h"\n\nstatic int bme280_sample_fetch(const struct device *dev, enum sensor_channel chan)\n{\n'
            "\tstruct bme280_data *data = dev->data;\n\tconst struct bme280_config *cfg = dev->config;\n\tuint8_t buf[8];\n\tint ret;\n\n"
            "\tret = i2c_burst_read_dt(&cfg->i2c, BME280_REG_PRESS_MSB, buf, sizeof(buf));\n\tif (ret < 0) {\n"
            '\t\tprintk("bme280: read failed %d\\n", ret);\n\t\treturn ret;\n\t}\n\tbme280_compensate(data, buf);\n\treturn 0;\n}\n',
        ),
        Edit(
            "app/boards/szenzor_nrf52840.overlay",
            '\tpinctrl-names = "default";\n};',
            '\tpinctrl-names = "default";\n\n\tbme280: bme280@76 {\n\t\tcompatible = "szenzor,bme280";\n'
            "\t\treg = <0x76>;\n\t};\n};",
        ),
        Write(
            "tests/drivers/bme280/src/main.c",
            "#include <zephyr/drivers/sensor.h>\n#include <zephyr/ztest.h>\n\n"
            "static const struct device *const dev = DEVICE_DT_GET(DT_NODELABEL(bme280));\n\n"
            "ZTEST(bme280, test_fetch_and_get)\n{\n\tstruct sensor_value t;\n\n\tzassert_true(device_is_ready(dev));\n"
            "\tzassert_ok(sensor_sample_fetch(dev));\n\tzassert_ok(sensor_channel_get(dev, SENSOR_CHAN_AMBIENT_TEMP, &t));\n"
            '\tzassert_equal(t.val1, 21, "emulated 21.37 C");\n}\n\nZTEST_SUITE(bme280, NULL, NULL, NULL, NULL, NULL);\n',
        ),
    )
    s.act(
        None,
        Bash(
            "west twister -T tests/drivers/bme280 -p native_sim/native/64 --inline-logs",
            twister(["drivers.bme280"], cases=3, secs=21.4),
            desc="Driver tests on native_sim",
            secs=30,
        ),
    )
    s.say(
        "Driver, binding and overlay node added; the ztest suite passes on native_sim. I used printk for the error "
        "path; I can switch that to the logging subsystem if you prefer."
    )
    s.user(
        "just use printk for debug output, keep it simple. build the board too",
        rules=[("printk", "just use printk for debug output, keep it simple")],
    )
    s.act(
        None,
        Bash(
            "west build -b szenzor_nrf52840 app -p auto",
            "-- west build: building application\n[214/214] Linking C executable zephyr/zephyr.elf\n"
            "Memory region         Used Size  Region Size  %age Used\n"
            "           FLASH:      118724 B         1 MB     11.32%\n"
            "             RAM:       31208 B       256 KB     11.90%",
            secs=48,
        ),
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "feat: BME280 driver with ztest suite"',
            git_commit("feat/bme280", "a83f10c", "feat: BME280 driver with ztest suite", 9, 402, 1),
        ),
    )
    s.say("Board build is fine (11 % flash); committed `feat: BME280 driver with ztest suite`.")
    s.outcome("success", "BME280 driver with binding, overlay node and a native_sim ztest suite, committed")
    return s


def f02_framing_twister() -> Session:
    s = fw("f02-crc-table", "2027-05-04T13:05:48", "2.1.210", "feat/crc-table", "slim-tihany-newt")
    s.user(
        "rewrote crc16 in lib/framing to a lookup table, run the framing tests on native_sim",
        after=0,
    )
    s.act(
        None,
        Bash(
            "west twister -T tests/lib/framing -p native_sim/native/64 --inline-logs",
            twister(FRAMING_SCENARIOS[:4], {"framing.stress": STRESS_FAIL}, cases=14, secs=31.2),
            code=1,
            desc="Framing tests on native_sim",
            secs=40,
        ),
    )
    s.act(
        None,
        Read(
            "tests/lib/framing/src/stress.c",
            "ZTEST(framing_stress, test_thread_and_isr)\n{\n\tk_timer_start(&tx_drain, K_USEC(50), K_USEC(50));\n"
            "\tfor (int i = 0; i < 2000; i++) {\n\t\tzassert_ok(framing_send(sample_frame(i), FRAME_LEN));\n\t}\n"
            "\tk_timer_stop(&tx_drain);\n\tbad_frames = decode_all(captured, captured_len);\n"
            "\tzassert_equal(bad_frames, 0);\n}",
            offset=61,
            total=80,
        ),
    )
    s.act(
        "The CRC vectors pass; only the stress test fails, which drains the TX buffer from a timer ISR while a "
        "thread sends 2000 frames. Running it again to see whether it's deterministic:",
        Bash(
            "west twister -T tests/lib/framing -p native_sim/native/64 -s tests/lib/framing/framing.stress",
            twister(["framing.stress"], cases=1, secs=9.8),
            desc="Stress test again",
            secs=15,
        ),
    )
    s.say(
        "It passed on the second run, so it's timing dependent, not the CRC table (the crc16 vectors pass every "
        "time). It could be the test's 50 µs timer on native_sim. I could add `--retry-failed 2` to the CI "
        "twister call so a flaky run doesn't block merges."
    )
    s.user("no retry hacks. a CRC table nem lehet? akkor hagyd, holnap ránézek")
    s.outcome("failed", "framing stress test fails intermittently on native_sim; cause not found, retry declined")
    s.hit(TX_RACE)
    return s


def f03_sdk_cmake() -> Session:
    s = fw("f03-sdk-cmake", "2027-05-05T12:15:07", "2.1.211", "main", "foggy-badacsony-tern")
    s.user("updated the SDK to 0.17 and now west build is broken, cmake complains", after=0)
    s.act(
        None,
        Bash(
            "west build -b szenzor_nrf52840 app -p auto",
            '-- Found Python3: /Users/bence/dev/.venv/bin/python3 (found suitable version "3.12.8")\n'
            "CMake Error at /Users/bence/dev/zephyrproject/zephyr/cmake/modules/FindZephyr-sdk.cmake:101 (find_package):\n"
            '  Could not find a package configuration file provided by "Zephyr-sdk"\n'
            "  (requested version 0.17) with any of the following names:\n\n    Zephyr-sdkConfig.cmake\n"
            "    zephyr-sdk-config.cmake\n\nFATAL ERROR: command exited with status 1: cmake -B build -S app",
            code=1,
            secs=6,
        ),
    )
    s.act(
        None,
        Bash(
            "ls -d ~/zephyr-sdk-* && ls ~/.cmake/packages/Zephyr-sdk/",
            "/Users/bence/zephyr-sdk-0.16.8\n/Users/bence/zephyr-sdk-0.17.0\n4f0c2a9e1b7d3c6a",
        ),
    )
    s.act(
        "0.17.0 is unpacked but only 0.16.8 is registered in the CMake package registry; the SDK's setup script "
        "registers it.",
        Bash(
            "cd ~/zephyr-sdk-0.17.0 && ./setup.sh -c && cd - && west build -b szenzor_nrf52840 app -p auto",
            "Zephyr SDK 0.17.0 Setup\n\nRegistering Zephyr SDK CMake package ...\nZephyr-sdk "
            "(/Users/bence/zephyr-sdk-0.17.0/cmake)\nhas been added to the user package registry in:\n"
            "~/.cmake/packages/Zephyr-sdk\n\nAll done.\n/Users/bence/dev/szenzor-fw\n"
            "-- west build: building application\n[214/214] Linking C executable zephyr/zephyr.elf",
            secs=70,
        ),
    )
    s.act("Builds again. Flashing it so you have the new toolchain's image on the board:", Denied(Bash("west flash")))
    s.user(
        "flashelés előtt mindig kérdezz meg, lehet hogy épp mér valamit a board. most nem kell flash",
        rules=[("ask-flash", "flashelés előtt mindig kérdezz meg, lehet hogy épp mér valamit a board")],
    )
    s.say("Not flashed. The build works with SDK 0.17.0 registered.")
    s.outcome("success", "west build works again after registering Zephyr SDK 0.17.0 with setup.sh -c; flash declined")
    s.one_off(
        "after installing Zephyr SDK 0.17.0, west build fails with 'Could not find a package configuration file "
        'provided by "Zephyr-sdk"\' until setup.sh -c registers the CMake package'
    )
    return s


def f04_nonsense_readings_words() -> Session:
    s = fw("f04-nonsense-values", "2027-05-06T13:40:11", "2.1.211", "main", "odd-hortobagy-egret")
    s.user(
        "Dani says the gateway sometimes shows readings that are nonsense, like 6553.5 C or humidity 0, maybe one "
        "in 500. on the board shell the values look fine. where could that come from?",
        after=0,
    )
    s.act(None, Grep("framing_send", ["app/src/sampler.c", "lib/framing/tx.c", "tests/lib/framing/src/stress.c"]))
    s.act(None, Read("lib/framing/tx.c", TX_C, offset=14, total=71))
    s.act(
        None,
        Read(
            "lib/framing/frame.c",
            "size_t frame_encode(const struct sample *s, uint8_t *out)\n{\n\tout[0] = FRAME_SOF;\n"
            "\tsys_put_le16(s->temp_centi, &out[1]);\n\tsys_put_le16(s->rh_centi, &out[3]);\n"
            "\tsys_put_le16(crc16_ccitt(0xffff, out, 5), &out[5]);\n\treturn FRAME_LEN;\n}",
            offset=9,
            total=40,
        ),
    )
    s.say(
        "6553.5 is 0xFFFF in tenths, which looks like a frame assembled from the wrong bytes rather than a bad "
        "sensor value: the board-side values are right, and each frame carries a CRC16. So either the gateway "
        "doesn't check the CRC, or bytes get lost or repeated between `framing_send()` and the UART. Can Dani dump "
        "the raw frames the gateway receives, with their CRC check result?"
    )
    s.user("not sure the gateway checks the crc at all. I'll ask Dani to dump raw frames, later")
    s.outcome(
        "unknown", "nonsense readings at the gateway discussed; waiting for raw frames from Dani, nothing changed"
    )
    s.hit(TX_RACE)
    return s


def _sa_stress_loop(c: Session) -> None:
    c.act(
        None,
        Bash(
            "west twister -T tests/lib/framing -p native_sim/native/64 -s tests/lib/framing/framing.stress -O /tmp/tw "
            ">/dev/null; for i in $(seq 50); do ./tmp/tw/native_sim_native_64/host/tests/lib/framing/framing.stress/"
            "zephyr/zephyr.exe -seed=$i | grep -c 'bad_frames == 0) is false'; done | sort | uniq -c",
            "     43 0\n      7 1",
            desc="Run the stress binary with 50 seeds",
            secs=95,
        ),
    )
    c.say(
        "Ran the framing.stress native_sim binary with seeds 1-50: 7 of 50 runs failed, every failure the same "
        "assertion (stress.c:74, bad_frames == 0). The other 43 passed. Failures are spread over the seeds, no "
        "pattern by seed range."
    )


def f05_fix_tx_race() -> Session:
    s = fw("f05-tx-race", "2027-05-07T11:55:29", "2.1.211", "fix/tx-ringbuf", "sharp-mecsek-heron")
    log = hil_pytest(
        [
            ("test_stream.py::test_stream_100_frames", "PASSED"),
            (
                "test_stream.py::test_stream_1000_frames",
                "AssertionError: frame 412: CRC mismatch (got 0x3a1f, want 0x9bc2)",
            ),
            ("test_shell.py::test_version", "PASSED"),
        ],
        secs=38.9,
    )
    s.user(
        "na, a HIL teszt is elkapta, ez már a harmadik ilyen. most nézzük meg rendesen:\n```\n" + log + "\n```",
        after=0,
    )
    s.act(
        "I'll have an agent measure how often the native_sim stress test fails while I read the TX path.",
        Agent(
            "Measure stress test failure rate",
            "Build tests/lib/framing's framing.stress scenario for native_sim/native/64 and run the binary with "
            "50 different seeds; report how many runs fail and on which assertion.",
            "general-purpose",
            _sa_stress_loop,
        ),
    )
    s.act(None, Read("lib/framing/tx.c", TX_C, offset=14, total=71))
    s.say(
        "Here's the bug. `tx_count` is shared between `framing_send()` (thread) and `uart_isr()`, and `tx_count++` / "
        "`tx_count--` are load-modify-store sequences; `volatile` doesn't make them atomic. When the ISR fires "
        "between the thread's load and store, one of the updates is lost: the count drifts, the ISR sends a byte "
        "twice or skips one, and that frame's CRC no longer matches. That explains the stress test (7/50), the HIL "
        "CRC mismatch and Dani's garbage values. Fix: Zephyr's ring_buf for the bytes, with a spinlock around put "
        "and get so the ISR and the thread never interleave."
    )
    s.act(
        None,
        Edit(
            "lib/framing/tx.c",
            "static uint8_t tx_buf[TX_BUF_SIZE];\nstatic size_t tx_head, tx_tail;\nstatic volatile size_t tx_count;",
            "RING_BUF_DECLARE(tx_rb, TX_BUF_SIZE);\nstatic struct k_spinlock tx_lock;",
        ),
        Edit(
            "lib/framing/tx.c",
            "\tif (TX_BUF_SIZE - tx_count < len) {\n\t\tstats.dropped++;\n\t\treturn -ENOMEM;\n\t}\n"
            "\tfor (size_t i = 0; i < len; i++) {\n\t\ttx_buf[tx_head] = frame[i];\n"
            "\t\ttx_head = (tx_head + 1) % TX_BUF_SIZE;\n\t\ttx_count++;\n\t}",
            "\tk_spinlock_key_t key = k_spin_lock(&tx_lock);\n\n\tif (ring_buf_space_get(&tx_rb) < len) {\n"
            "\t\tk_spin_unlock(&tx_lock, key);\n\t\tstats.dropped++;\n\t\treturn -ENOMEM;\n\t}\n"
            "\tring_buf_put(&tx_rb, frame, len);\n\tk_spin_unlock(&tx_lock, key);",
        ),
        Edit(
            "lib/framing/tx.c",
            "\t\tif (tx_count == 0) {\n\t\t\tuart_irq_tx_disable(dev);\n\t\t\treturn;\n\t\t}\n"
            "\t\tuart_fifo_fill(dev, &tx_buf[tx_tail], 1);\n\t\ttx_tail = (tx_tail + 1) % TX_BUF_SIZE;\n\t\ttx_count--;",
            "\t\tuint8_t c;\n\t\tk_spinlock_key_t key = k_spin_lock(&tx_lock);\n"
            "\t\tuint32_t n = ring_buf_get(&tx_rb, &c, 1);\n\n\t\tk_spin_unlock(&tx_lock, key);\n"
            "\t\tif (n == 0) {\n\t\t\tuart_irq_tx_disable(dev);\n\t\t\treturn;\n\t\t}\n"
            "\t\tuart_fifo_fill(dev, &c, 1);",
        ),
    )
    s.act(
        None,
        Bash(
            "west twister -T tests/lib/framing -p native_sim/native/64 -s tests/lib/framing/framing.stress -O /tmp/tw "
            ">/dev/null; for i in $(seq 50); do /tmp/tw/native_sim_native_64/host/tests/lib/framing/framing.stress/"
            "zephyr/zephyr.exe -seed=$i | grep -c 'bad_frames == 0) is false'; done | sort | uniq -c",
            "     50 0",
            desc="Stress binary with 50 seeds",
            secs=90,
        ),
    )
    s.say("50 of 50 seeds pass now. OK to flash the board and run the HIL harness?")
    s.user("go")
    s.act(
        None,
        Bash(
            "west build -b szenzor_nrf52840 app -p auto && west flash && pytest tests/hil -q",
            "[214/214] Linking C executable zephyr/zephyr.elf\n-- west flash: using runner nrfutil\n"
            "-- runners.nrfutil: Flashing file: build/zephyr/zephyr.hex\n-- runners.nrfutil: Board(s) with serial "
            "number(s) 1050284963 flashed successfully.\n"
            + hil_pytest(
                [
                    ("test_stream.py::test_stream_100_frames", "PASSED"),
                    ("test_stream.py::test_stream_1000_frames", "PASSED"),
                    ("test_shell.py::test_version", "PASSED"),
                ],
                secs=40.2,
            ),
            secs=120,
        ),
    )
    s.say("Flashed; all 3 HIL tests pass, including 1000 frames without a CRC mismatch.")
    s.user(
        "tanulság: ISR és thread között a sima volatile számláló nem atomikus, a ++ és a -- elveszhet. commitold",
        lessons=["ISR és thread között a sima volatile számláló nem atomikus, a ++ és a -- elveszhet"],
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "fix: ring_buf with spinlock for UART TX, drop racy tx_count"',
            git_commit(
                "fix/tx-ringbuf", "3f9c2ad", "fix: ring_buf with spinlock for UART TX, drop racy tx_count", 2, 19, 17
            ),
        ),
    )
    s.say("Committed.")
    s.outcome("success", "TX path moved to ring_buf under a spinlock; stress test 50/50 and HIL 1000 frames pass")
    s.hit(TX_RACE, fixed=True)
    return s


def f06_overlay_name() -> Session:
    s = fw("f06-battery-adc", "2027-05-10T12:30:58", "2.1.212", "feat/battery-adc", "green-pilis-marten")
    s.user("battery voltage: AIN7 through the 1/2 divider, read it every sample and put the mV in the frame", after=0)
    s.act(
        None,
        Write(
            "app/boards/nrf52840dk_nrf52840.overlay",
            "/ {\n\tzephyr,user {\n\t\tio-channels = <&adc 7>;\n\t};\n};\n\n&adc {\n\t#address-cells = <1>;\n"
            '\t#size-cells = <0>;\n\tstatus = "okay";\n\n\tchannel@7 {\n\t\treg = <7>;\n\t\tzephyr,gain = "ADC_GAIN_1_6";\n'
            '\t\tzephyr,reference = "ADC_REF_INTERNAL";\n\t\tzephyr,acquisition-time = <ADC_ACQ_TIME_DEFAULT>;\n'
            "\t\tzephyr,input-positive = <NRF_SAADC_AIN7>;\n\t\tzephyr,resolution = <12>;\n\t};\n};\n",
        ),
        Write(
            "app/src/battery.c",
            "#include <zephyr/drivers/adc.h>\n\nstatic const struct adc_dt_spec vbat =\n"
            "\tADC_DT_SPEC_GET_BY_IDX(DT_PATH(zephyr_user), 0);\n\nint battery_mv(void)\n{\n\tint32_t mv;\n"
            "\tint16_t raw;\n\tstruct adc_sequence seq = {.buffer = &raw, .buffer_size = sizeof(raw)};\n\n"
            "\tadc_sequence_init_dt(&vbat, &seq);\n\tadc_read_dt(&vbat, &seq);\n\tmv = raw;\n"
            "\tadc_raw_to_millivolts_dt(&vbat, &mv);\n\treturn mv * 2;\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "west build -b szenzor_nrf52840 app -p auto",
            "/Users/bence/dev/szenzor-fw/app/src/battery.c:4:9: error: 'DT_N_S_zephyr_user_P_io_channels_IDX_0_PH_ORD' "
            "undeclared here (not in a function)\n    4 |         ADC_DT_SPEC_GET_BY_IDX(DT_PATH(zephyr_user), 0);\n"
            "ninja: build stopped: subcommand failed.\nFATAL ERROR: command exited with status 1: cmake --build build",
            code=1,
            secs=40,
        ),
    )
    s.act(
        None,
        Bash(
            "grep -c io-channels build/zephyr/zephyr.dts; ls app/boards/",
            "0\nnrf52840dk_nrf52840.overlay\nszenzor_nrf52840.overlay",
        ),
    )
    s.act(
        "The generated devicetree has no `io-channels`: the build is for `szenzor_nrf52840`, so only "
        "`app/boards/szenzor_nrf52840.overlay` is applied and the file I created, named after the DK, is ignored. "
        "Moving its contents into the board's overlay:",
        Bash(
            "cat app/boards/nrf52840dk_nrf52840.overlay >> app/boards/szenzor_nrf52840.overlay && "
            "git rm -q --cached app/boards/nrf52840dk_nrf52840.overlay 2>/dev/null; rm app/boards/nrf52840dk_nrf52840.overlay && "
            "west build -b szenzor_nrf52840 app -p auto",
            "-- west build: building application\n[216/216] Linking C executable zephyr/zephyr.elf",
            secs=52,
        ),
    )
    s.say("Builds now, with `io-channels = <&adc 7>` in the generated devicetree.")
    s.user(
        "turns out an overlay in app/boards is only picked up when its name matches the board, the nrf52840dk one "
        "was silently ignored. ok commit",
        lessons=[
            "turns out an overlay in app/boards is only picked up when its name matches the board, the nrf52840dk "
            "one was silently ignored"
        ],
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "feat: battery voltage in the sample frame"',
            git_commit("feat/battery-adc", "b28e7d4", "feat: battery voltage in the sample frame", 4, 61, 2),
        ),
    )
    s.say("Committed.")
    s.outcome("success", "battery ADC read every sample once the overlay content is in the custom board's overlay")
    s.one_off(
        "an overlay named app/boards/nrf52840dk_nrf52840.overlay is ignored when building for the custom board "
        "szenzor_nrf52840, so DT_N_S_zephyr_user_P_io_channels... is undeclared"
    )
    return s


def f07_stale_branch_ci() -> Session:
    s = fw("f07-pr14-ci", "2027-05-11T13:10:35", "2.1.212", "feat/ble-adv", "blunt-kekes-owl")
    s.user("PR #14 (ble adv) CI is red on twister, framing stress again. didnt we fix that?", after=0)
    ci = (
        "twister\tRun west twister -T tests -p native_sim/native/64\t2027-05-11T13:02:44.9120Z INFO    - 9/14 "
        "native_sim/native/64  tests/lib/framing/framing.stress           FAILED Failed (native 0.611s)\n"
        "twister\tRun west twister -T tests -p native_sim/native/64\t2027-05-11T13:02:44.9127Z ERROR   - see: "
        "/__w/szenzor-fw/szenzor-fw/twister-out/native_sim_native_64/host/tests/lib/framing/framing.stress/handler.log\n"
        "twister\tRun west twister -T tests -p native_sim/native/64\t2027-05-11T13:02:45.0031Z Assertion failed at "
        "WEST_TOPDIR/szenzor-fw/tests/lib/framing/src/stress.c:74: framing_stress_test_thread_and_isr: "
        "(bad_frames == 0) is false\n"
        "twister\tRun west twister -T tests -p native_sim/native/64\t2027-05-11T13:03:10.2210Z INFO    - 13 of 14 "
        "executed test configurations passed (92.86%), 0 built (not run), 1 failed, 0 errored\n"
        "twister\tRun west twister -T tests -p native_sim/native/64\t2027-05-11T13:03:10.4502Z ##[error]Process "
        "completed with exit code 1."
    )
    s.act(None, Bash("gh run view --log-failed --branch feat/ble-adv", ci, desc="Failed CI log", secs=4))
    s.act(
        None,
        Bash(
            "git merge-base --is-ancestor 3f9c2ad HEAD; echo $?; git log --oneline -1 $(git merge-base HEAD origin/main)",
            "1\n7d21e05 feat: BME280 driver with ztest suite",
        ),
    )
    s.say(
        "Yes, fixed on main in 3f9c2ad (ring_buf + spinlock for `tx_count`), but feat/ble-adv branched off before "
        "that, at 7d21e05, so it still has the racy TX buffer. I'll rebase it onto main:"
    )
    s.act(None, Denied(Bash("git rebase origin/main && git push --force-with-lease", desc="Rebase onto main")))
    s.user(
        "force push nálunk nincs, mergeld bele a main-t",
        rules=[("no-force-push", "force push nálunk nincs, mergeld bele a main-t")],
    )
    s.act(
        None,
        Bash(
            "git fetch -q && git merge --no-edit origin/main && git push && gh run watch --exit-status",
            "Merge made by the 'ort' strategy.\n lib/framing/tx.c | 36 ++++++++++++++++++-----------------\n"
            " 1 file changed, 19 insertions(+), 17 deletions(-)\nTo github.com:bence-k/szenzor-fw.git\n"
            "   e4a0b71..58c3f9e  feat/ble-adv -> feat/ble-adv\n✓ feat/ble-adv CI · 9151130877\n\nJOBS\n"
            "✓ build in 2m03s\n✓ twister in 3m48s",
            secs=260,
        ),
    )
    s.say("Merged main into feat/ble-adv and pushed; CI is green, framing.stress passes.")
    s.user("ok köszi")
    s.outcome("success", "PR #14 CI green after merging main (with the TX race fix) into the stale branch")
    s.hit(TX_RACE)
    return s


def _sa_find_interval(c: Session) -> None:
    c.act(
        None,
        Grep(
            "SZENZOR_SAMPLE_INTERVAL_MS",
            [
                "app/Kconfig:14:config SZENZOR_SAMPLE_INTERVAL_MS",
                "app/src/sampler.c:22:#define INTERVAL K_MSEC(CONFIG_SZENZOR_SAMPLE_INTERVAL_MS)",
                "tests/app/sampler/prj.conf:5:CONFIG_SZENZOR_SAMPLE_INTERVAL_MS=100",
                "app/prj_prod.conf:9:CONFIG_SZENZOR_SAMPLE_INTERVAL_MS=60000",
            ],
            mode="content",
        ),
    )
    c.say(
        "CONFIG_SZENZOR_SAMPLE_INTERVAL_MS is defined in app/Kconfig:14 and used in four places: app/src/sampler.c:22 "
        "(the INTERVAL macro for the sampling timer), tests/app/sampler/prj.conf:5 (100 ms for the test), "
        "app/prj_prod.conf:9 (60000 for production), and the Kconfig default 30000."
    )


def f08_interval_to_dt() -> Session:
    s = fw("f08-interval-dt", "2027-05-12T12:20:03", "2.1.212", "feat/interval-dt", "round-zemplen-vole")
    s.user(
        "két boardváltozat lesz, más mintavételi idővel. a mintavételi idő a devicetree node-ban legyen, "
        "sample-interval-ms property-ként, ne Kconfigban. nézd meg hol használjuk most",
        after=0,
        rules=[
            (
                "sample-dt",
                "a mintavételi idő a devicetree node-ban legyen, sample-interval-ms property-ként, ne Kconfigban",
                "sample-kconfig",
            )
        ],
    )
    s.act(
        "I'll let an agent list the Kconfig option's uses while I add the property to the binding.",
        Agent(
            "Find sample interval uses",
            "List every use of CONFIG_SZENZOR_SAMPLE_INTERVAL_MS in the repository with file:line and what it "
            "controls there.",
            "Explore",
            _sa_find_interval,
            background=True,
        ),
    )
    s.act(
        None,
        Read(
            "dts/bindings/sensor/szenzor,bme280.yaml",
            'description: Bosch BME280 (szenzor driver)\n\ncompatible: "szenzor,bme280"\n\ninclude: [sensor-device.yaml, i2c-device.yaml]',
            total=5,
        ),
    )
    s.act(
        None,
        Edit(
            "dts/bindings/sensor/szenzor,bme280.yaml",
            "include: [sensor-device.yaml, i2c-device.yaml]",
            "include: [sensor-device.yaml, i2c-device.yaml]\n\nproperties:\n  sample-interval-ms:\n    type: int\n"
            "    default: 30000\n    description: Time between two samples in milliseconds.",
        ),
    )
    s.agent_done(after=20)
    s.act(
        "The agent found four uses. Replacing the macro in the sampler and the two config values with the devicetree "
        "property:",
        Edit(
            "app/src/sampler.c",
            "#define INTERVAL K_MSEC(CONFIG_SZENZOR_SAMPLE_INTERVAL_MS)",
            "#define INTERVAL K_MSEC(DT_PROP(DT_NODELABEL(bme280), sample_interval_ms))",
        ),
        Edit(
            "app/Kconfig",
            'config SZENZOR_SAMPLE_INTERVAL_MS\n\tint "Sample interval (ms)"\n\tdefault 30000',
            "",
        ),
        Write(
            "tests/app/sampler/boards/native_sim_native_64.overlay", "&bme280 {\n\tsample-interval-ms = <100>;\n};\n"
        ),
    )
    s.act(
        None,
        Bash(
            "sed -i '' '/SZENZOR_SAMPLE_INTERVAL_MS/d' tests/app/sampler/prj.conf app/prj_prod.conf && "
            "printf '&bme280 {\\n\\tsample-interval-ms = <60000>;\\n};\\n' > app/boards/szenzor_nrf52840_prod.overlay",
            "",
        ),
    )
    s.say("Done in the sources. I'll run the sampler and driver suites on the board with `--device-testing` next.")
    s.user(
        "előbb native_sim. twistert mindig native_sim-en futtasd először, csak utána a boardon",
        rules=[("native-sim-first", "twistert mindig native_sim-en futtasd először, csak utána a boardon")],
    )
    s.act(
        None,
        Bash(
            "west twister -T tests -p native_sim/native/64",
            twister(FRAMING_SCENARIOS, cases=26, secs=52.3),
            desc="All tests on native_sim",
            secs=64,
        ),
    )
    s.say("All 6 scenarios pass on native_sim. Shall I run the board suites too (that flashes the board)?")
    s.user("not now, commit")
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "feat: sample interval as a devicetree property"',
            git_commit("feat/interval-dt", "c40d6e8", "feat: sample interval as a devicetree property", 7, 24, 9),
        ),
    )
    s.say("Committed.")
    s.outcome("success", "sample interval moved from Kconfig to a devicetree property, native_sim suites green")
    return s


def f09_shell_dump_compacted() -> Session:
    s = fw("f09-shell-dump", "2027-05-13T13:00:40", "2.1.213", "feat/shell-dump", "dense-matra-crow")
    s.user(
        "add a `szenzor dump` shell command that prints the last 16 samples (time, temp, rh, mV). keep a small "
        "static history in the sampler",
        after=0,
    )
    s.act(
        None,
        Write(
            "app/src/shell_cmds.c",
            '#include <zephyr/shell/shell.h>\n\n#include "sampler.h"\n\nstatic int cmd_dump(const struct shell *sh, '
            "size_t argc, char **argv)\n{\n\tstruct sample hist[SAMPLER_HISTORY];\n\tsize_t n = sampler_history(hist, "
            'ARRAY_SIZE(hist));\n\n\tfor (size_t i = 0; i < n; i++) {\n\t\tshell_print(sh, "%u %d.%02d %d.%02d %d", '
            "hist[i].t, hist[i].temp_centi / 100,\n\t\t\t    hist[i].temp_centi % 100, hist[i].rh_centi / 100, "
            "hist[i].rh_centi % 100, hist[i].mv);\n\t}\n\treturn 0;\n}\n\n"
            'SHELL_STATIC_SUBCMD_SET_CREATE(szenzor_cmds, SHELL_CMD(dump, NULL, "Last samples", cmd_dump),\n'
            '\t\t\t       SHELL_SUBCMD_SET_END);\nSHELL_CMD_REGISTER(szenzor, &szenzor_cmds, "Szenzor commands", NULL);\n',
        ),
    )
    s.act(
        None,
        Edit(
            "app/src/sampler.c",
            "static void sample_work_fn(struct k_work *work)\n{",
            "static struct sample history[SAMPLER_HISTORY];\nstatic size_t history_pos;\n\n"
            "static void sample_work_fn(struct k_work *work)\n{",
        ),
    )
    s.act(
        None,
        Bash(
            "west twister -T tests/app -p native_sim/native/64",
            twister(["app.sampler", "app.shell"], cases=7, secs=18.1),
            desc="App tests on native_sim",
            secs=25,
        ),
    )
    s.say("`szenzor dump` prints the ring of the last 16 samples; app suites pass on native_sim.")
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. Summary:\n"
        "1. Primary request: `szenzor dump` shell command printing the last 16 samples (time, temp, rh, mV) from a "
        "static history in the sampler.\n2. Done: app/src/shell_cmds.c with the szenzor command set, "
        "sampler_history() and a 16-entry history in app/src/sampler.c, tests/app/shell with a ztest for the "
        "command; native_sim suites pass.\n3. Notes: Debug output uses printk (keep it simple). Ask before "
        "flashing the board. Commit messages in English, conventional commits.\n4. Pending: the bme280 driver "
        "prints errors with printk; commit.",
        pre_tokens=162_077,
        post_tokens=11_904,
    )
    s.not_person("Debug output uses printk (keep it simple).", "compaction_summary")
    s.user(
        "use LOG_MODULE_REGISTER and LOG_DBG/LOG_INF in every module, no printk in driver code. the bme280 one too, "
        "printk in the shell handlers is fine since thats user output anyway",
        rules=[
            (
                "log-module",
                "use LOG_MODULE_REGISTER and LOG_DBG/LOG_INF in every module, no printk in driver code",
                "printk",
            )
        ],
    )
    s.act(
        None,
        Edit(
            "drivers/sensor/bme280/bme280.c",
            '#include "bme280.h"\n',
            '#include <zephyr/logging/log.h>\n\n#include "bme280.h"\n\nLOG_MODULE_REGISTER(bme280, CONFIG_SENSOR_LOG_LEVEL);\n',
        ),
        Edit(
            "drivers/sensor/bme280/bme280.c",
            '\t\tprintk("bme280: read failed %d\\n", ret);',
            '\t\tLOG_ERR("read failed: %d", ret);',
        ),
        Edit(
            "app/src/sampler.c",
            "static struct sample history[SAMPLER_HISTORY];",
            "LOG_MODULE_REGISTER(sampler, LOG_LEVEL_INF);\n\nstatic struct sample history[SAMPLER_HISTORY];",
        ),
    )
    s.act(
        None,
        Bash(
            "grep -rn printk drivers lib app/src | grep -v shell_cmds; west twister -T tests -p native_sim/native/64",
            twister([*FRAMING_SCENARIOS, "app.shell"], cases=29, secs=55.0),
            desc="No printk left, all tests",
            secs=66,
        ),
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "feat: szenzor dump shell command, logging subsystem in drivers"',
            git_commit(
                "feat/shell-dump", "8e11b5a", "feat: szenzor dump shell command, logging subsystem in drivers", 6, 88, 4
            ),
        ),
    )
    s.say("No printk left outside the shell handlers; all 7 scenarios pass on native_sim; committed.")
    s.outcome("success", "szenzor dump command added and drivers moved from printk to the logging subsystem")
    return s


def f10_idle_current() -> Session:
    s = fw("f10-idle-current", "2027-05-14T12:45:19", "2.1.213", "perf/idle-current", "thin-bukk-lynx")
    s.user(
        "PPK2 shows 1.1 mA between samples, should be single-digit µA. find out why. you can flash, its on the PPK now",
        after=0,
    )
    s.act(
        None,
        Read(
            "app/prj.conf",
            "CONFIG_SERIAL=y\nCONFIG_CONSOLE=y\nCONFIG_UART_CONSOLE=y\nCONFIG_SHELL=y\nCONFIG_I2C=y\nCONFIG_ADC=y\n"
            "CONFIG_SENSOR=y\nCONFIG_LOG=y\nCONFIG_PM_DEVICE=y",
            total=9,
        ),
    )
    s.act(
        "The UART console and shell keep UARTE0 receiving, which holds the high-frequency clock on (~0.8-1 mA). "
        "A production config without console and shell should show the difference:",
        Write(
            "app/prj_prod.conf",
            "CONFIG_SERIAL=n\nCONFIG_CONSOLE=n\nCONFIG_UART_CONSOLE=n\nCONFIG_SHELL=n\nCONFIG_LOG=n\n",
        ),
    )
    s.act(
        None,
        Bash(
            "west build -b szenzor_nrf52840 app -p auto -- -DEXTRA_CONF_FILE=prj_prod.conf && west flash",
            "[188/188] Linking C executable zephyr/zephyr.elf\n-- west flash: using runner nrfutil\n"
            "-- runners.nrfutil: Board(s) with serial number(s) 1050284963 flashed successfully.",
            secs=75,
        ),
    )
    s.say("Flashed the prod build without UART. What does the PPK2 show between samples now?")
    s.user("310 µA. better but nowhere near 5")
    s.act(
        None,
        Grep(
            "BME280_MODE|ctrl_meas",
            [
                "drivers/sensor/bme280/bme280.c:88:\tret = i2c_reg_write_byte_dt(&cfg->i2c, BME280_REG_CTRL_MEAS, BME280_MODE_NORMAL | osrs);"
            ],
            path="drivers",
            mode="content",
        ),
    )
    s.say(
        "One more suspect: the BME280 runs in normal mode (continuous conversions, ~300 µA class with this "
        "oversampling is too high for it alone, but together with the TWIM pull-ups it could be). Forced mode per "
        "sample would fix that part; I'd also check the I2C pins' sleep pinctrl state."
    )
    s.user(
        "lesson: the UART console alone was about 0.8 mA, it keeps the HF clock on. a többit holnap mérem a "
        "DK-val, itt most álljunk meg",
        lessons=["the UART console alone was about 0.8 mA, it keeps the HF clock on"],
    )
    s.outcome(
        "failed", "idle current down from 1.1 mA to 310 µA with the prod config, target of single-digit µA not reached"
    )
    s.one_off(
        "idle current 1.1 mA instead of a few µA: the UART console keeps the HF clock on; a prod config without "
        "serial gets 310 µA, the rest is not found"
    )
    return s


def f11_status_command() -> Session:
    s = fw("f11-status-cmd", "2027-05-17T12:10:14", "2.1.214", "feat/status-cmd", "late-hegyalja-stoat")
    s.user(
        "add `szenzor status`: uptime, battery mV, last sample, tx frames sent/dropped. plus a HIL test for it in "
        "tests/hil/test_shell.py",
        after=0,
    )
    s.act(
        None,
        Read(
            "app/src/shell_cmds.c",
            'SHELL_STATIC_SUBCMD_SET_CREATE(szenzor_cmds, SHELL_CMD(dump, NULL, "Last samples", cmd_dump),\n'
            "\t\t\t       SHELL_SUBCMD_SET_END);",
            offset=24,
            total=27,
        ),
    )
    s.act(
        None,
        Edit(
            "app/src/shell_cmds.c",
            'SHELL_STATIC_SUBCMD_SET_CREATE(szenzor_cmds, SHELL_CMD(dump, NULL, "Last samples", cmd_dump),\n'
            "\t\t\t       SHELL_SUBCMD_SET_END);",
            "static int cmd_status(const struct shell *sh, size_t argc, char **argv)\n{\n"
            "\tstruct framing_stats st = framing_stats_get();\n\n"
            '\tshell_print(sh, "uptime_s=%lld vbat_mv=%d sent=%u dropped=%u", k_uptime_get() / 1000, battery_mv(),\n'
            "\t\t    st.sent, st.dropped);\n\treturn 0;\n}\n\n"
            'SHELL_STATIC_SUBCMD_SET_CREATE(szenzor_cmds, SHELL_CMD(dump, NULL, "Last samples", cmd_dump),\n'
            '\t\t\t       SHELL_CMD(status, NULL, "Status", cmd_status), SHELL_SUBCMD_SET_END);',
        ),
        Write(
            "tests/hil/test_shell.py",
            'import re\n\n\ndef test_version(shell):\n    assert re.search(r"szenzor-fw \\d+\\.\\d+\\.\\d+", shell.cmd("szenzor version"))\n\n\n'
            'def test_status(shell):\n    out = shell.cmd("szenzor status")\n'
            '    assert re.search(r"uptime_s=\\d+ vbat_mv=\\d{4} sent=\\d+ dropped=0", out)\n',
        ),
    )
    s.act(
        None,
        Bash("west build -b szenzor_nrf52840 app -p auto", "[216/216] Linking C executable zephyr/zephyr.elf", secs=45),
    )
    s.say("Builds. OK to flash and run the HIL tests?")
    s.user("mehet")
    busy = (
        "[214/214] Linking C executable zephyr/zephyr.elf\n-- runners.nrfutil: Board(s) with serial number(s) "
        "1050284963 flashed successfully.\nImportError while loading conftest '/Users/bence/dev/szenzor-fw/tests/hil/"
        "conftest.py'.\nserial.serialutil.SerialException: [Errno 16] could not open port "
        "/dev/tty.usbmodem0010502849631: [Errno 16] Resource busy: '/dev/tty.usbmodem0010502849631'"
    )
    s.act(None, Bash("west flash && pytest tests/hil -q", busy, code=4, secs=50))
    s.act(
        None,
        Bash(
            "lsof /dev/tty.usbmodem0010502849631",
            "COMMAND   PID  USER   FD   TYPE DEVICE SIZE/OFF NODE NAME\nscreen  48211 bence    5u   CHR  9,5    0t0  1217 /dev/tty.usbmodem0010502849631",
        ),
    )
    s.say("A `screen` session (pid 48211) holds the serial port. Can I kill it, or do you want to close it yourself?")
    s.user("yeah screen was still open in the other tab, killed it. run again")
    s.act(
        None,
        Bash(
            "pytest tests/hil -q",
            hil_pytest(
                [
                    ("test_stream.py::test_stream_100_frames", "PASSED"),
                    ("test_stream.py::test_stream_1000_frames", "PASSED"),
                    ("test_shell.py::test_version", "PASSED"),
                    ("test_shell.py::test_status", "PASSED"),
                ],
                secs=44.0,
            ),
            secs=50,
        ),
    )
    s.say("All 4 HIL tests pass, `szenzor status` included.")
    s.user(
        "kérdés: ISR-ből mindig K_NO_WAIT kell a k_msgq_put-nál? a doksiban ezt láttam:\n```\n"
        "Interrupt service routines run in the interrupt context. An ISR must never block: when a kernel API that "
        "takes a timeout is called from an ISR, the timeout must be K_NO_WAIT.\n```",
        non_rules=["ISR-ből mindig K_NO_WAIT kell a k_msgq_put-nál?"],
    )
    s.not_person(
        "An ISR must never block: when a kernel API that takes a timeout is called from an ISR, the timeout must be "
        "K_NO_WAIT.",
        "pasted_log",
    )
    s.say(
        "Igen: ISR-ben nem lehet várakozni, ezért ott csak K_NO_WAIT adható, és a hívó kezelje a -ENOMSG-t, ha tele "
        "a sor. Threadből viszont adhatsz timeoutot."
    )
    s.user(
        "ok. btw decided with Dani: the gateway protocol stays CBOR frames over UART, no BLE GATT for now. commit",
        decisions=["decided with Dani: the gateway protocol stays CBOR frames over UART, no BLE GATT for now"],
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "feat: szenzor status shell command with HIL test"',
            git_commit("feat/status-cmd", "d9a27f3", "feat: szenzor status shell command with HIL test", 3, 29, 1),
        ),
    )
    s.say("Committed.")
    s.outcome("success", "szenzor status command and its HIL test pass after freeing the serial port")
    s.one_off(
        "the HIL pytest harness fails with '[Errno 16] Resource busy' on the USB serial port because a screen "
        "session in another tab holds it"
    )
    return s


def f12_zephyr_bump() -> Session:
    s = fw("f12-zephyr-4-2", "2027-05-18T12:35:50", "2.1.214", "chore/zephyr-4.2", "pale-orseg-wolf")
    s.user("bump zephyr in west.yml to v4.2.0, west update, and check the board build and all twister tests", after=0)
    s.act(
        None,
        Read(
            "west.yml",
            "  projects:\n    - name: zephyr\n      remote: zephyrproject-rtos\n      revision: v4.1.0\n"
            "      import:\n        name-allowlist: [cmsis_6, hal_nordic]",
            offset=6,
            total=14,
        ),
    )
    s.act(None, Edit("west.yml", "      revision: v4.1.0", "      revision: v4.2.0"))
    s.act(
        None,
        Bash(
            "west update -n && west build -b szenzor_nrf52840 app -p always && west twister -T tests -p native_sim/native/64",
            "=== updating zephyr (zephyr):\n--- zephyr: fetching, need revision v4.2.0\nHEAD is now at 3c7f4a1 release: Zephyr 4.2.0\n"
            "=== updating cmsis_6 (modules/hal/cmsis_6):\n=== updating hal_nordic (modules/hal/nordic):\n"
            "-- west build: building application\n[221/221] Linking C executable zephyr/zephyr.elf\n"
            + twister([*FRAMING_SCENARIOS, "app.shell"], cases=29, secs=57.6, zephyr="v4.2.0"),
            secs=240,
        ),
    )
    s.say("Zephyr v4.2.0: board build fine, all 7 twister scenarios pass on native_sim.")
    s.user(
        "jó. ha már itt tartunk: eldöntöttük, hogy vanilla Zephyr marad, az nRF Connect SDK-ra nem állunk át. "
        "if we ever move to the nRF54L15, would we always need a separate overlay per board?",
        decisions=["eldöntöttük, hogy vanilla Zephyr marad, az nRF Connect SDK-ra nem állunk át"],
        non_rules=["if we ever move to the nRF54L15, would we always need a separate overlay per board?"],
    )
    s.say(
        "A different SoC means a different board (or board target), and overlays are matched by board name, so "
        "yes, one overlay per board target; the shared parts can go into a common .dtsi that each overlay "
        "includes. Want the Zephyr bump committed?"
    )
    s.user("yes")
    s.act(
        None,
        Bash(
            'git commit -am "chore: zephyr v4.2.0"',
            git_commit("chore/zephyr-4.2", "f0e6a92", "chore: zephyr v4.2.0", 1, 1, 1),
        ),
    )
    s.say("Committed `chore: zephyr v4.2.0`.")
    s.outcome("success", "Zephyr bumped to v4.2.0, board build and native_sim twister green, committed")
    return s


def f13_balcony_flash() -> Session:
    s = fw("f13-balcony-test", "2027-05-19T13:20:08", "2.1.215", "main", "cold-erkely-sparrow")
    s.user(
        "build the prod variant and flash it, I want to leave the board on the balcony overnight and see the "
        "readings in the dashboard tomorrow",
        after=0,
    )
    s.act(
        None,
        Bash(
            "west build -b szenzor_nrf52840 app -p auto -- -DEXTRA_CONF_FILE=prj_prod.conf "
            "-DEXTRA_DTC_OVERLAY_FILE=boards/szenzor_nrf52840_prod.overlay",
            "-- west build: building application\n[188/188] Linking C executable zephyr/zephyr.elf\n"
            "Memory region         Used Size  Region Size  %age Used\n           FLASH:       96118 B         1 MB      9.17%",
            secs=60,
        ),
    )
    s.act(
        "Prod build done (9 % flash, 60 s interval from the prod overlay). Flashing:",
        Bash("west flash", "-- west flash: using runner nrfutil", secs=8),
    )
    s.interrupt(after=2)
    s.user("várj, a board még a PPK-n lóg, majd később. hagyjuk")
    s.outcome("unknown", "prod build made; flashing interrupted, the overnight test may or may not happen")
    return s


def f14_version_in_status() -> Session:
    s = fw("f14-version-status", "2027-05-21T09:30:33", "2.1.216", "feat/status-version", "soft-pentek-finch")
    s.user(
        "always show the firmware version and the git sha in szenzor status output, Dani keeps asking which build "
        "a board runs",
        after=0,
        non_rules=["always show the firmware version and the git sha in szenzor status output"],
    )
    s.act(
        None,
        Read(
            "app/src/shell_cmds.c",
            '\tshell_print(sh, "uptime_s=%lld vbat_mv=%d sent=%u dropped=%u", k_uptime_get() / 1000, battery_mv(),\n'
            "\t\t    st.sent, st.dropped);",
            offset=24,
            total=40,
        ),
    )
    s.act(
        None,
        Edit(
            "app/src/shell_cmds.c",
            '\tshell_print(sh, "uptime_s=%lld vbat_mv=%d sent=%u dropped=%u", k_uptime_get() / 1000, battery_mv(),\n'
            "\t\t    st.sent, st.dropped);",
            '\tshell_print(sh, "fw=%s (%s) uptime_s=%lld vbat_mv=%d sent=%u dropped=%u", APP_VERSION_STRING,\n'
            "\t\t    STRINGIFY(APP_BUILD_VERSION), k_uptime_get() / 1000, battery_mv(), st.sent, st.dropped);",
        ),
        Edit(
            "tests/hil/test_shell.py",
            '    assert re.search(r"uptime_s=\\d+ vbat_mv=\\d{4} sent=\\d+ dropped=0", out)',
            '    assert re.search(r"fw=\\d+\\.\\d+\\.\\d+ \\(\\w+\\) uptime_s=\\d+ vbat_mv=\\d{4} sent=\\d+ dropped=0", out)',
        ),
    )
    s.act(
        None,
        Bash(
            "west twister -T tests/app -p native_sim/native/64 && west build -b szenzor_nrf52840 app -p auto",
            twister(["app.sampler", "app.shell"], cases=8, secs=19.2, zephyr="v4.2.0")
            + "\n-- west build: building application\n[221/221] Linking C executable zephyr/zephyr.elf",
            secs=70,
        ),
    )
    s.say("Status prints `fw=1.3.0 (g8e11b5a)` first; native_sim tests and the board build pass. Flash and run HIL?")
    s.user("nem kell, hétfőn flashelem. commit és kész, köszi, jó hétvégét")
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "feat: firmware version and git sha in szenzor status"',
            git_commit(
                "feat/status-version", "1a7c3e0", "feat: firmware version and git sha in szenzor status", 2, 4, 3
            ),
        ),
    )
    s.say("Committed. Jó hétvégét!")
    s.outcome("success", "szenzor status shows the firmware version and git sha, committed")
    return s


SESSIONS = [
    f01_bme280_driver,
    f02_framing_twister,
    f03_sdk_cmake,
    f04_nonsense_readings_words,
    f05_fix_tx_race,
    f06_overlay_name,
    f07_stale_branch_ci,
    f08_interval_to_dt,
    f09_shell_dump_compacted,
    f10_idle_current,
    f11_status_command,
    f12_zephyr_bump,
    f13_balcony_flash,
    f14_version_in_status,
]
