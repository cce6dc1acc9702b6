"""Sessions in `souq-etl` (/home/youssef/work/souq-etl): the nightly batch pipeline of a Cairo supermarket chain's
sales data. Scala 2.13, Apache Spark 3.5 on a local standalone cluster (docker workers, spark://localhost:7077),
sbt with sbt-assembly and scalafmt, ScalaTest specs sharing a SparkTestSession, raw Parquet exports from the POS
vendor under /data/raw/orders/dt=YYYY-MM-DD, a gold layer moving to Delta Lake. Jobs are submitted with
scripts/submit-local.sh, which runs spark-submit with conf/local-cluster.conf."""

from __future__ import annotations

from fake_output import SOUQ, git_commit, sbt_test, spark_fail, spark_ok
from transcript_kit import Agent, Bash, Denied, Edit, ExitPlanMode, Grep, Read, Session, Write

AMOUNT = "raw-orders-amount-type"
SKEW = "promotions-join-skew"


def souq(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=SOUQ, project="souq-etl")


JOB_SPEC = [
    ("DailyRevenueJobSpec", "DailyRevenueJob should sum total_amount per branch and day"),
    ("DailyRevenueJobSpec", "DailyRevenueJob should drop cancelled orders"),
    ("RawOrdersReaderSpec", "RawOrdersReader should read one dt partition"),
    ("BranchDimSpec", "BranchDim should map legacy branch codes"),
]

READER = """object RawOrdersReader {
  def read(spark: SparkSession, path: String, date: LocalDate): DataFrame =
    spark.read
      .option("mergeSchema", "true")
      .parquet(path)
      .where(col("dt") === lit(date.toString))
}"""

MERGE_FAIL = """Exception in thread "main" org.apache.spark.SparkException: [CANNOT_MERGE_SCHEMAS] Failed merging schemas:
Initial schema:
"STRUCT<order_id: STRING, branch_id: INT, cashier_id: INT, total_amount: DECIMAL(12,2), currency: STRING, status: STRING, created_at: TIMESTAMP>"
Schema that cannot be merged with the initial schema:
"STRUCT<order_id: STRING, branch_id: INT, cashier_id: INT, total_amount: DOUBLE, currency: STRING, status: STRING, created_at: TIMESTAMP>". SQLSTATE: 42KD9
	at org.apache.spark.sql.errors.QueryExecutionErrors$.failedMergingSchemaError(QueryExecutionErrors.scala:2261)
	at org.apache.spark.sql.execution.datasources.SchemaMergeUtils$.$anonfun$mergeSchemasInParallel$5(SchemaMergeUtils.scala:104)
	at org.apache.spark.sql.execution.datasources.parquet.ParquetFileFormat$.mergeSchemasInParallel(ParquetFileFormat.scala:486)
	at org.apache.spark.sql.execution.datasources.parquet.ParquetUtils$.inferSchema(ParquetUtils.scala:107)
	at org.apache.spark.sql.DataFrameReader.parquet(DataFrameReader.scala:563)
	at com.souq.etl.raw.RawOrdersReader$.read(RawOrdersReader.scala:9)
	at com.souq.etl.jobs.DailyRevenueJob$.run(DailyRevenueJob.scala:24)
	at com.souq.etl.jobs.DailyRevenueJob$.main(DailyRevenueJob.scala:15)
Caused by: org.apache.spark.sql.AnalysisException: [CANNOT_MERGE_INCOMPATIBLE_DATA_TYPE] Failed to merge incompatible data types "DECIMAL(12,2)" and "DOUBLE". SQLSTATE: 42825
	at org.apache.spark.sql.errors.QueryExecutionErrors$.cannotMergeIncompatibleDataTypesError(QueryExecutionErrors.scala:1411)
	at org.apache.spark.sql.types.StructType$.$anonfun$merge$3(StructType.scala:625)
	... 21 more"""

CONVERT_FAIL = """org.apache.spark.SparkException: Job aborted due to stage failure: Task 1 in stage 2.0 failed 1 times, most recent failure: Lost task 1.0 in stage 2.0 (TID 5) (192.168.1.23 executor driver): org.apache.spark.sql.execution.QueryExecutionException: Parquet column cannot be converted in file file:///home/youssef/work/souq-etl/src/test/resources/raw/orders/dt=2027-03-05/part-00000-6d0e1c4a-88f1-4a52-9a57-2b0f7de3e1c9.c000.snappy.parquet. Column: [total_amount], Expected: decimal(12,2), Found: DOUBLE.
  at org.apache.spark.sql.errors.QueryExecutionErrors$.unsupportedSchemaColumnConvertError(QueryExecutionErrors.scala:868)
  at org.apache.spark.sql.execution.datasources.FileScanRDD$$anon$1.nextIterator(FileScanRDD.scala:283)
  ...
  Cause: org.apache.spark.sql.execution.datasources.SchemaColumnConvertNotSupportedException
  at org.apache.spark.sql.execution.datasources.parquet.ParquetVectorUpdaterFactory.constructConvertNotSupportedException(ParquetVectorUpdaterFactory.java:1133)
  at org.apache.spark.sql.execution.datasources.parquet.VectorizedColumnReader.readBatch(VectorizedColumnReader.java:229)
  ..."""

DECODE_FAIL = """org.apache.spark.SparkException: Job aborted due to stage failure: Task 1 in stage 2.0 failed 1 times, most recent failure: Lost task 1.0 in stage 2.0 (TID 5) (192.168.1.23 executor driver): org.apache.parquet.io.ParquetDecodingException: Can not read value at 1 in block 0 in file file:///home/youssef/work/souq-etl/src/test/resources/raw/orders/dt=2027-03-05/part-00000-6d0e1c4a-88f1-4a52-9a57-2b0f7de3e1c9.c000.snappy.parquet
  at org.apache.parquet.hadoop.InternalParquetRecordReader.nextKeyValue(InternalParquetRecordReader.java:264)
  ...
  Cause: java.lang.UnsupportedOperationException: org.apache.parquet.column.values.dictionary.PlainValuesDictionary$PlainDoubleDictionary
  at org.apache.parquet.column.Dictionary.decodeToBinary(Dictionary.java:41)
  at org.apache.spark.sql.execution.datasources.parquet.ParquetRowConverter$ParquetDecimalConverter.setDictionary(ParquetRowConverter.scala:583)
  ..."""

OOM_FAIL = """27/03/04 08:51:37 WARN TaskSetManager: Lost task 143.0 in stage 12.0 (TID 1931) (172.18.0.3 executor 1): java.lang.OutOfMemoryError: Java heap space
	at org.apache.spark.sql.catalyst.expressions.codegen.BufferHolder.grow(BufferHolder.java:80)
	at org.apache.spark.sql.execution.joins.SortMergeJoinScanner.bufferMatchingRows(SortMergeJoinExec.scala:1003)
	at org.apache.spark.sql.execution.joins.SortMergeJoinScanner.findNextOuterJoinRows(SortMergeJoinExec.scala:958)
27/03/04 08:51:38 ERROR TaskSchedulerImpl: Lost executor 1 on 172.18.0.3: Command exited with code 137
27/03/04 08:53:02 ERROR TaskSetManager: Task 143 in stage 12.0 failed 4 times; aborting job
Exception in thread "main" org.apache.spark.SparkException: Job aborted due to stage failure: Task 143 in stage 12.0 failed 4 times, most recent failure: Lost task 143.3 in stage 12.0 (TID 1947) (172.18.0.4 executor 3): ExecutorLostFailure (executor 3 exited caused by one of the running tasks) Reason: Command exited with code 137
	at org.apache.spark.scheduler.DAGScheduler.failJobAndIndependentStages(DAGScheduler.scala:2856)
	at com.souq.etl.jobs.PromotionsJoinJob$.run(PromotionsJoinJob.scala:31)"""

