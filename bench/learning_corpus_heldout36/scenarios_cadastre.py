"""Claire's `cadastre` sessions (k01-k17): a PHP 8.3 Symfony 7 API over the land registry, Doctrine ORM on
PostgreSQL + PostGIS, PHPUnit, PHPStan level 8, php-cs-fixer, Docker Compose on macOS. Times are UTC; Lyon is
UTC+1 in November."""

from __future__ import annotations

from fake_output import KD, git_commit, phpstan_errors, phpstan_ok, phpunit_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "cadastre"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=KD, project=PROJECT)


ENTITY = """<?php

declare(strict_types=1);

namespace App\\Entity;

use App\\Repository\\ParcelleRepository;
use Doctrine\\ORM\\Mapping as ORM;
use Jsor\\Doctrine\\PostGIS\\Types\\PostGISType;

#[ORM\\Entity(repositoryClass: ParcelleRepository::class)]
#[ORM\\Index(name: 'parcelle_geom_idx', columns: ['geom'], flags: ['spatial'])]
class Parcelle
{
    #[ORM\\Id]
    #[ORM\\GeneratedValue]
    #[ORM\\Column]
    private ?int $id = null;

    public function __construct(
        #[ORM\\Column(length: 14, unique: true)]
        private string $idu,
        #[ORM\\Column(length: 5)]
        private string $commune,
        #[ORM\\Column(length: 2)]
        private string $section,
        #[ORM\\Column(length: 4)]
        private string $numero,
        #[ORM\\Column]
        private int $contenance,
        #[ORM\\Column(type: PostGISType::GEOMETRY, options: ['geometry_type' => 'MULTIPOLYGON', 'srid' => 4326])]
        private string $geom,
    ) {
    }

    public function getIdu(): string
    {
        return $this->idu;
    }
}
"""

DTO = """<?php

declare(strict_types=1);

namespace App\\Dto;

final class ParcelleOutput
{
    public function __construct(
        public readonly string $idu,
        public readonly string $commune,
        public readonly string $section,
        public readonly string $numero,
        public readonly int $contenance,
    ) {
    }
}
"""

CONTROLLER = """<?php

declare(strict_types=1);

namespace App\\Controller;

use App\\Dto\\ParcelleOutput;
use App\\Repository\\ParcelleRepository;
use Symfony\\Bundle\\FrameworkBundle\\Controller\\AbstractController;
use Symfony\\Component\\HttpFoundation\\JsonResponse;
use Symfony\\Component\\HttpKernel\\Exception\\NotFoundHttpException;
use Symfony\\Component\\Routing\\Attribute\\Route;

#[Route('/api/parcelles')]
final class ParcelleController extends AbstractController
{
    public function __construct(private readonly ParcelleRepository $parcelles)
    {
    }

    #[Route('/{idu}', methods: ['GET'])]
    public function show(string $idu): JsonResponse
    {
        $p = $this->parcelles->findOneByIdu($idu) ?? throw new NotFoundHttpException();

        return $this->json(ParcelleOutput::fromEntity($p));
    }
}
"""

DOCTRINE_YAML = """doctrine:
    dbal:
        url: '%env(resolve:DATABASE_URL)%'
        server_version: '16'
        types:
            geometry: Jsor\\Doctrine\\PostGIS\\Types\\GeometryType
            geography: Jsor\\Doctrine\\PostGIS\\Types\\GeographyType
    orm:
        auto_generate_proxy_classes: true
        enable_lazy_ghost_objects: true
        naming_strategy: doctrine.orm.naming_strategy.underscore_number_aware
        auto_mapping: true
        mappings:
            App:
                type: attribute
                is_bundle: false
                dir: '%kernel.project_dir%/src/Entity'
                prefix: 'App\\Entity'
                alias: App"""

MIGRATION_SURFACE = """<?php

declare(strict_types=1);

namespace DoctrineMigrations;

use Doctrine\\DBAL\\Schema\\Schema;
use Doctrine\\Migrations\\AbstractMigration;

final class Version20271109081530 extends AbstractMigration
{
    public function getDescription(): string
    {
        return '';
    }

    public function up(Schema $schema): void
    {
        $this->addSql('DROP TABLE spatial_ref_sys');
        $this->addSql('ALTER TABLE parcelle ADD surface_m2 INT DEFAULT NULL');
    }

    public function down(Schema $schema): void
    {
        $this->addSql('CREATE SCHEMA public');
        $this->addSql('CREATE TABLE spatial_ref_sys (srid INT NOT NULL, auth_name VARCHAR(256) DEFAULT NULL, auth_srid INT DEFAULT NULL, srtext VARCHAR(2048) DEFAULT NULL, proj4text VARCHAR(2048) DEFAULT NULL, PRIMARY KEY(srid))');
        $this->addSql('ALTER TABLE parcelle DROP surface_m2');
    }
}
"""

REPOSITORY = """<?php

declare(strict_types=1);

namespace App\\Repository;

use App\\Entity\\Parcelle;
use Doctrine\\Bundle\\DoctrineBundle\\Repository\\ServiceEntityRepository;
use Doctrine\\Persistence\\ManagerRegistry;

/**
 * @extends ServiceEntityRepository<Parcelle>
 */
class ParcelleRepository extends ServiceEntityRepository
{
    public function __construct(ManagerRegistry $registry)
    {
        parent::__construct($registry, Parcelle::class);
    }

    public function findOneByIdu(string $idu): ?Parcelle
    {
        return $this->findOneBy(['idu' => $idu]);
    }

    /**
     * @return list<Parcelle>
     */
    public function findByCommune(string $insee): array
    {
        return $this->createQueryBuilder('p')
            ->where('p.commune = :insee')
            ->setParameter('insee', $insee)
            ->orderBy('p.idu')
            ->getQuery()
            ->getResult();
    }

    /**
     * Parcels within $rayon metres of the point (lon, lat), nearest first.
     *
     * @return list<array{idu: string, distance: float}>
     */
    public function findNearby(float $lon, float $lat, int $rayon): array
    {
        $sql = <<<'SQL'
            SELECT p.idu, ST_Distance(p.geom, ST_SetSRID(ST_MakePoint(:lon, :lat), 4326)) AS distance
            FROM parcelle p
            WHERE ST_DWithin(p.geom, ST_SetSRID(ST_MakePoint(:lon, :lat), 4326), :rayon)
            ORDER BY distance
            SQL;

        return $this->getEntityManager()->getConnection()
            ->executeQuery($sql, ['lon' => $lon, 'lat' => $lat, 'rayon' => $rayon])
            ->fetchAllAssociative();
    }
}
"""

NEARBY_ACTION = """    #[Route('/proches', methods: ['GET'], priority: 10)]
    public function nearby(Request $request): JsonResponse
    {
        $lon = $request->query->filter('lon', null, FILTER_VALIDATE_FLOAT);
        $lat = $request->query->filter('lat', null, FILTER_VALIDATE_FLOAT);
        $rayon = $request->query->getInt('rayon', 200);
        if (!\\is_float($lon) || !\\is_float($lat) || $rayon <= 0) {
            throw new BadRequestHttpException('lon, lat and rayon (metres) are required');
        }

        return $this->json($this->parcelles->findNearby($lon, $lat, $rayon));
    }"""

REPO_V1 = REPOSITORY.split("    /**\n     * Parcels within")[0].rstrip() + "\n}\n"
NEARBY_METHOD = "    /**\n     * Parcels within" + REPOSITORY.split("     * Parcels within")[1]

REPO_TEST = """<?php

declare(strict_types=1);

namespace App\\Tests\\Repository;

use App\\Repository\\ParcelleRepository;
use Symfony\\Bundle\\FrameworkBundle\\Test\\KernelTestCase;

final class ParcelleRepositoryTest extends KernelTestCase
{
    // Place Guichard, Lyon 3e: the fixtures hold the 1284 parcels of sections AB to AE.
    private const LON = 4.8468;
    private const LAT = 45.7595;

    public function testFindNearbyReturnsOnlyCloseParcels(): void
    {
        $repo = self::getContainer()->get(ParcelleRepository::class);

        $idus = array_column($repo->findNearby(self::LON, self::LAT, 30), 'idu');

        self::assertCount(3, $idus);
        self::assertSame('693830000AB0112', $idus[0]);
    }
}
"""

SCHEMA_TEST = """<?php

declare(strict_types=1);

namespace App\\Tests\\Schema;

use Doctrine\\ORM\\EntityManagerInterface;
use Doctrine\\ORM\\Tools\\SchemaValidator;
use Symfony\\Bundle\\FrameworkBundle\\Test\\KernelTestCase;

final class SchemaSyncTest extends KernelTestCase
{
    public function testMappingIsInSyncWithDatabase(): void
    {
        $em = self::getContainer()->get(EntityManagerInterface::class);
        $sql = (new SchemaValidator($em))->getUpdateSchemaList();

        self::assertEmpty($sql, "The mapping and the database differ:\\n".implode("\\n", $sql));
    }
}
"""

PHPSTAN_NEON = """includes:
    - phpstan-baseline.neon
    - vendor/phpstan/phpstan-symfony/extension.neon

parameters:
    level: 8
    paths:
        - src
        - tests
    symfony:
        containerXmlPath: var/cache/dev/App_KernelDevDebugContainer.xml"""

