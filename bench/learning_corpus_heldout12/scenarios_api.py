"""Sessions in `wizyty-api` (/home/kasia/projekty/wizyty-api): the appointment booking service of a chain of private
clinics. Java 21, Spring Boot 3.4, Gradle with the Kotlin DSL, Spring Data JPA on PostgreSQL with Flyway migrations
(src/main/resources/db/migration), MapStruct, JUnit 5 + Testcontainers (PostgreSQL) in the *IT classes."""

from __future__ import annotations

from fake_output import API, git_commit, gradle_fail, gradle_ok
from transcript_kit import Agent, Bash, Denied, Edit, Read, Session, Write

TZ = "appointment-local-time"
PODMAN = "testcontainers-podman"


def api(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=API, project="wizyty-api")


PKG = "src/main/java/com/example/wizyty"
TPKG = "src/test/java/com/example/wizyty"
TZ_TEST = "TZ=UTC ./gradlew test --tests 'com.example.wizyty.appointment.AppointmentServiceTest'"

TZ_FAIL = (
    "AppointmentServiceTest > book_storesStartInClinicTime() FAILED\n"
    "    org.opentest4j.AssertionFailedError: expected: <2027-03-08T09:00> but was: <2027-03-08T08:00>\n"
    "        at app//org.junit.jupiter.api.AssertionFailureBuilder.build(AssertionFailureBuilder.java:151)\n"
    "        at app//org.junit.jupiter.api.AssertionFailureBuilder.buildAndThrow(AssertionFailureBuilder.java:132)\n"
    "        at app//org.junit.jupiter.api.AssertEquals.failNotEqual(AssertEquals.java:197)\n"
    "        at app//org.junit.jupiter.api.AssertEquals.assertEquals(AssertEquals.java:182)\n"
    "        at app//org.junit.jupiter.api.Assertions.assertEquals(Assertions.java:1156)\n"
    "        at app//com.example.wizyty.appointment.AppointmentServiceTest.book_storesStartInClinicTime"
    "(AppointmentServiceTest.java:58)"
)

REMINDER_FAIL = (
    "ReminderJobIT > sendsReminderADayBefore() FAILED\n"
    "    org.opentest4j.AssertionFailedError: expected: <1> but was: <0>\n"
    "        at app//org.junit.jupiter.api.AssertionFailureBuilder.build(AssertionFailureBuilder.java:151)\n"
    "        at app//org.junit.jupiter.api.AssertEquals.failNotEqual(AssertEquals.java:197)\n"
    "        at app//org.junit.jupiter.api.Assertions.assertEquals(Assertions.java:1156)\n"
    "        at app//com.example.wizyty.reminder.ReminderJobIT.sendsReminderADayBefore(ReminderJobIT.java:47)"
)

FLYWAY_CHECKSUM = """2027-03-04T09:31:58.118+01:00 ERROR 48213 --- [wizyty-api] [           main] o.s.boot.SpringApplication               : Application run failed

org.springframework.beans.factory.BeanCreationException: Error creating bean with name 'flywayInitializer' defined in class path resource [org/springframework/boot/autoconfigure/flyway/FlywayAutoConfiguration$FlywayConfiguration.class]: Validate failed: Migrations have failed validation
Migration checksum mismatch for migration version 9
-> Applied to database : 1283746512
-> Resolved locally    : -902341877
Either revert the changes to the migration, or run repair to update the schema history.
Need more flexibility with validation rules? Learn more: https://rd.gt/3AbJUZE
\tat org.springframework.beans.factory.support.AbstractAutowireCapableBeanFactory.initializeBean(AbstractAutowireCapableBeanFactory.java:1812)
Caused by: org.flywaydb.core.api.exception.FlywayValidateException: Validate failed: Migrations have failed validation

> Task :bootRun FAILED

FAILURE: Build failed with an exception.

BUILD FAILED in 9s"""

NO_DOCKER = """SlotRepositoryIT > initializationError FAILED
    java.lang.IllegalStateException: Could not find a valid Docker environment. Please see logs and check configuration
        at app//org.testcontainers.dockerclient.DockerClientProviderStrategy.lambda$getFirstValidStrategy$7(DockerClientProviderStrategy.java:277)
        at java.base@21.0.5/java.util.Optional.orElseThrow(Optional.java:403)
        at app//org.testcontainers.dockerclient.DockerClientProviderStrategy.getFirstValidStrategy(DockerClientProviderStrategy.java:268)
        at app//org.testcontainers.DockerClientFactory.getOrInitializeStrategy(DockerClientFactory.java:152)
        at app//org.testcontainers.DockerClientFactory.client(DockerClientFactory.java:194)
        at app//com.example.wizyty.support.PostgresContainerSupport.<clinit>(PostgresContainerSupport.java:14)"""

RYUK_FAIL = """SlotRepositoryIT > initializationError FAILED
    org.testcontainers.containers.ContainerLaunchException: Container startup failed for image testcontainers/ryuk:0.11.0
        at app//org.testcontainers.containers.GenericContainer.doStart(GenericContainer.java:359)
        at app//org.testcontainers.containers.GenericContainer.start(GenericContainer.java:330)
        at app//org.testcontainers.utility.RyukResourceReaper.maybeStart(RyukResourceReaper.java:78)
        at app//org.testcontainers.DockerClientFactory.client(DockerClientFactory.java:224)
        at app//com.example.wizyty.support.PostgresContainerSupport.<clinit>(PostgresContainerSupport.java:14)

        Caused by:
        org.rnorth.ducttape.RetryCountExceededException: Retry limit hit with exception

            Caused by:
            java.lang.IllegalStateException: Container exited with code 2. Logs: panic: dial unix /var/run/docker.sock: connect: permission denied"""


