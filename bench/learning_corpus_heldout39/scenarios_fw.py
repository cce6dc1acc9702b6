"""Haruto's `kikai-fw` sessions (f01-f15): Zephyr RTOS 3.7 firmware in C for an nRF52840 board (developed on the
nRF52840 DK): a BME280 sampled on the system work queue and sent over BLE, devicetree overlays, Kconfig, MCUboot,
west build / flash and twister on the hardware. Times are UTC; Osaka is UTC+9."""

from __future__ import annotations

from fake_output import FW, git_commit, twister_run, west_build, west_flash
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "kikai-fw"
TWISTER = "west twister -T tests/sensor -p nrf52840dk/nrf52840 --device-testing --device-serial /dev/ttyACM0"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=FW, project=PROJECT)


PRJ_V0 = """# BLE
CONFIG_BT=y
CONFIG_BT_PERIPHERAL=y
CONFIG_BT_DEVICE_NAME="kikai-node-prototype"
"""

PRJ_V1 = """# Sensor
CONFIG_I2C=y
CONFIG_SENSOR=y
CONFIG_BME280=y
CONFIG_CBPRINTF_FP_SUPPORT=y

# BLE
CONFIG_BT=y
CONFIG_BT_PERIPHERAL=y
CONFIG_BT_DEVICE_NAME="kikai-node-prototype"

# Debug output
CONFIG_PRINTK=y
"""

PRJ_V2 = PRJ_V1.replace("# Debug output\nCONFIG_PRINTK=y\n", "# Logging\nCONFIG_LOG=y\nCONFIG_LOG_DEFAULT_LEVEL=3\n")

MAIN_C = """#include <zephyr/kernel.h>
#include <zephyr/sys/printk.h>

#include "ble_service.h"

int main(void)
{
\tint err = ble_service_start();

\tif (err) {
\t\tprintk("BLE start failed (err %d)\\n", err);
\t\treturn 0;
\t}
\treturn 0;
}
"""

MAIN_C_V1 = MAIN_C.replace(
    '#include "ble_service.h"\n', '#include "ble_service.h"\n#include "sensor_sampling.h"\n'
).replace("\t\treturn 0;\n\t}\n\treturn 0;", "\t\treturn 0;\n\t}\n\treturn sensor_sampling_start();")

SAMPLING_H = """#ifndef KIKAI_SENSOR_SAMPLING_H_
#define KIKAI_SENSOR_SAMPLING_H_

#include <stddef.h>
#include <zephyr/drivers/sensor.h>

/* Format one reading as the JSON payload the gateway expects. */
int format_payload(char *buf, size_t len, const struct sensor_value *t, const struct sensor_value *h);

/* Start sampling the BME280 every 10 s on the system work queue. */
int sensor_sampling_start(void);

#endif /* KIKAI_SENSOR_SAMPLING_H_ */
"""

SAMPLING_C = """#include <stdio.h>
#include <zephyr/kernel.h>
#include <zephyr/device.h>
#include <zephyr/drivers/sensor.h>
#include <zephyr/sys/printk.h>

#include "ble_service.h"
#include "sensor_sampling.h"

#define SAMPLE_PERIOD K_SECONDS(10)

static const struct device *const bme = DEVICE_DT_GET_ONE(bosch_bme280);
static struct k_work_delayable sample_work;

int format_payload(char *buf, size_t len, const struct sensor_value *t, const struct sensor_value *h)
{
\treturn snprintf(buf, len, "{\\"t\\":%.2f,\\"h\\":%.1f}", sensor_value_to_double(t),
\t\t\tsensor_value_to_double(h));
}

static void sample_handler(struct k_work *work)
{
\tstruct sensor_value temp, hum;
\tchar payload[64];

\tif (sensor_sample_fetch(bme) == 0) {
\t\tsensor_channel_get(bme, SENSOR_CHAN_AMBIENT_TEMP, &temp);
\t\tsensor_channel_get(bme, SENSOR_CHAN_HUMIDITY, &hum);
\t\tformat_payload(payload, sizeof(payload), &temp, &hum);
\t\tprintk("sample %s\\n", payload);
\t\tble_notify_payload(payload);
\t}
\tk_work_schedule(&sample_work, SAMPLE_PERIOD);
}

int sensor_sampling_start(void)
{
\tif (!device_is_ready(bme)) {
\t\tprintk("BME280 not ready\\n");
\t\treturn -ENODEV;
\t}
\tk_work_init_delayable(&sample_work, sample_handler);
\treturn k_work_schedule(&sample_work, K_NO_WAIT);
}
"""

SAMPLING_C_V2 = (
    SAMPLING_C.replace("#include <zephyr/sys/printk.h>\n", "#include <zephyr/logging/log.h>\n")
    .replace(
        "#define SAMPLE_PERIOD", "LOG_MODULE_REGISTER(sampling, CONFIG_LOG_DEFAULT_LEVEL);\n\n#define SAMPLE_PERIOD"
    )
    .replace('\t\tprintk("sample %s\\n", payload);', '\t\tLOG_INF("sample %s", payload);')
    .replace('\t\tprintk("BME280 not ready\\n");', '\t\tLOG_ERR("BME280 not ready");')
)

OVERLAY_V1 = """&i2c0 {
\tstatus = "okay";

\tbme280: bme280@76 {
\t\tcompatible = "bosch,bme280";
\t\treg = <0x76>;
\t};
};
"""

PINCTRL_DEFAULT = """&pinctrl {
\ti2c0_default_alt: i2c0_default_alt {
\t\tgroup1 {
\t\t\tpsels = <NRF_PSEL(TWIM_SDA, 0, 30)>,
\t\t\t\t<NRF_PSEL(TWIM_SCL, 0, 31)>;
\t\t};
\t};
};

"""

PINCTRL_SLEEP = """
\ti2c0_sleep_alt: i2c0_sleep_alt {
\t\tgroup1 {
\t\t\tpsels = <NRF_PSEL(TWIM_SDA, 0, 30)>,
\t\t\t\t<NRF_PSEL(TWIM_SCL, 0, 31)>;
\t\t\tlow-power-enable;
\t\t};
\t};
"""

SENSOR_TEST_PRJ = """CONFIG_ZTEST=y
CONFIG_I2C=y
CONFIG_SENSOR=y
CONFIG_BME280=y
CONFIG_CBPRINTF_FP_SUPPORT=y
CONFIG_BT=y
CONFIG_BT_PERIPHERAL=y
"""

HANDLER_LOG_F03 = """*** Booting Zephyr OS build v3.7.0 ***
Running TESTSUITE sensor_sampling
===================================================================
START - test_format_payload
 PASS - test_format_payload in 0.002 seconds
===================================================================
START - test_sample_and_publish
sample {"t":23.06,"h":47.9}
E: ***** MPU FAULT *****
E:   Stacking error (context area might be not valid)
E:   Data Access Violation
E:   MMFAR Address: 0x20003ff8
E: r0/a1:  0x00000000  r1/a2:  0x20004040  r2/a3:  0x00000001
E: r3/a4:  0x20003ff8 r12/ip:  0x00000000 r14/lr:  0x0001a4d3
E:  xpsr:  0x61000000
E: Faulting instruction address (r15/pc): 0x0001b2c6
E: >>> ZEPHYR FATAL ERROR 2: Stack overflow on CPU 0
E: Current thread: 0x20001528 (unknown)
E: Halting system"""


# ---------------------------------------------------------------------------------------------------------------


