CREATE TABLE "job_run" (
	"job" text NOT NULL,
	"due_at" timestamp (3) with time zone NOT NULL,
	"ran_by" text NOT NULL,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone,
	"result" jsonb,
	"error" text,
	CONSTRAINT "job_run_job_due_at_pk" PRIMARY KEY("job","due_at")
);
