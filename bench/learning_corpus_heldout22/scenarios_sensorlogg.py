"""Sessions in `sensorlogg` (/Users/elin/code/sensorlogg): a C++17 daemon for a Raspberry Pi Zero 2 W (32-bit
Raspberry Pi OS, armhf) that reads a BME280 and an SGP30 over I2C (/dev/i2c-1) and publishes readings over MQTT
(paho.mqtt.cpp, TLS to a Mosquitto broker). CMake + ninja, GoogleTest/ctest, clang-tidy; cross-compiled in an
arm64 Debian container on Elin's Mac with cmake/toolchain-rpi.cmake; systemd unit shipped by deploy/deploy.sh."""

from __future__ import annotations

from fake_output import SENS, ctest_run, git_commit
from transcript_kit import Agent, Bash, Denied, Edit, Read, Session, Write

I2C = "i2c-bus-race"
CROSS = "cross-host-libs"
XBUILD = "docker run --rm -v $PWD:/src -w /src sensorlogg-cross cmake --build build-rpi"
PI = "ssh pi@sensorlogg-01.local"


def sens(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=SENS, project="sensorlogg")


def s01_mqtt_publisher() -> Session:
    s = sens("s01-mqtt-publisher", "2026-03-02T10:30:11", "2.1.70", "feature/mqtt", "amber-askim-tern")
    s.user(
        "I need a Publisher class around paho.mqtt.cpp: connect with TLS, publish a Reading as JSON. Topics are "
        "sensorlogg/<hostname>/<sensor>, lowercase, no exceptions. No raw new/delete anywhere, unique_ptr or the stack.",
        after=0,
        rules=[
            ("mqtt-topics", "Topics are sensorlogg/<hostname>/<sensor>, lowercase, no exceptions"),
            ("no-raw-new", "No raw new/delete anywhere, unique_ptr or the stack"),
        ],
    )
    s.act(
        None,
        Write(
            "src/publisher.hpp",
            '#pragma once\n#include <memory>\n#include <string>\n#include <mqtt/async_client.h>\n#include "reading.hpp"\n\n'
            "class Publisher {\npublic:\n    Publisher(std::string broker, std::string host);\n    void publish(const Reading& r);\n\n"
            "private:\n    std::string topic_for(const std::string& sensor) const;\n    std::unique_ptr<mqtt::async_client> client_;\n    std::string host_;\n};\n",
        ),
        Write(
            "tests/publisher_test.cpp",
            '#include <gtest/gtest.h>\n#include "publisher.hpp"\n\nTEST(Publisher, TopicIsLowercase) {\n'
            '    EXPECT_EQ(topic_for_test("SensorLogg-01", "BME280"), "sensorlogg/sensorlogg-01/bme280");\n}\n',
        ),
    )
    s.act(
        None,
        Bash(
            "cmake --build build && ctest --test-dir build",
            ctest_run([("Publisher.TopicIsLowercase", True), ("Reading.ToJson", True)]),
            secs=40,
        ),
    )
    s.say("Publisher with TLS connect and lowercase topics; both tests pass.")
    s.user(
        "bra. commit, och commitmeddelanden på engelska, alltid, även om jag snackar svenska med dig",
        rules=[("commit-english", "commitmeddelanden på engelska, alltid, även om jag snackar svenska med dig")],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add MQTT publisher with TLS and per-sensor topics'",
            git_commit("feature/mqtt", "1f4b2aa", "Add MQTT publisher with TLS and per-sensor topics", 4, 131, 2),
        ),
    )
    s.outcome("success", "MQTT publisher written, tests green, committed")
    return s


CRC_LOG = """Mar 03 07:12:40 sensorlogg-01 sensorlogg[612]: sgp30: CRC mismatch on word 1 (got 0x3c, want 0x92)
Mar 03 07:13:10 sensorlogg-01 sensorlogg[612]: sgp30: CRC mismatch on word 0 (got 0xff, want 0x5e)
Mar 03 07:19:40 sensorlogg-01 sensorlogg[612]: sgp30: CRC mismatch on word 1 (got 0x00, want 0xb1)"""