def f01() -> Session:
    s = new("f01-bme280-sampling", "2027-10-04T00:42:10", "2.1.220", "main", "sensor-work-otter")
    s.user(
        "BME280 を10秒ごとに読んで、BLE の notify で送る sensor_sampling モジュールを app/src に作ってください。"
        "ボードは nRF52840 DK、センサーは i2c0 の 0x76 です。デバッグ出力は printk でお願いします。"
        "あと、説明は日本語で、コードのコメントは英語でお願いします。",
        rules=[
            ("printk", "デバッグ出力は printk でお願いします"),
            ("reply-ja", "説明は日本語で、コードのコメントは英語でお願いします"),
        ],
    )
    s.title("BME280 sampling over BLE")
    s.act(None, Read("app/prj.conf", PRJ_V0), Read("app/src/main.c", MAIN_C))
    s.act(
        "`ble_service_start()` は既にあるので、`ble_notify_payload()` に渡す JSON をシステムワークキューの "
        "delayable work で10秒ごとに作ります。",
        Write("app/src/sensor_sampling.h", SAMPLING_H),
        Write("app/src/sensor_sampling.c", SAMPLING_C),
        Write("app/boards/nrf52840dk_nrf52840.overlay", OVERLAY_V1),
    )
    s.act(
        None,
        Edit(
            "app/prj.conf",
            "# BLE\n",
            "# Sensor\nCONFIG_I2C=y\nCONFIG_SENSOR=y\nCONFIG_BME280=y\nCONFIG_CBPRINTF_FP_SUPPORT=y\n\n# BLE\n",
        ),
        Edit(
            "app/src/main.c", '#include "ble_service.h"\n', '#include "ble_service.h"\n#include "sensor_sampling.h"\n'
        ),
    )
    s.act(
        None,
        Edit(
            "app/prj.conf",
            'CONFIG_BT_DEVICE_NAME="kikai-node-prototype"',
            'CONFIG_BT_DEVICE_NAME="kikai-node-prototype"\n\n# Debug output\nCONFIG_PRINTK=y',
        ),
    )
    s.act(
        None,
        Edit(
            "app/src/main.c", "\t\treturn 0;\n\t}\n\treturn 0;", "\t\treturn 0;\n\t}\n\treturn sensor_sampling_start();"
        ),
    )
    s.act(
        None,
        Bash(
            "west build -p always -b nrf52840dk/nrf52840 app", west_build(flash=148212, ram=31504, steps=287), secs=48
        ),
    )
    s.say(
        "ビルドが通りました（FLASH 148 KB、RAM 31 KB）。\n\n- `app/src/sensor_sampling.c`: `k_work_delayable` で10秒ごとに "
        'BME280 を読み、`{"t":23.41,"h":48.2}` の形で `ble_notify_payload()` に渡します。デバッグ出力は `printk` です。\n'
        "- `app/boards/nrf52840dk_nrf52840.overlay`: i2c0 に `bosch,bme280` (0x76) を追加しました。\n"
        "- `prj.conf`: `CONFIG_SENSOR` / `CONFIG_BME280` と、float を出すための `CONFIG_CBPRINTF_FP_SUPPORT`。"
    )
    s.user(
        "ありがとうございます。FreeRTOS に戻す案もチームで出ていましたが、RTOS は Zephyr のままで行きます。"
        "センサーと BLE のドライバが揃っているので。コミットしてください。",
        decisions=["RTOS は Zephyr のままで行きます"],
    )
    s.act(
        None,
        Bash(
            "git add app && git commit -m 'BME280 を10秒ごとにサンプリングして BLE で通知'",
            git_commit("main", "3c1a9e4", "BME280 を10秒ごとにサンプリングして BLE で通知", 5, 96, 1),
        ),
    )
    s.say("コミットしました（`3c1a9e4`）。")
    s.turn_done()
    s.outcome("success", "BME280 sampling module on the system work queue written, builds; committed")
    return s


def f02() -> Session:
    s = new("f02-first-flash", "2027-10-05T00:55:31", "2.1.220", "main", "approtect-crane")
    s.user(
        "flashing notes from the bring-up issue (#3): the DK has an on-board J-Link, always flash with west flash "
        "--runner nrfjprog. please flash the current build and check that the samples show up on the UART.",
        rules=[("flash-nrfjprog", "always flash with west flash --runner nrfjprog")],
    )
    s.act(
        None,
        Bash(
            "west flash --runner nrfjprog",
            "-- west flash: rebuilding\nninja: no work to do.\n-- west flash: using runner nrfjprog\n"
            "-- runners.nrfjprog: reset after flashing requested\nUsing board 683007782\n"
            "ERROR: The operation attempted is unavailable due to readback protection in\n"
            "ERROR: your device. Please use --recover to unlock the device.\n"
            f"FATAL ERROR: command exited with status 16: nrfjprog --program {FW}/build/zephyr/zephyr.hex "
            "--sectoranduicrerase --verify -f NRF52 --snr 683007782",
            code=16,
        ),
    )
    s.say(
        "この DK はリードバック保護（APPROTECT）が有効になっていて、書き込みが拒否されています。新しいリビジョンの "
        "nRF52840 は出荷時に APPROTECT が有効なことがあります。`--recover` を付けると解除できますが、チップ全体が"
        "消去されます（UICR も含む）。実行してよいですか？"
    )
    s.user("はい、この DK には何も残っていないので大丈夫です。")
    s.act(
        None,
        Bash(
            "west flash --runner nrfjprog --recover",
            "-- west flash: rebuilding\nninja: no work to do.\n-- west flash: using runner nrfjprog\n"
            "-- runners.nrfjprog: reset after flashing requested\n-- runners.nrfjprog: Recovering and erasing all "
            "flash memory.\nRecovering device. This operation might take 30s.\n"
            "Erasing user code and UICR flash areas.\nWriting image to disable ap protect.\n"
            + west_flash().split("\n", 4)[4],
            secs=22,
        ),
    )
    s.act(
        None,
        Bash(
            "timeout 25 cat /dev/ttyACM0",
            '*** Booting Zephyr OS build v3.7.0 ***\nsample {"t":23.41,"h":48.2}\nsample {"t":23.43,"h":48.2}',
            secs=25,
        ),
    )
    s.say(
        '`--recover` で保護を解除して書き込みました。UART に10秒ごとのサンプルが出ています（`{"t":23.41,"h":48.2}`）。'
    )
    s.user("助かりました。")
    s.one_off(
        "the nRF52840 DK has readback protection (APPROTECT) enabled, so west flash fails ('unavailable due to "
        "readback protection ... Please use --recover') until it is run once with --recover"
    )
    s.outcome("success", "board unlocked with --recover and flashed; samples on the UART")
    return s


def f03() -> Session:
    s = new("f03-twister-mpu-fault", "2027-10-06T01:10:48", "2.1.221", "sensor-tests", "fault-hunting-heron")
    s.user(f"tests/sensor に ztest を書いたので、実機で twister を回してください。コマンドは {TWISTER} です。")
    fail = twister_run([("app.sensor.sampling", "FAILED", "Failed")], root="tests/sensor", secs=41.23)
    s.act(None, Bash(TWISTER, fail, code=1, secs=45))
    s.act(
        None,
        Read("twister-out/nrf52840dk_nrf52840/tests/sensor/app.sensor.sampling/handler.log", HANDLER_LOG_F03),
    )
    s.act(
        "`test_sample_and_publish` の途中で `Stack overflow on CPU 0` が出ています。スレッド名が出ていないので"
        "断定はできませんが、ztest のテストスレッドのスタックが足りない可能性が高いです。テスト側のスタックを"
        "増やして再実行します。",
        Read("tests/sensor/prj.conf", SENSOR_TEST_PRJ),
    )
    s.act(None, Edit("tests/sensor/prj.conf", "CONFIG_ZTEST=y\n", "CONFIG_ZTEST=y\nCONFIG_ZTEST_STACK_SIZE=2048\n"))
    s.act(None, Bash(TWISTER, fail.replace("41.23", "43.87"), code=1, secs=47))
    s.act(
        "変わりません。たまたまかどうか確認するため、もう一度だけ回します。",
        Bash(TWISTER, fail.replace("41.23", "42.10"), code=1, secs=46),
    )
    s.act(
        "3回とも同じ場所で落ちます。テストが BLE の通知完了を待つ間にタイムアウトしている可能性もあるので、"
        "testcase.yaml の timeout を延ばしてみます。",
        Denied(
            Edit("tests/sensor/testcase.yaml", "    harness: ztest\n", "    harness: ztest\n    timeout: 120\n"),
            "いいえ、タイムアウトの問題ではないです。MPU FAULT が出ています。",
        ),
    )
    s.say(
        "失礼しました。ZTEST のスタックを増やしても変わらないので、落ちているのはテストスレッドではない別のスレッド"
        "のようです。`CONFIG_THREAD_NAME=y` を入れるとどのスレッドか分かります。"
    )
    s.user("まだ落ちます。今日はここまでにします。")
    s.outcome("failed", "the on-device sensor test crashes with an MPU fault / stack overflow three times; not found")
    s.hit("sysworkq-stack-overflow")
    return s