CI_YML = """name: ci
on: [push, pull_request]
jobs:
  checks:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v4
      - run: docker compose up -d --wait
      - run: docker compose exec -T php composer install --no-progress
      - run: docker compose exec -T php vendor/bin/phpstan analyse --no-progress
      - run: docker compose exec -T php bin/console doctrine:migrations:migrate --no-interaction
      - run: docker compose exec -T php bin/console doctrine:schema:validate
      - run: docker compose exec -T php bin/phpunit"""

GEOJSON_EXPORTER = """<?php

declare(strict_types=1);

namespace App\\Service;

use Doctrine\\DBAL\\Connection;

final readonly class GeoJsonExporter
{
    public function __construct(private Connection $db)
    {
    }

    /**
     * @return array{type: 'FeatureCollection', features: list<array<string, mixed>>}
     */
    public function commune(string $insee): array
    {
        $rows = $this->db->fetchAllAssociative(
            'SELECT idu, section, numero, contenance, ST_AsGeoJSON(geom, 7) AS geometry
             FROM parcelle WHERE commune = :insee ORDER BY idu',
            ['insee' => $insee],
        );

        $features = array_map(static fn (array $r): array => [
            'type' => 'Feature',
            'geometry' => json_decode((string) $r['geometry'], true, flags: JSON_THROW_ON_ERROR),
            'properties' => [
                'idu' => $r['idu'],
                'section' => $r['section'],
                'numero' => $r['numero'],
                'contenance' => (int) $r['contenance'],
            ],
        ], $rows);

        return ['type' => 'FeatureCollection', 'features' => $features];
    }
}
"""

EXPORT_CONTROLLER = """<?php

declare(strict_types=1);

namespace App\\Controller;

use App\\Service\\GeoJsonExporter;
use Symfony\\Bundle\\FrameworkBundle\\Controller\\AbstractController;
use Symfony\\Component\\HttpFoundation\\JsonResponse;
use Symfony\\Component\\Routing\\Attribute\\Route;

final class CommuneExportController extends AbstractController
{
    #[Route('/api/communes/{insee}/parcelles.geojson', requirements: ['insee' => '\\d[\\dAB]\\d{3}'], methods: ['GET'])]
    public function __invoke(string $insee, GeoJsonExporter $exporter): JsonResponse
    {
        return new JsonResponse($exporter->commune($insee), headers: ['Content-Type' => 'application/geo+json']);
    }
}
"""

EXPORTER_TEST = """<?php

declare(strict_types=1);

namespace App\\Tests\\Service;

use App\\Service\\GeoJsonExporter;
use Symfony\\Bundle\\FrameworkBundle\\Test\\KernelTestCase;

final class GeoJsonExporterTest extends KernelTestCase
{
    public function testCommuneIsAFeatureCollection(): void
    {
        $fc = self::getContainer()->get(GeoJsonExporter::class)->commune('69383');

        self::assertSame('FeatureCollection', $fc['type']);
        self::assertCount(1284, $fc['features']);
    }

    public function testFeatureCarriesTheCadastralProperties(): void
    {
        $first = self::getContainer()->get(GeoJsonExporter::class)->commune('69383')['features'][0];

        self::assertSame('MultiPolygon', $first['geometry']['type']);
        self::assertSame(['idu', 'section', 'numero', 'contenance'], array_keys($first['properties']));
    }

    public function testUnknownCommuneIsEmpty(): void
    {
        self::assertSame([], self::getContainer()->get(GeoJsonExporter::class)->commune('01001')['features']);
    }
}
"""

LIST_ACTION = """    #[Route('/api/communes/{insee}/parcelles', methods: ['GET'])]
    public function byCommune(string $insee): JsonResponse
    {
        $list = array_map(ParcelleOutput::fromEntity(...), $this->parcelles->findByCommune($insee));

        return $this->json($list);
    }"""

NEARBY_TEST = """<?php

declare(strict_types=1);

namespace App\\Tests\\Repository;

use App\\Repository\\ParcelleRepository;
use Symfony\\Bundle\\FrameworkBundle\\Test\\KernelTestCase;

final class NearbySearchTest extends KernelTestCase
{
    public function testRadiusIsInMeters(): void
    {
        $idus = array_column(self::getContainer()->get(ParcelleRepository::class)->findNearby(4.8468, 45.7595, 150), 'idu');

        self::assertContains('693830000AB0112', $idus); // 20 m from the point
        self::assertNotContains('693830000AD0045', $idus); // 400 m from the point
    }
}
"""

IMPORT_COMMAND = """<?php

declare(strict_types=1);

namespace App\\Command;

use App\\Entity\\Parcelle;
use Doctrine\\ORM\\EntityManagerInterface;
use Symfony\\Component\\Console\\Attribute\\AsCommand;
use Symfony\\Component\\Console\\Command\\Command;
use Symfony\\Component\\Console\\Input\\InputArgument;
use Symfony\\Component\\Console\\Input\\InputInterface;
use Symfony\\Component\\Console\\Output\\OutputInterface;
use Symfony\\Component\\Console\\Style\\SymfonyStyle;

#[AsCommand(name: 'cadastre:import-dgfip', description: 'Import the Etalab parcel file of a commune')]
final class ImportDgfipCommand extends Command
{
    public function __construct(private readonly EntityManagerInterface $em)
    {
        parent::__construct();
    }

    protected function configure(): void
    {
        $this->addArgument('file', InputArgument::REQUIRED, 'cadastre-<insee>-parcelles.json');
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $io = new SymfonyStyle($input, $output);
        $json = json_decode((string) file_get_contents($input->getArgument('file')), true, flags: JSON_THROW_ON_ERROR);
        $n = 0;
        foreach ($json['features'] as $f) {
            $p = $f['properties'];
            $this->em->persist(new Parcelle(
                $p['id'], $p['commune'], $p['section'], $p['numero'], (int) $p['contenance'],
                json_encode($f['geometry'], JSON_THROW_ON_ERROR),
            ));
            if (0 === ++$n % 500) {
                $this->em->flush();
                $this->em->clear();
            }
        }
        $this->em->flush();
        $io->success(sprintf('%d parcelles importées', $n));

        return Command::SUCCESS;
    }
}
"""


# ---------------------------------------------------------------------------------------------------------------


def k01() -> Session:
    s = new("k01-parcelle-entity", "2027-11-08T08:12:31", "2.1.230", "main", "parcelle-entity-lark")
    s.user(
        "Peux-tu créer l'entité Parcelle (idu, code INSEE de la commune, section, numéro, contenance, géométrie "
        "MultiPolygon en 4326) et un endpoint GET /api/parcelles/{idu} qui renvoie un DTO ? Les DTO vont dans "
        "src/Dto, jamais dans src/Entity.",
        rules=[("dto-dir", "Les DTO vont dans src/Dto, jamais dans src/Entity")],
    )
    s.title("Entité Parcelle et endpoint")
    s.act(None, Read("config/packages/doctrine.yaml", DOCTRINE_YAML))
    s.act(
        "Je crée l'entité (géométrie via `jsor/doctrine-postgis`, déjà configuré), le repository, le DTO dans "
        "`src/Dto` et le contrôleur.",
        Write("src/Entity/Parcelle.php", ENTITY),
        Write("src/Repository/ParcelleRepository.php", REPO_V1),
        Write("src/Dto/ParcelleOutput.php", DTO),
        Write("src/Controller/ParcelleController.php", CONTROLLER),
    )
    s.act(
        None,
        Bash(
            "docker compose exec php vendor/bin/phpstan analyse --no-progress",
            phpstan_errors(
                38,
                [
                    (
                        "src/Controller/ParcelleController.php",
                        26,
                        "Call to an undefined static method App\\Dto\\ParcelleOutput::fromEntity().",
                        "staticMethod.notFound",
                    )
                ],
            ),
            code=1,
        ),
    )
    s.act(
        "Il manque la fabrique sur le DTO :",
        Edit(
            "src/Dto/ParcelleOutput.php", "namespace App\\Dto;\n", "namespace App\\Dto;\n\nuse App\\Entity\\Parcelle;\n"
        ),
        Edit(
            "src/Dto/ParcelleOutput.php",
            "        public readonly int $contenance,\n    ) {\n    }\n}",
            "        public readonly int $contenance,\n    ) {\n    }\n\n"
            "    public static function fromEntity(Parcelle $p): self\n    {\n"
            "        return new self($p->getIdu(), $p->getCommune(), $p->getSection(), $p->getNumero(), "
            "$p->getContenance());\n    }\n}",
        ),
    )
    s.act(None, Bash("docker compose exec php vendor/bin/phpstan analyse --no-progress", phpstan_ok(39)))
    s.say(
        "PHPStan niveau 8 passe. `GET /api/parcelles/{idu}` renvoie un `App\\Dto\\ParcelleOutput` (404 si l'idu "
        "est inconnu). Le DTO est dans `src/Dto`, l'entité ne sort jamais du contrôleur."
    )
    s.user(
        "ok. DTOs are final readonly classes, please fix ParcelleOutput. and we go with plain Symfony controllers "
        "and the Serializer, not API Platform, so no need to look at it.",
        rules=[("readonly-dto", "DTOs are final readonly classes")],
        decisions=["we go with plain Symfony controllers and the Serializer, not API Platform"],
    )
    s.act(
        None,
        Edit(
            "src/Dto/ParcelleOutput.php",
            "final class ParcelleOutput\n{\n    public function __construct(\n        public readonly string $idu,\n"
            "        public readonly string $commune,\n        public readonly string $section,\n"
            "        public readonly string $numero,\n        public readonly int $contenance,",
            "final readonly class ParcelleOutput\n{\n    public function __construct(\n        public string $idu,\n"
            "        public string $commune,\n        public string $section,\n        public string $numero,\n"
            "        public int $contenance,",
        ),
    )
    s.act(None, Bash("docker compose exec php vendor/bin/phpstan analyse --no-progress", phpstan_ok(39)))
    s.say("`ParcelleOutput` est maintenant `final readonly class` ; PHPStan reste propre.")
    s.user("Nickel")
    s.outcome("success", "Parcelle entity, readonly DTO in src/Dto and the show endpoint; PHPStan level 8 clean")
    return s


