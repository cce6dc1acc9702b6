"""Ioana's `rezervari` sessions (r01-r16): a Java 21 Quarkus REST service for booking sports courts at clubs in
Cluj, Maven wrapper (mvnw.cmd, run from Git Bash), JUnit 5 + RestAssured + Testcontainers (Quarkus Dev Services),
Flyway, PostgreSQL. Times are UTC; Cluj-Napoca is UTC+3 in October."""

from __future__ import annotations

from fake_output import RZ, git_commit, mvn_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "rezervari"
PKG = "src/main/java/ro/rezervari"
TPKG = "src/test/java/ro/rezervari"
T_RES = "ro.rezervari.reservation.ReservationResourceTest"
T_EXP = "ro.rezervari.reservation.ReservationExportTest"
T_CLUB = "ro.rezervari.club.ClubResourceTest"
T_AV = "ro.rezervari.court.AvailabilityResourceTest"
T_PROG = "ro.rezervari.program.ProgramImportTest"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=RZ, project=PROJECT)


ENTITY = """package ro.rezervari.reservation;

import jakarta.persistence.*;
import java.time.OffsetDateTime;
import ro.rezervari.court.Court;

@Entity
@Table(name = "reservation")
public class Reservation {
    @Id
    @GeneratedValue
    public Long id;

    @ManyToOne(optional = false)
    public Court court;

    public OffsetDateTime startsAt;
    public OffsetDateTime endsAt;
    public String customerName;
}"""

REPO_V1 = """package ro.rezervari.reservation;

import io.quarkus.hibernate.orm.panache.PanacheRepository;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;

@ApplicationScoped
public class ReservationRepository implements PanacheRepository<Reservation> {

    public boolean overlaps(long courtId, OffsetDateTime startsAt, OffsetDateTime endsAt) {
        return count("court.id = ?1 and startsAt <= ?3 and endsAt >= ?2", courtId, startsAt, endsAt) > 0;
    }
}
"""

REPO_V2 = REPO_V1.replace('endsAt >= ?2"', 'endsAt >= ?2 and cancelledAt is null"')

NEW_RESERVATION = """package ro.rezervari.reservation;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.time.OffsetDateTime;

public record NewReservation(@NotNull Long courtId, @NotNull OffsetDateTime startsAt,
        @NotNull OffsetDateTime endsAt, @NotBlank String customerName) {
}
"""

SERVICE = """package ro.rezervari.reservation;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Duration;
import ro.rezervari.court.CourtRepository;

@ApplicationScoped
public class ReservationService {

    static final Duration SLOT = Duration.ofMinutes(30);

    @Inject
    ReservationRepository reservations;

    @Inject
    CourtRepository courts;

    @Transactional
    public ReservationView book(NewReservation req) {
        Duration length = Duration.between(req.startsAt(), req.endsAt());
        if (length.isNegative() || length.isZero() || length.toMinutes() % SLOT.toMinutes() != 0) {
            throw new InvalidSlotException(req.startsAt(), req.endsAt());
        }
        if (reservations.overlaps(req.courtId(), req.startsAt(), req.endsAt())) {
            throw new ReservationConflictException(req.courtId(), req.startsAt(), req.endsAt());
        }
        Reservation r = new Reservation();
        r.court = courts.findByIdOptional(req.courtId()).orElseThrow();
        r.startsAt = req.startsAt();
        r.endsAt = req.endsAt();
        r.customerName = req.customerName();
        reservations.persist(r);
        return ReservationView.of(r);
    }
}
"""

RESOURCE = """package ro.rezervari.reservation;

import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.ws.rs.*;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;

@Path("/reservations")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ReservationResource {

    @Inject
    ReservationService service;

    @POST
    public Response create(@Valid NewReservation req) {
        ReservationView created = service.book(req);
        return Response.created(URI.create("/reservations/" + created.id())).entity(created).build();
    }
}
"""

RES_TEST = """package ro.rezervari.reservation;

import static io.restassured.RestAssured.given;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

@QuarkusTest
class ReservationResourceTest {

    static String booking(int court, String from, String to) {
        return \"\"\"
            {"courtId": %d, "startsAt": "2027-11-02T%s:00+02:00", "endsAt": "2027-11-02T%s:00+02:00",
             "customerName": "Pop Andrei"}\"\"\".formatted(court, from, to);
    }

    @Test
    void booksAFreeSlot() {
        given().contentType(ContentType.JSON).body(booking(1, "10:00", "11:00"))
            .when().post("/reservations").then().statusCode(201);
    }

    @Test
    void rejectsAnOverlappingSlot() {
        given().contentType(ContentType.JSON).body(booking(2, "10:00", "11:00")).post("/reservations");
        given().contentType(ContentType.JSON).body(booking(2, "10:30", "11:30"))
            .when().post("/reservations").then().statusCode(409);
    }

    @Test
    void rejectsASlotThatIsNotAMultipleOf30Minutes() {
        given().contentType(ContentType.JSON).body(booking(1, "12:00", "12:45"))
            .when().post("/reservations").then().statusCode(400);
    }
}
"""

BACK_TO_BACK_TEST = """
    @Test
    void backToBackBookingsAreAllowed() {
        given().contentType(ContentType.JSON).body(booking(3, "18:00", "19:00"))
            .when().post("/reservations").then().statusCode(201);
        given().contentType(ContentType.JSON).body(booking(3, "19:00", "20:00"))
            .when().post("/reservations").then().statusCode(201);
    }
}
"""

ADJACENT_DISABLED = """    @Test
    @Disabled("REZ-131: fails, touching slots are rejected")
    void adjacentSlotsDoNotConflict() {"""

EXPORT_RESOURCE = """package ro.rezervari.reservation;

import jakarta.inject.Inject;
import jakarta.ws.rs.*;
import java.time.YearMonth;
import java.time.ZoneId;
import java.util.stream.Collectors;

@Path("/clubs/{clubId}/reservations/export")
public class ReservationExportResource {

    static final ZoneId CLUJ = ZoneId.of("Europe/Bucharest");

    @Inject
    ReservationRepository reservations;

    @GET
    @Produces("text/csv")
    public String export(@PathParam("clubId") long clubId, @QueryParam("month") YearMonth month) {
        String rows = reservations.forClubInMonth(clubId, month).stream()
            .map(r -> String.join(",", r.startsAt.atZoneSameInstant(CLUJ).toLocalDate().toString(), r.court.name,
                r.startsAt.atZoneSameInstant(CLUJ).toLocalTime().toString(),
                r.endsAt.atZoneSameInstant(CLUJ).toLocalTime().toString(), r.customerName))
            .collect(Collectors.joining("\\n"));
        return "data,teren,de_la,pana_la,nume\\n" + rows + "\\n";
    }
}
"""

GOLDEN = """data,teren,de_la,pana_la,nume
2027-10-02,Teren 1,10:00,11:00,Pop Andrei
2027-10-02,Teren 3,18:00,19:30,Muresan Ioan
2027-10-09,Teren 2,09:00,10:00,Rus Maria
"""

EXPORT_TEST = """package ro.rezervari.reservation;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.junit.QuarkusTest;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

@QuarkusTest
class ReservationExportTest {

    @Test
    void exportMatchesGoldenFile() throws Exception {
        String expected = Files.readString(Path.of("src/test/resources/golden/export-club-1-2027-10.csv"));
        String body = given().queryParam("month", "2027-10")
            .when().get("/clubs/1/reservations/export")
            .then().statusCode(200).extract().asString();
        assertEquals(expected, body);
    }
}
"""