def f04() -> Session:
    s = new("f04-custom-pins", "2027-10-07T00:37:02", "2.1.221", "proto-board", "pinctrl-sparrow")
    s.user(
        "試作基板ではセンサーが P0.30 (SDA) と P0.31 (SCL) に繋がっています。overlay で i2c0 のピンを変えてください。"
        "ピン設定は boards/ の overlay に書いて、Zephyr 本体の dts は絶対に触らないでください。",
        rules=[
            ("overlay-only", "ピン設定は boards/ の overlay に書いて、Zephyr 本体の dts は絶対に触らないでください")
        ],
    )
    s.act(None, Read("app/boards/nrf52840dk_nrf52840.overlay", OVERLAY_V1))
    s.act(
        "`&pinctrl` に P0.30/P0.31 のグループを追加し、i2c0 から参照します。",
        Edit(
            "app/boards/nrf52840dk_nrf52840.overlay",
            '&i2c0 {\n\tstatus = "okay";\n',
            PINCTRL_DEFAULT + '&i2c0 {\n\tstatus = "okay";\n\tpinctrl-0 = <&i2c0_default_alt>;\n'
            '\tpinctrl-1 = <&i2c0_sleep_alt>;\n\tpinctrl-names = "default", "sleep";\n',
        ),
    )
    ov = f"{FW}/app/boards/nrf52840dk_nrf52840.overlay"
    s.act(
        None,
        Bash(
            "west build -p always -b nrf52840dk/nrf52840 app",
            "\n".join(west_build().split("\n")[:13])
            + f"\ndevicetree error: {ov}:14 (column 15): parse error: undefined node label 'i2c0_sleep_alt'\n"
            "CMake Error at /home/haruto/work/zephyr/cmake/modules/dts.cmake:295 (message):\n"
            "  gen_defines.py failed with return code: 1\nCall Stack (most recent call first):\n"
            "  /home/haruto/work/zephyr/cmake/modules/zephyr_default.cmake:133 (include)\n\n"
            "-- Configuring incomplete, errors occurred!\nFATAL ERROR: command exited with status 1: /usr/bin/cmake "
            f"-DWEST_PYTHON=/usr/bin/python3 -B{FW}/build -GNinja -DBOARD=nrf52840dk/nrf52840 -S{FW}/app",
            code=1,
            secs=9,
        ),
    )
    s.act(
        "`pinctrl-1` が参照している sleep 用のグループを定義し忘れていました。nRF の TWIM は sleep 状態も必要なので、"
        "同じピンで `low-power-enable` のグループを追加します。",
        Edit(
            "app/boards/nrf52840dk_nrf52840.overlay",
            "\t\t};\n\t};\n};\n\n&i2c0",
            "\t\t};\n\t};\n" + PINCTRL_SLEEP + "};\n\n&i2c0",
        ),
    )
    s.act(
        None,
        Bash(
            "west build -p always -b nrf52840dk/nrf52840 app", west_build(flash=148236, ram=31504, steps=287), secs=47
        ),
    )
    s.act(None, Bash("west flash --runner nrfjprog", west_flash(), secs=12))
    s.act(
        None,
        Bash(
            "timeout 15 cat /dev/ttyACM0",
            '*** Booting Zephyr OS build v3.7.0 ***\nsample {"t":24.02,"h":51.7}',
            secs=15,
        ),
    )
    s.say(
        "overlay だけで i2c0 を P0.30/P0.31 に移しました（default と sleep の2グループ）。Zephyr 側の dts は変更して"
        "いません。試作基板でもサンプルが出ています。"
    )
    s.user("完璧です、ありがとうございます")
    s.one_off(
        "the board overlay's pinctrl-1 names a sleep pin group that was never defined, so the devicetree step of west "
        "build fails ('parse error: undefined node label i2c0_sleep_alt')"
    )
    s.outcome("success", "i2c0 moved to P0.30/P0.31 in the overlay (sleep group added); builds and samples")
    return s


CONTRIBUTING = """# Contributing to kikai-fw

- Build with `west build -b nrf52840dk/nrf52840 app`; the prototype board uses the same overlay.
- Keep board-specific wiring in `app/boards/*.overlay`.
- Never change the flash partitions in the board DTS without bumping the MCUboot image version.
- Releases are tagged `fw-vX.Y.Z` from `main`."""


def f05() -> Session:
    s = new("f05-mcuboot-ota", "2027-10-08T01:21:40", "2.1.222", "mcuboot", "sysbuild-magpie")
    s.user(
        "OTA は MCUboot + mcumgr で行くことに決めました。sysbuild で MCUboot を有効にして、BLE 経由の SMP で"
        "アップデートできるようにしてください。",
        decisions=["OTA は MCUboot + mcumgr で行くことに決めました"],
    )
    s.act(None, Read("docs/CONTRIBUTING.md", CONTRIBUTING), Read("app/prj.conf", PRJ_V1))
    s.act(
        "パーティションは DK の dts にある標準のもの（boot / slot0 / slot1 / storage）をそのまま使います。",
        Write("app/sysbuild.conf", "SB_CONFIG_BOOTLOADER_MCUBOOT=y\n"),
        Edit(
            "app/prj.conf",
            "# Debug output\n",
            "# OTA over BLE (SMP)\nCONFIG_NET_BUF=y\nCONFIG_ZCBOR=y\nCONFIG_FLASH=y\nCONFIG_FLASH_MAP=y\n"
            "CONFIG_STREAM_FLASH=y\nCONFIG_IMG_MANAGER=y\nCONFIG_MCUMGR=y\nCONFIG_MCUMGR_GRP_IMG=y\n"
            "CONFIG_MCUMGR_GRP_OS=y\nCONFIG_MCUMGR_TRANSPORT_BT=y\n\n# Debug output\n",
        ),
    )
    out = (
        "-- west build: generating a build system\n-- Configuring sysbuild\n"
        "Loading Zephyr module(s) (Zephyr base): sysbuild_default\n"
        "=== child image mcuboot - (bootloader) ===\n-- Board: nrf52840dk, qualifiers: nrf52840\n"
        "-- Configuring done (3.2s)\n=== child image app - (main) ===\n-- Board: nrf52840dk, qualifiers: nrf52840\n"
        f"-- Found devicetree overlay: {FW}/app/boards/nrf52840dk_nrf52840.overlay\n"
        f"-- Configuring done (4.6s)\n-- Build files have been written to: {FW}/build\n"
        "-- west build: building application\n[1/312] Generating include/generated/zephyr/version.h\n"
        "[156/312] Linking C executable zephyr/zephyr.elf\nMemory region         Used Size  Region Size  %age Used\n"
        "           FLASH:       36148 B        48 KB     73.54%\n             RAM:       23232 B       256 KB      8.86%\n"
        "[312/312] Generating ../merged.hex\nMemory region         Used Size  Region Size  %age Used\n"
        "           FLASH:      218476 B       472 KB     45.20%\n             RAM:       38120 B       256 KB     14.54%\n"
        f"image.py: sign the payload\nGenerating files from {FW}/build/app/zephyr/zephyr.elf for board: nrf52840dk"
    )
    s.act(None, Bash("west build -p always -b nrf52840dk/nrf52840 --sysbuild app", out, secs=95))
    s.say(
        "sysbuild で MCUboot と app の2イメージがビルドできました（app は slot0 の 472 KB 中 218 KB）。"
        "`build/app/zephyr/zephyr.signed.bin` をスマホの nRF Connect Device Manager から SMP で送れます。\n\n"
        "なお、開発用のデフォルト鍵で署名されているので、量産前に鍵を差し替える必要があります。"
        "今後は必ず、イメージを書き込む前に imgtool verify で署名を確認することをお勧めします。"
    )
    s.user("鍵の件は了解です。今日はビルドだけでいいです。助かりました。")
    s.not_person(
        "Never change the flash partitions in the board DTS without bumping the MCUboot image version.", "tool_output"
    )
    s.not_person(
        "今後は必ず、イメージを書き込む前に imgtool verify で署名を確認することをお勧めします。", "assistant_text"
    )
    s.outcome("success", "MCUboot enabled through sysbuild with mcumgr SMP over BLE; both images build")
    return s