def k02() -> Session:
    s = new("k02-surface-migration", "2027-11-09T08:05:12", "2.1.230", "feat/surface", "surface-migration-wren")
    s.user(
        "Ajoute un champ surface_m2 (entier, nullable) sur Parcelle, on le calculera à l'import. Génère la "
        "migration et applique-la sur ma base locale."
    )
    s.act(
        None,
        Edit(
            "src/Entity/Parcelle.php",
            "        private string $geom,\n    ) {",
            "        private string $geom,\n        #[ORM\\Column(nullable: true)]\n        private ?int $surfaceM2 = null,\n"
            "    ) {",
        ),
    )
    s.act(
        None,
        Bash(
            "docker compose exec php bin/console doctrine:migrations:diff",
            ' Generated new migration class to "/app/migrations/Version20271109081530.php"\n\n'
            " To run just this migration for testing purposes, you can use migrations:execute --up "
            "'DoctrineMigrations\\\\Version20271109081530'\n\n To revert the migration you can use "
            "migrations:execute --down 'DoctrineMigrations\\\\Version20271109081530'",
        ),
    )
    s.act(
        None,
        Bash(
            "docker compose exec php bin/console doctrine:migrations:migrate --no-interaction",
            "[notice] Migrating up to DoctrineMigrations\\Version20271109081530\n"
            '[error] Migration DoctrineMigrations\\Version20271109081530 failed during Execution. Error: "An '
            "exception occurred while executing a query: SQLSTATE[2BP01]: Dependent objects still exist: 7 "
            "ERROR:  cannot drop table spatial_ref_sys because extension postgis requires it\n"
            'HINT:  You can drop extension postgis instead."\n\nIn ExceptionConverter.php line 71:\n\n'
            "  An exception occurred while executing a query: SQLSTATE[2BP01]: Dependent objects still exist: 7 "
            "ERROR:  cannot drop table spatial_ref_sys because extension postgis requires it\n"
            "  HINT:  You can drop extension postgis instead.\n\n"
            "doctrine:migrations:migrate [--write-sql [WRITE-SQL]] [--dry-run] [--query-time] [--allow-no-migration]"
            " [--all-or-nothing [ALL-OR-NOTHING]] [--] [<version>]",
            code=1,
        ),
    )
    s.act(None, Read("migrations/Version20271109081530.php", MIGRATION_SURFACE))
    s.act(
        "La migration générée contient aussi `DROP TABLE spatial_ref_sys` : c'est la table de l'extension "
        "PostGIS, que Doctrine ne connaît pas. Pour débloquer votre base, j'applique juste l'ALTER directement :",
        Denied(
            Bash(
                "docker compose exec database psql -U cadastre -d cadastre -c "
                "'ALTER TABLE parcelle ADD surface_m2 INT DEFAULT NULL'"
            )
        ),
    )
    s.user(
        "Non. Les migrations se font toujours via bin/console doctrine:migrations:migrate, jamais en SQL à la main. "
        "Et je ne veux pas non plus corriger chaque migration générée à la main. Bon, on verra demain.",
        rules=[
            (
                "migrations-console",
                "Les migrations se font toujours via bin/console doctrine:migrations:migrate, jamais en SQL à la main",
            )
        ],
    )
    s.say(
        "Compris, je ne touche pas à la base. La migration `Version20271109081530` reste non appliquée, avec sa "
        "ligne `DROP TABLE spatial_ref_sys`."
    )
    s.outcome("failed", "the surface_m2 migration cannot be applied: it drops PostGIS's spatial_ref_sys; left as is")
    s.hit("postgis-schema-drift")
    return s


def k03() -> Session:
    s = new("k03-port-5432", "2027-11-10T08:30:40", "2.1.231", "main", "busy-port-heron")
    s.user(
        "docker compose up ne démarre plus la base :\n\n```\n ✔ Network cadastre_default  Created\n"
        " ✔ Container cadastre-database-1  Created\n"
        "Error response from daemon: Ports are not available: exposing port TCP 0.0.0.0:5432 -> 127.0.0.1:0: "
        "listen tcp 0.0.0.0:5432: bind: address already in use\n```\n\nPeux-tu regarder ce qui tient le port ?"
    )
    s.act(
        "Je regarde quel processus écoute sur 5432 :",
        Denied(Bash("sudo lsof -nP -iTCP:5432 -sTCP:LISTEN")),
    )
    s.user(
        "On ne lance jamais rien avec sudo sur mon Mac. lsof sans sudo voit très bien mes propres process.",
        rules=[("no-sudo", "On ne lance jamais rien avec sudo sur mon Mac")],
    )
    s.act(
        None,
        Bash(
            "lsof -nP -iTCP:5432 -sTCP:LISTEN",
            "COMMAND   PID   USER   FD   TYPE             DEVICE SIZE/OFF NODE NAME\n"
            "postgres 1187 claire    7u  IPv6 0x5e2c1a8f3b7d2e41      0t0  TCP *:5432 (LISTEN)\n"
            "postgres 1187 claire    8u  IPv4 0x5e2c1a8f3b7d1c09      0t0  TCP *:5432 (LISTEN)",
        ),
    )
    s.act(
        None,
        Bash(
            "brew services list | grep postgres",
            "postgresql@16 started claire ~/Library/LaunchAgents/homebrew.mxcl.postgresql@16.plist",
        ),
    )
    s.say(
        "C'est le PostgreSQL 16 de Homebrew, lancé au démarrage par `brew services`. Je l'arrête (il ne "
        "redémarrera plus au login) et je relance la stack :"
    )
    s.act(
        None,
        Bash(
            "brew services stop postgresql@16 && docker compose up -d --wait",
            "Stopping `postgresql@16`... (might take a while)\n==> Successfully stopped `postgresql@16` (label: "
            "homebrew.mxcl.postgresql@16)\n ✔ Container cadastre-database-1  Healthy\n"
            " ✔ Container cadastre-php-1       Started\n ✔ Container cadastre-nginx-1     Started",
            secs=12,
        ),
    )
    s.user(
        "thanks. run the tests inside the php container, not with the Homebrew PHP, it has no pdo_pgsql.",
        rules=[("tests-docker", "run the tests inside the php container, not with the Homebrew PHP")],
    )
    s.act(None, Bash("docker compose exec php bin/phpunit", phpunit_run(6, 11)))
    s.say("La stack tourne, 6 tests verts dans le conteneur `php`.")
    s.user("Parfait, merci")
    s.one_off(
        "docker compose cannot bind 5432 on macOS ('Ports are not available ... address already in use') because "
        "Homebrew's postgresql@16 service holds it; stopped with brew services"
    )
    s.outcome("success", "Homebrew's postgres stopped, the compose stack is up and tests pass (sudo declined)")
    return s


def k04() -> Session:
    s = new("k04-nearby-endpoint", "2027-11-12T08:20:05", "2.1.231", "feat/proximite", "nearby-parcels-ibis")
    s.user(
        "Ajoute un endpoint GET /api/parcelles/proches?lon=&lat=&rayon= (rayon en mètres) qui renvoie les "
        "parcelles à proximité, la plus proche d'abord. Avec un test sur les fixtures de Lyon 3e."
    )
    s.act(None, Read("src/Repository/ParcelleRepository.php", REPO_V1))
    s.act(
        "J'ajoute `findNearby` (ST_DWithin, tri par ST_Distance), l'action et un test autour de la place Guichard.",
        Edit(
            "src/Repository/ParcelleRepository.php",
            "            ->getResult();\n    }\n}",
            "            ->getResult();\n    }\n\n" + NEARBY_METHOD,
        ),
        Edit(
            "src/Controller/ParcelleController.php",
            "    #[Route('/{idu}', methods: ['GET'])]",
            NEARBY_ACTION + "\n\n    #[Route('/{idu}', methods: ['GET'])]",
        ),
        Write("tests/Repository/ParcelleRepositoryTest.php", REPO_TEST),
    )
    fail = phpunit_run(
        7,
        12,
        [
            (
                "App\\Tests\\Repository\\ParcelleRepositoryTest::testFindNearbyReturnsOnlyCloseParcels",
                "Failed asserting that actual size 1284 matches expected size 3.",
                "tests/Repository/ParcelleRepositoryTest.php:20",
            )
        ],
    )
    s.act(None, Bash("docker compose exec php bin/phpunit", fail, code=1))
    s.act(
        "Toutes les parcelles des fixtures reviennent. Les fixtures ont peut-être été chargées deux fois ; je les "
        "recharge et je relance :",
        Bash(
            "docker compose exec php bin/console doctrine:fixtures:load --env=test --no-interaction",
            "\n   > purging database\n   > loading App\\DataFixtures\\Lyon3eFixtures",
            secs=9,
        ),
    )
    s.act(
        None,
        Bash(
            "docker compose exec php bin/phpunit --filter ParcelleRepositoryTest",
            phpunit_run(
                1,
                1,
                [
                    (
                        "App\\Tests\\Repository\\ParcelleRepositoryTest::testFindNearbyReturnsOnlyCloseParcels",
                        "Failed asserting that actual size 1284 matches expected size 3.",
                        "tests/Repository/ParcelleRepositoryTest.php:20",
                    )
                ],
                secs=1.12,
            ),
            code=1,
        ),
    )
    s.say("Même résultat après rechargement : avec un rayon de 30, `findNearby` renvoie les 1284 parcelles.")
    s.user("Ça ne marche toujours pas. Je dois partir, laisse le test rouge, je regarderai.")
    s.outcome("failed", "findNearby returns all 1284 fixture parcels for a 30 m radius; the new test stays red")
    s.hit("dwithin-degrees")
    return s


