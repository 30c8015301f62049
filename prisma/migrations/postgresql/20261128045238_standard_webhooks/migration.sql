ALTER TABLE "users" ADD COLUMN     "webhook_secret_previous" TEXT,
ADD COLUMN     "webhook_secret_rotated_at" TIMESTAMP(3);


ALTER TABLE "webhook_deliveries" ADD COLUMN     "url_disabled" BOOLEAN NOT NULL DEFAULT false;


CREATE TABLE "disabled_webhook_urls" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "disabled_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "disabled_webhook_urls_pkey" PRIMARY KEY ("id")
);


CREATE UNIQUE INDEX "disabled_webhook_urls_user_id_url_key" ON "disabled_webhook_urls"("user_id", "url");


ALTER TABLE "disabled_webhook_urls" ADD CONSTRAINT "disabled_webhook_urls_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