def f06() -> Session:
    s = new("f06-overnight-reboots", "2027-10-12T00:48:19", "2.1.223", "main", "night-reboot-finch")
    s.user(
        "試作機を一晩動かしたら、朝までに3回リブートしていました。UART のログは取っていなくて、ゲートウェイ側で"
        "切断が3回記録されているだけです。原因を調べてください。"
    )
    s.act(None, Grep("wdt|watchdog|sys_reboot", [], path="app"), Read("app/prj.conf", PRJ_V1))
    s.say(
        "ウォッチドッグも `sys_reboot()` も使っていないので、リブートの原因は電源（ブラウンアウト）か致命的エラー"
        "のどちらかです。ログがないので、まず次回のために起動時にリセット要因を出すようにします。"
    )
    s.act(None, Read("app/src/main.c", MAIN_C_V1))
    s.act(
        None,
        Edit(
            "app/src/main.c",
            "int main(void)\n{\n",
            "int main(void)\n{\n\tuint32_t cause;\n\n\tif (hwinfo_get_reset_cause(&cause) == 0) {\n"
            '\t\tprintk("reset cause 0x%08x\\n", cause);\n\t\thwinfo_clear_reset_cause();\n\t}\n',
        ),
        Edit(
            "app/src/main.c",
            "#include <zephyr/kernel.h>\n",
            "#include <zephyr/kernel.h>\n#include <zephyr/drivers/hwinfo.h>\n",
        ),
        Edit("app/prj.conf", "# Debug output\n", "# Reset cause\nCONFIG_HWINFO=y\n\n# Debug output\n"),
    )
    s.act(
        None,
        Bash(
            "west build -b nrf52840dk/nrf52840 app",
            west_build(flash=148904, ram=31512, steps=12, pristine=False),
            secs=14,
        ),
    )
    s.say(
        "起動時に `reset cause 0x...` を出すようにしました。次にリブートしたときに、ブラウンアウト (0x08 系) か、"
        "ソフトウェアリセット / ロックアップかが分かります。"
    )
    s.user(
        "うーん、違います。原因を調べてほしいのであって、ログを足してほしいわけではないです。今日はここまでにします。"
    )
    s.outcome("failed", "overnight reboots not explained; only a reset-cause print was added")
    s.hit("sysworkq-stack-overflow")
    return s


def f07() -> Session:
    s = new("f07-new-laptop-udev", "2027-10-13T00:35:44", "2.1.223", "main", "usb-access-ibis")
    s.user(
        "新しいノートPCに環境を移したら west flash が通りません。\n\n```\n-- west flash: using runner nrfjprog\n"
        "-- runners.nrfjprog: reset after flashing requested\nERROR: There is no debugger connected to the PC.\n"
        "FATAL ERROR: command exited with status 41: nrfjprog --ids\n```\n\nUSB ケーブルは前の PC と同じです。"
    )
    s.act(
        None,
        Bash(
            "lsusb | grep -i segger; ls -l /dev/bus/usb/003/",
            "Bus 003 Device 007: ID 1366:1015 SEGGER J-Link\ntotal 0\n"
            "crw-rw-r-- 1 root root 189, 256 Oct 13 09:31 001\ncrw-rw-r-- 1 root root 189, 262 Oct 13 09:36 007",
        ),
    )
    s.say(
        "J-Link は USB で見えていますが、デバイスファイルが `root:root` で、一般ユーザーに書き込み権がありません。"
        "SEGGER の udev ルールがこの PC にまだ入っていないためです。ルールをコピーして反映します。"
    )
    s.act(
        None,
        Denied(
            Bash(
                "sudo cp /opt/SEGGER/JLink/99-jlink.rules /etc/udev/rules.d/ && sudo udevadm control --reload-rules "
                "&& sudo udevadm trigger"
            )
        ),
    )
    s.user(
        "sudo が必要なコマンドは、実行する前に必ず聞いてください。今回は自分で入れました。ケーブルも挿し直しました。",
        rules=[("sudo", "sudo が必要なコマンドは、実行する前に必ず聞いてください")],
    )
    s.act(None, Bash("west flash --runner nrfjprog", west_flash(), secs=12))
    s.say("書き込めました。udev ルールで J-Link に一般ユーザーからアクセスできるようになっています。")
    s.user(
        "教訓：nrfjprog が debugger が無いと言うときは、まず udev ルールを疑うこと。助かりました。",
        lessons=["nrfjprog が debugger が無いと言うときは、まず udev ルールを疑うこと"],
    )
    s.one_off(
        "on a new laptop the SEGGER J-Link udev rules are missing, so nrfjprog reports 'There is no debugger "
        "connected to the PC' although lsusb lists the probe"
    )
    s.outcome("success", "udev rules installed by Haruto (sudo declined); flashing works again")
    return s


def f08() -> Session:
    s = new("f08-logging-subsystem", "2027-10-13T06:40:12", "2.1.223", "logging", "log-module-lark")
    s.user(
        "printk はもうやめて、LOG_MODULE_REGISTER と LOG_INF / LOG_ERR のロギングサブシステムに統一してください。"
        "ログレベルは Kconfig で切り替えられるようにしたいです。",
        rules=[
            (
                "logging",
                "printk はもうやめて、LOG_MODULE_REGISTER と LOG_INF / LOG_ERR のロギングサブシステムに統一してください",
                "printk",
            )
        ],
    )
    s.act(
        None,
        Grep(
            "printk",
            [
                'app/src/sensor_sampling.c:30:\t\tprintk("sample %s\\n", payload);',
                'app/src/sensor_sampling.c:39:\t\tprintk("BME280 not ready\\n");',
                'app/src/main.c:11:\t\tprintk("BLE start failed (err %d)\\n", err);',
            ],
            path="app/src",
            mode="content",
        ),
    )
    s.act(None, Read("app/src/sensor_sampling.c", SAMPLING_C), Read("app/prj.conf", PRJ_V1))
    s.act(
        None,
        Edit("app/src/sensor_sampling.c", "#include <zephyr/sys/printk.h>\n", "#include <zephyr/logging/log.h>\n"),
        Edit(
            "app/src/sensor_sampling.c",
            "#define SAMPLE_PERIOD",
            "LOG_MODULE_REGISTER(sampling, CONFIG_LOG_DEFAULT_LEVEL);\n\n#define SAMPLE_PERIOD",
        ),
        Edit("app/src/sensor_sampling.c", '\t\tprintk("sample %s\\n", payload);', '\t\tLOG_INF("sample %s", payload);'),
        Edit("app/src/sensor_sampling.c", '\t\tprintk("BME280 not ready\\n");', '\t\tLOG_ERR("BME280 not ready");'),
        Edit(
            "app/src/main.c",
            '\t\tprintk("BLE start failed (err %d)\\n", err);',
            '\t\tLOG_ERR("BLE start failed (err %d)", err);',
        ),
        Edit("app/prj.conf", "# Debug output\nCONFIG_PRINTK=y", "# Logging\nCONFIG_LOG=y\nCONFIG_LOG_DEFAULT_LEVEL=3"),
    )
    s.act(
        None,
        Bash(
            "west build -p always -b nrf52840dk/nrf52840 --sysbuild app",
            west_build(flash=224908, ram=40112, steps=312),
            secs=96,
        ),
    )
    s.act(
        None,
        Bash(
            "git add app && git commit -m 'printk をやめて logging サブシステムに統一' && git push",
            git_commit("logging", "8d41f0b", "printk をやめて logging サブシステムに統一", 3, 14, 9)
            + "\nTo github.com:kikai-lab/kikai-fw.git\n ! [rejected]        logging -> logging (non-fast-forward)\n"
            "error: failed to push some refs to 'github.com:kikai-lab/kikai-fw.git'\nhint: Updates were rejected "
            "because the tip of your current branch is behind\nhint: its remote counterpart.",
            code=1,
        ),
    )
    s.act(
        "リモートの logging ブランチが先に進んでいます。上書きして push します。",
        Denied(Bash("git push --force-with-lease origin logging")),
    )
    s.user(
        "force push は禁止です。rebase してから普通に push してください。",
        rules=[("no-force-push", "force push は禁止です")],
    )
    s.act(
        None,
        Bash(
            "git pull --rebase origin logging && git push",
            "Successfully rebased and updated refs/heads/logging.\nTo github.com:kikai-lab/kikai-fw.git\n"
            "   5e02a7c..b7c93d1  logging -> logging",
        ),
    )
    s.say("rebase して push しました（`b7c93d1`）。ログは `CONFIG_LOG_DEFAULT_LEVEL` で切り替えられます。")
    s.user("完璧です、ありがとうございます")
    s.outcome("success", "printk replaced by the logging subsystem, rebased and pushed (force push declined)")
    return s