# ------------------------------------------------------------------------------------------------------------------
def a01_doctors_endpoint() -> Session:
    s = api("a01-doctors-endpoint", "2027-03-01T07:40:12", "2.1.190", "feature/WIZ-201-doctors", "calm-wawel-heron")
    s.user(
        "Cześć! Zaczynamy moduł lekarzy: GET /api/clinics/{clinicId}/doctors, zwraca lekarzy danej placówki, "
        "stronicowane przez Pageable. Parę rzeczy: constructor injection only, no @Autowired on fields, DTO jako "
        "record, test w tym samym stylu co ClinicControllerTest. And FYI we decided to stay on Spring Boot 3.4 "
        "until 3.5 gets its first patch release, więc nie podbijaj wersji nawet jak IntelliJ podpowiada",
        after=0,
        rules=[("ctor-injection", "constructor injection only, no @Autowired on fields")],
        decisions=["we decided to stay on Spring Boot 3.4 until 3.5 gets its first patch release"],
    )
    s.act(
        None,
        Read(
            f"{PKG}/clinic/ClinicController.java",
            '@RestController\n@RequestMapping("/api/clinics")\nclass ClinicController {\n\n'
            "    private final ClinicService clinics;\n\n    ClinicController(ClinicService clinics) {\n"
            "        this.clinics = clinics;\n    }\n",
            total=44,
        ),
    )
    s.act(
        None,
        Write(
            f"{PKG}/doctor/DoctorController.java",
            '@RestController\n@RequestMapping("/api/clinics/{clinicId}/doctors")\nclass DoctorController {\n\n'
            "    private final DoctorService doctors;\n\n    DoctorController(DoctorService doctors) {\n"
            "        this.doctors = doctors;\n    }\n\n    @GetMapping\n"
            "    Page<DoctorDto> list(@PathVariable long clinicId, Pageable pageable) {\n"
            "        return doctors.findByClinic(clinicId, pageable);\n    }\n}\n",
        ),
        Write(
            f"{PKG}/doctor/DoctorDto.java",
            "public record DoctorDto(long id, String fullName, String specializationName) {}\n",
        ),
        Write(
            f"{TPKG}/doctor/DoctorControllerTest.java",
            "@SpringBootTest\n@AutoConfigureMockMvc\nclass DoctorControllerTest extends PostgresContainerSupport {\n\n"
            "    @Autowired MockMvc mvc;\n\n    @Test\n    void listsDoctorsOfClinic() throws Exception {\n"
            '        mvc.perform(get("/api/clinics/1/doctors"))\n            .andExpect(status().isOk())\n'
            '            .andExpect(jsonPath("$.content.length()").value(3));\n    }\n}\n',
        ),
    )
    s.act(None, Bash("./gradlew test --tests '*DoctorControllerTest'", gradle_ok(38), desc="Run the new test", secs=40))
    s.say(
        "GET /api/clinics/{clinicId}/doctors returns a Page<DoctorDto>; DoctorController uses constructor injection, "
        "DoctorDto is a record, and DoctorControllerTest passes. Spring Boot stays on 3.4.3."
    )
    s.user("thanks, looks good")
    s.outcome("success", "doctors endpoint with DTO and test, green, approved")
    return s


def a02_lazy_init() -> Session:
    s = api("a02-lazy-init", "2027-03-01T12:10:44", "2.1.190", "feature/WIZ-201-doctors", "green-kazimierz-owl")
    s.user(
        "GET /api/clinics/3/doctors wali 500 jak lekarz ma specjalizację, w logu jest to:\n\n```\n"
        "org.hibernate.LazyInitializationException: could not initialize proxy "
        "[com.example.wizyty.doctor.Specialization#4] - no Session\n"
        "\tat org.hibernate.proxy.AbstractLazyInitializer.initialize(AbstractLazyInitializer.java:165)\n"
        "\tat com.example.wizyty.doctor.Specialization$HibernateProxy$Xk2dQm1v.getName(Unknown Source)\n"
        "\tat com.example.wizyty.doctor.DoctorMapperImpl.toDto(DoctorMapperImpl.java:31)\n"
        "\tat com.example.wizyty.doctor.DoctorController.list(DoctorController.java:27)\n```",
        after=0,
    )
    s.act(
        "The mapper touches the lazy Specialization after the repository call's session is closed (open-in-view "
        "is off). Wrapping the controller method in a read-only transaction keeps the session open while mapping.",
        Edit(
            f"{PKG}/doctor/DoctorController.java",
            "    @GetMapping\n    Page<DoctorDto> list(",
            "    @GetMapping\n    @Transactional(readOnly = true)\n    Page<DoctorDto> list(",
        ),
    )
    s.user(
        "nie, cofnij to. transakcje tylko w serwisach, nigdy @Transactional na kontrolerze: kontroler ma tylko "
        "tłumaczyć HTTP, a open-in-view wyłączyliśmy specjalnie",
        rules=[("tx-services", "transakcje tylko w serwisach, nigdy @Transactional na kontrolerze")],
    )
    s.act(
        None,
        Edit(
            f"{PKG}/doctor/DoctorController.java",
            "    @GetMapping\n    @Transactional(readOnly = true)\n    Page<DoctorDto> list(",
            "    @GetMapping\n    Page<DoctorDto> list(",
        ),
        Edit(
            f"{PKG}/doctor/DoctorRepository.java",
            "    Page<Doctor> findByClinicId(long clinicId, Pageable pageable);",
            '    @EntityGraph(attributePaths = "specialization")\n'
            "    Page<Doctor> findByClinicId(long clinicId, Pageable pageable);",
        ),
    )
    s.act(
        None,
        Bash("./gradlew test --tests '*Doctor*'", gradle_ok(41), desc="Run the doctor tests", secs=43),
    )
    s.say(
        "Reverted the controller change. DoctorRepository.findByClinicId now fetches the specialization with an "
        "@EntityGraph, so the mapper no longer hits a proxy; the doctor tests pass, including a new one with a "
        "specialization."
    )
    s.user("ok, o to chodziło 👍")
    s.outcome("success", "LazyInitializationException fixed with an entity graph instead of a controller transaction")
    s.one_off("Hibernate LazyInitializationException (could not initialize proxy - no Session) mapping a Doctor")
    return s