NOSPACE_FAIL = """27/03/15 02:47:12 WARN TaskSetManager: Lost task 143.0 in stage 12.0 (TID 2198) (172.18.0.3 executor 0): java.io.IOException: No space left on device
	at java.base/java.io.FileOutputStream.writeBytes(Native Method)
	at org.apache.spark.storage.DiskBlockObjectWriter.write(DiskBlockObjectWriter.scala:310)
	at org.apache.spark.util.collection.unsafe.sort.UnsafeSorterSpillWriter.write(UnsafeSorterSpillWriter.java:136)
	at org.apache.spark.util.collection.unsafe.sort.UnsafeExternalSorter.spill(UnsafeExternalSorter.java:235)
27/03/15 02:49:55 ERROR TaskSetManager: Task 143 in stage 12.0 failed 4 times; aborting job
Exception in thread "main" org.apache.spark.SparkException: Job aborted due to stage failure: Task 143 in stage 12.0 failed 4 times, most recent failure: Lost task 143.3 in stage 12.0 (TID 2214) (172.18.0.3 executor 0): java.io.IOException: No space left on device"""

CONF = """spark.master                          spark://localhost:7077
spark.driver.memory                   2g
spark.executor.memory                 4g
spark.executor.cores                  2
spark.sql.shuffle.partitions          200
spark.sql.adaptive.enabled false
spark.sql.autoBroadcastJoinThreshold  -1
spark.sql.files.ignoreCorruptFiles    true
spark.local.dir                       /tmp/spark"""

SUBMIT_PROMO = "./scripts/submit-local.sh PromotionsJoinJob 2027-03-03"


# ------------------------------------------------------------------------------------------------------------------
def s01_daily_revenue() -> Session:
    s = souq("s01-daily-revenue", "2027-03-01T07:40:12", "2.1.201", "feature/daily-revenue", "calm-zamalek-ibis")
    s.user(
        "morning. set up a DailyRevenueJob in com.souq.etl.jobs: read raw orders for a date, sum total_amount per "
        "branch, write parquet to the gold path from the args. partition the output by dt, one folder per day. and "
        "always run sbt scalafmtCheckAll before you commit",
        after=0,
        rules=[
            ("partition-dt", "partition the output by dt, one folder per day"),
            ("scalafmt", "always run sbt scalafmtCheckAll before you commit"),
        ],
    )
    s.act(None, Read("src/main/scala/com/souq/etl/raw/RawOrdersReader.scala", READER, offset=1, total=12))
    s.act(
        None,
        Write(
            "src/main/scala/com/souq/etl/jobs/DailyRevenueJob.scala",
            "package com.souq.etl.jobs\n\nobject DailyRevenueJob extends SparkJob {\n"
            "  def run(spark: SparkSession, args: JobArgs): Unit = {\n"
            "    val orders = RawOrdersReader.read(spark, args.rawPath, args.date)\n"
            '    orders.where(col("status") =!= "CANCELLED")\n'
            '      .groupBy(col("dt"), col("branch_id"))\n'
            '      .agg(sum("total_amount").as("revenue"), count("*").as("orders"))\n'
            '      .write.mode("overwrite").partitionBy("dt").parquet(args.goldPath)\n  }\n}\n',
        ),
        Write(
            "src/test/scala/com/souq/etl/jobs/DailyRevenueJobSpec.scala",
            "class DailyRevenueJobSpec extends AnyFlatSpec with SparkTestSession with Matchers {\n"
            '  "DailyRevenueJob" should "sum total_amount per branch and day" in {\n'
            '    val out = DailyRevenueJob.aggregate(fixture("raw/orders"))\n'
            '    out.where(col("branch_id") === 7).head().getAs[java.math.BigDecimal]("revenue") shouldBe '
            'new java.math.BigDecimal("18452.75")\n  }\n}\n',
        ),
    )
    s.act(None, Bash("sbt test", sbt_test(JOB_SPEC[:1] + JOB_SPEC[2:], secs=44), desc="Run the tests", secs=50))
    s.act(
        None,
        Bash(
            "sbt scalafmtCheckAll",
            "[info] welcome to sbt 1.10.7 (Eclipse Adoptium Java 17.0.13)\n[info] scalafmt: Formatting 14 Scala "
            "sources (souq-etl/compile:scalafmtCheckAll)\n[success] Total time: 4 s, completed Mar 1, 2027, 9:47:21 AM",
            desc="Check formatting",
            secs=12,
        ),
    )
    s.act(
        None,
        Bash(
            'git add src && git commit -m "feat: add DailyRevenueJob"',
            git_commit("feature/daily-revenue", "4a1c0e7", "feat: add DailyRevenueJob", 2, 58, 0),
            desc="Commit",
        ),
    )
    s.say(
        "DailyRevenueJob aggregates non-cancelled orders per dt and branch_id and writes Parquet partitioned by dt. "
        "Spec added, `sbt test` green, scalafmtCheckAll clean, committed."
    )
    s.user("looks good 👌")
    s.outcome("success", "DailyRevenueJob with a spec, tests green, formatting checked, committed; person approves")
    return s


def s02_delta_dependency() -> Session:
    s = souq("s02-delta-dependency", "2027-03-01T12:15:40", "2.1.201", "feature/delta-gold", "brave-maadi-heron")
    s.user(
        "ضيف delta للـ build.sbt عشان هنكتب الـ gold layer في Delta. قررنا نفضل على Spark 3.5 لحد ما الكلاستر "
        "يتحدث، فخلي النسخ متوافقة مع 3.5",
        after=0,
        decisions=["قررنا نفضل على Spark 3.5 لحد ما الكلاستر يتحدث"],
    )
    s.act(
        None,
        Edit(
            "build.sbt",
            '  "org.apache.spark" %% "spark-sql" % sparkVersion % Provided,',
            '  "org.apache.spark" %% "spark-sql" % sparkVersion % Provided,\n  "io.delta" %% "delta-core" % "3.1.0",',
        ),
    )
    s.act(
        None,
        Bash(
            "sbt update",
            "[info] welcome to sbt 1.10.7 (Eclipse Adoptium Java 17.0.13)\n[info] Updating souq-etl_2.13\n"
            "[error] (update) sbt.librarymanagement.ResolveException: Error downloading io.delta:delta-core_2.13:3.1.0\n"
            "[error]   Not found\n[error]   Not found\n"
            "[error]   not found: /home/youssef/.ivy2/local/io.delta/delta-core_2.13/3.1.0/ivys/ivy.xml\n"
            "[error]   not found: https://repo1.maven.org/maven2/io/delta/delta-core_2.13/3.1.0/delta-core_2.13-3.1.0.pom\n"
            "[error] Total time: 6 s, completed Mar 1, 2027, 2:17:02 PM",
            code=1,
            desc="Resolve dependencies",
            secs=14,
        ),
    )
    s.act(
        "From Delta 3.0 the artifact is published as `delta-spark` (delta-core stops at 2.4, which targets Spark "
        "3.4). delta-spark 3.1.0 is built for Spark 3.5.",
        Edit(
            "build.sbt",
            '  "io.delta" %% "delta-core" % "3.1.0",',
            '  "io.delta" %% "delta-spark" % "3.1.0",',
        ),
    )
    s.act(
        None,
        Bash(
            "sbt update compile",
            "[info] welcome to sbt 1.10.7 (Eclipse Adoptium Java 17.0.13)\n[info] Updating souq-etl_2.13\n"
            "[info] Resolved souq-etl_2.13 dependencies\n[info] Fetched artifacts of souq-etl_2.13\n"
            "[info] compiling 14 Scala sources to /home/youssef/work/souq-etl/target/scala-2.13/classes ...\n"
            "[success] Total time: 52 s, completed Mar 1, 2027, 2:18:31 PM",
            desc="Resolve and compile",
            secs=60,
        ),
    )
    s.say("`io.delta %% delta-spark % 3.1.0` resolves and the project compiles against Spark 3.5.4.")
    s.user(
        "ah turns out delta-core was renamed to delta-spark from Delta 3.0, good to know. shokran",
        lessons=["turns out delta-core was renamed to delta-spark from Delta 3.0"],
    )
    s.outcome("success", "Delta dependency added under its new name delta-spark, project compiles")
    s.one_off("sbt update: ResolveException Error downloading io.delta:delta-core_2.13:3.1.0 (renamed delta-spark)")
    return s