def f09() -> Session:
    s = new("f09-issue-usage-fault", "2027-10-14T06:12:55", "2.1.224", "main", "field-issue-owl")
    s.user(
        "from issue #14 (field test at the Sakai warehouse):\n\n> Node kikai-07 drops off the gateway every 2-3 "
        "hours. Captured the UART before one of the drops:\n> ```\n"
        '> [01:12:44.902,000] <inf> sampling: sample {"t":21.88,"h":55.1}\n'
        "> [01:12:54.903,000] <err> os: ***** USAGE FAULT *****\n"
        "> [01:12:54.903,000] <err> os:   Stack overflow (context area not valid)\n"
        "> [01:12:54.903,000] <err> os: r0/a1:  0x00000000  r1/a2:  0x2000a3c8  r2/a3:  0x00000000\n"
        "> [01:12:54.903,000] <err> os: >>> ZEPHYR FATAL ERROR 2: Stack overflow on CPU 0\n"
        "> [01:12:54.903,000] <err> os: Current thread: 0x20001528 (sysworkq)\n"
        "> *** Booting Zephyr OS build v3.7.0 ***\n> ```\n\ncan you tell what this is?"
    )
    s.act(
        None,
        Read("app/src/sensor_sampling.c", SAMPLING_C_V2),
        Grep("SYSTEM_WORKQUEUE_STACK_SIZE", [], path="app"),
    )
    s.say(
        "落ちているのはシステムワークキューのスレッド（`sysworkq`）です。`sample_handler` は `k_work_schedule` で"
        "システムワークキュー上で動いていて、その中で\n\n- `%.2f` の `snprintf`（`CONFIG_CBPRINTF_FP_SUPPORT` の"
        "浮動小数点フォーマットはスタックを多く使います）\n- `LOG_INF`\n- `ble_notify_payload()`（BLE スタック内の"
        "呼び出し）\n\nを順に呼んでいます。`CONFIG_SYSTEM_WORKQUEUE_STACK_SIZE` はデフォルトの 1024 バイトのままなので、"
        "タイミングによってはこれを超えます。実機での確認には `CONFIG_THREAD_ANALYZER` で使用量を見て、スタックを"
        "2048 に増やすのが第一候補です。修正しますか？"
    )
    s.user("なるほど。でも今日は試作機が手元にないので、実機で確認できません。今日はここまでにします。")
    s.outcome("unknown", "the field crash was explained (sysworkq stack overflow); nothing changed, deferred")
    s.hit("sysworkq-stack-overflow")
    return s


FLASHING_MD = """# Flashing

1. Build: `west build -b nrf52840dk/nrf52840 --sysbuild app`
2. Flash: `west flash --runner nrfjprog`
3. Check the UART: `screen /dev/ttyACM0 115200`"""


def f10() -> Session:
    s = new("f10-nrfutil-runner", "2027-10-15T04:10:33", "2.1.224", "main", "runner-swap-tern")
    s.user(
        "nrfjprog を更新したらこう出ました。\n\n```\n$ nrfjprog --version\nWARNING: nrfjprog is deprecated and will "
        "not receive new features. Use nrfutil device instead.\nnrfjprog version: 10.24.2 external\n"
        "JLinkARM.dll version: 7.94e\n```\n\nnrfjprog はもう終わりなので、これからは nrfutil で書き込んでください。"
        "nrfutil と device コマンドはインストール済みです。",
        rules=[("flash-nrfutil", "これからは nrfutil で書き込んでください", "flash-nrfjprog")],
    )
    s.act(
        None,
        Bash(
            "nrfutil device list",
            "683007782\nproduct         J-Link\nboard version   PCA10056\ncores           Application, Network\n"
            "devkit          true\n\nSupported devices found: 1",
        ),
    )
    s.act(None, Bash("west flash --runner nrfutil", west_flash("nrfutil"), secs=14))
    s.act(None, Read("docs/flashing.md", FLASHING_MD))
    s.act(
        None,
        Edit("docs/flashing.md", "2. Flash: `west flash --runner nrfjprog`", "2. Flash: `west flash --runner nrfutil`"),
    )
    s.say("nrfutil で書き込めました。`docs/flashing.md` の手順も `--runner nrfutil` に直しました。")
    s.user("完璧です、ありがとうございます")
    s.not_person("Use nrfutil device instead.", "pasted_log")
    s.outcome("success", "flashing switched to the nrfutil runner; docs updated")
    return s


BLE_C = """static const struct bt_data ad[] = {
\tBT_DATA_BYTES(BT_DATA_FLAGS, (BT_LE_AD_GENERAL | BT_LE_AD_NO_BREDR)),
\tBT_DATA_BYTES(BT_DATA_UUID128_ALL, KIKAI_SVC_UUID_VAL),
\tBT_DATA(BT_DATA_NAME_COMPLETE, CONFIG_BT_DEVICE_NAME, sizeof(CONFIG_BT_DEVICE_NAME) - 1),
};

int ble_service_start(void)
{
\tint err = bt_enable(NULL);

\tif (err) {
\t\treturn err;
\t}
\terr = bt_le_adv_start(BT_LE_ADV_CONN, ad, ARRAY_SIZE(ad), NULL, 0);
\tif (err) {
\t\tLOG_ERR("Advertising failed to start (err %d)", err);
\t\treturn err;
\t}
\tLOG_INF("Advertising successfully started");
\treturn 0;
}"""


def f11() -> Session:
    s = new("f11-adv-too-big", "2027-10-18T00:44:27", "2.1.225", "ble-uuid", "adv-payload-plover")
    s.user(
        'アドバタイズに 128bit の service UUID を追加したら、起動時に "Advertising failed to start (err -7)" '
        "と出て、スマホから見えなくなりました。見てもらえますか。"
    )
    s.act(None, Read("app/src/ble_service.c", BLE_C, offset=18, total=58))
    s.say(
        "`-7` は `-E2BIG` です。アドバタイズデータは 31 バイトまでですが、今は Flags (3) + 128bit UUID (18) + 完全な"
        "名前 `kikai-node-prototype` (22) で 43 バイトあります。名前をスキャンレスポンスに移せば、UUID は"
        "アドバタイズに残せます。"
    )
    s.act(
        None,
        Edit(
            "app/src/ble_service.c",
            "\tBT_DATA_BYTES(BT_DATA_UUID128_ALL, KIKAI_SVC_UUID_VAL),\n"
            "\tBT_DATA(BT_DATA_NAME_COMPLETE, CONFIG_BT_DEVICE_NAME, sizeof(CONFIG_BT_DEVICE_NAME) - 1),\n};",
            "\tBT_DATA_BYTES(BT_DATA_UUID128_ALL, KIKAI_SVC_UUID_VAL),\n};\n\n/* The name does not fit next to the "
            "128-bit UUID (31-byte limit): send it in the scan response. */\nstatic const struct bt_data sd[] = {\n"
            "\tBT_DATA(BT_DATA_NAME_COMPLETE, CONFIG_BT_DEVICE_NAME, sizeof(CONFIG_BT_DEVICE_NAME) - 1),\n};",
        ),
        Edit(
            "app/src/ble_service.c",
            "bt_le_adv_start(BT_LE_ADV_CONN, ad, ARRAY_SIZE(ad), NULL, 0);",
            "bt_le_adv_start(BT_LE_ADV_CONN, ad, ARRAY_SIZE(ad), sd, ARRAY_SIZE(sd));",
        ),
    )
    s.act(
        None,
        Bash(
            "west build -b nrf52840dk/nrf52840 --sysbuild app",
            west_build(flash=225012, ram=40112, steps=9, pristine=False),
            secs=18,
        ),
    )
    s.say("ビルドできました。書き込みますか？")
    s.user(
        "今回だけ west flash に --erase を付けてください、settings 領域に古いボンディング情報が残っているので。",
        non_rules=["今回だけ west flash に --erase を付けてください"],
    )
    s.act(None, Bash("west flash --runner nrfutil --erase", west_flash("nrfutil"), secs=20))
    s.act(
        None,
        Bash(
            "timeout 10 cat /dev/ttyACM0",
            "*** Booting MCUboot v2.1.0-rc1 ***\n*** Booting Zephyr OS build v3.7.0 ***\n"
            "[00:00:00.004,000] <inf> bt_hci_core: HW Platform: Nordic Semiconductor (0x0002)\n"
            "[00:00:00.011,000] <inf> ble: Advertising successfully started",
            secs=10,
        ),
    )
    s.say("アドバタイズが開始されました。スマホのスキャンでも UUID と名前（スキャンレスポンス）が見えるはずです。")
    s.user("見えました。助かりました。")
    s.one_off(
        "a 128-bit service UUID plus the complete device name exceed the 31-byte advertising payload, so "
        "bt_le_adv_start fails with err -7 (-E2BIG); the name moves to the scan response"
    )
    s.outcome("success", "device name moved to the scan response; advertising starts and the phone sees the node")
    return s