GOLDEN_FAIL = (
    "org.opentest4j.AssertionFailedError: expected: <data,teren,de_la,pana_la,nume\r\n"
    "2027-10-02,Teren 1,10:00,11:00,Pop Andrei\r\n2027-10-02,Teren 3,18:00,19:30,Muresan Ioan\r\n"
    "2027-10-09,Teren 2,09:00,10:00,Rus Maria\r\n2027-10-09,Teren 3,19:00,20:00,Pop Andrei\r\n"
    "> but was: <data,teren,de_la,pana_la,nume\n2027-10-02,Teren 1,10:00,11:00,Pop Andrei\n"
    "2027-10-02,Teren 3,18:00,19:30,Muresan Ioan\n2027-10-09,Teren 2,09:00,10:00,Rus Maria\n"
    "2027-10-09,Teren 3,19:00,20:00,Pop Andrei\n>"
)

CLASSES = [(T_CLUB, 4), (T_AV, 3), (T_EXP, 1), (T_RES, 3)]


def r01() -> Session:
    s = new("r01-book-endpoint", "2027-10-04T06:42:17", "2.1.228", "reservations", "court-booking-lynx")
    s.user(
        "Vreau endpoint-ul POST /reservations: clientul alege terenul, ora de inceput si de sfarsit, iar daca "
        "terenul e deja ocupat in intervalul ala raspundem cu 409. Am decis: rezervarile se fac pe sloturi fixe de "
        "30 de minute. DTO-urile sunt record-uri, fara Lombok.",
        rules=[("dto-records", "DTO-urile sunt record-uri, fara Lombok")],
        decisions=["rezervarile se fac pe sloturi fixe de 30 de minute"],
    )
    s.title("POST /reservations with overlap check")
    s.act(
        None,
        Read(f"{PKG}/reservation/Reservation.java", ENTITY),
        Grep("class Court", [f"{PKG}/court/Court.java", f"{PKG}/court/CourtRepository.java"], glob="*.java"),
    )
    s.act(
        "Entitatea `Reservation` exista deja. Adaug DTO-ul ca record, repository-ul cu verificarea de suprapunere, "
        "serviciul (sloturi de 30 de minute) si resursa.",
        Write(f"{PKG}/reservation/NewReservation.java", NEW_RESERVATION),
        Write(f"{PKG}/reservation/ReservationRepository.java", REPO_V1),
        Write(f"{PKG}/reservation/ReservationService.java", SERVICE),
        Write(f"{PKG}/reservation/ReservationResource.java", RESOURCE),
        Write(f"{TPKG}/reservation/ReservationResourceTest.java", RES_TEST),
    )
    s.act(
        None,
        Bash(
            "./mvnw.cmd test -Dtest=ReservationResourceTest",
            mvn_run([(T_RES, 3)], goal="test", secs=31.9, finished="2027-10-04T09:51:02+03:00"),
            timeout=600000,
            secs=34,
        ),
    )
    s.say(
        "Gata: `POST /reservations` primeste un `NewReservation` (record), respinge cu 400 intervalele care nu sunt "
        "multiplu de 30 de minute si cu 409 (`ReservationConflictException`) cand terenul e ocupat. 3/3 teste verzi."
    )
    s.user(
        "Mereu ruleaza ./mvnw.cmd verify inainte sa spui ca e gata, nu doar test. Si am hotarat ca ramanem pe "
        "Quarkus, nu trecem pe Spring Boot cum voia Vlad.",
        rules=[("verify", "Mereu ruleaza ./mvnw.cmd verify inainte sa spui ca e gata")],
        decisions=["ramanem pe Quarkus, nu trecem pe Spring Boot"],
    )
    s.act(
        None,
        Bash(
            "./mvnw.cmd verify",
            mvn_run([(T_CLUB, 4), (T_RES, 3)], secs=52.7, finished="2027-10-04T09:53:40+03:00"),
            timeout=600000,
            secs=55,
        ),
    )
    s.act(
        "`verify` trece (7 teste, build-ul Quarkus ok). Fac commit:",
        Bash(
            'git add -A && git commit -m "Add POST /reservations with overlap check"',
            git_commit("reservations", "3b1e7d0", "Add POST /reservations with overlap check", 5, 142, 0),
        ),
    )
    s.say("Commit `3b1e7d0` pe `reservations`.")
    s.user("mersi!")
    s.outcome("success", "POST /reservations with 30-minute slots and a 409 on overlap; verify green; committed")
    return s


def r02() -> Session:
    s = new("r02-csv-export", "2027-10-05T06:58:40", "2.1.228", "export", "monthly-export-otter")
    s.user(
        "next: monthly export of a club's reservations as CSV, GET /clubs/{id}/reservations/export?month=2027-10, "
        "columns data,teren,de_la,pana_la,nume. the club admins open it in Excel. add a golden file test for it. "
        "entities stay Panache entities with public fields, no getters.",
        rules=[("entities-panache", "entities stay Panache entities with public fields")],
    )
    s.act(None, Read("pom.xml", "    <dependencies>\n        <dependency>", offset=58, total=171))
    s.act(
        "I'll use opencsv to write the rows so quoting is handled.",
        Denied(
            Edit(
                "pom.xml",
                "    <dependencies>\n        <dependency>",
                "    <dependencies>\n        <dependency>\n            <groupId>com.opencsv</groupId>\n"
                "            <artifactId>opencsv</artifactId>\n            <version>5.9</version>\n"
                "        </dependency>\n        <dependency>",
            ),
            "nu, sunt cinci coloane, String.join ajunge",
        ),
    )
    s.user(
        "Intreaba-ma inainte sa adaugi orice dependinta noua, in pom.xml sau in package.json. Numele clientilor nu "
        "au virgule, am verificat.",
        rules=[("ask-deps", "Intreaba-ma inainte sa adaugi orice dependinta noua, in pom.xml sau in package.json")],
    )
    s.act(
        "Understood, no new dependency. Plain `String.join` with `\\n` line ends, times in Europe/Bucharest:",
        Write(f"{PKG}/reservation/ReservationExportResource.java", EXPORT_RESOURCE),
        Write("src/test/resources/golden/export-club-1-2027-10.csv", GOLDEN),
        Write(f"{TPKG}/reservation/ReservationExportTest.java", EXPORT_TEST),
    )
    s.act(
        None,
        Bash(
            "./mvnw.cmd verify",
            mvn_run([(T_CLUB, 4), (T_EXP, 1), (T_RES, 3)], secs=54.1, finished="2027-10-05T10:06:12+03:00"),
            timeout=600000,
            secs=57,
        ),
    )
    s.say(
        "`GET /clubs/{id}/reservations/export?month=2027-10` returns `text/csv`; the golden file is "
        "`src/test/resources/golden/export-club-1-2027-10.csv` and `exportMatchesGoldenFile` compares it byte for "
        "byte. `verify` is green (8 tests)."
    )
    s.user("ok, commit.")
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "Add monthly CSV export of club reservations"',
            git_commit("export", "c07a5f2", "Add monthly CSV export of club reservations", 3, 61, 0),
        ),
    )
    s.say("Committed as `c07a5f2`.")
    s.outcome("success", "monthly CSV export with a golden file test, no new dependency; verify green; committed")
    return s