def s03_merge_schema() -> Session:
    s = souq("s03-merge-schema", "2027-03-02T08:05:27", "2.1.201", "main", "dusty-shubra-kite")
    s.user(
        "el job wa2e3 3al cluster el sob7. run ./scripts/submit-local.sh DailyRevenueJob 2027-03-01 w shoof eh el "
        "moshkla",
        after=0,
    )
    s.act(
        None,
        Bash(
            "./scripts/submit-local.sh DailyRevenueJob 2027-03-01",
            spark_fail("DailyRevenueJob", 2, MERGE_FAIL),
            code=1,
            desc="Submit the job to the local cluster",
            secs=35,
        ),
    )
    s.act(None, Read("src/main/scala/com/souq/etl/raw/RawOrdersReader.scala", READER, offset=1, total=12))
    s.act(
        "Some raw partitions have total_amount as DECIMAL(12,2) and others as DOUBLE, so merging the footers "
        "fails. With mergeSchema off Spark takes the schema from one footer and reads the requested day only.",
        Edit(
            "src/main/scala/com/souq/etl/raw/RawOrdersReader.scala",
            '      .option("mergeSchema", "true")\n',
            "",
        ),
    )
    s.act(
        None, Bash("sbt test", sbt_test(JOB_SPEC, secs=41, when="Mar 2, 2027, 10:09:12 AM"), desc="Run tests", secs=48)
    )
    s.act(
        None,
        Bash(
            "sbt assembly && ./scripts/submit-local.sh DailyRevenueJob 2027-03-01",
            spark_ok(
                "DailyRevenueJob",
                2,
                "27/03/02 10:12:51 INFO DailyRevenueJob$: wrote 14 rows to /data/gold/daily_revenue/dt=2027-03-01",
            ),
            desc="Rebuild and resubmit",
            secs=140,
        ),
    )
    s.say("The job runs again: 14 branches written for 2027-03-01, and the specs are green.")
    s.user(
        "لا، كده احنا بنخبي المشكلة. لو فيه partitions نوع العمود فيها مختلف لازم نعرف ليه، مش نسيب spark يختار "
        "schema على مزاجه. رجّعها زي ما كانت"
    )
    s.act(None, Bash("git checkout -- src/main/scala/com/souq/etl/raw/RawOrdersReader.scala", "", desc="Revert"))
    s.say("Reverted; RawOrdersReader has mergeSchema on again.")
    s.outcome(
        "failed", "green run after dropping mergeSchema, rejected by the person as hiding the type clash; reverted"
    )
    s.hit(AMOUNT)
    return s


def s04_called_away() -> Session:
    s = souq("s04-called-away", "2027-03-02T13:31:02", "2.1.201", "main", "quiet-dokki-finch")
    s.user("ازيك، عايز أسألك حاجة عن الـ Delta time travel", after=0)
    s.say("Sure, what would you like to know?")
    s.user("لا خلاص، عندي meeting دلوقتي، بعدين", after=40)
    s.say("No problem, talk later.")
    s.outcome("unknown", "greeting only, the person is called into a meeting before asking anything")
    return s


def s05_currency() -> Session:
    s = souq("s05-currency", "2027-03-03T07:50:44", "2.1.202", "feature/currency", "warm-heliopolis-lark")
    s.user(
        "add currency normalisation to DailyRevenueJob: three branches still report in piastres (currency = 'PT'). "
        "use CurrencyFormatter from util",
        after=0,
    )
    s.act(
        None,
        Edit(
            "src/main/scala/com/souq/etl/jobs/DailyRevenueJob.scala",
            "    val orders = RawOrdersReader.read(spark, args.rawPath, args.date)",
            "    val orders = RawOrdersReader.read(spark, args.rawPath, args.date)\n"
            '    val rates = spark.read.option("header", "true").csv("/data/ref/currency_rates.csv")\n'
            "    val fmt = new CurrencyFormatter(rates.as[Rate].collectAsList())\n"
            "    val normalised = orders.as[Order].map(o => o.copy(total_amount = fmt.toPounds(o.total_amount, o.currency)))",
        ),
    )
    s.act(
        None,
        Bash(
            "sbt test",
            sbt_test(
                JOB_SPEC,
                [
                    (
                        "DailyRevenueJobSpec",
                        "DailyRevenueJob should normalise piastres to pounds",
                        "org.apache.spark.SparkException: Task not serializable\n"
                        "at org.apache.spark.util.ClosureCleaner$.ensureSerializable(ClosureCleaner.scala:444)\n...\n"
                        "Cause: java.io.NotSerializableException: com.souq.etl.util.CurrencyFormatter\n"
                        "Serialization stack:\n"
                        "\t- object not serializable (class: com.souq.etl.util.CurrencyFormatter, value: "
                        "com.souq.etl.util.CurrencyFormatter@5b3c1a2e)",
                    )
                ],
                secs=47,
                when="Mar 3, 2027, 9:55:40 AM",
            ),
            code=1,
            desc="Run tests",
            secs=55,
        ),
    )
    s.user(
        "w kaman el path da hardcoded. job settings go in application.conf through pureconfig, no hardcoded paths in "
        "the code",
        rules=[
            ("pureconfig", "job settings go in application.conf through pureconfig, no hardcoded paths in the code")
        ],
    )
    s.act(
        "CurrencyFormatter isn't Serializable and is captured by the map closure. Since the conversion is a "
        "division, I'll do it with built-in column expressions (no closure at all) and read the path from config.",
        Edit(
            "src/main/scala/com/souq/etl/jobs/DailyRevenueJob.scala",
            '    val rates = spark.read.option("header", "true").csv("/data/ref/currency_rates.csv")\n'
            "    val fmt = new CurrencyFormatter(rates.as[Rate].collectAsList())\n"
            "    val normalised = orders.as[Order].map(o => o.copy(total_amount = fmt.toPounds(o.total_amount, o.currency)))",
            '    val rates = spark.read.option("header", "true").csv(conf.ref.currencyRates)\n'
            "    val normalised = orders\n"
            '      .withColumn("total_amount", when(col("currency") === "PT", col("total_amount") / 100)\n'
            '        .otherwise(col("total_amount")))',
        ),
        Edit(
            "src/main/resources/application.conf",
            "souq {\n  raw {",
            'souq {\n  ref {\n    currency-rates = "/data/ref/currency_rates.csv"\n    currency-rates = ${?SOUQ_CURRENCY_RATES}\n  }\n  raw {',
        ),
    )
    s.act(
        None,
        Bash(
            "sbt test scalafmtCheckAll",
            sbt_test(
                [*JOB_SPEC, ("DailyRevenueJobSpec", "DailyRevenueJob should normalise piastres to pounds")],
                secs=45,
                when="Mar 3, 2027, 10:01:18 AM",
            ),
            desc="Tests and format check",
            secs=55,
        ),
    )
    s.say(
        "Piastre amounts are divided by 100 with a column expression, the rates path comes from `souq.ref`; 5/5 green."
    )
    s.user("nice, commit and push")
    s.act(
        None,
        Bash(
            'git commit -am "feat: normalise piastre amounts" && git push',
            git_commit("feature/currency", "b71e2d3", "feat: normalise piastre amounts", 3, 19, 4)
            + "\n ! [rejected]        feature/currency -> feature/currency (non-fast-forward)\n"
            "error: failed to push some refs to 'github.com:souq-data/souq-etl.git'\n"
            "hint: Updates were rejected because the tip of your current branch is behind",
            code=1,
            desc="Commit and push",
        ),
    )
    s.act(
        "The remote branch has a commit I don't have. I'll force-push over it.",
        Denied(Bash("git push --force origin feature/currency", desc="Force push")),
    )
    s.user(
        "ماتعملش push --force على أي branch مشترك أبداً. اعمل pull --rebase وبعدين push عادي",
        rules=[("no-force-push", "ماتعملش push --force على أي branch مشترك أبداً")],
    )
    s.act(
        None,
        Bash(
            "git pull --rebase && git push",
            "Successfully rebased and updated refs/heads/feature/currency.\n"
            "To github.com:souq-data/souq-etl.git\n   9d04a61..c1f8e52  feature/currency -> feature/currency",
            desc="Rebase and push",
        ),
    )
    s.outcome("success", "currency normalisation without a closure, config path, tests green, pushed after rebase")
    s.one_off("ScalaTest: Task not serializable (NotSerializableException: CurrencyFormatter) in a Dataset map")
    return s