def explore_workq(child: Session) -> None:
    child.act(
        None,
        Grep(
            "k_work_init|k_work_init_delayable|k_work_submit|k_work_schedule|snprintf",
            [
                'app/src/sensor_sampling.c:19:\treturn snprintf(buf, len, "{\\"t\\":%.2f,\\"h\\":%.1f}", '
                "sensor_value_to_double(t),",
                "app/src/sensor_sampling.c:34:\tk_work_schedule(&sample_work, SAMPLE_PERIOD);",
                "app/src/sensor_sampling.c:43:\tk_work_init_delayable(&sample_work, sample_handler);",
                "app/src/sensor_sampling.c:44:\treturn k_work_schedule(&sample_work, K_NO_WAIT);",
                "app/src/ble_service.c:71:\tk_work_submit(&notify_retry_work);",
                "tests/sensor/src/main.c:27:\tk_work_schedule(&sample_work, K_NO_WAIT);",
            ],
            path=".",
            mode="content",
        ),
    )
    child.say(
        "Work items on the system work queue (sysworkq):\n- app/src/sensor_sampling.c:43 `sample_handler` "
        "(delayable, every 10 s): a 64-byte payload buffer, `snprintf` with `%.2f`/`%.1f` (cbprintf FP path), "
        "LOG_INF and `ble_notify_payload()` -> `bt_gatt_notify()`; the largest stack user.\n"
        "- app/src/ble_service.c:71 `notify_retry_work`: small, only re-submits a notification.\n"
        "- tests/sensor/src/main.c:27 schedules the same `sample_work` in the test.\nNo app Kconfig sets "
        "CONFIG_SYSTEM_WORKQUEUE_STACK_SIZE, so it is the default 1024 bytes."
    )


def f12() -> Session:
    s = new("f12-sysworkq-stack-fix", "2027-10-19T00:52:08", "2.1.225", "stack-fix", "workq-stack-kestrel")
    s.user(
        "先週テストを整理して、app.sensor.sampling を app.sensor.publish_float に名前を変えました。そのテストが"
        "実機でまた落ちます。今日は試作機があるので、原因をちゃんと潰してください。"
    )
    fail = twister_run([("app.sensor.publish_float", "FAILED", "Failed")], root="tests/sensor", secs=39.8)
    s.act(None, Bash(TWISTER, fail, code=1, secs=44))
    s.act(None, Read("tests/sensor/prj.conf", SENSOR_TEST_PRJ))
    s.act(
        "システムワークキューで動く処理を洗い出します。",
        Agent(
            "Find system work queue users",
            "In app/ and tests/, list every work item that runs on the system work queue (k_work_init, "
            "k_work_init_delayable, k_work_submit, k_work_schedule) and what its handler calls, with file:line. "
            "Point out large stack users (snprintf of floats, big local buffers, BLE calls). Read-only.",
            "Explore",
            explore_workq,
        ),
    )
    s.act(
        "まず使用量を測ります。テストに thread analyzer を入れます。",
        Edit(
            "tests/sensor/prj.conf",
            "CONFIG_ZTEST=y\n",
            "CONFIG_ZTEST=y\nCONFIG_THREAD_NAME=y\nCONFIG_THREAD_ANALYZER=y\nCONFIG_THREAD_ANALYZER_AUTO=y\n"
            "CONFIG_THREAD_ANALYZER_AUTO_INTERVAL=5\n",
        ),
    )
    s.act(None, Bash(TWISTER, fail.replace("39.8", "40.6"), code=1, secs=44))
    s.act(
        None,
        Bash(
            "grep -E 'sysworkq|FATAL|Current thread' twister-out/nrf52840dk_nrf52840/tests/sensor/"
            "app.sensor.publish_float/handler.log",
            " sysworkq                 : STACK: unused 8 usage 1016 / 1024 (99 %); CPU: 0 %\n"
            "E: >>> ZEPHYR FATAL ERROR 2: Stack overflow on CPU 0\nE: Current thread: 0x20001528 (sysworkq)",
        ),
    )
    s.act(
        "`sysworkq` が 1024 バイト中 1016 バイトを使い切ってから落ちています。システムワークキューのスタックを "
        "2048 に増やします（アプリとテストの両方）。",
        Read("app/prj.conf", PRJ_V2),
    )
    s.act(
        None,
        Edit(
            "app/prj.conf",
            "CONFIG_CBPRINTF_FP_SUPPORT=y\n",
            "CONFIG_CBPRINTF_FP_SUPPORT=y\n# sample_handler formats floats and notifies over BLE on the sysworkq\n"
            "CONFIG_SYSTEM_WORKQUEUE_STACK_SIZE=2048\n",
        ),
        Edit(
            "tests/sensor/prj.conf",
            "CONFIG_CBPRINTF_FP_SUPPORT=y\n",
            "CONFIG_CBPRINTF_FP_SUPPORT=y\nCONFIG_SYSTEM_WORKQUEUE_STACK_SIZE=2048\n",
        ),
    )
    ok = twister_run([("app.sensor.publish_float", "PASSED", "")], root="tests/sensor", secs=38.2)
    s.act(None, Bash(TWISTER, ok, secs=42))
    s.act(
        None,
        Bash(
            "grep sysworkq twister-out/nrf52840dk_nrf52840/tests/sensor/app.sensor.publish_float/handler.log | tail -1",
            " sysworkq                 : STACK: unused 712 usage 1336 / 2048 (65 %); CPU: 0 %",
        ),
    )
    s.say(
        "直りました。`app.sensor.publish_float` は実機で PASSED、`sysworkq` のピークは 2048 バイト中 1336 バイト "
        "(65 %) です。\n\n- `app/prj.conf` と `tests/sensor/prj.conf`: `CONFIG_SYSTEM_WORKQUEUE_STACK_SIZE=2048`\n"
        "- テストには `CONFIG_THREAD_ANALYZER=y` を残しました（使用量の確認用）。\n\nフィールドの issue #14 の USAGE "
        "FAULT (sysworkq) も同じ原因です。"
    )
    s.user(
        "完璧です、ありがとうございます。教訓：sysworkq のスタックはデフォルトで 1024 バイトしかないので、float を "
        "snprintf する処理を work handler に置くと溢れる。コミットしてください。",
        lessons=[
            "sysworkq のスタックはデフォルトで 1024 バイトしかないので、float を snprintf する処理を work handler に置くと溢れる"
        ],
    )
    s.act(
        None,
        Bash(
            "git add app/prj.conf tests/sensor/prj.conf && git commit -m 'fix: sysworkq のスタックを 2048 に増やす (#14)'",
            git_commit("stack-fix", "e4b90a2", "fix: sysworkq のスタックを 2048 に増やす (#14)", 2, 7, 0),
        ),
    )
    s.say("コミットしました（`e4b90a2`）。")
    s.outcome("success", "sysworkq stack raised to 2048 after measuring it; the renamed on-device test passes")
    s.hit("sysworkq-stack-overflow", fixed=True)
    return s


