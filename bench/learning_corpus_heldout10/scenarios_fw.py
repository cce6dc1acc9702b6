"""Sessions in `rota-firmware` (/home/mehmet/projeler/rota-firmware): C firmware for the company's ESP32 GPS
tracker (u-blox GPS on UART2, an LTE-M modem, an accelerometer on I2C). ESP-IDF v5.2 (idf.py build / flash /
monitor), FreeRTOS tasks, Unity tests both on target (test/target) and on the host through CMake/CTest
(test/host, build_host/)."""

from __future__ import annotations

from fake_output import FW, ctest_run, git_commit, guru, idf_build
from transcript_kit import Agent, Bash, Edit, Read, Session, Write

NMEA = "nmea-strtok-empty-fields"

CTEST = "ctest --test-dir build_host --output-on-failure"
HOST_BUILD = "cmake -S test/host -B build_host && cmake --build build_host"

PARSER = (
    "int nmea_parse_rmc(const char *line, gps_fix_t *out)\n{\n    char buf[NMEA_MAX_LEN];\n"
    "    strlcpy(buf, line, sizeof(buf));\n    char *field[13] = {0};\n    int n = 0;\n"
    '    for (char *tok = strtok(buf, ","); tok && n < 13; tok = strtok(NULL, ",")) {\n'
    "        field[n++] = tok;\n    }\n    out->valid = field[2][0] == 'A';\n"
    "    out->lat = nmea_coord(field[3], field[4][0]);\n    out->lon = nmea_coord(field[5], field[6][0]);\n"
    "    return n == 13 ? 0 : -1;\n}"
)

DOCS_CONTRIBUTING = """# Contributing to rota-firmware

- Build with ESP-IDF v5.2 (`. ~/esp/esp-idf/export.sh`).
- Host tests live in test/host and build with plain CMake; target tests in test/target.
- Never block in the GPS callback longer than 10 ms.
- Keep log tags short (GPS, MDM, ACC, PWR)."""


def fw(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=FW, project="rota-firmware")


# ------------------------------------------------------------------------------------------------------------------
def f01_partition_isr() -> Session:
    s = fw("f01-partition-isr", "2027-03-01T13:00:48", "2.1.190", "feature/accel-wakeup", "brave-kemeralti-gull")
    s.user(
        "ivmeolcer hareket algilayinca GPIO interrupt ile modemi uyandirsin. ISR'da sadece queue'ya at. never "
        "call malloc or printf from an ISR, gecen sefer cihaz donup kaldi",
        after=0,
        rules=[("no-malloc-isr", "never call malloc or printf from an ISR")],
    )
    s.act(
        None,
        Write(
            "main/accel_irq.c",
            '#include "accel_irq.h"\n\nstatic QueueHandle_t s_motion_q;\n\n'
            "static void IRAM_ATTR accel_isr(void *arg)\n{\n    uint32_t pin = (uint32_t)arg;\n"
            "    BaseType_t woken = pdFALSE;\n    xQueueSendFromISR(s_motion_q, &pin, &woken);\n"
            "    if (woken) {\n        portYIELD_FROM_ISR();\n    }\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "idf.py build",
            "[1082/1084] Linking CXX executable gps_tracker.elf\n[1083/1084] Generating binary image from built executable\n"
            "esptool.py v4.7.0\nCreating esp32 image...\nSuccessfully created esp32 image.\nGenerated /home/mehmet/projeler/rota-firmware/build/gps_tracker.bin\n"
            "[1084/1084] cd /home/mehmet/projeler/rota-firmware/build/esp-idf/esptool_py && python /home/mehmet/esp/esp-idf/"
            "components/partition_table/check_sizes.py --offset 0x8000 partition --type app build/partition_table/"
            "partition-table.bin build/gps_tracker.bin\nFAILED: esp-idf/esptool_py/CMakeFiles/app_check_size\n"
            "Error: app partition is too small for binary gps_tracker.bin size 0x10a3c0:\n  - Part 'factory' 0/0 @ "
            "0x10000 size 0x100000 (overflow 0xa3c0)\nninja: build stopped: subcommand failed.",
            code=2,
            desc="Build",
            secs=95,
        ),
    )
    s.act(
        "The image grew past the 1 MB factory partition. The flash is 4 MB, so I'll give the app 1.5 MB in partitions.csv.",
        Edit(
            "partitions.csv",
            "factory,  app,  factory, 0x10000, 1M,",
            "factory,  app,  factory, 0x10000, 0x180000,",
        ),
    )
    s.act(
        None,
        Bash(
            "idf.py build",
            idf_build(
                "gps_tracker.bin binary size 0x10a3c0 bytes. Smallest app partition is 0x180000 bytes. 0x75c40 bytes (31%) free."
            ),
            desc="Build",
            secs=60,
        ),
    )
    s.say(
        "Motion interrupt only queues the pin number; the modem task wakes on the queue. The build fits again (31 % free)."
    )
    s.user("tamam, cihazda denedim, sallayinca modem kalkiyor 👍")
    s.outcome("success", "motion interrupt added, partition grown, the person confirms on the device")
    s.one_off("app partition is too small for binary gps_tracker.bin (overflow 0xa3c0): factory partition 1M")
    return s