def r03() -> Session:
    s = new("r03-back-to-back-test", "2027-10-06T07:05:03", "2.1.229", "reservations", "touching-slots-wren")
    s.user(
        "Clubul din Gheorgheni vrea sa poata face rezervari lipite: 18:00-19:00 si imediat 19:00-20:00 pe acelasi "
        "teren. Scrie un test pentru asta in ReservationResourceTest si ruleaza-l."
    )
    s.act(None, Read(f"{TPKG}/reservation/ReservationResourceTest.java", RES_TEST))
    s.act(
        None,
        Edit(
            f"{TPKG}/reservation/ReservationResourceTest.java",
            '            .when().post("/reservations").then().statusCode(400);\n    }\n}',
            '            .when().post("/reservations").then().statusCode(400);\n    }\n'
            + BACK_TO_BACK_TEST.rstrip("\n"),
        ),
    )
    s.act(
        None,
        Bash(
            "./mvnw.cmd test -Dtest=ReservationResourceTest",
            mvn_run(
                [(T_RES, 4)],
                [
                    (
                        T_RES,
                        "backToBackBookingsAreAllowed",
                        62,
                        "java.lang.AssertionError: 1 expectation failed.\nExpected status code <201> but was <409>.",
                    )
                ],
                goal="test",
                secs=33.4,
                finished="2027-10-06T10:09:55+03:00",
            ),
            code=1,
            timeout=600000,
            secs=36,
        ),
    )
    s.say(
        "The new test fails: the second booking (19:00-20:00 right after 18:00-19:00) gets `409 Conflict`, so the "
        "service throws `ReservationConflictException` for back-to-back slots. I'll look at how the overlap is "
        "checked in `ReservationService`."
    )
    s.user("Stai, trebuie sa plec la o sedinta cu clientul. Lasam asa, continuam maine.")
    s.say("OK. The test `backToBackBookingsAreAllowed` stays in the file, failing.")
    s.outcome("failed", "the back-to-back booking test fails with 409; left red, Ioana called away")
    s.hit("touching-reservations-conflict")
    return s


GOLDEN_V2 = GOLDEN + "2027-10-09,Teren 3,19:00,20:00,Pop Andrei\n"


def r04() -> Session:
    s = new("r04-export-test-red", "2027-10-07T06:50:29", "2.1.229", "main", "invisible-diff-heron")
    s.user(
        "Dupa git pull de azi dimineata ./mvnw.cmd verify pica la testul de export. Vlad a adaugat un rand in "
        "golden file ieri. In CI e verde. Uita-te te rog."
    )
    s.act(
        None,
        Bash(
            "./mvnw.cmd test -Dtest=ReservationExportTest",
            mvn_run(
                [(T_EXP, 1)],
                [(T_EXP, "exportMatchesGoldenFile", 25, GOLDEN_FAIL)],
                goal="test",
                secs=29.8,
                finished="2027-10-07T09:53:41+03:00",
            ),
            code=1,
            timeout=600000,
            secs=32,
        ),
    )
    s.act(None, Read("src/test/resources/golden/export-club-1-2027-10.csv", GOLDEN_V2))
    s.say(
        "Expected and actual print the same five lines, so the difference is something invisible (whitespace or "
        "line ends) rather than data. The quickest way to get green is to regenerate the golden file from what the "
        "endpoint returns now:"
    )
    s.act(
        None,
        Denied(
            Write("src/test/resources/golden/export-club-1-2027-10.csv", GOLDEN_V2),
            "nu, in CI trece cu fisierul asta, fisierul e bun",
        ),
    )
    s.user("Lasam asa, continuam maine. Am call cu clubul din Marasti.")
    s.outcome("failed", "exportMatchesGoldenFile fails locally with identical-looking strings; regenerating refused")
    s.hit("crlf-golden-files")
    return s


def r05() -> Session:
    s = new("r05-marasti-words", "2027-10-08T07:30:48", "2.1.229", "main", "refused-second-booking-moth")
    s.user(
        "Administratorul de la clubul din Marasti zice ca aplicatia nu-l lasa sa puna doua rezervari una dupa alta "
        "pe acelasi teren. Prima intra, a doua e refuzata de fiecare data, desi terenul e liber atunci. Nu da nicio "
        "eroare in UI, doar zice ca e ocupat."
    )
    s.act(
        None,
        Read(f"{PKG}/reservation/ReservationService.java", SERVICE),
        Read(f"{PKG}/reservation/ReservationRepository.java", REPO_V1),
    )
    s.act(
        "This is the back-to-back case from Wednesday's test. The quickest change is to check the new booking with "
        "its end pulled in by a minute, so a booking ending at 19:00 no longer touches one starting at 19:00:",
        Denied(
            Edit(
                f"{PKG}/reservation/ReservationService.java",
                "        if (reservations.overlaps(req.courtId(), req.startsAt(), req.endsAt())) {",
                "        if (reservations.overlaps(req.courtId(), req.startsAt(), req.endsAt().minusMinutes(1))) {",
            ),
            "nu, e un hack. sloturile sunt de 30 de minute fixe",
        ),
    )
    s.user("Nu am timp azi sa ma uit mai atent. Tot nu merge, o luam saptamana viitoare.")
    s.outcome("failed", "back-to-back bookings still refused at the Marasti club; a minus-one-minute hack declined")
    s.hit("touching-reservations-conflict")
    return s


PHONE_MIGRATION = "ALTER TABLE reservation ADD COLUMN phone varchar(20);\n"
DOCKER_FAIL = (
    "[INFO] Running ro.rezervari.club.ClubResourceTest\n"
    "2027-10-11 09:41:07,311 WARN  [org.tes.doc.DockerClientProviderStrategy] (build-12) DOCKER_HOST "
    "tcp://localhost:2375 is not listening\n"
    "2027-10-11 09:41:07,319 ERROR [org.tes.doc.DockerClientProviderStrategy] (build-12) Could not find a valid "
    "Docker environment. Please check configuration. Attempted configurations were:\n"
    "\tNpipeSocketClientProviderStrategy: failed with exception InvalidConfigurationException (ping failed)\n"
    "\tWindowsClientProviderStrategy: failed with exception InvalidConfigurationException (ping failed)\n"
    "[ERROR] Tests run: 4, Failures: 0, Errors: 4, Skipped: 0, Time elapsed: 6.117 s <<< FAILURE! -- in "
    "ro.rezervari.club.ClubResourceTest\n"
    "[ERROR] ro.rezervari.club.ClubResourceTest.listsCourtsOfAClub -- Time elapsed: 0.004 s <<< ERROR!\n"
    "java.lang.RuntimeException: io.quarkus.builder.BuildException: Build failure: Build failed due to errors\n"
    "\t[error]: Build step io.quarkus.datasource.deployment.devservices.DevServicesDatasourceProcessor#launchDatabases "
    "threw an exception: java.lang.IllegalStateException: Could not find a valid Docker environment. Please see logs "
    "and check configuration\n"
    "[INFO] \n[ERROR] Tests run: 11, Failures: 0, Errors: 11, Skipped: 0\n[INFO] BUILD FAILURE\n"
    "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:3.5.0:test (default-test) on "
    "project rezervari: There are test failures."
)