def a03_tz_assert() -> Session:
    s = api("a03-tz-assert", "2027-03-02T08:05:31", "2.1.190", "feature/WIZ-190-booking", "pale-nowa-huta-crane")
    s.user(
        "CI is red on AppointmentServiceTest.book_storesStartInClinicTime, locally it's green. The CI runner is "
        "UTC, I'm in Warsaw, so probably something with zones. Can you reproduce with TZ=UTC and fix it?",
        after=0,
    )
    s.act(None, Bash(TZ_TEST, gradle_fail([TZ_FAIL], 9), code=1, desc="Run the test in UTC", secs=30))
    s.act(
        None,
        Read(
            f"{PKG}/appointment/AppointmentService.java",
            "    @Transactional\n    public AppointmentDto book(BookAppointmentRequest request) {\n"
            "        var appointment = new Appointment();\n"
            "        appointment.setStartsAt(LocalDateTime.ofInstant(request.startsAt(), ZoneId.systemDefault()));\n"
            "        appointment.setDoctorId(request.doctorId());\n        return mapper.toDto(repository.save(appointment));\n    }",
            offset=31,
            limit=7,
            total=88,
        ),
    )
    s.act(
        "The service converts the instant with the JVM zone, so under UTC 08:00Z stays 08:00. Hibernate can be told "
        "which zone the JDBC layer uses; I'll set it for the test profile.",
        Edit(
            "src/test/resources/application-test.yml",
            "  jpa:\n    open-in-view: false",
            "  jpa:\n    open-in-view: false\n    properties:\n      hibernate.jdbc.time_zone: Europe/Warsaw",
        ),
    )
    s.act(None, Bash(TZ_TEST, gradle_fail([TZ_FAIL], 9), code=1, desc="Run the test again", secs=29))
    s.say(
        "Still 08:00: hibernate.jdbc.time_zone only affects zoned types, and starts_at is a LocalDateTime in a "
        "timestamp column, so nothing is converted on the way to the database."
    )
    s.user("run it once more, it passed once in CI, maybe it's flaky after all")
    s.act(None, Bash(TZ_TEST, gradle_fail([TZ_FAIL], 9), code=1, desc="Run the test a third time", secs=29))
    s.say(
        "Same failure on the third run, so it isn't flaky: under UTC the stored start is always one hour earlier. "
        "Going forward I'll always run date-related tests with TZ=UTC before calling a fix done. The real question is "
        "whether starts_at should hold an instant instead of a local time; that's a bigger change."
    )
    s.not_person(
        "Going forward I'll always run date-related tests with TZ=UTC before calling a fix done.", "assistant_text"
    )
    s.user("dobra, cofnij zmiany w yml, muszę to przemyśleć z Markiem")
    s.act(None, Bash("git checkout -- src/test/resources/application-test.yml", "", desc="Revert the test config"))
    s.outcome("failed", "the UTC test still fails three times; the config change is reverted, no fix")
    s.hit(TZ)
    return s


def a04_appointment_controller() -> Session:
    s = api(
        "a04-appointment-controller", "2027-03-03T07:50:09", "2.1.191", "feature/WIZ-190-booking", "brisk-vistula-kite"
    )
    s.user(
        "Potrzebuję POST /api/appointments i GET /api/appointments/{id} na AppointmentService. Use @SpringBootTest "
        "with the full context for the controller tests, I want the real wiring and the security filters tested.",
        after=0,
        rules=[("full-context-tests", "Use @SpringBootTest with the full context for the controller tests")],
    )
    s.act(
        None,
        Write(
            f"{PKG}/appointment/AppointmentController.java",
            '@RestController\n@RequestMapping("/api/appointments")\nclass AppointmentController {\n\n'
            "    private final AppointmentService appointments;\n\n"
            "    AppointmentController(AppointmentService appointments) {\n        this.appointments = appointments;\n"
            "    }\n\n    @PostMapping\n    @ResponseStatus(HttpStatus.CREATED)\n"
            "    AppointmentDto book(@Valid @RequestBody BookAppointmentRequest request) {\n"
            "        return appointments.book(request);\n    }\n\n"
            '    @GetMapping("/{id}")\n    Appointment get(@PathVariable long id) {\n'
            "        return appointments.findEntity(id);\n    }\n}\n",
        ),
    )
    s.user(
        "GET zwraca encję. controllers never return JPA entities, always a DTO through a MapStruct mapper: inaczej "
        "Jackson wyciąga leniwe relacje i nasze wewnętrzne pola",
        rules=[
            (
                "dto-not-entities",
                "controllers never return JPA entities, always a DTO through a MapStruct mapper",
            )
        ],
    )
    s.act(
        None,
        Edit(
            f"{PKG}/appointment/AppointmentController.java",
            '    @GetMapping("/{id}")\n    Appointment get(@PathVariable long id) {\n'
            "        return appointments.findEntity(id);",
            '    @GetMapping("/{id}")\n    AppointmentDto get(@PathVariable long id) {\n'
            "        return appointments.find(id);",
        ),
        Write(
            f"{TPKG}/appointment/AppointmentControllerTest.java",
            "@SpringBootTest\n@AutoConfigureMockMvc\nclass AppointmentControllerTest extends PostgresContainerSupport {\n"
            "    // book, get, 404 for a missing id, 401 without a token\n}\n",
        ),
    )
    s.act(
        None,
        Bash("./gradlew test --tests '*AppointmentControllerTest'", gradle_ok(52), desc="Run the tests", secs=55),
    )
    s.say(
        "GET now returns AppointmentDto via AppointmentMapper.toDto; the four controller tests pass with the full context."
    )
    s.user("ok, now add validation that startsAt can't be in the past")
    s.act(
        None,
        Edit(
            f"{PKG}/appointment/BookAppointmentRequest.java",
            "        @NotNull Instant startsAt,",
            "        @NotNull @Future Instant startsAt,",
        ),
    )
    s.act(
        None,
        Bash("./gradlew test --tests '*AppointmentControllerTest'", gradle_ok(50), desc="Run the tests", secs=52),
    )
    s.say("startsAt is now @Future; a booking in the past gets 400 with the field error, covered by a fifth test.")
    s.outcome("success", "appointment endpoints with DTOs and tests; the next request implies the first part was fine")
    return s