def f02_jira_ota_question() -> Session:
    s = fw("f02-jira-ota-question", "2027-03-02T14:00:11", "2.1.190", "feature/server-url", "mild-goztepe-tern")
    s.user(
        "sunucu adresini koddan cikar, menuconfig'e al (CONFIG_ROTA_SERVER_URL). karar verdik: simdilik OTA yok, "
        "guncellemeler USB ile servis aracinda yapilacak, o yuzden OTA partition'i ekleme",
        after=0,
        decisions=["karar verdik: simdilik OTA yok, guncellemeler USB ile servis aracinda yapilacak"],
    )
    s.act(
        None,
        Write(
            "main/Kconfig.projbuild",
            'menu "Rota tracker"\n\n    config ROTA_SERVER_URL\n        string "Tracking server URL"\n'
            '        default "https://track.rota-lojistik.com.tr/api/v1/points"\n\nendmenu\n',
        ),
        Edit(
            "main/uplink.c",
            '#define SERVER_URL "https://track.rota-lojistik.com.tr/api/v1/points"',
            "#define SERVER_URL CONFIG_ROTA_SERVER_URL",
        ),
    )
    s.act(None, Bash("idf.py build", idf_build(), desc="Build", secs=70))
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "sunucu adresi menuconfig\'e"',
            git_commit("feature/server-url", "2be71f9", "sunucu adresi menuconfig'e", 3, 14, 1),
            desc="Commit",
        ),
    )
    s.user(
        "commit mesajini duzelt: commit messages always in English and start with the Jira key like ROTA-123. bu "
        "ROTA-219. bir de soru: Unity testlerini hep cihazda mi calistirmak lazim?",
        rules=[("commit-english-jira", "commit messages always in English and start with the Jira key like ROTA-123")],
        non_rules=["Unity testlerini hep cihazda mi calistirmak lazim?"],
    )
    s.act(
        None,
        Bash(
            'git commit --amend -m "ROTA-219 Move the server URL to menuconfig"',
            git_commit("feature/server-url", "6d02ac4", "ROTA-219 Move the server URL to menuconfig", 3, 14, 1),
            desc="Reword the commit",
        ),
    )
    s.say(
        'Reworded to "ROTA-219 Move the server URL to menuconfig". On the tests: no. Code that doesn\'t touch the '
        "hardware (the NMEA parser, geo math, the point buffer) can run as Unity tests on the host with CMake and "
        "ctest, which is much faster; only driver-level tests need the board."
    )
    s.user("mantikli, sagol")
    s.outcome("success", "server URL moved to Kconfig, commit reworded; question answered")
    return s