def r06() -> Session:
    s = new("r06-phone-docker", "2027-10-11T06:35:12", "2.1.230", "phone", "sleeping-docker-gecko")
    s.user("Adauga un camp telefon, optional, la rezervare: in DTO, in entitate si in raspuns.")
    s.act(
        None,
        Edit(
            f"{PKG}/reservation/NewReservation.java",
            "@NotBlank String customerName) {",
            '@NotBlank String customerName, @Pattern(regexp = "\\\\+?[0-9 ]{6,20}") String phone) {',
        ),
        Edit(
            f"{PKG}/reservation/Reservation.java",
            "    public String customerName;",
            "    public String customerName;\n    public String phone;",
        ),
    )
    s.act(
        "The column needs a migration:",
        Denied(Write("src/main/resources/db/migration/V4__reservation_phone.sql", PHONE_MIGRATION)),
    )
    s.user(
        "Migratiile Flyway le scriu eu, tu nu creezi fisiere V__. Am pus-o deja: V4__reservation_phone.sql, e in "
        "src/main/resources/db/migration.",
        rules=[("flyway-mine", "Migratiile Flyway le scriu eu, tu nu creezi fisiere V__")],
    )
    s.act(
        "Understood. With your V4 in place, running the build:",
        Bash("./mvnw.cmd verify", DOCKER_FAIL, code=1, timeout=600000, secs=21),
    )
    s.act(
        "Dev Services cannot reach Docker. It may still be starting after a reboot; trying again:",
        Bash("./mvnw.cmd verify", DOCKER_FAIL, code=1, timeout=600000, secs=20),
    )
    s.act(None, Bash("docker version --format '{{.Server.Version}}'", "", code=1, secs=2))
    s.act(
        "The Docker client gets no answer from the engine. One more try in case it just came up:",
        Bash("./mvnw.cmd verify", DOCKER_FAIL, code=1, timeout=600000, secs=20),
    )
    s.user(
        "Docker Desktop era oprit dupa update-ul de Windows, l-am pornit acum. Trebuie mereu sa pornesc Docker "
        "Desktop inainte de teste?",
        non_rules=["Trebuie mereu sa pornesc Docker Desktop inainte de teste?"],
    )
    s.act(
        "Da: testele `@QuarkusTest` pornesc Postgres prin Dev Services (Testcontainers), deci au nevoie de Docker. "
        "In Docker Desktop poti bifa Settings > General > Start Docker Desktop when you sign in. Rulez din nou:",
        Bash(
            "./mvnw.cmd verify",
            mvn_run(CLASSES, secs=61.3, finished="2027-10-11T09:47:30+03:00"),
            timeout=600000,
            secs=64,
        ),
    )
    s.say("`verify` e verde (11 teste), cu `phone` in DTO, entitate si raspuns si migratia ta V4.")
    s.user("Merge.")
    s.one_off(
        "Docker Desktop was not running after a Windows update, so Quarkus Dev Services/Testcontainers failed with "
        "'Could not find a valid Docker environment' (the same verify failed three times)"
    )
    s.outcome("success", "optional phone field added (Ioana wrote the migration); verify green once Docker started")
    return s


def r07() -> Session:
    s = new("r07-export-words", "2027-10-12T06:45:55", "2.1.230", "main", "only-my-laptop-crane")
    s.user(
        "Iar pica testul de export doar la mine pe laptop. In CI e verde, la Vlad pe Mac trece. Eu n-am schimbat "
        "nimic la export, nici la fisierul cu rezultatul asteptat."
    )
    s.act(
        None,
        Bash(
            "git status --short && git log -1 --format='%h %s'", "c07a5f2 Add monthly CSV export of club reservations"
        ),
    )
    s.act(
        None,
        Bash(
            "./mvnw.cmd test -Dtest=ReservationExportTest",
            mvn_run(
                [(T_EXP, 1)],
                [(T_EXP, "exportMatchesGoldenFile", 25, GOLDEN_FAIL)],
                goal="test",
                secs=28.4,
                finished="2027-10-12T09:48:02+03:00",
            ),
            code=1,
            timeout=600000,
            secs=31,
        ),
    )
    s.act(
        "Working tree is clean and the golden file comparison fails the same way as last week. Since it only fails "
        "on Windows, the JVM's default charset is a candidate; forcing UTF-8:",
        Bash(
            "./mvnw.cmd test -Dtest=ReservationExportTest -Dfile.encoding=UTF-8",
            mvn_run(
                [(T_EXP, 1)],
                [(T_EXP, "exportMatchesGoldenFile", 25, GOLDEN_FAIL)],
                goal="test",
                secs=27.9,
                finished="2027-10-12T09:49:11+03:00",
            ),
            code=1,
            timeout=600000,
            secs=30,
        ),
    )
    s.say("Same failure with UTF-8 forced, so it is not the charset. Next I would compare the file's raw bytes.")
    s.user("Tot nu merge. Lasa, ma uit eu diseara.")
    s.outcome("failed", "the golden file export test still fails only on Ioana's laptop; the charset guess was wrong")
    s.hit("crlf-golden-files")
    return s


PROD_LOG = (
    "2027-10-12 19:02:11,481 WARN  [io.qua.config] (main) Unrecognized configuration key "
    '"quarkus.datasource.jdbc.max-life-time" was provided; it will be ignored; verify that the dependency extension '
    "for this configuration is set or that you did not make a typo\n"
    "2027-10-12 21:14:37,902 INFO  [ro.rez.res.ReservationResource] (executor-thread-7) POST /reservations court=3 "
    "2027-10-13T19:00+03:00..2027-10-13T20:00+03:00\n"
    "2027-10-12 21:14:37,911 ERROR [ro.rez.res.ConflictMapper] (executor-thread-7) 409 "
    "ro.rezervari.reservation.ReservationConflictException: Court 3 is already booked between "
    "2027-10-13T19:00+03:00 and 2027-10-13T20:00+03:00\n"
    "\tat ro.rezervari.reservation.ReservationService.book(ReservationService.java:31)\n"
    "\tat ro.rezervari.reservation.ReservationService_Subclass.book$$superforward(Unknown Source)"
)


def r08() -> Session:
    s = new("r08-prod-conflict-log", "2027-10-13T06:40:33", "2.1.230", "main", "court-three-log-finch")
    s.user(
        "Din logurile de productie de aseara, clientul avea deja 18-19 pe terenul 3 si voia si 19-20:\n\n```\n"
        + PROD_LOG
        + "\n```\n\nCum adica e deja rezervat intre 19 si 20? Nu era nimeni."
    )
    s.act(None, Read(f"{PKG}/reservation/ReservationRepository.java", REPO_V1))
    s.say(
        "The query in `ReservationRepository.overlaps` is `startsAt <= ?3 and endsAt >= ?2`: with `<=` and `>=` a "
        "booking ending at 19:00 counts as overlapping one starting at 19:00, so every back-to-back booking throws "
        "`ReservationConflictException`. That is also why `backToBackBookingsAreAllowed` fails. Comparing strictly "
        "(`<` and `>`) would fix it; availability may use the same comparison."
    )
    s.user(
        "Ok, acum e clar de ce. Fix-ul il facem dupa release-ul de vineri, saptamana asta nu schimbam nimic la "
        "rezervari."
    )
    s.say("OK, no change this week. The cause is in `ReservationRepository.overlaps`.")
    s.not_person(
        "verify that the dependency extension for this configuration is set or that you did not make a typo",
        "pasted_log",
    )
    s.outcome("unknown", "the cause of the refused back-to-back bookings was explained; the fix was deferred")
    s.hit("touching-reservations-conflict")
    return s


CANCEL_RESOURCE_OLD = """    @POST
    public Response create(@Valid NewReservation req) {
        ReservationView created = service.book(req);
        return Response.created(URI.create("/reservations/" + created.id())).entity(created).build();
    }
}"""

CANCEL_RESOURCE_NEW = """    @POST
    public Response create(@Valid NewReservation req) {
        ReservationView created = service.book(req);
        return Response.created(URI.create("/reservations/" + created.id())).entity(created).build();
    }

    @DELETE
    @Path("/{id}")
    public Response cancel(@PathParam("id") long id, @QueryParam("reason") String reason) {
        service.cancel(id, reason);
        return Response.noContent().build();
    }
}"""