def a05_reminder_flyway() -> Session:
    s = api("a05-reminder-flyway", "2027-03-04T08:30:40", "2.1.191", "feature/WIZ-205-reminders", "grey-podgorze-swift")
    s.user(
        "ReminderJobIT doesn't find an appointment that is exactly 24h away. The job should send the SMS a day "
        "before, and the test gets 0 instead of 1. Can you see what's going on?",
        after=0,
    )
    s.act(
        None,
        Bash(
            "./gradlew test --tests '*ReminderJobIT'",
            gradle_fail([REMINDER_FAIL], 3, secs=33),
            code=1,
            desc="Run the reminder test",
            secs=36,
        ),
    )
    s.act(
        None,
        Read(
            f"{PKG}/reminder/ReminderRepository.java",
            '    @Query(value = """\n        select * from appointment\n'
            "        where starts_at between now() + interval '23 hours' and now() + interval '24 hours'\n"
            '        """, nativeQuery = true)\n    List<Appointment> findDueForReminder();',
            offset=12,
            limit=5,
            total=30,
        ),
        Read(
            "src/main/resources/db/migration/V9__create_appointment.sql",
            "CREATE TABLE appointment (\n    id         bigserial PRIMARY KEY,\n    doctor_id  bigint NOT NULL "
            "REFERENCES doctor(id),\n    starts_at  timestamp NOT NULL,\n    status     varchar(20) NOT NULL\n);",
        ),
    )
    s.act(
        "starts_at is a timestamp without time zone holding Warsaw local time (from LocalDateTime), while now() in "
        "the container is UTC, so the window is shifted by an hour. I'll make the column timestamptz.",
        Edit(
            "src/main/resources/db/migration/V9__create_appointment.sql",
            "    starts_at  timestamp NOT NULL,",
            "    starts_at  timestamptz NOT NULL,",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew bootRun --args='--spring.profiles.active=dev'",
            FLYWAY_CHECKSUM,
            code=1,
            desc="Start against the dev database",
            secs=12,
        ),
    )
    s.user(
        "nie no, nie ruszaj V9, ona już jest na stagingu. zastosowanych migracji nigdy nie edytujemy, zawsze nowa "
        "wersja. cofnij to",
        rules=[("flyway-never-edit", "zastosowanych migracji nigdy nie edytujemy, zawsze nowa wersja")],
    )
    s.act(
        None, Bash("git checkout -- src/main/resources/db/migration/V9__create_appointment.sql", "", desc="Revert V9")
    )
    s.say(
        "Reverted V9, so its checksum matches the dev and staging history again. The reminder test still fails: the fix needs a new migration that "
        "changes starts_at and an entity that stops using LocalDateTime, which touches booking too."
    )
    s.user("dobra, zostawmy to, wrócę do tego jak ogarnę temat stref z Markiem")
    s.outcome(
        "failed",
        "reminder window still wrong; the edit of an applied migration caused a checksum error and was reverted",
    )
    s.hit(TZ)
    return s


def a06_force_push() -> Session:
    s = api("a06-force-push", "2027-03-04T13:20:15", "2.1.191", "feature/WIZ-188-specializations", "warm-planty-lark")
    s.user("wciągnij najnowszy main do feature/WIZ-188-specializations i wypchnij, Marek czeka na to", after=0)
    s.act(
        None,
        Bash(
            "git fetch origin && git rebase origin/main",
            "Successfully rebased and updated refs/heads/feature/WIZ-188-specializations.",
            desc="Rebase onto main",
        ),
    )
    s.act(None, Denied(Bash("git push --force origin feature/WIZ-188-specializations", desc="Force-push the branch")))
    s.user(
        "don't force-push to shared branches, ever. Marek ma lokalnie swoje commity na tym branchu. zrób merge "
        "zamiast rebase",
        rules=[("no-force-push", "don't force-push to shared branches, ever")],
    )
    s.act(
        None,
        Bash(
            "git reset --hard origin/feature/WIZ-188-specializations && git merge origin/main",
            "HEAD is now at 4be19c2 Add specialization to doctor\nMerge made by the 'ort' strategy.\n"
            " src/main/resources/db/migration/V14__add_clinic_phone.sql | 2 ++\n 6 files changed, 71 insertions(+), 3 deletions(-)",
            desc="Merge main instead",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew test",
            "> Task :test\n\nDoctorControllerTest > initializationError FAILED\n"
            "    org.springframework.beans.factory.BeanCreationException: Error creating bean with name "
            "'flywayInitializer': Found more than one migration with version 14\n"
            "    Offenders:\n"
            f"    -> {API}/build/resources/main/db/migration/V14__add_clinic_phone.sql (SQL)\n"
            f"    -> {API}/build/resources/main/db/migration/V14__add_doctor_specialization.sql (SQL)\n\n"
            "41 tests completed, 17 failed\n\n> Task :test FAILED\n\nBUILD FAILED in 47s",
            code=1,
            desc="Run all tests",
            secs=50,
        ),
    )
    s.act(
        "main got its own V14 while this branch was open. The branch's migration has not reached any shared "
        "database yet, so it moves to V15.",
        Bash(
            "git mv src/main/resources/db/migration/V14__add_doctor_specialization.sql "
            "src/main/resources/db/migration/V15__add_doctor_specialization.sql && ./gradlew test",
            gradle_ok(74, executed=4, up_to_date=1),
            desc="Renumber the migration and rerun",
            secs=78,
        ),
    )
    s.act(
        None,
        Bash(
            'git commit -m "WIZ-188: Renumber specialization migration to V15" && git push origin feature/WIZ-188-specializations',
            git_commit(
                "feature/WIZ-188-specializations",
                "a71c0de",
                "WIZ-188: Renumber specialization migration to V15",
                1,
                0,
                0,
            )
            + "\nTo gitlab.example.com:wizyty/wizyty-api.git\n   4be19c2..a71c0de  feature/WIZ-188-specializations -> "
            "feature/WIZ-188-specializations",
            desc="Commit and push",
        ),
    )
    s.say("main is merged in (no rewrite of history), the duplicate V14 is renumbered to V15, all tests pass, pushed.")
    s.user("thanks, great")
    s.outcome(
        "success", "main merged into the shared branch without force-push; duplicate Flyway version fixed; pushed"
    )
    s.one_off("Flyway: Found more than one migration with version 14 after merging main into a feature branch")
    return s


def a07_tz_described_pl() -> Session:
    s = api("a07-tz-described-pl", "2027-03-05T08:10:26", "2.1.191", "main", "still-sukiennice-wren")
    s.user(
        "Słuchaj, recepcja z Gdańska pisze, że wizyty umówione po 23:00 pokazują się w panelu pod następnym dniem, "
        "a przypomnienia SMS przychodzą godzinę za późno. U mnie lokalnie wszystko wygląda dobrze. Co to może "
        "być? Na razie nic nie zmieniaj, tylko powiedz",
        after=0,
        non_rules=["Na razie nic nie zmieniaj, tylko powiedz"],
    )
    s.act(
        None,
        Read(
            f"{PKG}/appointment/Appointment.java",
            '    @Column(name = "starts_at", nullable = false)\n    private LocalDateTime startsAt;',
            offset=24,
            limit=2,
            total=71,
        ),
    )
    s.say(
        "Both symptoms fit the way start times are stored: starts_at is a `timestamp` (no zone) mapped to "
        "LocalDateTime, and the service converts the booked instant with the JVM's default zone. Your laptop runs "
        "in Europe/Warsaw, the servers in UTC, so the same row means a different moment on each: a 23:30 visit "
        "becomes 00:30 the next day once the panel renders it in Polish time, and the reminder window compares "
        "with now() an hour apart. It's the same thing as the UTC test failure and the ReminderJobIT one. The "
        "durable fix is a new migration to timestamptz plus Instant in the entity; I can outline it."
    )
    s.user("ok, ma to sens. sorry, wołają mnie na spotkanie, pogadamy o tym w przyszłym tygodniu")
    s.outcome(
        "unknown", "production symptoms described in Polish; a cause is named, nothing changed, the person leaves"
    )
    s.hit(TZ)
    return s