def k05() -> Session:
    s = new("k05-phpstan-mixed", "2027-11-15T08:40:22", "2.1.232", "main", "mixed-return-ouzel")
    s.user("PHPStan est rouge sur findByCommune depuis ce matin, peux-tu corriger ?")
    err = phpstan_errors(
        41,
        [
            (
                "src/Repository/ParcelleRepository.php",
                37,
                "Method App\\Repository\\ParcelleRepository::findByCommune() should return list<App\\Entity\\Parcelle> "
                "but returns mixed.",
                "return.type",
            )
        ],
    )
    s.act(None, Bash("docker compose exec php vendor/bin/phpstan analyse --no-progress", err, code=1))
    s.act(
        "Le plus rapide est d'enregistrer l'erreur dans la baseline :",
        Denied(Bash("docker compose exec php vendor/bin/phpstan analyse --generate-baseline")),
    )
    s.user(
        "Pas de nouvelles entrées dans phpstan-baseline.neon. On corrige la cause.",
        rules=[("no-baseline", "Pas de nouvelles entrées dans phpstan-baseline.neon")],
    )
    s.act(None, Read("phpstan.dist.neon", PHPSTAN_NEON))
    s.act(
        None,
        Bash(
            "docker compose exec php composer show phpstan/phpstan-doctrine",
            "name     : phpstan/phpstan-doctrine\ndescrip. : Doctrine extensions for PHPStan\nversions : * 1.5.7\n"
            "type     : phpstan-extension",
        ),
    )
    s.act(
        "`phpstan/phpstan-doctrine` est installé mais son extension n'est pas incluse : sans elle, PHPStan ne sait "
        "pas ce que `getResult()` renvoie. Je l'ajoute avec un chargeur d'EntityManager :",
        Edit(
            "phpstan.dist.neon",
            "    - vendor/phpstan/phpstan-symfony/extension.neon\n",
            "    - vendor/phpstan/phpstan-symfony/extension.neon\n    - vendor/phpstan/phpstan-doctrine/extension.neon\n",
        ),
        Edit(
            "phpstan.dist.neon",
            "    symfony:\n",
            "    doctrine:\n        objectManagerLoader: tests/object-manager.php\n    symfony:\n",
        ),
        Write(
            "tests/object-manager.php",
            "<?php\n\nuse App\\Kernel;\nuse Symfony\\Component\\Dotenv\\Dotenv;\n\nrequire __DIR__.'/../vendor/"
            "autoload.php';\n\n(new Dotenv())->bootEnv(__DIR__.'/../.env');\n$kernel = new Kernel('dev', true);\n"
            "$kernel->boot();\n\nreturn $kernel->getContainer()->get('doctrine')->getManager();\n",
        ),
    )
    s.act(None, Bash("docker compose exec php vendor/bin/phpstan analyse --no-progress", phpstan_ok(42)))
    s.say(
        "PHPStan passe sans toucher à la baseline : `getResult()` est maintenant typé `list<Parcelle>` grâce à "
        "l'extension Doctrine. Comme je le disais la semaine dernière : « Je vous suggère de toujours lancer "
        "PHPStan avant chaque commit. » Un hook pre-commit le ferait automatiquement."
    )
    s.user("Nickel. Pas de hook, je le lance moi-même.")
    s.not_person("Je vous suggère de toujours lancer PHPStan avant chaque commit.", "assistant_text")
    s.one_off(
        "PHPStan level 8 says findByCommune() returns mixed because phpstan-doctrine is installed but its "
        "extension.neon is not included (no objectManagerLoader)"
    )
    s.outcome("success", "phpstan-doctrine extension included; PHPStan clean without a baseline entry")
    return s


def k06() -> Session:
    s = new("k06-schema-sync-test", "2027-11-15T14:30:50", "2.1.232", "main", "schema-sync-tern")
    s.user(
        "SchemaSyncTest went red after I rebuilt the database container, and I haven't touched a single entity. "
        "can you look?"
    )
    out = phpunit_run(
        1,
        1,
        [
            (
                "App\\Tests\\Schema\\SchemaSyncTest::testMappingIsInSyncWithDatabase",
                "The mapping and the database differ:\nDROP TABLE spatial_ref_sys\n"
                "Failed asserting that an array is empty.",
                "tests/Schema/SchemaSyncTest.php:19",
            )
        ],
        secs=1.87,
    )
    s.act(None, Bash("docker compose exec php bin/phpunit tests/Schema/SchemaSyncTest.php", out, code=1))
    s.act(None, Read("tests/Schema/SchemaSyncTest.php", SCHEMA_TEST))
    s.act(
        "The only difference is `spatial_ref_sys`, which belongs to PostGIS, not to the app. I'll make the test "
        "ignore statements about that table:",
        Denied(
            Edit(
                "tests/Schema/SchemaSyncTest.php",
                "        $sql = (new SchemaValidator($em))->getUpdateSchemaList();\n",
                "        $sql = array_values(array_filter(\n            (new SchemaValidator($em))->getUpdateSchemaList(),\n"
                "            static fn (string $q): bool => !str_contains($q, 'spatial_ref_sys'),\n        ));\n",
            ),
            "no, the test is right. fix the cause, not the test",
        ),
    )
    s.say(
        "Understood. The cause is on the Doctrine side: its schema comparison sees tables that are not mapped. "
        "I need to look at how the DBAL connection is configured to exclude them."
    )
    s.user("I have a call in 5 minutes. leave it red, I'll come back to it.")
    s.outcome("failed", "SchemaSyncTest stays red (DROP TABLE spatial_ref_sys); filtering the test declined")
    s.hit("postgis-schema-drift")
    return s


def k07() -> Session:
    s = new("k07-cs-fixer-php83", "2027-11-16T13:20:14", "2.1.232", "chore/cs-fixer", "fixer-version-stilt")
    s.user(
        "php-cs-fixer refuse de tourner dans le conteneur depuis qu'on est passés en PHP 8.3 :\n\n```\n"
        "$ docker compose exec php vendor/bin/php-cs-fixer fix --dry-run --diff\n"
        "PHP needs to be a minimum version of PHP 7.4.0 and maximum version of PHP 8.2.*.\n"
        "Current PHP version: 8.3.14.\nTo ignore this requirement please set `PHP_CS_FIXER_IGNORE_ENV`.\n"
        "If you use PHP version higher than supported, you may experience code modified in a wrong way.\n"
        "Please report such cases at https://github.com/PHP-CS-Fixer/PHP-CS-Fixer .\n```\n\n"
        "Peux-tu regarder ?"
    )
    s.act(
        None,
        Bash(
            "docker compose exec php composer show friendsofphp/php-cs-fixer | head -4",
            "name     : friendsofphp/php-cs-fixer\ndescrip. : A tool to automatically fix PHP code style\n"
            "keywords : Static code analysis, fixer, standards, static analysis\nversions : * v3.22.0",
        ),
    )
    s.say(
        "La version installée (v3.22.0) date d'avant PHP 8.3 : elle ne connaît que jusqu'à 8.2 et refuse de "
        "tourner au-delà. Plutôt que de forcer avec `PHP_CS_FIXER_IGNORE_ENV`, je propose de monter "
        "php-cs-fixer en v3.64 (même paquet, pas de nouvelle dépendance). Je peux ?"
    )
    s.user("oui, mets à jour.")
    s.act(
        None,
        Bash(
            "docker compose exec php composer update friendsofphp/php-cs-fixer --with-all-dependencies",
            "Loading composer repositories with package information\nUpdating dependencies\n"
            "Lock file operations: 0 installs, 2 updates, 0 removals\n"
            "  - Upgrading friendsofphp/php-cs-fixer (v3.22.0 => v3.64.0)\n"
            "  - Upgrading react/promise (v3.0.0 => v3.2.0)\nWriting lock file\nInstalling dependencies from lock "
            "file (including require-dev)\nPackage operations: 0 installs, 2 updates, 0 removals\n"
            "Generating optimized autoload files\n112 packages you are using are looking for funding.",
            secs=18,
        ),
    )
    s.act(
        None,
        Bash(
            "docker compose exec php vendor/bin/php-cs-fixer fix --dry-run --diff",
            "PHP CS Fixer 3.64.0 7th Gear by Fabien Potencier, Dariusz Ruminski and contributors.\n"
            'PHP runtime: 8.3.14\nLoaded config default from "/app/.php-cs-fixer.dist.php".\n'
            'Using cache file ".php-cs-fixer.cache".\n\nFound 0 of 44 files that can be fixed in 1.204 seconds, '
            "16.00 MB memory used",
        ),
    )
    s.user(
        "TIL php-cs-fixer refuses to run on a PHP newer than the ones it knows, and upgrading it beats "
        "PHP_CS_FIXER_IGNORE_ENV. commit please.",
        lessons=["php-cs-fixer refuses to run on a PHP newer than the ones it knows"],
    )
    s.act(
        None,
        Bash(
            "git add composer.json composer.lock && git commit -m 'chore: php-cs-fixer 3.64 for PHP 8.3'",
            git_commit("chore/cs-fixer", "4be17c2", "chore: php-cs-fixer 3.64 for PHP 8.3", 2, 14, 14),
        ),
    )
    s.say("Commité (`4be17c2`).")
    s.not_person("To ignore this requirement please set `PHP_CS_FIXER_IGNORE_ENV`.", "pasted_log")
    s.one_off(
        "php-cs-fixer v3.22 refuses PHP 8.3 ('PHP needs to be a minimum version of PHP 7.4.0 and maximum version "
        "of PHP 8.2.*'); upgraded to v3.64"
    )
    s.outcome("success", "php-cs-fixer upgraded to 3.64, runs on PHP 8.3; committed")
    return s