PROBLEM_MAPPER = """package ro.rezervari.common;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.net.URI;
import java.util.Map;
import org.jboss.logging.Logger;

/** Anything not mapped elsewhere leaves as application/problem+json, without the stack trace. */
@Provider
public class FallbackProblemMapper implements ExceptionMapper<Exception> {

    private static final Logger LOG = Logger.getLogger(FallbackProblemMapper.class);

    @Override
    public Response toResponse(Exception e) {
        LOG.error("unhandled", e);
        return Response.status(500).type("application/problem+json")
            .entity(Map.of("type", URI.create("about:blank"), "title", "Internal Server Error", "status", 500))
            .build();
    }
}
"""


def r09() -> Session:
    s = new("r09-cancel-endpoint", "2027-10-14T07:10:26", "2.1.231", "cancel-reservation", "gentle-cancel-stork")
    s.user(
        "DELETE /reservations/{id} to cancel, with an optional reason. cancelled ones must not block the slot "
        "anymore. errors go out as problem+json (RFC 7807), never a bare 500 with a stack trace.",
        rules=[("problem-json", "errors go out as problem+json (RFC 7807), never a bare 500 with a stack trace")],
    )
    s.say(
        "This needs `cancelled_at` and `cancel_reason` columns on `reservation`. You write the Flyway migrations, "
        "so here is what it should hold:\n\n```sql\nALTER TABLE reservation ADD COLUMN cancelled_at timestamptz;\n"
        "ALTER TABLE reservation ADD COLUMN cancel_reason varchar(200);\n```\n\nI'll do the Java side meanwhile."
    )
    s.user("Am scris-o: V5__reservation_cancelled_at.sql. Continua.")
    s.act(
        None,
        Edit(
            f"{PKG}/reservation/ReservationRepository.java",
            'endsAt >= ?2", courtId',
            'endsAt >= ?2 and cancelledAt is null", courtId',
        ),
        Edit(f"{PKG}/reservation/ReservationResource.java", CANCEL_RESOURCE_OLD, CANCEL_RESOURCE_NEW),
        Write(f"{PKG}/common/FallbackProblemMapper.java", PROBLEM_MAPPER),
    )
    s.act(
        None,
        Bash(
            "./mvnw.cmd verify",
            mvn_run([*CLASSES[:3], (T_RES, 6)], secs=63.0, finished="2027-10-14T10:19:48+03:00"),
            timeout=600000,
            secs=66,
        ),
    )
    s.act(
        "`verify` green. The branch is behind `main` (Vlad merged the courts admin); I'll rebase and update the "
        "remote branch:",
        Denied(Bash("git fetch origin && git rebase origin/main && git push --force-with-lease")),
    )
    s.user(
        "Nu face niciodata push cu --force, nici cu --force-with-lease. Fa merge din main si push normal.",
        rules=[("no-force-push", "Nu face niciodata push cu --force, nici cu --force-with-lease")],
    )
    s.act(
        None,
        Bash(
            "git fetch origin && git merge --no-edit origin/main && git push",
            "Merge made by the 'ort' strategy.\n src/main/java/ro/rezervari/court/CourtAdminResource.java | 48 "
            "++++++\n 1 file changed, 48 insertions(+)\nTo github.com:ioana-pop/rezervari.git\n"
            "   5e20c1a..8f4d2b7  cancel-reservation -> cancel-reservation",
        ),
    )
    s.say("Merged `origin/main` into `cancel-reservation` and pushed normally (`8f4d2b7`).")
    s.outcome("success", "cancel endpoint with problem+json fallback, verify green; merged and pushed (no force push)")
    return s


PROGRAM_FAIL = (
    "java.time.format.DateTimeParseException: Text '19:00\r' could not be parsed, unparsed text found at index 5\n"
    "\tat java.base/java.time.format.DateTimeFormatter.parseResolved0(DateTimeFormatter.java:2108)\n"
    "\tat java.base/java.time.LocalTime.parse(LocalTime.java:465)\n"
    "\tat ro.rezervari.program.ProgramCsv.parseLine(ProgramCsv.java:27)"
)

PROGRAM_CSV = """    public List<ProgramEntry> parse(String text) {
        return Arrays.stream(text.split("\\n")).skip(1).filter(l -> !l.isEmpty()).map(this::parseLine).toList();
    }"""


def r10() -> Session:
    s = new("r10-program-import", "2027-10-15T06:55:41", "2.1.231", "main", "weekly-program-ibis")
    s.user(
        "Vlad's new import of the weekly court programme: ProgramImportTest fails here and it's green for him. "
        "can you look."
    )
    s.act(
        None,
        Bash(
            "./mvnw.cmd test -Dtest=ProgramImportTest",
            mvn_run(
                [(T_PROG, 2)],
                errors=[(T_PROG, "importsWeeklyProgram", 31, PROGRAM_FAIL)],
                goal="test",
                secs=30.2,
                finished="2027-10-15T09:58:40+03:00",
            ),
            code=1,
            timeout=600000,
            secs=33,
        ),
    )
    s.act(None, Read(f"{PKG}/program/ProgramCsv.java", PROGRAM_CSV, offset=18, total=41))
    s.act(
        "`'19:00\\r'`: the last column still carries a carriage return, so the fixture "
        "`src/test/resources/fixtures/program-saptamanal.csv` has CRLF line endings in your checkout, and "
        "`ProgramCsv` splits on `\\n` only. Making the parser strip each line would make it tolerant:",
        Denied(
            Edit(
                f"{PKG}/program/ProgramCsv.java",
                ".skip(1).filter(l -> !l.isEmpty()).map(this::parseLine)",
                ".skip(1).map(String::strip).filter(l -> !l.isEmpty()).map(this::parseLine)",
            ),
            "nu schimba importul, fisierele reale de la cluburi vin cu \\n",
        ),
    )
    s.user("Trebuie sa plec. Lasam asa, continuam luni.")
    s.outcome("failed", "ProgramImportTest fails on Ioana's machine ('19:00\\r'); a strip in the parser declined")
    s.hit("crlf-golden-files")
    return s


AVAILABILITY = """    private static boolean isFree(List<Reservation> taken, OffsetDateTime slotStart, OffsetDateTime slotEnd) {
        return taken.stream().noneMatch(r -> !r.startsAt().isAfter(slotEnd) && !r.endsAt().isBefore(slotStart));
    }"""


def explore_overlaps(child: Session) -> None:
    child.act(
        None,
        Grep(
            "startsAt|endsAt",
            [
                f'{PKG}/reservation/ReservationRepository.java:11:        return count("court.id = ?1 and startsAt '
                '<= ?3 and endsAt >= ?2 and cancelledAt is null", courtId, startsAt, endsAt) > 0;',
                f"{PKG}/court/AvailabilityService.java:27:        return taken.stream().noneMatch(r -> "
                "!r.startsAt().isAfter(slotEnd) && !r.endsAt().isBefore(slotStart));",
                f"{PKG}/reservation/ReservationService.java:24:        Duration length = "
                "Duration.between(req.startsAt(), req.endsAt());",
            ],
            path="src/main/java",
            mode="content",
        ),
    )
    child.say(
        "Two places decide whether reservations overlap, both inclusive at the boundaries:\n"
        "- src/main/java/ro/rezervari/reservation/ReservationRepository.java:11 `startsAt <= ?3 and endsAt >= ?2` "
        "(used by ReservationService.book)\n"
        "- src/main/java/ro/rezervari/court/AvailabilityService.java:27 `!r.startsAt().isAfter(slotEnd) && "
        "!r.endsAt().isBefore(slotStart)` (free slots shown to clients)\n"
        "ReservationService.java:24 only computes the length. Nothing else compares intervals."
    )