def a08_slots_checklist() -> Session:
    s = api("a08-slots-checklist", "2027-03-08T07:45:51", "2.1.192", "feature/WIZ-214-slots", "soft-kleparz-finch")
    s.user(
        "Wklejam checklistę z Confluence, obowiązuje cały zespół od tego sprintu:\n\n"
        "**Checklist przed PR**\n"
        "- tytuł PR zaczyna się od klucza z Jiry (np. WIZ-123: ...)\n"
        "- nowe endpointy opisujemy w OpenAPI przez adnotacje springdoc\n\n"
        "Decision: slots are generated nightly by a scheduled job, not computed on request. Zrób "
        "SlotGenerationJob, który o 2:00 generuje sloty na 14 dni do przodu dla każdego lekarza, z testem IT",
        after=0,
        rules=[
            ("jira-key", "tytuł PR zaczyna się od klucza z Jiry"),
            ("openapi-docs", "nowe endpointy opisujemy w OpenAPI przez adnotacje springdoc"),
        ],
        decisions=["Decision: slots are generated nightly by a scheduled job, not computed on request"],
    )
    s.act(
        None,
        Write(
            f"{PKG}/slot/SlotGenerationJob.java",
            "@Component\nclass SlotGenerationJob {\n\n    private final SlotGenerator generator;\n\n"
            "    SlotGenerationJob(SlotGenerator generator) {\n        this.generator = generator;\n    }\n\n"
            '    @Scheduled(cron = "${wizyty.slots.cron:0 0 2 * * *}", zone = "Europe/Warsaw")\n'
            "    void generate() {\n        generator.generateAhead(Duration.ofDays(14));\n    }\n}\n",
        ),
        Write(
            f"{TPKG}/slot/SlotGenerationJobIT.java",
            '@SpringBootTest(properties = "wizyty.slots.cron=*/1 * * * * *")\n'
            "class SlotGenerationJobIT extends PostgresContainerSupport {\n\n    @Autowired SlotRepository slots;\n\n"
            "    @Test\n    void generatesSlotsAhead() {\n"
            "        await().atMost(Duration.ofSeconds(10)).until(() -> slots.count() > 0);\n    }\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew test --tests '*SlotGenerationJobIT'",
            gradle_fail(
                [
                    "SlotGenerationJobIT > generatesSlotsAhead() FAILED\n"
                    "    org.awaitility.core.ConditionTimeoutException: Condition with Lambda expression in "
                    "com.example.wizyty.slot.SlotGenerationJobIT that uses com.example.wizyty.slot.SlotRepository "
                    "was not fulfilled within 10 seconds.\n"
                    "        at app//org.awaitility.core.ConditionAwaiter.await(ConditionAwaiter.java:167)\n"
                    "        at app//com.example.wizyty.slot.SlotGenerationJobIT.generatesSlotsAhead(SlotGenerationJobIT.java:19)"
                ],
                1,
                secs=29,
            ),
            code=1,
            desc="Run the job test",
            secs=32,
        ),
    )
    s.act(
        "The job never fires: nothing in the application enables scheduling.",
        Edit(
            f"{PKG}/WizytyApplication.java",
            "@SpringBootApplication\npublic class WizytyApplication {",
            "@SpringBootApplication\n@EnableScheduling\npublic class WizytyApplication {",
        ),
    )
    s.act(None, Bash("./gradlew test --tests '*SlotGenerationJobIT'", gradle_ok(30), desc="Run it again", secs=33))
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "WIZ-214: Generate slots nightly"',
            git_commit("feature/WIZ-214-slots", "5e02b91", "WIZ-214: Generate slots nightly", 3, 58, 1),
            desc="Commit",
        ),
    )
    s.say(
        "SlotGenerationJob runs at 02:00 Europe/Warsaw and generates 14 days ahead; it never ran before because "
        '@EnableScheduling was missing. The IT passes; committed as "WIZ-214: Generate slots nightly", ready for '
        "a PR with the same title."
    )
    s.user("super, dzięki")
    s.outcome("success", "nightly slot job added and tested after enabling scheduling; committed")
    s.one_off("SlotGenerationJobIT ConditionTimeoutException: the @Scheduled job never ran, @EnableScheduling missing")
    return s


def a09_no_docker() -> Session:
    s = api("a09-no-docker", "2027-03-08T13:02:37", "2.1.192", "main", "dry-zablocie-stork")
    s.user(
        "Dostałam nowego laptopa (Fedora 41), sklonowałam repo i ./gradlew test się wywala na wszystkich testach z "
        "bazą. Zobacz co tu jest",
        after=0,
    )
    s.act(
        None,
        Bash(
            "./gradlew test",
            gradle_fail([NO_DOCKER, NO_DOCKER.replace("SlotRepositoryIT", "ReminderJobIT")], 79, secs=21).replace(
                "79 tests completed, 2 failed", "79 tests completed, 23 failed"
            ),
            code=1,
            desc="Run all tests",
            secs=25,
        ),
    )
    s.act(
        None,
        Bash(
            "systemctl status docker",
            "Unit docker.service could not be found.",
            code=4,
            desc="Is the Docker daemon there?",
        ),
    )
    s.act(
        "There is no Docker daemon on this machine, which is why Testcontainers finds no environment. I'll install "
        "Docker CE from Docker's repository.",
        Denied(Bash("sudo dnf install -y docker-ce docker-ce-cli containerd.io", desc="Install Docker CE")),
    )
    s.user(
        "nie instaluj teraz dockera, na tym laptopie jest podman. ogarnę to wieczorem sama",
        non_rules=["nie instaluj teraz dockera"],
    )
    s.say(
        "OK, nothing installed. For the evening: Testcontainers can talk to Podman through its Docker-compatible "
        "API socket; it needs that socket running and DOCKER_HOST pointing at it."
    )
    s.outcome("failed", "integration tests cannot start containers on the new laptop; no fix in this session")
    s.hit(PODMAN)
    return s