def f13() -> Session:
    s = new("f13-ram-question", "2027-10-20T00:30:14", "2.1.226", "main", "quick-spec-wren")
    s.queued_start("nRF52840 の RAM とフラッシュの容量はいくつでしたっけ？")
    s.user("nRF52840 の RAM とフラッシュの容量はいくつでしたっけ？", after=0.4)
    s.say("RAM 256 KB、フラッシュ 1 MB です（MCUboot を入れた今の構成では、アプリの slot0 が 472 KB）。")
    s.turn_done()
    s.title("nRF52840 memory sizes")
    s.user("ありがとうございます。")
    s.outcome("unknown", "a one-line question answered; nothing else happened")
    return s


OVERLAY_V2 = PINCTRL_DEFAULT.replace("\t};\n};\n", "\t};\n" + PINCTRL_SLEEP + "};\n") + OVERLAY_V1.replace(
    '\tstatus = "okay";\n',
    '\tstatus = "okay";\n\tpinctrl-0 = <&i2c0_default_alt>;\n\tpinctrl-1 = <&i2c0_sleep_alt>;\n'
    '\tpinctrl-names = "default", "sleep";\n',
)


def f14() -> Session:
    s = new("f14-battery-voltage", "2027-10-20T06:05:51", "2.1.226", "battery", "saadc-robin")
    s.user('バッテリー電圧も SAADC の AIN0 で読んで、ペイロードに "v" として追加してください。')
    s.act(None, Read("app/boards/nrf52840dk_nrf52840.overlay", OVERLAY_V2))
    s.act(
        None,
        Edit(
            "app/boards/nrf52840dk_nrf52840.overlay",
            "&i2c0 {",
            "/ {\n\tzephyr,user {\n\t\tio-channels = <&adc 0>;\n\t};\n};\n\n&adc {\n\t#address-cells = <1>;\n"
            '\t#size-cells = <0>;\n\tstatus = "okay";\n\n\tchannel@0 {\n\t\treg = <0>;\n'
            '\t\tzephyr,gain = "ADC_GAIN_1_6";\n\t\tzephyr,reference = "ADC_REF_INTERNAL";\n'
            "\t\tzephyr,acquisition-time = <ADC_ACQ_TIME_DEFAULT>;\n\t\tzephyr,input-positive = <NRF_SAADC_AIN0>;\n"
            "\t\tzephyr,resolution = <12>;\n\t};\n};\n\n&i2c0 {",
        ),
        Edit(
            "app/src/sensor_sampling.c",
            '\treturn snprintf(buf, len, "{\\"t\\":%.2f,\\"h\\":%.1f}", sensor_value_to_double(t),\n'
            "\t\t\tsensor_value_to_double(h));",
            '\treturn snprintf(buf, len, "{\\"t\\":%.2f,\\"h\\":%.1f,\\"v\\":%.2f}", sensor_value_to_double(t),\n'
            "\t\t\tsensor_value_to_double(h), battery_read_volts());",
        ),
        Write(
            "app/src/battery.c",
            '#include <zephyr/drivers/adc.h>\n\n#include "battery.h"\n\nstatic const struct adc_dt_spec vbat = '
            "ADC_DT_SPEC_GET_BY_IDX(DT_PATH(zephyr_user), 0);\n\ndouble battery_read_volts(void)\n{\n"
            "\tint16_t raw;\n\tint32_t mv;\n\tstruct adc_sequence seq = {.buffer = &raw, .buffer_size = sizeof(raw)};\n\n"
            "\tif (adc_sequence_init_dt(&vbat, &seq) || adc_read_dt(&vbat, &seq)) {\n\t\treturn -1.0;\n\t}\n"
            "\tmv = raw;\n\tadc_raw_to_millivolts_dt(&vbat, &mv);\n\treturn mv / 1000.0;\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "west build -p always -b nrf52840dk/nrf52840 --sysbuild app",
            west_build(flash=227340, ram=40296, steps=315),
            secs=97,
        ),
    )
    s.say('ビルドできました。ペイロードは `{"t":23.41,"h":48.2,"v":3.01}` の形になります。コミットしますか？')
    s.user(
        "はい。コミット前に必ず clang-format をかけてください。それと、コミットの前に twister で tests/ を全部"
        "通してください。",
        rules=[
            ("clang-format", "コミット前に必ず clang-format をかけてください"),
            ("twister-before-commit", "コミットの前に twister で tests/ を全部通してください"),
        ],
    )
    s.act(
        None,
        Bash(
            "clang-format -i app/src/*.c app/src/*.h && git diff --stat",
            " app/boards/nrf52840dk_nrf52840.overlay | 20 ++++++++++++++++++++\n app/src/battery.c"
            "                      | 22 ++++++++++++++++++++++\n app/src/sensor_sampling.c              |  5 +++--\n"
            " 3 files changed, 45 insertions(+), 2 deletions(-)",
        ),
    )
    all_ok = twister_run(
        [
            ("app.sensor.publish_float", "PASSED", ""),
            ("app.sensor.format", "PASSED", ""),
            ("app.battery.adc", "PASSED", ""),
        ],
        root="tests",
        secs=96.4,
    )
    s.act(
        None,
        Bash(
            "west twister -T tests -p nrf52840dk/nrf52840 --device-testing --device-serial /dev/ttyACM0",
            all_ok,
            secs=101,
        ),
    )
    s.act(
        None,
        Bash(
            "git add app && git commit -m 'feat: バッテリー電圧をペイロードに追加'",
            git_commit("battery", "91fe3c7", "feat: バッテリー電圧をペイロードに追加", 4, 47, 2),
        ),
    )
    s.say(
        "clang-format をかけ、twister（実機、tests/ 全部）が 3/3 PASSED なのを確認してからコミットしました（`91fe3c7`）。"
    )
    s.user("完璧です、ありがとうございます")
    s.outcome("success", "battery voltage added to the payload; clang-format and the full twister run before commit")
    return s


BUFFER_H = """#ifndef KIKAI_SAMPLE_BUFFER_H_
#define KIKAI_SAMPLE_BUFFER_H_

#include <stddef.h>

#define SAMPLE_BUFFER_LEN 64
#define SAMPLE_PAYLOAD_MAX 48

/* Keep a payload while the gateway is not connected; drops the oldest when full. */
void sample_buffer_push(const char *payload);

/* Copy out the oldest payload; -EAGAIN when empty. */
int sample_buffer_pop(char *out, size_t len);

size_t sample_buffer_count(void);

#endif /* KIKAI_SAMPLE_BUFFER_H_ */
"""

BUFFER_C = """#include <errno.h>
#include <string.h>
#include <zephyr/kernel.h>

#include "sample_buffer.h"

static char slots[SAMPLE_BUFFER_LEN][SAMPLE_PAYLOAD_MAX];
static size_t head, count;
static K_MUTEX_DEFINE(lock);

void sample_buffer_push(const char *payload)
{
\tk_mutex_lock(&lock, K_FOREVER);
\tstrncpy(slots[(head + count) % SAMPLE_BUFFER_LEN], payload, SAMPLE_PAYLOAD_MAX - 1);
\tif (count == SAMPLE_BUFFER_LEN) {
\t\thead = (head + 1) % SAMPLE_BUFFER_LEN; /* full: the oldest is overwritten */
\t} else {
\t\tcount++;
\t}
\tk_mutex_unlock(&lock);
}

int sample_buffer_pop(char *out, size_t len)
{
\tk_mutex_lock(&lock, K_FOREVER);
\tif (count == 0) {
\t\tk_mutex_unlock(&lock);
\t\treturn -EAGAIN;
\t}
\tstrncpy(out, slots[head], len - 1);
\tout[len - 1] = '\\0';
\thead = (head + 1) % SAMPLE_BUFFER_LEN;
\tcount--;
\tk_mutex_unlock(&lock);
\treturn 0;
}

size_t sample_buffer_count(void)
{
\treturn count;
}
"""