def k08() -> Session:
    s = new("k08-sophie-toute-la-commune", "2027-11-17T08:15:33", "2.1.233", "main", "whole-town-avocet")
    s.user(
        "Sophie, du service urbanisme, me dit que la recherche « parcelles à moins de 200 m » lui renvoie presque "
        "toute la commune de Villeurbanne. Aucune erreur, juste beaucoup trop de résultats. Peux-tu regarder ?"
    )
    s.act(
        None,
        Read("src/Controller/ParcelleController.php", NEARBY_ACTION, offset=24, total=52),
        Read("src/Repository/ParcelleRepository.php", NEARBY_METHOD, offset=39, total=59),
    )
    s.act(
        "Le contrôleur transmet bien `rayon` tel quel à `findNearby`. Le plus simple pour l'interface de Sophie "
        "est de borner la réponse aux 50 parcelles les plus proches :",
        Edit(
            "src/Repository/ParcelleRepository.php",
            "            ORDER BY distance\n            SQL;",
            "            ORDER BY distance\n            LIMIT 50\n            SQL;",
        ),
    )
    s.user("Non, ce n est pas ça. Une limite cache le problème, elle ne le corrige pas. Annule.")
    s.act(
        None,
        Edit(
            "src/Repository/ParcelleRepository.php",
            "            ORDER BY distance\n            LIMIT 50\n            SQL;",
            "            ORDER BY distance\n            SQL;",
        ),
    )
    s.say("Annulé, `findNearby` est revenu à l'identique. Je n'ai pas trouvé la cause dans le contrôleur.")
    s.user("Je dirai à Sophie d'attendre.")
    s.outcome("failed", "the nearby search still returns almost the whole commune; a LIMIT was refused and reverted")
    s.hit("dwithin-degrees")
    return s


def write_exporter_tests(child: Session) -> None:
    child.act(None, Read("src/Service/GeoJsonExporter.php", GEOJSON_EXPORTER))
    child.act(None, Write("tests/Service/GeoJsonExporterTest.php", EXPORTER_TEST))
    child.act(
        None,
        Bash("docker compose exec php bin/phpunit tests/Service", phpunit_run(3, 5, secs=1.63)),
    )
    child.say(
        "Added tests/Service/GeoJsonExporterTest.php with 3 tests (FeatureCollection of the 1284 Lyon 3e "
        "parcels, the properties of a feature, an unknown commune gives no features); all pass in the php "
        "container."
    )


def k09() -> Session:
    s = new("k09-geojson-export", "2027-11-18T08:30:09", "2.1.233", "feat/export-geojson", "geojson-export-puffin")
    s.user(
        "Peux-tu ajouter un export GeoJSON des parcelles d'une commune : GET /api/communes/{insee}/parcelles.geojson, "
        "une FeatureCollection avec idu, section, numéro et contenance dans les properties ?"
    )
    s.act(
        "Un service qui laisse PostGIS produire la géométrie (`ST_AsGeoJSON`) et un contrôleur invocable.",
        Write("src/Service/GeoJsonExporter.php", GEOJSON_EXPORTER),
        Write("src/Controller/CommuneExportController.php", EXPORT_CONTROLLER),
    )
    s.act(
        None,
        Agent(
            "Tests for GeoJsonExporter",
            "Write PHPUnit tests (KernelTestCase, the Lyon 3e fixtures, INSEE 69383) for "
            "src/Service/GeoJsonExporter.php in tests/Service/GeoJsonExporterTest.php: the FeatureCollection, the "
            "properties of one feature, an unknown commune. Run them with docker compose exec php bin/phpunit "
            "tests/Service and report what you added.",
            "general-purpose",
            write_exporter_tests,
            background=True,
        ),
    )
    s.act(
        "Pendant que l'agent écrit les tests, PHPStan :",
        Bash("docker compose exec php vendor/bin/phpstan analyse --no-progress", phpstan_ok(45)),
    )
    s.act(
        None,
        Bash(
            "curl -s localhost:8080/api/communes/69383/parcelles.geojson | jq '.features | length'",
            "1284",
        ),
    )
    s.say(
        "L'export répond (1284 features pour Lyon 3e). Pour de gros exports (Lyon entier), on pourrait déporter "
        "les géométries dans une base PostGIS dédiée, séparée de la base applicative. Voulez-vous que je "
        "prépare ça ?"
    )
    s.user(
        "Non. Décision : on garde PostGIS dans la même base que l'application, pas de base séparée pour les "
        "géométries. Autre question : est-ce que Doctrine regénère toujours les proxies en prod, ou c'est au "
        "cache:warmup de le faire ?",
        decisions=["on garde PostGIS dans la même base que l'application, pas de base séparée pour les géométries"],
        non_rules=["est-ce que Doctrine regénère toujours les proxies en prod"],
    )
    s.say(
        "En prod, `auto_generate_proxy_classes` vaut `false` (surcharge `when@prod` de doctrine.yaml) : Doctrine "
        "ne les regénère pas à la volée. C'est `cache:warmup`, lancé dans le Dockerfile de prod, qui les écrit "
        "dans `var/cache/prod/doctrine/orm/Proxies`. Avec les lazy ghost objects activés, il n'y a d'ailleurs "
        "presque plus de proxies générés."
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\n"
        "Analysis: Claire asked for a GeoJSON export of a commune's parcels at "
        "GET /api/communes/{insee}/parcelles.geojson (FeatureCollection, properties idu, section, numero, "
        "contenance).\nSummary:\n1. Files written: src/Service/GeoJsonExporter.php (ST_AsGeoJSON(geom, 7), "
        "ordered by idu), src/Controller/CommuneExportController.php (application/geo+json).\n"
        "2. PHPStan level 8 clean; curl on 69383 returns 1284 features.\n"
        "3. A background general-purpose agent is writing tests/Service/GeoJsonExporterTest.php.\n"
        "4. Decision: PostGIS stays in the application database, no separate geometry database.\n"
        "5. Answered: proxies are written by cache:warmup in prod.\n"
        "6. User preference: always run php-cs-fixer with --allow-risky=yes.\n"
        "Pending: wait for the agent, run the whole suite, commit.",
        171200,
        12400,
    )
    s.say("J'attends l'agent de tests avant de lancer toute la suite.")
    s.agent_done(after=35)
    s.act(
        None,
        Bash(
            "docker compose exec php bin/phpunit",
            phpunit_run(
                11,
                19,
                [
                    (
                        "App\\Tests\\Repository\\ParcelleRepositoryTest::testFindNearbyReturnsOnlyCloseParcels",
                        "Failed asserting that actual size 1284 matches expected size 3.",
                        "tests/Repository/ParcelleRepositoryTest.php:20",
                    )
                ],
                secs=3.02,
            ),
            code=1,
        ),
    )
    s.say(
        "Les 3 tests de l'export passent. Le seul rouge est `testFindNearbyReturnsOnlyCloseParcels`, le test "
        "laissé rouge vendredi, sans rapport avec l'export."
    )
    s.user("Oui, celui-là on le connaît. Commit l'export.")
    s.act(
        None,
        Bash(
            "git add src/Service src/Controller/CommuneExportController.php tests/Service && git commit -m "
            "'feat: GeoJSON export of a commune'",
            git_commit("feat/export-geojson", "91ac3d0", "feat: GeoJSON export of a commune", 3, 118, 0),
        ),
    )
    s.say("Commité (`91ac3d0`).")
    s.user("Parfait, merci")
    s.not_person("User preference: always run php-cs-fixer with --allow-risky=yes.", "compaction_summary")
    s.outcome("success", "GeoJSON export with tests written by a background agent; committed")
    return s