def a10_webmvctest_review() -> Session:
    s = api(
        "a10-webmvctest-review", "2027-03-09T08:20:03", "2.1.192", "feature/WIZ-190-booking", "gold-zwierzyniec-hawk"
    )
    s.user(
        "Marek zostawił review do PR z kontrolerem wizyt:\n\n"
        "> Always use @Transactional(readOnly = true) on query methods.\n"
        "> Ten test podnosi cały kontekst, 48 s na jeden kontroler.\n\n"
        "Dobra, zmiana: testy kontrolerów jednak na @WebMvcTest, pełny kontekst tylko w testach *IT, bo build "
        "trwa wieki. Przerób AppointmentControllerTest",
        after=0,
        rules=[
            (
                "webmvctest",
                "testy kontrolerów jednak na @WebMvcTest, pełny kontekst tylko w testach *IT",
                "full-context-tests",
            )
        ],
    )
    s.not_person("Always use @Transactional(readOnly = true) on query methods.", "pasted_log")
    s.act(
        None,
        Write(
            f"{TPKG}/appointment/AppointmentControllerTest.java",
            "@WebMvcTest(AppointmentController.class)\n@Import(SecurityConfig.class)\nclass AppointmentControllerTest {\n\n"
            "    @Autowired MockMvc mvc;\n    @MockitoBean AppointmentService appointments;\n\n"
            "    // book, get, 404 for a missing id, 401 without a token, 400 for a past start\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew test --tests '*AppointmentControllerTest'", gradle_ok(7), desc="Run the controller tests", secs=9
        ),
    )
    s.say(
        "AppointmentControllerTest is a @WebMvcTest with a mocked AppointmentService now: 5 tests in about 2 s, no database."
    )
    s.user(
        "a to readOnly od Marka: czy my zawsze musimy dawać readOnly na metodach do odczytu?",
        non_rules=["czy my zawsze musimy dawać readOnly na metodach do odczytu"],
    )
    s.say(
        "Not required. readOnly = true lets Hibernate skip dirty checking and flushes, and some setups route such "
        "transactions to a replica; you don't have a replica, so the gain is small but real for list endpoints."
    )
    s.user("ok, then add it where AppointmentQueryService only reads")
    s.act(
        None,
        Edit(
            f"{PKG}/appointment/AppointmentQueryService.java",
            "    public Page<AppointmentDto> forDoctor(",
            "    @Transactional(readOnly = true)\n    public Page<AppointmentDto> forDoctor(",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew compileJava",
            "> Task :compileJava\n\nBUILD SUCCESSFUL in 4s\n1 actionable task: 1 executed",
            desc="Compile",
        ),
    )
    s.say("forDoctor in AppointmentQueryService is read-only now (its other method already was); compiles.")
    s.user("dzięki")
    s.outcome("success", "controller test rewritten as @WebMvcTest; read-only transaction added where asked")
    return s


def a11_ryuk_selinux() -> Session:
    s = api("a11-ryuk-selinux", "2027-03-10T07:55:48", "2.1.193", "main", "thin-debniki-gull")
    s.user(
        "Wczoraj wieczorem odpaliłam w drugim terminalu `podman system service --time=0 "
        "unix:///run/user/1000/podman/podman.sock` i ustawiłam DOCKER_HOST w .bashrc. Testy już widzą podmana, ale "
        "teraz coś się sypie na ryuku. Zobacz",
        after=0,
    )
    s.act(
        None,
        Bash(
            "./gradlew test --tests '*IT'", gradle_fail([RYUK_FAIL], 23, secs=38), code=1, desc="Run the ITs", secs=41
        ),
    )
    s.act(
        "Ryuk (Testcontainers' cleanup container) mounts the socket and SELinux denies it access. Ryuk can be "
        "switched off for the test task.",
        Edit(
            "build.gradle.kts",
            "tasks.test {\n    useJUnitPlatform()",
            'tasks.test {\n    useJUnitPlatform()\n    environment("TESTCONTAINERS_RYUK_DISABLED", "true")',
        ),
    )
    s.act(None, Bash("./gradlew test --tests '*IT'", gradle_ok(64), desc="Run the ITs again", secs=66))
    s.say("With Ryuk disabled the 23 integration tests pass against Podman.")
    s.act(
        None,
        Bash(
            "podman ps -a --filter label=org.testcontainers=true --format '{{.Names}} {{.Status}}' | wc -l",
            "4",
            desc="Count leftover containers",
        ),
    )
    s.user(
        "nie no, bez ryuka po każdym przebiegu zostają kontenery postgresa, już mam 4 z jednego przebiegu. cofnij to i posprzątaj",
    )
    s.act(
        None,
        Bash(
            "git checkout -- build.gradle.kts && podman rm -f $(podman ps -aq --filter label=org.testcontainers=true)",
            "3f1a9c27b04e\n8d22e1f0a913\n1b7c44d09e25\n60e5d2a7c1f9",
            desc="Revert and remove leftover containers",
        ),
    )
    s.say(
        "Reverted build.gradle.kts and removed the leftover Testcontainers containers; Ryuk still fails under SELinux."
    )
    s.user("ok, I'm leaving it, too much other stuff today")
    s.outcome("failed", "Ryuk fails with permission denied; disabling it was rejected and reverted, no fix")
    s.hit(PODMAN)
    return s


def a12_after_reboot_pl() -> Session:
    s = api("a12-after-reboot-pl", "2027-03-11T08:40:19", "2.1.193", "main", "low-ludwinow-plover")
    s.user(
        "Po restarcie laptopa testy integracyjne znowu nie działają: wiszą jakieś dwie minuty i potem się "
        "wywalają. Wczoraj po południu przechodziły, w kodzie nic nie zmieniałam. Masz pomysł co to jest?",
        after=0,
    )
    s.act(
        None,
        Bash(
            "ls -l /run/user/1000/podman/ ; echo DOCKER_HOST=$DOCKER_HOST",
            "ls: cannot access '/run/user/1000/podman/': No such file or directory\n"
            "DOCKER_HOST=unix:///run/user/1000/podman/podman.sock",
            desc="Check the Podman socket",
        ),
    )
    s.say(
        "The `podman system service` you started by hand lived in a terminal, so the reboot ended it: DOCKER_HOST "
        "still points at /run/user/1000/podman/podman.sock, which no longer exists, and Testcontainers waits for "
        "it until it gives up. A systemd user socket for Podman would start on demand after every login; Ryuk's "
        "SELinux denial is a separate setting. Want me to set both up?"
    )
    s.user("aha, ok. jutro rano to zrobimy porządnie")
    s.outcome("unknown", "Polish description after a reboot; the cause is explained, nothing changed yet")
    s.hit(PODMAN)
    return s