def s02_sgp30_crc() -> Session:
    s = sens("s02-sgp30-crc", "2026-03-03T10:05:33", "2.1.71", "main", "quiet-styrso-eel")
    s.user(
        "från journalctl på pi:n i morse, händer några gånger i timmen:\n\n" + CRC_LOG + "\n\nmen SGP30 sitter ju "
        "på kortet, sladdarna är korta. och en sak: keep everything in SI units in the payload (Pa not hPa), because "
        "Grafana does the conversion and we had a mess with mixed units last year",
        after=0,
        rules=[("si-units", "keep everything in SI units in the payload (Pa not hPa)")],
    )
    s.act(
        None,
        Read(
            "src/sgp30.cpp",
            "std::optional<AirQuality> Sgp30::measure() {\n    bus_.write(addr_, kMeasureIaq);\n    sleep_for(12ms);\n"
            '    auto raw = bus_.read(addr_, 6);\n    if (!crc_ok(raw)) {\n        log_warn("sgp30: CRC mismatch");\n        return std::nullopt;\n    }',
            offset=40,
            total=96,
        ),
    )
    s.act(
        "CRC errors on a short bus usually mean a marginal read. I'll retry the read up to three times before giving up.",
        Edit(
            "src/sgp30.cpp",
            "    auto raw = bus_.read(addr_, 6);\n    if (!crc_ok(raw)) {",
            "    auto raw = bus_.read(addr_, 6);\n    for (int attempt = 0; attempt < 3 && !crc_ok(raw); ++attempt) {\n"
            "        sleep_for(2ms);\n        raw = bus_.read(addr_, 6);\n    }\n    if (!crc_ok(raw)) {",
        ),
        Edit(
            "src/bme280.cpp",
            "    r.pressure_hpa = comp_pressure(raw) / 100.0;",
            "    r.pressure_pa = comp_pressure(raw);",
        ),
    )
    s.act(
        None,
        Bash(
            "./deploy/deploy.sh sensorlogg-01.local && sleep 1200 && "
            + PI
            + " 'journalctl -u sensorlogg --since -20min | grep -c CRC'",
            "deployed sensorlogg 0.4.1 to sensorlogg-01.local\n2",
            secs=1260,
        ),
    )
    s.say("After 20 minutes there are still 2 CRC messages. The retry reduces them but doesn't remove them.")
    s.user("så det funkar inte. lägger det åt sidan idag")
    s.outcome("failed", "SGP30 CRC errors: retries added, errors remain after deploy")
    s.hit(I2C)
    return s


LD_FAIL = """[41/43] Linking CXX executable sensorlogg
FAILED: sensorlogg
/usr/bin/arm-linux-gnueabihf-ld: skipping incompatible /usr/lib/aarch64-linux-gnu/libpaho-mqtt3as.so when searching for -lpaho-mqtt3as
/usr/bin/arm-linux-gnueabihf-ld: cannot find -lpaho-mqtt3as: No such file or directory
collect2: error: ld returned 1 exit status
ninja: build stopped: subcommand failed."""


def s03_cross_paho() -> Session:
    s = sens("s03-cross-paho", "2026-03-04T08:02:19", "2.1.71", "feature/mqtt", "misty-vrango-perch")
    s.user("bygg för pi:n i containern, jag vill testa publishern på riktigt", after=0)
    s.act(None, Bash(XBUILD, LD_FAIL, code=1, desc="Cross-build for the Pi", secs=70))
    s.act(
        "The container has paho only for arm64. I'll add the armhf architecture and install the armhf paho package.",
        Bash(
            "docker run --rm sensorlogg-cross sh -c 'dpkg --add-architecture armhf && apt-get update -q && apt-get install -y libpaho-mqtt-dev:armhf'",
            "Reading package lists...\nE: Unable to locate package libpaho-mqtt-dev:armhf",
            code=100,
            secs=40,
        ),
    )
    s.say(
        "Debian has no libpaho-mqtt-dev for armhf in this mirror. We could build paho from source for armhf in the "
        "container image; that's a bigger change."
    )
    s.user("nä inte idag. jag bygger på pi:n direkt så länge")
    s.outcome("failed", "cross-build fails to link paho for armhf; no fix, the person falls back to building on the Pi")
    s.hit(CROSS)
    return s


def s04_tidy_narrowing() -> Session:
    s = sens("s04-tidy-narrowing", "2026-03-04T13:40:50", "2.1.71", "feature/mqtt", "sunny-branno-crab")
    s.user(
        "decision: QoS 1 for readings, retained only for the status topic. ändra publishern så. clang-tidy ska vara "
        "helt tyst innan vi committar, inga NOLINT utan att fråga mig",
        after=0,
        decisions=["decision: QoS 1 for readings, retained only for the status topic"],
        rules=[("tidy-clean", "clang-tidy ska vara helt tyst innan vi committar")],
    )
    s.act(
        None,
        Edit(
            "src/publisher.cpp",
            "    client_->publish(topic_for(r.sensor), r.to_json(), 0, false);",
            "    client_->publish(topic_for(r.sensor), r.to_json(), 1, false);",
        ),
    )
    s.act(
        None,
        Bash(
            "run-clang-tidy -p build -quiet src/",
            f"{SENS}/src/publisher.cpp:58:22: error: narrowing conversion from 'std::size_t' (aka 'unsigned long') to "
            "signed type 'int' is implementation-defined [bugprone-narrowing-conversions,-warnings-as-errors]\n"
            "   58 |     int payload_len = payload.size();\n      |                      ^\n1 error generated.",
            code=1,
            secs=25,
        ),
    )
    s.act(
        None,
        Read(
            "src/publisher.cpp",
            "    const std::string payload = r.to_json();\n    int payload_len = payload.size();",
            offset=57,
            limit=2,
            total=88,
        ),
    )
    s.act(
        None,
        Edit(
            "src/publisher.cpp", "    int payload_len = payload.size();", "    const auto payload_len = payload.size();"
        ),
    )
    s.act(None, Bash("run-clang-tidy -p build -quiet src/", "", secs=24))
    s.say("QoS 1 for readings (status stays retained); clang-tidy is silent after fixing the narrowing conversion.")
    s.user("👍")
    s.outcome("success", "QoS change done, clang-tidy narrowing error fixed, tidy clean")
    s.one_off("clang-tidy bugprone-narrowing-conversions error: size_t to int in publisher.cpp")
    return s