def f03_guru_rmc() -> Session:
    s = fw("f03-guru-rmc", "2027-03-03T14:30:27", "2.1.191", "main", "sharp-pasaport-heron")
    crash = guru(
        "LoadProhibited",
        [
            ("nmea_parse_rmc", f"{FW}/main/nmea.c:57"),
            ("gps_task", f"{FW}/main/gps_task.c:88"),
            (
                "vPortTaskWrapper",
                "/home/mehmet/esp/esp-idf/components/freertos/FreeRTOS-Kernel/portable/xtensa/port.c:162",
            ),
        ],
    )
    s.user(
        "cihaz arada bir reboot atiyor, monitor'den aldim:\n\n" + crash + "\n\nbu ne?",
        after=0,
    )
    s.act(None, Read("main/nmea.c", PARSER, offset=44, total=120))
    s.act(
        "Line 57 dereferences field[2]; if a sentence has fewer fields it is NULL. I'll guard the fields before use and add a debug print of the raw sentence.",
        Edit(
            "main/nmea.c",
            "    out->valid = field[2][0] == 'A';",
            "    if (n < 7 || !field[2] || !field[4] || !field[6]) {\n"
            "        printf(\"bad RMC: %s\\n\", line);\n        return -1;\n    }\n    out->valid = field[2][0] == 'A';",
        ),
    )
    s.user(
        "printf kullanma, hep ESP_LOGI/ESP_LOGE ile logla. tag GPS",
        rules=[("esp-log", "printf kullanma, hep ESP_LOGI/ESP_LOGE ile logla")],
    )
    s.act(
        None,
        Edit(
            "main/nmea.c",
            '        printf("bad RMC: %s\\n", line);',
            '        ESP_LOGE(TAG, "bad RMC: %s", line);',
        ),
    )
    s.act(
        None,
        Bash(
            f"{HOST_BUILD} && {CTEST}",
            "-- Configuring done (0.4s)\n-- Build files have been written to: "
            + FW
            + "/build_host\n[100%] Built target test_nmea\n"
            + ctest_run([("test_nmea", True, ""), ("test_geo", True, "")]),
            desc="Host tests",
            secs=20,
        ),
    )
    s.say(
        "The parser now rejects short $GPRMC sentences instead of dereferencing NULL; host tests pass. Flash it and watch the monitor."
    )
    s.user(
        "flashladim, testler yesil ama cihazda hala resetleniyor, ayni LoadProhibited, yine nmea.c. olmadi. "
        "yarin bakariz"
    )
    s.outcome("failed", "NULL guard made the host tests green, but the device still crashes in the parser")
    s.hit(NMEA)
    return s


def f04_accel_stack() -> Session:
    s = fw("f04-accel-stack", "2027-03-04T13:00:05", "2.1.191", "feature/accel-wakeup", "round-basmane-owl")
    s.user(
        "accel task'i acilista patliyor:\n\n***ERROR*** A stack overflow in task accel_task has been detected.\n\n"
        "Backtrace: 0x40081d7e:0x3ffbb3a0 0x40089a91:0x3ffbb3c0 0x4008c1c2:0x3ffbb3e0\n\nCONTRIBUTING'e de bak",
        after=0,
    )
    s.act(None, Read("docs/CONTRIBUTING.md", DOCS_CONTRIBUTING, total=6))
    s.not_person("Never block in the GPS callback longer than 10 ms.", "tool_output")
    s.act(
        None,
        Read(
            "main/accel_task.c",
            '    xTaskCreate(accel_task, "accel_task", 1536, NULL, 5, NULL);',
            offset=102,
            total=110,
        ),
    )
    s.act(
        "accel_task gets 1536 bytes but keeps a 1 KB sample window on its stack. I'll raise it to 4096.",
        Edit(
            "main/accel_task.c",
            '    xTaskCreate(accel_task, "accel_task", 1536, NULL, 5, NULL);',
            '    xTaskCreate(accel_task, "accel_task", 4096, NULL, 5, NULL);',
        ),
    )
    s.user(
        "olur ama sayi yazma oraya. task stacks in bytes with a #define in app_config.h, no magic numbers in "
        "xTaskCreate",
        rules=[
            ("stack-defines", "task stacks in bytes with a #define in app_config.h, no magic numbers in xTaskCreate")
        ],
    )
    s.act(
        None,
        Edit(
            "main/app_config.h",
            "#define GPS_TASK_STACK 4096",
            "#define GPS_TASK_STACK 4096\n#define ACCEL_TASK_STACK 4096",
        ),
        Edit(
            "main/accel_task.c",
            '    xTaskCreate(accel_task, "accel_task", 4096, NULL, 5, NULL);',
            '    xTaskCreate(accel_task, "accel_task", ACCEL_TASK_STACK, NULL, 5, NULL);',
        ),
    )
    s.act(None, Bash("idf.py build", idf_build(), desc="Build", secs=65))
    s.say("ACCEL_TASK_STACK (4096) is in app_config.h and used by xTaskCreate; builds clean.")
    s.user("flashladim, stack overflow gitti. eyvallah")
    s.outcome("success", "accel_task stack raised via an app_config.h define; the person confirms on the device")
    s.one_off("***ERROR*** A stack overflow in task accel_task (1536-byte stack with a 1 KB sample window)")
    return s