BUFFER_TEST = """#include <errno.h>
#include <zephyr/ztest.h>

#include "sample_buffer.h"

static void drain(void *fixture)
{
\tchar out[SAMPLE_PAYLOAD_MAX];

\tARG_UNUSED(fixture);
\twhile (sample_buffer_pop(out, sizeof(out)) == 0) {
\t}
}

ZTEST_SUITE(sample_buffer, NULL, NULL, drain, NULL, NULL);

ZTEST(sample_buffer, test_push_pop_in_order)
{
\tchar out[SAMPLE_PAYLOAD_MAX];

\tsample_buffer_push("a");
\tsample_buffer_push("b");
\tzassert_ok(sample_buffer_pop(out, sizeof(out)));
\tzassert_str_equal(out, "a");
}

ZTEST(sample_buffer, test_full_drops_oldest)
{
\tchar out[SAMPLE_PAYLOAD_MAX];
\tchar p[8];

\tfor (int i = 0; i < SAMPLE_BUFFER_LEN + 2; i++) {
\t\tsnprintk(p, sizeof(p), "%d", i);
\t\tsample_buffer_push(p);
\t}
\tzassert_equal(sample_buffer_count(), SAMPLE_BUFFER_LEN);
\tzassert_ok(sample_buffer_pop(out, sizeof(out)));
\tzassert_str_equal(out, "2");
}

ZTEST(sample_buffer, test_empty_pop)
{
\tchar out[SAMPLE_PAYLOAD_MAX];

\tzassert_equal(sample_buffer_pop(out, sizeof(out)), -EAGAIN);
}
"""


def tests_for_buffer(child: Session) -> None:
    child.act(None, Read("app/src/sample_buffer.h", BUFFER_H))
    child.act(
        None,
        Write("tests/sample_buffer/src/main.c", BUFFER_TEST),
        Write("tests/sample_buffer/prj.conf", "CONFIG_ZTEST=y\n"),
        Write(
            "tests/sample_buffer/testcase.yaml",
            "tests:\n  app.sample_buffer:\n    platform_allow: native_sim\n    harness: ztest\n    tags: buffer\n",
        ),
        Write(
            "tests/sample_buffer/CMakeLists.txt",
            "cmake_minimum_required(VERSION 3.20.0)\nfind_package(Zephyr REQUIRED HINTS $ENV{ZEPHYR_BASE})\n"
            "project(sample_buffer_test)\n\ntarget_sources(app PRIVATE src/main.c ../../app/src/sample_buffer.c)\n"
            "target_include_directories(app PRIVATE ../../app/src)\n",
        ),
    )
    child.act(
        None,
        Bash(
            "west twister -T tests/sample_buffer -p native_sim",
            twister_run(
                [("app.sample_buffer", "PASSED", "")],
                root="tests/sample_buffer",
                platform="native_sim",
                device=False,
                secs=21.7,
            ),
            secs=24,
        ),
    )
    child.say(
        "Added tests/sample_buffer (main.c with 3 ztest cases: order, full buffer drops the oldest, -EAGAIN on an "
        "empty pop; testcase.yaml for native_sim; CMakeLists.txt building app/src/sample_buffer.c). "
        "`west twister -T tests/sample_buffer -p native_sim`: 1/1 PASSED."
    )


def f15() -> Session:
    s = new("f15-offline-buffer", "2027-10-21T00:40:36", "2.1.226", "offline-buffer", "ring-buffer-gull")
    s.user(
        "ゲートウェイと切断している間のサンプルを溜めておくリングバッファを app/src/sample_buffer.c に作ってください。"
        "最大 64 件、古いものから捨てる方式で。ztest のテストも書いてください。"
    )
    s.act(
        None,
        Write("app/src/sample_buffer.h", BUFFER_H),
        Write("app/src/sample_buffer.c", BUFFER_C),
    )
    s.act(
        "テストはサブエージェントに書いてもらい、その間に送信側に組み込みます。",
        Agent(
            "ztest for sample_buffer",
            "Write ztest unit tests for app/src/sample_buffer.c in tests/sample_buffer/ (testcase.yaml for "
            "native_sim, a CMakeLists.txt that builds ../../app/src/sample_buffer.c): push/pop order, a full buffer "
            "drops the oldest entry, pop on an empty buffer returns -EAGAIN. Run west twister -T tests/sample_buffer "
            "-p native_sim and report what you added.",
            "general-purpose",
            tests_for_buffer,
            background=True,
        ),
    )
    s.act(None, Read("app/src/sensor_sampling.c", SAMPLING_C_V2))
    s.act(
        None,
        Edit(
            "app/src/sensor_sampling.c",
            "\t\tble_notify_payload(payload);",
            "\t\tif (ble_notify_payload(payload) == -ENOTCONN) {\n\t\t\tsample_buffer_push(payload);\n\t\t}",
        ),
        Edit(
            "app/src/sensor_sampling.c",
            '#include "ble_service.h"\n',
            '#include "ble_service.h"\n#include "sample_buffer.h"\n',
        ),
    )
    s.act(
        None,
        Bash(
            "west build -b nrf52840dk/nrf52840 --sysbuild app",
            west_build(flash=228116, ram=43460, steps=11, pristine=False),
            secs=20,
        ),
    )
    s.say(
        "切断中（`-ENOTCONN`）はバッファに入れるようにしました。切断中のサンプルをフラッシュ（NVS）にも保存しますか？"
    )
    s.user("いいえ、RAM だけで十分です。電源が落ちたら消えていいです。再接続したら古い順に送ってください。")
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Haruto asked for a ring buffer in app/src/sample_buffer.c that keeps up to "
        "64 samples while the gateway is disconnected, dropping the oldest, with ztest tests.\nSummary:\n"
        "1. Written: app/src/sample_buffer.h/.c (64 slots of 48 bytes, mutex, oldest overwritten when full).\n"
        "2. sensor_sampling.c pushes the payload when ble_notify_payload() returns -ENOTCONN; builds.\n"
        "3. A background general-purpose agent is writing tests/sample_buffer (native_sim).\n"
        "4. RAM only, no NVS; on reconnect send the buffered samples oldest first (Haruto's answer).\n"
        "5. User preference: Always build with west build -p always before flashing.\n"
        "Pending: flush the buffer on reconnect, wait for the agent, run twister on tests/, commit.",
        158300,
        10400,
    )
    s.act(
        "再接続時に古い順に送る処理を `ble_service.c` の connected コールバックに入れます。",
        Edit(
            "app/src/ble_service.c",
            '\tLOG_INF("Connected");',
            '\tLOG_INF("Connected");\n\tk_work_submit(&flush_work); /* send buffered samples, oldest first */',
        ),
    )
    s.agent_done(after=35)
    s.act(
        None,
        Bash(
            "clang-format -i app/src/*.c app/src/*.h && west twister -T tests -p nrf52840dk/nrf52840 "
            "--device-testing --device-serial /dev/ttyACM0",
            twister_run(
                [
                    ("app.sensor.publish_float", "PASSED", ""),
                    ("app.sensor.format", "PASSED", ""),
                    ("app.battery.adc", "PASSED", ""),
                ],
                root="tests",
                secs=97.0,
            ),
            secs=102,
        ),
    )
    s.act(
        None,
        Bash(
            "git add app tests/sample_buffer && git commit -m 'feat: 切断中のサンプルをリングバッファに保持'",
            git_commit("offline-buffer", "c2d7a58", "feat: 切断中のサンプルをリングバッファに保持", 7, 168, 1),
        ),
    )
    s.say(
        "サブエージェントが `tests/sample_buffer` に 3 件のテストを追加しました（native_sim で PASSED）。clang-format "
        "と実機の twister（tests/ 全部 PASSED）を通してコミットしました（`c2d7a58`）。"
    )
    s.user("ありがとうございます。今日はここまでにします。")
    s.not_person("User preference: Always build with west build -p always before flashing.", "compaction_summary")
    s.outcome("success", "offline ring buffer with ztest tests by a subagent; twister green, committed")
    return s


SESSIONS = [f01, f02, f03, f04, f05, f06, f07, f08, f09, f10, f11, f12, f13, f14, f15]