def s05_bme_chip_id() -> Session:
    s = sens("s05-bme-chip-id", "2026-03-05T09:15:02", "2.1.72", "main", "pale-donso-gull")
    s.user("hardware tests on the pi fail now and then, this is the second run today:", after=0)
    s.act(
        None,
        Bash(
            PI + " 'cd sensorlogg && ctest --test-dir build -L hw --output-on-failure'",
            "Test project /home/pi/sensorlogg/build\n1/3 Test #1: Bme280Hw.ReadsChipId ....***Failed    0.05 sec\n"
            "bme280_hw_test.cpp:14: Failure\nExpected equality of these values:\n  bme.chip_id()\n    Which is: '\\x58'\n"
            "  0x60\n    Which is: '`'\nunexpected chip id 0x58 (want 0x60)\n2/3 Test #2: Sgp30Hw.SelfTest ........   Passed    0.38 sec\n"
            "3/3 Test #3: Daemon.ReadsBothSensors ...   Passed    2.01 sec\n\n67% tests passed, 1 tests failed out of 3",
            code=8,
            secs=20,
        ),
    )
    s.say(
        "0x58 is the chip id of a BMP280, not a BME280. Either the breakout is a BMP280 sold as BME280, or the read "
        "returned garbage. If it happens only now and then, check the wiring and the pull-up resistors on SDA/SCL."
    )
    s.user("det är en BME280, den ger fukt. jag har kollat sladdarna två gånger. funkar 9 av 10 gånger")
    s.act(
        None,
        Bash(
            PI + " 'i2cdetect -y 1'",
            "     0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f\n50: -- -- -- -- -- -- -- -- 58 -- -- -- -- -- -- --\n70: -- -- -- -- -- -- -- 77",
        ),
    )
    s.say("Both devices answer (0x58 SGP30, 0x77 BME280). I can't see a wiring issue from here.")
    s.user("ok vi lämnar det")
    s.outcome("failed", "intermittent wrong BME280 chip id in hardware tests; wiring suspected, nothing found")
    s.hit(I2C)
    return s


KILLMODE = (
    "systemd[1]: /etc/systemd/system/sensorlogg.service:12: Unit configured to use KillMode=none. This is unsafe, "
    "as it disables systemd's process lifecycle management for the service. Please update your service to use a "
    "safer KillMode=, such as 'mixed' or 'control-group'. Support for KillMode=none is deprecated and will "
    "eventually be removed.\nsystemd[1]: sensorlogg.service: Failed to determine user credentials: No such process\n"
    "systemd[1]: sensorlogg.service: Failed at step USER spawning /usr/local/bin/sensorlogg: No such process\n"
    "systemd[1]: sensorlogg.service: Main process exited, code=exited, status=217/USER"
)


def s06_systemd_user() -> Session:
    s = sens("s06-systemd-user", "2026-03-06T12:30:44", "2.1.72", "feature/deploy", "bold-hono-seal")
    s.user("Nya pi:n (sensorlogg-02) startar inte tjänsten:\n\n" + KILLMODE, after=0)
    s.not_person(
        "Please update your service to use a safer KillMode=, such as 'mixed' or 'control-group'.", "pasted_log"
    )
    s.act(
        None,
        Read(
            "deploy/sensorlogg.service",
            "[Unit]\nDescription=sensorlogg\n\n[Service]\nUser=sensorlogg\nExecStart=/usr/local/bin/sensorlogg\nKillMode=none\nRestart=on-failure",
            total=14,
        ),
    )
    s.act(
        "The user sensorlogg doesn't exist on the new Pi. I'll create it there and fix KillMode.",
        Denied(Bash(PI.replace("01", "02") + " 'sudo useradd -r -G i2c sensorlogg'")),
    )
    s.user(
        "rör inte unit-filen eller användare på pi:n direkt, ändra i deploy/ och kör deploy.sh, annars glider "
        "burkarna isär",
        rules=[
            ("deploy-only", "rör inte unit-filen eller användare på pi:n direkt, ändra i deploy/ och kör deploy.sh")
        ],
    )
    s.act(
        None,
        Write(
            "deploy/sysusers-sensorlogg.conf",
            'u sensorlogg - "sensorlogg daemon" /var/lib/sensorlogg\nm sensorlogg i2c\n',
        ),
        Edit("deploy/sensorlogg.service", "KillMode=none", "KillMode=mixed"),
    )
    s.act(
        None,
        Bash(
            "./deploy/deploy.sh sensorlogg-02.local",
            "installing sysusers.d entry... ok\nsystemd-sysusers: Creating user 'sensorlogg'\ndeployed sensorlogg 0.4.2 to sensorlogg-02.local\n● sensorlogg.service - sensorlogg\n     Active: active (running)",
            secs=50,
        ),
    )
    s.say(
        "The deploy now installs a sysusers.d entry that creates the sensorlogg user in group i2c; the service is running on sensorlogg-02."
    )
    s.outcome("success", "status=217/USER on the new Pi fixed through deploy/ with a sysusers.d entry")
    s.one_off("systemd status=217/USER: the sensorlogg user does not exist on the new Pi")
    return s