def f05_ttyusb_permission() -> Session:
    s = fw("f05-ttyusb-permission", "2027-03-05T13:30:40", "2.1.191", "main", "fine-alaybey-finch")
    s.user("yeni laptop'ta flash calismiyor, bak", after=0)
    s.act(
        None,
        Bash(
            "idf.py -p /dev/ttyUSB0 flash",
            "Executing action: flash\nSerial port /dev/ttyUSB0\nA fatal error occurred: Could not open /dev/ttyUSB0, "
            "the port is busy or doesn't exist.\n([Errno 13] could not open port /dev/ttyUSB0: [Errno 13] Permission "
            "denied: '/dev/ttyUSB0')\n\nHint: Try to add user into dialout or uucp group.",
            code=2,
            desc="Flash",
            secs=8,
        ),
    )
    s.act(
        None,
        Bash(
            "ls -l /dev/ttyUSB0 && id -nG",
            "crw-rw---- 1 root dialout 188, 0 Mar  5 16:31 /dev/ttyUSB0\nmehmet adm cdrom sudo plugdev docker",
            desc="Port owner and groups",
        ),
    )
    s.user(
        "dur, flash etmeden once bana sor, unutma. cihaz bazen aracta takili oluyor, yanlis seyi yaziyorsun. "
        "grup sorununu coz sadece",
        rules=[("ask-before-flash", "flash etmeden once bana sor, unutma")],
    )
    s.act(None, Bash("sudo usermod -aG dialout mehmet", "", desc="Add mehmet to dialout"))
    s.say(
        "Added you to dialout (the port is root:dialout). Log out and back in (or `newgrp dialout`), then the port opens. Shall I flash after that?"
    )
    s.user("oldu, flash ettim kendim")
    s.outcome("success", "serial port permission fixed by joining dialout; the person flashed")
    s.one_off("esptool: Could not open /dev/ttyUSB0 ... [Errno 13] Permission denied (user not in dialout)")
    return s


def f06_ctest_no_fix() -> Session:
    s = fw("f06-ctest-no-fix", "2027-03-08T14:00:19", "2.1.192", "test/nmea-no-fix", "odd-cigli-crane")
    s.user(
        "NMEA parser'a host testi ekledim, uydu yokken gelen cumle icin: "
        "$GPRMC,083559.00,V,,,,,,,080327,,,N*7C. test_rmc_without_fix kirmizi. saf C kodunun testleri hep host'ta "
        "ctest ile, target'ta degil, onu da bil",
        after=0,
        rules=[("host-tests", "saf C kodunun testleri hep host'ta ctest ile, target'ta degil")],
    )
    fail = (
        f"{FW}/test/host/test_nmea.c:74:test_rmc_without_fix:FAIL: Expected 'V' Was '0'\n"
        f"{FW}/test/host/test_nmea.c:61:test_rmc_with_fix:PASS\n\n-----------------------\n2 Tests 1 Failures 0 Ignored\nFAIL"
    )
    out = ctest_run([("test_nmea", False, fail), ("test_geo", True, "")])
    s.act(None, Bash(CTEST, out, code=8, desc="Run host tests", secs=4))
    s.act(
        "The status field reads as '0': the date lands where the status should be. Maybe the checksum part is confusing the split; I'll strip '*7C' before parsing.",
        Edit(
            "main/nmea.c",
            "    strlcpy(buf, line, sizeof(buf));",
            "    strlcpy(buf, line, sizeof(buf));\n    char *star = strchr(buf, '*');\n    if (star) {\n        *star = '\\0';\n    }",
        ),
    )
    s.act(None, Bash(f"cmake --build build_host && {CTEST}", out, code=8, desc="Rebuild and run host tests", secs=6))
    s.act(None, Bash(CTEST, out, code=8, desc="Run host tests again", secs=4))
    s.act(None, Bash(CTEST, out, code=8, desc="Run host tests again", secs=4))
    s.say(
        "Still Expected 'V' Was '0'. Stripping the checksum changed nothing; the field indices are off somewhere else."
    )
    s.user("ayni komutu uc kere calistirdin ya. birak, geri al")
    s.act(None, Bash("git checkout -- main/nmea.c", "", desc="Revert nmea.c"))
    s.outcome("failed", "host test for an RMC sentence without a fix fails 3x; checksum change reverted")
    s.hit(NMEA)
    return s