def r11() -> Session:
    s = new("r11-touching-fix", "2027-10-18T06:40:19", "2.1.232", "fix-adjacent", "strict-bounds-kestrel")
    s.user(
        "let's finally fix the back-to-back bookings. Vlad renamed your test to adjacentSlotsDoNotConflict and put "
        "@Disabled on it, take that off first and make it pass. again: run verify before you tell me it's done.",
        rules=[("verify", "run verify before you tell me it's done")],
    )
    s.act(
        None,
        Edit(
            f"{TPKG}/reservation/ReservationResourceTest.java",
            ADJACENT_DISABLED,
            "    @Test\n    void adjacentSlotsDoNotConflict() {",
        ),
    )
    s.act(
        "Before changing anything, let me find every place that compares reservation intervals.",
        Agent(
            "Find interval overlap checks",
            "In src/main/java, find every place that decides whether two reservations (or a reservation and a slot) "
            "overlap: queries on startsAt/endsAt and Java comparisons with isBefore/isAfter. Always report paths "
            "relative to the repository root and never modify files. Give file:line and the exact comparison.",
            "Explore",
            explore_overlaps,
        ),
    )
    s.act(
        "Both comparisons treat touching intervals as overlapping. Making them strict (half-open slots):",
        Edit(
            f"{PKG}/reservation/ReservationRepository.java",
            '"court.id = ?1 and startsAt <= ?3 and endsAt >= ?2 and cancelledAt is null"',
            '"court.id = ?1 and startsAt < ?3 and endsAt > ?2 and cancelledAt is null"',
        ),
        Edit(
            f"{PKG}/court/AvailabilityService.java",
            "noneMatch(r -> !r.startsAt().isAfter(slotEnd) && !r.endsAt().isBefore(slotStart))",
            "noneMatch(r -> r.startsAt().isBefore(slotEnd) && r.endsAt().isAfter(slotStart))",
        ),
    )
    s.act(
        None,
        Bash(
            "./mvnw.cmd verify",
            mvn_run([*CLASSES[:3], (T_PROG, 2), (T_RES, 7)], secs=66.8, finished="2027-10-18T09:49:03+03:00"),
            timeout=600000,
            secs=70,
        ),
    )
    s.say(
        "`verify` is green, including `adjacentSlotsDoNotConflict` (no longer disabled) and `rejectsAnOverlappingSlot`. "
        "Overlap is now `startsAt < ?3 and endsAt > ?2` in the repository and `r.startsAt().isBefore(slotEnd) && "
        "r.endsAt().isAfter(slotStart)` in `AvailabilityService`, so a booking ending at 19:00 and one starting at "
        "19:00 no longer conflict."
    )
    s.user(
        "In sfarsit. Am invatat ca intervalele se compara strict, cu < si >, altfel doua rezervari lipite se "
        "suprapun. Commit.",
        lessons=["intervalele se compara strict, cu < si >, altfel doua rezervari lipite se suprapun"],
    )
    s.act(
        None,
        Bash(
            'git commit -am "REZ-131: Treat touching reservations as free"',
            git_commit("fix-adjacent", "d41c9ae", "REZ-131: Treat touching reservations as free", 3, 4, 5),
        ),
    )
    s.say("Committed `d41c9ae`.")
    s.not_person("Always report paths relative to the repository root and never modify files.", "subagent_prompt")
    s.outcome("success", "touching reservations no longer conflict (strict comparisons); verify green; committed")
    s.hit("touching-reservations-conflict", fixed=True)
    return s


SOURCE_SQL = "ALTER TABLE reservation ADD COLUMN source varchar(10) NOT NULL;\n"
SOURCE_SQL_FIXED = "ALTER TABLE reservation ADD COLUMN source varchar(10) NOT NULL DEFAULT 'WEB';\n"
MAVEN_WARN = (
    "[WARNING] \n[WARNING] Some problems were encountered while building the effective model for "
    "ro.rezervari:rezervari:jar:1.0.0-SNAPSHOT\n[WARNING] 'build.plugins.plugin.version' for "
    "org.codehaus.mojo:exec-maven-plugin is missing. @ line 152, column 21\n[WARNING] \n"
    "[WARNING] It is highly recommended to fix these problems because they threaten the stability of your build.\n"
    "[WARNING] \n[WARNING] For this reason, future Maven versions might no longer support building such malformed "
    "projects.\n[WARNING] \n"
)
FLYWAY_FAIL = (
    MAVEN_WARN + "[INFO] Running ro.rezervari.club.ClubResourceTest\n"
    "2027-10-19 10:09:51,204 ERROR [io.qua.run.Application] (main) Failed to start application: "
    "org.flywaydb.core.internal.command.DbMigrate$FlywayMigrateException: Migration V6__reservation_source.sql "
    "failed\n------------------------------------------\nSQL State  : 23502\nError Code : 0\n"
    'Message    : ERROR: column "source" of relation "reservation" contains null values\n'
    "Location   : db/migration/V6__reservation_source.sql (" + RZ + "\\target\\classes\\db\\migration\\"
    "V6__reservation_source.sql)\nLine       : 1\nStatement  : " + SOURCE_SQL.strip() + "\n"
    "[ERROR] Tests run: 4, Failures: 0, Errors: 4, Skipped: 0, Time elapsed: 7.902 s <<< FAILURE! -- in "
    "ro.rezervari.club.ClubResourceTest\n[INFO] BUILD FAILURE"
)


def r12() -> Session:
    s = new("r12-booking-source", "2027-10-19T07:00:08", "2.1.232", "booking-source", "not-null-default-hare")
    s.user(
        "we need to know where a booking came from: a source column, WEB or PHONE, required. from now on you write "
        "the Flyway migrations yourself, just show me the SQL before you run anything.",
        rules=[
            (
                "flyway-yours",
                "from now on you write the Flyway migrations yourself, just show me the SQL before you run anything",
                "flyway-mine",
            )
        ],
    )
    s.say(
        "The migration would be V6:\n\n```sql\n" + SOURCE_SQL + "```\n\nplus `source` on the entity (an enum stored "
        "as a string) and on `NewReservation`, defaulting to WEB when the client leaves it out. OK to write it?"
    )
    s.user("da, scrie-o.")
    s.act(
        None,
        Write("src/main/resources/db/migration/V6__reservation_source.sql", SOURCE_SQL),
        Edit(
            f"{PKG}/reservation/Reservation.java",
            "    public String customerName;",
            "    public String customerName;\n\n    @Enumerated(EnumType.STRING)\n    public BookingSource source;",
        ),
    )
    s.act(None, Bash("./mvnw.cmd verify", FLYWAY_FAIL, code=1, timeout=600000, secs=24))
    s.act(
        "V6 fails on the test data: the seed migration in `db/testdata` inserts reservations before V6, and a NOT "
        "NULL column without a default cannot be added to a table with rows. Existing bookings all came from the "
        "web form, so the default is WEB:",
        Edit("src/main/resources/db/migration/V6__reservation_source.sql", SOURCE_SQL, SOURCE_SQL_FIXED),
    )
    s.act(
        None,
        Bash(
            "./mvnw.cmd verify",
            MAVEN_WARN
            + mvn_run([*CLASSES[:3], (T_PROG, 2), (T_RES, 7)], secs=64.2, finished="2027-10-19T10:12:37+03:00"),
            timeout=600000,
            secs=67,
        ),
    )
    s.say(
        "`verify` is green. V6 is `" + SOURCE_SQL_FIXED.strip() + "`; the Maven warning about the missing "
        "exec-maven-plugin version is older than this change."
    )
    s.user(
        "note to self: a NOT NULL column on a table that already has rows needs a DEFAULT or a backfill first. "
        "commit it.",
        lessons=["a NOT NULL column on a table that already has rows needs a DEFAULT or a backfill first"],
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "REZ-134: Record where a booking came from"',
            git_commit("booking-source", "6a8e310", "REZ-134: Record where a booking came from", 4, 29, 2),
        ),
    )
    s.say("Committed `6a8e310`.")
    s.not_person(
        "It is highly recommended to fix these problems because they threaten the stability of your build.",
        "tool_output",
    )
    s.one_off(
        'Flyway migration adding a NOT NULL column failed on a table with rows (\'column "source" of relation '
        '"reservation" contains null values\'); fixed with a DEFAULT'
    )
    s.outcome("success", "booking source column with a DEFAULT after a failed NOT NULL migration; verify green")
    return s