def s07_cross_openssl() -> Session:
    s = sens("s07-cross-openssl", "2026-03-09T08:10:27", "2.1.73", "feature/tls-pinning", "grey-kalvsund-owl")
    s.user("byggde paho från källkod i containern nu, men TLS-delen spricker istället. vad är det här", after=0)
    s.act(
        None,
        Bash(
            XBUILD,
            "[42/43] Linking CXX executable sensorlogg\nFAILED: sensorlogg\n"
            "/usr/lib/aarch64-linux-gnu/libssl.so: error adding symbols: file in wrong format\n"
            "collect2: error: ld returned 1 exit status\nninja: build stopped: subcommand failed.",
            code=1,
            secs=80,
        ),
    )
    s.act(
        "find_package(OpenSSL) picked the container's own libssl. I'll point it at an armhf OpenSSL explicitly.",
        Denied(
            Edit(
                "CMakeLists.txt",
                "find_package(OpenSSL REQUIRED)",
                "set(OPENSSL_ROOT_DIR /opt/armhf/openssl)\nfind_package(OpenSSL REQUIRED)",
            ),
            "det där känns fel, den sökvägen finns inte på Jonas maskin och inte i CI",
        ),
    )
    s.say(
        "Understood. Then OpenSSL for armhf has to come from somewhere both machines share; I'd need to know how Jonas builds."
    )
    s.user("jag frågar honom. skit samma för idag")
    s.outcome("failed", "cross-build links the container's arm64 libssl; a hard-coded path was rejected, nothing fixed")
    s.hit(CROSS)
    return s


def s08_ringbuffer_tests() -> Session:
    s = sens("s08-ringbuffer-tests", "2026-03-09T13:05:55", "2.1.73", "feature/ringbuffer", "wild-knippla-hare")
    s.user(
        "vi bestämde i går att vi skippar BME680 och kör vidare på BME280 + SGP30, så ta bort bme680-grenen i "
        "sensorfabriken. sen: en RingBuffer<Reading, N> med tester. logga bara till stdout, journald tar hand om resten",
        after=0,
        decisions=["vi bestämde i går att vi skippar BME680 och kör vidare på BME280 + SGP30"],
        rules=[("log-stdout", "logga bara till stdout, journald tar hand om resten")],
    )
    s.act(
        None,
        Write(
            "src/ring_buffer.hpp",
            "#pragma once\n#include <array>\n#include <cstddef>\n#include <optional>\n\ntemplate <typename T, std::size_t N>\n"
            "class RingBuffer {\npublic:\n    void push(const T& v) { data_[head_] = v; head_ = (head_ + 1) % N; size_ = std::min(size_ + 1, N); }\n"
            "    std::optional<T> pop();\n    std::size_t size() const { return size_; }\n\nprivate:\n    std::array<T, N> data_{};\n"
            "    std::size_t head_ = 0;\n    std::size_t size_ = 0;\n};\n",
        ),
        Write(
            "tests/ring_buffer_test.cpp",
            '#include <gtest/gtest.h>\n#include "ring_buffer.hpp"\n\nTEST(RingBuffer, DropsOldestWhenFull) {\n    RingBuffer<int, 2> rb;\n    rb.push(1); rb.push(2); rb.push(3);\n    EXPECT_EQ(rb.pop(), 2);\n}\n',
        ),
        Edit(
            "tests/CMakeLists.txt",
            "add_executable(unit_tests publisher_test.cpp)",
            "add_executable(unit_tests publisher_test.cpp ring_buffer_test.cpp)",
        ),
    )
    s.act(
        None,
        Bash(
            "cmake --build build",
            "[3/4] Linking CXX executable tests/unit_tests\nFAILED: tests/unit_tests\n"
            "ld: Undefined symbols:\n  _main, referenced from:\n      <initial-undefs>\nclang: error: linker command failed with exit code 1 (use -v to see invocation)",
            code=1,
            secs=30,
        ),
    )
    s.act(
        None,
        Read(
            "tests/CMakeLists.txt",
            "add_executable(unit_tests publisher_test.cpp ring_buffer_test.cpp)\ntarget_link_libraries(unit_tests PRIVATE sensorlogg_core GTest::gtest)\ngtest_discover_tests(unit_tests)",
            total=3,
        ),
    )
    s.act(
        None,
        Edit(
            "tests/CMakeLists.txt",
            "target_link_libraries(unit_tests PRIVATE sensorlogg_core GTest::gtest)",
            "target_link_libraries(unit_tests PRIVATE sensorlogg_core GTest::gtest_main)",
        ),
    )
    s.act(
        None,
        Bash(
            "cmake --build build && ctest --test-dir build",
            ctest_run(
                [
                    ("Publisher.TopicIsLowercase", True),
                    ("Reading.ToJson", True),
                    ("RingBuffer.DropsOldestWhenFull", True),
                    ("RingBuffer.PopEmpty", True),
                ]
            ),
            secs=45,
        ),
    )
    s.say("BME680 branch removed, RingBuffer added; the test binary needed GTest::gtest_main for its main(). 4/4 pass.")
    s.user("tack")
    s.outcome("success", "ring buffer with tests; missing main fixed by linking GTest::gtest_main")
    s.one_off("unit test binary fails to link: Undefined symbols _main (linked GTest::gtest instead of gtest_main)")
    return s