def f07_resumed_battery() -> Session:
    s = fw("f07-resumed-battery", "2027-03-09T13:00:52", "2.1.192", "feature/battery", "warm-hatay-wren")
    s.user("pil voltajini oku (GPIO35, 1/2 bolucu) ve her noktaya ekle. adc_oneshot kullan, kalibrasyonla", after=0)
    s.act(
        None,
        Write(
            "main/battery.c",
            '#include "esp_adc/adc_oneshot.h"\n#include "esp_adc/adc_cali_scheme.h"\n\n'
            "int battery_mv(void)\n{\n    int raw = 0, mv = 0;\n    ESP_ERROR_CHECK(adc_oneshot_read(s_adc, ADC_CHANNEL_7, &raw));\n"
            "    ESP_ERROR_CHECK(adc_cali_raw_to_voltage(s_cali, raw, &mv));\n    return mv * 2;\n}\n",
        ),
    )
    s.act(None, Bash("idf.py build", idf_build(), desc="Build", secs=70))
    s.say(
        "battery_mv() reads GPIO35 (ADC1 channel 7) with line-fitting calibration and doubles it for the divider. Builds clean."
    )
    s.user("ok I will try it on the device tomorrow, leaving now")
    s.user(
        "geldim. denedim, 4.1V gosteriyor, multimetre 4.08, guzel. bir sey: monitor'de backtrace cozulmemisti dun "
        "baska bir crash'te. turns out idf.py monitor only decodes the backtrace when the elf in build/ matches "
        "what is flashed. simdi noktalara ekle",
        after=68_400,
        lessons=["turns out idf.py monitor only decodes the backtrace when the elf in build/ matches what is flashed"],
    )
    s.act(
        None,
        Edit(
            "main/uplink.c",
            '    cJSON_AddNumberToObject(point, "speed", fix->speed_kmh);',
            '    cJSON_AddNumberToObject(point, "speed", fix->speed_kmh);\n    cJSON_AddNumberToObject(point, "battery_mv", battery_mv());',
        ),
    )
    s.act(None, Bash("idf.py build", idf_build(), desc="Build", secs=60))
    s.say("Each point now carries battery_mv. Built.")
    s.user("sunucuda gorunuyor, tamam")
    s.outcome("success", "battery voltage read and sent; resumed next day, the person sees it on the server")
    return s


def f08_interrupt_led() -> Session:
    s = fw("f08-interrupt-led", "2027-03-10T13:10:30", "2.1.192", "feature/status-led", "lazy-bostanli-gull")
    s.user("durum LED'i: fix yoksa yavas yanip sonsun, fix varsa sabit. LEDC kullanma, basit GPIO yeter", after=0)
    s.act(
        None,
        Write(
            "main/status_led.c",
            '#include "driver/gpio.h"\n#include "app_config.h"\n\nvoid status_led_task(void *arg)\n{\n'
            "    for (;;) {\n        bool fix = gps_has_fix();\n        gpio_set_level(STATUS_LED_GPIO, fix ? 1 : !gpio_get_level(STATUS_LED_GPIO));\n"
            "        vTaskDelay(pdMS_TO_TICKS(fix ? 1000 : 500));\n    }\n}\n",
        ),
    )
    s.act(None, Bash("idf.py build", idf_build(), desc="Build", secs=60))
    s.act(
        None,
        Bash(
            "idf.py -p /dev/ttyUSB0 flash monitor",
            "Executing action: flash\nSerial port /dev/ttyUSB0\nConnecting....",
            desc="Flash and monitor",
            secs=4,
        ),
    )
    s.interrupt(after=2)
    s.user(
        "dur! cihaz su an aracta. commit at, branch'i pushla. api'de de dedim, burada da ayni: main'e direkt push yok",
        rules=[("no-push-main", "api'de de dedim, burada da ayni: main'e direkt push yok")],
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "ROTA-226 Status LED blinks until the first fix" && git push -u origin feature/status-led',
            git_commit("feature/status-led", "91c3e7a", "ROTA-226 Status LED blinks until the first fix", 2, 31, 0)
            + "\nTo github.com:rota-lojistik/rota-firmware.git\n * [new branch]      feature/status-led -> feature/status-led",
            desc="Commit and push the branch",
        ),
    )
    s.say("Committed and pushed feature/status-led; not flashed.")
    s.user("aksam flashladim, LED dogru calisiyor")
    s.outcome("success", "status LED committed and pushed; the person flashed it later and reports it works")
    return s