def k10() -> Session:
    s = new("k10-mathieu-migrations", "2027-11-19T08:05:48", "2.1.233", "main", "hand-edited-loon")
    s.user(
        "Question : Mathieu me dit que chaque migration qu'il génère contient une ligne qui supprime la table "
        "spatial_ref_sys, et qu'il l'enlève à la main avant chaque commit. C'est normal ?"
    )
    s.say(
        "Ce n'est pas normal, mais c'est fréquent avec PostGIS. `spatial_ref_sys` est créée par l'extension "
        "`postgis`, pas par vos entités. Quand Doctrine compare le schéma, il prend toutes les tables de la "
        "connexion ; une table qu'aucune entité ne décrit lui paraît en trop, donc `migrations:diff` propose de la "
        "supprimer. La correction se fait dans la config DBAL (un `schema_filter` qui exclut les tables de "
        "l'extension), pas dans chaque migration. Je peux regarder `config/packages/doctrine.yaml` si vous "
        "voulez."
    )
    s.user("D'accord. Pas le temps aujourd'hui, j'en reparle lundi avec Mathieu.")
    s.turn_done()
    s.outcome("unknown", "the cause of the spatial_ref_sys lines was explained; nothing changed")
    s.hit("postgis-schema-drift")
    return s


def k11() -> Session:
    s = new("k11-pagination", "2027-11-22T08:20:27", "2.1.234", "feat/pagination", "paged-list-smew")
    s.user(
        "Désormais, lance PHPUnit directement avec le PHP de Homebrew, le conteneur est trop lent sur mon Mac. "
        "J'ai installé pdo_pgsql. Ensuite, ajoute une pagination sur GET /api/communes/{insee}/parcelles "
        "(paramètre page, 50 par page).",
        rules=[
            (
                "tests-homebrew",
                "Désormais, lance PHPUnit directement avec le PHP de Homebrew, le conteneur est trop lent sur mon Mac",
                "tests-docker",
            )
        ],
    )
    s.act(
        "Pour la pagination, KnpPaginatorBundle est le plus courant :",
        Denied(Bash("composer require knplabs/knp-paginator-bundle")),
    )
    s.user(
        "like I said, ask me before adding any package. Doctrine's own Paginator is enough here.",
        rules=[("ask-deps", "ask me before adding any package")],
    )
    s.act(
        None,
        Edit(
            "src/Repository/ParcelleRepository.php",
            "    /**\n     * @return list<Parcelle>\n     */\n    public function findByCommune(string $insee): array\n"
            "    {\n        return $this->createQueryBuilder('p')\n            ->where('p.commune = :insee')\n"
            "            ->setParameter('insee', $insee)\n            ->orderBy('p.idu')\n            ->getQuery()\n"
            "            ->getResult();\n    }",
            "    /**\n     * @return Paginator<Parcelle>\n     */\n    public function findByCommune(string $insee, int "
            "$page = 1, int $perPage = 50): Paginator\n    {\n        $query = $this->createQueryBuilder('p')\n"
            "            ->where('p.commune = :insee')\n            ->setParameter('insee', $insee)\n"
            "            ->orderBy('p.idu')\n            ->setFirstResult(($page - 1) * $perPage)\n"
            "            ->setMaxResults($perPage)\n            ->getQuery();\n\n"
            "        return new Paginator($query, fetchJoinCollection: false);\n    }",
        ),
        Edit(
            "src/Controller/ParcelleController.php",
            "    public function byCommune(string $insee): JsonResponse\n    {\n        $list = array_map("
            "ParcelleOutput::fromEntity(...), $this->parcelles->findByCommune($insee));\n\n"
            "        return $this->json($list);",
            "    public function byCommune(string $insee, #[MapQueryParameter] int $page = 1): JsonResponse\n    {\n"
            "        $paginator = $this->parcelles->findByCommune($insee, max(1, $page));\n"
            "        $items = array_map(ParcelleOutput::fromEntity(...), iterator_to_array($paginator, false));\n\n"
            "        return $this->json(['page' => $page, 'total' => \\count($paginator), 'items' => $items]);",
        ),
    )
    s.act(
        None,
        Bash(
            "php bin/phpunit --exclude-group slow",
            phpunit_run(
                12,
                21,
                [
                    (
                        "App\\Tests\\Repository\\ParcelleRepositoryTest::testFindNearbyReturnsOnlyCloseParcels",
                        "Failed asserting that actual size 1284 matches expected size 3.",
                        "tests/Repository/ParcelleRepositoryTest.php:20",
                    )
                ],
                docker=False,
                secs=1.48,
            ),
            code=1,
        ),
    )
    s.act(
        None,
        Bash(
            "php bin/phpunit --filter 'ParcelleController|GeoJson'",
            phpunit_run(5, 9, docker=False, secs=0.91),
        ),
    )
    s.say(
        "Avec le PHP de Homebrew la suite prend 1,5 s. La pagination (`page`, 50 par page, `total` dans la "
        "réponse) passe ses tests ; le seul rouge reste `testFindNearbyReturnsOnlyCloseParcels`, connu."
    )
    s.user("Nickel. Commit.")
    s.act(
        None,
        Bash(
            "git commit -am 'feat: paginate the parcels of a commune'",
            git_commit("feat/pagination", "c3e5a19", "feat: paginate the parcels of a commune", 2, 17, 6),
        ),
    )
    s.say("Commité (`c3e5a19`).")
    s.outcome("success", "pagination with Doctrine's Paginator, tests run with Homebrew PHP; committed")
    return s


def k12() -> Session:
    s = new("k12-slow-nearby-log", "2027-11-22T13:30:19", "2.1.234", "main", "slow-query-bittern")
    s.user(
        "prod postgres log from this morning, the nearby search takes 8 seconds:\n\n```\n"
        "2027-11-22 10:14:22.871 CET [41827] LOG:  duration: 8412.331 ms  execute <unnamed>: SELECT p.idu, "
        "ST_Distance(p.geom, ST_SetSRID(ST_MakePoint($1, $2), 4326)) AS distance FROM parcelle p WHERE "
        "ST_DWithin(p.geom, ST_SetSRID(ST_MakePoint($1, $2), 4326), $3) ORDER BY distance\n"
        "2027-11-22 10:14:22.871 CET [41827] DETAIL:  parameters: $1 = '4.8794', $2 = '45.7712', $3 = '150'\n"
        "```\n\nwhy is it that slow? there's a gist index on geom."
    )
    s.act(
        None,
        Bash(
            'docker compose exec database psql -U cadastre -d cadastre -c "EXPLAIN ANALYZE SELECT p.idu FROM '
            'parcelle p WHERE ST_DWithin(p.geom, ST_SetSRID(ST_MakePoint(4.8794, 45.7712), 4326), 150)"',
            "                                                     QUERY PLAN\n"
            "---------------------------------------------------------------------------------------------------"
            "-----------------\n Seq Scan on parcelle p  (cost=0.00..3921.40 rows=1284 width=16) (actual "
            "time=0.412..611.207 rows=1284 loops=1)\n   Filter: st_dwithin(geom, "
            "'0101000020E6100000...'::geometry, '150'::double precision)\n Planning Time: 0.903 ms\n"
            " Execution Time: 611.554 ms\n(4 rows)",
        ),
    )
    s.say(
        "Every row matches, so the planner skips the GiST index and scans the table. The reason is the unit: "
        "`geom` is a `geometry` in SRID 4326, and for geometry `ST_DWithin` measures in the units of the SRID, "
        "i.e. degrees. `rayon = 150` means 150 degrees, which covers the whole planet, so `findNearby` returns "
        "every parcel (1284 locally, the whole city in prod) and sorts them all by distance. Comparing as "
        "`geography` would make the radius metres."
    )
    s.user("ok, makes sense. not today though, I'm off in 10 minutes. next week.")
    s.turn_done()
    s.outcome("unknown", "the slow nearby query was explained (radius read as degrees); nothing changed")
    s.hit("dwithin-degrees")
    return s