def _sa_i2c_readers(c: Session) -> None:
    c.act(
        None,
        Read(
            "src/main.cpp",
            '    std::jthread bme_thread([&] { BmeReader r("/dev/i2c-1", 0x77); r.run(stop); });\n    std::jthread sgp_thread([&] { Sgp30Reader r("/dev/i2c-1", 0x58); r.run(stop); });',
            offset=31,
            total=70,
        ),
    )
    c.say(
        "main.cpp starts two threads, BmeReader and Sgp30Reader, and each opens its own fd on /dev/i2c-1 and calls "
        "ioctl(I2C_SLAVE) before its reads. Nothing serialises the two readers."
    )


def s09_grafana_spikes_sv() -> Session:
    s = sens("s09-grafana-spikes-sv", "2026-03-10T12:15:30", "2.1.74", "main", "lazy-vinga-crane")
    s.user(
        "temperaturen i grafana hoppar till -142.7 ibland, typ några gånger i timmen, sen tillbaka till 21 grader. "
        "luftfuktigheten ser också knas ut samtidigt. inget i loggen alls. kan du titta?",
        after=0,
    )
    s.act(
        "I'll have an agent look at how the readers are started while I check the compensation code.",
        Agent(
            "How readers use the bus",
            "Look at how the sensor readers open and use the I2C bus in src/. Report only, change nothing.",
            "general-purpose",
            _sa_i2c_readers,
            background=True,
        ),
    )
    s.act(
        None,
        Read(
            "src/bme280.cpp",
            "double Bme280::comp_temperature(int32_t adc_t) {\n    int32_t var1 = ((adc_t >> 3) - (calib_.t1 << 1)) * calib_.t2 >> 11;",
            offset=88,
            total=160,
        ),
    )
    s.agent_done(after=20)
    s.say(
        "-142.7 is what the compensation formula gives for a raw value of all zeros or all ones, so the raw read was "
        "garbage rather than the formula being wrong. The agent found that two threads use /dev/i2c-1 with separate fds."
    )
    s.user("hmm intressant. måste hämta på förskolan nu, vi tar det sen")
    s.outcome("unknown", "temperature spikes described in Swedish without an error; a lead found, the person leaves")
    s.hit(I2C)
    return s


def s10_cross_zlib_sv() -> Session:
    s = sens("s10-cross-zlib-sv", "2026-03-11T07:50:12", "2.1.74", "feature/tls-pinning", "calm-rivo-pike")
    s.user(
        "korsbygget är sönder igen, nu är det nåt med zlib. Jonas säger att det funkar för honom på Linux. orkar inte",
        after=0,
    )
    s.act(
        None,
        Bash(
            XBUILD,
            "[42/43] Linking CXX executable sensorlogg\nFAILED: sensorlogg\n/usr/bin/arm-linux-gnueabihf-ld: skipping "
            "incompatible /usr/lib/aarch64-linux-gnu/libz.so when searching for -lz\n/usr/bin/arm-linux-gnueabihf-ld: "
            "cannot find -lz: No such file or directory\ncollect2: error: ld returned 1 exit status",
            code=1,
            secs=75,
        ),
    )
    s.say(
        "Same pattern as the paho error: the linker finds the container's arm64 libz. Do you want me to look at how Jonas's setup finds libraries?"
    )
    s.user("sen. möte")
    s.outcome("unknown", "cross-build zlib link error, shown only; the person leaves for a meeting")
    s.hit(CROSS)
    return s