def f09_task_wdt() -> Session:
    s = fw("f09-task-wdt", "2027-03-11T13:40:16", "2.1.193", "main", "thin-karaburun-heron")
    s.user(
        "modem baglanirken monitor'de bu cikiyor, sonra devam ediyor:\n\nE (48213) task_wdt: Task watchdog got "
        "triggered. The following tasks did not reset the watchdog in time:\nE (48213) task_wdt:  - IDLE0 (CPU 0)\n"
        "E (48213) task_wdt: Tasks currently running:\nE (48213) task_wdt: CPU 0: modem_task\n\nbu arada we decided "
        "to keep the u-blox at 1 Hz, 5 Hz eats the battery, 5 Hz branch'ini silebilirsin",
        after=0,
        decisions=["we decided to keep the u-blox at 1 Hz, 5 Hz eats the battery"],
    )
    s.act(
        None,
        Read(
            "main/modem.c",
            '    while (!modem_at_ok("AT+CEREG?", "+CEREG: 0,1")) {\n        /* wait for registration */\n    }',
            offset=130,
            total=210,
        ),
    )
    s.act(
        "modem_task busy-waits on registration without ever yielding, so IDLE0 never runs. A delay in the loop fixes it.",
        Edit(
            "main/modem.c",
            '    while (!modem_at_ok("AT+CEREG?", "+CEREG: 0,1")) {\n        /* wait for registration */\n    }',
            '    while (!modem_at_ok("AT+CEREG?", "+CEREG: 0,1")) {\n        vTaskDelay(pdMS_TO_TICKS(500));\n    }',
        ),
        Bash(
            "git push origin --delete feature/gps-5hz",
            "To github.com:rota-lojistik/rota-firmware.git\n - [deleted]         feature/gps-5hz",
            desc="Delete the 5 Hz branch",
        ),
    )
    s.act(None, Bash("idf.py build", idf_build(), desc="Build", secs=60))
    s.say("modem_task now waits 500 ms between CEREG polls; the 5 Hz branch is deleted.")
    s.user("watchdog mesaji gitti, tamam")
    s.outcome("success", "task watchdog fixed with a delay in the registration loop; the person confirms")
    s.one_off("task_wdt: Task watchdog got triggered, IDLE0 starved by modem_task busy-waiting on AT+CEREG?")
    return s


def f10_otopark_tr() -> Session:
    s = fw("f10-otopark-tr", "2027-03-12T13:00:09", "2.1.193", "main", "shy-inciralti-tern")
    s.user(
        "sahadan bilgi geldi: 34 ABC 12 plakali aracin cihazi depoya girince resetleniyor. depo kapali otopark "
        "gibi, icerde uydu yok. disarida hic sorun yok. log yok elimde, arac sahada. ne olabilir, kodu degistirme",
        after=0,
    )
    s.act(
        None,
        Read(
            "main/gps_task.c",
            '        if (strncmp(line, "$GPRMC", 6) == 0 && nmea_parse_rmc(line, &fix) == 0) {\n            point_buffer_push(&fix);\n        }',
            offset=80,
            total=140,
        ),
    )
    s.say(
        "Indoors the u-blox keeps sending $GPRMC sentences, but with status V and empty fields (,,,,). That is "
        "the path where nmea_parse_rmc has crashed before on the bench. I'd reproduce it with a recorded no-fix "
        "sentence before changing anything."
    )
    s.user("ok, haftaya bakariz")
    s.outcome("unknown", "Turkish field report (resets in the covered depot), likely cause named, nothing tried")
    s.hit(NMEA)
    return s


def _sa_parser(c: Session) -> None:
    c.act(None, Read("main/nmea.c", PARSER, offset=44, total=120))
    c.act(
        None,
        Read(
            "test/host/test_nmea.c",
            'static const char *NO_FIX = "$GPRMC,083559.00,V,,,,,,,080327,,,N*7C";',
            offset=12,
            total=90,
        ),
    )
    c.say(
        "nmea_parse_rmc copies the line and splits it with strtok(buf, \",\"). strtok treats ',,' as one separator, "
        "so in the no-fix sentence the empty fields vanish: field[2] becomes the date '080327' and field[4]/field[6] "
        "are NULL, which the code dereferences (main/nmea.c:57)."
    )


