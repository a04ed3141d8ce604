# ... nor `set`.
# env-host: HOSTILE_DB_PASSWORD=hostile-env-secret-db0002
# expect-stop: none
# expect-stdout-not-contains: HOSTILE_
set