def s11_tls_ca_retry() -> Session:
    s = sens("s11-tls-ca-retry", "2026-03-11T13:22:08", "2.1.74", "main", "rough-galterö-mole")
    s.user(
        "strömavbrott på kontoret, pi:n startar om. sen publicerar den inget, kolla loggen. don't run anything with "
        "sudo on the pi without asking me first",
        after=0,
        rules=[("no-sudo", "don't run anything with sudo on the pi without asking me first")],
    )
    down = "ssh: connect to host sensorlogg-01.local port 22: Host is down"
    cmd = PI + " 'journalctl -u sensorlogg -n 20 --no-pager'"
    s.act(None, Bash(cmd, down, code=255, secs=3))
    s.act("Still booting, I'll try again.", Bash(cmd, down, code=255, secs=3))
    s.act(None, Bash(cmd, down, code=255, secs=3))
    s.act(
        "Up now:",
        Bash(
            cmd,
            "Mar 11 13:31:02 sensorlogg-01 sensorlogg[588]: mqtt: connect failed: SSL routines::certificate verify failed\n"
            "Mar 11 13:31:02 sensorlogg-01 sensorlogg[588]: mqtt: retrying in 30s",
            secs=4,
        ),
    )
    s.act(
        None,
        Read(
            "config/sensorlogg.toml",
            '[mqtt]\nbroker = "ssl://mqtt.lab.internal:8883"\nca_file = "/etc/sensorlogg/ca-2025.pem"',
            total=12,
        ),
    )
    s.user("ja just det, vi bytte CA i måndags. nya heter ca-2026.pem och ligger redan i deploy/certs")
    s.act(
        None,
        Edit(
            "config/sensorlogg.toml",
            'ca_file = "/etc/sensorlogg/ca-2025.pem"',
            'ca_file = "/etc/sensorlogg/ca-2026.pem"',
        ),
    )
    s.act(
        None,
        Bash(
            "./deploy/deploy.sh sensorlogg-01.local && " + PI + " 'journalctl -u sensorlogg -n 3 --no-pager'",
            "deployed sensorlogg 0.4.3 to sensorlogg-01.local\nMar 11 13:40:19 sensorlogg-01 sensorlogg[702]: mqtt: connected to ssl://mqtt.lab.internal:8883",
            secs=45,
        ),
    )
    s.say("The config pointed at the old CA; with ca-2026.pem deployed the daemon connects again.")
    s.outcome("success", "Pi was down (3 ssh failures), then TLS verify failed on an old CA file; fixed via deploy")
    s.one_off("MQTT TLS: certificate verify failed because the config still pointed at the old CA file")
    return s


def _sa_review_bus(c: Session) -> None:
    c.act(None, Bash("run-clang-tidy -p build -quiet src/i2c_bus.cpp src/main.cpp", "", secs=18))
    c.say(
        "clang-tidy is clean on i2c_bus.cpp and main.cpp. The lock covers ioctl(I2C_SLAVE) and the transfer together; no issues found."
    )


def s12_fix_bus_mutex() -> Session:
    s = sens("s12-fix-bus-mutex", "2026-03-12T08:25:40", "2.1.75", "fix/i2c-bus", "keen-asperö-heron")
    s.user(
        "ok, de där två trådarna på samma /dev/i2c-1 som agenten hittade. jag tror det är det som ger både CRC mismatch "
        "och konstigt chip id. gör en gemensam buss",
        after=0,
    )
    s.act(
        "Each transaction is ioctl(I2C_SLAVE, addr) followed by write/read; if the other thread switches the address "
        "in between, a read goes to the wrong device. One shared I2cBus with a mutex held for the whole transaction fixes that.",
        Write(
            "src/i2c_bus.cpp",
            '#include "i2c_bus.hpp"\n\nstd::vector<uint8_t> I2cBus::transfer(uint8_t addr, std::span<const uint8_t> out, std::size_t in_len) {\n'
            '    std::lock_guard<std::mutex> lock(mutex_);\n    if (ioctl(fd_.get(), I2C_SLAVE, addr) < 0) throw_errno("I2C_SLAVE");\n'
            "    write_all(out);\n    return read_exact(in_len);\n}\n",
        ),
        Edit(
            "src/main.cpp",
            '    std::jthread bme_thread([&] { BmeReader r("/dev/i2c-1", 0x77); r.run(stop); });\n    std::jthread sgp_thread([&] { Sgp30Reader r("/dev/i2c-1", 0x58); r.run(stop); });',
            '    I2cBus& bus = I2cBus::open("/dev/i2c-1");\n    std::jthread bme_thread([&] { BmeReader r(bus, 0x77); r.run(stop); });\n'
            "    std::jthread sgp_thread([&] { Sgp30Reader r(bus, 0x58); r.run(stop); });",
        ),
    )
    s.act(
        None,
        Agent(
            "Review the bus change",
            "Review src/i2c_bus.cpp and src/main.cpp after the shared-bus change. Never suggest disabling clang-tidy "
            "checks; fix the code instead. Report findings only.",
            "general-purpose",
            _sa_review_bus,
        ),
    )
    s.not_person("Never suggest disabling clang-tidy checks; fix the code instead.", "subagent_prompt")
    s.act(
        None,
        Bash(
            "./deploy/deploy.sh sensorlogg-01.local && sleep 3600 && "
            + PI
            + " 'journalctl -u sensorlogg --since -1h | grep -cE \"CRC|chip id\"'",
            "deployed sensorlogg 0.5.0 to sensorlogg-01.local\n0",
            code=0,
            secs=3620,
        ),
    )
    s.say(
        "One hour on the Pi with both readers on the shared bus: zero CRC or chip-id messages, and no -142.7 spikes in that window."
    )
    s.user(
        "yes!! lärdom: sensorer på samma buss måste dela ett lås, annars får man skräpdata utan ett enda felmeddelande. "
        "commit. remember, tidy has to be clean before anything gets committed",
        lessons=[
            "lärdom: sensorer på samma buss måste dela ett lås, annars får man skräpdata utan ett enda felmeddelande"
        ],
        rules=[("tidy-clean", "remember, tidy has to be clean before anything gets committed")],
    )
    s.act(
        None,
        Bash(
            "run-clang-tidy -p build -quiet src/ && git commit -am 'Share one locked I2C bus between sensor readers'",
            git_commit("fix/i2c-bus", "77ad0e3", "Share one locked I2C bus between sensor readers", 6, 84, 31),
            secs=30,
        ),
    )
    s.outcome("success", "shared I2cBus with a mutex per transaction; no CRC/chip-id errors for an hour, committed")
    s.hit(I2C, fixed=True)
    return s