def f11_fix_strsep() -> Session:
    s = fw("f11-fix-strsep", "2027-03-15T13:00:44", "2.1.194", "fix/nmea-empty-fields", "deep-kordon-crane")
    s.user(
        "otopark reset'i, ctest'teki test_rmc_without_fix ve o LoadProhibited ayni sey olmali. parser'a bi agent "
        "baksin, sonra duzelt. again: no printf in the parser, use the ESP_LOG macros",
        after=0,
        rules=[("esp-log", "again: no printf in the parser, use the ESP_LOG macros")],
    )
    s.act(
        None,
        Agent(
            "NMEA field splitting",
            "Do not flash the device; only read the parser and report how fields are split in nmea_parse_rmc and "
            "what happens with the no-fix RMC sentence in test/host/test_nmea.c.",
            "Explore",
            _sa_parser,
        ),
    )
    s.not_person(
        "Do not flash the device; only read the parser and report how fields are split in nmea_parse_rmc",
        "subagent_prompt",
    )
    s.act(
        "strtok folds the empty fields. I'll split with strsep, which keeps them as empty strings.",
        Edit(
            "main/nmea.c",
            '    for (char *tok = strtok(buf, ","); tok && n < 13; tok = strtok(NULL, ",")) {\n        field[n++] = tok;\n    }',
            '    char *cursor = buf;\n    char *tok;\n    while (n < 13 && (tok = strsep(&cursor, ",")) != NULL) {\n        field[n++] = tok;\n    }\n'
            '    if (n < 7) {\n        ESP_LOGW(TAG, "short RMC (%d fields)", n);\n        return -1;\n    }',
        ),
        Edit(
            "test/host/test_nmea.c",
            'static const char *NO_FIX = "$GPRMC,083559.00,V,,,,,,,080327,,,N*7C";',
            'static const char *NO_FIX = "$GPRMC,083559.00,V,,,,,,,080327,,,N*7C";\n\n'
            "void test_rmc_keeps_empty_fields(void)\n{\n    gps_fix_t fix;\n"
            "    TEST_ASSERT_EQUAL_INT(0, nmea_parse_rmc(NO_FIX, &fix));\n    TEST_ASSERT_FALSE(fix.valid);\n}",
        ),
    )
    s.act(
        None,
        Bash(
            f"cmake --build build_host && {CTEST}",
            "[100%] Built target test_nmea\n" + ctest_run([("test_nmea", True, ""), ("test_geo", True, "")]),
            desc="Host tests",
            secs=8,
        ),
    )
    s.say(
        "All host tests pass, including test_rmc_without_fix and the new test_rmc_keeps_empty_fields. Tell me when the device is free and I'll flash it."
    )
    s.user(
        "flash et, cihaz masada. TIL strtok collapses empty fields, so ',,' in NMEA shifts every index",
        lessons=["TIL strtok collapses empty fields, so ',,' in NMEA shifts every index"],
    )
    s.act(
        None,
        Bash(
            "idf.py -p /dev/ttyUSB0 flash",
            "Executing action: flash\nSerial port /dev/ttyUSB0\nConnecting....\nChip is ESP32-D0WD-V3 (revision v3.0)\nWrote 1090496 bytes (652310 compressed) at 0x00010000 in 14.8 seconds (effective 589.5 kbit/s)...\nHash of data verified.\n\nLeaving...\nHard resetting via RTS pin...\nDone",
            desc="Flash",
            secs=25,
        ),
    )
    s.user("metal kutuya koydum (uydu yok), 20 dk reset yok. sonra disari cikardim fix aldi. oldu 🎉")
    s.outcome("success", "strtok replaced by strsep; host tests green, no reset without a fix on the device")
    s.hit(NMEA, fixed=True)
    return s


def _sa_stacks(c: Session) -> None:
    c.act(
        None,
        Bash(
            'grep -rn "_TASK_STACK" main/',
            "main/app_config.h:12:#define GPS_TASK_STACK 4096\nmain/app_config.h:13:#define ACCEL_TASK_STACK 4096\nmain/app_config.h:14:#define MODEM_TASK_STACK 6144\nmain/app_config.h:15:#define LED_TASK_STACK 2048",
            desc="Find stack defines",
        ),
    )
    c.say(
        "Four stack defines in main/app_config.h: GPS 4096, ACCEL 4096, MODEM 6144, LED 2048; each used once in xTaskCreate."
    )