def _sa_podman(c: Session) -> None:
    c.act(
        None,
        Bash(
            "systemctl --user status podman.socket --no-pager; getenforce; podman --version",
            "○ podman.socket - Podman API Socket\n     Loaded: loaded (/usr/lib/systemd/user/podman.socket; disabled; "
            "preset: disabled)\n     Active: inactive (dead)\n   Triggers: ● podman.service\n"
            "     Listen: /run/user/1000/podman/podman.sock (Stream)\nEnforcing\npodman version 5.3.1",
            desc="Podman socket and SELinux",
        ),
    )
    c.act(
        None,
        Bash(
            "cat ~/.testcontainers.properties; ls src/test/resources",
            "cat: /home/kasia/.testcontainers.properties: No such file or directory\napplication-test.yml\nlogback-test.xml",
            desc="Testcontainers configuration",
        ),
    )
    c.say(
        "Podman 5.3.1 is installed; the user unit podman.socket exists but is disabled and inactive, so nothing "
        "listens on /run/user/1000/podman/podman.sock after login. SELinux is Enforcing (that is what blocks the "
        "Ryuk container from using the mounted socket). There is no ~/.testcontainers.properties and nothing "
        "Testcontainers-specific in src/test/resources; DOCKER_HOST comes only from ~/.bashrc."
    )


def a13_fix_podman() -> Session:
    s = api("a13-fix-podman", "2027-03-12T08:15:33", "2.1.193", "main", "clear-bronowice-tit")
    s.user(
        "Ok, let's do Podman properly, so that Testcontainers also works after a reboot. First check what we have, "
        "don't change anything yet",
        after=0,
    )
    s.act(
        None,
        Agent(
            "Podman and Testcontainers setup",
            "Do not change anything; only report which container runtime this machine has, whether the Podman API "
            "socket is enabled, the SELinux mode, and what Testcontainers is configured to use.",
            "Explore",
            _sa_podman,
        ),
    )
    s.say(
        "The socket unit is there but disabled, and SELinux blocks Ryuk. Plan: enable the user podman.socket (it "
        "then starts on demand after every login) and tell Testcontainers to use it and run Ryuk privileged."
    )
    s.user("spoko, zrób")
    s.act(
        None,
        Bash(
            "systemctl --user enable --now podman.socket",
            "Created symlink '/home/kasia/.config/systemd/user/sockets.target.wants/podman.socket' → "
            "'/usr/lib/systemd/user/podman.socket'.",
            desc="Enable the Podman API socket",
        ),
        Write(
            "/home/kasia/.testcontainers.properties",
            "docker.host=unix:///run/user/1000/podman/podman.sock\nryuk.container.privileged=true\n",
        ),
    )
    s.act(None, Bash("./gradlew test", gradle_ok(72, executed=4, up_to_date=1), desc="Run all tests", secs=75))
    s.say(
        "All 79 tests pass, Ryuk included (it runs privileged now), and `podman ps` is empty afterwards. The socket "
        "is socket-activated, so it survives reboots."
    )
    s.user(
        "nauczka: na Fedorze Testcontainers potrzebuje podman.socket włączonego przez systemctl --user, ręcznie "
        "odpalony podman system service nie przeżywa restartu. Dopisz to do docs/dev-setup.md",
        lessons=[
            "na Fedorze Testcontainers potrzebuje podman.socket włączonego przez systemctl --user, ręcznie odpalony "
            "podman system service nie przeżywa restartu"
        ],
    )
    s.act(
        None,
        Edit(
            "docs/dev-setup.md",
            "## Tests",
            "## Tests\n\n### Fedora / Podman\n\n```\nsystemctl --user enable --now podman.socket\n```\n\n"
            "`~/.testcontainers.properties`:\n\n```\ndocker.host=unix:///run/user/1000/podman/podman.sock\n"
            "ryuk.container.privileged=true\n```",
        ),
    )
    s.say("docs/dev-setup.md has a Fedora / Podman section with both steps.")
    s.user("dzięki, wreszcie 🙌")
    s.outcome("success", "Podman API socket enabled and Testcontainers configured; the whole suite passes, documented")
    s.not_person(
        "Do not change anything; only report which container runtime this machine has, whether the Podman API "
        "socket is enabled, the SELinux mode, and what Testcontainers is configured to use.",
        "subagent_prompt",
    )
    s.hit(PODMAN, fixed=True)
    return s