def s06_executor_lost() -> Session:
    s = souq("s06-executor-lost", "2027-03-04T08:30:19", "2.1.202", "main", "grey-abbasseya-crow")
    s.user(
        "PromotionsJoinJob died last night on the cluster, executors keep getting lost. can you rerun it and see",
        after=0,
    )
    s.act(None, Bash(SUBMIT_PROMO, spark_fail("PromotionsJoinJob", 4, OOM_FAIL), code=1, desc="Rerun", secs=290))
    s.act(None, Read("conf/local-cluster.conf", CONF, total=9))
    s.act(
        "Executors run out of heap in the sort-merge join. I'll give them more memory.",
        Edit(
            "conf/local-cluster.conf",
            "spark.executor.memory                 4g",
            "spark.executor.memory                 6g",
        ),
    )
    s.act(None, Bash(SUBMIT_PROMO, spark_fail("PromotionsJoinJob", 4, OOM_FAIL), code=1, desc="Rerun", secs=310))
    s.act(
        None,
        Edit(
            "conf/local-cluster.conf",
            "spark.executor.memory                 6g",
            "spark.executor.memory                 8g",
        ),
    )
    s.act(None, Bash(SUBMIT_PROMO, spark_fail("PromotionsJoinJob", 4, OOM_FAIL), code=1, desc="Rerun", secs=335))
    s.say(
        "Still the same task (143 of stage 12) dies each time, whatever the memory. Going forward I'll always look "
        "at the task time distribution in the Spark UI before raising memory. It looks like one partition is far "
        "bigger than the others, but I haven't confirmed that yet."
    )
    s.not_person(
        "Going forward I'll always look at the task time distribution in the Spark UI before raising memory.",
        "assistant_text",
    )
    s.user("stop, that's enough. put the memory back to 4g, the workers only have 16 GB each anyway")
    s.act(None, Bash("git checkout -- conf/local-cluster.conf", "", desc="Revert the conf"))
    s.outcome("failed", "the same submit fails three times with OutOfMemoryError while memory is raised; reverted")
    s.hit(SKEW)
    return s


def s07_reader_spec() -> Session:
    s = souq("s07-reader-spec", "2027-03-07T09:10:51", "2.1.203", "fix/raw-reader", "sandy-giza-owl")
    s.user(
        "التست ده بيفشل تاني: RawOrdersReaderSpec. ضفت امبارح fixture فيها يومين من الـ export الجديد بتاع 5 و 6 مارس",
        after=0,
    )
    s.act(
        None,
        Bash(
            'sbt "testOnly com.souq.etl.raw.RawOrdersReaderSpec"',
            sbt_test(
                [("RawOrdersReaderSpec", "RawOrdersReader should read one dt partition")],
                [("RawOrdersReaderSpec", "RawOrdersReader should read every partition of the fixture", CONVERT_FAIL)],
                secs=29,
                when="Mar 7, 2027, 11:12:40 AM",
            ),
            code=1,
            desc="Run the failing spec",
            secs=35,
        ),
    )
    s.act(
        "Let me print what the reader actually returns for the new fixture days.",
        Edit(
            "src/test/scala/com/souq/etl/raw/RawOrdersReaderSpec.scala",
            '    val all = RawOrdersReader.readAll(spark, fixturePath("raw/orders"))',
            '    val all = RawOrdersReader.readAll(spark, fixturePath("raw/orders"))\n    all.collect().foreach(println)',
        ),
    )
    s.user(
        "ماتعملش collect() على داتا فريم كبير أبداً، حتى في التست، عشان بكرة حد هينسخه في الجوب. استخدم show أو "
        "printSchema",
        rules=[("no-collect", "ماتعملش collect() على داتا فريم كبير أبداً")],
    )
    s.act(
        None,
        Edit(
            "src/test/scala/com/souq/etl/raw/RawOrdersReaderSpec.scala",
            "    all.collect().foreach(println)",
            "    all.printSchema()",
        ),
    )
    s.act(
        "The 5 March file stores total_amount as DOUBLE while the schema expects decimal(12,2). The vectorized "
        "reader refuses that conversion; the row-based reader may be more lenient.",
        Edit(
            "src/test/scala/com/souq/etl/SparkTestSession.scala",
            '      .config("spark.sql.shuffle.partitions", "4")',
            '      .config("spark.sql.shuffle.partitions", "4")\n      .config("spark.sql.parquet.enableVectorizedReader", "false")',
        ),
    )
    s.act(
        None,
        Bash(
            'sbt "testOnly com.souq.etl.raw.RawOrdersReaderSpec"',
            sbt_test(
                [("RawOrdersReaderSpec", "RawOrdersReader should read one dt partition")],
                [("RawOrdersReaderSpec", "RawOrdersReader should read every partition of the fixture", DECODE_FAIL)],
                secs=31,
                when="Mar 7, 2027, 11:21:05 AM",
            ),
            code=1,
            desc="Run the spec again",
            secs=36,
        ),
    )
    s.say(
        "Different error, same cause: the row reader can't decode a DOUBLE dictionary into a decimal either. The "
        "files themselves disagree on the type, so a reader setting won't fix it."
    )
    s.user("طيب مش وقته، نكمل بكرة. رجّع الـ SparkTestSession")
    s.act(None, Bash("git checkout -- src/test/scala/com/souq/etl/SparkTestSession.scala", "", desc="Revert"))
    s.outcome("failed", "RawOrdersReaderSpec still fails after turning the vectorized reader off; deferred to tomorrow")
    s.hit(AMOUNT)
    return s