def k13() -> Session:
    s = new("k13-schema-filter", "2027-11-23T13:40:02", "2.1.234", "fix/schema-filter", "schema-filter-grebe")
    s.user(
        "Le job CI est rouge sur la PR de Mathieu :\n\n```\nRun docker compose exec -T php bin/console "
        "doctrine:schema:validate\n\nMapping\n-------\n\n [OK] The mapping files are correct.\n\n"
        "Database\n--------\n\n [ERROR] The database schema is not in sync with the current mapping file.\n\n"
        "Error: Process completed with exit code 2.\n```\n\nOn règle ça aujourd'hui, une bonne fois pour toutes."
    )
    s.act(
        None,
        Bash(
            "php bin/console doctrine:schema:update --dump-sql",
            "\n DROP TABLE spatial_ref_sys;\n\n [WARNING] Not executed.",
        ),
    )
    s.act(
        "La seule différence est `spatial_ref_sys`. Pour remettre la base et le mapping d'accord tout de suite :",
        Denied(Bash("php bin/console doctrine:schema:update --force")),
    )
    s.user(
        "On ne modifie jamais le schéma avec schema:update, tout passe par les migrations. Et ça supprimerait la "
        "table de PostGIS.",
        rules=[
            ("migrations-console", "On ne modifie jamais le schéma avec schema:update, tout passe par les migrations")
        ],
    )
    s.act(None, Read("config/packages/doctrine.yaml", DOCTRINE_YAML))
    s.act(
        "Doctrine compare toutes les tables de la connexion. Un `schema_filter` sur la connexion DBAL exclut "
        "`spatial_ref_sys` de la comparaison, pour `diff`, `validate` et `SchemaSyncTest` à la fois :",
        Edit(
            "config/packages/doctrine.yaml",
            "        server_version: '16'\n",
            "        server_version: '16'\n        # spatial_ref_sys belongs to the postgis extension, not to the mapping\n"
            "        schema_filter: ~^(?!spatial_ref_sys$)~\n",
        ),
    )
    s.act(
        None,
        Bash(
            "php bin/console cache:clear && php bin/console doctrine:schema:validate",
            '\n // Clearing the cache for the dev environment with debug true\n\n [OK] Cache for the "dev" '
            "environment (debug=true) was successfully cleared.\n\n\nMapping\n-------\n\n [OK] The mapping files "
            "are correct.\n\nDatabase\n--------\n\n [OK] The database schema is in sync with the mapping files.",
        ),
    )
    s.act(None, Read("migrations/Version20271109081530.php", MIGRATION_SURFACE))
    s.act(
        "La migration `surface_m2` restée en attente contient encore la ligne ; je la retire et je l'applique :",
        Edit(
            "migrations/Version20271109081530.php",
            "        $this->addSql('DROP TABLE spatial_ref_sys');\n",
            "",
        ),
        Edit(
            "migrations/Version20271109081530.php",
            "        $this->addSql('CREATE SCHEMA public');\n        $this->addSql('CREATE TABLE spatial_ref_sys (srid INT "
            "NOT NULL, auth_name VARCHAR(256) DEFAULT NULL, auth_srid INT DEFAULT NULL, srtext VARCHAR(2048) DEFAULT "
            "NULL, proj4text VARCHAR(2048) DEFAULT NULL, PRIMARY KEY(srid))');\n",
            "",
        ),
    )
    s.act(
        None,
        Bash(
            "php bin/console doctrine:migrations:migrate --no-interaction && php bin/phpunit "
            "tests/Schema/SchemaSyncTest.php",
            "[notice] Migrating up to DoctrineMigrations\\Version20271109081530\n[notice] finished in 41.2ms, used "
            "24M memory, 1 migrations executed, 1 sql queries\n\n [OK] Successfully migrated to version: "
            "DoctrineMigrations\\Version20271109081530\n\n" + phpunit_run(1, 1, docker=False, secs=0.74),
        ),
    )
    s.say(
        "Corrigé : `schema_filter: ~^(?!spatial_ref_sys$)~` dans `doctrine.yaml`. `doctrine:schema:validate` est "
        "vert, `SchemaSyncTest` aussi, et la migration `surface_m2` est appliquée par "
        "`doctrine:migrations:migrate`. Mathieu n'aura plus de ligne à enlever."
    )
    s.user(
        "turns out Doctrine compares every table in the database, the PostGIS ones included, unless schema_filter "
        "excludes them. commit, I'll rebase Mathieu's PR.",
        lessons=[
            "Doctrine compares every table in the database, the PostGIS ones included, unless schema_filter excludes "
            "them"
        ],
    )
    s.act(
        None,
        Bash(
            "git add config/packages/doctrine.yaml migrations/Version20271109081530.php src/Entity/Parcelle.php && "
            "git commit -m 'fix: keep PostGIS tables out of the Doctrine schema comparison'",
            git_commit(
                "fix/schema-filter",
                "e07b4d2",
                "fix: keep PostGIS tables out of the Doctrine schema comparison",
                3,
                8,
                0,
            ),
        ),
    )
    s.say("Commité (`e07b4d2`).")
    s.outcome("success", "schema_filter excludes spatial_ref_sys; schema:validate and SchemaSyncTest green")
    s.hit("postgis-schema-drift", fixed=True)
    return s


def explore_distances(child: Session) -> None:
    child.act(
        None,
        Grep(
            "ST_DWithin|ST_Distance|ST_Buffer|4326",
            [
                "src/Repository/ParcelleRepository.php:45:            SELECT p.idu, ST_Distance(p.geom, "
                "ST_SetSRID(ST_MakePoint(:lon, :lat), 4326)) AS distance",
                "src/Repository/ParcelleRepository.php:47:            WHERE ST_DWithin(p.geom, "
                "ST_SetSRID(ST_MakePoint(:lon, :lat), 4326), :rayon)",
                "src/Entity/Parcelle.php:34:        #[ORM\\Column(type: PostGISType::GEOMETRY, options: "
                "['geometry_type' => 'MULTIPOLYGON', 'srid' => 4326])]",
            ],
            path="src",
            mode="content",
        ),
    )
    child.say(
        "Distance handling in src/:\n- src/Repository/ParcelleRepository.php:47 `ST_DWithin(p.geom, point, :rayon)` "
        "on geometry SRID 4326: the radius is in degrees.\n- src/Repository/ParcelleRepository.php:45 "
        "`ST_Distance(p.geom, point)` on the same geometry: the distance returned is in degrees too.\n"
        "- src/Entity/Parcelle.php:34 maps geom as geometry(MULTIPOLYGON, 4326).\nNo other ST_ distance calls "
        "in src/ or migrations/."
    )


def k14() -> Session:
    s = new("k14-rayon-metres", "2027-11-24T08:30:44", "2.1.235", "fix/proximite-metres", "metre-radius-crane")
    s.user(
        "J'ai écrit un test NearbySearchTest::testRadiusIsInMeters, il est rouge. Corrige le code, pas le test.",
    )
    s.act(None, Read("tests/Repository/NearbySearchTest.php", NEARBY_TEST))
    s.act(
        None,
        Bash(
            "php bin/phpunit --filter testRadiusIsInMeters",
            phpunit_run(
                1,
                2,
                [
                    (
                        "App\\Tests\\Repository\\NearbySearchTest::testRadiusIsInMeters",
                        "Failed asserting that an array does not contain '693830000AD0045'.",
                        "tests/Repository/NearbySearchTest.php:17",
                    )
                ],
                docker=False,
                secs=0.88,
            ),
            code=1,
        ),
    )
    s.act(
        "Avant de toucher au code, je fais relever tous les calculs de distance :",
        Agent(
            "Find PostGIS distance calls",
            "In src/ and migrations/ of this Symfony project, find every PostGIS distance or radius computation "
            "(ST_DWithin, ST_Distance, ST_Buffer) and every place that fixes the SRID. Report file:line and the "
            "unit each one works in.",
            "Explore",
            explore_distances,
        ),
    )
    s.act(
        "`ST_DWithin` et `ST_Distance` travaillent sur `geometry` en 4326, donc en degrés : le rayon de 150 "
        "couvre tout (la parcelle AD0045, à 400 m, en fait partie), et les distances renvoyées sont des degrés. En passant les deux côtés en "
        "`geography`, PostGIS calcule en mètres sur le sphéroïde :",
        Edit(
            "src/Repository/ParcelleRepository.php",
            "            SELECT p.idu, ST_Distance(p.geom, ST_SetSRID(ST_MakePoint(:lon, :lat), 4326)) AS distance\n"
            "            FROM parcelle p\n"
            "            WHERE ST_DWithin(p.geom, ST_SetSRID(ST_MakePoint(:lon, :lat), 4326), :rayon)",
            "            SELECT p.idu, ST_Distance(p.geom::geography, ST_SetSRID(ST_MakePoint(:lon, :lat), "
            "4326)::geography) AS distance\n            FROM parcelle p\n"
            "            WHERE ST_DWithin(p.geom::geography, ST_SetSRID(ST_MakePoint(:lon, :lat), 4326)::geography, "
            ":rayon)",
        ),
    )
    s.act(
        None,
        Bash(
            "php bin/phpunit",
            phpunit_run(14, 25, docker=False, secs=1.71),
        ),
    )
    s.say(
        "Toute la suite est verte, y compris `testRadiusIsInMeters` et l'ancien "
        "`testFindNearbyReturnsOnlyCloseParcels` (3 parcelles à moins de 30 m de la place Guichard). Les "
        "distances renvoyées sont maintenant en mètres. Le cast en `geography` n'utilise plus l'index GiST sur "
        "`geom` ; un index sur l'expression serait à prévoir, dans une migration à part."
    )
    s.user(
        "Leçon : ST_DWithin sur une géométrie en 4326 compte en degrés, il faut caster en geography pour avoir "
        "des mètres. Merci, tu peux committer, l'index on le fera plus tard.",
        lessons=[
            "ST_DWithin sur une géométrie en 4326 compte en degrés, il faut caster en geography pour avoir des mètres"
        ],
    )
    s.act(
        None,
        Bash(
            "git add src/Repository/ParcelleRepository.php tests/Repository/NearbySearchTest.php && git commit -m "
            "'fix: nearby search radius in metres (geography)'",
            git_commit("fix/proximite-metres", "5f2a8e6", "fix: nearby search radius in metres (geography)", 2, 22, 2),
        ),
    )
    s.say("Commité (`5f2a8e6`).")
    s.outcome("success", "findNearby compares as geography, so the radius is in metres; all tests green")
    s.hit("dwithin-degrees", fixed=True)
    return s