def a14_fix_timestamptz() -> Session:
    s = api("a14-fix-timestamptz", "2027-03-15T08:05:27", "2.1.194", "fix/WIZ-198-starts-at", "deep-kazimierz-swift")
    s.user(
        "Wracamy do czasu wizyt. Marek potwierdził, że na serwerach JVM chodzi w UTC. Plan: starts_at na "
        "timestamptz, w encji Instant, strefę placówki bierzemy z clinic.zone_id dopiero przy wyświetlaniu. Jak "
        "mówiłam: new migration file, never touch an applied one. Dane na stagingu są w czasie warszawskim",
        after=0,
        rules=[("flyway-never-edit", "new migration file, never touch an applied one")],
    )
    s.act(
        None,
        Write(
            "src/main/resources/db/migration/V17__appointment_starts_at_timestamptz.sql",
            "-- existing rows hold Warsaw wall-clock time\nALTER TABLE appointment\n"
            "    ALTER COLUMN starts_at TYPE timestamptz USING starts_at AT TIME ZONE 'Europe/Warsaw';\n",
        ),
        Edit(
            f"{PKG}/appointment/Appointment.java",
            "    private LocalDateTime startsAt;",
            "    private Instant startsAt;",
        ),
        Edit(
            f"{PKG}/appointment/AppointmentService.java",
            "        appointment.setStartsAt(LocalDateTime.ofInstant(request.startsAt(), ZoneId.systemDefault()));",
            "        appointment.setStartsAt(request.startsAt());",
        ),
    )
    s.act(
        None,
        Edit(
            f"{PKG}/reminder/ReminderRepository.java",
            "        where starts_at between now() + interval '23 hours' and now() + interval '24 hours'",
            "        where starts_at between :from and :to",
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. Summary:\n"
        "1. Primary Request: store appointment start as an instant (starts_at timestamptz, Instant in the entity), "
        "clinic zone applied only for display; existing rows are Warsaw time.\n"
        "2. Notes: User preference: always run ./gradlew spotlessApply before committing.\n"
        "3. Current state: V17__appointment_starts_at_timestamptz.sql written; Appointment.startsAt is Instant; "
        "AppointmentService no longer uses ZoneId.systemDefault(); ReminderRepository takes :from/:to.\n"
        "4. Next: run the tests under TZ=UTC and fix what breaks.",
        pre_tokens=148_920,
        post_tokens=12_410,
    )
    s.not_person("User preference: always run ./gradlew spotlessApply before committing.", "compaction_summary")
    s.act(
        None,
        Bash(
            "TZ=UTC ./gradlew test",
            gradle_fail(
                [
                    "AppointmentServiceTest > book_storesStartInClinicTime() FAILED\n"
                    "    org.opentest4j.AssertionFailedError: expected: <2027-03-08T09:00> but was: "
                    "<2027-03-08T08:00:00Z>\n"
                    "        at app//com.example.wizyty.appointment.AppointmentServiceTest.book_storesStartInClinicTime"
                    "(AppointmentServiceTest.java:58)"
                ],
                79,
                secs=71,
            ),
            code=1,
            desc="Run all tests in UTC",
            secs=74,
        ),
    )
    s.act(
        "That assertion still expects a local time; the stored value is now the instant itself.",
        Edit(
            f"{TPKG}/appointment/AppointmentServiceTest.java",
            '        assertEquals(LocalDateTime.parse("2027-03-08T09:00"), saved.getStartsAt());',
            '        assertEquals(Instant.parse("2027-03-08T08:00:00Z"), saved.getStartsAt());',
        ),
    )
    s.act(
        None,
        Bash(
            "TZ=UTC ./gradlew test && ./gradlew test",
            gradle_ok(70) + "\n" + gradle_ok(69),
            desc="UTC and local",
            secs=150,
        ),
    )
    s.say(
        "Green in UTC and in Europe/Warsaw, ReminderJobIT included. V17 converts the existing rows from Warsaw "
        "wall-clock time; from now on the JVM's zone no longer changes what starts_at means."
    )
    s.user(
        "lesson learned: timestamp without time zone plus LocalDateTime means the JVM's zone silently decides "
        "what every row means. commituj",
        lessons=[
            "timestamp without time zone plus LocalDateTime means the JVM's zone silently decides what every row means"
        ],
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "WIZ-198: Store appointment start as timestamptz"',
            git_commit(
                "fix/WIZ-198-starts-at", "c4d81e3", "WIZ-198: Store appointment start as timestamptz", 6, 47, 19
            ),
            desc="Commit",
        ),
    )
    s.outcome("success", "starts_at migrated to timestamptz with Instant in the entity; tests green in UTC and locally")
    s.hit(TZ, fixed=True)
    return s


def a15_mapstruct_policy() -> Session:
    s = api(
        "a15-mapstruct-policy", "2027-03-18T08:10:44", "2.1.195", "feature/WIZ-231-patient-phone", "long-salwator-jay"
    )
    s.user(
        "Potrzebuję numer telefonu pacjenta w AppointmentDto (pole patientPhone, z patient.phoneNumber). I przy "
        "okazji: w mapperach MapStruct zawsze unmappedTargetPolicy = ReportingPolicy.ERROR, żeby nowe pole w DTO nie "
        "przechodziło po cichu jako null. Ustaw to we wspólnym @MapperConfig i popraw co wyjdzie",
        after=0,
        rules=[("mapstruct-error-policy", "w mapperach MapStruct zawsze unmappedTargetPolicy = ReportingPolicy.ERROR")],
    )
    s.act(
        None,
        Edit(
            f"{PKG}/common/CentralMapperConfig.java",
            '@MapperConfig(componentModel = "spring")',
            '@MapperConfig(componentModel = "spring", unmappedTargetPolicy = ReportingPolicy.ERROR)',
        ),
        Edit(
            f"{PKG}/appointment/AppointmentMapper.java",
            "    AppointmentDto toDto(Appointment appointment);",
            '    @Mapping(target = "patientPhone", source = "patient.phoneNumber")\n'
            "    AppointmentDto toDto(Appointment appointment);",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew compileJava",
            "> Task :compileJava FAILED\n"
            f"{API}/src/main/java/com/example/wizyty/clinic/ClinicMapper.java:17: error: Unmapped target property: "
            '"openingHours".\n    ClinicDto toDto(Clinic clinic);\n              ^\n1 error\n\n'
            "FAILURE: Build failed with an exception.\n\n* What went wrong:\nExecution failed for task ':compileJava'.\n"
            "> Compilation failed; see the compiler error output for details.\n\nBUILD FAILED in 6s",
            code=1,
            desc="Compile",
            secs=9,
        ),
    )
    s.act(
        "ClinicDto.openingHours was never mapped (the entity calls it schedule), so it has always been null.",
        Edit(
            f"{PKG}/clinic/ClinicMapper.java",
            "    ClinicDto toDto(Clinic clinic);",
            '    @Mapping(target = "openingHours", source = "schedule")\n    ClinicDto toDto(Clinic clinic);',
        ),
    )
    s.act(None, Bash("./gradlew test", gradle_ok(74, executed=4, up_to_date=1), desc="Run all tests", secs=77))
    s.say(
        "ERROR policy is in CentralMapperConfig; AppointmentDto has patientPhone, and ClinicMapper now maps "
        "openingHours from schedule. Compiles, 81 tests pass."
    )
    s.user("oh, so the opening hours have been null for months. good that it came up, thanks")
    s.outcome("success", "patient phone added, MapStruct ERROR policy set, a silently unmapped field found and mapped")
    s.one_off('MapStruct compile error: Unmapped target property "openingHours" in ClinicMapper after the ERROR policy')
    return s


SESSIONS = [
    a01_doctors_endpoint,
    a02_lazy_init,
    a03_tz_assert,
    a04_appointment_controller,
    a05_reminder_flyway,
    a06_force_push,
    a07_tz_described_pl,
    a08_slots_checklist,
    a09_no_docker,
    a10_webmvctest_review,
    a11_ryuk_selinux,
    a12_after_reboot_pl,
    a13_fix_podman,
    a14_fix_timestamptz,
    a15_mapstruct_policy,
]