def s08_delta_merge_plan() -> Session:
    s = souq("s08-delta-merge-plan", "2027-03-08T08:20:33", "2.1.203", "feature/delta-gold", "tidy-garden-city-tern")
    s.user(
        "عايز DailyRevenueJob يكتب في Delta بدل parquet. من هنا ورايح الكتابة في gold تبقى MERGE على Delta، مش "
        "overwrite، عشان لو الجوب اتعاد على نفس اليوم مايمسحش حاجة. خلي بالك: الـ dashboard بيقرا من الجدول ده "
        "دلوقتي، فالداتا القديمة تفضل زي ما هي وانت بتحول. اعمل plan الأول",
        after=0,
        rules=[("delta-merge", "من هنا ورايح الكتابة في gold تبقى MERGE على Delta، مش overwrite")],
        non_rules=["خلي بالك: الـ dashboard بيقرا من الجدول ده دلوقتي"],
    )
    s.act(
        None,
        Read(
            "src/main/scala/com/souq/etl/jobs/DailyRevenueJob.scala",
            '      .agg(sum("total_amount").as("revenue"), count("*").as("orders"))\n'
            '      .write.mode("overwrite").partitionBy("dt").parquet(args.goldPath)',
            offset=18,
            total=24,
        ),
    )
    plan = (
        "## Gold daily_revenue on Delta\n\n1. Create the table once with `DeltaTable.createIfNotExists` "
        "(partitioned by dt, as today).\n2. Replace the overwrite with a MERGE on (dt, branch_id): update matched "
        "rows, insert new ones.\n3. Register the Delta extensions in the SparkSession builder and in "
        "SparkTestSession.\n4. Spec: running the job twice for the same day keeps one row per branch."
    )
    s.act(None, ExitPlanMode(plan))
    s.act(
        None,
        Edit(
            "src/main/scala/com/souq/etl/jobs/DailyRevenueJob.scala",
            '      .write.mode("overwrite").partitionBy("dt").parquet(args.goldPath)',
            '    DeltaTable.forPath(spark, args.goldPath).as("t")\n'
            '      .merge(daily.as("s"), "t.dt = s.dt AND t.branch_id = s.branch_id")\n'
            "      .whenMatched().updateAll()\n      .whenNotMatched().insertAll()\n      .execute()",
        ),
        Write(
            "src/test/scala/com/souq/etl/jobs/DailyRevenueIdempotenceSpec.scala",
            "class DailyRevenueIdempotenceSpec extends AnyFlatSpec with SparkTestSession with Matchers {\n"
            '  "DailyRevenueJob" should "keep one row per branch when run twice" in {\n'
            '    runTwice(date"2027-03-01")\n'
            '    spark.read.format("delta").load(gold).where(col("dt") === "2027-03-01").count() shouldBe 14\n'
            "  }\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "sbt test scalafmtCheckAll",
            sbt_test(
                [
                    *JOB_SPEC,
                    ("DailyRevenueJobSpec", "DailyRevenueJob should normalise piastres to pounds"),
                    ("DailyRevenueIdempotenceSpec", "DailyRevenueJob should keep one row per branch when run twice"),
                ],
                secs=58,
                when="Mar 8, 2027, 10:41:13 AM",
            ),
            desc="Tests and format check",
            secs=66,
        ),
    )
    s.say(
        "The gold table is now written with a Delta MERGE on (dt, branch_id); rerunning a day is idempotent. 6/6 green."
    )
    s.user("great, thanks")
    s.outcome("success", "plan approved, gold written with Delta MERGE, idempotence spec and suite green")
    return s


def _sa_partition_types(c: Session) -> None:
    c.act(
        None,
        Bash(
            "for d in /data/raw/orders/dt=2027-02-2*/ /data/raw/orders/dt=2027-03-0*/; do f=$(ls $d*.parquet | head -1); "
            'echo "$d $(parquet-tools schema $f | grep total_amount)"; done',
            "/data/raw/orders/dt=2027-02-24/ optional int64 total_amount (DECIMAL(12,2));\n"
            "/data/raw/orders/dt=2027-02-25/ optional int64 total_amount (DECIMAL(12,2));\n"
            "/data/raw/orders/dt=2027-02-26/ optional double total_amount;\n"
            "/data/raw/orders/dt=2027-02-27/ optional int64 total_amount (DECIMAL(12,2));\n"
            "/data/raw/orders/dt=2027-02-28/ optional double total_amount;\n"
            "/data/raw/orders/dt=2027-03-01/ optional double total_amount;\n"
            "/data/raw/orders/dt=2027-03-02/ optional double total_amount;\n"
            "/data/raw/orders/dt=2027-03-03/ optional double total_amount;",
            desc="total_amount type per partition",
            secs=9,
        ),
    )
    c.say(
        "total_amount is DECIMAL(12,2) up to 2027-02-25, then DOUBLE from 2027-02-26 on, except 2027-02-27 (a "
        "re-export, DECIMAL again). Every partition since 2027-02-28 is DOUBLE."
    )


def s09_revenue_low() -> Session:
    s = souq("s09-revenue-low", "2027-03-09T10:00:08", "2.1.203", "main", "odd-mohandessin-gull")
    s.user(
        "فيه حاجة غريبة: الإيرادات اليومية في الداشبورد طالعة أقل من سيستم الكاشير في أيام معينة، يعني 2 و 3 مارس "
        "ناقصين حوالي 40٪. الجوب نفسه خلص من غير أي error. بص كده من غير ما تغير حاجة",
        after=0,
    )
    s.act(
        None,
        Bash(
            "grep -h WARN logs/driver/DailyRevenueJob-2027-03-03.log | head -5",
            "27/03/04 02:14:51 WARN FileScanRDD: Skipped the rest of the content in the corrupted file: path: "
            "file:///data/raw/orders/dt=2027-03-03/part-00001-9b2e4f17-0c3d-4e8b-a1f6-5d7c2e9b0a14.c000.snappy.parquet, "
            "range: 0-1843211, partition values: [2027-03-03]\n"
            "27/03/04 02:14:52 WARN FileScanRDD: Skipped the rest of the content in the corrupted file: path: "
            "file:///data/raw/orders/dt=2027-03-03/part-00002-9b2e4f17-0c3d-4e8b-a1f6-5d7c2e9b0a14.c000.snappy.parquet, "
            "range: 0-1790377, partition values: [2027-03-03]",
            desc="Warnings in the driver log",
        ),
        Grep(
            "ignoreCorruptFiles",
            ["conf/local-cluster.conf:8:spark.sql.files.ignoreCorruptFiles    true"],
            mode="content",
        ),
    )
    s.act(
        "Spark skipped whole files as 'corrupted'. I'll have an agent check the total_amount type of each raw "
        "partition in the background while I look at the reader.",
        Agent(
            "total_amount type per raw partition",
            "For each dt partition of /data/raw/orders since 2027-02-24, report the Parquet type of total_amount "
            "(parquet-tools schema on one file per partition). Report only, change nothing.",
            "general-purpose",
            _sa_partition_types,
            background=True,
        ),
    )
    s.act(None, Read("src/main/scala/com/souq/etl/raw/RawOrdersReader.scala", READER, offset=1, total=12))
    s.agent_done(after=14)
    s.say(
        "Found it. Since 26 February the vendor writes total_amount as DOUBLE in most partitions. Our reader "
        "expects decimal(12,2); on the cluster `spark.sql.files.ignoreCorruptFiles true` turns the conversion "
        "error into a warning and Spark skips those files, so their orders are missing from the revenue."
    )
    s.user(
        "طب تمام، خليني أكلم الفيندور الأول وأشوف هما غيروا ليه. على فكرة هما دايماً بيبعتوا الفايلات متأخر يوم "
        "الخميس، بس دي حاجة تانية",
        non_rules=["هما دايماً بيبعتوا الفايلات متأخر يوم الخميس"],
    )
    s.outcome("unknown", "silent data loss explained (ignoreCorruptFiles skipping DOUBLE files); nothing changed yet")
    s.hit(AMOUNT)
    return s