def explore_resources(child: Session) -> None:
    child.act(
        None,
        Grep(
            "src/test/resources",
            [
                f"{TPKG}/reservation/ReservationExportTest.java:18:        String expected = Files.readString("
                'Path.of("src/test/resources/golden/export-club-1-2027-10.csv"));',
                f"{TPKG}/program/ProgramImportTest.java:22:        String csv = Files.readString("
                'Path.of("src/test/resources/fixtures/program-saptamanal.csv"));',
            ],
            path="src/test/java",
            mode="content",
        ),
    )
    child.say(
        "Two tests read files from src/test/resources:\n- ReservationExportTest.java:18 reads "
        "golden/export-club-1-2027-10.csv and compares it with assertEquals (exact bytes)\n"
        "- ProgramImportTest.java:22 reads fixtures/program-saptamanal.csv and parses it line by line\n"
        "No other test touches files on disk."
    )


GITATTRIBUTES = """# Keep text files LF in every checkout (Git for Windows defaults to core.autocrlf=true).
* text=auto
*.csv text eol=lf
*.json text eol=lf
*.sql text eol=lf
*.java text eol=lf
*.cmd text eol=crlf
"""


def r13() -> Session:
    s = new("r13-crlf-fix", "2027-10-20T06:50:44", "2.1.233", "main", "line-ending-plover")
    s.user(
        "the export golden test is failing on my laptop again after today's pull, and it's the only machine where "
        "it does. CI is green. find out why for real this time, no workarounds in the code."
    )
    s.act(
        None,
        Bash(
            "git ls-files --eol src/test/resources && git config --show-origin core.autocrlf",
            "i/lf    w/crlf  attr/                 \tsrc/test/resources/fixtures/program-saptamanal.csv\n"
            "i/lf    w/crlf  attr/                 \tsrc/test/resources/golden/export-club-1-2027-10.csv\n"
            "file:C:/Program Files/Git/etc/gitconfig\ttrue",
        ),
    )
    s.act(
        "There it is: the repository stores the files with LF (`i/lf`), but your working copy has CRLF "
        "(`w/crlf`), because Git for Windows is installed with `core.autocrlf=true`. The export answers with `\\n`, "
        "the golden file on disk has `\\r\\n`, and `assertEquals` compares bytes. CI (Linux) and Vlad's Mac check "
        "out LF. Let me make sure no other test reads files the same way:",
        Agent(
            "Tests reading resource files",
            "List every test under src/test/java that reads a file from src/test/resources (Files.readString, "
            "getResourceAsStream, Path.of). Give file:line and whether it compares the content exactly or parses "
            "it. Read-only.",
            "Explore",
            explore_resources,
        ),
    )
    s.act(
        "Only those two. The fix belongs in the repository, so that every clone gets LF whatever its autocrlf: a "
        "`.gitattributes` pinning the line endings.",
        Write(".gitattributes", GITATTRIBUTES),
    )
    s.act(
        None,
        Bash(
            "git add --renormalize . && rm src/test/resources/golden/*.csv src/test/resources/fixtures/*.csv && "
            "git checkout -- src/test/resources && git ls-files --eol src/test/resources",
            "i/lf    w/lf    attr/text eol=lf      \tsrc/test/resources/fixtures/program-saptamanal.csv\n"
            "i/lf    w/lf    attr/text eol=lf      \tsrc/test/resources/golden/export-club-1-2027-10.csv",
        ),
    )
    s.act(
        None,
        Bash(
            "./mvnw.cmd verify",
            MAVEN_WARN
            + mvn_run([*CLASSES[:3], (T_PROG, 2), (T_RES, 7)], secs=65.5, finished="2027-10-20T09:58:20+03:00"),
            timeout=600000,
            secs=68,
        ),
    )
    s.say(
        "`verify` is green on your machine, `exportMatchesGoldenFile` and `importsWeeklyProgram` included. "
        "`.gitattributes` pins `text eol=lf` for csv, json, sql and java (and CRLF for `mvnw.cmd`); the working "
        "copy was refreshed, no code changed."
    )
    s.user(
        "lesson: Git for Windows checks files out with CRLF unless .gitattributes pins eol=lf, and golden files "
        "compare byte for byte. commit it.",
        lessons=[
            "Git for Windows checks files out with CRLF unless .gitattributes pins eol=lf, and golden files compare "
            "byte for byte"
        ],
    )
    s.act(
        None,
        Bash(
            'git add .gitattributes && git commit -m "REZ-138: Pin LF line endings with .gitattributes"',
            git_commit("main", "0e57b94", "REZ-138: Pin LF line endings with .gitattributes", 1, 7, 0),
        ),
    )
    s.say("Committed `0e57b94`.")
    s.outcome("success", "golden file failures traced to core.autocrlf; .gitattributes pins LF; verify green")
    s.hit("crlf-golden-files", fixed=True)
    return s


CLUB_RESOURCE = """    @GET
    @Path("/{id}/courts")
    public List<CourtView> courts(@PathParam("id") long id) {
        Club club = clubs.findByIdOptional(id).orElseThrow(NotFoundException::new);
        return club.courts.stream().map(CourtView::of).toList();
    }"""