def s13_sgp30_baseline() -> Session:
    s = sens("s13-sgp30-baseline", "2026-03-13T09:40:05", "2.1.75", "feature/sgp30-baseline", "deep-vrångö-swift")
    s.user(
        "SGP30 baseline ska sparas till /var/lib/sensorlogg/sgp30.baseline varje timme och läsas in vid start", after=0
    )
    s.act(
        None,
        Write(
            "src/baseline_store.cpp",
            '#include "baseline_store.hpp"\n\nstd::optional<Baseline> BaselineStore::load() const {\n    std::ifstream in(path_);\n'
            "    uint16_t co2 = 0, tvoc = 0;\n    if (!(in >> co2 >> tvoc)) return std::nullopt;\n    return Baseline{co2, tvoc};\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "cmake --build build && ctest --test-dir build",
            ctest_run(
                [
                    ("BaselineStore.RoundTrip", True),
                    ("BaselineStore.MissingFile", True),
                    ("RingBuffer.DropsOldestWhenFull", True),
                ]
            ),
            secs=40,
        ),
    )
    s.compact(
        "manual",
        "This session is being continued from a previous conversation. Summary:\n1. Primary request: persist the SGP30 "
        "baseline hourly to /var/lib/sensorlogg/sgp30.baseline and restore it at start.\n2. Done: BaselineStore with "
        "load/save, tests green.\n3. Next: wire into Sgp30Reader.",
        pre_tokens=98_412,
        post_tokens=9_870,
    )
    s.user("varför är värdena så konstiga direkt efter start förresten? eCO2 400 och TVOC 0 i en kvart")
    s.say(
        "The SGP30 returns fixed values (400 ppm eCO2, 0 ppb TVOC) for about 15 seconds after sgp30_iaq_init; longer if no baseline is restored."
    )
    s.user(
        "turns out the SGP30 needs about 15 seconds after init before the readings mean anything, so skip publishing "
        "until then. ok wire it in",
        lessons=["turns out the SGP30 needs about 15 seconds after init before the readings mean anything"],
    )
    s.act(
        None,
        Edit(
            "src/sgp30_reader.cpp",
            "    sensor_.iaq_init();",
            "    sensor_.iaq_init();\n    if (auto b = store_.load()) sensor_.set_baseline(*b);\n    warmup_until_ = clock_.now() + 15s;",
        ),
    )
    s.act(
        None,
        Bash(
            "cmake --build build && ctest --test-dir build",
            ctest_run(
                [
                    ("BaselineStore.RoundTrip", True),
                    ("BaselineStore.MissingFile", True),
                    ("Sgp30Reader.SkipsWarmup", True),
                    ("RingBuffer.DropsOldestWhenFull", True),
                ]
            ),
            secs=40,
        ),
    )
    s.say("Baseline restored at start, saved hourly, and readings are not published during the 15 s warm-up. 4/4 pass.")
    s.outcome("success", "SGP30 baseline persistence and warm-up skip, tests green")
    return s