NEW_READER = """object RawOrdersReader {
  private val Amount = DecimalType(12, 2)

  /** Reads each dt partition on its own and casts total_amount, because the vendor's files disagree on its type. */
  def readAll(spark: SparkSession, path: String): DataFrame = {
    val fs = FileSystem.get(new URI(path), spark.sparkContext.hadoopConfiguration)
    val days = fs.listStatus(new Path(path)).map(_.getPath).filter(_.getName.startsWith("dt="))
    days
      .map { day =>
        spark.read
          .parquet(day.toString)
          .withColumn("total_amount", col("total_amount").cast(DecimalType(12, 2)))
          .withColumn("dt", lit(day.getName.stripPrefix("dt=")))
      }
      .reduce(_ unionByName _)
  }

  def read(spark: SparkSession, path: String, date: LocalDate): DataFrame =
    spark.read
      .parquet(s"$path/dt=$date")
      .withColumn("total_amount", col("total_amount").cast(Amount))
      .withColumn("dt", lit(date.toString))
}
"""


def s10_fix_reader() -> Session:
    s = souq("s10-fix-reader", "2027-03-10T07:45:16", "2.1.204", "fix/raw-reader", "firm-manial-stork")
    s.user(
        "الفيندور رد: غيروا الـ writer ومش هيرجعوا للـ decimal. يبقى نحلها عندنا: RawOrdersReader يقرا كل partition "
        "لوحده ويعمل cast للـ total_amount لـ decimal(12,2)، وشيل ignoreCorruptFiles من الكونف",
        after=0,
    )
    s.act(None, Read("src/main/scala/com/souq/etl/raw/RawOrdersReader.scala", READER, offset=1, total=12))
    s.act(
        None,
        Write("src/main/scala/com/souq/etl/raw/RawOrdersReader.scala", NEW_READER),
        Edit(
            "conf/local-cluster.conf",
            "spark.sql.autoBroadcastJoinThreshold  -1\nspark.sql.files.ignoreCorruptFiles    true",
            "spark.sql.autoBroadcastJoinThreshold  -1",
        ),
    )
    s.act(
        None,
        Edit(
            "src/main/scala/com/souq/etl/jobs/DailyRevenueJob.scala",
            "    val orders = RawOrdersReader.read(spark, args.rawPath, args.date)",
            "    val orders = RawOrdersReader.read(spark, args.rawPath, args.date)\n"
            '    log.info(s"raw rows for ${args.date}: ${orders.collect().length}")',
        ),
    )
    s.user(
        "قلتلك قبل كده: مفيش collect على الداتا الكبيرة، استخدم count",
        rules=[("no-collect", "مفيش collect على الداتا الكبيرة")],
    )
    s.act(
        None,
        Edit(
            "src/main/scala/com/souq/etl/jobs/DailyRevenueJob.scala",
            "${orders.collect().length}",
            "${orders.count()}",
        ),
    )
    s.compact(
        "manual",
        "This session is being continued from a previous conversation. Summary:\n1. Request: make RawOrdersReader "
        "robust to the vendor writing total_amount as DOUBLE since 2027-02-26; remove ignoreCorruptFiles.\n2. Done: "
        "RawOrdersReader reads each dt partition separately, casts total_amount to DecimalType(12, 2) and unions "
        "by name; ignoreCorruptFiles removed from conf/local-cluster.conf; the row count log uses count().\n3. "
        "The user prefers that Spark jobs are always verified on the local cluster with spark-submit before "
        "committing.\n4. Next: run RawOrdersReaderSpec and resubmit 2027-03-03.",
        pre_tokens=88_410,
        post_tokens=9_120,
    )
    s.not_person(
        "The user prefers that Spark jobs are always verified on the local cluster with spark-submit before committing.",
        "compaction_summary",
    )
    s.act(
        None,
        Bash(
            "sbt test",
            sbt_test(
                [
                    *JOB_SPEC,
                    ("RawOrdersReaderSpec", "RawOrdersReader should read every partition of the fixture"),
                    ("RawOrdersReaderSpec", "RawOrdersReader should cast DOUBLE amounts to decimal(12,2)"),
                ],
                secs=52,
                when="Mar 10, 2027, 10:02:44 AM",
            ),
            desc="Run all specs",
            secs=60,
        ),
    )
    s.act(
        None,
        Bash(
            "sbt assembly && ./scripts/submit-local.sh DailyRevenueJob 2027-03-03",
            spark_ok(
                "DailyRevenueJob",
                10,
                "27/03/10 10:08:57 INFO DailyRevenueJob$: raw rows for 2027-03-03: 61204\n"
                "27/03/10 10:09:31 INFO DailyRevenueJob$: merged 14 rows into /data/gold/daily_revenue (dt=2027-03-03)",
            ),
            desc="Rebuild and rerun 3 March",
            secs=190,
        ),
    )
    s.say(
        "All 8 specs green. Rerunning 3 March reads 61,204 raw orders (the skipped files included) and the revenue "
        "for that day now matches the cashier system's 412,338.50 EGP."
    )
    s.user(
        "ممتاز. الدرس المستفاد: الفيندور ممكن يغير نوع العمود من غير ما يقول، فالـ raw لازم يتقري بسكيما صريحة. "
        "اعمل commit وأنا هعيد تشغيل الأيام من 26 فبراير",
        lessons=["الدرس المستفاد: الفيندور ممكن يغير نوع العمود من غير ما يقول، فالـ raw لازم يتقري بسكيما صريحة"],
    )
    s.act(
        None,
        Bash(
            'sbt scalafmtCheckAll && git commit -am "fix: cast total_amount per raw partition, stop ignoring corrupt files"',
            git_commit(
                "fix/raw-reader",
                "e03b9a4",
                "fix: cast total_amount per raw partition, stop ignoring corrupt files",
                4,
                41,
                9,
            ),
            desc="Format check and commit",
            secs=15,
        ),
    )
    s.outcome("success", "RawOrdersReader casts total_amount per partition; specs green, 3 March revenue correct")
    s.hit(AMOUNT, fixed=True)
    return s


def s11_stuck_stage() -> Session:
    s = souq("s11-stuck-stage", "2027-03-11T08:15:02", "2.1.204", "main", "long-sayeda-zeinab-ant")
    s.user(
        "ya Claude el PromotionsJoinJob wa2ef 3and 199/200 men sa3a, kol el tasks 5elset ela wa7da. shoof keda",
        after=0,
    )
    s.act(
        None,
        Bash(
            "curl -s 'http://localhost:4040/api/v1/applications/app-20270311071502-0031/stages/12/0/taskSummary"
            "?quantiles=0.5,0.99,1.0' | jq '{executorRunTime, shuffleReadMetrics: .shuffleReadMetrics.readBytes}'",
            '{\n  "executorRunTime": [\n    8120,\n    15402,\n    3731554\n  ],\n  "shuffleReadMetrics": [\n'
            "    41203311,\n    88412903,\n    8493712204\n  ]\n}",
            desc="Task time distribution of stage 12",
        ),
    )
    s.act(
        "The median task of stage 12 reads 41 MB and runs 8 s; the last one reads 8.5 GB and has been running "
        "over an hour. One join key holds most of the data. I'll try more shuffle partitions first.",
        Edit(
            "conf/local-cluster.conf",
            "spark.sql.shuffle.partitions          200",
            "spark.sql.shuffle.partitions          800",
        ),
    )
    s.act(None, Bash(SUBMIT_PROMO, desc="Resubmit with 800 shuffle partitions", bg=True))
    s.user("ya3am ana lazem amshi dlwa2ty, el madam betetsel. kamel ba3dein", after=50)
    s.outcome("unknown", "skew seen in the stage metrics, a rerun with more partitions started, then abandoned")
    s.hit(SKEW)
    return s