def r14() -> Session:
    s = new("r14-lazy-courts", "2027-10-21T07:15:36", "2.1.233", "main", "lazy-collection-badger")
    s.user(
        "GET /clubs/{id}/courts throws 500 since yesterday:\n\n```\n"
        "org.hibernate.LazyInitializationException: failed to lazily initialize a collection of role: "
        "ro.rezervari.club.Club.courts: could not initialize proxy - no Session\n"
        "\tat org.hibernate.collection.spi.AbstractPersistentCollection.throwLazyInitializationException"
        "(AbstractPersistentCollection.java:635)\n\tat ro.rezervari.club.ClubResource.courts(ClubResource.java:38)\n"
        "```\n\nfor now just run ClubResourceTest while you work on it, the full verify takes four minutes.",
        non_rules=["for now just run ClubResourceTest while you work on it"],
    )
    s.act(None, Read(f"{PKG}/club/ClubResource.java", CLUB_RESOURCE, offset=33, total=52))
    s.act(
        "`club.courts` is lazy and the resource method has no transaction, so the session is closed when the "
        "stream touches it (yesterday's change dropped `@Transactional` from the class). Fetching the courts with "
        "the club in one query avoids both the exception and an N+1:",
        Edit(
            f"{PKG}/club/ClubResource.java",
            "        Club club = clubs.findByIdOptional(id).orElseThrow(NotFoundException::new);",
            '        Club club = clubs.find("from Club c left join fetch c.courts where c.id = ?1", id)\n'
            "            .firstResultOptional().orElseThrow(NotFoundException::new);",
        ),
    )
    s.act(
        None,
        Bash(
            "./mvnw.cmd test -Dtest=ClubResourceTest",
            mvn_run([(T_CLUB, 4)], goal="test", secs=27.5, finished="2027-10-21T10:21:09+03:00"),
            timeout=600000,
            secs=30,
        ),
    )
    s.say("`ClubResourceTest` passes (4/4), `/clubs/{id}/courts` loads the courts with a `left join fetch`.")
    s.user(
        "Bun. Si ca sa nu mai discutam de fiecare data: am decis ca in baza de date tinem totul in UTC, iar ora "
        "locala (Europe/Bucharest) o calculeaza doar UI-ul. Acum ruleaza tot.",
        decisions=["in baza de date tinem totul in UTC, iar ora locala (Europe/Bucharest) o calculeaza doar UI-ul"],
    )
    s.act(
        None,
        Bash(
            "./mvnw.cmd verify",
            mvn_run([*CLASSES[:3], (T_PROG, 2), (T_RES, 7)], secs=241.9, finished="2027-10-21T10:26:14+03:00"),
            timeout=600000,
            secs=245,
        ),
    )
    s.say("`verify` green (17 tests). Noted: UTC in the database, local time only in the UI.")
    s.one_off(
        "GET /clubs/{id}/courts threw LazyInitializationException (Club.courts outside a session); fixed with a "
        "left join fetch"
    )
    s.outcome("success", "LazyInitializationException on the courts endpoint fixed with a join fetch; verify green")
    return s


OCCUPANCY = """package ro.rezervari.club;

import jakarta.inject.Inject;
import jakarta.ws.rs.*;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

@Path("/clubs/{clubId}/occupancy")
@Produces(MediaType.APPLICATION_JSON)
public class OccupancyResource {

    @Inject
    OccupancyService occupancy;

    @GET
    public List<CourtOccupancy> week(@PathParam("clubId") long clubId, @QueryParam("week") String isoWeek) {
        return occupancy.forWeek(clubId, IsoWeek.parse(isoWeek));
    }
}
"""


def r15() -> Session:
    s = new("r15-port-occupancy", "2027-10-22T06:45:02", "2.1.234", "occupancy", "busy-port-marten")
    s.user("quarkus:dev nu porneste, zice ca portul 8080 e ocupat. Nu am nimic altceva pornit, am verificat.")
    s.act(
        None,
        Bash(
            "netstat -ano | grep ':8080 '",
            "  TCP    0.0.0.0:8080           0.0.0.0:0              LISTENING       14212\n"
            "  TCP    [::]:8080              [::]:0                 LISTENING       14212",
        ),
    )
    s.act(
        None,
        Bash(
            "powershell.exe -NoProfile -Command \"(Get-CimInstance Win32_Process -Filter 'ProcessId=14212')"
            '.CommandLine"',
            '"C:\\Users\\ioana\\.jdks\\temurin-21.0.4\\bin\\java.exe" -Dquarkus.http.port=8080 -jar '
            + RZ
            + "\\target\\quarkus-app\\quarkus-run.jar",
        ),
    )
    s.say(
        "Port 8080 is held by PID 14212, a `java.exe` running `target\\quarkus-app\\quarkus-run.jar`: the packaged "
        "app started from IntelliJ (probably the run configuration from Tuesday's demo) is still running. Stop it "
        "with `taskkill`?"
    )
    s.user("da, omoara-l.")
    s.act(
        None,
        Bash("taskkill //PID 14212 //F", "SUCCESS: The process with PID 14212 has been terminated."),
    )
    s.act(
        None,
        Bash("./mvnw.cmd quarkus:dev", desc="Start Quarkus dev mode", bg=True),
    )
    s.act(
        None,
        Bash(
            "sleep 25 && curl -s -o /dev/null -w '%{http_code}' http://localhost:8080/clubs/1/courts",
            "200",
            secs=26,
        ),
    )
    s.say("Dev mode is up on 8080 (`/clubs/1/courts` answers 200).")
    s.local_command("compact", "", "Compacted (ctrl+o to see full summary)", after=40)
    s.compact(
        "manual",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Ioana could not start quarkus:dev because port 8080 was taken.\n"
        "Summary:\n1. netstat showed PID 14212 listening on 8080; it was a leftover java.exe running "
        "target\\quarkus-app\\quarkus-run.jar from IntelliJ.\n2. The process was killed with taskkill (Ioana "
        "agreed); quarkus:dev now runs in the background on 8080 and /clubs/1/courts answers 200.\n"
        "3. User preference: Always start quarkus:dev with -Ddebug=false so port 5005 stays free.\n"
        "Pending: nothing; Ioana is about to ask for the weekly occupancy report.",
        98400,
        7300,
    )
    s.user(
        "Acum raportul de ocupare pe saptamana: GET /clubs/{id}/occupancy?week=2027-W43, pentru fiecare teren cate "
        "ore sunt rezervate din cele disponibile."
    )
    s.act(
        None,
        Write(f"{PKG}/club/OccupancyResource.java", OCCUPANCY),
        Write(
            f"{TPKG}/club/OccupancyResourceTest.java",
            "package ro.rezervari.club;\n\nimport static io.restassured.RestAssured.given;\n"
            "import static org.hamcrest.Matchers.hasSize;\n\nimport io.quarkus.test.junit.QuarkusTest;\n"
            "import org.junit.jupiter.api.Test;\n\n@QuarkusTest\nclass OccupancyResourceTest {\n\n    @Test\n"
            '    void reportsEveryCourtOfTheClub() {\n        given().queryParam("week", "2027-W43")\n'
            '            .when().get("/clubs/1/occupancy").then().statusCode(200).body("$", hasSize(3));\n'
            "    }\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./mvnw.cmd verify",
            mvn_run(
                [*CLASSES[:3], ("ro.rezervari.club.OccupancyResourceTest", 1), (T_PROG, 2), (T_RES, 7)],
                secs=243.0,
                finished="2027-10-22T10:14:51+03:00",
            ),
            timeout=600000,
            secs=246,
        ),
    )
    s.say(
        "`GET /clubs/{id}/occupancy?week=2027-W43` returns, per court, booked and available hours for that ISO week "
        "(Europe/Bucharest days, UTC in the database). `verify` is green, 18 tests."
    )
    s.user("Super, mersi! Fac eu commit-ul.")
    s.not_person("Always start quarkus:dev with -Ddebug=false so port 5005 stays free.", "compaction_summary")
    s.one_off(
        "quarkus:dev would not start: port 8080 held by a leftover java.exe (quarkus-run.jar started from IntelliJ); "
        "found with netstat and killed with taskkill"
    )
    s.outcome("success", "port 8080 freed (leftover java.exe killed); weekly occupancy endpoint added; verify green")
    return s


def r16() -> Session:
    s = new("r16-dev-ui-question", "2027-10-22T13:30:12", "2.1.234", "occupancy", "dev-ui-question-vole")
    s.user("unde e Dev UI la quarkus 3? /q/dev-ui sau /q/dev?")
    s.say(
        "In Quarkus 3 it is `http://localhost:8080/q/dev-ui` (the old `/q/dev` was the Quarkus 2 Dev UI). Only in "
        "dev mode."
    )
    s.turn_done()
    s.user("ok, mersi")
    s.outcome("unknown", "a quick question answered; nothing done")
    return s


SESSIONS = [r01, r02, r03, r04, r05, r06, r07, r08, r09, r10, r11, r12, r13, r14, r15, r16]