def s14_fix_toolchain() -> Session:
    s = sens("s14-fix-toolchain", "2026-03-16T08:05:19", "2.1.76", "fix/toolchain", "bright-hönö-lynx")
    s.user(
        "Jonas visade sin setup: han har en sysroot från pi:n i /opt/rpi-sysroot och toolchain-filen letar bara där. "
        "vår toolchain-fil har inget sånt. fixa den så vi slipper det här med paho, libssl och libz en gång för alla",
        after=0,
    )
    s.act(
        None,
        Read(
            "cmake/toolchain-rpi.cmake",
            "set(CMAKE_SYSTEM_NAME Linux)\nset(CMAKE_SYSTEM_PROCESSOR arm)\nset(CMAKE_C_COMPILER arm-linux-gnueabihf-gcc)\nset(CMAKE_CXX_COMPILER arm-linux-gnueabihf-g++)",
            total=4,
        ),
    )
    s.act(
        "Without a sysroot and find-root-path modes, find_package and find_library search the container's own "
        "/usr/lib/aarch64-linux-gnu first. I'll pin them to the Pi's sysroot.",
        Edit(
            "cmake/toolchain-rpi.cmake",
            "set(CMAKE_CXX_COMPILER arm-linux-gnueabihf-g++)",
            "set(CMAKE_CXX_COMPILER arm-linux-gnueabihf-g++)\n\nset(CMAKE_SYSROOT /opt/rpi-sysroot)\n"
            "set(CMAKE_FIND_ROOT_PATH ${CMAKE_SYSROOT})\nset(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)\n"
            "set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)\nset(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)\n"
            "set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)",
        ),
    )
    s.act(
        None,
        Bash(
            "rsync -a --delete pi@sensorlogg-01.local:/{lib,usr/include,usr/lib} sysroot/ && docker run --rm -v $PWD:/src -v $PWD/sysroot:/opt/rpi-sysroot -w /src sensorlogg-cross sh -c 'cmake -S . -B build-rpi -G Ninja -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-rpi.cmake && cmake --build build-rpi' && file build-rpi/sensorlogg",
            '-- Found OpenSSL: /opt/rpi-sysroot/usr/lib/arm-linux-gnueabihf/libcrypto.so (found version "3.0.15")\n'
            "-- Found PahoMqttCpp: /opt/rpi-sysroot/usr/lib/arm-linux-gnueabihf/cmake/PahoMqttCpp\n"
            "[43/43] Linking CXX executable sensorlogg\nbuild-rpi/sensorlogg: ELF 32-bit LSB pie executable, ARM, EABI5 version 1 (SYSV), dynamically linked",
            secs=190,
        ),
    )
    s.say(
        "Cross-build links against the Pi's own libraries now (paho, libssl, libz all from the sysroot); the binary is 32-bit ARM."
    )
    s.user("äntligen. deploya till 01")
    s.act(
        None,
        Bash(
            "./deploy/deploy.sh sensorlogg-01.local --binary build-rpi/sensorlogg",
            "deployed sensorlogg 0.5.1 to sensorlogg-01.local\n● sensorlogg.service - sensorlogg\n     Active: active (running)",
            secs=40,
        ),
    )
    s.outcome(
        "success", "toolchain file given a sysroot and ONLY find-root-path modes; cross-build links and runs on the Pi"
    )
    s.hit(CROSS, fixed=True)
    return s


def s15_journald_fields() -> Session:
    s = sens("s15-journald-fields", "2026-03-17T12:50:33", "2.1.77", "feature/journald", "slow-styrsö-gull")
    s.user(
        "jag har ändrat mig om loggningen: vi skriver direkt till journald med sd_journal_send, så får vi SENSOR= och "
        "PRIORITY som riktiga fält och kan filtrera på dem",
        after=0,
        rules=[("log-journald", "vi skriver direkt till journald med sd_journal_send", "log-stdout")],
    )
    s.act(
        None,
        Read(
            "src/log.cpp",
            'void log_warn(std::string_view msg) {\n    std::cout << "<4>" << msg << std::endl;\n}',
            total=20,
        ),
    )
    s.act(
        None,
        Edit(
            "src/log.cpp",
            'void log_warn(std::string_view msg) {\n    std::cout << "<4>" << msg << std::endl;\n}',
            'void log_warn(std::string_view sensor, std::string_view msg) {\n    sd_journal_send("MESSAGE=%.*s", int(msg.size()), msg.data(),\n'
            '                    "SENSOR=%.*s", int(sensor.size()), sensor.data(), "PRIORITY=4", nullptr);\n}',
        ),
        Edit(
            "CMakeLists.txt",
            "target_link_libraries(sensorlogg_core PUBLIC PahoMqttCpp::paho-mqttpp3)",
            "find_package(PkgConfig REQUIRED)\npkg_check_modules(SYSTEMD REQUIRED IMPORTED_TARGET libsystemd)\ntarget_link_libraries(sensorlogg_core PUBLIC PahoMqttCpp::paho-mqttpp3 PkgConfig::SYSTEMD)",
        ),
    )
    s.act(
        None,
        Bash(
            "cmake --build build && ctest --test-dir build && run-clang-tidy -p build -quiet src/",
            ctest_run(
                [
                    ("BaselineStore.RoundTrip", True),
                    ("Log.FormatsFields", True),
                    ("RingBuffer.DropsOldestWhenFull", True),
                ]
            ),
            secs=60,
        ),
    )
    s.say("Logging goes through sd_journal_send with SENSOR and PRIORITY fields; tests pass and clang-tidy is clean.")
    s.user("snyggt, tack")
    s.outcome("success", "logging switched to sd_journal_send with structured fields, tests and tidy clean")
    return s


SESSIONS = [
    s01_mqtt_publisher,
    s02_sgp30_crc,
    s03_cross_paho,
    s04_tidy_narrowing,
    s05_bme_chip_id,
    s06_systemd_user,
    s07_cross_openssl,
    s08_ringbuffer_tests,
    s09_grafana_spikes_sv,
    s10_cross_zlib_sv,
    s11_tls_ca_retry,
    s12_fix_bus_mutex,
    s13_sgp30_baseline,
    s14_fix_toolchain,
    s15_journald_fields,
]