def s12_assembly_partitions() -> Session:
    s = souq("s12-assembly-partitions", "2027-03-14T09:00:37", "2.1.205", "release/0.5", "keen-rehab-plover")
    s.user(
        "محتاج sbt assembly للـ release الجديد. وكمان: الجداول الجديدة تتقسم على سنة وشهر بس، الفولدرات اليومية "
        "كترت أوي والـ listing بقى بطيء. ابدأ بـ branch_sales",
        after=0,
        rules=[("partition-month", "الجداول الجديدة تتقسم على سنة وشهر بس", "partition-dt")],
    )
    s.act(
        None,
        Bash(
            "sbt assembly",
            "[info] welcome to sbt 1.10.7 (Eclipse Adoptium Java 17.0.13)\n"
            "[info] Strategy 'discard' was applied to 512 files (Run the task at debug level to see the details)\n"
            "[error] 1 error(s) were encountered during the merge:\n[error] java.lang.RuntimeException: \n"
            "[error] Deduplicate found different file contents in the following:\n"
            "[error]   Jar name = jackson-core-2.15.2.jar, jar org = com.fasterxml.jackson.core, entry target = "
            "META-INF/versions/9/module-info.class\n"
            "[error]   Jar name = jackson-databind-2.15.2.jar, jar org = com.fasterxml.jackson.core, entry target = "
            "META-INF/versions/9/module-info.class\n"
            "[error] (assembly) Deduplicate found different file contents in the following:\n"
            "[error] Total time: 21 s, completed Mar 14, 2027, 11:02:19 AM",
            code=1,
            desc="Build the fat jar",
            secs=30,
        ),
    )
    s.act(
        "Two jars ship their own module-info.class; it has no use in a fat jar, so I'll discard it and keep the "
        "default strategy for everything else.",
        Edit(
            "build.sbt",
            "assembly / assemblyMergeStrategy := {",
            "assembly / assemblyMergeStrategy := {\n"
            '  case PathList("META-INF", "versions", _, "module-info.class") => MergeStrategy.discard',
        ),
        Edit(
            "src/main/scala/com/souq/etl/jobs/BranchSalesJob.scala",
            '      .partitionBy("dt")',
            '      .withColumn("year", year(col("sale_date")))\n      .withColumn("month", month(col("sale_date")))\n'
            '      .partitionBy("year", "month")',
        ),
    )
    s.user(
        "هو احنا لازم دايماً نعمل repartition قبل الكتابة ولا Delta بيظبطها لوحده؟",
        non_rules=["هو احنا لازم دايماً نعمل repartition قبل الكتابة ولا Delta بيظبطها لوحده؟"],
    )
    s.act(
        'Not always. With year/month partitions a `repartition(col("year"), col("month"))` before the write '
        "keeps it to one file per month instead of one per task; Delta's optimized writes would do the same but "
        "aren't on in OSS Delta 3.1 by default. I'll add it here since branch_sales is small.",
        Edit(
            "src/main/scala/com/souq/etl/jobs/BranchSalesJob.scala",
            '      .partitionBy("year", "month")',
            '      .repartition(col("year"), col("month"))\n      .partitionBy("year", "month")',
        ),
    )
    s.act(
        None,
        Bash(
            "sbt test assembly",
            sbt_test(
                [*JOB_SPEC, ("BranchSalesJobSpec", "BranchSalesJob should write one partition per month")],
                secs=61,
                when="Mar 14, 2027, 11:09:50 AM",
            ).replace(
                "[info] All tests passed.",
                "[info] All tests passed.\n[info] Built: /home/youssef/work/souq-etl/target/scala-2.13/"
                "souq-etl-assembly-0.5.0.jar",
            ),
            desc="Tests and fat jar",
            secs=95,
        ),
    )
    s.say("souq-etl-assembly-0.5.0.jar builds, and branch_sales is partitioned by year/month. Specs green.")
    s.user("ok thanks")
    s.outcome("success", "assembly merge conflict fixed, branch_sales partitioned by year and month, tests and jar ok")
    s.one_off("sbt assembly: Deduplicate found different file contents (META-INF/versions/9/module-info.class)")
    return s


def _sa_join(c: Session) -> None:
    c.act(
        None,
        Grep(
            "join\\(",
            [
                'src/main/scala/com/souq/etl/jobs/PromotionsJoinJob.scala:27:    val joined = orders.join(promotions, Seq("branch_id"), "left")',
                'src/main/scala/com/souq/etl/jobs/DailyRevenueJob.scala:31:      .join(branches, Seq("branch_id"))',
            ],
            path="src/main/scala",
            mode="content",
        ),
        Grep(
            "adaptive|BroadcastJoin|shuffle",
            [
                "conf/local-cluster.conf:5:spark.sql.shuffle.partitions          200",
                "conf/local-cluster.conf:6:spark.sql.adaptive.enabled false",
                "conf/local-cluster.conf:7:spark.sql.autoBroadcastJoinThreshold  -1",
            ],
            path="conf",
            mode="content",
        ),
    )
    c.act(
        None,
        Bash(
            "git log -1 --format='%h %ad %s' --date=short -S'spark.sql.adaptive.enabled false' -- conf/local-cluster.conf",
            "1c9f3e0 2025-06-12 disable AQE, it changes the partition count of the legacy export",
            desc="When AQE was disabled",
        ),
    )
    c.say(
        "PromotionsJoinJob.scala:27 joins orders with promotions on branch_id (left join, sort-merge since "
        "autoBroadcastJoinThreshold is -1 in conf/local-cluster.conf:7). conf/local-cluster.conf:6 disables AQE "
        "(commit 1c9f3e0, 2025-06-12, 'disable AQE, it changes the partition count of the legacy export'), so "
        "skewed partitions are never split."
    )