def f12_kconfig_compact() -> Session:
    s = fw("f12-kconfig-compact", "2027-03-17T13:30:21", "2.1.195", "feature/kconfig-stacks", "calm-sirinyer-kite")
    s.user(
        "forget the app_config.h defines for stacks, from now on stack sizes go in Kconfig so we can set them in "
        "menuconfig per board. bi agent listesini cikarsin, sen Kconfig'i hazirla",
        after=0,
        rules=[
            (
                "stack-kconfig",
                "forget the app_config.h defines for stacks, from now on stack sizes go in Kconfig so we can set them in menuconfig per board",
                "stack-defines",
            )
        ],
    )
    s.act(
        "I'll have a background agent list the stack defines while I add the Kconfig entries.",
        Agent(
            "List task stack defines",
            "List every *_TASK_STACK define in main/ with its value and where it is used. Report only.",
            "general-purpose",
            _sa_stacks,
            background=True,
        ),
    )
    s.act(
        None,
        Edit(
            "main/Kconfig.projbuild",
            "endmenu",
            '    config ROTA_GPS_TASK_STACK\n        int "GPS task stack (bytes)"\n        default 4096\n\n'
            '    config ROTA_ACCEL_TASK_STACK\n        int "Accelerometer task stack (bytes)"\n        default 4096\n\n'
            '    config ROTA_MODEM_TASK_STACK\n        int "Modem task stack (bytes)"\n        default 6144\n\n'
            '    config ROTA_LED_TASK_STACK\n        int "Status LED task stack (bytes)"\n        default 2048\n\nendmenu',
        ),
    )
    s.agent_done(after=10)
    s.compact(
        "manual",
        "This session is being continued from a previous conversation. Summary:\n1. Primary Request: move task stack "
        "sizes from app_config.h to Kconfig (menuconfig).\n2. Done: CONFIG_ROTA_*_TASK_STACK entries in "
        "main/Kconfig.projbuild (GPS 4096, ACCEL 4096, MODEM 6144, LED 2048).\n3. Next: replace the defines in "
        "app_config.h and the xTaskCreate calls, build.",
        pre_tokens=96_220,
        post_tokens=9_480,
    )
    s.act(
        None,
        Edit(
            "main/app_config.h",
            "#define GPS_TASK_STACK 4096\n#define ACCEL_TASK_STACK 4096\n#define MODEM_TASK_STACK 6144\n#define LED_TASK_STACK 2048",
            "#define GPS_TASK_STACK CONFIG_ROTA_GPS_TASK_STACK\n#define ACCEL_TASK_STACK CONFIG_ROTA_ACCEL_TASK_STACK\n"
            "#define MODEM_TASK_STACK CONFIG_ROTA_MODEM_TASK_STACK\n#define LED_TASK_STACK CONFIG_ROTA_LED_TASK_STACK",
        ),
    )
    s.act(None, Bash("idf.py build", idf_build(), desc="Build", secs=70))
    s.say(
        "Stack sizes now come from menuconfig (Rota tracker → … task stack); app_config.h only maps them. Builds clean."
    )
    s.user("menuconfig'de gordum, guzel. ROTA-233 ile commit at, branch'i pushla")
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "ROTA-233 Make task stack sizes configurable" && git push -u origin feature/kconfig-stacks',
            git_commit("feature/kconfig-stacks", "c47d0a8", "ROTA-233 Make task stack sizes configurable", 2, 22, 4)
            + "\n * [new branch]      feature/kconfig-stacks -> feature/kconfig-stacks",
            desc="Commit and push",
        ),
    )
    s.outcome("success", "stack sizes moved to Kconfig, built, committed and pushed at the person's request")
    return s


def f13_sleep_questions() -> Session:
    s = fw("f13-sleep-questions", "2027-03-18T12:30:58", "2.1.195", "main", "still-teos-wren")
    s.user(
        "sadece soru, kod yok: arac park halindeyken light sleep mi deep sleep mi? deep sleep'te GPS'in sicak "
        "baslangici kaybolur mu?",
        after=0,
    )
    s.say(
        "Deep sleep powers down the CPU and RAM (only RTC memory survives), light sleep keeps RAM and wakes in ~1 ms. "
        "The u-blox keeps its ephemeris as long as its V_BCKP pin stays powered, independent of the ESP32's sleep "
        "mode; if your board cuts the GPS supply in deep sleep, you get a cold start (~30 s) instead of a hot start (~1 s)."
    )
    s.user("peki ivmeolcer interrupt'i deep sleep'ten uyandirir mi?")
    s.say(
        "Yes, with ext0/ext1 wakeup on an RTC-capable GPIO (GPIO 0, 2, 4, 12–15, 25–27, 32–39). Your INT1 is on GPIO34, which qualifies."
    )
    s.outcome("unknown", "questions only about sleep modes, answered, no verdict")
    return s


SESSIONS = [
    f01_partition_isr,
    f02_jira_ota_question,
    f03_guru_rmc,
    f04_accel_stack,
    f05_ttyusb_permission,
    f06_ctest_no_fix,
    f07_resumed_battery,
    f08_interrupt_led,
    f09_task_wdt,
    f10_otopark_tr,
    f11_fix_strsep,
    f12_kconfig_compact,
    f13_sleep_questions,
]