def k15() -> Session:
    s = new("k15-phpstan-2", "2027-11-25T08:20:36", "2.1.235", "chore/phpstan-2", "phpstan-two-gull")
    s.user(
        "Je veux passer PHPStan en 2.x (la montée de version, c'est moi qui la demande), mais Composer refuse "
        "dans le conteneur :\n\n```\n$ docker compose exec php composer require --dev phpstan/phpstan-doctrine:^2.0\n"
        "Do not run Composer as root/super user! See https://getcomposer.org/root for details\n"
        "./composer.json has been updated\nRunning composer update phpstan/phpstan-doctrine\n"
        "Loading composer repositories with package information\nUpdating dependencies\n"
        "Your requirements could not be resolved to an installable set of packages.\n\n  Problem 1\n"
        "    - Root composer.json requires phpstan/phpstan-doctrine ^2.0 -> satisfiable by "
        "phpstan/phpstan-doctrine[2.0.0, 2.0.1].\n    - phpstan/phpstan-doctrine[2.0.0, 2.0.1] require "
        "phpstan/phpstan ^2.0 -> found phpstan/phpstan[2.0.0, ..., 2.0.3] but the package is fixed to 1.12.7 "
        "(lock file version) by a partial update and that version does not match. Make sure you list it as an "
        "argument for the update command.\n\nUse the option --with-all-dependencies (-W) to allow upgrades, "
        "downgrades and removals for packages currently locked to specific versions.\n"
        "Installation failed, reverting ./composer.json and ./composer.lock to their original state.\n```"
    )
    s.say(
        "`phpstan-doctrine` 2.x exige `phpstan/phpstan` 2.x, qui est verrouillé en 1.12.7 ; `phpstan-symfony` "
        "aussi devra suivre. Il faut les monter ensemble avec `-W`. Je le lance avec le Composer de Homebrew, "
        "ce qui évite aussi l'avertissement root du conteneur :"
    )
    s.act(
        None,
        Bash(
            "composer require --dev -W phpstan/phpstan:^2.0 phpstan/phpstan-doctrine:^2.0 phpstan/phpstan-symfony:^2.0",
            "./composer.json has been updated\nRunning composer update phpstan/phpstan phpstan/phpstan-doctrine "
            "phpstan/phpstan-symfony --with-all-dependencies\nLoading composer repositories with package "
            "information\nUpdating dependencies\nLock file operations: 0 installs, 3 updates, 0 removals\n"
            "  - Upgrading phpstan/phpstan (1.12.7 => 2.0.3)\n  - Upgrading phpstan/phpstan-doctrine (1.5.7 => "
            "2.0.1)\n  - Upgrading phpstan/phpstan-symfony (1.4.10 => 2.0.2)\nWriting lock file\n"
            "Generating optimized autoload files",
            secs=21,
        ),
    )
    s.act(
        None,
        Bash(
            "vendor/bin/phpstan analyse --no-progress",
            phpstan_errors(
                47,
                [
                    (
                        "src/Controller/ParcelleController.php",
                        26,
                        "Parameter #1 $idu of method App\\Repository\\ParcelleRepository::findOneByIdu() expects "
                        "string, string|null given.",
                        "argument.type",
                    )
                ],
            ),
            code=1,
        ),
    )
    s.act(
        None,
        Edit(
            "src/Controller/ParcelleController.php",
            "    #[Route('/{idu}', methods: ['GET'])]\n    public function show(string $idu): JsonResponse",
            "    #[Route('/{idu}', requirements: ['idu' => '\\d{5}[0-9A-Z]{3}\\d{4}'], methods: ['GET'])]\n"
            "    public function show(string $idu): JsonResponse",
        ),
    )
    s.act(None, Bash("vendor/bin/phpstan analyse --no-progress", phpstan_ok(47)))
    s.say("PHPStan 2.0.3 au niveau 8 : aucune erreur, baseline inchangée.")
    s.user("Nickel")
    s.not_person("Do not run Composer as root/super user! See https://getcomposer.org/root for details", "pasted_log")
    s.one_off(
        "composer require phpstan/phpstan-doctrine:^2.0 fails: phpstan/phpstan is fixed to 1.12.7 by a partial "
        "update; needs -W with phpstan and phpstan-symfony 2.x"
    )
    s.outcome("success", "PHPStan 2 with its Doctrine and Symfony extensions; level 8 clean")
    return s


def k16() -> Session:
    s = new("k16-import-dgfip", "2027-11-26T08:40:11", "2.1.236", "feat/import-dgfip", "etalab-import-scaup")
    s.user(
        "Ajoute une commande bin/console cadastre:import-dgfip qui importe le fichier JSON des parcelles d'Etalab "
        "(cadastre-69123-parcelles.json) pour une commune. Le fichier de test est dans tests/fixtures."
    )
    s.act(
        None,
        Bash(
            "jq '.features[0].properties' tests/fixtures/cadastre-69383-parcelles.json",
            '{\n  "id": "693830000AB0112",\n  "commune": "69383",\n  "prefixe": "000",\n  "section": "AB",\n'
            '  "numero": "112",\n  "contenance": 412,\n  "arpente": false,\n  "created": "2004-11-05",\n'
            '  "updated": "2025-03-12"\n}',
        ),
    )
    s.act(None, Write("src/Command/ImportDgfipCommand.php", IMPORT_COMMAND))
    s.act(
        None,
        Bash(
            "php bin/console cadastre:import-dgfip tests/fixtures/cadastre-69383-parcelles.json --env=test",
            "\n [OK] 1284 parcelles importées",
            secs=6,
        ),
    )
    s.say(
        "La commande importe les 1284 parcelles de la fixture, par lots de 500. Pour les très grosses communes "
        "(Lyon entier), voulez-vous que l'import passe par Symfony Messenger en asynchrone ?"
    )
    s.user(
        "for now keep the import synchronous, no Messenger, we'll see with the big communes.",
        non_rules=["for now keep the import synchronous, no Messenger"],
    )
    s.compact(
        "manual",
        "This session is being continued from a previous conversation. Summary:\n"
        "1. Claire asked for bin/console cadastre:import-dgfip importing an Etalab cadastre-<insee>-parcelles.json "
        "file for one commune.\n2. Written: src/Command/ImportDgfipCommand.php (persist Parcelle per feature, "
        "flush/clear every 500). It imports the 1284 parcels of tests/fixtures/cadastre-69383-parcelles.json.\n"
        "3. The import stays synchronous, no Messenger for now (Claire's answer).\n"
        "4. Conventions: tests with Homebrew PHP (php bin/phpunit); Always pass --no-interaction to bin/console "
        "commands.\nPending: a test for the command, commit.",
        98400,
        9100,
    )
    s.user("Peux-tu ajouter un test pour la commande avec la fixture ?")
    s.act(
        None,
        Write(
            "tests/Command/ImportDgfipCommandTest.php",
            "<?php\n\ndeclare(strict_types=1);\n\nnamespace App\\Tests\\Command;\n\n"
            "use Symfony\\Bundle\\FrameworkBundle\\Console\\Application;\nuse Symfony\\Bundle\\FrameworkBundle\\Test\\"
            "KernelTestCase;\nuse Symfony\\Component\\Console\\Tester\\CommandTester;\n\n"
            "final class ImportDgfipCommandTest extends KernelTestCase\n{\n"
            "    public function testImportsEveryParcelOfTheFile(): void\n    {\n"
            "        $tester = new CommandTester((new Application(self::bootKernel()))->find('cadastre:import-dgfip'));\n"
            "        $tester->execute(['file' => __DIR__.'/../fixtures/cadastre-69383-parcelles.json']);\n\n"
            "        $tester->assertCommandIsSuccessful();\n"
            "        self::assertStringContainsString('1284 parcelles importées', $tester->getDisplay());\n    }\n}\n",
        ),
    )
    s.act(None, Bash("php bin/phpunit", phpunit_run(15, 27, docker=False, secs=4.06)))
    s.act(
        None,
        Bash(
            "git add src/Command tests/Command && git commit -m 'feat: cadastre:import-dgfip command'",
            git_commit("feat/import-dgfip", "a81d7f3", "feat: cadastre:import-dgfip command", 2, 71, 0),
        ),
    )
    s.say("Test ajouté, suite verte (15 tests), commité (`a81d7f3`).")
    s.user("Parfait, merci")
    s.not_person("Always pass --no-interaction to bin/console commands.", "compaction_summary")
    s.outcome("success", "Etalab import command with a test; committed (manual /compact midway)")
    return s


def k17() -> Session:
    s = new("k17-fixtures-append", "2027-11-26T15:45:27", "2.1.236", "main", "append-flag-teal")
    s.user("C'est quoi déjà l'option pour que doctrine:fixtures:load ajoute les données au lieu de purger la base ?")
    s.say("`--append` : `php bin/console doctrine:fixtures:load --append` charge sans purger.")
    s.turn_done()
    s.user("Merci.")
    s.outcome("unknown", "a quick question answered; nothing else happened")
    return s


SESSIONS = [k01, k02, k03, k04, k05, k06, k07, k08, k09, k10, k11, k12, k13, k14, k15, k16, k17]