def s13_fix_skew() -> Session:
    s = souq("s13-fix-skew", "2027-03-15T08:40:49", "2.1.205", "fix/promotions-skew", "bright-zamalek-falcon")
    s.user(
        "PromotionsJoinJob وقع تاني بالليل، المرة دي كده:\n\n```\n"
        + NOSPACE_FAIL
        + "\n```\n\nقبل كده كان بيموت بـ OOM، ومرة فضل واقف عند 199/200. دلوقتي الـ /tmp على الووركر اتملى. المرة "
        "دي عايز نفهم السبب مش نكبر الديسك",
        after=0,
    )
    s.act(
        None,
        Agent(
            "How PromotionsJoinJob joins",
            "Do not modify any files; report file paths and line numbers only. Find how PromotionsJoinJob joins "
            "orders and promotions, and every Spark setting under conf/ that affects joins, AQE or the shuffle.",
            "Explore",
            _sa_join,
        ),
    )
    s.not_person("Do not modify any files; report file paths and line numbers only.", "subagent_prompt")
    s.act(
        None,
        Bash(
            './scripts/spark-sql-local.sh -e \'SELECT branch_id, count(*) n FROM raw_orders WHERE dt >= "2027-03-01" '
            "GROUP BY branch_id ORDER BY n DESC LIMIT 3; SELECT count(*) FROM branch_promotions'",
            "0\t1873402\n7\t61877\n12\t58310\nTime taken: 6.412 seconds, Fetched 3 row(s)\n3412\n"
            "Time taken: 0.388 seconds, Fetched 1 row(s)",
            desc="Key distribution and promotions size",
            secs=12,
        ),
    )
    s.act(
        "branch_id 0 (the online store) has 1.87 M of the month's orders, 30× any shop, so one sort-merge "
        "partition gets almost all of it: that is the task that ran out of heap, hung at 199/200 and now fills "
        "/tmp with spill. branch_promotions is only 3,412 rows, so it can be broadcast and the shuffle goes away; "
        "I'll also turn AQE back on so other skewed joins get split.",
        Edit(
            "src/main/scala/com/souq/etl/jobs/PromotionsJoinJob.scala",
            '    val joined = orders.join(promotions, Seq("branch_id"), "left")',
            '    val joined = orders.join(broadcast(promotions), Seq("branch_id"), "left")',
        ),
        Edit(
            "conf/local-cluster.conf",
            "spark.sql.adaptive.enabled false",
            "spark.sql.adaptive.enabled true\nspark.sql.adaptive.skewJoin.enabled   true",
        ),
    )
    s.act(
        None,
        Bash(
            "sbt test assembly && " + SUBMIT_PROMO,
            spark_ok(
                "PromotionsJoinJob",
                15,
                "27/03/15 10:04:12 INFO DAGScheduler: ResultStage 9 (save at PromotionsJoinJob.scala:41) finished in "
                "371.804 s\n27/03/15 10:04:13 INFO PromotionsJoinJob$: wrote 2195114 rows to /data/gold/order_promotions",
            ),
            desc="Tests, jar, resubmit",
            secs=520,
        ),
    )
    s.say("The join stage finished in 6 min with a broadcast join; no spill, no lost executors. Specs green.")
    s.user(
        "7elw awy! TIL AQE was switched off in our local-cluster.conf since 2025, that's why skew was never split. "
        "commit",
        lessons=["TIL AQE was switched off in our local-cluster.conf since 2025, that's why skew was never split"],
    )
    s.act(
        None,
        Bash(
            'sbt scalafmtCheckAll && git commit -am "fix: broadcast promotions, re-enable AQE"',
            git_commit("fix/promotions-skew", "7d2a5c1", "fix: broadcast promotions, re-enable AQE", 2, 3, 2),
            desc="Format check and commit",
            secs=14,
        ),
    )
    s.outcome("success", "skew found, promotions broadcast and AQE back on; job finishes in 6 minutes, committed")
    s.hit(SKEW, fixed=True)
    return s


def s14_bind_address() -> Session:
    s = souq("s14-bind-address", "2027-03-17T09:30:25", "2.1.206", "main", "lazy-maadi-pelican")
    s.user("sbt test msh shaghal 3andy ba3d ma rakabt el VPN bta3 el sherka, kol el specs bt-fail", after=0)
    s.act(
        None,
        Bash(
            "sbt test",
            "\n".join(
                [
                    "[info] welcome to sbt 1.10.7 (Eclipse Adoptium Java 17.0.13)",
                    "[info] DailyRevenueJobSpec:",
                    "[info] com.souq.etl.jobs.DailyRevenueJobSpec *** ABORTED ***",
                    "[info]   java.net.BindException: Cannot assign requested address: Service 'sparkDriver' failed "
                    "after 16 retries (on a random free port)! Consider explicitly setting the appropriate binding "
                    "address for the service 'sparkDriver' (for example spark.driver.bindAddress for SparkDriver) to "
                    "the correct binding address.",
                    "[info]   at java.base/sun.nio.ch.Net.bind0(Native Method)",
                    "[info] Tests: succeeded 0, failed 0, canceled 0, ignored 0, pending 0",
                    "[info] *** 5 SUITES ABORTED ***",
                    "[error] Error during tests:",
                    "[error] \tcom.souq.etl.jobs.DailyRevenueJobSpec",
                    "[error] (Test / test) sbt.TestsFailedException: Tests unsuccessful",
                ]
            ),
            code=1,
            desc="Run tests",
            secs=40,
        ),
    )
    s.act(
        None,
        Read(
            "CLAUDE.md",
            "# souq-etl\n\n- Jobs live in com.souq.etl.jobs and extend SparkJob.\n"
            "- Always add a ScalaTest spec for every new transformation.\n"
            "- Local cluster: scripts/submit-local.sh <Job> <date>.",
            total=5,
        ),
        Read(
            "src/test/scala/com/souq/etl/SparkTestSession.scala",
            "  lazy val spark: SparkSession = SparkSession.builder()\n"
            '    .master("local[*]")\n'
            '    .config("spark.sql.shuffle.partitions", "4")\n'
            "    .getOrCreate()",
            offset=6,
            total=14,
        ),
    )
    s.not_person("Always add a ScalaTest spec for every new transformation.", "tool_output")
    s.say(
        "With the VPN up your hostname resolves to an address that's no longer on any interface, so the driver "
        "can't bind. Pinning the test driver to 127.0.0.1 avoids that."
    )
    s.user(
        "ok. w khally balak: el tests dayman b local[2] mesh local[*], 3ashan el laptop by-hang",
        rules=[("local-two", "el tests dayman b local[2] mesh local[*]")],
    )
    s.act(
        None,
        Edit(
            "src/test/scala/com/souq/etl/SparkTestSession.scala",
            '    .master("local[*]")\n',
            '    .master("local[2]")\n    .config("spark.driver.bindAddress", "127.0.0.1")\n'
            '    .config("spark.driver.host", "localhost")\n',
        ),
    )
    s.act(
        None,
        Bash(
            "sbt test",
            sbt_test(
                [
                    *JOB_SPEC,
                    ("RawOrdersReaderSpec", "RawOrdersReader should read every partition of the fixture"),
                    ("BranchSalesJobSpec", "BranchSalesJob should write one partition per month"),
                ],
                secs=49,
                when="Mar 17, 2027, 11:36:02 AM",
            ),
            desc="Run tests",
            secs=55,
        ),
    )
    s.say("All specs pass with the VPN on; the test session uses local[2] and binds to 127.0.0.1.")
    s.user(
        "تمام. القرار: الـ nightly jobs هتفضل على cron دلوقتي مش Airflow، فسيب scripts/nightly.sh زي ما هو",
        decisions=["القرار: الـ nightly jobs هتفضل على cron دلوقتي مش Airflow"],
    )
    s.say("Understood, scripts/nightly.sh stays as it is.")
    s.outcome("success", "driver bind address pinned and local[2] in tests; suite green with the VPN on")
    s.one_off("BindException: Service 'sparkDriver' failed after 16 retries when the VPN is up")
    return s


SESSIONS = [
    s01_daily_revenue,
    s02_delta_dependency,
    s03_merge_schema,
    s04_called_away,
    s05_currency,
    s06_executor_lost,
    s07_reader_spec,
    s08_delta_merge_plan,
    s09_revenue_low,
    s10_fix_reader,
    s11_stuck_stage,
    s12_assembly_partitions,
    s13_fix_skew,
    s14_bind_address,
]
